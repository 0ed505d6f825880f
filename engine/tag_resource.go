package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

// TagResource adds tags to a table, named by its ARN; a key the table
// already has gets the new value. The checks run in DynamoDB's order: the
// ARN is given, the parameter constraints, the ARN names a table, at least
// one tag, the tagging restrictions, the table exists, then the 50-tag
// limit on the table's resulting tags.
func (e *Engine) TagResource(ctx context.Context, in *model.TagResourceInput) (*model.TagResourceOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	if err := checkResourceArn(&c, in.ResourceArn); err != nil {
		return nil, err
	}
	if in.Tags == nil {
		c.add(nil, "tags", "Member must not be null")
	}
	checkTagConstraints(&c, in.Tags, "tags")
	if err := c.err(); err != nil {
		return nil, err
	}
	arn := *in.ResourceArn
	name, merr := e.tableOfArn(arn)
	if merr != nil {
		return nil, merr
	}
	if len(in.Tags) == 0 {
		return nil, model.Validation(msgNoTags)
	}
	if err := checkTagContents(in.Tags); err != nil {
		return nil, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	t := e.tables[name]
	if t == nil {
		return nil, model.NewError(model.ErrResourceNotFound, msgTagArnNotFound, arn)
	}
	tags := mergeTags(t.meta.Tags, in.Tags)
	if err := checkTagCount(tags); err != nil {
		return nil, err
	}
	m := cloneMeta(&t.meta)
	m.Tags = tags
	if _, err := e.replaceTable(t, m); err != nil {
		return nil, asError(err)
	}
	return &model.TagResourceOutput{}, nil
}
