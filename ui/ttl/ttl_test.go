package ttl

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The TTL pane of a table with TTL on: every item's state at the engine's time (due, expired but still read, too old to be deleted, a TTL value in milliseconds, not a Number), soonest first, read when the pane comes on screen.
func TestTTLStates(t *testing.T) {
	eng := uitest.DemoEngine(t, "messages-ttl")
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, false)
	p.SetSize(76, 26)
	tg, info := uitest.Target(t, eng, "Messages", "")
	uitest.Drive(t, p, p.SetTarget(tg, info))
	uitest.Drive(t, p, p.SetShown(true))
	view := ansi.Strip(p.View())
	for _, want := range []string{
		"Messages          TTL ENABLED on ExpiresAt · deleted about 15 s after expiry",
		"7 due · ! 3 expired, still returned by reads until deleted · ~ 1 too old",
		"~ too old      2020-11-30      6 y ago        liam · 2020-11-23T10:41:07Z ·…",
		"! expired      11-22 09:41:07  1 h ago        liam · 2026-11-15T09:41:07Z ·…",
		"  due          11-22 11:11:07  in 30 min      maya · 2026-11-15T11:11:07Z",
		"? due, in ms?  year 58873      in 56,847 y    liam · 2026-11-19T10:41:07Z ·…",
		"- not a Number 1795776067 (S)  never          maya · 2026-11-20T10:41:07Z ·…",
		"  none yet",
	} {
		if !strings.Contains(view, want) {
			t.Errorf("no line %q in\n%s", want, view)
		}
	}
}
