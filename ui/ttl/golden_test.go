package ttl

import (
	"testing"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The TTL pane of Messages on the whole demo workspace after the sweep
// (uitest.TTLStory), at the pane size of a 120x40 terminal: every state
// at once, and the items TTL deleted.
func TestGoldenTTLPane(t *testing.T) {
	eng, clk := uitest.LiveEngine(t)
	uitest.TTLStory(t, eng, clk)
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, false)
	p.SetSize(uitest.PaneW, uitest.PaneH)
	tg, info := uitest.Target(t, eng, "Messages", "")
	uitest.Drive(t, p, p.SetTarget(tg, info))
	uitest.Drive(t, p, p.SetShown(true))
	uitest.Golden(t, p, uitest.PaneW, uitest.PaneH)
}
