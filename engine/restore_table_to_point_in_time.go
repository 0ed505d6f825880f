package engine

import (
	"context"
	"math"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// RestoreTableToPointInTime creates a new table holding exactly the items
// the source table (SourceTableName or SourceTableArn) held at
// RestoreDateTime, or at LatestRestorableDateTime with
// UseLatestRestorableTime, rebuilt from its PITR history; overrides as
// RestoreTableFromBackup's. The source is never changed.
func (e *Engine) RestoreTableToPointInTime(ctx context.Context, in *model.RestoreTableToPointInTimeInput) (*model.RestoreTableToPointInTimeOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	c.name(in.TargetTableName, "targetTableName", true)
	if in.SourceTableName != "" {
		c.name(in.SourceTableName, "sourceTableName", false)
	}
	c.enum(in.BillingModeOverride, "billingModeOverride", model.BillingProvisioned, model.BillingPayPerRequest)
	if err := c.err(); err != nil {
		return nil, err
	}
	source := in.SourceTableName
	switch {
	case in.SourceTableName != "" && in.SourceTableArn != "":
		return nil, model.Validation("Only one of SourceTableArn or SourceTableName can be specified")
	case in.SourceTableArn != "":
		name, merr := e.tableOfArn(in.SourceTableArn)
		if merr != nil {
			return nil, merr
		}
		source = name
	case source == "":
		return nil, model.Validation("Either SourceTableArn or SourceTableName must be specified")
	}
	latest := in.UseLatestRestorableTime != nil && *in.UseLatestRestorableTime
	if latest && in.RestoreDateTime != nil {
		return nil, model.Validation("Only one of RestoreDateTime or UseLatestRestorableTime can be specified")
	}
	if !latest && in.RestoreDateTime == nil {
		return nil, model.Validation("Either RestoreDateTime or UseLatestRestorableTime must be specified")
	}
	e.mu.RLock()
	t := e.tables[source]
	if t == nil || t.meta.Desc.TableStatus == model.StatusCreating {
		e.mu.RUnlock()
		return nil, tableNotFound(source)
	}
	desc := *t.describe()
	pitr := t.meta.PITR
	earliest, newest, ok := e.window(t)
	e.mu.RUnlock()
	if !ok {
		return nil, pitrUnavailable(source)
	}
	at := newest
	if !latest {
		at = fromEpoch(*in.RestoreDateTime)
		// The SDKs send milliseconds: within one of the window's ends is at it.
		if at.Before(earliest) && earliest.Sub(at) < time.Millisecond {
			at = earliest
		}
		if at.After(newest) && at.Sub(newest) < time.Millisecond {
			at = newest
		}
		if at.Before(earliest) || at.After(newest) {
			return nil, model.NewError(model.ErrInvalidRestoreTime, "RestoreDateTime must be between EarliestRestorableDateTime and LatestRestorableDateTime")
		}
	}
	// the table's schema at that instant, not now (pitr_schema.go)
	if s, ok := schemaAt(pitr, at); ok {
		desc = withSchema(desc, s)
	}
	items := make([]storedItem, 0, desc.ItemCount)
	err := e.storedAt(ctx, source, at, func(suffix, stored string) error {
		items = append(items, storedItem{suffix, stored})
		return nil
	})
	switch {
	case ErrOutsideWindow(err):
		return nil, model.NewError(model.ErrInvalidRestoreTime, "RestoreDateTime must be between EarliestRestorableDateTime and LatestRestorableDateTime")
	case err != nil:
		return nil, asError(err)
	}
	ov := restoreOverrides{billing: in.BillingModeOverride, gsis: in.GlobalSecondaryIndexOverride, lsis: in.LocalSecondaryIndexOverride,
		pt: in.ProvisionedThroughputOverride, odt: in.OnDemandThroughputOverride}
	create := restoreInput(in.TargetTableName, &desc, ov)
	summary := model.RestoreSummary{SourceTableArn: desc.TableArn, RestoreDateTime: epoch(at)}
	d, err := e.restore(ctx, create, summary, items)
	if err != nil {
		return nil, err
	}
	return &model.RestoreTableToPointInTimeOutput{TableDescription: d}, nil
}

// fromEpoch converts DynamoDB's fractional epoch seconds to a time, to the
// microsecond (a float64 holds no finer for today's dates).
func fromEpoch(s float64) time.Time {
	return time.UnixMicro(int64(math.Round(s * 1e6)))
}
