package query

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// lineOf is the first line of the pane's view that starts with s after
// the cursor's mark, or -1.
func lineOf(q *Model, s string) int {
	for i, l := range strings.Split(ansi.Strip(q.View()), "\n") {
		if _, rest, ok := strings.Cut(l, " "); ok && strings.HasPrefix(strings.TrimLeft(rest, " •"), s) {
			return i
		}
	}
	return -1
}

// cursorAt is the line of the view the cursor's ▸ is on.
func cursorAt(q *Model) int {
	for i, l := range strings.Split(ansi.Strip(q.View()), "\n") {
		if strings.HasPrefix(l, "▸") {
			return i
		}
	}
	return -1
}

// click hands the pane a left click on line y and drives what it causes.
func click(t *testing.T, q *Model, y int) []any {
	t.Helper()
	var out []any
	for _, m := range uitest.Drive(t, q, q.Update(kit.ClickMsg{X: 4, Y: y})) {
		out = append(out, m)
	}
	return out
}

// A click on a field of the form puts the cursor there; a second click
// on it edits it, as enter does; a click on a result row selects it and
// a second opens the item.
func TestClickFieldsAndResultRows(t *testing.T) {
	q := newPane(t, uitest.DemoEngine(t, "forum"), "Thread", "")
	pressQ(t, q, "s") // Scan: no key needed

	y := lineOf(q, "filter")
	if y < 0 {
		t.Fatal("no filter row on screen:\n" + q.View())
	}
	click(t, q, y)
	if got := q.Form().Row; got != "filter" {
		t.Fatalf("after a click on the filter row the cursor is on %q", got)
	}
	if q.Capturing() {
		t.Fatal("the first click edits the field; it only moves the cursor")
	}
	click(t, q, y)
	if !q.Capturing() {
		t.Fatal("a second click on the field does not edit it")
	}
	click(t, q, lineOf(q, "limit")) // leaves the field, moves on
	if q.Capturing() || q.Form().Row != "limit" {
		t.Fatalf("a click on another row: editing %v, row %q", q.Capturing(), q.Form().Row)
	}
	if got := click(t, q, 0); len(got) != 0 || q.Form().Row != "limit" {
		t.Fatalf("a click on the title moved the cursor to %q (%v)", q.Form().Row, got)
	}

	run := lineOf(q, "[ run ▶ ]")
	click(t, q, run)
	click(t, q, run) // runs, as enter on the button does
	res := q.Result()
	if res == nil || len(res.Items) == 0 {
		t.Fatal("a second click on [ run ▶ ] did not run the scan")
	}
	y = lineOf(q, "S3 ")
	if y < 0 {
		t.Fatal("no result row on screen:\n" + q.View())
	}
	click(t, q, y)
	if got := q.Form().Row; got != "result" {
		t.Fatalf("a click on a result row puts the cursor on %q", got)
	}
	var opened *kit.OpenItemMsg
	for _, m := range click(t, q, cursorAt(q)) {
		if o, ok := m.(kit.OpenItemMsg); ok {
			opened = &o
		}
	}
	if opened == nil {
		t.Fatal("a second click on the result row does not open the item")
	}
	if got := opened.Item["ForumName"].S; got != "S3" {
		t.Fatalf("opened the item of %q, not the row clicked", got)
	}
}
