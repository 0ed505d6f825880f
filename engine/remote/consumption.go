package remote

import (
	"sort"
	"sync"
	"time"

	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
)

// The explorer's own consumption: the sum of the ConsumedCapacity the
// backend got back, per second of wall time. On AWS that is what the
// explorer costs; it is counted only for requests that asked for
// ReturnConsumedCapacity (TOTAL or INDEXES; INDEXES splits it by index),
// and the others are counted as unmetered.

var _ ConsumptionMeter = (*Backend)(nil)

// Consumption returns the backend's meter.
func (b *Backend) Consumption() remoteapi.Consumption { return b.meter }

// meterWindow is how many seconds of history a meter keeps.
const meterWindow = 15 * 60

// opKind says whether an action reads or writes.
type opKind bool

const (
	opRead  opKind = false
	opWrite opKind = true
)

// Meter sums consumed capacity per second, table and index. It is safe for
// concurrent use.
type Meter struct {
	mu     sync.Mutex
	now    func() time.Time
	secs   map[int64]map[usageKey]float64 // unix second → units
	totals Totals
}

// usageKey is one table or index, read or write. Index "" is the table
// itself, or the request's whole consumption when it gave no breakdown.
type usageKey struct {
	table, index string
	write        bool
}

// NewMeter returns an empty meter on a clock.
func NewMeter(now func() time.Time) *Meter {
	return &Meter{now: now, secs: map[int64]map[usageKey]float64{}}
}

// record adds one request's consumption (nil: an unmetered request).
func (m *Meter) record(kind opKind, cc *model.ConsumedCapacity) {
	if cc == nil {
		m.add(kind, nil)
		return
	}
	m.add(kind, []model.ConsumedCapacity{*cc})
}

// recordAll adds a batch request's per-table consumption.
func (m *Meter) recordAll(kind opKind, ccs []model.ConsumedCapacity) {
	m.add(kind, ccs)
}

func (m *Meter) add(kind opKind, ccs []model.ConsumedCapacity) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.totals.Requests++
	if len(ccs) == 0 {
		m.totals.Unmetered++
		return
	}
	sec := m.now().Unix()
	bucket := m.secs[sec]
	if bucket == nil {
		bucket = map[usageKey]float64{}
		m.secs[sec] = bucket
		m.trim(sec)
	}
	write := kind == opWrite
	for _, cc := range ccs {
		units := float64(cc.CapacityUnits)
		if write {
			m.totals.WriteUnits += units
		} else {
			m.totals.ReadUnits += units
		}
		if cc.Table == nil && cc.GlobalSecondaryIndexes == nil && cc.LocalSecondaryIndexes == nil {
			bucket[usageKey{cc.TableName, "", write}] += units
			continue
		}
		// INDEXES: the table's part and each index's; whatever the parts
		// do not cover stays with the table.
		rest := units
		for name, c := range cc.GlobalSecondaryIndexes {
			bucket[usageKey{cc.TableName, name, write}] += float64(c.CapacityUnits)
			rest -= float64(c.CapacityUnits)
		}
		for name, c := range cc.LocalSecondaryIndexes {
			bucket[usageKey{cc.TableName, name, write}] += float64(c.CapacityUnits)
			rest -= float64(c.CapacityUnits)
		}
		bucket[usageKey{cc.TableName, "", write}] += rest
	}
}

// trim drops seconds older than the window (called with mu held).
func (m *Meter) trim(now int64) {
	for s := range m.secs {
		if s <= now-meterWindow {
			delete(m.secs, s)
		}
	}
}

// Totals returns what the meter counted since the backend opened.
func (m *Meter) Totals() Totals {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.totals
}

// PerSecond returns the last n whole seconds before now, oldest first, one
// entry per second (zero when nothing was consumed), for one table or, with
// table "", for all. n is capped at the meter's window (15 minutes).
func (m *Meter) PerSecond(table string, n int) []Second {
	if n > meterWindow {
		n = meterWindow
	}
	if n <= 0 {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	end := m.now().Unix() // the current second is still filling: not shown
	out := make([]Second, n)
	for i := range out {
		sec := end - int64(n-i)
		s := Second{Start: time.Unix(sec, 0)}
		for k, u := range m.secs[sec] {
			if table != "" && k.table != table {
				continue
			}
			if k.write {
				s.Write += u
			} else {
				s.Read += u
			}
			if k.index != "" && table != "" {
				if s.Indexes == nil {
					s.Indexes = map[string]IndexUnits{}
				}
				iu := s.Indexes[k.index]
				if k.write {
					iu.Write += u
				} else {
					iu.Read += u
				}
				s.Indexes[k.index] = iu
			}
		}
		out[i] = s
	}
	return out
}

// Tables lists the tables the meter has seen consume in its window, sorted.
func (m *Meter) Tables() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	seen := map[string]bool{}
	for _, b := range m.secs {
		for k := range b {
			seen[k.table] = true
		}
	}
	out := make([]string, 0, len(seen))
	for t := range seen {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}
