package engine

import (
	"strings"
	"sync"

	"github.com/dynoscope/dynoscope/engine/stream"
	"github.com/tidwall/buntdb"
)

// The stream's retention bounds are in engine/stream (stream.Retention);
// the engine keeps its names for them.

// Defaults of StreamRetention. What they cost: a stream at its byte bound
// holds about 1.2 times the bound live in the heap (records, their keys,
// BuntDB's nodes): 64 MB of records, 75 MB; resident, with the collector's
// room to grow, about twice that. Measured: 300,000 PutItem of ~250-byte
// items over 20,000 keys into a NEW_AND_OLD_IMAGES stream, live heap above
// the empty engine after a collection — 84.7 MB at 24h,100000,64MB (items
// included), 45.6 MB at 32MB, 26.0 MB at 16MB. With records of 0.6 KB
// and more the byte bound binds first; the record bound binds only for
// smaller records, which cost more per stored byte.
const (
	DefaultStreamRetentionAge     = stream.DefaultAge
	DefaultStreamRetentionRecords = stream.DefaultRecords
	DefaultStreamRetentionBytes   = stream.DefaultBytes
)

// StreamRetention bounds what each stream keeps (stream.Retention).
type StreamRetention = stream.Retention

// ParseStreamRetention reads the --stream-retention syntax (see
// stream.ParseRetention).
func ParseStreamRetention(s string) (StreamRetention, error) { return stream.ParseRetention(s) }

// StreamRetention returns the bounds every stream of the workspace keeps.
func (e *Engine) StreamRetention() StreamRetention { return e.opts.StreamRetention.WithDefaults() }

// StreamUsage is what a table's current stream keeps against the bounds.
type StreamUsage struct {
	StreamArn string
	// Records and Bytes are the records kept and their stored size.
	Records int64
	Bytes   int64
	// Retention is the bounds they are kept under.
	Retention StreamRetention
}

// StreamUsage returns what a table's latest stream (enabled, or disabled
// and still holding records) keeps; false when the table does not exist or
// never had a stream. The first call for a stream counts its records once.
func (e *Engine) StreamUsage(table string) (StreamUsage, bool) {
	if e.closed.Load() {
		return StreamUsage{}, false
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	t := e.tables[table]
	if t == nil || t.meta.Desc.LatestStreamLabel == "" {
		return StreamUsage{}, false
	}
	s := e.newStreamRef(t, t.meta.Desc.LatestStreamLabel)
	u := e.streamUsageOf(s.prefix())
	return StreamUsage{StreamArn: s.arn, Records: u.records, Bytes: u.bytes, Retention: e.StreamRetention()}, true
}

// streamBounds is the engine's running count of what each stream keeps,
// by stream key prefix. An entry is made on first need by counting the
// stream's records; then writes add to it after they commit and trims take
// from it inside their transaction.
type streamBounds struct {
	trimMu sync.Mutex // one trim at a time
	mu     sync.Mutex // guards usage and every entry
	usage  map[string]*streamCount
}

// streamCount is one stream's count. Records with a sequence number up to
// counted were already there when the entry was made by counting storage:
// their commits add nothing.
type streamCount struct {
	records, bytes int64
	counted        uint64
}

// streamWrite is one stream record a transaction wrote: its sequence
// number and stored size, added to the stream's count once it commits.
type streamWrite struct {
	seq   uint64
	bytes int
}

// streamUsageOf returns a copy of a stream's count, counting storage if
// there is no entry yet. The caller holds e.mu (read).
func (e *Engine) streamUsageOf(prefix string) streamCount {
	e.bounds.mu.Lock()
	c := e.bounds.usage[prefix]
	if c != nil {
		defer e.bounds.mu.Unlock()
		return *c
	}
	e.bounds.mu.Unlock()
	// Count with the storage read lock held, so that no write or trim
	// commits in between, and install the entry before releasing it. The
	// lock order is storage, then bounds.mu, everywhere.
	var out streamCount
	e.db.View(func(tx *buntdb.Tx) error {
		var fresh streamCount
		fresh.counted = e.streamSeq.Load()
		tx.AscendGreaterOrEqual("", prefix+"0", func(k, v string) bool {
			if !strings.HasPrefix(k, prefix) {
				return false
			}
			fresh.records++
			fresh.bytes += int64(len(v))
			return true
		})
		e.bounds.mu.Lock()
		defer e.bounds.mu.Unlock()
		if e.bounds.usage == nil {
			e.bounds.usage = map[string]*streamCount{}
		}
		if c := e.bounds.usage[prefix]; c != nil {
			out = *c
			return nil
		}
		e.bounds.usage[prefix] = &fresh
		out = fresh
		return nil
	})
	return out
}

// streamWritten adds a committed transaction's stream records to the
// count of the table's latest stream and trims it when it is over a
// bound. commit calls it; the caller holds e.mu (read).
func (e *Engine) streamWritten(t *table, writes []streamWrite) {
	if len(writes) == 0 {
		return
	}
	label := t.meta.Desc.LatestStreamLabel
	prefix := streamPrefix(t.name, label)
	e.streamUsageOf(prefix) // make sure the entry exists
	e.bounds.mu.Lock()
	c := e.bounds.usage[prefix]
	if c == nil {
		e.bounds.mu.Unlock()
		return
	}
	for _, w := range writes {
		if w.seq > c.counted {
			c.records++
			c.bytes += int64(w.bytes)
		}
	}
	over := e.StreamRetention().Over(c.records, c.bytes)
	e.bounds.mu.Unlock()
	if over {
		e.trimStream(e.newStreamRef(t, label), e.now())
	}
}

// streamTrimmed takes trimmed records from a stream's count, or drops the
// count of a stream that is gone. Called inside the trimming transaction,
// with the storage write lock held.
func (e *Engine) streamTrimmed(prefix string, records, bytes int64, gone bool) {
	e.bounds.mu.Lock()
	defer e.bounds.mu.Unlock()
	c := e.bounds.usage[prefix]
	if c == nil {
		return
	}
	if gone {
		delete(e.bounds.usage, prefix)
		return
	}
	c.records -= records
	c.bytes -= bytes
}

// streamOverBound reports whether a stream's count, if there is one yet,
// is over a bound.
func (e *Engine) streamOverBound(prefix string) bool {
	e.bounds.mu.Lock()
	defer e.bounds.mu.Unlock()
	c := e.bounds.usage[prefix]
	return c != nil && e.StreamRetention().Over(c.records, c.bytes)
}

// streamCountOrZero returns a stream's count when there is one.
func (e *Engine) streamCountOrZero(prefix string) (streamCount, bool) {
	e.bounds.mu.Lock()
	defer e.bounds.mu.Unlock()
	c := e.bounds.usage[prefix]
	if c == nil {
		return streamCount{}, false
	}
	return *c, true
}

// forgetStreamCounts drops the counts of streams whose table is gone. The
// caller holds e.mu (read).
func (e *Engine) forgetStreamCounts() {
	e.bounds.mu.Lock()
	defer e.bounds.mu.Unlock()
	for prefix := range e.bounds.usage {
		rest := strings.TrimPrefix(prefix, prefixStream)
		name, _, _ := strings.Cut(rest, "/")
		if e.tables[name] == nil {
			delete(e.bounds.usage, prefix)
		}
	}
}
