package engine

import (
	"strings"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

// KeyLoad is how much of a table or index lives under one partition-key
// value (the values of every partition attribute, for a GSI with a
// multi-attribute key): its items (index entries) and their DynamoDB size.
type KeyLoad struct {
	// Partition holds the partition attributes and their values.
	Partition model.Item
	Items     int64
	Bytes     int64
	// Largest is the size of the largest item (index entry) under the
	// value (KeyLoad only).
	Largest int64
}

// KeySpread is how a table's items, or an index's entries, spread over
// partition-key values: what a design check needs to name hot keys, items
// near the 400 KB limit and item collections near the 10 GB limit.
type KeySpread struct {
	Table, Index string
	// PartitionKeys are the partition-key attributes of the table or index
	// (more than one for a GSI with a multi-attribute key).
	PartitionKeys []string
	// Items and Bytes are the totals; Keys the distinct partition-key
	// values.
	Items, Bytes, Keys int64
	// Top are the heaviest partition-key values by bytes (then items), at
	// most the number asked for, heaviest first.
	Top []KeyLoad
	// LargestItem is the size of the largest item (index entry) and
	// LargestItemKey its table key.
	LargestItem    int64
	LargestItemKey model.Item
	// LargestCollection is the largest item collection of a table with local
	// secondary indexes (Index ""): the items and LSI entries under one
	// partition-key value, which DynamoDB limits to 10 GB. Zero otherwise.
	LargestCollection KeyLoad
}

// spreadTarget is the key range a spread walks and its partition
// attributes.
type spreadTarget struct {
	prefix string
	ix     *index // nil for the table
	keys   []keyAttr
}

func newSpreadTarget(t *table, index string) (spreadTarget, *model.Error) {
	if index == "" {
		return spreadTarget{prefix: t.dataPrefix, keys: []keyAttr{t.hash}}, nil
	}
	ix := t.indexByName(index)
	if ix == nil {
		return spreadTarget{}, model.Validation("The table does not have the specified index: %s", index)
	}
	return spreadTarget{prefix: ix.prefix, ix: ix, keys: ix.hashKeys}, nil
}

// names lists the partition attributes.
func (st spreadTarget) names() []string {
	out := make([]string, len(st.keys))
	for i, k := range st.keys {
		out[i] = k.name
	}
	return out
}

// partition is the encoded partition of an item (hash and values) and its
// partition attributes.
func (st spreadTarget) partition(item model.Item) ([]byte, model.Item) {
	part := make(model.Item, len(st.keys))
	for _, k := range st.keys {
		part[k.name] = item[k.name]
	}
	if st.ix != nil && st.ix.multiAttribute() {
		return appendIndexPartition(nil, st.ix, item), part
	}
	return appendHashedKey(nil, item[st.keys[0].name], nil), part
}

// KeySpread walks a table (index "") or one of its indexes once, without
// consuming capacity, and tells how its items spread over partition-key
// values, keeping the top heaviest values. It is O(items) and meant for
// design checks, not for the request path.
func (e *Engine) KeySpread(table, index string, top int) (KeySpread, error) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	t := e.tables[table]
	if t == nil {
		return KeySpread{}, model.TableNotFound(table)
	}
	st, merr := newSpreadTarget(t, index)
	if merr != nil {
		return KeySpread{}, merr
	}
	ks := KeySpread{Table: table, Index: index, PartitionKeys: st.names()}
	var run KeyLoad
	var runKey []byte
	flush := func() {
		if run.Items == 0 {
			return
		}
		ks.Keys++
		ks.Top = keepHeaviest(ks.Top, run, top)
	}
	// Collections: the table's runs plus the LSI entries under the same
	// value, summed by encoded partition key.
	var coll map[string]*KeyLoad
	if index == "" && t.hasLSI() {
		coll = map[string]*KeyLoad{}
	}
	err := e.db.View(func(tx *buntdb.Tx) error {
		var derr error
		walkPrefix(tx, st.prefix, func(v string) bool {
			item, size, err := decodeStored(v)
			if err != nil {
				derr = err
				return false
			}
			enc, part := st.partition(item)
			if runKey == nil || string(enc) != string(runKey) {
				flush()
				run, runKey = KeyLoad{Partition: part}, enc
			}
			run.Items++
			run.Bytes += int64(size)
			ks.Items++
			ks.Bytes += int64(size)
			if int64(size) > ks.LargestItem {
				ks.LargestItem, ks.LargestItemKey = int64(size), t.keyOf(item)
			}
			if coll != nil {
				addCollection(coll, string(enc), part, int64(size))
			}
			return true
		})
		if derr != nil || coll == nil {
			return derr
		}
		for _, ix := range t.indexes {
			if ix.global {
				continue
			}
			walkPrefix(tx, ix.prefix, func(v string) bool {
				item, size, err := decodeStored(v)
				if err != nil {
					derr = err
					return false
				}
				val := item[t.hash.name]
				addCollection(coll, string(appendHashedKey(nil, val, nil)), model.Item{t.hash.name: val}, int64(size))
				return true
			})
		}
		return derr
	})
	if err != nil {
		return KeySpread{}, asError(err)
	}
	flush()
	for _, c := range coll {
		if c.Bytes > ks.LargestCollection.Bytes {
			ks.LargestCollection = *c
		}
	}
	return ks, nil
}

// KeyLoad tells how much of a table (index "") or index lives under one
// partition: partition holds a value for each partition attribute (one,
// or up to four for a GSI with a multi-attribute key). One range walk, no
// capacity consumed.
func (e *Engine) KeyLoad(table, index string, partition model.Item) (KeyLoad, error) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	t := e.tables[table]
	if t == nil {
		return KeyLoad{}, model.TableNotFound(table)
	}
	st, merr := newSpreadTarget(t, index)
	if merr != nil {
		return KeyLoad{}, merr
	}
	if len(partition) != len(st.keys) {
		return KeyLoad{}, model.Validation("The provided key element does not match the schema")
	}
	part := make(model.Item, len(st.keys))
	values := make([]model.AttributeValue, len(st.keys))
	for i, k := range st.keys {
		v, ok := partition[k.name]
		if !ok {
			return KeyLoad{}, model.Validation("The provided key element does not match the schema")
		}
		v, merr = keyParam(k, v)
		if merr != nil {
			return KeyLoad{}, merr
		}
		part[k.name], values[i] = v, v
	}
	prefix := []byte(st.prefix)
	if st.ix != nil && st.ix.multiAttribute() {
		prefix = appendPartitionValues(prefix, values)
	} else {
		prefix = appendHashedKey(prefix, values[0], nil)
	}
	load := KeyLoad{Partition: part}
	err := e.db.View(func(tx *buntdb.Tx) error {
		walkPrefix(tx, string(prefix), func(v string) bool {
			size := int64(storedSize(v))
			load.Items++
			load.Bytes += size
			load.Largest = max(load.Largest, size)
			return true
		})
		return nil
	})
	return load, asError(err)
}

// ItemCollectionSize returns the size of the item collection under a
// partition-key value of a table with local secondary indexes (its items
// and their LSI entries, as the 10 GB limit counts them), and false for a
// table without LSIs.
func (e *Engine) ItemCollectionSize(table string, value model.AttributeValue) (int64, bool, error) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	t := e.tables[table]
	if t == nil {
		return 0, false, model.TableNotFound(table)
	}
	if !t.hasLSI() {
		return 0, false, nil
	}
	value, merr := keyParam(t.hash, value)
	if merr != nil {
		return 0, true, merr
	}
	var n int64
	err := e.db.View(func(tx *buntdb.Tx) error {
		n = t.scanCollection(tx, model.Item{t.hash.name: value})
		return nil
	})
	return n, true, asError(err)
}

// PeekItem returns the item under a full primary key (nil when there is
// none) without consuming capacity, being throttled or logged: what a
// design check copies before it tries a write elsewhere.
func (e *Engine) PeekItem(table string, key model.Item) (model.Item, error) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	t := e.tables[table]
	if t == nil {
		return nil, model.TableNotFound(table)
	}
	skey, merr := t.validateKeyParam(key.Clone())
	if merr != nil {
		return nil, merr
	}
	var item model.Item
	err := e.db.View(func(tx *buntdb.Tx) error {
		raw, err := tx.Get(skey)
		if err == buntdb.ErrNotFound {
			return nil
		}
		if err != nil {
			return err
		}
		item, _, err = decodeStored(raw)
		return err
	})
	return item, asError(err)
}

// keyParam checks a partition-key value given to a design query: the key's
// type, not empty, not oversized; numbers are made canonical.
func keyParam(ka keyAttr, v model.AttributeValue) (model.AttributeValue, *model.Error) {
	if v.Type != ka.typ {
		return v, model.Validation("One or more parameter values were invalid: Type mismatch for key %s expected: %s actual: %s", ka.name, ka.typ, v.Type)
	}
	if v.Type == model.TypeN {
		n, err := model.CanonicalNumber(v.N)
		if err != nil {
			return v, model.Validation("One or more parameter values were invalid: %s is not a number", v.N)
		}
		v = model.N(n)
	}
	return v, checkKeyValue(ka, v, true)
}

// walkPrefix calls fn with the value of every key under prefix, in order,
// until fn returns false.
func walkPrefix(tx *buntdb.Tx, prefix string, fn func(v string) bool) {
	tx.AscendGreaterOrEqual("", prefix, func(k, v string) bool {
		if !strings.HasPrefix(k, prefix) {
			return false
		}
		return fn(v)
	})
}

// addCollection adds size to the collection of an encoded partition key.
func addCollection(coll map[string]*KeyLoad, enc string, part model.Item, size int64) {
	c := coll[enc]
	if c == nil {
		c = &KeyLoad{Partition: part}
		coll[enc] = c
	}
	c.Items++
	c.Bytes += size
}

// keepHeaviest inserts l into top (heaviest first) and keeps at most n.
func keepHeaviest(top []KeyLoad, l KeyLoad, n int) []KeyLoad {
	if n <= 0 {
		return top
	}
	heavier := func(a, b KeyLoad) bool { return a.Bytes > b.Bytes || a.Bytes == b.Bytes && a.Items > b.Items }
	i := len(top)
	for i > 0 && heavier(l, top[i-1]) {
		i--
	}
	if i >= n {
		return top
	}
	top = append(top, KeyLoad{})
	copy(top[i+1:], top[i:])
	top[i] = l
	if len(top) > n {
		top = top[:n]
	}
	return top
}
