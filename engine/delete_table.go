package engine

import (
	"context"
	"strings"

	"github.com/dynoscope/dynoscope/engine/history"
	"github.com/dynoscope/dynoscope/model"
)

// DeleteTable deletes a table with its items, index entries, TTL queue and
// stream records. It answers DELETING; the table disappears after
// Options.TableDeleteDelay (at once by default).
func (e *Engine) DeleteTable(ctx context.Context, in *model.DeleteTableInput) (*model.DeleteTableOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	if err := validateControlTableName(in.TableName, in.EmptyTableName()); err != nil {
		return nil, err
	}
	e.mu.Lock()
	t := e.tables[in.TableName]
	if t == nil {
		e.mu.Unlock()
		return nil, model.TableNotFound(in.TableName)
	}
	switch t.meta.Desc.TableStatus {
	case model.StatusCreating:
		e.mu.Unlock()
		return nil, model.NewError(model.ErrResourceInUse, "Attempt to change a resource which is still in use: Table is being created: %s", t.name)
	case model.StatusUpdating:
		e.mu.Unlock()
		return nil, model.NewError(model.ErrResourceInUse, "Attempt to change a resource which is still in use: Table is being updated: %s", t.name)
	case model.StatusDeleting:
		out := &model.DeleteTableOutput{TableDescription: deletedDescription(t.describe())}
		e.mu.Unlock()
		return out, nil
	}
	if t.meta.Desc.DeletionProtectionEnabled {
		e.mu.Unlock()
		return nil, model.Validation("Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.")
	}
	if t.meta.PITR != nil {
		// DynamoDB keeps a SYSTEM backup of a table deleted with PITR on,
		// for 35 days.
		expiry := epoch(e.now().Add(systemBackupRetention))
		if _, err := e.takeBackup(t, t.name+"$DeletedTableBackup", model.BackupTypeSystem, &expiry); err != nil {
			e.mu.Unlock()
			return nil, asError(err)
		}
	}
	m := t.meta
	m.Desc.TableStatus = model.StatusDeleting
	nt, err := e.replaceTable(t, &m)
	if err != nil {
		e.mu.Unlock()
		return nil, asError(err)
	}
	out := &model.DeleteTableOutput{TableDescription: deletedDescription(nt.describe())}
	e.mu.Unlock()
	if e.opts.TableDeleteDelay <= 0 {
		e.finishDelete(in.TableName)
	} else {
		e.afterDelay(e.opts.TableDeleteDelay, func() { e.finishDelete(in.TableName) })
	}
	return out, nil
}

// finishDelete removes every key of a DELETING table.
func (e *Engine) finishDelete(name string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	t := e.tables[name]
	if t == nil || t.meta.Desc.TableStatus != model.StatusDeleting {
		return
	}
	e.dropTableLocked(name)
}

// dropTableLocked removes a table with every key it has (items, index
// entries, TTL queue, stream records, description) in one transaction. The
// caller holds e.mu for writing.
func (e *Engine) dropTableLocked(name string) error {
	prefixes := []string{prefixData + name + "/", prefixIndex + name + "/", prefixTTL + name + "/", prefixStream + name + "/", prefixBackfill + name + "/", history.TablePrefix(name)}
	err := e.update(func(tx *wtx) error {
		for _, p := range prefixes {
			var keys []string
			tx.AscendGreaterOrEqual("", p, func(k, _ string) bool {
				if !strings.HasPrefix(k, p) {
					return false
				}
				keys = append(keys, k)
				return true
			})
			for _, k := range keys {
				if _, err := tx.Delete(k); err != nil {
					return err
				}
			}
		}
		_, err := tx.Delete(prefixTable + name)
		return err
	})
	if err != nil {
		return err
	}
	delete(e.tables, name)
	e.meter.Remove(name)
	return nil
}

// deletedDescription keeps what DeleteTable's TableDescription carries: the
// API Reference's example gives TableName, TableStatus, ProvisionedThroughput
// (with NumberOfDecreasesToday), TableSizeBytes and ItemCount, and no
// indexes (dynalite checked the absence of GlobalSecondaryIndexes against
// DynamoDB); the table's identity (TableArn, TableId) and billing mode are
// kept with them (docs/FIDELITY.md).
func deletedDescription(d *model.TableDescription) *model.TableDescription {
	return &model.TableDescription{
		TableName:             d.TableName,
		TableStatus:           d.TableStatus,
		TableArn:              d.TableArn,
		TableId:               d.TableId,
		ProvisionedThroughput: d.ProvisionedThroughput,
		BillingModeSummary:    d.BillingModeSummary,
		TableSizeBytes:        d.TableSizeBytes,
		ItemCount:             d.ItemCount,
	}
}
