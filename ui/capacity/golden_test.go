package capacity

import (
	"context"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// capacityGolden runs the hot-key workload for 30 seconds from the
// Capacity pane on Votes, at w x h: the workload writes on the
// generator's own table, which the pane asks the root to show
// (kit.SelectMsg), and the pane then follows it.
func capacityGolden(t *testing.T, w, h int) {
	var started *engine.Traffic
	old := StartTraffic
	StartTraffic = func(tr *engine.Traffic) { started = tr } // stepped below, on the manual clock
	t.Cleanup(func() { StartTraffic = old })
	eng, clk := uitest.LiveEngine(t)
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, "", false)
	p.SetSize(w, h)
	tg, info := uitest.Target(t, eng, "Votes", "")
	uitest.Drive(t, p, p.SetTarget(tg, info))
	uitest.Drive(t, p, p.SetShown(true))
	var sel *kit.SelectMsg
	for _, msg := range uitest.Press(t, p, "t") {
		if s, ok := msg.(kit.SelectMsg); ok {
			sel = &s
		}
	}
	if sel == nil || sel.Table != engine.TrafficTable || started == nil {
		t.Fatalf("t asked to show %+v (started %v), want the generator's table", sel, started != nil)
	}
	t.Cleanup(started.Stop)
	tg, info = uitest.Target(t, eng, sel.Table, "")
	uitest.Drive(t, p, p.SetTarget(tg, info))
	// the other panes read the new selection before the clock moves (the
	// root's golden waited for their Scan): the read chart shows it
	if _, err := eng.Scan(context.Background(), &model.ScanInput{TableName: sel.Table}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 30; i++ {
		clk.Advance(time.Second)
		started.Step()
	}
	// away and back (1, 4): the pane reads the metrics again
	uitest.Drive(t, p, p.SetShown(false))
	uitest.Drive(t, p, p.SetShown(true))
	uitest.Golden(t, p, w, h)
}

func TestGoldenCapacityPane(t *testing.T) { capacityGolden(t, uitest.PaneW, uitest.PaneH) }

func TestGoldenCapacityPaneSmall(t *testing.T) {
	capacityGolden(t, uitest.SmallPaneW, uitest.SmallPaneH)
}
