package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/ui/uitest"
)

// newMouseModel is the root on the forum data sets at w x h, its first
// load done.
func newMouseModel(t *testing.T, w, h int) *Model {
	t.Helper()
	m := New(uitest.DemoEngine(t, "forum"), Options{Workspace: "demo workspace (memory)", Copy: func(string) error { return nil }})
	t.Cleanup(m.Close)
	runQuit(t, m, m.Init())
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// \ narrows the sidebar (the pane gets the columns), hides it (the pane
// takes the whole width and the keyboard; tab goes round the panes), and
// esc from a pane brings it back whole.
func TestSidebarNarrowAndHidden(t *testing.T) {
	m := newMouseModel(t, 80, 24)
	line := func() string { return ansi.Strip(strings.Split(m.Screen(), "\n")[1]) }
	// the sidebar's box: "╭─ Tables ─…─╮" n columns wide, then the pane's
	box := func(n int) string { return "╭─ Tables " + strings.Repeat("─", n-11) + "╮╭" }
	if !strings.HasPrefix(line(), box(26)) {
		t.Fatalf("whole: %q", line())
	}
	press := func(k string) { _, cmd := m.Update(uitest.Keys(k)[0]); runQuit(t, m, cmd) }
	press(`\`)
	if !strings.HasPrefix(line(), box(18)) || !m.onSidebar {
		t.Fatalf("narrow: %q", line())
	}
	if w, _ := m.paneSize(); w != 80-18-2 {
		t.Fatalf("narrow: pane %d wide", w)
	}
	press(`\`)
	if !strings.HasPrefix(line(), "╭─ demo workspace (memory) ") || m.onSidebar {
		t.Fatalf("hidden: %q, on sidebar %v", line(), m.onSidebar)
	}
	if w, _ := m.paneSize(); w != 78 {
		t.Fatalf("hidden: pane %d wide", w)
	}
	m.pane = panePatterns
	press("tab")
	if m.onSidebar || m.pane != paneSchema {
		t.Fatalf("tab past the last pane: sidebar %v, pane %d", m.onSidebar, m.pane)
	}
	press("esc")
	if !m.onSidebar || !strings.HasPrefix(line(), box(26)) {
		t.Fatalf("esc: %q", line())
	}
}

// A click on a tab shows its pane; on a sidebar row it moves the cursor
// there (the panes follow), a second click on it opens it; a click inside
// the pane gives it the keyboard; the right button does nothing.
func TestMouseClicks(t *testing.T) {
	m := newMouseModel(t, 120, 40)
	click := func(x, y int, b tea.MouseButton) {
		_, cmd := m.Update(tea.MouseClickMsg{X: x, Y: y, Button: b})
		runQuit(t, m, cmd)
	}
	title := ansi.Strip(strings.Split(m.Screen(), "\n")[0])
	x := strings.Index(title, "3 Query")
	click(x+2, 0, tea.MouseLeft)
	if m.pane != paneQuery || m.onSidebar {
		t.Fatalf("tab click: pane %d, sidebar %v", m.pane, m.onSidebar)
	}
	title = ansi.Strip(strings.Split(m.Screen(), "\n")[0])
	click(strings.Index(title, "8 Patterns"), 0, tea.MouseRight)
	if m.pane != paneQuery {
		t.Fatal("a right click changed the pane")
	}
	click(strings.Index(title, "1 Schema"), 0, tea.MouseLeft)
	if m.pane != paneSchema {
		t.Fatalf("tab click: pane %d", m.pane)
	}
	// Forum, Reply, Thread: Reply is the second line of the list
	click(5, 3, tea.MouseLeft)
	if got := m.ws.sel().Table(); got != "Reply" || !m.onSidebar {
		t.Fatalf("row click: %s, sidebar %v", got, m.onSidebar)
	}
	if !strings.Contains(ansi.Strip(m.Screen()), "PostedBy-index") {
		t.Fatal("the Schema pane does not follow the click")
	}
	click(5, 3, tea.MouseLeft)
	if m.onSidebar || m.pane != paneItems {
		t.Fatalf("second click: sidebar %v, pane %d", m.onSidebar, m.pane)
	}
	m.onSidebar = true
	click(60, 10, tea.MouseLeft)
	if m.onSidebar {
		t.Fatal("a click in the pane left the keyboard on the sidebar")
	}
}
