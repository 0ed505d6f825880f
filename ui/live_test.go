package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The clock moves an item of Messages from due, to expired but still
// readable, to deleted by TTL; the TTL pane shows each state, with the
// clock driven by the explorer's own keys (the advance prompt).
func TestTTLPaneDueExpiredDeleted(t *testing.T) {
	eng, clk := liveEngine(t, "messages-ttl")
	m := newTestModel(t, eng, 120, 40)
	selectInSidebar(t, m, "Messages", "")
	press(t, m, "5")
	// "Your parcel is at the neighbours'" was sent at 11:11:07 a week ago
	// and expires in half an hour.
	const sk = "2026-11-15T11:11:07Z"
	if l := lineWith(m, sk); !strings.Contains(l, "  due ") || !strings.Contains(l, "in 30 min") {
		t.Fatalf("before: %q\n%s", l, screen(m))
	}
	press(t, m, ">", "30m10s", "enter") // the prompt jumps the clock
	if got := clk.Now(); !got.Equal(t0.Add(30*time.Minute + 10*time.Second)) {
		t.Fatalf("clock at %v", got)
	}
	l := lineWith(m, sk)
	if !strings.Contains(l, "! expired") || !strings.Contains(l, "10 s ago") || !strings.Contains(l, "gone in ≤5 s") {
		t.Fatalf("after 31 min: %q\n%s", l, screen(m))
	}
	// Expired and not deleted: a GetItem still returns it.
	out, err := eng.GetItem(context.Background(), &model.GetItemInput{TableName: "Messages",
		Key: model.Item{"UserId": model.S("maya"), "SentAt": model.S(sk)}})
	if err != nil || out.Item == nil {
		t.Fatalf("expired item not readable before the sweep: %v %v", out, err)
	}
	press(t, m, "]") // one more minute: past the deletion delay
	if n := eng.SweepTTL(); n == 0 {
		t.Fatal("the sweep deleted nothing")
	}
	refreshLive(t, m)
	l = lineWith(m, sk)
	if !strings.Contains(l, "✓ deleted") || !strings.Contains(l, "11-22 11:12:17") {
		t.Fatalf("after the sweep: %q\n%s", l, screen(m))
	}
	if strings.Count(screen(m), sk) != 1 {
		t.Fatalf("the deleted item is still listed:\n%s", screen(m))
	}
	if !strings.Contains(statusBar(m), "⏸ paused 2026-11-22 11:12:17") {
		t.Fatalf("status bar: %q", statusBar(m))
	}
}

// Changing the workload or the rate while traffic runs restarts it; t
// stops it.
func TestTrafficRetuneAndStop(t *testing.T) {
	manualTraffic(t)
	eng, clk := liveEngine(t, "write-sharding")
	m := newTestModel(t, eng, 120, 40)
	selectInSidebar(t, m, "Votes", "")
	press(t, m, "4", "t")
	first := m.ws.capacity.Running()
	if first == nil || first.Workload().Kind != engine.WorkloadHotKey || first.Workload().Rate != 1500 || first.Workload().Table != engine.TrafficTable {
		t.Fatalf("started %+v", first)
	}
	press(t, m, "l")
	if w := m.ws.capacity.Running().Workload(); w.Rate != 2000 || w.Kind != engine.WorkloadHotKey {
		t.Fatalf("after rate up: %+v", w)
	}
	// The votes went to the generator's own table, now selected; random
	// reads read the selected table.
	stepTraffic(t, m, clk, 1)
	press(t, m, "w", "w")
	if w := m.ws.capacity.Running().Workload(); w.Kind != engine.WorkloadRandomRead || w.Table != engine.TrafficTable {
		t.Fatalf("after w w: %+v", w)
	}
	if !strings.Contains(screen(m), "t stop traffic") || !strings.Contains(statusBar(m), "traffic ▶ "+engine.TrafficTable) {
		t.Fatalf("help/status while running:\n%s", screen(m))
	}
	press(t, m, "t")
	if m.ws.capacity.Running() != nil {
		t.Fatal("t did not stop the traffic")
	}
	if _, on := m.ws.capacity.Traffic(); on {
		t.Fatal("t left the traffic wanted")
	}
	if !strings.Contains(screen(m), "t start traffic") {
		t.Fatalf("help after stop:\n%s", screen(m))
	}
}

// The clock keys work from any pane: pause, speed, jumps; the status bar
// shows the state.
func TestClockKeys(t *testing.T) {
	eng, err := engine.Open(engine.Options{Clock: engine.NewVirtualClock(t0, 1), DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	clk := eng.Clock().(*engine.VirtualClock)
	m := newTestModel(t, eng, 120, 40)
	if !strings.Contains(statusBar(m), "▶ ×1 ") {
		t.Fatalf("status: %q", statusBar(m))
	}
	press(t, m, "p")
	if !clk.Paused() || !strings.Contains(statusBar(m), "⏸ paused") || !strings.Contains(statusBar(m), "clock paused") {
		t.Fatalf("after p: paused=%v %q", clk.Paused(), statusBar(m))
	}
	press(t, m, "+", "+", "+")
	if clk.Speed() != 10 {
		t.Fatalf("speed %v", clk.Speed())
	}
	press(t, m, "-")
	if clk.Speed() != 5 || !strings.Contains(statusBar(m), "clock speed ×5") {
		t.Fatalf("speed %v %q", clk.Speed(), statusBar(m))
	}
	before := clk.Now()
	press(t, m, "}", "]")
	if d := clk.Now().Sub(before); d != time.Hour+time.Minute {
		t.Fatalf("jumped %v", d)
	}
	press(t, m, ">", "1w2d", "enter")
	if d := clk.Now().Sub(before); d != 9*24*time.Hour+time.Hour+time.Minute {
		t.Fatalf("jumped %v", d)
	}
	press(t, m, ">", "soon", "enter")
	if !m.ws.clock.Prompting() || !strings.Contains(statusBar(m), "a number and a unit") {
		t.Fatalf("a bad duration closed the prompt: %q", statusBar(m))
	}
	press(t, m, "esc", "p")
	if clk.Paused() || !strings.Contains(statusBar(m), "▶ ×5") {
		t.Fatalf("after resume: %q", statusBar(m))
	}
}

// events delivers what the engine published since ch was subscribed, as
// the event reader would.
func events(t testing.TB, m *Model, ch <-chan engine.Event) {
	t.Helper()
	send(t, m, routed{ws: m.ws, to: toRoot, msg: kit.ReadEvents(ch, 0)})
}

// The TTL pane lays out every state at every width, including values that
// are not Numbers (schema-demo's String ttl) and expiries past year 9999;
// nothing spills out of its column. (Before, "in 56,855 years" ran into
// the key: "in 56,855 yearsliam".)
func TestTTLPaneWidths(t *testing.T) {
	eng, _ := liveEngine(t)
	for _, w := range []int{80, 100, 120, 160} {
		for _, table := range []string{"Messages", "schema-demo"} {
			m := newTestModel(t, eng, w, 40)
			selectInSidebar(t, m, table, "")
			press(t, m, "5")
			s := screen(m)
			if !strings.Contains(s, "not a Number") || !strings.Contains(s, "Deleted by TTL") {
				t.Fatalf("%s at %d:\n%s", table, w, s)
			}
			for i, l := range strings.Split(m.Screen(), "\n") {
				if kit.Width(l) != w {
					t.Fatalf("%s at %d: line %d is %d cells", table, w, i+1, kit.Width(l))
				}
			}
			if l := lineWith(m, "due, in ms?"); table == "Messages" && (!strings.Contains(l, " y   ") || strings.Contains(l, "yearsliam")) {
				t.Fatalf("%s at %d: the far expiry: %q", table, w, l)
			}
		}
	}
}

// A backend with only DynamoDB's API (a remote endpoint) gets notes where
// the embedded engine's extras would be, not errors or a crash.
func TestLivePanesWithoutExtras(t *testing.T) {
	eng := demoEngine(t, "messages-ttl")
	api := struct{ engine.API }{eng}
	m := newTestModel(t, api, 120, 40)
	press(t, m, "4")
	if !strings.Contains(screen(m), "This backend reports no capacity metrics") {
		t.Fatalf("capacity:\n%s", screen(m))
	}
	press(t, m, "t")
	if !strings.Contains(screen(m), "this backend has no traffic generator") {
		t.Fatalf("traffic:\n%s", screen(m))
	}
	press(t, m, "5")
	if !strings.Contains(screen(m), "this backend has no TTL view") {
		t.Fatalf("ttl:\n%s", screen(m))
	}
	press(t, m, "6")
	if !strings.Contains(screen(m), "this backend has no Streams API") {
		t.Fatalf("stream:\n%s", screen(m))
	}
	press(t, m, "p")
	if !strings.Contains(statusBar(m), "this backend's clock cannot be controlled") {
		t.Fatalf("clock: %q", statusBar(m))
	}
}
