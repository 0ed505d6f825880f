package engine

import (
	"context"
	"strings"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

// DeleteBackup deletes a backup and its items, in one transaction, and
// answers its description with the status DELETED.
func (e *Engine) DeleteBackup(ctx context.Context, in *model.DeleteBackupInput) (*model.DeleteBackupOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	checkBackupArn(&c, in.BackupArn)
	if err := c.err(); err != nil {
		return nil, err
	}
	var b *backupMeta
	err := e.update(func(tx *wtx) error {
		var err error
		if b, err = e.readBackup(tx.Tx, in.BackupArn); err != nil || b == nil {
			return err
		}
		return dropBackup(tx, backupIDOf(b.Arn))
	})
	if err != nil {
		return nil, asError(err)
	}
	if b == nil {
		return nil, backupNotFound(in.BackupArn)
	}
	return &model.DeleteBackupOutput{BackupDescription: b.description(model.BackupStatusDeleted)}, nil
}

// dropBackup deletes a backup's description and items in tx.
func dropBackup(tx *wtx, id string) error {
	prefix := backupDataPrefix(id)
	var keys []string
	tx.AscendGreaterOrEqual("", prefix, func(k, _ string) bool {
		if !strings.HasPrefix(k, prefix) {
			return false
		}
		keys = append(keys, k)
		return true
	})
	keys = append(keys, prefixBackup+id)
	for _, k := range keys {
		if _, err := tx.Delete(k); err != nil && err != buntdb.ErrNotFound {
			return err
		}
	}
	return nil
}
