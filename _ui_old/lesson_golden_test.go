package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"
)

// The lessons pane at 120x40 on the LSI lesson's second step, run: the
// fetch of a non-projected attribute and DynamoDB's 2.5 RCU, itemised.
func TestGoldenLessonPane(t *testing.T) {
	g := startGolden(t, 120, 40)
	g.keys("7")
	g.waitFor("Lesson 1 of 9")
	g.keys("j", "j", "j", "j", "j", "j", "j")
	g.waitFor("Lesson 8 of 9")
	g.keys("right", "enter")
	g.waitFor("✓ Query Thread/LastPostIndex · 4 items (scanned 4) · 2.5 RCU")
	g.waitFor("last: Query Thread/LastPostIndex · 4 items · 2.5 RCU")
	g.finish()
}

// The same step at 80x24: the lesson list gives way to the text.
func TestGoldenLessonPaneSmall(t *testing.T) {
	g := startGolden(t, 80, 24)
	g.keys("7", "j", "j", "j", "j", "j", "j", "j", "right", "enter")
	g.waitFor("last: Query Thread/LastPostIndex · 4 items · 2.5 RCU")
	g.tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	if err := g.tm.Quit(); err != nil {
		t.Fatal(err)
	}
	view := g.tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model).View()
	ls := strings.Split(view, "\n")
	if len(ls) != 24 {
		t.Errorf("frame has %d lines, want 24", len(ls))
	}
	for i, l := range ls {
		if w := width(l); w != 80 {
			t.Errorf("line %d is %d cells wide, want 80: %q", i+1, w, l)
		}
	}
	golden.RequireEqual(t, []byte(view))
}
