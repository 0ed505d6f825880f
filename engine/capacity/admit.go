package capacity

import "github.com/dynoscope/dynoscope/model"

// Admit decides whether a request may start now. read tells a read from a
// write; hash is the 32-bit hash of the table partition key the request
// addresses (for a Scan page, the hash where the page starts).
//
// For a read, gsis names the index read: if it is a configured GSI the
// request needs that GSI's read bucket only (the hash is then ignored, GSI
// partitions are not modelled); otherwise (nil, or an LSI name) it needs the
// table's read bucket and its partition's. For a write, gsis names the GSIs
// the write may update, nil meaning all of the table's GSIs (pass an empty
// non-nil slice for none): the write needs the table's write bucket, its
// partition's and every one of those GSIs' write buckets, since a throttled
// GSI throttles the table's writes (back-pressure, seed 004).
//
// It returns nil, or the throttling error (counted in the metrics with its
// reason): for a provisioned table ProvisionedThroughputExceededException,
// with the GSI message when a GSI's bucket was the one empty; for an
// on-demand table ThrottlingException. Either carries one ThrottlingReason
// (API Reference ThrottlingReason): Table or Index × Read or Write ×
// ProvisionedThroughputExceeded (a provisioned bucket),
// KeyRangeThroughputExceeded (a partition's bucket), AccountLimitExceeded
// (the on-demand table quota) or MaxOnDemandThroughputExceeded (a
// configured on-demand maximum), with the ARN of the table or index. A GSI
// that throttles a table write (back-pressure) is named as the index.
// Unknown tables and a Meter with throttling off always admit.
func (m *Meter) Admit(table string, read bool, hash uint32, gsis []string) *model.Error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.throttling {
		return nil // nothing to decide; Charge moves the clock on
	}
	now, sec := m.now()
	if sec != m.lastSec {
		m.advance(sec)
	}
	t := m.tables[table]
	if t == nil {
		return nil
	}
	if read {
		gsiRead := false
		for _, name := range gsis {
			ix := t.indexes[name]
			if ix == nil || !ix.buckets {
				continue
			}
			gsiRead = true
			if !ix.read.admits(now) {
				return m.throttled(t, ix, nil, sec, true, ix.limitOf(t, true))
			}
		}
		if gsiRead {
			return nil
		}
		p := &t.parts[PartitionOf(hash, len(t.parts))]
		if !t.read.admits(now) {
			return m.throttled(t, nil, p, sec, true, t.limitOf(true))
		}
		if t.partLimits && !p.read.admits(now) {
			return m.throttled(t, nil, p, sec, true, LimitKeyRange)
		}
		return nil
	}
	p := &t.parts[PartitionOf(hash, len(t.parts))]
	if !t.write.admits(now) {
		return m.throttled(t, nil, p, sec, false, t.limitOf(false))
	}
	if t.partLimits && !p.write.admits(now) {
		return m.throttled(t, nil, p, sec, false, LimitKeyRange)
	}
	if gsis == nil {
		for _, ix := range t.gsis {
			if !ix.write.admits(now) {
				return m.throttled(t, ix, p, sec, false, ix.limitOf(t, false))
			}
		}
		return nil
	}
	for _, name := range gsis {
		ix := t.indexes[name]
		if ix != nil && ix.buckets && !ix.write.admits(now) {
			return m.throttled(t, ix, p, sec, false, ix.limitOf(t, false))
		}
	}
	return nil
}

// limitOf tells why the table's own read (or write) bucket refused.
func (t *tableState) limitOf(read bool) Limit {
	switch {
	case !t.onDemand:
		return LimitProvisioned
	case (read && t.readMax) || (!read && t.writeMax):
		return LimitMaxOnDemand
	}
	return LimitAccount
}

// limitOf tells why a GSI's read (or write) bucket refused.
func (ix *indexState) limitOf(t *tableState, read bool) Limit {
	switch {
	case !t.onDemand:
		return LimitProvisioned
	case (read && ix.readMax) || (!read && ix.writeMax):
		return LimitMaxOnDemand
	}
	return LimitAccount
}

// throttleError builds the throttling exception of table t (and of GSI ix,
// when it is the one throttled) with its ThrottlingReason.
func throttleError(t *tableState, ix *indexState, read bool, limit Limit) *model.Error {
	var e *model.Error
	switch {
	case t.onDemand:
		e = OnDemandThrottled()
	case ix != nil:
		e = IndexThroughputExceeded()
	default:
		e = TableThroughputExceeded()
	}
	e.ThrottlingReasons = []model.ThrottlingReason{Reason(t.arn, ix.nameOrEmpty(), read, limit)}
	return e
}

func (ix *indexState) nameOrEmpty() string {
	if ix == nil {
		return ""
	}
	return ix.name
}

// throttled counts one throttled request, with its reason, on the table,
// and on the index and the partition when given, and returns its error.
func (m *Meter) throttled(t *tableState, ix *indexState, p *partition, sec int64, read bool, limit Limit) *model.Error {
	if m.metrics {
		countThrottle(t.ring.slot(sec), read, limit)
		if ix != nil {
			countThrottle(ix.ring.slot(sec), read, limit)
		}
		if p != nil {
			countThrottle(m.partRing(p).slot(sec), read, limit)
		}
	}
	return throttleError(t, ix, read, limit)
}

func countThrottle(s *Sample, read bool, limit Limit) {
	if read {
		s.ReadThrottled++
		s.ReadThrottledBy |= limit.set()
	} else {
		s.WriteThrottled++
		s.WriteThrottledBy |= limit.set()
	}
}

func (m *Meter) partRing(p *partition) ring {
	if p.ring == nil {
		p.ring = newRing(m.pwindow)
	}
	return p.ring
}

// Charge deducts what a request consumed, after it ran: the table's read and
// write units and those of its LSIs from the table's buckets and from the
// partition of hash, each GSI's units from that GSI's buckets. The buckets
// may go into debt (see Admit); with throttling off they stop at zero. It
// records the units, request and item counts in the metrics. Unknown tables
// are ignored. Batch actions charge each item with its own hash, so that
// every partition is charged its own units.
func (m *Meter) Charge(table string, hash uint32, u *Usage) {
	if u == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	now, sec := m.now()
	if sec != m.lastSec {
		m.advance(sec)
	}
	t := m.tables[table]
	if t == nil {
		return
	}
	noDebt := !m.throttling
	tr, tw := u.Read, u.Write
	anyRead, anyWrite := tr > 0, tw > 0
	for i := range u.Indexes {
		iu := &u.Indexes[i]
		anyRead = anyRead || iu.Read > 0
		anyWrite = anyWrite || iu.Write > 0
		ix := t.indexes[iu.Name]
		if iu.Global {
			if ix != nil && ix.buckets {
				ix.read.take(now, toNano(iu.Read), noDebt)
				ix.write.take(now, toNano(iu.Write), noDebt)
			}
		} else {
			tr += iu.Read
			tw += iu.Write
		}
		if m.metrics {
			if ix == nil {
				ix = &indexState{name: iu.Name, global: iu.Global, ring: newRing(m.window)}
				t.indexes[iu.Name] = ix
			}
			ix.ring.slot(sec).add(iu.Read, iu.Write, 0)
		}
	}
	rn, wn := toNano(tr), toNano(tw)
	t.read.take(now, rn, noDebt)
	t.write.take(now, wn, noDebt)
	p := &t.parts[PartitionOf(hash, len(t.parts))]
	p.read.take(now, rn, noDebt)
	p.write.take(now, wn, noDebt)
	if !m.metrics {
		return
	}
	s := t.ring.slot(sec)
	s.RCU += tr
	s.WCU += tw
	s.Items += uint32(max(u.Items, 0))
	if anyRead {
		s.Reads++
	}
	if anyWrite {
		s.Writes++
	}
	if tr > 0 || tw > 0 {
		m.partRing(p).slot(sec).add(tr, tw, u.Items)
	}
}
