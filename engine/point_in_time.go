package engine

import (
	"context"
	"errors"
	"time"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/history"
	"github.com/dynoscope/dynoscope/model"
)

// Point-in-time recovery: the engine side of engine/history. A table with
// PITR on writes one history record per item change, in the change's own
// transaction (applyWrite); ItemsAt and ChangesBetween read the table as it
// was at an instant and the changes between two, for restores and exports.

// pitrMeta is a table's point-in-time recovery setting (nil: off).
type pitrMeta struct {
	// EnabledAt is when PITR was last turned on (Unix nanoseconds, engine
	// clock): the earliest instant the history can rebuild.
	EnabledAt int64 `json:"EnabledAt"`
	// PeriodDays is the recovery period (RecoveryPeriodInDays, 1 to 35).
	PeriodDays int `json:"PeriodDays"`
	// Schemas are the restorable schemas the table has had since
	// (pitr_schema.go), oldest first.
	Schemas []pitrSchema `json:"Schemas,omitempty"`
}

// defaultRecoveryPeriodDays is RecoveryPeriodInDays when not given.
const defaultRecoveryPeriodDays = 35

// period returns the recovery period as a duration.
func (p *pitrMeta) period() time.Duration {
	return time.Duration(p.PeriodDays) * 24 * time.Hour
}

// historyPruneBatch bounds how many expired records one write transaction
// deletes: twice what it adds, so pruning keeps up with any write rate.
const historyPruneBatch = 2

// historyInstant returns the instant stamped on the changes of the current
// write transaction: the engine time, never before the last one stamped (so
// records stay in time order if the clock is set back). Called inside a
// write transaction, which the engine runs one at a time.
func (e *Engine) historyInstant() int64 {
	at := e.now().UnixNano()
	if last := e.histAt.Load(); at < last {
		at = last
	}
	e.histAt.Store(at)
	return at
}

// appendHistory writes the history record of an item change when the
// table has PITR on: prev is what the item's Set or Delete replaced
// (existed false: nothing). Expired records are pruned a few at a time in
// the same transaction.
func (e *Engine) appendHistory(tx *wtx, t *table, w *itemWrite, prev string, existed bool) error {
	p := t.meta.PITR
	if p == nil {
		return nil
	}
	at := e.historyInstant()
	seq := e.histSeq.Add(1)
	suffix := w.key[len(t.dataPrefix):]
	e.store.hist = history.Encode(e.store.hist[:0], suffix, prev, existed)
	if _, _, err := tx.Set(history.Key(t.name, at, seq), string(e.store.hist), nil); err != nil {
		return err
	}
	if cap(e.store.hist) > maxKeptFrame {
		e.store.hist = nil
	}
	cutoff := at - int64(p.period())
	oldest := t.stats.histOldest.Load()
	if oldest == 0 || oldest < cutoff {
		_, more, err := history.Prune(tx, t.name, cutoff, historyPruneBatch)
		if err != nil {
			return err
		}
		if !more {
			first, ok, err := history.Earliest(tx, t.name)
			if err != nil {
				return err
			}
			if !ok {
				first = at
			}
			t.stats.histOldest.Store(first)
		}
	}
	return nil
}

// initHistory sets the history clock and sequence past every record the
// workspace holds, so that new records sort after them.
func (e *Engine) initHistory() error {
	return e.db.View(func(tx *buntdb.Tx) error {
		for name := range e.tables {
			at, seq, ok, err := history.Latest(tx, name)
			if err != nil {
				return err
			}
			if ok {
				if at > e.histAt.Load() {
					e.histAt.Store(at)
				}
				if seq > e.histSeq.Load() {
					e.histSeq.Store(seq)
				}
			}
		}
		return nil
	})
}

// RestorableWindow returns the instants a table with PITR on can be
// rebuilt at, as DescribeContinuousBackups reports them: from the later of
// when PITR was turned on and the start of the recovery period, to now.
// A table without PITR gives PointInTimeRecoveryUnavailableException.
func (e *Engine) RestorableWindow(table string) (earliest, latest time.Time, err error) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	t, merr := e.lookup(table)
	if merr != nil {
		return time.Time{}, time.Time{}, merr
	}
	earliest, latest, ok := e.window(t)
	if !ok {
		return time.Time{}, time.Time{}, pitrUnavailable(table)
	}
	return earliest, latest, nil
}

// window is RestorableWindow for a looked-up table; ok is false when PITR
// is off.
func (e *Engine) window(t *table) (earliest, latest time.Time, ok bool) {
	p := t.meta.PITR
	if p == nil {
		return time.Time{}, time.Time{}, false
	}
	now := e.now()
	if last := time.Unix(0, e.histAt.Load()); last.After(now) {
		now = last
	}
	earliest = time.Unix(0, p.EnabledAt)
	if start := now.Add(-p.period()); start.After(earliest) {
		earliest = start
	}
	return earliest, now, true
}

// pitrUnavailable is the error of a PITR request on a table without it.
func pitrUnavailable(table string) *model.Error {
	return model.NewError(model.ErrPointInTimeRecoveryUnavailable, "Point in time recovery is not enabled for table '%s'", table)
}

// errOutsideWindow is returned by ItemsAt and ChangesBetween for instants
// outside the table's restorable window; callers turn it into their own
// exception (InvalidRestoreTimeException, InvalidExportTimeException).
var errOutsideWindow = errors.New("the instant is outside the table's restorable window")

// ErrOutsideWindow reports an instant outside the restorable window.
func ErrOutsideWindow(err error) bool { return errors.Is(err, errOutsideWindow) }

// ItemsAt calls fn with every item of the table as it was at instant at
// (engine clock), in storage order (partition hash, then keys), from one
// consistent read: writes wait until it returns, so fn should be quick
// (collect, do not call the engine). at must lie in RestorableWindow (else
// an error for which ErrOutsideWindow is true); a table without PITR gives
// PointInTimeRecoveryUnavailableException and an unknown one
// ResourceNotFoundException. fn's error stops the walk and is returned.
func (e *Engine) ItemsAt(ctx context.Context, table string, at time.Time, fn func(model.Item) error) error {
	return e.storedAt(ctx, table, at, func(_, stored string) error {
		item, _, err := decodeStored(stored)
		if err != nil {
			return err
		}
		return fn(item)
	})
}

// storedAt is ItemsAt handing over stored bytes and key suffixes.
func (e *Engine) storedAt(ctx context.Context, table string, at time.Time, fn func(suffix, stored string) error) error {
	if err := e.checkOpen(ctx); err != nil {
		return err
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	t, merr := e.lookup(table)
	if merr != nil {
		return merr
	}
	earliest, latest, ok := e.window(t)
	if !ok {
		return pitrUnavailable(table)
	}
	if at.Before(earliest) || at.After(latest) {
		return errOutsideWindow
	}
	return e.db.View(func(tx *buntdb.Tx) error {
		return history.StateAt(tx, t.name, t.dataPrefix, at.UnixNano(), fn)
	})
}

// ItemChange is one item change read from a table's history.
type ItemChange struct {
	At       time.Time  // when it happened (engine clock)
	Keys     model.Item // the item's key attributes
	Old, New model.Item // the item before and after; nil when absent
}

// ChangesBetween calls fn, in the order they happened, with every item
// change of the table after from and at or before to (engine clock), each
// with the item before and after it, from one consistent read (writes wait:
// fn should be quick). Both instants must lie in RestorableWindow, from not
// after to; errors as ItemsAt's.
func (e *Engine) ChangesBetween(ctx context.Context, table string, from, to time.Time, fn func(ItemChange) error) error {
	if err := e.checkOpen(ctx); err != nil {
		return err
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	t, merr := e.lookup(table)
	if merr != nil {
		return merr
	}
	earliest, latest, ok := e.window(t)
	if !ok {
		return pitrUnavailable(table)
	}
	if from.Before(earliest) || to.After(latest) || to.Before(from) {
		return errOutsideWindow
	}
	decode := func(stored string, exists bool) (model.Item, error) {
		if !exists {
			return nil, nil
		}
		item, _, err := decodeStored(stored)
		return item, err
	}
	return e.db.View(func(tx *buntdb.Tx) error {
		return history.Changes(tx, t.name, t.dataPrefix, from.UnixNano(), to.UnixNano(), func(c history.Change) error {
			old, err := decode(c.Old, c.OldExisted)
			if err != nil {
				return err
			}
			nw, err := decode(c.New, c.NewExists)
			if err != nil {
				return err
			}
			src := nw
			if src == nil {
				src = old
			}
			return fn(ItemChange{At: time.Unix(0, c.At), Keys: t.keyOf(src), Old: old, New: nw})
		})
	})
}
