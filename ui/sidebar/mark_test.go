package sidebar

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The sidebar's ▸ is on the row the cursor is on: on an index row, the
// index has it and its table does not. (Before, the ▸ stayed on the table
// while the cursor was on one of its indexes, so 2 opened an index the
// user did not think was selected.) The sidebar is at its size in a
// 120x40 terminal, with the keyboard.
func TestSidebarMarkFollowsTheCursor(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	m := New(kit.NewStyles(true), keymap.DefaultKeyMap())
	m.SetSize(30, 37)
	m.SetFocus(true)
	m.SetTables(uitest.Tables(t, eng))
	screen := func() string { return ansi.Strip(m.View()) }
	sidebarLine := func(s string) string {
		for _, l := range strings.Split(screen(), "\n") {
			if strings.Contains(l, s) {
				return l
			}
		}
		return ""
	}
	m.SelectByName("Thread", "")
	if l := sidebarLine("Thread"); !strings.Contains(l, "▸ Thread") {
		t.Fatalf("table row %q", l)
	}
	uitest.Press(t, m, "j")
	if l := sidebarLine("Thread"); strings.Contains(l, "▸") {
		t.Fatalf("the table keeps the mark with the cursor on its index: %q", l)
	}
	if l := sidebarLine("LastPostIndex"); !strings.Contains(l, "▸ LastPostIndex") {
		t.Fatalf("index row %q", l)
	}
	marks := 0
	for _, l := range strings.Split(screen(), "\n") {
		marks += strings.Count(l, "▸")
	}
	if marks != 1 {
		t.Fatalf("%d ▸ in the sidebar:\n%s", marks, screen())
	}
}
