package patterns

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// patternsGolden is 8 Patterns on the music model and its patterns at
// w x h, with the keyboard, the check run as the pane comes on screen,
// the cursor moved to the Scan (j j j); shows is what the frame shows.
func patternsGolden(t *testing.T, w, h int, shows ...string) {
	t.Helper()
	eng := uitest.MusicEngine(t, false)
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng)
	p.SetSize(w, h)
	p.SetFocus(true)
	uitest.Drive(t, p, p.SetTables(uitest.Tables(t, eng)))
	uitest.Drive(t, p, p.SetShown(true))
	if p.Running() {
		t.Fatal("the check did not finish")
	}
	uitest.Press(t, p, "j", "j", "j")
	f := uitest.Frame(p.View(), w, h)
	for _, s := range shows {
		if !strings.Contains(f, s) {
			t.Fatalf("no %q in\n%s", s, f)
		}
	}
	uitest.Golden(t, p, w, h)
}

// 8 Patterns at 120x40: the five patterns with their verdicts, the Scan
// under the cursor in detail (why it scans, which index would serve it,
// the filter's waste, the itemised units, the failure).
func TestGoldenPatternsPane(t *testing.T) {
	patternsGolden(t, uitest.PaneW, uitest.PaneH, "5 patterns on Songs · 4 passed · 1 failed", "verdict    ✗ it scans")
}

// The same at 80x24: the details of the Scan scroll under the list.
func TestGoldenPatternsPaneSmall(t *testing.T) {
	patternsGolden(t, uitest.SmallPaneW, uitest.SmallPaneH, "4 passed · 1 failed", "Songs by an artist", "reads every item")
}
