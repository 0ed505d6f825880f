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

// collectionKey identifies the item collection of an item: its hashed,
// encoded partition key.
func (t *table) collectionKey(item model.Item) string {
	return string(appendHashedKey(nil, item[t.hash.name], nil))
}

// collectionSize returns the size of the item collection of item: from the
// running total when there is one, else by summing its items and LSI
// entries once (and keeping the total, which every later write in a
// transaction adjusts). Called inside a write transaction.
func (t *table) collectionSize(tx *buntdb.Tx, item model.Item) int64 {
	key := t.collectionKey(item)
	if n, ok := t.stats.collection(key); ok {
		return n
	}
	n := t.scanCollection(tx, item)
	t.stats.setCollection(key, n)
	return n
}

// scanCollection sums the items and LSI entries of the item collection with
// the partition key of item.
func (t *table) scanCollection(tx *buntdb.Tx, item model.Item) int64 {
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
	if n, ok := t.stats.collection(t.collectionKey(item)); ok {
		size = n
	} else {
		e.db.View(func(tx *buntdb.Tx) error {
			size = t.scanCollection(tx, item)
			return nil
		})
	}
	gb := float64(size) / (1 << 30)
	lo := math.Floor(gb)
	return &model.ItemCollectionMetrics{
		ItemCollectionKey:   model.Item{t.hash.name: item[t.hash.name]},
		SizeEstimateRangeGB: []float64{lo, lo + 1},
	}
}

// collection returns the running size of an item collection, if known.
func (s *tableStats) collection(key string) (int64, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n, ok := s.coll[key]
	return n, ok
}

func (s *tableStats) setCollection(key string, n int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.coll == nil {
		s.coll = map[string]int64{}
	}
	s.coll[key] = n
}

// addCollection adjusts a known running size by delta and reports whether
// there was one to adjust.
func (s *tableStats) addCollection(key string, delta int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.coll[key]; !ok {
		return false
	}
	s.coll[key] += delta
	return true
}

// collectionDelta is a change a transaction made to a running collection
// size, undone if the transaction fails.
type collectionDelta struct {
	stats *tableStats
	key   string
	delta int64
}

// trackCollection applies a write's change of an item collection's size
// inside its transaction (tables with LSIs only).
func (t *table) trackCollection(w *itemWrite, lsiDelta int64, fx *writeEffects) {
	if !t.hasLSI() {
		return
	}
	src := w.new
	if src == nil {
		src = w.old
	}
	delta := int64(w.newSize-w.oldSize) + lsiDelta
	if w.new == nil {
		delta = -int64(w.oldSize) + lsiDelta
	}
	key := t.collectionKey(src)
	if delta != 0 && t.stats.addCollection(key, delta) {
		fx.coll = append(fx.coll, collectionDelta{t.stats, key, delta})
	}
}

// revert undoes the running-size changes of a transaction that failed.
func (fx *writeEffects) revert() {
	for _, d := range fx.coll {
		d.stats.addCollection(d.key, -d.delta)
	}
	fx.coll = nil
}
