package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// openLesson shows the lessons pane on lesson n (1-based), step 1.
func openLesson(t *testing.T, m *Model, n int) {
	t.Helper()
	press(t, m, "7")
	if m.pane != paneLessons || m.onSidebar {
		t.Fatalf("7 shows pane %d, sidebar %v", m.pane, m.onSidebar)
	}
	for l, _ := m.lessons.Lesson(); l > 1; l, _ = m.lessons.Lesson() {
		press(t, m, "k")
	}
	for i := 1; i < n; i++ {
		press(t, m, "j")
	}
	for _, s := m.lessons.Lesson(); s > 1; _, s = m.lessons.Lesson() {
		press(t, m, "left")
	}
}

// stepColumn is the text of the lessons pane right of its list of
// lessons (the step, above the result), its lines joined and its spaces
// collapsed: a wrapped sentence reads as one.
func stepColumn(m *Model) string {
	start := m.sidebarWidth() + 1 + 30 + 3 // the pane's border, the list, " │ "
	var parts []string
	for _, l := range strings.Split(screen(m), "\n") {
		if ansi.StringWidth(l) > start {
			parts = append(parts, strings.TrimRight(ansi.Cut(l, start, ansi.StringWidth(l)), "│ "))
		}
	}
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

// lessonResult is a step's result as the pane holds it.
type lessonResult struct {
	title string
	err   *model.Error
	items []model.Item
	rows  []string
}

// runCurrent runs the current step and returns its result.
func runCurrent(t *testing.T, m *Model) lessonResult {
	t.Helper()
	press(t, m, "enter")
	title, err, items, rows, ok := m.lessons.Result()
	if !ok {
		_, s := m.lessons.Lesson()
		lt, _ := m.lessons.Title()
		t.Fatalf("step %d of %q has no result", s, lt)
	}
	return lessonResult{title, err, items, rows}
}

// expectResult checks a result's title and that the screen shows it.
func expectResult(t *testing.T, m *Model, res lessonResult, title string, more ...string) {
	t.Helper()
	_, s := m.lessons.Lesson()
	if res.err != nil {
		t.Fatalf("step %d: %s: %s", s, res.title, res.err.Error())
	}
	if res.title != title {
		t.Errorf("step %d: result %q, want %q", s, res.title, title)
	}
	f := flat(m)
	for _, w := range append([]string{"✓ " + title}, more...) {
		if !strings.Contains(f, w) {
			t.Errorf("step %d: screen lacks %q:\n%s", s, w, screen(m))
		}
	}
}

// snapshot is every item of every table of an engine, as DynamoDB JSON.
func snapshot(t testing.TB, eng *engine.Engine) map[string][]string {
	t.Helper()
	return uitest.Snapshot(t, eng)
}

// sameSnapshot fails when two snapshots differ.
func sameSnapshot(t testing.TB, before, after map[string][]string) {
	t.Helper()
	uitest.SameSnapshot(t, before, after)
}

// The sparse-index lesson on DeviceReports: the index holds 7 of 300, a
// filtered table Scan reads all 300 for the same answer, escalating a
// report costs the index a write and adds an entry, an ordinary report
// costs the index nothing. All of it on the lesson's copy: the user's
// DeviceReports is as it was.
func TestLessonSparseIndex(t *testing.T) {
	eng := demoEngine(t, "iot-device-reports")
	before := snapshot(t, eng)
	m := newTestModel(t, eng, 120, 40)
	openLesson(t, m, 3)
	if title, table := m.lessons.Title(); title != "Sparse index" || table != "DeviceReports" {
		t.Fatalf("lesson 3 is %q on %s", title, table)
	}
	expectResult(t, m, runCurrent(t, m), "Scan DeviceReports/EscalatedTo-index · 7 items (scanned 7) · 0.5 RCU",
		"Scan on DeviceReports/EscalatedTo-index: 7 index entries", "tech-ana")
	press(t, m, "right")
	expectResult(t, m, runCurrent(t, m), "Scan DeviceReports · 7 items (scanned 300) · 4.5 RCU", "Scan on DeviceReports: 300 items")
	press(t, m, "right")
	expectResult(t, m, runCurrent(t, m), "UpdateItem DeviceReports · 2 WCU (table 1, EscalatedTo-index 1)", "d#1005 2024-05-14T08:00:00Z",
		"(item after the write)")
	// the report existed: its charge is not called a new item's
	if strings.Contains(flat(m), "(new item)") {
		t.Fatalf("an update of an existing item is charged as a new item:\n%s", screen(m))
	}
	press(t, m, "right")
	res := runCurrent(t, m)
	expectResult(t, m, res, "Query DeviceReports/EscalatedTo-index · 4 items (scanned 4) · 0.5 RCU", "d#1005")
	// o opens the same request in the query builder, on the copy, and runs it there
	press(t, m, "o")
	if m.pane != paneQuery || m.ws == m.home || m.ws.api != m.lessons.Copy() {
		t.Fatalf("o: pane %d, on the user's workspace %v", m.pane, m.ws == m.home)
	}
	q := m.ws.query
	if q.Target().Label() != "DeviceReports ▸ EscalatedTo-index" {
		t.Fatalf("builder on %s", q.Target().Label())
	}
	if q.Form().PK != "tech-ana" || q.Result() == nil || q.Result().Count != 4 {
		t.Fatalf("builder: %+v, result %+v", q.Form(), q.Result())
	}
	if !strings.Contains(screen(m), "lesson 3 · Sparse index: a copy of iot-device-reports") {
		t.Fatalf("the screen does not say it shows the lesson's copy:\n%s", screen(m))
	}
	press(t, m, "7", "right")
	expectResult(t, m, runCurrent(t, m), "PutItem DeviceReports · 1 WCU")
	sameSnapshot(t, before, snapshot(t, eng))
	// ctrl+o goes back to the user's workspace
	press(t, m, "3", "ctrl+o")
	if m.ws != m.home || !strings.Contains(screen(m), "demo workspace (memory)") {
		t.Fatalf("ctrl+o did not go back:\n%s", screen(m))
	}
}

// The LSI lesson on Thread/LastPostIndex: projected attributes only cost
// one read of the entries; asking for Tags adds a 4 KB fetch per item,
// 2.5 RCU for four; the guide's query; the pinned thread missing from the
// index; a strongly consistent read doubles the charge.
func TestLessonLSIProjections(t *testing.T) {
	eng := demoEngine(t, "forum")
	m := newTestModel(t, eng, 120, 40)
	openLesson(t, m, 8)
	if _, table := m.lessons.Title(); table != "Thread" {
		t.Fatalf("lesson 8 on %s", table)
	}
	expectResult(t, m, runCurrent(t, m), "Query Thread/LastPostIndex · 4 items (scanned 4) · 0.5 RCU",
		"Query on Thread/LastPostIndex: 4 index entries")
	press(t, m, "right")
	expectResult(t, m, runCurrent(t, m), "Query Thread/LastPostIndex · 4 items (scanned 4) · 2.5 RCU",
		"table fetches of non-projected attributes", "eventually consistent × 0.5 = 2.5 RCU")
	press(t, m, "right")
	expectResult(t, m, runCurrent(t, m), "Query Thread/LastPostIndex · 6 items (scanned 6) · 3.5 RCU")
	// the guide's legacy KeyConditions open in the builder as a BETWEEN
	press(t, m, "o")
	q := m.ws.query
	if f := q.Form(); f.Op != "BETWEEN" || f.PK != "EC2" || f.SK2 != "2012-11-31T00:00:00.000Z" || q.Result() == nil || q.Result().Count != 6 {
		t.Fatalf("builder: %+v res %+v", f, q.Result())
	}
	press(t, m, "7", "right")
	res := runCurrent(t, m)
	expectResult(t, m, res, "Query Thread/LastPostIndex · 4 items (scanned 4) · 0.5 RCU")
	for _, r := range res.items {
		if strings.HasPrefix(r["Subject"].S, "Welcome") {
			t.Fatal("the pinned thread is in the index")
		}
	}
	press(t, m, "right")
	expectResult(t, m, runCurrent(t, m), "Query Thread/LastPostIndex · 4 items (scanned 4) · 5 RCU")
}

// The index key schema lesson: the unrelated update and the unchanged put
// are refused with DynamoDB's messages, the fix goes through, and the
// index then holds two items.
func TestLessonIndexKeySchema(t *testing.T) {
	eng := demoEngine(t, "schema-demo")
	m := newTestModel(t, eng, 120, 40)
	openLesson(t, m, 9)
	runCurrent(t, m)
	press(t, m, "right")
	res := runCurrent(t, m)
	if len(res.rows) != 4 || !strings.Contains(flat(m), "! admitted is S, index wants N") {
		t.Fatalf("left out: %v\n%s", res.rows, screen(m))
	}
	press(t, m, "right")
	if res := runCurrent(t, m); res.err == nil || res.err.Message != "The update expression attempted to update the secondary index key to unsupported type" {
		t.Fatalf("update: %+v", res)
	}
	if s := flat(m); !strings.Contains(s, "ValidationException") || !strings.Contains(s, "nothing was written") {
		t.Fatalf("screen:\n%s", screen(m))
	}
	press(t, m, "right")
	if res := runCurrent(t, m); res.err == nil || !strings.Contains(res.err.Message, "Type mismatch for Index Key admitted Expected: N Actual: S IndexName: animal_type") {
		t.Fatalf("put: %+v", res)
	}
	press(t, m, "right")
	expectResult(t, m, runCurrent(t, m), "UpdateItem schema-demo · 2 WCU (table 1, animal_type 1)")
	press(t, m, "right")
	expectResult(t, m, runCurrent(t, m), "Scan schema-demo/animal_type · 2 items (scanned 2) · 0.5 RCU")
	// o on the left-out step opens the items pane's left-out list, on the copy
	press(t, m, "left", "left", "left", "left", "o")
	if m.pane != paneItems || !m.ws.items.LeftOutOpen() || m.ws.items.Target().Index != "animal_type" || m.ws == m.home {
		t.Fatalf("o: pane %d, %s", m.pane, m.ws.items.Target().Label())
	}
}
