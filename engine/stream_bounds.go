package engine

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tidwall/buntdb"
)

// DynamoDB keeps a stream's records for 24 hours, however many there are.
// A local tool left running beside a busy application cannot: with a
// NEW_AND_OLD_IMAGES stream a day of writes is gigabytes. So besides the
// 24-hour rule each stream keeps at most a number of records and of bytes
// (the records' stored JSON), and past either bound the oldest records go
// first, as DynamoDB's trim horizon moves: a reader positioned before the
// horizon gets TrimmedDataAccessException, TRIM_HORIZON starts at the
// oldest record kept. Trimming for a bound takes the stream 1 % below it,
// so that a stream at its bound does not pay one trim per write.

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
	DefaultStreamRetentionAge     = 24 * time.Hour
	DefaultStreamRetentionRecords = 100_000
	DefaultStreamRetentionBytes   = 64 << 20
)

// minStreamRetentionBytes is the smallest byte bound: one record, with two
// 400 KB images, must fit.
const minStreamRetentionBytes = 1 << 20

// StreamRetention bounds what each stream keeps: records younger than Age
// (at most DynamoDB's 24 hours), at most Records of them and at most Bytes
// of stored records. Zero fields take the defaults.
type StreamRetention struct {
	Age     time.Duration
	Records int64
	Bytes   int64
}

// withDefaults fills the zero fields.
func (r StreamRetention) withDefaults() StreamRetention {
	if r.Age <= 0 {
		r.Age = DefaultStreamRetentionAge
	}
	if r.Records <= 0 {
		r.Records = DefaultStreamRetentionRecords
	}
	if r.Bytes <= 0 {
		r.Bytes = DefaultStreamRetentionBytes
	}
	return r
}

// Validate reports a bound out of range: an age over 24 hours (DynamoDB
// never keeps a record longer) or a byte bound under 1 MB.
func (r StreamRetention) Validate() error {
	if r.Age > DefaultStreamRetentionAge {
		return fmt.Errorf("stream retention age %s is longer than DynamoDB's 24h", r.Age)
	}
	if r.Bytes > 0 && r.Bytes < minStreamRetentionBytes {
		return fmt.Errorf("stream retention of %s is below 1MB (one record can hold two 400 KB images)", formatSize(r.Bytes))
	}
	return nil
}

// String renders r as ParseStreamRetention reads it, e.g. "24h,100000,64MB".
func (r StreamRetention) String() string {
	r = r.withDefaults()
	age := r.Age.String() // "24h0m0s", "1h30m0s"
	if strings.HasSuffix(age, "h0m0s") {
		age = strings.TrimSuffix(age, "0m0s")
	} else if strings.HasSuffix(age, "m0s") {
		age = strings.TrimSuffix(age, "0s")
	}
	return age + "," + strconv.FormatInt(r.Records, 10) + "," + formatSize(r.Bytes)
}

// over reports whether a stream holding records and bytes exceeds a bound.
func (r StreamRetention) over(records, bytes int64) bool {
	return records > r.Records || bytes > r.Bytes
}

// aboveLowWater reports whether a stream being trimmed for a bound has yet
// to reach 1 % below it.
func (r StreamRetention) aboveLowWater(records, bytes int64) bool {
	return records > r.Records-r.Records/100 || bytes > r.Bytes-r.Bytes/100
}

// ParseStreamRetention reads the --stream-retention syntax: up to three
// comma-separated parts in any order, each recognised by its form: an age
// ("24h", "90m", at most 24h), a record count ("100000") and a size with a
// unit ("64MB"; B, KB, MB, GB, by 1024). Parts left out keep their
// defaults: "50000" changes only the record bound.
func ParseStreamRetention(s string) (StreamRetention, error) {
	var r StreamRetention
	var seenAge, seenRecords, seenBytes bool
	for part := range strings.SplitSeq(s, ",") {
		p := strings.TrimSpace(part)
		switch {
		case p == "":
			return StreamRetention{}, fmt.Errorf("stream retention %q: empty part (want e.g. 24h,100000,64MB)", s)
		case isDigits(p):
			n, err := strconv.ParseInt(p, 10, 64)
			if err != nil || n < 1 || seenRecords {
				return StreamRetention{}, fmt.Errorf("stream retention %q: bad record count %q", s, p)
			}
			r.Records, seenRecords = n, true
		case isByteSize(p):
			n, err := parseBytes(p)
			if err != nil || seenBytes {
				return StreamRetention{}, fmt.Errorf("stream retention %q: bad size %q", s, p)
			}
			r.Bytes, seenBytes = n, true
		default:
			d, err := time.ParseDuration(p)
			if err != nil || d <= 0 || seenAge {
				return StreamRetention{}, fmt.Errorf("stream retention %q: %q is neither an age (24h), a record count (100000) nor a size (64MB)", s, p)
			}
			r.Age, seenAge = d, true
		}
	}
	if err := r.Validate(); err != nil {
		return StreamRetention{}, err
	}
	return r, nil
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// byteUnits are the size units, longest first.
var byteUnits = []struct {
	suffix string
	scale  int64
}{{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30}, {"B", 1}}

func isByteSize(s string) bool {
	return strings.HasSuffix(strings.ToUpper(s), "B")
}

func parseBytes(s string) (int64, error) {
	u := strings.ToUpper(s)
	for _, unit := range byteUnits {
		if num, ok := strings.CutSuffix(u, unit.suffix); ok {
			if !isDigits(num) {
				return 0, fmt.Errorf("bad size %q", s)
			}
			n, err := strconv.ParseInt(num, 10, 64)
			if err != nil || n < 1 || n > (1<<62)/unit.scale {
				return 0, fmt.Errorf("bad size %q", s)
			}
			return n * unit.scale, nil
		}
	}
	return 0, fmt.Errorf("bad size %q", s)
}

// formatSize renders n in the largest unit that divides it.
func formatSize(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return strconv.FormatInt(n>>30, 10) + "GB"
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + "MB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + "KB"
	}
	return strconv.FormatInt(n, 10) + "B"
}

// StreamRetention returns the bounds every stream of the workspace keeps.
func (e *Engine) StreamRetention() StreamRetention { return e.opts.StreamRetention.withDefaults() }

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
	over := e.StreamRetention().over(c.records, c.bytes)
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
	return c != nil && e.StreamRetention().over(c.records, c.bytes)
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
