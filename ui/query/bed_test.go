package query

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
	"github.com/dynoscope/dynoscope/ui/uitest/host"
)

// The pane's Update tests run the Query pane hosted as the root hosts it
// (host.Bed) at the pane size of a terminal of w x h, with the keyboard:
// Select is the sidebar's selection followed by 3, keys go to the pane, a
// question it asks opens over it, a flash is kept.

// bed is the Query pane in its host.
type bed struct {
	*host.Bed
	q *Model
}

// newBed hosts the Query pane of api as in a terminal of w x h.
func newBed(t testing.TB, api engine.API, w, h int) *bed {
	return newBedServing(t, api, "", w, h)
}

// newBedServing is newBed with the engine served on endpoint (it goes into
// the CLI line and the programs as --endpoint-url).
func newBedServing(t testing.TB, api engine.API, endpoint string, w, h int) *bed {
	t.Helper()
	q := New(kit.NewStyles(true), keymap.DefaultKeyMap(), api, func(string) error { return nil }, endpoint)
	pw, ph := uitest.PaneSize(w, h)
	return &bed{Bed: host.New(t, q, api, pw, ph), q: q}
}

// press sends keys: the names uitest.Keys knows ("enter", "ctrl+u"), or
// any other string as typed characters.
func press(t testing.TB, m *bed, keys ...string) {
	t.Helper()
	m.Press(keys...)
}

// typeIn types s into whatever has the keyboard, one key per character.
func typeIn(t testing.TB, m *bed, s string) {
	t.Helper()
	for _, r := range s {
		m.Send(uitest.Rune(r))
	}
}

// typeText types s into the field under the cursor (enter to edit, enter
// to finish).
func typeText(t testing.TB, m *bed, s string) {
	t.Helper()
	press(t, m, "enter")
	typeIn(t, m, s)
	press(t, m, "enter")
}

// screen is the pane's frame with trailing spaces cut from each line.
func screen(m *bed) string {
	ls := strings.Split(m.Screen(), "\n")
	for i, l := range ls {
		ls[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(ls, "\n")
}

// flat is the pane as one line of words: box borders and line breaks
// removed, runs of spaces collapsed, so wrapped messages can be matched.
func flat(m *bed) string {
	s := strings.NewReplacer("│", " ", "┌", " ", "┐", " ", "└", " ", "┘", " ", "─", " ", "\n", " ").Replace(screen(m))
	return strings.Join(strings.Fields(s), " ")
}

// gotoRow moves the query builder's cursor to the form row named row.
func gotoRow(t testing.TB, m *bed, row string) {
	t.Helper()
	press(t, m, "g")
	for i := 0; i < 40 && m.q.Form().Row != row; i++ {
		press(t, m, "j")
	}
	if m.q.Form().Row != row {
		t.Fatalf("cannot reach row %q", row)
	}
}

func requests(eng *engine.Engine) int { return len(eng.RecentRequests()) }

// lineWith is the first line of the pane containing s ("" if none).
func (m *bed) lineWith(s string) string {
	for _, l := range strings.Split(screen(m), "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}
