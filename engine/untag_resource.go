package engine

import (
	"context"
	"slices"

	"github.com/dynoscope/dynoscope/model"
)

// UntagResource removes tags from a table by key; a key the table does not
// have is no error.
func (e *Engine) UntagResource(ctx context.Context, in *model.UntagResourceInput) (*model.UntagResourceOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	if err := checkResourceArn(&c, in.ResourceArn); err != nil {
		return nil, err
	}
	if in.TagKeys == nil {
		c.add(nil, "tagKeys", "Member must not be null")
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	name, merr := e.tableOfArn(*in.ResourceArn)
	if merr != nil {
		return nil, merr
	}
	if len(in.TagKeys) == 0 {
		return nil, model.Validation(msgNoTagKeys)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	t := e.tables[name]
	if t == nil {
		// dynalite recorded the short text here, unlike TagResource's.
		return nil, model.ResourceNotFound()
	}
	tags := slices.DeleteFunc(slices.Clone(t.meta.Tags), func(tag model.Tag) bool { return slices.Contains(in.TagKeys, tag.Key) })
	if len(tags) == len(t.meta.Tags) {
		return &model.UntagResourceOutput{}, nil
	}
	m := cloneMeta(&t.meta)
	m.Tags = tags
	if _, err := e.replaceTable(t, m); err != nil {
		return nil, asError(err)
	}
	return &model.UntagResourceOutput{}, nil
}
