package engine

import (
	"context"
	"sort"

	"github.com/dynoscope/dynoscope/model"
)

// ListTables lists table names in ascending order, Limit (1-100, default
// 100) at a time, starting after ExclusiveStartTableName.
func (e *Engine) ListTables(ctx context.Context, in *model.ListTablesInput) (*model.ListTablesOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	limit := 100
	if in.Limit != nil {
		limit = int(*in.Limit)
		if limit < 1 {
			c.add(limit, "limit", "Member must have value greater than or equal to 1")
		}
		if limit > 100 {
			c.add(limit, "limit", "Member must have value less than or equal to 100")
		}
	}
	if in.ExclusiveStartTableName != "" {
		c.name(in.ExclusiveStartTableName, "exclusiveStartTableName", false)
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	e.mu.RLock()
	names := make([]string, 0, len(e.tables))
	for n := range e.tables {
		names = append(names, n)
	}
	e.mu.RUnlock()
	sort.Strings(names)
	start := sort.SearchStrings(names, in.ExclusiveStartTableName)
	if start < len(names) && names[start] == in.ExclusiveStartTableName {
		start++
	}
	out := &model.ListTablesOutput{TableNames: []string{}}
	end := start + limit
	if end > len(names) {
		end = len(names)
	}
	out.TableNames = append(out.TableNames, names[start:end]...)
	if end < len(names) {
		out.LastEvaluatedTableName = names[end-1]
	}
	return out, nil
}
