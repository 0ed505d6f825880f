package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

// DescribeTable returns a table's description with live item counts and sizes.
func (e *Engine) DescribeTable(ctx context.Context, in *model.DescribeTableInput) (*model.DescribeTableOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	if err := validateControlTableName(in.TableName, in.EmptyTableName()); err != nil {
		return nil, err
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	t := e.tables[in.TableName]
	if t == nil {
		return nil, model.TableNotFound(in.TableName)
	}
	return &model.DescribeTableOutput{Table: t.describe()}, nil
}
