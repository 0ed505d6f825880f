package engine

import (
	"context"
	"strings"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

// The traffic generator writes only into data it owns. Its vote workloads
// run on a table of their own, TrafficTable, created when first needed;
// a user's table gets generated writes only with Workload.Consent. Every
// item it writes carries TrafficMarker, its puts never replace an item
// without it, and RemoveTraffic deletes exactly the marked items again.

// TrafficTable is the generator's own table: provisioned like the
// write-sharding data set's Votes (1,000 RCU, 20,000 WCU, so 21
// partitions), keyed by Contestant.
const TrafficTable = "TrafficVotes"

// TrafficMarker is the attribute every generated item carries.
const TrafficMarker = "dynoscope_traffic"

// trafficMarkerValue is TrafficMarker's value.
const trafficMarkerValue = "written by the dynoscope traffic generator"

// trafficTableInput is the CreateTable request of TrafficTable.
func trafficTableInput() *model.CreateTableInput {
	r, w := int64(1000), int64(20000)
	return &model.CreateTableInput{TableName: TrafficTable, BillingMode: model.BillingProvisioned,
		KeySchema:             []model.KeySchemaElement{{AttributeName: "Contestant", KeyType: model.KeyTypeHash}},
		AttributeDefinitions:  []model.AttributeDefinition{{AttributeName: "Contestant", AttributeType: "S"}},
		ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: &r, WriteCapacityUnits: &w}}
}

// OpenTrafficTable creates TrafficTable when it does not exist and reports
// whether it did. A table of that name that the generator does not own
// (TrafficOwns) is left alone, with an error that says so.
func (e *Engine) OpenTrafficTable(ctx context.Context) (created bool, err error) {
	e.mu.RLock()
	_, exists := e.tables[TrafficTable]
	e.mu.RUnlock()
	if exists {
		if !e.TrafficOwns(TrafficTable) {
			return false, &model.Error{Code: model.ErrResourceInUse,
				Message: "a table named " + TrafficTable + " exists and holds items the traffic generator did not write: it is yours, not the generator's"}
		}
		return false, nil
	}
	if _, err := e.CreateTable(ctx, trafficTableInput()); err != nil {
		return false, err
	}
	return true, nil
}

// TrafficOwns reports whether table is the generator's own: TrafficTable,
// keyed as the generator creates it, every item in it generated.
func (e *Engine) TrafficOwns(table string) bool {
	if table != TrafficTable {
		return false
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	t := e.tables[table]
	if t == nil || t.hash.name != "Contestant" || t.hash.typ != model.TypeS || t.rng.name != "" {
		return false
	}
	owned := true
	err := e.db.View(func(tx *buntdb.Tx) error {
		var derr error
		tx.AscendGreaterOrEqual("", t.dataPrefix, func(k, v string) bool {
			if !strings.HasPrefix(k, t.dataPrefix) {
				return false
			}
			item, _, err := decodeStored(v)
			if err != nil {
				derr = err
				return false
			}
			if _, ok := item[TrafficMarker]; !ok {
				owned = false
				return false
			}
			return true
		})
		return derr
	})
	return owned && err == nil
}

// TrafficRemoval is what RemoveTraffic did.
type TrafficRemoval struct {
	Items int // generated items deleted
	// TableDeleted: the table was the generator's own and is gone.
	TableDeleted bool
}

// removeBatch bounds the items one removal transaction deletes.
const removeBatch = 256

// RemoveTraffic deletes every item of table that carries TrafficMarker,
// each with its index entries, TTL entry and stream record (a REMOVE), in
// transactions of up to 256 items; items without the marker are never
// touched. It is the explorer's own cleanup, not a client's request:
// nothing is throttled or charged. When table is the generator's own
// TrafficTable, the table is deleted too.
func (e *Engine) RemoveTraffic(ctx context.Context, table string) (TrafficRemoval, error) {
	var res TrafficRemoval
	own := e.TrafficOwns(table)
	for {
		n, more, err := e.removeTrafficBatch(table)
		res.Items += n
		if err != nil {
			return res, err
		}
		if !more {
			break
		}
	}
	if own {
		if _, err := e.DeleteTable(ctx, &model.DeleteTableInput{TableName: table}); err != nil {
			return res, err
		}
		res.TableDeleted = true
	}
	return res, nil
}

// removeTrafficBatch deletes up to removeBatch generated items of table in
// one transaction.
func (e *Engine) removeTrafficBatch(name string) (deleted int, more bool, err error) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	t, merr := e.lookup(name)
	if merr != nil {
		return 0, false, merr
	}
	var fx writeEffects
	err = e.update(func(tx *wtx) error {
		var keys []string
		var derr error
		tx.AscendGreaterOrEqual("", t.dataPrefix, func(k, v string) bool {
			if !strings.HasPrefix(k, t.dataPrefix) {
				return false
			}
			if len(keys) == removeBatch {
				more = true
				return false
			}
			item, _, err := decodeStored(v)
			if err != nil {
				derr = err
				return false
			}
			if _, ok := item[TrafficMarker]; ok {
				keys = append(keys, k)
			}
			return true
		})
		if derr != nil {
			return derr
		}
		for _, k := range keys {
			w := &itemWrite{key: k}
			if err := e.loadOld(tx.Tx, w, true); err != nil {
				return err
			}
			if w.old == nil {
				continue
			}
			if err := e.applyWrite(tx, t, w, nil, &fx); err != nil {
				return err
			}
			deleted++
		}
		return nil
	})
	if err != nil {
		fx.revert()
		return 0, false, err
	}
	e.commit(t, &fx)
	return deleted, more, nil
}
