package engine

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// Defaults of the TTL sweeper.
const (
	// DefaultTTLDeletionDelay is how long (engine time) an expired item stays
	// readable before the sweeper deletes it. DynamoDB takes up to 48 hours;
	// a local tool keeps it short, so the expired-but-pending state is
	// visible without a long wait.
	DefaultTTLDeletionDelay = 15 * time.Second
	// DefaultTTLSweepInterval is how often (wall time) the sweeper looks.
	DefaultTTLSweepInterval = time.Second
	// ttlSweepBatch is how many items one sweep transaction deletes.
	ttlSweepBatch = 256
	// ttlMaxAge: DynamoDB ignores TTL values more than five years in the past.
	ttlMaxAge = 5 * 365 * 24 * time.Hour
	// maxRecentTTLDeletions bounds the in-memory list of recent deletions.
	maxRecentTTLDeletions = 200
)

// TTLDeletion is one item the TTL sweeper deleted.
type TTLDeletion struct {
	Table string
	Key   model.Item
	// Expiry is the item's TTL value (epoch seconds) and At the engine
	// time of the deletion.
	Expiry string
	At     time.Time
}

type ttlState struct {
	mu     sync.Mutex
	recent []TTLDeletion
	kick   chan struct{}
	// queueReads counts the queue keys sweeps have visited: a sweep with
	// nothing due visits none (tests check it).
	queueReads atomic.Int64
	// hook, when set (tests only), runs inside a sweep transaction after
	// each item ("item", items so far in the batch; an error aborts the
	// transaction) and after each commit ("commit", batches so far).
	hook    func(point string, n int) error
	batches int
}

func (e *Engine) ttlDelay() time.Duration {
	if e.opts.TTLDeletionDelay < 0 {
		return 0
	}
	if e.opts.TTLDeletionDelay == 0 {
		return DefaultTTLDeletionDelay
	}
	return e.opts.TTLDeletionDelay
}

// startSweeper runs the background TTL sweeper until Close.
func (e *Engine) startSweeper() {
	e.ttl.kick = make(chan struct{}, 1)
	if vc, ok := e.clock.(*VirtualClock); ok {
		vc.OnJump(e.kickSweeper)
	}
	if e.opts.DisableTTLSweeper {
		return
	}
	interval := e.opts.TTLSweepInterval
	if interval <= 0 {
		interval = DefaultTTLSweepInterval
	}
	e.bg.Add(1)
	go func() {
		defer e.bg.Done()
		ticker := time.NewTicker(interval)
		defer ticker.Stop()
		for {
			select {
			case <-e.stop:
				return
			case <-ticker.C:
			case <-e.ttl.kick:
			}
			e.SweepTTL()
			e.TrimStreams()
		}
	}()
}

// kickSweeper asks the sweeper to look now (after a clock jump).
func (e *Engine) kickSweeper() {
	if e.ttl.kick == nil {
		return
	}
	select {
	case e.ttl.kick <- struct{}{}:
	default:
	}
}

// SweepTTL deletes every item whose TTL expired at least the deletion delay
// ago, in bounded batches, and returns how many it deleted. Each sweep reads
// only the due part of each table's expiry queue.
func (e *Engine) SweepTTL() int {
	if e.closed.Load() {
		return 0
	}
	e.mu.RLock()
	var names []string
	for n, t := range e.tables {
		if _, ok := t.ttlAttr(); ok {
			names = append(names, n)
		}
	}
	e.mu.RUnlock()
	total := 0
	for _, n := range names {
		for {
			deleted, more := e.sweepTableBatch(n)
			total += deleted
			if !more {
				break
			}
		}
	}
	return total
}

// sweepTableBatch deletes up to ttlSweepBatch due items of one table in one
// transaction, each with its index entries and its stream record.
func (e *Engine) sweepTableBatch(name string) (deleted int, more bool) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	t := e.tables[name]
	if t == nil {
		return 0, false
	}
	if _, ok := t.ttlAttr(); !ok {
		return 0, false
	}
	now := e.now()
	cutoff := now.Add(-e.ttlDelay())
	prefix := prefixTTL + t.name + "/"
	lo := string(appendNumber([]byte(prefix), strconv.FormatInt(now.Add(-ttlMaxAge).Unix(), 10)))
	hi := prefixEnd(string(appendNumber([]byte(prefix), strconv.FormatInt(cutoff.Unix(), 10))))
	var fx writeEffects
	var done []TTLDeletion
	err := e.update(func(tx *wtx) error {
		var queue []string
		tx.AscendRange("", lo, hi, func(k, _ string) bool {
			e.ttl.queueReads.Add(1)
			if len(queue) == ttlSweepBatch {
				more = true
				return false
			}
			queue = append(queue, k)
			return true
		})
		for _, qk := range queue {
			rest := qk[len(prefix):]
			n := numberLen(rest)
			itemKey := t.dataPrefix + rest[n:]
			w := &itemWrite{key: itemKey, byTTL: true}
			if err := e.loadOld(tx.Tx, w, true); err != nil {
				return err
			}
			if w.old == nil {
				tx.Delete(qk)
				continue
			}
			if err := e.applyWrite(tx, t, w, nil, &fx); err != nil {
				return err
			}
			attr, _ := t.ttlAttr()
			done = append(done, TTLDeletion{Table: t.name, Key: t.keyOf(w.old), Expiry: w.old[attr].N, At: now})
			if e.ttl.hook != nil {
				if err := e.ttl.hook("item", len(done)); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		fx.revert()
		return 0, false
	}
	if e.ttl.hook != nil {
		e.ttl.batches++
		e.ttl.hook("commit", e.ttl.batches)
	}
	e.commit(t, &fx)
	if len(done) > 0 {
		e.ttl.mu.Lock()
		e.ttl.recent = append(e.ttl.recent, done...)
		if over := len(e.ttl.recent) - maxRecentTTLDeletions; over > 0 {
			e.ttl.recent = append([]TTLDeletion(nil), e.ttl.recent[over:]...)
		}
		e.ttl.mu.Unlock()
		e.publishTTL(done)
	}
	return len(done), more
}

// numberLen returns the length of the number encoding at the start of s.
func numberLen(s string) int {
	if s == "" {
		return 0
	}
	switch s[0] {
	case numZero:
		return 1
	case numPositive:
		if i := strings.IndexByte(s[3:], 0); i >= 0 {
			return 3 + i + 1
		}
	case numNegative:
		if i := strings.IndexByte(s[3:], 0xFE); i >= 0 {
			return 3 + i + 1
		}
	}
	return len(s)
}

// RecentTTLDeletions returns the most recent TTL deletions, oldest first.
func (e *Engine) RecentTTLDeletions() []TTLDeletion {
	e.ttl.mu.Lock()
	defer e.ttl.mu.Unlock()
	return append([]TTLDeletion(nil), e.ttl.recent...)
}
