package query

import (
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// queryOn is the Query pane of api on table (and index) at w x h, with
// the keyboard, as 3 shows it after the sidebar's selection.
func queryOn(t *testing.T, api engine.API, table, index string, w, h int) *Model {
	t.Helper()
	q := New(kit.NewStyles(true), keymap.DefaultKeyMap(), api, func(string) error { return nil }, "")
	q.SetSize(w, h)
	q.SetFocus(true)
	tg, info := uitest.Target(t, api, table, index)
	uitest.Drive(t, q, q.SetTarget(tg, info))
	return q
}

// typeText types s into the field under the cursor (enter to edit, the
// text, enter to finish).
func typeText(t *testing.T, q *Model, s string) {
	t.Helper()
	uitest.Press(t, q, "enter", s, "enter")
}

// A Query of Thread's LSI with a key condition (between two dates), a
// projection, and its result: the items, Count and ScannedCount, the
// capacity itemised, at the pane size of a 120x40 terminal.
func TestGoldenQueryPane(t *testing.T) {
	eng := uitest.DemoEngine(t)
	q := queryOn(t, eng, "Thread", "LastPostIndex", uitest.PaneW, uitest.PaneH)
	uitest.Press(t, q, "j", "j")
	typeText(t, q, "EC2")
	uitest.Press(t, q, "j", "l", "l", "l", "l", "l", "l", "j")
	typeText(t, q, "2012-08-31T00:00:00.000Z")
	uitest.Press(t, q, "j")
	typeText(t, q, "2012-11-31T00:00:00.000Z")
	uitest.Press(t, q, "j", "j", "j", "j")
	typeText(t, q, "Subject, LastPostDateTime, Replies, Tags")
	uitest.Press(t, q, "r")
	uitest.Golden(t, q, uitest.PaneW, uitest.PaneH)
}
