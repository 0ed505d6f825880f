package engine

import (
	"context"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

// DescribeBackup describes a backup: its details, its source table as it
// was and the source's indexes, stream and TTL.
func (e *Engine) DescribeBackup(ctx context.Context, in *model.DescribeBackupInput) (*model.DescribeBackupOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	checkBackupArn(&c, in.BackupArn)
	if err := c.err(); err != nil {
		return nil, err
	}
	var b *backupMeta
	err := e.db.View(func(tx *buntdb.Tx) error {
		var err error
		b, err = e.readBackup(tx, in.BackupArn)
		return err
	})
	if err != nil {
		return nil, asError(err)
	}
	if b == nil {
		return nil, backupNotFound(in.BackupArn)
	}
	return &model.DescribeBackupOutput{BackupDescription: b.description(model.BackupStatusAvailable)}, nil
}
