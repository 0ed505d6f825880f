package capacity

import (
	"sort"

	"github.com/dynoscope/dynoscope/model"
)

// Configure sets or updates a table's throughput: call it on CreateTable, on
// UpdateTable and after a GSI is added or removed. Buckets keep their tokens
// across a change of rate (up to the new limit) and start afresh on a change
// of billing mode; the partition count only grows, by doubling; metrics
// rings are kept.
func (m *Meter) Configure(table string, cfg TableConfig) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now, sec := m.now()
	m.advance(sec)
	t := m.tables[table]
	fresh := t == nil
	onDemand := cfg.BillingMode == model.BillingPayPerRequest
	if fresh {
		t = &tableState{name: table, indexes: map[string]*indexState{}, ring: newRing(m.window)}
		m.tables[table] = t
		i := sort.SearchStrings(m.names, table)
		m.names = append(m.names, "")
		copy(m.names[i+1:], m.names[i:])
		m.names[i] = table
	}
	modeChanged := !fresh && t.onDemand != onDemand
	t.onDemand = onDemand
	t.arn = cfg.Arn
	t.size = cfg.SizeBytes
	t.warmRead, t.warmWrite = cfg.WarmRead, cfg.WarmWrite
	t.rcu, t.wcu = tableRates(onDemand, cfg.RCU, cfg.WCU)
	if onDemand {
		t.rcu, t.readMax = onDemandLimit(cfg.MaxRead)
		t.wcu, t.writeMax = onDemandLimit(cfg.MaxWrite)
	}
	setBuckets(&t.read, &t.write, onDemand, t.rcu, t.wcu, fresh || modeChanged, now)
	t.partLimits = !onDemand || m.opts.OnDemandHotPartitions
	m.resizeLocked(t, now)

	for name, ix := range t.indexes {
		if ix.global {
			if _, ok := cfg.GSIs[name]; !ok {
				delete(t.indexes, name)
			}
		}
	}
	t.gsis = t.gsis[:0]
	for name, tp := range cfg.GSIs {
		ix := t.indexes[name]
		if ix == nil {
			ix = &indexState{name: name, ring: newRing(m.window)}
			t.indexes[name] = ix
		}
		first := !ix.buckets
		ix.global, ix.buckets = true, true
		ix.rcu, ix.wcu = tableRates(onDemand, tp.RCU, tp.WCU)
		ix.readMax, ix.writeMax = false, false
		if onDemand {
			ix.rcu, ix.readMax = onDemandLimit(tp.MaxRead)
			ix.wcu, ix.writeMax = onDemandLimit(tp.MaxWrite)
		}
		setBuckets(&ix.read, &ix.write, onDemand, ix.rcu, ix.wcu, first || modeChanged, now)
		t.gsis = append(t.gsis, ix)
	}
	sort.Slice(t.gsis, func(i, j int) bool { return t.gsis[i].name < t.gsis[j].name })
	for _, name := range cfg.LSIs {
		if t.indexes[name] == nil {
			t.indexes[name] = &indexState{name: name, ring: newRing(m.window)}
		}
	}
}

// tableRates returns the bucket rates: the provisioned throughput (at least
// 1) or the on-demand limits.
func tableRates(onDemand bool, rcu, wcu int64) (int64, int64) {
	if onDemand {
		return OnDemandTableLimit, OnDemandTableLimit
	}
	return max(rcu, 1), max(wcu, 1)
}

// onDemandLimit returns an on-demand table's or GSI's per-second limit:
// its configured maximum when below the 40,000-unit table quota (max
// true), the quota otherwise. max of 0 or -1 means no maximum.
func onDemandLimit(configured int64) (limit int64, max bool) {
	if configured > 0 && configured < OnDemandTableLimit {
		return configured, true
	}
	return OnDemandTableLimit, false
}

// setBuckets creates (fresh) or retunes a read and write bucket pair.
// Provisioned buckets keep BurstSeconds of unused capacity and start full:
// no AWS source says burst capacity starts empty, AWS's sample-data steps
// (create a 10/5 table, then batch-write-item the sample file) promise
// {"UnprocessedItems": {}}, and AWS's published workshop output shows a new
// 5 WCU table absorbing 100 sequential writes in under a second. Partition
// limits (3,000 RCU / 1,000 WCU a second) still apply from the first second.
// On-demand buckets are the per-second table limit: they keep one second and
// start full.
func setBuckets(r, w *bucket, onDemand bool, rcu, wcu int64, fresh bool, now int64) {
	keep := int64(BurstSeconds)
	if onDemand {
		keep = 1
	}
	if fresh {
		*r = newBucket(rcu, keep, keep, now)
		*w = newBucket(wcu, keep, keep, now)
		return
	}
	r.retune(rcu, keep, now)
	w.retune(wcu, keep, now)
}

// Resize tells the Meter a table's size; a table that outgrows 10 GB per
// partition splits its partitions. Cheap when nothing changes.
func (m *Meter) Resize(table string, sizeBytes int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if t := m.tables[table]; t != nil {
		t.size = sizeBytes
		now, _ := m.now()
		m.resizeLocked(t, now)
	}
}

// resizeLocked grows t's partitions to what its throughput and size need.
// New partitions start with full one-second buckets and empty rings: the hash
// ranges changed, so the old per-partition history no longer applies.
func (m *Meter) resizeLocked(t *tableState, now int64) {
	need := OnDemandPartitionCount(t.size)
	if !t.onDemand {
		need = PartitionCount(t.rcu, t.wcu, t.size)
	}
	need = max(need, WarmPartitionCount(t.warmRead, t.warmWrite))
	n := min(growPartitions(len(t.parts), need), MaxPartitions)
	if n == len(t.parts) {
		return
	}
	t.parts = make([]partition, n)
	for i := range t.parts {
		t.parts[i].read = newBucket(PartitionRCU, 1, 1, now)
		t.parts[i].write = newBucket(PartitionWCU, 1, 1, now)
	}
}

// Remove forgets a table (DeleteTable).
func (m *Meter) Remove(table string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.tables[table]; !ok {
		return
	}
	delete(m.tables, table)
	i := sort.SearchStrings(m.names, table)
	m.names = append(m.names[:i], m.names[i+1:]...)
}
