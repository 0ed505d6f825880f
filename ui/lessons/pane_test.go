package lessons

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
	"github.com/dynoscope/dynoscope/ui/uitest/host"
)

// bed is the Lessons pane hosted as the root hosts it (host.Bed), at the
// pane size of a terminal of w x h, with the keyboard, as 7 shows it; api
// is the user's workspace (a lesson's copy starts from its clock).
type bed struct {
	*host.Bed
	l *Model
}

func newBed(t testing.TB, api engine.API, w, h int) *bed {
	t.Helper()
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), api)
	t.Cleanup(p.Close)
	pw, ph := uitest.PaneSize(w, h)
	return &bed{Bed: host.New(t, p, api, pw, ph), l: p}
}

// openLesson goes to lesson n (1-based), step 1.
func openLesson(t *testing.T, m *bed, n int) {
	t.Helper()
	for l, _ := m.l.Lesson(); l > 1; l, _ = m.l.Lesson() {
		m.Press("k")
	}
	for i := 1; i < n; i++ {
		m.Press("j")
	}
	for _, s := m.l.Lesson(); s > 1; _, s = m.l.Lesson() {
		m.Press("left")
	}
}

// stepColumn is the text of the pane right of its list of lessons (the
// step, above the result), its lines joined and its spaces collapsed: a
// wrapped sentence reads as one.
func (m *bed) stepColumn() string {
	start := 30 + 3 // the list, " │ "
	var parts []string
	for _, l := range strings.Split(m.Text(), "\n") {
		if ansi.StringWidth(l) > start {
			parts = append(parts, strings.TrimRight(ansi.Cut(l, start, ansi.StringWidth(l)), "│ "))
		}
	}
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

// stepResult is a step's result as Result gives it.
type stepResult struct {
	title string
	err   *model.Error
	items []model.Item
	rows  []string
}

// runCurrent runs the current step and returns its result.
func runCurrent(t *testing.T, m *bed) stepResult {
	t.Helper()
	m.Press("enter")
	title, err, items, rows, ok := m.l.Result()
	if !ok {
		_, s := m.l.Lesson()
		lt, _ := m.l.Title()
		t.Fatalf("step %d of %q has no result", s, lt)
	}
	return stepResult{title, err, items, rows}
}

// expectResult checks a result's title and that the pane shows it.
func expectResult(t *testing.T, m *bed, res stepResult, title string, more ...string) {
	t.Helper()
	_, s := m.l.Lesson()
	if res.err != nil {
		t.Fatalf("step %d: %s: %s", s, res.title, res.err.Error())
	}
	if res.title != title {
		t.Errorf("step %d: result %q, want %q", s, res.title, title)
	}
	f := m.Flat()
	for _, w := range append([]string{"✓ " + title}, more...) {
		if !strings.Contains(f, w) {
			t.Errorf("step %d: screen lacks %q:\n%s", s, w, m.Text())
		}
	}
}

// A lesson runs on a fresh copy of its data set, made when it starts: its
// writes and clock jumps never reach the user's workspace, and r starts it
// over. (Before, lesson 9's step 3, "DynamoDB refuses it … Nothing is
// changed", succeeded once steps 4 and 5 had run, on the user's table.)
func TestLessonRunsOnACopyAndResets(t *testing.T) {
	eng := uitest.DemoEngine(t, "schema-demo", "messages-ttl")
	before := uitest.Snapshot(t, eng)
	clk := eng.Clock().(*engine.VirtualClock)
	start := clk.Now()
	m := newBed(t, eng, 120, 40)
	openLesson(t, m, 9)
	runCurrent(t, m)
	m.Press("right", "right")
	refused := "The update expression attempted to update the secondary index key to unsupported type"
	if res := runCurrent(t, m); res.err == nil || res.err.Message != refused {
		t.Fatalf("step 3: %+v", res)
	}
	m.Press("right")
	runCurrent(t, m)
	m.Press("right")
	expectResult(t, m, runCurrent(t, m), "UpdateItem schema-demo · 2 WCU (table 1, animal_type 1)")
	uitest.SameSnapshot(t, before, uitest.Snapshot(t, eng))
	// back to step 3: the copy has the fix, and the pane says so
	m.Press("left", "left")
	if !strings.Contains(m.stepColumn(), "The copy has seen step 4, 5 already: r starts the lesson over on a fresh copy.") {
		t.Fatalf("no word on the steps run:\n%s", m.Text())
	}
	if res := runCurrent(t, m); res.err != nil {
		t.Fatalf("step 3 after the fix, on the same copy: %+v", res)
	}
	copy1 := m.l.Copy()
	m.Press("r")
	if m.l.Copy() != nil {
		t.Fatal("r kept the copy")
	}
	if res := runCurrent(t, m); res.err == nil || res.err.Message != refused {
		t.Fatalf("step 3 on a fresh copy: %+v", res)
	}
	if m.l.Copy() == copy1 {
		t.Fatal("r did not make a fresh copy")
	}
	// The TTL lesson jumps its copy's clock, not the user's.
	openLesson(t, m, 4)
	runCurrent(t, m)
	m.Press("right")
	runCurrent(t, m)
	if !clk.Now().Equal(start) {
		t.Fatalf("the user's clock moved: %v → %v", start, clk.Now())
	}
	uitest.SameSnapshot(t, before, uitest.Snapshot(t, eng))
}

// The TTL lessons: an expired message is still read until the TTL pass,
// a filter hides it, the pass deletes it, and the stream tells the
// service's REMOVE from a client's.
func TestLessonTTLAndArchival(t *testing.T) {
	eng := uitest.DemoEngine(t, "messages-ttl")
	m := newBed(t, eng, 120, 40)
	openLesson(t, m, 4)
	expectResult(t, m, runCurrent(t, m), "PutItem Messages · 1 WCU")
	m.Press("right")
	expectResult(t, m, runCurrent(t, m), "Query Messages · 1 item (scanned 1) · 0.5 RCU", "engine clock +40s")
	m.Press("right")
	expectResult(t, m, runCurrent(t, m), "Query Messages · 0 items (scanned 2) · 0.5 RCU", "✓ PutItem Messages · 1 WCU")
	m.Press("right")
	expectResult(t, m, runCurrent(t, m), "Query Messages · 0 items (scanned 0) · 0.5 RCU", "TTL pass: 5 items deleted")
	m.Press("right")
	res := runCurrent(t, m)
	if res.err != nil || len(res.items) != 3 {
		t.Fatalf("ignored TTLs: %s %v", res.title, res.items)
	}
	m.Press("j")
	runCurrent(t, m)
	m.Press("right")
	runCurrent(t, m)
	m.Press("right")
	res = runCurrent(t, m)
	if s := m.Flat(); !strings.Contains(s, "REMOVE userIdentity Service dynamodb.amazonaws.com archive-lesson") {
		t.Fatalf("no TTL REMOVE in %v\n%s", res.rows, m.Text())
	}
	m.Press("right")
	res = runCurrent(t, m)
	last := res.rows[len(res.rows)-1]
	if !strings.HasSuffix(last, "archive-lesson · note") || !strings.Contains(last, "a client's DeleteItem") {
		t.Fatalf("last REMOVE %q", last)
	}
}

// A lesson needs nothing of the user's workspace: its copy has its data
// set even when the workspace was opened without it, and the workspace
// gets none of it.
func TestLessonWithoutItsDataSetInTheWorkspace(t *testing.T) {
	eng := uitest.DemoEngine(t, "schema-demo")
	before := uitest.Snapshot(t, eng)
	m := newBed(t, eng, 120, 40)
	openLesson(t, m, 1)
	ds, _ := fixtures.Get("shopping-cart")
	ex, ok := ds.Example("everything about a shopper", uitest.T0)
	if !ok || ex.Expect.Count == 0 {
		t.Fatal("the data set's example has no expected count")
	}
	n := ex.Expect.Count
	expectResult(t, m, runCurrent(t, m), fmt.Sprintf("Query ShoppingCart · %s (scanned %d) · 0.5 RCU", kit.NItems(n), n))
	uitest.SameSnapshot(t, before, uitest.Snapshot(t, eng))
}
