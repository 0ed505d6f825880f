package capacity

import (
	"sync"
	"testing"
	"time"
)

func TestMetricsExact(t *testing.T) {
	clk := newFakeClock()
	m := NewMeter(clk, MeterOptions{})
	cfg := provisioned(100, 100)
	cfg.GSIs = map[string]Throughput{"G": {RCU: 10, WCU: 10}}
	cfg.LSIs = []string{"L"}
	m.Configure("T", cfg)
	m.Configure("Tiny", provisioned(1, 1))
	leaveOneSecond(m, "T")
	leaveOneSecond(m, "Tiny")
	h := keyHash("pk#1")
	p := PartitionOf(h, 1)

	// Second 0: a 1.5 RCU read, a 2 WCU write with 1 GSI WCU, an LSI query.
	m.Charge("T", h, readUsage("T", 1.5))
	w := writeUsage("T", 2)
	w.AddIndex("G", true, 0, 1)
	m.Charge("T", h, w)
	q := &Usage{Table: "T", Read: 0.5, Items: 3}
	q.AddIndex("L", false, 1, 0)
	m.Charge("T", h, q)
	clk.Advance(1500 * time.Millisecond) // second 1 idle
	clk.Advance(time.Second)             // second 2: Tiny throttles
	for i := 0; i < 5; i++ {             // 1 + 2.5 s × 1 = 3.5 WCU: 4 admitted
		write(m, "Tiny", 0, 1)
	}
	m.Charge("T", h, writeUsage("T", 1))

	snap := m.Series("T", time.Time{})
	if len(snap.Points) != 900 {
		t.Fatalf("%d points over the whole window, want 900", len(snap.Points))
	}
	snap = m.Series("T", t0)
	want := []Sample{
		{Second: t0.Unix(), RCU: 3, WCU: 2, Reads: 2, Writes: 1, Items: 5},
		{Second: t0.Unix() + 1},
		{Second: t0.Unix() + 2, WCU: 1, Writes: 1, Items: 1},
	}
	if len(snap.Points) != len(want) {
		t.Fatalf("points %+v", snap.Points)
	}
	for i := range want {
		if snap.Points[i] != want[i] {
			t.Errorf("second %d: %+v, want %+v", i, snap.Points[i], want[i])
		}
	}
	if g := snap.Indexes[0]; g.Name != "G" || g.Points[0] != (Sample{Second: t0.Unix(), WCU: 1, Writes: 1}) {
		t.Errorf("GSI %+v", g)
	}
	if l := snap.Indexes[1]; l.Name != "L" || l.Points[0] != (Sample{Second: t0.Unix(), RCU: 1, Reads: 1}) {
		t.Errorf("LSI %+v", l)
	}
	if pp := snap.Partitions[p].Points[0]; pp != (Sample{Second: t0.Unix(), RCU: 3, WCU: 2, Reads: 2, Writes: 1, Items: 5}) {
		t.Errorf("partition %+v", pp)
	}
	tiny := m.Series("Tiny", t0.Add(2*time.Second)).Points
	if len(tiny) != 1 || tiny[0] != (Sample{Second: t0.Unix() + 2, WCU: 4, Writes: 4, WriteThrottled: 1, Items: 4, WriteThrottledBy: LimitProvisioned.set()}) {
		t.Errorf("Tiny %+v", tiny)
	}

	// Metrics off: nothing recorded, buckets still drain.
	m.SetMetrics(false)
	m.Charge("T", h, writeUsage("T", 7))
	snap = m.Series("T", clk.Now())
	if snap.Points[0].WCU != 1 || snap.WriteLevel != 100+2.5*100-3-7 {
		t.Errorf("metrics off: %+v level %v", snap.Points[0], snap.WriteLevel)
	}
}

func TestRingStaysBounded(t *testing.T) {
	clk := newFakeClock()
	m := NewMeter(clk, MeterOptions{})
	m.Configure("T", provisioned(100, 100))
	ch, cancel := m.Subscribe(4)
	defer cancel()
	for s := 0; s < 3600; s++ {
		write(m, "T", uint32(s)<<20, 1)
		clk.Advance(time.Second)
		m.Tick()
		for len(ch) > 0 {
			<-ch
		}
	}
	tab := m.tables["T"]
	if len(tab.ring) != 900 || cap(tab.ring) != 900 || len(tab.parts[0].ring) != 60 {
		t.Fatalf("ring grew: %d/%d, partition %d", len(tab.ring), cap(tab.ring), len(tab.parts[0].ring))
	}
	snap := m.Series("T", t0)
	now := clk.Now().Unix()
	if len(snap.Points) != 900 || snap.Points[0].Second != now-899 || snap.Points[899].Second != now {
		t.Fatalf("%d points from %d", len(snap.Points), snap.Points[0].Second)
	}
	for _, p := range snap.Points[:899] {
		if p.WCU != 1 || p.Writes != 1 {
			t.Fatalf("sample %+v", p)
		}
	}
	if p := snap.Points[899]; p.WCU != 0 {
		t.Fatalf("open second %+v", p)
	}
	if n := len(snap.Partitions[0].Points); n != 60 {
		t.Fatalf("partition points %d, want 60", n)
	}
	// An hour-long jump: at most one window of ticks, the ring unchanged.
	ch2, cancel2 := m.Subscribe(2000)
	defer cancel2()
	clk.Advance(time.Hour)
	m.Tick()
	if len(ch2) != 900 {
		t.Fatalf("%d ticks after a jump, want 900", len(ch2))
	}
	if len(tab.ring) != 900 {
		t.Fatal("ring grew after a jump")
	}
}

func TestSubscribe(t *testing.T) {
	clk := newFakeClock()
	m := NewMeter(clk, MeterOptions{})
	cfg := provisioned(10, 10)
	cfg.GSIs = map[string]Throughput{"G": {RCU: 1, WCU: 1}}
	m.Configure("B", cfg)
	m.Configure("A", provisioned(1, 1))
	ch, cancel := m.Subscribe(16)
	small, cancelSmall := m.Subscribe(1)

	h := keyHash("k")
	m.Charge("B", h, writeUsage("B", 2))
	clk.Advance(999 * time.Millisecond)
	m.Tick()
	if len(ch) != 0 {
		t.Fatal("tick before the second closed")
	}
	clk.Advance(time.Millisecond)
	m.Tick()
	tick := <-ch
	if !tick.Second.Equal(t0) || len(tick.Tables) != 2 || tick.Tables[0].Table != "A" {
		t.Fatalf("tick %+v", tick)
	}
	b := tick.Tables[1]
	if b.Sample != (Sample{Second: t0.Unix(), WCU: 2, Writes: 1, Items: 1}) || len(b.Indexes) != 1 ||
		len(b.Partitions) != 1 || b.Partitions[0].Partition != PartitionOf(h, 1) || b.Partitions[0].Sample.WCU != 2 {
		t.Fatalf("table tick %+v", b)
	}
	<-small

	// Idle seconds close too, one tick each, driven by any call.
	clk.Advance(3 * time.Second)
	m.Admit("A", true, 0, nil)
	for i := 1; i <= 3; i++ {
		tick := <-ch
		if got := tick.Second.Unix() - t0.Unix(); got != int64(i) || tick.Tables[1].Sample.WCU != 0 {
			t.Fatalf("tick %d: second +%d %+v", i, got, tick.Tables[1].Sample)
		}
	}
	// The one-slot channel kept the first and dropped two; the next says so.
	<-small
	clk.Advance(time.Second)
	m.Tick()
	if tick := <-small; tick.Dropped != 2 {
		t.Fatalf("dropped %d, want 2", tick.Dropped)
	}

	cancel()
	cancel()
	for range ch { // ends: closed
	}
	m.Close()
	for range small {
	}
	cancelSmall()
	late, _ := m.Subscribe(1)
	if _, ok := <-late; ok {
		t.Fatal("subscription after Close is open")
	}
}

func TestConcurrentUse(t *testing.T) {
	clk := newFakeClock()
	m := NewMeter(clk, MeterOptions{DisableThrottling: true})
	cfg := provisioned(10, 10)
	cfg.GSIs = map[string]Throughput{"G": {RCU: 1, WCU: 1}}
	m.Configure("T", cfg)
	ch, cancel := m.Subscribe(1)
	defer cancel()
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 500; i++ {
				write(m, "T", uint32(g*i)*2654435761, 1)
				m.Admit("T", true, 0, []string{"G"})
				if i%100 == 0 {
					m.Series("T", t0)
					m.Tick()
				}
			}
		}(g)
	}
	wg.Wait()
	select {
	case <-ch:
	default:
	}
	if got := m.Series("T", t0).Points[0].WCU; got != 4000 {
		t.Fatalf("WCU %v, want 4000", got)
	}
}

func TestAdmitAndChargeDoNotAllocate(t *testing.T) {
	clk := newFakeClock()
	m := NewMeter(clk, MeterOptions{})
	cfg := provisioned(1000000, 1000000)
	cfg.GSIs = map[string]Throughput{"G": {RCU: 1000000, WCU: 1000000}}
	m.Configure("T", cfg)
	u := writeUsage("T", 1)
	u.AddIndex("G", true, 0, 1)
	gsis := []string{"G"}
	m.Charge("T", 7, u) // allocates the partition ring once
	allocs := testing.AllocsPerRun(1000, func() {
		if m.Admit("T", false, 7, nil) == nil {
			m.Charge("T", 7, u)
		}
		m.Admit("T", true, 7, gsis)
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per Admit+Charge", allocs)
	}
}
