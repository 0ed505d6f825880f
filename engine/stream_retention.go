package engine

import (
	"strconv"
	"strings"
	"time"

	"github.com/tidwall/buntdb"
)

// streamRetention is how long (engine time) a stream record stays
// readable, also after its stream was disabled.
const streamRetention = 24 * time.Hour

// streamTrimBatch bounds how many records one trim transaction deletes.
const streamTrimBatch = 1000

// streamRecordTime reads ApproximateCreationDateTime (epoch seconds) from a
// stored record without decoding the rest. The field comes before any
// image in the stored JSON (model.StreamRecord's first member).
func streamRecordTime(v string) (float64, bool) {
	const field = `"ApproximateCreationDateTime":`
	i := strings.Index(v, field)
	if i < 0 {
		return 0, false
	}
	rest := v[i+len(field):]
	j := strings.IndexAny(rest, ",}")
	if j < 0 {
		return 0, false
	}
	f, err := strconv.ParseFloat(rest[:j], 64)
	return f, err == nil
}

// streamTrimDue reports whether a stored record is past the retention cutoff
// (epoch seconds). A record whose time cannot be read is trimmed too.
func streamTrimDue(v string, cutoff float64) bool {
	t, ok := streamRecordTime(v)
	return !ok || t < cutoff
}

// trimStream deletes a stream's records older than the retention period,
// oldest first, in transactions of at most streamTrimBatch records, and
// moves the stream's trim mark to the last one deleted. A stream that is
// not its table's latest disappears, mark included, with its last record.
// When nothing is due it reads one record. The caller holds e.mu (read).
func (e *Engine) trimStream(s *streamRef, now time.Time) (int, error) {
	cutoff := float64(now.Add(-streamRetention).Unix())
	prefix := s.prefix()
	due := false
	e.db.View(func(tx *buntdb.Tx) error {
		if _, v, ok := firstStreamRecord(tx, prefix, 0); ok {
			due = streamTrimDue(v, cutoff)
		}
		return nil
	})
	total := 0
	for due {
		n := 0
		err := e.update(func(tx *wtx) error {
			var keys []string
			due = false
			tx.AscendGreaterOrEqual("", prefix+"0", func(k, v string) bool {
				if !strings.HasPrefix(k, prefix) || !streamTrimDue(v, cutoff) {
					return false
				}
				if len(keys) == streamTrimBatch {
					due = true
					return false
				}
				keys = append(keys, k)
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
					return nil // the stream is gone
				}
			}
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

// TrimStreams deletes the stream records older than 24 hours (engine time)
// from every stream and returns how many it deleted. The background
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
		n, _ := e.trimStream(s, now)
		total += n
	}
	return total
}
