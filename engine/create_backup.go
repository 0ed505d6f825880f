package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

// CreateBackup takes an on-demand backup of a table: a consistent snapshot
// of its items and description (indexes included), kept in the workspace
// until DeleteBackup, whether or not the table is deleted. It answers
// CREATING; the backup is AVAILABLE from the next request on.
func (e *Engine) CreateBackup(ctx context.Context, in *model.CreateBackupInput) (*model.CreateBackupOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	name, merr := e.tableNameOrArn(&c, in.TableName, "tableName")
	c.name(in.BackupName, "backupName", true)
	if err := c.err(); err != nil {
		return nil, err
	}
	if merr != nil {
		return nil, merr
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	t := e.tables[name]
	if t == nil {
		return nil, tableNotFound(name)
	}
	if t.meta.Desc.TableStatus != model.StatusActive {
		return nil, model.NewError(model.ErrTableInUse, "Table is being %s: %s", tableActivity(t.meta.Desc.TableStatus), name)
	}
	b, err := e.takeBackup(t, in.BackupName, model.BackupTypeUser, nil)
	if err != nil {
		return nil, asError(err)
	}
	return &model.CreateBackupOutput{BackupDetails: b.details(model.BackupStatusCreating)}, nil
}

// tableActivity words a table status for TableInUseException.
func tableActivity(status string) string {
	switch status {
	case model.StatusCreating:
		return "created"
	case model.StatusDeleting:
		return "deleted"
	}
	return "updated"
}
