package engine

import (
	"context"
	"strings"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

// RestoreTableFromBackup creates a new table from a backup: its items and
// the source's key schema, billing, throughput and indexes, with the
// request's overrides (BillingModeOverride, ProvisionedThroughputOverride,
// OnDemandThroughputOverride, and GlobalSecondaryIndexOverride and
// LocalSecondaryIndexOverride choosing the indexes to keep; an empty list
// keeps none). SSESpecificationOverride is accepted and has no effect: a
// workspace is not encrypted (docs/FIDELITY.md). The table answers CREATING
// with RestoreSummary.RestoreInProgress, and is ACTIVE once the restore,
// all or nothing, is done.
func (e *Engine) RestoreTableFromBackup(ctx context.Context, in *model.RestoreTableFromBackupInput) (*model.RestoreTableFromBackupOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	c.name(in.TargetTableName, "targetTableName", true)
	checkBackupArn(&c, in.BackupArn)
	c.enum(in.BillingModeOverride, "billingModeOverride", model.BillingProvisioned, model.BillingPayPerRequest)
	if err := c.err(); err != nil {
		return nil, err
	}
	var b *backupMeta
	var items []storedItem
	err := e.db.View(func(tx *buntdb.Tx) error {
		var err error
		if b, err = e.readBackup(tx, in.BackupArn); err != nil || b == nil {
			return err
		}
		prefix := backupDataPrefix(backupIDOf(b.Arn))
		items = make([]storedItem, 0, b.ItemCount)
		return tx.AscendGreaterOrEqual("", prefix, func(k, v string) bool {
			if !strings.HasPrefix(k, prefix) {
				return false
			}
			items = append(items, storedItem{k[len(prefix):], v})
			return true
		})
	})
	if err != nil {
		return nil, asError(err)
	}
	if b == nil {
		return nil, backupNotFound(in.BackupArn)
	}
	ov := restoreOverrides{billing: in.BillingModeOverride, gsis: in.GlobalSecondaryIndexOverride, lsis: in.LocalSecondaryIndexOverride,
		pt: in.ProvisionedThroughputOverride, odt: in.OnDemandThroughputOverride}
	create := restoreInput(in.TargetTableName, &b.Source.Desc, ov)
	summary := model.RestoreSummary{SourceBackupArn: b.Arn, SourceTableArn: b.Source.Desc.TableArn, RestoreDateTime: epoch(e.now())}
	d, err := e.restore(ctx, create, summary, items)
	if err != nil {
		return nil, err
	}
	return &model.RestoreTableFromBackupOutput{TableDescription: d}, nil
}
