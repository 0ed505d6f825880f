package uitest

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/dynoscope/dynoscope/ui/kit"
)

// The pane sizes of the root's two golden terminals: what the pane box
// holds at 120x40 (beside a 30-cell sidebar) and at 80x24 (beside a
// 26-cell one). A component's golden at one of them is, line for line,
// what the root's frame shows inside the pane box.
const (
	PaneW, PaneH           = 88, 35
	SmallPaneW, SmallPaneH = 52, 19
)

// Viewer is a component that draws itself.
type Viewer interface{ View() string }

// Frame is a view as the root's pane box holds it, escape codes stripped:
// h lines, each exactly w cells (cut with "…" or padded with spaces).
func Frame(view string, w, h int) string {
	ls := kit.Lines(view)
	out := make([]string, h)
	for i := range out {
		l := ""
		if i < len(ls) {
			l = ls[i]
		}
		out[i] = ansi.Strip(kit.Fit(l, w))
	}
	return strings.Join(out, "\n")
}

// Golden compares c's view, framed at w x h, with testdata/<test>.golden
// (go test -update rewrites it). The component is driven synchronously
// (Drive, Press) before: the frame is the settled one, on any machine.
func Golden(t *testing.T, c Viewer, w, h int) {
	t.Helper()
	golden.RequireEqual(t, []byte(Frame(c.View(), w, h)))
}

// PaneSize is the pane's inner size in a terminal of w x h, as the root
// lays it out: a sidebar of 26, 30 or 34 cells, the title bar, the pane
// box's borders, the status bar and the help line.
func PaneSize(w, h int) (int, int) {
	sw := 26
	switch {
	case w >= 140:
		sw = 34
	case w >= 110:
		sw = 30
	}
	return max(w-sw-2, 10), max(h-5, 3)
}
