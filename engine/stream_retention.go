package engine

import (
	"strings"
	"time"

	"github.com/dynoscope/dynoscope/engine/stream"
	"github.com/tidwall/buntdb"
)

// streamTrimBatch bounds how many records one trim transaction deletes.
const streamTrimBatch = 1000

// trimStream deletes a stream's records older than the retention age and,
// when the stream is over its record or byte bound, its oldest records
// until it is 1 % below (see stream_bounds.go): oldest first, in
// transactions of at most streamTrimBatch records, moving the stream's trim
// mark to the last one deleted. A stream that is not its table's latest
// disappears, mark included, with its last record. When nothing is due it
// reads one record. The caller holds e.mu (read).
func (e *Engine) trimStream(s *streamRef, now time.Time) (int, error) {
	r := e.StreamRetention()
	cutoff := float64(now.Add(-r.Age).Unix())
	prefix := s.prefix()
	due := e.streamOverBound(prefix)
	if !due {
		e.db.View(func(tx *buntdb.Tx) error {
			if _, v, ok := firstStreamRecord(tx, prefix, 0); ok {
				due = stream.TrimDue(v, cutoff)
			}
			return nil
		})
	}
	if !due {
		return 0, nil
	}
	e.bounds.trimMu.Lock()
	defer e.bounds.trimMu.Unlock()
	total := 0
	shrinking := false // trimming for a bound: down to 1 % below it
	for due {
		n := 0
		err := e.update(func(tx *wtx) error {
			// The count cannot change under the storage write lock but
			// for writes that committed before and have yet to add
			// theirs: it may run a few records short, never over.
			count, counted := e.streamCountOrZero(prefix)
			records, bytes := count.records, count.bytes
			shrinking = shrinking || (counted && r.Over(records, bytes))
			var keys []string
			var trimmedBytes int64
			due = false
			tx.AscendGreaterOrEqual("", prefix+"0", func(k, v string) bool {
				if !strings.HasPrefix(k, prefix) {
					return false
				}
				if !stream.TrimDue(v, cutoff) && !(shrinking && r.AboveLowWater(records, bytes)) {
					return false
				}
				if len(keys) == streamTrimBatch {
					due = true
					return false
				}
				keys = append(keys, k)
				records--
				bytes -= int64(len(v))
				trimmedBytes += int64(len(v))
				return true
			})
			if len(keys) == 0 {
				return nil
			}
			for _, k := range keys {
				if _, err := tx.Delete(k); err != nil {
					return err
				}
			}
			n = len(keys)
			if _, old := streamTrimMark(tx.Tx, prefix); old != "" {
				if _, err := tx.Delete(old); err != nil {
					return err
				}
			}
			if !s.latest && !due {
				if _, _, left := firstStreamRecord(tx.Tx, prefix, 0); !left {
					e.streamTrimmed(prefix, 0, 0, true)
					return nil // the stream is gone
				}
			}
			e.streamTrimmed(prefix, int64(n), trimmedBytes, false)
			_, _, err := tx.Set(streamMarkKey(prefix, streamSeqFromKey(keys[len(keys)-1])), "", nil)
			return err
		})
		if err != nil {
			return total, err
		}
		total += n
	}
	return total, nil
}

// TrimStreams deletes the stream records older than the retention age (24
// hours of engine time unless Options.StreamRetention shortens it), and
// the oldest records of streams over their record or byte bound, from
// every stream and returns how many it deleted. The background
// sweeper calls it after each TTL sweep; the Streams API also trims the
// streams it reads, so retention holds with the sweeper disabled. With
// nothing due it costs one or two seeks per stream.
func (e *Engine) TrimStreams() int {
	if e.closed.Load() {
		return 0
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	now := e.now()
	total := 0
	for _, t := range e.tables {
		total += e.trimTableStreams(t, now)
	}
	e.forgetStreamCounts()
	return total
}

// trimTableStreams trims every stream of a table. The caller holds e.mu
// (read).
func (e *Engine) trimTableStreams(t *table, now time.Time) int {
	var streams []*streamRef
	e.db.View(func(tx *buntdb.Tx) error {
		streams = e.tableStreams(tx, t)
		return nil
	})
	total := 0
	for _, s := range streams {
		// Count a stream once, so that its bounds hold from the first
		// sweep after Open, before any write to it.
		e.streamUsageOf(s.prefix())
		n, _ := e.trimStream(s, now)
		total += n
	}
	return total
}
