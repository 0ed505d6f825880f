package capacity

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// A provisioned table at 10 WCU absorbs its burst, then throttles, then is
// admitted at the provisioned rate: after 300 s idle it holds 3,000 WCU of
// burst; 100 writes a second drain it by 90 a second, so the first throttle
// is write 3,334 (33.34 s: 3000 − 0.9·3334 < 0), and from then on one write
// in ten (10 a second) gets through. Over 60 s that is 3,000 + 10·60 = 3,600.
func TestProvisionedBurstThenThrottleThenRefill(t *testing.T) {
	clk := newFakeClock()
	m := NewMeter(clk, MeterOptions{})
	m.Configure("Votes", provisioned(10, 10))
	clk.Advance(300 * time.Second)
	start := clk.Now()

	admitted := make([]int, 60)
	firstThrottle := -1
	for k := 0; k < 6000; k++ {
		err := write(m, "Votes", keyHash("contestant#1"), 1)
		if err == nil {
			admitted[k/100]++
		} else {
			wantErr(t, err, model.ErrProvisionedThroughput, MsgTableThroughput)
			if firstThrottle < 0 {
				firstThrottle = k
			}
		}
		clk.Advance(10 * time.Millisecond)
	}
	if firstThrottle != 3334 {
		t.Fatalf("first throttle at write %d, want 3334", firstThrottle)
	}
	total := 0
	for s, n := range admitted {
		total += n
		want := 100
		switch {
		case s == 33:
			want = 40 // 34 from the burst, then 6 at the provisioned rate
		case s > 33:
			want = 10
		}
		if n != want {
			t.Fatalf("second %d admitted %d, want %d", s, n, want)
		}
	}
	if total != 3600 {
		t.Fatalf("admitted %d, want 3600", total)
	}

	// The metrics saw the same: 60 seconds of WCU and throttles.
	snap := m.Series("Votes", start)
	var wcu float64
	var throttled uint32
	for _, p := range snap.Points {
		wcu += p.WCU
		throttled += p.WriteThrottled
	}
	if wcu != 3600 || throttled != 2400 {
		t.Fatalf("metrics: %v WCU, %d throttled; want 3600 and 2400", wcu, throttled)
	}

	// Refill at exactly the provisioned rate: +10 per idle second.
	before := m.Series("Votes", clk.Now()).WriteLevel
	clk.Advance(time.Second)
	if after := m.Series("Votes", clk.Now()).WriteLevel; after-before != 10 {
		t.Fatalf("refilled %v in 1 s, want 10", after-before)
	}
}

func TestAdmissionWithDebt(t *testing.T) {
	clk := newFakeClock()
	m := NewMeter(clk, MeterOptions{})
	m.Configure("T", provisioned(10, 10))
	h := keyHash("pk")
	leaveOneSecond(m, "T")
	steps := []struct {
		name    string
		advance time.Duration
		charge  float64 // charged when admitted
		admit   bool
	}{
		{"one second of capacity left", 0, 25, true}, // 10 − 25 = −15
		{"debt throttles", 0, 0, false},
		{"1 s pays 10 of 15", time.Second, 0, false},
		{"1.5 s: level exactly 0 still throttles", 500 * time.Millisecond, 0, false},
		{"0.1 s more admits, into debt again", 100 * time.Millisecond, 4, true}, // 1 − 4 = −3
		{"debt again", 200 * time.Millisecond, 0, false},                        // −1
		{"paid and one more", 200 * time.Millisecond, 0.5, true},                // 1 − 0.5
		{"half a unit left", 0, 0.5, true},                                      // 0
		{"empty", 0, 0, false},
	}
	for _, s := range steps {
		clk.Advance(s.advance)
		err := m.Admit("T", true, h, nil)
		if (err == nil) != s.admit {
			t.Fatalf("%s: admitted=%v, want %v", s.name, err == nil, s.admit)
		}
		if err == nil {
			m.Charge("T", h, readUsage("T", s.charge))
		}
	}
	// Reads and writes have separate buckets.
	if err := m.Admit("T", false, h, nil); err != nil {
		t.Fatalf("write throttled by reads: %v", err)
	}
}

// The write sharding lesson (seed 004): 2,000 writes a second to one
// contestant on a table provisioned with 4,000 WCU throttle at the one
// partition's 1,000 WCU, although the table has capacity left; the same load
// spread over contestant#0..19 does not.
func TestWriteSharding(t *testing.T) {
	const seconds = 10
	run := func(key func(k int) string) (admitted, throttled []int, m *Meter) {
		clk := newFakeClock()
		m = NewMeter(clk, MeterOptions{})
		m.Configure("Votes", provisioned(4000, 4000))
		admitted, throttled = make([]int, seconds), make([]int, seconds)
		for k := 0; k < 2000*seconds; k++ {
			if err := write(m, "Votes", keyHash(key(k)), 1); err != nil {
				wantErr(t, err, model.ErrProvisionedThroughput, MsgTableThroughput)
				throttled[k/2000]++
			} else {
				admitted[k/2000]++
			}
			clk.Advance(500 * time.Microsecond)
		}
		return admitted, throttled, m
	}
	if n := PartitionCount(4000, 4000, 0); n != 6 {
		t.Fatalf("partitions %d, want 6", n)
	}

	// One key: the partition starts with 1,000 WCU and earns 1,000 more in
	// the first second, so all 2,000 pass; from then on every other write,
	// 1,000 a second.
	admitted, throttled, m := run(func(int) string { return "contestant#7" })
	for s := 0; s < seconds; s++ {
		wantA, wantT := 1000, 1000
		if s == 0 {
			wantA, wantT = 2000, 0
		}
		if admitted[s] != wantA || throttled[s] != wantT {
			t.Fatalf("hot key second %d: %d admitted, %d throttled; want %d, %d", s, admitted[s], throttled[s], wantA, wantT)
		}
	}
	snap := m.Series("Votes", t0)
	if snap.WriteLevel <= 0 {
		t.Fatalf("table bucket at %v: the table itself should have capacity left", snap.WriteLevel)
	}
	hot := PartitionOf(keyHash("contestant#7"), 6)
	for s := 1; s < seconds; s++ {
		p := snap.Partitions[hot].Points
		if len(p) != seconds+1 || p[s].WCU != 1000 || p[s].WriteThrottled != 1000 {
			t.Fatalf("hot partition second %d: %+v", s, p[s])
		}
	}

	// Twenty keys, 100 writes a second each: no throttling.
	admitted, throttled, m = run(func(k int) string { return fmt.Sprintf("contestant#%d", k%20) })
	for s := 0; s < seconds; s++ {
		if admitted[s] != 2000 || throttled[s] != 0 {
			t.Fatalf("sharded second %d: %d admitted, %d throttled", s, admitted[s], throttled[s])
		}
	}
	busiest := 0.0
	for _, p := range m.Series("Votes", t0).Partitions {
		busiest = max(busiest, p.Points[5].WCU)
	}
	if busiest > PartitionWCU || busiest < 2000/6 {
		t.Fatalf("busiest partition %v WCU in a second", busiest)
	}
}

func TestGSIBackPressure(t *testing.T) {
	clk := newFakeClock()
	m := NewMeter(clk, MeterOptions{})
	cfg := provisioned(100, 100)
	cfg.GSIs = map[string]Throughput{"ByStatus": {RCU: 2, WCU: 5}}
	m.Configure("Orders", cfg)
	leaveOneSecond(m, "Orders")
	h := keyHash("order#1")
	gsiWrite := func() *Usage {
		u := writeUsage("Orders", 1)
		u.AddIndex("ByStatus", true, 0, 1)
		return u
	}
	for i := 0; i < 5; i++ {
		if err := m.Admit("Orders", false, h, nil); err != nil {
			t.Fatalf("write %d: %v", i, err)
		}
		m.Charge("Orders", h, gsiWrite())
	}
	// The GSI's 5 WCU are spent: table writes throttle with the GSI message,
	// whether the GSIs are named or implied (nil), though the table has 95.
	wantErr(t, m.Admit("Orders", false, h, nil), model.ErrProvisionedThroughput, MsgIndexThroughput)
	wantErr(t, m.Admit("Orders", false, h, []string{"ByStatus"}), model.ErrProvisionedThroughput, MsgIndexThroughput)
	if err := m.Admit("Orders", false, h, []string{}); err != nil {
		t.Fatalf("write touching no GSI: %v", err)
	}
	// Reads are not affected, and a GSI read uses the GSI's read bucket.
	if err := m.Admit("Orders", true, h, nil); err != nil {
		t.Fatalf("table read: %v", err)
	}
	u := &Usage{Table: "Orders"}
	u.AddIndex("ByStatus", true, 3, 0)
	m.Charge("Orders", 0, u) // 2 − 3 = −1
	wantErr(t, m.Admit("Orders", true, 0, []string{"ByStatus"}), model.ErrProvisionedThroughput, MsgIndexThroughput)
	if err := m.Admit("Orders", true, h, nil); err != nil {
		t.Fatalf("table read after GSI read throttled: %v", err)
	}
	// 0.2 s: GSI write bucket at 1 again.
	clk.Advance(200 * time.Millisecond)
	if err := m.Admit("Orders", false, h, nil); err != nil {
		t.Fatalf("after refill: %v", err)
	}
	snap := m.Series("Orders", t0)
	ix := snap.Indexes[0]
	if ix.Name != "ByStatus" || ix.ReadLimit != 2 || ix.WriteLimit != 5 {
		t.Fatalf("index series %+v", ix)
	}
	if p := ix.Points[0]; p.WCU != 5 || p.RCU != 3 || p.WriteThrottled != 2 || p.ReadThrottled != 1 {
		t.Fatalf("index sample %+v", p)
	}
	if p := snap.Points[0]; p.WCU != 5 || p.WriteThrottled != 2 || p.ReadThrottled != 1 || p.Writes != 5 || p.Reads != 1 {
		t.Fatalf("table sample %+v", p)
	}
}

func TestLSIUnitsCountAgainstTable(t *testing.T) {
	clk := newFakeClock()
	m := NewMeter(clk, MeterOptions{})
	cfg := provisioned(10, 10)
	cfg.LSIs = []string{"LastPostIndex"}
	m.Configure("Thread", cfg)
	leaveOneSecond(m, "Thread")
	u := &Usage{Table: "Thread", Read: 4} // 4 table fetches
	u.AddIndex("LastPostIndex", false, 1, 0)
	m.Charge("Thread", 0, u)
	snap := m.Series("Thread", t0)
	if snap.ReadLevel != 5 {
		t.Fatalf("table read bucket %v, want 10 − 5", snap.ReadLevel)
	}
	if p := snap.Points[0]; p.RCU != 5 || p.Reads != 1 {
		t.Fatalf("table sample %+v", p)
	}
	if ix := snap.Indexes[0]; ix.Global || ix.Points[0].RCU != 1 || ix.ReadLimit != 0 {
		t.Fatalf("LSI series %+v", ix)
	}
}

func TestOnDemand(t *testing.T) {
	clk := newFakeClock()
	m := NewMeter(clk, MeterOptions{})
	m.Configure("Events", TableConfig{BillingMode: model.BillingPayPerRequest})
	h := keyHash("device#1")
	// 20,000 writes a second to one key for 5 s: far above a provisioned
	// partition, below the table limit: never throttled.
	for k := 0; k < 100000; k++ {
		if err := write(m, "Events", h, 1); err != nil {
			t.Fatalf("write %d throttled: %v", k, err)
		}
		clk.Advance(50 * time.Microsecond)
	}
	if p := m.Series("Events", t0).Points[2]; p.WCU != 20000 {
		t.Fatalf("on-demand still reports units: %+v", p)
	}
	// 40,000 at one instant pass; the 40,001st is over the table limit.
	clk.Advance(time.Second)
	for k := 0; k < OnDemandTableLimit; k++ {
		if err := write(m, "Events", uint32(k)*104729, 1); err != nil {
			t.Fatalf("write %d of the limit throttled: %v", k, err)
		}
	}
	wantErr(t, write(m, "Events", h, 1), model.ErrThrottling, MsgOnDemandThrottling)

	// With OnDemandHotPartitions, a hot key throttles at 1,000 WRU.
	m = NewMeter(clk, MeterOptions{OnDemandHotPartitions: true})
	m.Configure("Events", TableConfig{BillingMode: model.BillingPayPerRequest})
	for k := 0; k < PartitionWCU; k++ {
		if err := write(m, "Events", h, 1); err != nil {
			t.Fatalf("write %d: %v", k, err)
		}
	}
	wantErr(t, write(m, "Events", h, 1), model.ErrThrottling, MsgOnDemandThrottling)
	if err := write(m, "Events", h+1<<31, 1); err != nil {
		t.Fatalf("another partition: %v", err)
	}
}

func TestThrottlingSwitch(t *testing.T) {
	clk := newFakeClock()
	m := NewMeter(clk, MeterOptions{DisableThrottling: true})
	m.Configure("T", provisioned(10, 10))
	leaveOneSecond(m, "T")
	for k := 0; k < 100; k++ {
		if err := write(m, "T", 0, 1); err != nil {
			t.Fatalf("throttled with throttling off: %v", err)
		}
	}
	snap := m.Series("T", t0)
	if snap.WriteLevel != 0 || snap.Points[0].WCU != 100 || snap.Throttling {
		t.Fatalf("off: level %v, sample %+v", snap.WriteLevel, snap.Points[0])
	}
	m.SetThrottling(true)
	if !m.Throttling() {
		t.Fatal("Throttling() false after SetThrottling(true)")
	}
	wantErr(t, write(m, "T", 0, 1), model.ErrProvisionedThroughput, MsgTableThroughput)
	clk.Advance(100 * time.Millisecond) // no debt was carried: 1 unit
	if err := write(m, "T", 0, 1); err != nil {
		t.Fatalf("after 0.1 s: %v", err)
	}
	// Unknown tables are always admitted and never charged.
	if err := m.Admit("Nope", false, 0, nil); err != nil {
		t.Fatal(err)
	}
	m.Charge("Nope", 0, writeUsage("Nope", 1))
	if m.Series("Nope", t0).Found || m.Explain("Nope") != "" {
		t.Fatal("unknown table found")
	}
}

func TestConfigureUpdates(t *testing.T) {
	clk := newFakeClock()
	m := NewMeter(clk, MeterOptions{})
	cfg := provisioned(10, 10)
	cfg.GSIs = map[string]Throughput{"G": {RCU: 1, WCU: 1}}
	m.Configure("T", cfg)
	leaveOneSecond(m, "T")
	m.Charge("T", 0, writeUsage("T", 4))    // 6 left
	clk.Advance(time.Second)                // 16
	m.Configure("T", provisioned(10, 5000)) // needs 6 partitions: 1 doubles to 8
	snap := m.Series("T", t0)
	if snap.WriteLevel != 16 || snap.WriteLimit != 5000 || len(snap.Indexes) != 0 {
		t.Fatalf("after UpdateTable: level %v limit %d indexes %d", snap.WriteLevel, snap.WriteLimit, len(snap.Indexes))
	}
	if len(snap.Partitions) != 8 {
		t.Fatalf("partitions %d, want 8", len(snap.Partitions))
	}
	m.Configure("T", provisioned(10, 7000)) // needs ceil(21010/3000) = 8: unchanged
	if n := len(m.Series("T", t0).Partitions); n != 8 {
		t.Fatalf("partitions %d, want 8", n)
	}
	m.Configure("T", provisioned(10, 9000)) // needs 10: 8 doubles to 16
	if n := len(m.Series("T", t0).Partitions); n != 16 {
		t.Fatalf("partitions %d, want 16", n)
	}
	m.Configure("T", provisioned(1, 1)) // partitions never merge; 16 tokens ≤ 300 kept
	snap = m.Series("T", t0)
	if len(snap.Partitions) != 16 || snap.WriteLevel != 16 || snap.BurstWrite != BurstSeconds {
		t.Fatalf("after decrease: %d partitions, level %v", len(snap.Partitions), snap.WriteLevel)
	}
	// A switch to on-demand starts fresh one-second buckets at the limits.
	m.Configure("T", TableConfig{BillingMode: model.BillingPayPerRequest})
	snap = m.Series("T", t0)
	if snap.BillingMode != model.BillingPayPerRequest || snap.WriteLevel != OnDemandTableLimit || snap.BurstWrite != OnDemandTableLimit {
		t.Fatalf("on-demand: %+v", snap)
	}
	m.Resize("T", 200<<30) // 200 GB: 20 partitions needed, 16 → 32
	if n := len(m.Series("T", t0).Partitions); n != 32 {
		t.Fatalf("after resize %d partitions, want 32", n)
	}
	m.Remove("T")
	if m.Series("T", t0).Found {
		t.Fatal("removed table still found")
	}
}

func TestExplain(t *testing.T) {
	clk := newFakeClock()
	m := NewMeter(clk, MeterOptions{})
	cfg := provisioned(4000, 4000)
	cfg.GSIs = map[string]Throughput{"G": {RCU: 5, WCU: 5}}
	cfg.LSIs = []string{"L"}
	m.Configure("Votes", cfg)
	leaveOneSecond(m, "Votes")
	m.Charge("Votes", 0, writeUsage("Votes", 3))
	got := m.Explain("Votes")
	for _, want := range []string{
		"Votes: provisioned 4000 RCU, 4000 WCU (throttling on)",
		"read bucket 4000 of 1.2e+06 (300 s burst), write bucket 3997 of 1.2e+06",
		"GSI G: 5 RCU, 5 WCU; read bucket 5, write bucket 5",
		"LSI L: uses the table's throughput",
		"6 partitions, each at most 3000 RCU and 1000 WCU per second; even share 666.667 RCU, 666.667 WCU",
		"#0 00000000-2aaaaaaa: this second 0 RCU, 3 WCU; left 3000 RCU, 997 WCU",
		"#5 d5555556-ffffffff",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Explain lacks %q:\n%s", want, got)
		}
	}
}

// A new provisioned table, and a GSI added later, start with their buckets
// full (300 s of their rate); the partition limit still applies at once.
func TestNewBucketsStartFull(t *testing.T) {
	clk := newFakeClock()
	m := NewMeter(clk, MeterOptions{})
	m.Configure("Thread", provisioned(10, 5))
	snap := m.Series("Thread", t0)
	if snap.ReadLevel != 3000 || snap.WriteLevel != 1500 {
		t.Fatalf("new table levels %v RCU, %v WCU; want 3000 and 1500", snap.ReadLevel, snap.WriteLevel)
	}
	// The table's one partition takes 1,000 WCU a second: 1,000 writes now,
	// 500 more a second later (plus the 5 earned meanwhile).
	h := keyHash("S3")
	for _, n := range []int{1000, 505} {
		for i := 0; i < n; i++ {
			if err := write(m, "Thread", h, 1); err != nil {
				t.Fatalf("write %d of %d: %v", i+1, n, err)
			}
		}
		wantErr(t, write(m, "Thread", h, 1), model.ErrProvisionedThroughput, MsgTableThroughput)
		clk.Advance(time.Second)
	}

	// A GSI added by UpdateTable starts full too; the table keeps its level.
	cfg := provisioned(10, 5)
	cfg.GSIs = map[string]Throughput{"ByDate": {RCU: 4, WCU: 2}}
	m.Configure("Thread", cfg)
	snap = m.Series("Thread", t0)
	if ix := snap.Indexes[0]; ix.ReadLevel != 1200 || ix.WriteLevel != 600 {
		t.Fatalf("new GSI levels %v RCU, %v WCU; want 1200 and 600", ix.ReadLevel, ix.WriteLevel)
	}
	if snap.WriteLevel != 5 { // 1 s since it was emptied
		t.Fatalf("table write level %v after reconfiguring, want 5", snap.WriteLevel)
	}

	// One key of a 10,000 WCU table: 1,000 writes pass in a second, the next
	// throttles at the partition although the table holds 3,000,000.
	m.Configure("Votes", provisioned(10, 10000))
	hot := keyHash("Zoe")
	for i := 0; i < PartitionWCU; i++ {
		if err := write(m, "Votes", hot, 1); err != nil {
			t.Fatalf("hot write %d: %v", i+1, err)
		}
	}
	wantErr(t, write(m, "Votes", hot, 1), model.ErrProvisionedThroughput, MsgTableThroughput)
}
