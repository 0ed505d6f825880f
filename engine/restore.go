package engine

import (
	"context"
	"fmt"
	"sort"

	"github.com/dynoscope/dynoscope/model"
)

// Restores (RestoreTableFromBackup, RestoreTableToPointInTime) build a new
// table from a source description and a walk over stored items. The table
// is created CREATING and marked as loading (tableMeta.Loading, the mark a
// BulkLoad uses), filled a batch per transaction, and unmarked in the last
// one: a restore cut short by a crash or kill -9 is taken back when the
// workspace opens (rollBackLoads), so no half table is ever left. Until it
// is unmarked the table answers only DescribeTable and ListTables, as a
// CREATING table does.

// restoreBatch is how many items one restore transaction writes.
const restoreBatch = 5000

// restoreOverrides are the Override parameters of a restore request.
type restoreOverrides struct {
	billing string
	gsis    []model.GlobalSecondaryIndex // nil: keep the source's
	lsis    []model.LocalSecondaryIndex  // nil: keep the source's
	pt      *model.ProvisionedThroughput
	odt     *model.OnDemandThroughput
}

// storedItem is one item to restore: its storage key after D/<table>/ and
// its stored bytes.
type storedItem struct{ suffix, stored string }

// restoreInput builds the CreateTable request of a restore: the source's key
// schema, billing, throughput and indexes, with the overrides applied, and
// the attribute definitions the kept keys use. Stream, TTL, tags and PITR
// are not restored (DynamoDB's restores leave them to be set again).
func restoreInput(target string, src *model.TableDescription, ov restoreOverrides) *model.CreateTableInput {
	in := &model.CreateTableInput{TableName: target, KeySchema: append([]model.KeySchemaElement(nil), src.KeySchema...)}
	in.BillingMode = model.BillingProvisioned
	if src.BillingModeSummary != nil && src.BillingModeSummary.BillingMode != "" {
		in.BillingMode = src.BillingModeSummary.BillingMode
	}
	if ov.billing != "" {
		in.BillingMode = ov.billing
	}
	if in.BillingMode == model.BillingProvisioned {
		switch {
		case ov.pt != nil:
			in.ProvisionedThroughput = ov.pt
		case src.ProvisionedThroughput != nil && src.ProvisionedThroughput.ReadCapacityUnits > 0:
			r, w := src.ProvisionedThroughput.ReadCapacityUnits, src.ProvisionedThroughput.WriteCapacityUnits
			in.ProvisionedThroughput = &model.ProvisionedThroughput{ReadCapacityUnits: &r, WriteCapacityUnits: &w}
		}
	} else {
		in.ProvisionedThroughput = ov.pt
		in.OnDemandThroughput = ov.odt
		if ov.odt == nil && src.OnDemandThroughput != nil && (src.OnDemandThroughput.MaxReadRequestUnits != nil || src.OnDemandThroughput.MaxWriteRequestUnits != nil) {
			cp := *src.OnDemandThroughput
			in.OnDemandThroughput = &cp
		}
	}
	if src.TableClassSummary != nil {
		in.TableClass = src.TableClassSummary.TableClass
	}
	if ov.lsis != nil {
		in.LocalSecondaryIndexes = ov.lsis
		if len(ov.lsis) == 0 {
			in.LocalSecondaryIndexes = nil // an empty override keeps none
		}
	} else {
		for _, l := range src.LocalSecondaryIndexes {
			in.LocalSecondaryIndexes = append(in.LocalSecondaryIndexes, model.LocalSecondaryIndex{IndexName: l.IndexName, KeySchema: l.KeySchema, Projection: l.Projection})
		}
	}
	if ov.gsis != nil {
		in.GlobalSecondaryIndexes = ov.gsis
		if len(ov.gsis) == 0 {
			in.GlobalSecondaryIndexes = nil // an empty override keeps none
		}
	} else {
		for _, g := range src.GlobalSecondaryIndexes {
			if g.IndexStatus == model.StatusDeleting {
				continue
			}
			gi := model.GlobalSecondaryIndex{IndexName: g.IndexName, KeySchema: g.KeySchema, Projection: g.Projection}
			if in.BillingMode == model.BillingProvisioned {
				r, w := int64(1), int64(1)
				if pt := g.ProvisionedThroughput; pt != nil && pt.ReadCapacityUnits > 0 {
					r, w = pt.ReadCapacityUnits, pt.WriteCapacityUnits
				}
				gi.ProvisionedThroughput = &model.ProvisionedThroughput{ReadCapacityUnits: &r, WriteCapacityUnits: &w}
			}
			in.GlobalSecondaryIndexes = append(in.GlobalSecondaryIndexes, gi)
		}
	}
	if in.BillingMode == model.BillingPayPerRequest {
		// Vector indexes are restored with the table and built again from
		// its items (they exist on on-demand tables only).
		in.VectorIndexes = vectorIndexDeclarations(src.VectorIndexes)
	}
	used := map[string]bool{}
	for _, k := range in.KeySchema {
		used[k.AttributeName] = true
	}
	for _, v := range in.VectorIndexes {
		for _, e := range v.SearchSchema {
			used[e.AttributeName] = true
		}
	}
	for _, l := range in.LocalSecondaryIndexes {
		for _, k := range l.KeySchema {
			used[k.AttributeName] = true
		}
	}
	for _, g := range in.GlobalSecondaryIndexes {
		for _, k := range g.KeySchema {
			used[k.AttributeName] = true
		}
	}
	for _, ad := range src.AttributeDefinitions {
		if used[ad.AttributeName] {
			in.AttributeDefinitions = append(in.AttributeDefinitions, ad)
		}
	}
	return in
}

// restore creates table in.TableName from items (sorted or not) with the
// given RestoreSummary, all or nothing, and returns the new table's
// description as the restore request answers it (CREATING, the restore in
// progress).
func (e *Engine) restore(ctx context.Context, in *model.CreateTableInput, summary model.RestoreSummary, items []storedItem) (*model.TableDescription, error) {
	if err := validateCreateTable(in); err != nil {
		return nil, err
	}
	if err := e.checkCreateThroughputs(in); err != nil {
		return nil, err
	}
	e.mu.Lock()
	if _, ok := e.tables[in.TableName]; ok {
		e.mu.Unlock()
		return nil, model.NewError(model.ErrTableAlreadyExists, "Table already exists: %s", in.TableName)
	}
	now := e.now()
	m := &tableMeta{Desc: buildDescription(in, e.opts.Region, e.opts.AccountID, epoch(now))}
	m.Loading = "restore-" + m.Desc.TableId
	summary.RestoreInProgress = true
	m.Desc.RestoreSummary = &summary
	if err := e.saveMeta(m); err != nil {
		e.mu.Unlock()
		return nil, asError(err)
	}
	t := e.newTable(m, &tableStats{})
	e.tables[t.name] = t
	e.configureMeter(t)
	answer := t.describe()
	e.mu.Unlock()

	if err := e.fillRestored(ctx, t, items); err != nil {
		e.mu.Lock()
		defer e.mu.Unlock()
		if e.tables[t.name] == t {
			if derr := e.dropTableLocked(t.name); derr != nil {
				return nil, asError(fmt.Errorf("%v (and removing the half-restored table: %v)", err, derr))
			}
		}
		return nil, asError(err)
	}
	e.mu.Lock()
	cur := e.tables[t.name]
	if cur == nil {
		e.mu.Unlock()
		return nil, asError(fmt.Errorf("table %s vanished during its restore", t.name))
	}
	done := cloneMeta(&cur.meta)
	done.Loading = ""
	ds := summary
	ds.RestoreInProgress = false
	done.Desc.RestoreSummary = &ds
	_, err := e.replaceTable(cur, done)
	e.mu.Unlock()
	if err != nil {
		return nil, asError(err)
	}
	e.activate(t.name)
	return answer, nil
}

// fillRestored writes the items into the new table, a batch per
// transaction, in storage order.
func (e *Engine) fillRestored(ctx context.Context, t *table, items []storedItem) error {
	// Both sources walk in storage order; sort only what does not.
	if !sort.SliceIsSorted(items, func(i, j int) bool { return items[i].suffix < items[j].suffix }) {
		sort.Slice(items, func(i, j int) bool { return items[i].suffix < items[j].suffix })
	}
	// Only indexes (a restored table has no stream, TTL or PITR yet) read
	// the items; without them the stored bytes are copied as they are.
	_, ttl := t.ttlAttr()
	_, stream := t.streamEnabled()
	decode := len(t.indexes) > 0 || ttl || stream || t.meta.PITR != nil
	for start := 0; start < len(items); start += restoreBatch {
		if err := e.checkOpen(ctx); err != nil {
			return err
		}
		batch := items[start:min(start+restoreBatch, len(items))]
		ws := make([]itemWrite, len(batch))
		for i, it := range batch {
			w := &ws[i]
			w.key, w.stored, w.newSize, w.new = t.dataPrefix+it.suffix, it.stored, storedSize(it.stored), presentItem
			if decode {
				item, _, err := decodeStored(it.stored)
				if err != nil {
					return fmt.Errorf("restoring item %d: %w", start+i, err)
				}
				w.new = item
			}
		}
		var fx writeEffects
		e.mu.RLock()
		err := e.update(func(tx *wtx) error {
			for i := range ws {
				if err := e.applyWrite(tx, t, &ws[i], nil, &fx); err != nil {
					return err
				}
			}
			return nil
		})
		if err == nil {
			e.commit(t, &fx)
		} else {
			fx.revert()
		}
		e.mu.RUnlock()
		if err != nil {
			return err
		}
		if restoreHook != nil {
			restoreHook(start + len(batch))
		}
	}
	return nil
}

// restoreHook, when set (crash tests), is called after each committed
// restore batch with the number of items written so far.
var restoreHook func(written int)
