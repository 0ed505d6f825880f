package capacity

import (
	"sort"
	"time"
)

// Sample is one second of one table, index or partition: the units
// consumed, the requests charged and throttled, and the items read or
// written. Table samples count the table's own and its LSIs' units, as
// CloudWatch's ConsumedRead/WriteCapacityUnits do; GSIs have their own.
type Sample struct {
	Second         int64 // Unix second
	RCU            float64
	WCU            float64
	Reads          uint32 // requests that consumed read units
	Writes         uint32 // requests that consumed write units
	ReadThrottled  uint32
	WriteThrottled uint32
	Items          uint32
	// ReadThrottledBy and WriteThrottledBy are why the second's throttled
	// reads and writes were throttled (the LimitTypes of their
	// ThrottlingReasons); the capacity pane marks each throttle with them.
	ReadThrottledBy  Limits
	WriteThrottledBy Limits
}

// Time returns the start of the sample's second.
func (s Sample) Time() time.Time { return time.Unix(s.Second, 0) }

func (s *Sample) add(read, write float64, items int) {
	s.RCU += read
	s.WCU += write
	if read > 0 {
		s.Reads++
	}
	if write > 0 {
		s.Writes++
	}
	s.Items += uint32(max(items, 0))
}

func (s Sample) zero() bool {
	return s.RCU == 0 && s.WCU == 0 && s.Reads == 0 && s.Writes == 0 &&
		s.ReadThrottled == 0 && s.WriteThrottled == 0 && s.Items == 0
}

// ring holds the last len(ring) seconds, second s in slot s mod len. A slot
// whose Second is not the one asked for is stale and reads as zero, so idle
// seconds cost nothing and the ring never grows.
type ring []Sample

func newRing(seconds int64) ring { return make(ring, seconds) }

func (r ring) index(sec int64) int {
	i := sec % int64(len(r))
	if i < 0 {
		i += int64(len(r))
	}
	return int(i)
}

// slot returns the sample of sec for writing, clearing a stale slot.
func (r ring) slot(sec int64) *Sample {
	s := &r[r.index(sec)]
	if s.Second != sec {
		*s = Sample{Second: sec}
	}
	return s
}

// at returns the sample of sec, zero when it is not (or no longer) held.
func (r ring) at(sec int64) Sample {
	if len(r) > 0 {
		if s := r[r.index(sec)]; s.Second == sec {
			return s
		}
	}
	return Sample{Second: sec}
}

// series returns the samples from first to last (inclusive), dense; a nil
// ring gives zero samples.
func (r ring) series(first, last int64) []Sample {
	if last < first {
		return nil
	}
	out := make([]Sample, 0, last-first+1)
	for s := first; s <= last; s++ {
		out = append(out, r.at(s))
	}
	return out
}

// MetricsSnapshot is the metrics of one table for the explorer: one sample
// per second from the asked start (bounded by the ring) up to and including
// the current, still open, second; the provisioned lines; and the bucket
// levels now.
type MetricsSnapshot struct {
	Table       string
	Found       bool
	BillingMode string // model.BillingProvisioned or model.BillingPayPerRequest
	Now         time.Time
	Throttling  bool
	// ReadLimit and WriteLimit are the provisioned RCU and WCU, or the
	// on-demand per-second table limits: the OnDemandThroughput maximum when
	// one is set (ReadMax, WriteMax), the 40,000-unit quota otherwise.
	ReadLimit, WriteLimit int64
	ReadMax, WriteMax     bool
	// WarmRead and WarmWrite are the warm throughput the partitions were
	// sized for (0 when the table was configured without one).
	WarmRead, WarmWrite int64
	// ReadLevel and WriteLevel are the tokens in the table's buckets now
	// (negative while in debt); BurstRead and BurstWrite their limits.
	ReadLevel, WriteLevel float64
	BurstRead, BurstWrite float64
	Points                []Sample
	Indexes               []IndexSeries
	Partitions            []PartitionSeries
}

// IndexSeries is the metrics of one secondary index. LSIs have no limits or
// levels of their own: their units count against the table.
type IndexSeries struct {
	Name                  string
	Global                bool
	ReadLimit, WriteLimit int64
	ReadMax, WriteMax     bool // the limits are the GSI's OnDemandThroughput maxima
	ReadLevel, WriteLevel float64
	Points                []Sample
}

// PartitionSeries is the metrics of one partition over the partition window.
type PartitionSeries struct {
	Partition int
	Lo, Hi    uint32 // the hash range it owns
	// ShareRCU and ShareWCU are its even share of the table's throughput;
	// adaptive capacity lets it go above them up to CapRCU and CapWCU.
	ShareRCU, ShareWCU    float64
	CapRCU, CapWCU        int64
	ReadLevel, WriteLevel float64
	Points                []Sample
}

// Series returns the metrics of table since the given time (the zero time
// for the whole window). Found is false for an unknown table.
func (m *Meter) Series(table string, since time.Time) MetricsSnapshot {
	m.mu.Lock()
	defer m.mu.Unlock()
	now, sec := m.now()
	m.advance(sec)
	snap := MetricsSnapshot{Table: table, Now: time.Unix(0, now), Throttling: m.throttling}
	t := m.tables[table]
	if t == nil {
		return snap
	}
	snap.Found = true
	snap.BillingMode = billingMode(t.onDemand)
	snap.ReadLimit, snap.WriteLimit = t.rcu, t.wcu
	snap.ReadMax, snap.WriteMax = t.readMax, t.writeMax
	snap.WarmRead, snap.WarmWrite = t.warmRead, t.warmWrite
	snap.ReadLevel, snap.WriteLevel = t.read.level(now), t.write.level(now)
	snap.BurstRead, snap.BurstWrite = float64(t.read.limit)/nano, float64(t.write.limit)/nano
	first := sec - m.window + 1
	if !since.IsZero() {
		first = max(first, since.Unix())
	}
	snap.Points = t.ring.series(first, sec)
	for _, ix := range t.sortedIndexes() {
		is := IndexSeries{Name: ix.name, Global: ix.global, Points: ix.ring.series(first, sec)}
		if ix.buckets {
			is.ReadLimit, is.WriteLimit = ix.rcu, ix.wcu
			is.ReadMax, is.WriteMax = ix.readMax, ix.writeMax
			is.ReadLevel, is.WriteLevel = ix.read.level(now), ix.write.level(now)
		}
		snap.Indexes = append(snap.Indexes, is)
	}
	pfirst := max(first, sec-m.pwindow+1)
	n := len(t.parts)
	for i := range t.parts {
		p := &t.parts[i]
		lo, hi := PartitionRange(i, n)
		snap.Partitions = append(snap.Partitions, PartitionSeries{
			Partition: i, Lo: lo, Hi: hi,
			ShareRCU: float64(t.rcu) / float64(n), ShareWCU: float64(t.wcu) / float64(n),
			CapRCU: PartitionRCU, CapWCU: PartitionWCU,
			ReadLevel: p.read.level(now), WriteLevel: p.write.level(now),
			Points: p.ring.series(pfirst, sec),
		})
	}
	return snap
}

func (t *tableState) sortedIndexes() []*indexState {
	out := make([]*indexState, 0, len(t.indexes))
	for _, ix := range t.indexes {
		out = append(out, ix)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// MetricsTick is one completed second of every table, sent to subscribers.
// Its slices are shared by all subscribers: read them, do not modify them.
type MetricsTick struct {
	Second time.Time
	Tables []TableTick // sorted by table name
	// Dropped is how many ticks this subscriber missed, since its previous
	// tick, because its channel was full.
	Dropped int
}

// TableTick is one second of one table.
type TableTick struct {
	Table      string
	Sample     Sample
	Indexes    []IndexTick     // every index, sorted by name
	Partitions []PartitionTick // only partitions with activity that second
}

// IndexTick is one second of one index.
type IndexTick struct {
	Name   string
	Global bool
	Sample Sample
}

// PartitionTick is one second of one partition.
type PartitionTick struct {
	Partition int
	Sample    Sample
}

type subscriber struct {
	ch      chan MetricsTick
	dropped int
}

// Subscribe returns a channel that receives one MetricsTick per completed
// second, and a function that cancels the subscription and closes the
// channel. Seconds close when Admit, Charge, Configure, Series or Tick runs
// in a later second, so a UI on an idle workspace calls Tick periodically
// (no goroutine runs in the Meter). A full channel drops ticks, counted in
// the next tick's Dropped; a jump of the clock emits at most one metrics
// window of ticks.
func (m *Meter) Subscribe(buffer int) (<-chan MetricsTick, func()) {
	sub := &subscriber{ch: make(chan MetricsTick, max(buffer, 0))}
	m.mu.Lock()
	if m.closed {
		close(sub.ch)
	} else {
		m.subs = append(m.subs, sub)
	}
	m.mu.Unlock()
	var once bool
	return sub.ch, func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		if once {
			return
		}
		once = true
		for i, s := range m.subs {
			if s == sub {
				m.subs = append(m.subs[:i], m.subs[i+1:]...)
				close(sub.ch)
				return
			}
		}
	}
}

// Tick closes the seconds that have ended by the clock, emitting their ticks.
func (m *Meter) Tick() {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, sec := m.now()
	m.advance(sec)
}

// Close closes every subscription; later subscriptions get a closed channel.
func (m *Meter) Close() {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, s := range m.subs {
		close(s.ch)
	}
	m.subs = nil
	m.closed = true
}

// advance moves the open second to sec, emitting a tick for each second
// closed on the way (at most one window of them). A clock moved backwards
// just reopens at sec.
func (m *Meter) advance(sec int64) {
	if sec <= m.lastSec {
		m.lastSec = sec
		return
	}
	if m.metrics && len(m.subs) > 0 {
		for s := max(m.lastSec, sec-m.window); s < sec; s++ {
			m.emit(s)
		}
	}
	m.lastSec = sec
}

func (m *Meter) emit(sec int64) {
	tick := MetricsTick{Second: time.Unix(sec, 0), Tables: make([]TableTick, 0, len(m.names))}
	for _, name := range m.names {
		t := m.tables[name]
		tt := TableTick{Table: name, Sample: t.ring.at(sec)}
		for _, ix := range t.sortedIndexes() {
			tt.Indexes = append(tt.Indexes, IndexTick{Name: ix.name, Global: ix.global, Sample: ix.ring.at(sec)})
		}
		for i := range t.parts {
			if s := t.parts[i].ring.at(sec); !s.zero() {
				tt.Partitions = append(tt.Partitions, PartitionTick{Partition: i, Sample: s})
			}
		}
		tick.Tables = append(tick.Tables, tt)
	}
	for _, s := range m.subs {
		t := tick
		t.Dropped = s.dropped
		select {
		case s.ch <- t:
			s.dropped = 0
		default:
			s.dropped++
		}
	}
}
