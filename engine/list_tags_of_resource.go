package engine

import (
	"context"
	"slices"

	"github.com/dynoscope/dynoscope/model"
)

// ListTagsOfResource returns a table's tags, sorted by key. A table has at
// most 50, so they always fit one page and NextToken is never set.
func (e *Engine) ListTagsOfResource(ctx context.Context, in *model.ListTagsOfResourceInput) (*model.ListTagsOfResourceOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	if err := checkResourceArn(&c, in.ResourceArn); err != nil {
		return nil, err
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	arn := *in.ResourceArn
	name, merr := e.tableOfArn(arn)
	if merr != nil {
		return nil, merr
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	t := e.tables[name]
	if t == nil {
		return nil, model.NewError(model.ErrResourceNotFound, msgTagArnNotFound, arn)
	}
	return &model.ListTagsOfResourceOutput{Tags: slices.Clone(t.meta.Tags)}, nil
}
