package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
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
	out := map[string][]string{}
	tables, err := eng.ListTables(context.Background(), &model.ListTablesInput{})
	if err != nil {
		t.Fatal(err)
	}
	yes := true
	for _, n := range tables.TableNames {
		res, err := eng.Scan(context.Background(), &model.ScanInput{TableName: n, ConsistentRead: &yes})
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range res.Items {
			out[n] = append(out[n], string(model.AppendItemJSON(nil, it)))
		}
	}
	return out
}

// sameSnapshot fails when two snapshots differ.
func sameSnapshot(t testing.TB, before, after map[string][]string) {
	t.Helper()
	if len(before) != len(after) {
		t.Fatalf("tables changed: %d → %d", len(before), len(after))
	}
	for n, items := range before {
		if strings.Join(items, "\n") != strings.Join(after[n], "\n") {
			t.Fatalf("%s changed: %d items → %d", n, len(items), len(after[n]))
		}
	}
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

// A lesson runs on a fresh copy of its data set, made when it starts: its
// writes and clock jumps never reach the user's workspace, and r starts it
// over. (Before, lesson 9's step 3, "DynamoDB refuses it … Nothing is
// changed", succeeded once steps 4 and 5 had run, on the user's table.)
func TestLessonRunsOnACopyAndResets(t *testing.T) {
	eng := demoEngine(t, "schema-demo", "messages-ttl")
	before := snapshot(t, eng)
	clk := eng.Clock().(*engine.VirtualClock)
	start := clk.Now()
	m := newTestModel(t, eng, 120, 40)
	openLesson(t, m, 9)
	runCurrent(t, m)
	press(t, m, "right", "right")
	refused := "The update expression attempted to update the secondary index key to unsupported type"
	if res := runCurrent(t, m); res.err == nil || res.err.Message != refused {
		t.Fatalf("step 3: %+v", res)
	}
	press(t, m, "right")
	runCurrent(t, m)
	press(t, m, "right")
	expectResult(t, m, runCurrent(t, m), "UpdateItem schema-demo · 2 WCU (table 1, animal_type 1)")
	sameSnapshot(t, before, snapshot(t, eng))
	// back to step 3: the copy has the fix, and the pane says so
	press(t, m, "left", "left")
	if !strings.Contains(stepColumn(m), "The copy has seen step 4, 5 already: r starts the lesson over on a fresh copy.") {
		t.Fatalf("no word on the steps run:\n%s", screen(m))
	}
	if res := runCurrent(t, m); res.err != nil {
		t.Fatalf("step 3 after the fix, on the same copy: %+v", res)
	}
	copy1 := m.lessons.Copy()
	press(t, m, "r")
	if m.lessons.Copy() != nil {
		t.Fatal("r kept the copy")
	}
	if res := runCurrent(t, m); res.err == nil || res.err.Message != refused {
		t.Fatalf("step 3 on a fresh copy: %+v", res)
	}
	if m.lessons.Copy() == copy1 {
		t.Fatal("r did not make a fresh copy")
	}
	// The TTL lesson jumps its copy's clock, not the user's.
	openLesson(t, m, 4)
	runCurrent(t, m)
	press(t, m, "right")
	runCurrent(t, m)
	if !clk.Now().Equal(start) {
		t.Fatalf("the user's clock moved: %v → %v", start, clk.Now())
	}
	sameSnapshot(t, before, snapshot(t, eng))
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

// The TTL lessons: an expired message is still read until the TTL pass,
// a filter hides it, the pass deletes it, and the stream tells the
// service's REMOVE from a client's.
func TestLessonTTLAndArchival(t *testing.T) {
	eng := demoEngine(t, "messages-ttl")
	m := newTestModel(t, eng, 120, 40)
	openLesson(t, m, 4)
	expectResult(t, m, runCurrent(t, m), "PutItem Messages · 1 WCU")
	press(t, m, "right")
	expectResult(t, m, runCurrent(t, m), "Query Messages · 1 item (scanned 1) · 0.5 RCU", "engine clock +40s")
	press(t, m, "right")
	expectResult(t, m, runCurrent(t, m), "Query Messages · 0 items (scanned 2) · 0.5 RCU", "✓ PutItem Messages · 1 WCU")
	press(t, m, "right")
	expectResult(t, m, runCurrent(t, m), "Query Messages · 0 items (scanned 0) · 0.5 RCU", "TTL pass: 5 items deleted")
	press(t, m, "right")
	res := runCurrent(t, m)
	if res.err != nil || len(res.items) != 3 {
		t.Fatalf("ignored TTLs: %s %v", res.title, res.items)
	}
	press(t, m, "j")
	runCurrent(t, m)
	press(t, m, "right")
	runCurrent(t, m)
	press(t, m, "right")
	res = runCurrent(t, m)
	if s := flat(m); !strings.Contains(s, "REMOVE userIdentity Service dynamodb.amazonaws.com archive-lesson") {
		t.Fatalf("no TTL REMOVE in %v\n%s", res.rows, screen(m))
	}
	press(t, m, "right")
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
	eng := demoEngine(t, "schema-demo")
	before := snapshot(t, eng)
	m := newTestModel(t, eng, 120, 40)
	openLesson(t, m, 1)
	ds, _ := fixtures.Get("shopping-cart")
	ex, ok := ds.Example("everything about a shopper", t0)
	if !ok || ex.Expect.Count == 0 {
		t.Fatal("the data set's example has no expected count")
	}
	n := ex.Expect.Count
	expectResult(t, m, runCurrent(t, m), fmt.Sprintf("Query ShoppingCart · %s (scanned %d) · 0.5 RCU", kit.NItems(n), n))
	sameSnapshot(t, before, snapshot(t, eng))
}
