package engine

import (
	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/model"
)

// itemWrite is one item change inside a write transaction.
type itemWrite struct {
	key     string
	old     model.Item // nil when there was no item
	oldSize int
	new     model.Item // nil for a delete
	newSize int
	byTTL   bool // a delete by the TTL sweeper (stream userIdentity, no capacity)
	// late: the item before the write was not read first (a put that no
	// condition, return value or item collection needs it for); applyWrite
	// learns it from the Set that replaces it, saving a B-tree lookup.
	late bool
	// same: the item replaced was stored as the very same bytes (takeOld):
	// no index entry changes.
	same bool
	// stored, when set, is new already encoded as stored (a restore copies
	// stored bytes); new may then be presentItem when nothing reads it.
	stored string
}

// writeEffects accumulates the counter changes of a transaction; they are
// applied after it commits.
type writeEffects struct {
	items, bytes int64
	idx          map[string]*[2]int64
	records      []model.Record    // stream records, published after commit
	stream       []streamWrite     // their sequence numbers and stored sizes
	coll         []collectionDelta // item-collection sizes changed in the transaction
	lsiDelta     int64             // LSI entry bytes changed by the current write
	vec          []vecOp           // vector index changes, applied after commit
	heat         []heatWrite       // GSI writes for Contributor Insights, counted after commit
}

func (fx *writeEffects) index(name string) *[2]int64 {
	if fx.idx == nil {
		fx.idx = map[string]*[2]int64{}
	}
	d := fx.idx[name]
	if d == nil {
		d = &[2]int64{}
		fx.idx[name] = d
	}
	return d
}

// commit applies a committed transaction's counter changes to the table's
// statistics and publishes its stream records to subscribers.
func (e *Engine) commit(t *table, fx *writeEffects) {
	for i := range fx.records {
		e.publish(Event{Kind: EventStream, Table: t.name, Record: &fx.records[i]})
	}
	if fx.items != 0 {
		t.stats.items.Add(fx.items)
	}
	if fx.bytes != 0 {
		t.stats.bytes.Add(fx.bytes)
	}
	for name, d := range fx.idx {
		st := t.stats.index(name)
		st.items.Add(d[0])
		st.bytes.Add(d[1])
	}
	e.streamWritten(t, fx.stream)
	if len(fx.vec) > 0 {
		e.applyVectorOps(t, fx.vec)
	}
	if len(fx.heat) > 0 {
		e.heatIndexWrites(t, fx.heat)
	}
}

// tableWriteUnits is what a write costs on the table itself: the larger of
// the item before and after, in 1 KB units (a delete of nothing costs 1).
func tableWriteUnits(w *itemWrite) float64 {
	size := w.newSize
	if w.oldSize > size {
		size = w.oldSize
	}
	return capacity.WriteUnits(size)
}

// applyWrite stores one item change with everything that depends on it:
// the item, every index entry it adds, moves or removes, its TTL-queue entry
// and its stream record, all in the caller's transaction. Index write units
// go to usage (nil: not charged); counter changes to fx.
func (e *Engine) applyWrite(tx *wtx, t *table, w *itemWrite, usage *capacity.Usage, fx *writeEffects) error {
	if w.new != nil {
		stored := w.stored
		if stored == "" {
			stored = e.storedValue(w.new, w.newSize)
		}
		prev, replaced, err := tx.Set(w.key, stored, nil)
		if err != nil {
			return err
		}
		if w.late {
			if err := t.takeOld(w, prev, replaced, stored); err != nil {
				return err
			}
		}
		if !replaced || prev != stored {
			if err := e.appendHistory(tx, t, w, prev, replaced); err != nil {
				return err
			}
		}
	} else if w.old != nil {
		prev, err := tx.Delete(w.key)
		if err != nil && err != buntdb.ErrNotFound {
			return err
		}
		if err == nil {
			if err := e.appendHistory(tx, t, w, prev, true); err != nil {
				return err
			}
		}
	}
	switch {
	case w.old == nil && w.new != nil:
		fx.items++
		fx.bytes += int64(w.newSize + indexEntryOverhead)
	case w.old != nil && w.new == nil:
		fx.items--
		fx.bytes -= int64(w.oldSize + indexEntryOverhead)
	default:
		fx.bytes += int64(w.newSize - w.oldSize)
	}
	fx.lsiDelta = 0
	for _, ix := range t.indexes {
		if w.same {
			break // every entry is as it was: applyIndexWrite would find so
		}
		if err := e.applyIndexWrite(tx, t, ix, w, usage, fx); err != nil {
			return err
		}
	}
	t.trackCollection(w, fx.lsiDelta, fx)
	if err := e.applyTTLWrite(tx, t, w); err != nil {
		return err
	}
	return e.appendStreamRecord(tx, t, w, fx)
}

// applyIndexWrite maintains one index for one item change and charges its
// write units: 1 (per KB) for a new entry, 2 for a moved key, 1 for a
// removal, 1 for a changed projection, nothing when absent before and after.
func (e *Engine) applyIndexWrite(tx *wtx, t *table, ix *index, w *itemWrite, usage *capacity.Usage, fx *writeEffects) error {
	var oldKey, newKey string
	var oldEntry, newEntry model.Item
	if w.old != nil && indexMembership(ix, w.old).in {
		oldKey = t.indexEntryKey(ix, w.old)
		oldEntry = t.project(ix, w.old)
	}
	if w.new != nil && indexMembership(ix, w.new).in {
		newKey = t.indexEntryKey(ix, w.new)
		newEntry = t.project(ix, w.new)
	}
	if oldKey == "" && newKey == "" {
		return nil
	}
	var units float64
	d := fx.index(ix.name)
	oldSize, newSize := 0, 0
	if oldKey != "" {
		oldSize = model.ItemSize(oldEntry)
	}
	if newKey != "" {
		newSize = model.ItemSize(newEntry)
	}
	if !ix.global {
		fx.lsiDelta += int64(newSize - oldSize)
	}
	if ix.vec != nil {
		return e.applyVectorIndexWrite(tx, t, ix, w, oldKey, newKey, oldEntry, newEntry, oldSize, newSize, usage, fx)
	}
	// The statistics follow what storage really did: during a GSI backfill
	// an item's entry may not exist yet although the item belongs in the
	// index (the backfill has not reached it).
	del := func(key string) error {
		prev, err := tx.Delete(key)
		if err == buntdb.ErrNotFound {
			return nil
		}
		if err != nil {
			return err
		}
		d[0]--
		d[1] -= int64(storedSize(prev) + indexEntryOverhead)
		return nil
	}
	set := func(key string, entry model.Item, size int) error {
		prev, replaced, err := tx.Set(key, e.storedValue(entry, size), nil)
		if err != nil {
			return err
		}
		if replaced {
			d[1] += int64(size - storedSize(prev))
		} else {
			d[0]++
			d[1] += int64(size + indexEntryOverhead)
		}
		return nil
	}
	switch {
	case oldKey != "" && newKey == "":
		if err := del(oldKey); err != nil {
			return err
		}
	case oldKey == "" && newKey != "":
		if err := set(newKey, newEntry, newSize); err != nil {
			return err
		}
	case oldKey != newKey:
		if err := del(oldKey); err != nil {
			return err
		}
		if err := set(newKey, newEntry, newSize); err != nil {
			return err
		}
	default:
		if model.ItemsEqual(oldEntry, newEntry) {
			return nil
		}
		if err := set(newKey, newEntry, newSize); err != nil {
			return err
		}
	}
	units = indexWriteUnits(oldKey, newKey, oldSize, newSize)
	if usage != nil && !w.byTTL {
		if t.heat != nil && ix.global && t.heat.targets[ix.name] != nil {
			key := newKey
			if key == "" {
				key = oldKey
			}
			fx.heat = append(fx.heat, heatWrite{ix: ix, key: key, units: units})
		}
		usage.AddIndex(ix.name, ix.global, 0, units)
		usage.Explain("%v", &indexWriteNote{name: ix.name, global: ix.global, oldSize: oldSize, newSize: newSize,
			had: oldKey != "", has: newKey != "", moved: oldKey != "" && newKey != "" && oldKey != newKey})
	}
	return nil
}

// indexWriteNote is the line that explains an index's write units ("GSI
// ByStatus: new entry, 120 B → 1 × 1 KB = 1 WCU"), formatted when read.
type indexWriteNote struct {
	name             string
	global           bool
	oldSize, newSize int
	had, has, moved  bool
}

func (n *indexWriteNote) String() string {
	kind := "LSI "
	if n.global {
		kind = "GSI "
	}
	units := func(size int) string {
		u := capacity.FormatUnits(capacity.WriteUnits(size))
		return formatBytes(size) + " → " + u + " × 1 KB = " + u + " WCU"
	}
	switch {
	case n.moved:
		total := capacity.FormatUnits(capacity.WriteUnits(n.oldSize) + capacity.WriteUnits(n.newSize))
		return kind + n.name + ": entry moved to a new key, the old one deleted (" + units(n.oldSize) + ") and the new one written (" +
			units(n.newSize) + "): " + total + " WCU"
	case !n.has:
		return kind + n.name + ": entry deleted, " + units(n.oldSize)
	case !n.had:
		return kind + n.name + ": new entry, " + units(n.newSize)
	}
	return kind + n.name + ": entry updated, " + units(max(n.oldSize, n.newSize))
}

// takeOld fills in the item a late write replaced (see itemWrite.late)
// from the value its Set returned: its size always; the item itself when
// the table's indexes, stream or TTL need it — and when the stored bytes
// are the new item's own (an item put again as it was), the new item
// stands for it without being decoded.
func (t *table) takeOld(w *itemWrite, prev string, replaced bool, stored string) error {
	w.late = false
	if !replaced {
		return nil
	}
	w.oldSize = storedSize(prev)
	switch {
	case prev == stored:
		w.old, w.same = w.new, true
	case t.needsOldImage():
		old, _, err := decodeStored(prev)
		if err != nil {
			return err
		}
		w.old = old
	default:
		w.old = presentItem
	}
	return nil
}

// presentItem stands for an old item that exists but whose contents no one
// needs (only compared with nil; never written to).
var presentItem = model.Item{}

// storedValue encodes an item (or index entry) as stored, into one string
// of exactly its length: the encoding is built in a buffer that the
// engine's write transactions share (they run one at a time).
func (e *Engine) storedValue(item model.Item, size int) string {
	e.store.scratch = encodeStored(e.store.scratch[:0], item, size)
	v := string(e.store.scratch)
	if cap(e.store.scratch) > maxKeptFrame {
		e.store.scratch = nil
	}
	return v
}
