package engine

import (
	"math"
	"strings"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

// DefaultItemCollectionLimit is DynamoDB's 10 GB limit on an item collection
// (all items and LSI entries under one partition-key value, tables with LSIs).
const DefaultItemCollectionLimit = 10 << 30

func (e *Engine) collectionLimit() int64 {
	if e.opts.ItemCollectionSizeLimit > 0 {
		return e.opts.ItemCollectionSizeLimit
	}
	return DefaultItemCollectionLimit
}

// collectionSize sums the items and LSI entries of the item collection with
// the partition key of item.
func (t *table) collectionSize(tx *buntdb.Tx, item model.Item) int64 {
	var total int64
	pk := item[t.hash.name]
	prefix := string(appendHashedKey([]byte(t.dataPrefix), pk, nil))
	sum := func(p string) {
		tx.AscendGreaterOrEqual("", p, func(k, v string) bool {
			if !strings.HasPrefix(k, p) {
				return false
			}
			total += int64(storedSize(v))
			return true
		})
	}
	sum(prefix)
	for _, ix := range t.indexes {
		if !ix.global {
			sum(string(appendHashedKey([]byte(ix.prefix), pk, nil)))
		}
	}
	return total
}

// checkItemCollection rejects a write that grows an item collection past the
// limit; writes that shrink it are always allowed.
func (t *table) checkItemCollection(tx *buntdb.Tx, w *itemWrite) error {
	if !t.hasLSI() || w.new == nil || w.newSize <= w.oldSize {
		return nil
	}
	limit := t.collectionLimit
	if limit <= 0 {
		return nil
	}
	grow := int64(w.newSize - w.oldSize)
	for _, ix := range t.indexes {
		if !ix.global && indexMembership(ix, w.new).in {
			grow += int64(model.ItemSize(t.project(ix, w.new)))
		}
	}
	if t.collectionSize(tx, w.new)+grow > limit {
		return model.NewError(model.ErrItemCollectionSizeLimit, "Collection size exceeded.")
	}
	return nil
}

// collectionMetrics answers ReturnItemCollectionMetrics SIZE on tables with
// LSIs: the collection's key and a 1 GB-wide size estimate.
func (t *table) collectionMetrics(e *Engine, mode string, item model.Item) *model.ItemCollectionMetrics {
	if mode != model.ReturnItemCollectionMetricsSize || !t.hasLSI() || item == nil {
		return nil
	}
	var size int64
	e.db.View(func(tx *buntdb.Tx) error {
		size = t.collectionSize(tx, item)
		return nil
	})
	gb := float64(size) / (1 << 30)
	lo := math.Floor(gb)
	return &model.ItemCollectionMetrics{
		ItemCollectionKey:   model.Item{t.hash.name: item[t.hash.name]},
		SizeEstimateRangeGB: []float64{lo, lo + 1},
	}
}
