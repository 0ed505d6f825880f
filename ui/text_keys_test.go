package ui

import (
	"context"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
)

// The root gives a letter typed on a field of 3 Query the cursor moved to
// (no field editing) to the pane as text: } does not jump the clock, p
// does not pause it, S does not start a survey; they go into the field.
func TestLettersOnAQueryFieldNeverReachTheRoot(t *testing.T) {
	eng, err := engine.Open(engine.Options{Clock: engine.NewVirtualClock(t0, 1), DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	clk := eng.Clock().(*engine.VirtualClock)
	if _, err := fixtures.LoadAll(context.Background(), eng, []string{"forum"}); err != nil {
		t.Fatal(err)
	}
	m := newTestModel(t, eng, 120, 40)
	selectInSidebar(t, m, "Thread", "")
	press(t, m, "3")
	gotoRow(t, m, "filter")
	before := clk.Now()
	press(t, m, "}", "p", "S")
	if d := clk.Now().Sub(before); d >= time.Minute || clk.Paused() || m.modal != nil {
		t.Fatalf("the root obeyed: clock moved %v, paused %v, modal %v", d, clk.Paused(), m.modal)
	}
	if f := m.ws.query.Form().Filter; f != "}pS" || !m.capturing() {
		t.Fatalf("filter %q, editing %v", f, m.capturing())
	}
}
