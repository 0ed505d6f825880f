package schema

import (
	"testing"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The Schema pane of Thread on the whole demo workspace, at the pane size
// of a 120x40 terminal: its status and throughput, the key schema, the LSI
// with its projection and counts, and the item collections, largest first.
func TestGoldenSchemaPane(t *testing.T) {
	eng := uitest.DemoEngine(t)
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng)
	p.SetSize(uitest.PaneW, uitest.PaneH)
	tg, info := uitest.Target(t, eng, "Thread", "")
	uitest.Drive(t, p, p.SetTarget(tg, info))
	uitest.Golden(t, p, uitest.PaneW, uitest.PaneH)
}
