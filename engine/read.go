package engine

import (
	"encoding/binary"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/engine/expr"
	"github.com/dynoscope/dynoscope/model"
)

// maxPageBytes is the 1 MB a Query or Scan page reads at most.
const maxPageBytes = 1 << 20

// keyRange is a half-open range [lo, hi) of storage keys.
type keyRange struct {
	lo, hi string
}

// rangeFor returns the storage-key range of one partition (prefix P) under a
// sort-key condition.
func rangeFor(p string, rc *expr.RangeCondition) keyRange {
	if rc == nil {
		return keyRange{p, prefixEnd(p)}
	}
	enc := func(v model.AttributeValue) string { return string(appendKeyValue([]byte(p), v)) }
	switch rc.Op {
	case "=":
		k := enc(rc.Values[0])
		return keyRange{k, prefixEnd(k)}
	case "<":
		return keyRange{p, enc(rc.Values[0])}
	case "<=":
		return keyRange{p, prefixEnd(enc(rc.Values[0]))}
	case ">":
		return keyRange{prefixEnd(enc(rc.Values[0])), prefixEnd(p)}
	case ">=":
		return keyRange{enc(rc.Values[0]), prefixEnd(p)}
	case "BETWEEN":
		return keyRange{enc(rc.Values[0]), prefixEnd(enc(rc.Values[1]))}
	case "begins_with":
		v := rc.Values[0]
		raw := v.S
		if v.Type == model.TypeB {
			raw = string(v.B)
		}
		k := string(appendEscaped([]byte(p), raw, false))
		return keyRange{k, prefixEnd(k)}
	}
	return keyRange{p, prefixEnd(p)}
}

// segmentRange returns the key range of one parallel-scan segment: a slice
// of the partition-key hash space under prefix.
func segmentRange(prefix string, segment, total int) keyRange {
	bound := func(s int) string {
		if s >= total {
			return prefixEnd(prefix)
		}
		h := uint32((uint64(s) << 32) / uint64(total))
		var b [4]byte
		binary.BigEndian.PutUint32(b[:], h)
		return prefix + string(b[:])
	}
	return keyRange{bound(segment), bound(segment + 1)}
}

// walk visits the keys of r in order (or in reverse), stopping when fn
// returns false.
func walk(tx *buntdb.Tx, r keyRange, reverse bool, fn func(k, v string) bool) error {
	if r.lo >= r.hi {
		return nil
	}
	if !reverse {
		return tx.AscendRange("", r.lo, r.hi, fn)
	}
	return tx.DescendLessOrEqual("", r.hi, func(k, v string) bool {
		if k >= r.hi {
			return true
		}
		if k < r.lo {
			return false
		}
		return fn(k, v)
	})
}

// readTarget is the table or index a Query or Scan reads.
type readTarget struct {
	t  *table
	ix *index // nil: the table itself
}

func (rt readTarget) prefix() string {
	if rt.ix != nil {
		return rt.ix.prefix
	}
	return rt.t.dataPrefix
}

// keyAttrs returns the attributes of a LastEvaluatedKey: the table key, plus
// the index key on index reads.
func (rt readTarget) keyAttrs() []keyAttr {
	out := []keyAttr{rt.t.hash}
	if rt.t.rng.name != "" {
		out = append(out, rt.t.rng)
	}
	if rt.ix != nil {
		for _, ka := range rt.ix.keys {
			if !rt.t.isKeyAttr(ka.name) {
				out = append(out, ka)
			}
		}
	}
	return out
}

// lastKey returns the LastEvaluatedKey for an item read from the target.
func (rt readTarget) lastKey(item model.Item) model.Item {
	k := model.Item{}
	for _, ka := range rt.keyAttrs() {
		k[ka.name] = item[ka.name]
	}
	return k
}

// startKey validates an ExclusiveStartKey and returns its storage key.
func (rt readTarget) startKey(esk model.Item) (string, *model.Error) {
	bad := model.Validation("The provided starting key is invalid: The provided key element does not match the schema")
	attrs := rt.keyAttrs()
	if len(esk) != len(attrs) {
		return "", bad
	}
	for _, ka := range attrs {
		v, ok := esk[ka.name]
		if !ok {
			return "", bad
		}
		if err := model.NormalizeValue(&v); err != nil {
			return "", err
		}
		if v.Type != ka.typ {
			return "", bad
		}
		esk[ka.name] = v
	}
	if rt.ix != nil {
		return rt.t.indexEntryKey(rt.ix, esk), nil
	}
	return rt.t.itemStorageKey(esk), nil
}

// afterStart narrows r to the keys after (or, in reverse, before) start.
func afterStart(r keyRange, start string, reverse bool) keyRange {
	if reverse {
		if start < r.hi {
			r.hi = start
		}
		return r
	}
	if next := start + "\x00"; next > r.lo {
		r.lo = next
	}
	return r
}

// pageReader evaluates the items of a Query or Scan page.
type pageReader struct {
	rt         readTarget
	trace      *RequestTrace // the caller's, when its context has one
	consistent bool
	fetch      bool // LSI read that needs attributes the index does not hold
	filter     *expr.Condition
	projection *expr.Projection
	count      bool // Select COUNT
	projected  bool // return the index entry, not the fetched item
	limit      int  // 0: none
	// oneRow marks a Query of a table that can return one row at most (a
	// hash-only key, or an equality on the sort key): its page never has a
	// LastEvaluatedKey, since such a query "cannot be restarted" (queryStart).
	oneRow bool

	// encoded hands the items over as stored (QueryEncoded, ScanEncoded):
	// set only when nothing is computed from them (no filter, projection
	// or fetch; not COUNT), so they go to the wire undecoded.
	encoded bool

	items       []model.Item
	encItems    []model.EncodedItem // the items when encoded
	countN      int
	scanned     int
	lastItem    model.Item // last entry read: LastEvaluatedKey is cut from it once
	lastRaw     string     // the same, as stored, when encoded
	indexBytes  int        // summed sizes of what was read from the table or index
	fetchBlocks int        // Σ ceil(each fetched item / 4 KB) on LSI fetches
	pageBytes   int        // bytes counted against the 1 MB page limit
	err         error
}

// visit evaluates one stored entry; it returns false to end the page.
func (pr *pageReader) visit(tx *buntdb.Tx, v string) bool {
	if pr.encoded {
		return pr.visitEncoded(v)
	}
	item, size, err := decodeStored(v)
	if err != nil {
		pr.err = err
		return false
	}
	pr.scanned++
	pr.indexBytes += size
	pr.pageBytes += size
	full := item
	if pr.fetch {
		raw, err := tx.Get(pr.rt.t.itemStorageKey(item))
		if err == nil {
			fi, fsize, err := decodeStored(raw)
			if err != nil {
				pr.err = err
				return false
			}
			full = fi
			blocks := capacity.ReadBlocks(fsize)
			pr.fetchBlocks += blocks
			pr.pageBytes += blocks * capacity.ReadUnitBytes
		}
	}
	pr.lastItem = item
	keep := true
	if pr.filter != nil {
		ok, err := pr.filter.Eval(full)
		if err != nil {
			pr.err = err
			return false
		}
		keep = ok
	}
	if keep {
		pr.countN++
		if !pr.count {
			out := full
			if pr.projected {
				out = item
			}
			if pr.projection != nil {
				out = pr.projection.Apply(full)
			}
			pr.items = append(pr.items, out)
		}
	}
	return !pr.stoppedEarly()
}

// visitEncoded is visit for a page whose items are handed over as stored:
// each entry is taken whole, its size read from its prefix, nothing decoded.
func (pr *pageReader) visitEncoded(v string) bool {
	size, n := uvarintString(v)
	if n == 0 {
		pr.err = errCorrupt
		return false
	}
	pr.scanned++
	pr.indexBytes += int(size)
	pr.pageBytes += int(size)
	pr.lastRaw = v
	pr.countN++
	if pr.encItems == nil {
		pr.encItems = make([]model.EncodedItem, 0, 64)
	}
	pr.encItems = append(pr.encItems, model.EncodedItem(v[n:]))
	return !pr.stoppedEarly()
}

// more reports whether the page stopped before the end of the range.
func (pr *pageReader) stoppedEarly() bool {
	return (pr.limit > 0 && pr.scanned >= pr.limit) || pr.pageBytes >= maxPageBytes
}

// lastEvaluatedKey is the key of the last entry read.
func (pr *pageReader) lastEvaluatedKey() (model.Item, error) {
	last := pr.lastItem
	if pr.encoded {
		var err error
		if last, _, err = decodeStored(pr.lastRaw); err != nil {
			return nil, err
		}
	}
	return pr.rt.lastKey(last), nil
}

// usage returns the read units of the page: the summed sizes rounded up to
// 4 KB once, plus each LSI fetch rounded on its own; half for eventually
// consistent reads. GSIs are always read eventually consistently.
func (pr *pageReader) usage(action string) *capacity.Usage {
	u := &capacity.Usage{Table: pr.rt.t.name}
	blocks := capacity.ReadBlocks(pr.indexBytes)
	factor := 1.0
	if !pr.consistent {
		factor = 0.5
	}
	target := pr.rt.t.name
	if pr.rt.ix != nil {
		target += "/" + pr.rt.ix.name
	}
	indexUnits := float64(blocks) * factor
	fetchUnits := float64(pr.fetchBlocks) * factor
	if pr.rt.ix == nil {
		u.Read = indexUnits
	} else {
		u.AddIndex(pr.rt.ix.name, pr.rt.ix.global, indexUnits, 0)
		u.Read = fetchUnits
	}
	what := "items"
	if pr.rt.ix != nil {
		what = "index entries"
	}
	if pr.scanned == 1 { // "1 item", "1 index entry"
		what = map[string]string{"items": "item", "index entries": "index entry"}[what]
	}
	u.Explain("%s on %s: %d %s, %s → %d × 4 KB = %d RCU", action, target, pr.scanned, what, byteCount(pr.indexBytes), blocks, blocks)
	if pr.fetchBlocks > 0 {
		u.Explain("table fetches of non-projected attributes: each item rounded up to 4 KB = %d RCU", pr.fetchBlocks)
	}
	if pr.consistent {
		u.Explain("strongly consistent = %g RCU", u.Total())
	} else {
		u.Explain("eventually consistent × 0.5 = %g RCU", u.Total())
	}
	return u
}

// pageResult is one Query or Scan page.
type pageResult struct {
	items            []model.Item // nil for Select COUNT, and when encoded
	encItems         []model.EncodedItem
	count, scanned   int32
	lastEvaluatedKey model.Item
	consumed         *model.ConsumedCapacity
}

// runPage admits, reads and charges one Query or Scan page over r, and logs
// the request with its itemised capacity. heatKey is a Query's partition
// (its storage prefix; "" for a Scan), for Contributor Insights.
func (e *Engine) runPage(action string, pr *pageReader, r keyRange, reverse bool, hash uint32, heatKey, returnCapacity string) (*pageResult, error) {
	t, index := pr.rt.t, ""
	if pr.rt.ix != nil {
		index = pr.rt.ix.name
	}
	if err := e.admit(t, true, hash, index, heatKey); err != nil {
		pr.trace.add(e.logRequest(action, t.name, index, nil, true, 0, err))
		return nil, err
	}
	err := e.db.View(func(tx *buntdb.Tx) error {
		if err := walk(tx, r, reverse, func(_, v string) bool { return pr.visit(tx, v) }); err != nil {
			return err
		}
		return pr.err
	})
	if err != nil {
		return nil, asError(err)
	}
	usage := pr.usage(action)
	res := &pageResult{count: int32(pr.countN), scanned: int32(pr.scanned), consumed: usage.Report(returnCapacity)}
	switch {
	case pr.encoded:
		res.encItems = pr.encItems
		if res.encItems == nil {
			res.encItems = []model.EncodedItem{}
		}
	case !pr.count:
		res.items = pr.items
		if res.items == nil {
			res.items = []model.Item{}
		}
	}
	if pr.stoppedEarly() && !pr.oneRow {
		if res.lastEvaluatedKey, err = pr.lastEvaluatedKey(); err != nil {
			return nil, asError(err)
		}
	}
	e.charge(t, hash, usage, index, heatKey)
	pr.trace.add(e.logRequest(action, t.name, index, usage, true, pr.countN, nil))
	return res, nil
}
