package ui

import (
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
)

// liveEngine is demoEngine with throttling on, and its manual clock.
func liveEngine(t testing.TB, names ...string) (*engine.Engine, *engine.VirtualClock) {
	t.Helper()
	eng := demoEngine(t, names...)
	eng.SetThrottling(true)
	return eng, eng.Clock().(*engine.VirtualClock)
}

// manualTraffic makes the traffic generator wait for Step instead of
// running in the background, for the rest of the test.
func manualTraffic(t testing.TB) {
	t.Helper()
	old := startTraffic
	startTraffic = func(*engine.Traffic) {}
	t.Cleanup(func() { startTraffic = old })
}

// stepTraffic moves the clock a second at a time and steps the model's
// running workload after each move.
func stepTraffic(t testing.TB, m *Model, clk *engine.VirtualClock, seconds int) {
	t.Helper()
	tr := m.live.traffic.running
	if tr == nil {
		t.Fatal("no workload running")
	}
	for i := 0; i < seconds; i++ {
		clk.Advance(time.Second)
		tr.Step()
	}
}

// refreshLive fetches the shown live pane's data now, as its tick would.
func refreshLive(t testing.TB, m *Model) {
	t.Helper()
	if cmd := m.live.refresh(0, true); cmd != nil {
		send(t, m, cmd())
	}
}
