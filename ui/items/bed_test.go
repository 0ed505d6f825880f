package items

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
	"github.com/dynoscope/dynoscope/ui/uitest/host"
)

// bed is the Items pane hosted as the root hosts it (host.Bed), at the
// pane size of a terminal of w x h, with the keyboard: Select is the
// sidebar's selection, Show(true) choosing 2 Items.
type bed struct {
	*host.Bed
	it *Model
}

// newBed hosts the Items pane of api as in a terminal of w x h, reading
// pageSize items a page (0: the default).
func newBed(t testing.TB, api engine.API, w, h, pageSize int) *bed {
	t.Helper()
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), api, pageSize)
	pw, ph := uitest.PaneSize(w, h)
	return &bed{Bed: host.New(t, p, api, pw, ph), it: p}
}

// browse selects table (and index) and shows the pane, as enter on the
// sidebar's selection does.
func (m *bed) browse(table, index string) {
	m.T.Helper()
	m.Select(table, index)
	m.Show(true)
}

// headerWith is the grid's column header line: the line of the pane
// whose cells (between │) begin, in order, with names (the last visible
// one may end in the "+n →" of hidden columns).
func headerWith(m *bed, names ...string) string {
	for _, l := range strings.Split(m.Text(), "\n") {
		cells := strings.Split(l, "│")
		for i := range cells {
			cells[i] = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(cells[i]), "▸"))
		}
		for i := range cells {
			if i+len(names) > len(cells) {
				break
			}
			match := true
			for j, n := range names {
				c := cells[i+j]
				match = match && (c == n || strings.HasPrefix(c, n+" ") && j == len(names)-1)
			}
			if match {
				return l
			}
		}
	}
	return ""
}

// lineWith is the first line of the pane containing s ("" if none).
func (m *bed) lineWith(s string) string {
	for _, l := range strings.Split(m.Text(), "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}
