package capacity

import (
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// manualTraffic keeps a started workload from running on its own: the
// test steps it (stepTraffic).
func manualTraffic(t testing.TB) {
	t.Helper()
	old := StartTraffic
	StartTraffic = func(*engine.Traffic) {}
	t.Cleanup(func() { StartTraffic = old })
}

// stepTraffic runs the workload of p for seconds of the manual clock.
func stepTraffic(t testing.TB, p *Model, clk *engine.VirtualClock, seconds int) {
	t.Helper()
	tr := p.Running()
	if tr == nil {
		t.Fatal("no workload running")
	}
	for i := 0; i < seconds; i++ {
		clk.Advance(time.Second)
		tr.Step()
	}
}

// lineWith is the first line of the pane containing s ("" if none).
func (m *bed) lineWith(s string) string {
	for _, l := range strings.Split(m.Text(), "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}

// The traffic generator's votes go to its own table, provisioned like
// Votes: the hot-key workload is throttled at its partition's 1,000 WCU
// while the table is provisioned for 20,000; the same votes sharded over
// 20 keys go through.
func TestTrafficHotKeyThrottlesShardedDoesNot(t *testing.T) {
	for _, tt := range []struct {
		name  string
		keys  []string // after "4": pick the workload, start
		throt bool
	}{
		{"hot key", []string{"t"}, true},
		{"sharded", []string{"w", "t"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			manualTraffic(t)
			eng, clk := uitest.LiveEngine(t, "write-sharding")
			m := newBed(t, eng, 120, 40)
			p := m.p
			m.browse("Votes")
			m.Press(tt.keys...)
			stepTraffic(t, p, clk, 10)
			m.Drive(p.Refresh())
			st := p.Running().Stats()
			if st.Sent != 15000 || st.Failed != 0 {
				t.Fatalf("stats %+v", st)
			}
			s := m.Text()
			traffic := m.lineWith("▶ running")
			heat := m.lineWith("hottest #")
			if tt.throt {
				if st.Throttled == 0 || !strings.Contains(traffic, "✗ "+kit.FmtInt(st.Throttled)+" throttled") {
					t.Fatalf("hot key: %+v, traffic line %q\n%s", st, traffic, s)
				}
				if !strings.Contains(heat, "hottest #9: 1,000 of its 1,000 WCU (100%) · ✗ 1,000 KeyRangeThroughputExceeded") {
					t.Fatalf("heat: %q\n%s", heat, s)
				}
				// each throttled column is marked with its reason's letter, and
				// the axis under the charts says what the letter stands for
				if !strings.Contains(m.lineWith("WCU/s"), "· ✗ "+kit.FmtInt(st.Throttled)+" throttled · provisioned 20,000 (above)") ||
					!strings.Contains(m.lineWith("throttled  "), "KKKKK") ||
					!strings.Contains(m.lineWith("ago ·"), "K KeyRangeThroughputExceeded · ← ") {
					t.Fatalf("chart:\n%s", s)
				}
				return
			}
			if st.Throttled != 0 || !strings.Contains(traffic, "none throttled") || strings.Count(s, "✗") != 1 { // the legend's
				t.Fatalf("sharded: %+v\n%s", st, s)
			}
			if !strings.Contains(m.lineWith("WCU/s"), "now 1,500") {
				t.Fatalf("chart:\n%s", s)
			}
		})
	}
}
