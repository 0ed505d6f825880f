package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

// DescribeContinuousBackups tells a table's continuous backups and
// point-in-time recovery: when PITR is on, its recovery period and the
// restorable window (EarliestRestorableDateTime: when PITR was turned on or
// the start of the period, whichever is later; LatestRestorableDateTime:
// the engine's now, as the history is exact; see docs/FIDELITY.md).
func (e *Engine) DescribeContinuousBackups(ctx context.Context, in *model.DescribeContinuousBackupsInput) (*model.DescribeContinuousBackupsOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	name, merr := e.tableNameOrArn(&c, in.TableName, "tableName")
	if err := c.err(); err != nil {
		return nil, err
	}
	if merr != nil {
		return nil, merr
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	t := e.tables[name]
	if t == nil || t.meta.Desc.TableStatus == model.StatusCreating {
		return nil, tableNotFound(name)
	}
	return &model.DescribeContinuousBackupsOutput{ContinuousBackupsDescription: e.continuousBackups(t)}, nil
}
