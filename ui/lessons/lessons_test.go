package lessons

import (
	"os"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

func TestMain(m *testing.M) {
	// a lesson's copy runs on a manual clock, unthrottled, without the
	// background TTL pass: every result is exact
	NewCopy = func(dataset string, now time.Time) (*engine.Engine, error) {
		eng, err := engine.Open(engine.Options{Clock: engine.NewManualClock(now), DisableThrottling: true, DisableTTLSweeper: true})
		if err != nil {
			return nil, err
		}
		if err := LoadData(eng, dataset); err != nil {
			eng.Close()
			return nil, err
		}
		return eng, nil
	}
	os.Exit(m.Run())
}

// j goes to the next lesson; enter runs its first step on a copy of the
// lesson's data set, made the first time, announced to the root as a
// workspace (kit.WorkspaceMsg), and shows what the step's request returned
// and cost.
func TestRunStepOnCopy(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng)
	defer p.Close()
	p.SetSize(100, 30)
	if l, s := p.Lesson(); l != 1 || s != 1 {
		t.Fatalf("starts at lesson %d step %d", l, s)
	}
	if title, table := p.Title(); title != "Composite sort key" || table != "ShoppingCart" {
		t.Fatalf("lesson 1: %q on %q", title, table)
	}
	uitest.Press(t, p, "j")
	if title, table := p.Title(); title != "Multi-tenancy" || table != "Photos" {
		t.Fatalf("lesson 2: %q on %q", title, table)
	}
	seen := uitest.Press(t, p, "enter")
	announced := false
	for _, m := range seen {
		if w, ok := m.(kit.WorkspaceMsg); ok && w.API == engine.API(p.Copy()) {
			announced = true
		}
	}
	if p.Copy() == nil || p.Copy() == eng || !announced {
		t.Fatalf("the copy: %v, announced %v (%#v)", p.Copy(), announced, seen)
	}
	title, err, items, _, ok := p.Result()
	if !ok || err != nil || title != "Query Photos · 4 items (scanned 4) · 0.5 RCU" || len(items) != 4 {
		t.Fatalf("result %q %v %d items ok %v", title, err, len(items), ok)
	}
	if last := p.LastRequest(); last == nil || last.Action != "Query" || last.Table != "Photos" || last.Units != 0.5 {
		t.Fatalf("last request on the copy %+v", last)
	}
}
