package ui

import (
	"strings"
	"testing"
)

// b in 1 Schema opens Backups & recovery of the selected table over the
// Schema tab (its tab stays lit, the box says so); the view's own keys
// reach it (P asks before nothing: it turns recovery on); esc goes back
// to 1 Schema, and a second esc to the sidebar.
func TestBackupsOpensFromSchema(t *testing.T) {
	m := newTestModel(t, demoEngine(t), 120, 40)
	selectInSidebar(t, m, "Thread", "")
	press(t, m, "1", "b")
	s := screen(m)
	for _, want := range []string{"[1 Schema]", "▸ backups & recovery", "Backups & recovery · esc: 1 Schema", "  DISABLED"} {
		if !strings.Contains(s, want) {
			t.Fatalf("no %q in\n%s", want, s)
		}
	}
	press(t, m, "P")
	if s := screen(m); !strings.Contains(s, "point-in-time recovery on for Thread") || !strings.Contains(s, "ENABLED · recovery period 35 days") {
		t.Fatalf("P did not turn recovery on:\n%s", s)
	}
	press(t, m, "esc")
	if m.pane != paneSchema || m.onSidebar {
		t.Fatalf("esc: pane %d, sidebar %v", m.pane, m.onSidebar)
	}
	press(t, m, "esc")
	if !m.onSidebar {
		t.Fatal("second esc did not reach the sidebar")
	}
}
