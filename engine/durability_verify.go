package engine

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

// Drift kinds: how stored derived data can differ from what the items say.
const (
	DriftMissingEntry  = "missing index entry"
	DriftStaleEntry    = "stale index entry"
	DriftWrongEntry    = "index entry with a wrong projection"
	DriftMissingTTL    = "missing TTL-queue entry"
	DriftStaleTTL      = "stale TTL-queue entry"
	DriftOrphan        = "key of no table or index"
	DriftUnreadable    = "item that cannot be decoded"
	DriftMisplacedItem = "item stored under another key than its own"
	// DriftVectorMemory: a vector index's in-memory search structure does
	// not hold exactly the vectors of its stored entries.
	DriftVectorMemory = "vector search structure out of step with its entries"
)

// Drift is one difference between a table's derived data (index entries,
// TTL queue) and what its items say.
type Drift struct {
	Table string
	Index string // "" for the TTL queue, items and orphans
	Kind  string
	Key   string // the storage key, printable
}

func (d Drift) String() string {
	where := d.Table
	if d.Index != "" {
		where += "/" + d.Index
	}
	return fmt.Sprintf("%s: %s %s", where, d.Kind, d.Key)
}

// VerifyReport is what Verify found.
type VerifyReport struct {
	Tables       int
	Items        int64
	IndexEntries int64
	TTLEntries   int64
	// Drift lists the differences found (at most maxDriftListed); Counts
	// counts them all by kind.
	Drift  []Drift
	Counts map[string]int
}

// maxDriftListed bounds the differences a report lists one by one.
const maxDriftListed = 50

// OK reports whether nothing drifted.
func (r *VerifyReport) OK() bool { return len(r.Counts) == 0 }

// Total is the number of differences found.
func (r *VerifyReport) Total() int {
	n := 0
	for _, c := range r.Counts {
		n += c
	}
	return n
}

// Summary says in one line what was found, e.g. "3 missing index entry, 1
// stale TTL-queue entry".
func (r *VerifyReport) Summary() string {
	if r.OK() {
		return "no drift"
	}
	kinds := make([]string, 0, len(r.Counts))
	for k := range r.Counts {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = fmt.Sprintf("%d × %s", r.Counts[k], k)
	}
	return strings.Join(parts, ", ")
}

func (r *VerifyReport) add(d Drift) {
	if r.Counts == nil {
		r.Counts = map[string]int{}
	}
	r.Counts[d.Kind]++
	if len(r.Drift) < maxDriftListed {
		r.Drift = append(r.Drift, d)
	}
}

// Verify recomputes every table's index entries and TTL-queue entries from
// its items and compares them with what is stored, and looks for keys that
// belong to no table. It writes nothing. A GSI still backfilling may lack
// entries the backfill has not reached yet; those are not drift.
func (e *Engine) Verify() (*VerifyReport, error) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	rep := &VerifyReport{}
	err := e.db.View(func(tx *buntdb.Tx) error {
		names := make([]string, 0, len(e.tables))
		for name := range e.tables {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			e.verifyTable(tx, e.tables[name], rep)
		}
		e.findOrphans(tx, rep)
		return nil
	})
	return rep, err
}

// derived is what a table's items say its index and TTL keys must hold.
type derived struct {
	entries map[*index]map[string]model.Item
	ttl     map[string]bool
}

// derive reads a table's items and computes its index entries and TTL-queue
// keys, noting undecodable and misplaced items in rep.
func (e *Engine) derive(tx *buntdb.Tx, t *table, rep *VerifyReport) derived {
	d := derived{entries: map[*index]map[string]model.Item{}, ttl: map[string]bool{}}
	for _, ix := range t.indexes {
		d.entries[ix] = map[string]model.Item{}
	}
	attr, ttlOn := t.ttlAttr()
	tx.AscendGreaterOrEqual("", t.dataPrefix, func(k, v string) bool {
		if !strings.HasPrefix(k, t.dataPrefix) {
			return false
		}
		rep.Items++
		item, _, err := decodeStored(v)
		if err != nil {
			rep.add(Drift{Table: t.name, Kind: DriftUnreadable, Key: printableKey(k)})
			return true
		}
		if t.validateItemKey(item) != nil || t.itemStorageKey(item) != k {
			rep.add(Drift{Table: t.name, Kind: DriftMisplacedItem, Key: printableKey(k)})
			return true
		}
		for _, ix := range t.indexes {
			if indexMembership(ix, item).in {
				d.entries[ix][t.indexEntryKey(ix, item)] = t.project(ix, item)
			}
		}
		if ttlOn {
			if qk := t.ttlQueueKey(attr, item, k); qk != "" {
				d.ttl[qk] = true
			}
		}
		return true
	})
	return d
}

// verifyTable compares one table's stored index and TTL entries with what
// its items say.
func (e *Engine) verifyTable(tx *buntdb.Tx, t *table, rep *VerifyReport) {
	rep.Tables++
	d := e.derive(tx, t, rep)
	for _, ix := range t.indexes {
		want := d.entries[ix]
		backfilling := t.indexCreating(ix.name)
		seen, vectorsSeen := 0, 0
		tx.AscendGreaterOrEqual("", ix.prefix, func(k, v string) bool {
			if !strings.HasPrefix(k, ix.prefix) {
				return false
			}
			rep.IndexEntries++
			w, ok := want[k]
			if !ok {
				rep.add(Drift{Table: t.name, Index: ix.name, Kind: DriftStaleEntry, Key: printableKey(k)})
				return true
			}
			seen++
			got, _, err := decodeStored(v)
			if err != nil || !model.ItemsEqual(got, w) {
				rep.add(Drift{Table: t.name, Index: ix.name, Kind: DriftWrongEntry, Key: printableKey(k)})
			}
			if ix.vec != nil && err == nil {
				vectorsSeen++
				if !t.vectorHeld(ix, k, got) {
					rep.add(Drift{Table: t.name, Index: ix.name, Kind: DriftVectorMemory, Key: printableKey(k)})
				}
			}
			return true
		})
		if ix.vec != nil && t.vectorStore(ix).Len() != vectorsSeen {
			rep.add(Drift{Table: t.name, Index: ix.name, Kind: DriftVectorMemory,
				Key: fmt.Sprintf("%d vectors in memory, %d entries", t.vectorStore(ix).Len(), vectorsSeen)})
		}
		if seen < len(want) && !backfilling {
			for k := range want {
				if _, err := tx.Get(k); err == buntdb.ErrNotFound {
					rep.add(Drift{Table: t.name, Index: ix.name, Kind: DriftMissingEntry, Key: printableKey(k)})
				}
			}
		}
	}
	prefix := prefixTTL + t.name + "/"
	seen := 0
	tx.AscendGreaterOrEqual("", prefix, func(k, _ string) bool {
		if !strings.HasPrefix(k, prefix) {
			return false
		}
		rep.TTLEntries++
		if !d.ttl[k] {
			rep.add(Drift{Table: t.name, Kind: DriftStaleTTL, Key: printableKey(k)})
			return true
		}
		seen++
		return true
	})
	if seen < len(d.ttl) {
		for k := range d.ttl {
			if _, err := tx.Get(k); err == buntdb.ErrNotFound {
				rep.add(Drift{Table: t.name, Kind: DriftMissingTTL, Key: printableKey(k)})
			}
		}
	}
}

// orphanKeys lists the keys that belong to no table, or to no index of
// their table (entries of a GSI being deleted still belong).
func (e *Engine) orphanKeys(tx *buntdb.Tx) []string {
	var keys []string
	tx.AscendGreaterOrEqual("", prefixTable, func(k, _ string) bool {
		if !strings.HasPrefix(k, prefixTable) {
			return false
		}
		if e.tables[k[len(prefixTable):]] == nil {
			keys = append(keys, k)
		}
		return true
	})
	for _, p := range []string{prefixData, prefixIndex, prefixTTL, prefixStream, prefixBackfill} {
		tx.AscendGreaterOrEqual("", p, func(k, _ string) bool {
			if !strings.HasPrefix(k, p) {
				return false
			}
			rest := k[len(p):]
			name, after, ok := strings.Cut(rest, "/")
			t := e.tables[name]
			switch {
			case !ok || t == nil:
				keys = append(keys, k)
			case p == prefixIndex:
				ixName, _, _ := strings.Cut(after, "/")
				if t.indexByName(ixName) == nil && !t.droppingIndex(ixName) {
					keys = append(keys, k)
				}
			case p == prefixBackfill:
				if t.indexByName(after) == nil && !t.droppingIndex(after) {
					keys = append(keys, k)
				}
			case p == prefixTTL:
				if _, on := t.ttlAttr(); !on {
					keys = append(keys, k)
				}
			}
			return true
		})
	}
	return keys
}

func (e *Engine) findOrphans(tx *buntdb.Tx, rep *VerifyReport) {
	for _, k := range e.orphanKeys(tx) {
		rep.add(Drift{Table: tableOfKey(k), Kind: DriftOrphan, Key: printableKey(k)})
	}
}

// droppingIndex reports whether a GSI of the table is being deleted.
func (t *table) droppingIndex(name string) bool {
	g := t.gsiDesc(name)
	return g != nil && g.IndexStatus == model.StatusDeleting
}

// tableOfKey returns the table name inside a storage key.
func tableOfKey(k string) string {
	if len(k) < 2 {
		return ""
	}
	name, _, _ := strings.Cut(k[2:], "/")
	return name
}

// printableKey shows a storage key with its binary parts escaped.
func printableKey(k string) string {
	q := fmt.Sprintf("%q", k)
	if len(q) > 120 {
		q = q[:117] + "..."
	}
	return q
}

// rebuildDerived recomputes every table's index entries and TTL queue from
// its items, removes keys that belong to no table, index or TTL queue, drops
// undecodable and misplaced items, and resets the statistics. It returns
// what it found before (the difference it repaired). Each table is one
// write transaction.
func (e *Engine) rebuildDerived() (*VerifyReport, error) {
	before, err := e.Verify()
	if err != nil {
		return nil, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	err = e.update(func(tx *wtx) error {
		for _, k := range e.orphanKeys(tx.Tx) {
			if _, err := tx.Delete(k); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, t := range e.tables {
		err := e.update(func(tx *wtx) error {
			var drop []string
			rep := &VerifyReport{}
			tx.AscendGreaterOrEqual("", t.dataPrefix, func(k, v string) bool {
				if !strings.HasPrefix(k, t.dataPrefix) {
					return false
				}
				item, _, err := decodeStored(v)
				if err != nil || t.validateItemKey(item) != nil || t.itemStorageKey(item) != k {
					drop = append(drop, k)
				}
				return true
			})
			for _, k := range drop {
				if _, err := tx.Delete(k); err != nil {
					return err
				}
			}
			d := e.derive(tx.Tx, t, rep)
			for _, ix := range t.indexes {
				if err := syncDerived(tx, ix.prefix, d.entries[ix]); err != nil {
					return err
				}
			}
			ttl := map[string]model.Item{}
			for k := range d.ttl {
				ttl[k] = nil
			}
			if err := syncDerived(tx, prefixTTL+t.name+"/", ttl); err != nil {
				return err
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		t.stats.mu.Lock()
		t.stats.coll = nil
		t.stats.mu.Unlock()
		if err := e.recountTable(t); err != nil {
			return nil, err
		}
	}
	return before, nil
}

// syncDerived makes the keys under prefix hold exactly want: stale keys
// deleted, missing or different ones written (a nil item is a TTL-queue key,
// whose value is empty); keys already right are left as they are.
func syncDerived(tx *wtx, prefix string, want map[string]model.Item) error {
	var stale []string
	var wrong []string
	seen := 0
	tx.AscendGreaterOrEqual("", prefix, func(k, v string) bool {
		if !strings.HasPrefix(k, prefix) {
			return false
		}
		w, ok := want[k]
		switch {
		case !ok:
			stale = append(stale, k)
		case w == nil:
			seen++
			if v != "" {
				wrong = append(wrong, k)
			}
		default:
			seen++
			if got, _, err := decodeStored(v); err != nil || !model.ItemsEqual(got, w) {
				wrong = append(wrong, k)
			}
		}
		return true
	})
	for _, k := range stale {
		if _, err := tx.Delete(k); err != nil {
			return err
		}
	}
	write := func(k string) error {
		v := ""
		if w := want[k]; w != nil {
			v = string(encodeStored(nil, w, model.ItemSize(w)))
		}
		_, _, err := tx.Set(k, v, nil)
		return err
	}
	for _, k := range wrong {
		if err := write(k); err != nil {
			return err
		}
	}
	if seen < len(want) {
		for k := range want {
			if _, err := tx.Get(k); err == buntdb.ErrNotFound {
				if err := write(k); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
