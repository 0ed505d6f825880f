package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/ui/kit"
)

// tab from the sidebar goes back to the pane the user came from; from a
// pane it goes on to the next. (Before, tab from the sidebar always went
// to 1 Schema.)
func TestTabFromSidebarReturnsToThePane(t *testing.T) {
	eng := demoEngine(t, "forum")
	m := newTestModel(t, eng, 120, 40)
	press(t, m, "3") // the query builder
	press(t, m, "esc")
	if !m.onSidebar {
		t.Fatal("esc did not give the sidebar the keyboard")
	}
	press(t, m, "tab")
	if m.onSidebar || m.pane != paneQuery {
		t.Fatalf("tab from the sidebar: sidebar %v, pane %d, want 3 Query", m.onSidebar, m.pane)
	}
	press(t, m, "tab")
	if m.pane != paneCapacity {
		t.Fatalf("tab from Query: pane %d, want 4 Capacity", m.pane)
	}
	press(t, m, "shift+tab", "shift+tab", "shift+tab", "shift+tab")
	if !m.onSidebar {
		t.Fatalf("shift+tab past the first pane: pane %d, sidebar %v", m.pane, m.onSidebar)
	}
}

// At 80x24 every tab shows its whole name. (Before, the others shrank to
// their digit.)
func TestTabsWholeAt80x24(t *testing.T) {
	eng := demoEngine(t, "forum")
	m := newTestModel(t, eng, 80, 24)
	for _, p := range []string{"1", "4", "7"} {
		press(t, m, p)
		title := strings.Split(screen(m), "\n")[0]
		for i, n := range paneNames {
			if !strings.Contains(title, kit.Itoa(i+1)+" "+n) {
				t.Fatalf("on %s the tab bar lacks %q: %q", p, kit.Itoa(i+1)+" "+n, title)
			}
		}
	}
}

// A long note in the status bar never pushes the clock off the line: the
// note is what is cut. (Before, a long status message pushed the clock
// off.)
func TestStatusNoteNeverHidesTheClock(t *testing.T) {
	eng := demoEngine(t, "forum")
	for _, w := range []int{80, 120} {
		m := newTestModel(t, eng, w, 24)
		m.flash = "UpdateItem Thread ForumName=EC2 · Subject=How do I resize the root volume of a running instance?: SET Tags = {\"SS\": [\"ebs\", \"resize\", \"linux\", \"volume\"]} · 2 WCU (table 1, LastPostIndex 1)"
		bar := statusBar(m)
		if kit.Width(bar) != w || !strings.HasSuffix(strings.TrimRight(bar, " "), "10:41:07") || !strings.Contains(bar, "…") {
			t.Fatalf("at %d: %q", w, bar)
		}
	}
}

// Counts say "1 item", not "1 items": the status bar's last request, the
// items header, the schema.
func TestPlurals(t *testing.T) {
	eng := demoEngine(t, "forum")
	m := newTestModel(t, eng, 120, 40)
	selectInSidebar(t, m, "Forum", "")
	press(t, m, "3")
	gotoRow(t, m, "partition key")
	typeText(t, m, "S3")
	press(t, m, "r")
	if s := statusBar(m); !strings.Contains(s, "last: Query Forum · 1 item · 0.5 RCU") {
		t.Fatalf("status %q", s)
	}
	if !strings.Contains(screen(m), "1 item (Count 1, ScannedCount 1)") || strings.Contains(screen(m), "1 items") {
		t.Fatalf("plural:\n%s", screen(m))
	}
}

// The help screen wraps and scrolls: at 80x24 and 120x40 every binding of
// the pane and every global one can be read whole on some screen, and no
// line of it is cut. (Before, 5 and 6 were missing at 80x24, descriptions
// ended in "…", and nothing scrolled.)
func TestHelpScrollsAndWraps(t *testing.T) {
	eng := demoEngine(t, "forum")
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		for _, p := range []string{"2", "3", "4", "7"} {
			m := newTestModel(t, eng, size[0], size[1])
			selectInSidebar(t, m, "Thread", "")
			press(t, m, p, "?")
			want := m.helpLines(size[0] - m.sidebarWidth() - 2)
			seen := map[string]bool{}
			for i := 0; i < 100; i++ {
				for _, l := range strings.Split(screen(m), "\n")[2 : size[1]-3] {
					if j := strings.Index(l, "││"); j >= 0 {
						seen[strings.TrimRight(strings.TrimSuffix(strings.TrimRight(l[j+len("││"):], " "), "│"), " ")] = true
					}
				}
				press(t, m, "j")
			}
			for _, l := range want {
				l = strings.TrimRight(ansi.Strip(l), " ")
				if !seen[l] {
					t.Errorf("%dx%d, pane %s: %q never on screen", size[0], size[1], p, l)
				}
				if strings.Contains(l, "…") {
					t.Errorf("%dx%d, pane %s: cut %q", size[0], size[1], p, l)
				}
			}
			for _, k := range []string{"5              time to live", "6              stream", "7              lessons", "ctrl+o         other workspace"} {
				if !seen["  "+k] {
					t.Errorf("%dx%d, pane %s: the help never shows %q", size[0], size[1], p, k)
				}
			}
			press(t, m, "G")
			if !strings.Contains(screen(m), "lessons   each lesson runs on its own copy") {
				t.Errorf("%dx%d: G does not reach the end:\n%s", size[0], size[1], screen(m))
			}
			press(t, m, "esc")
			if m.helpScreen.Shown() {
				t.Fatal("esc did not close the help")
			}
		}
	}
}

// A bracketed paste is a paste: into a text field it is typed as text;
// anywhere else it does nothing (it is not a burst of key presses).
func TestPasteIsAPaste(t *testing.T) {
	eng := demoEngine(t, "forum")
	m := newTestModel(t, eng, 120, 40)
	selectInSidebar(t, m, "Forum", "")
	send(t, m, tea.PasteMsg{Content: "jjjj2"})
	if sel := m.ws.sidebar.Selected(); sel.Table() != "Forum" || m.pane != paneSchema {
		t.Fatalf("a paste on the sidebar moved it: %s, pane %d", sel.Label(), m.pane)
	}
	press(t, m, "3")
	gotoRow(t, m, "partition key")
	send(t, m, tea.PasteMsg{Content: "S3"})
	if f := m.ws.query.Form(); f.PK != "S3" {
		t.Fatalf("pasted into the field: %q", f.PK)
	}
	press(t, m, "esc", "r")
	if res := m.ws.query.Result(); res == nil || res.Count != 1 {
		t.Fatalf("the pasted key found %+v", res)
	}
}
