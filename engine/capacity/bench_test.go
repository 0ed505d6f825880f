package capacity

import (
	"sync/atomic"
	"testing"
	"time"
)

// stepClock moves forward step on every reading, so buckets refill and
// seconds close while a benchmark runs.
type stepClock struct {
	ns   atomic.Int64
	step int64
}

func (c *stepClock) Now() time.Time { return time.Unix(0, t0.UnixNano()+c.ns.Add(c.step)) }

// benchMeter meters a 40,000 RCU/WCU table (54 partitions) with a GSI on a
// clock that moves 50 µs per reading: 100 µs per Admit+Charge, 10,000
// requests a virtual second, so nothing throttles and a second closes every
// 10,000 operations.
func benchMeter(opts MeterOptions) (*Meter, *Usage, *Usage) {
	m := NewMeter(&stepClock{step: 50_000}, opts)
	cfg := provisioned(40000, 40000)
	cfg.GSIs = map[string]Throughput{"ByStatus": {RCU: 40000, WCU: 40000}}
	m.Configure("Orders", cfg)
	w := writeUsage("Orders", 1)
	w.AddIndex("ByStatus", true, 0, 1)
	return m, w, readUsage("Orders", 0.5)
}

// BenchmarkAdmitCharge is one PutItem's worth of metering: Admit a write
// that updates a GSI, then Charge its table and GSI units.
func BenchmarkAdmitCharge(b *testing.B) {
	for _, bc := range []struct {
		name string
		opts MeterOptions
	}{
		{"write", MeterOptions{}},
		{"write/metrics-off", MeterOptions{DisableMetrics: true}},
		{"write/throttling-off", MeterOptions{DisableThrottling: true}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			m, w, _ := benchMeter(bc.opts)
			b.ReportAllocs()
			var i uint32
			for b.Loop() {
				i += 2654435761
				if m.Admit("Orders", false, i, nil) == nil {
					m.Charge("Orders", i, w)
				}
			}
		})
	}
	b.Run("read", func(b *testing.B) {
		m, _, r := benchMeter(MeterOptions{})
		b.ReportAllocs()
		var i uint32
		for b.Loop() {
			i += 2654435761
			if m.Admit("Orders", true, i, nil) == nil {
				m.Charge("Orders", i, r)
			}
		}
	})
	b.Run("write/parallel", func(b *testing.B) {
		m, w, _ := benchMeter(MeterOptions{})
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			var i uint32
			for pb.Next() {
				i += 2654435761
				if m.Admit("Orders", false, i, nil) == nil {
					m.Charge("Orders", i, w)
				}
			}
		})
	})
}

// BenchmarkThrottled is the throttled path: Admit refuses and builds the
// error (the only allocation).
func BenchmarkThrottled(b *testing.B) {
	m := NewMeter(&stepClock{step: 1}, MeterOptions{})
	m.Configure("T", provisioned(1, 1))
	m.Charge("T", 0, writeUsage("T", 1e9))
	b.ReportAllocs()
	for b.Loop() {
		if m.Admit("T", false, 0, nil) == nil {
			b.Fatal("admitted")
		}
	}
}

// BenchmarkAdmit is one batch item's admission check.
func BenchmarkAdmit(b *testing.B) {
	m, _, _ := benchMeter(MeterOptions{})
	b.ReportAllocs()
	for b.Loop() {
		m.Admit("Orders", false, 12345, nil)
	}
}
