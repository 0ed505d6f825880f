package ui

import (
	"strings"
	"testing"
)

// openLesson shows the lessons pane on lesson n (1-based), step 1.
func openLesson(t *testing.T, m *Model, n int) {
	t.Helper()
	press(t, m, "7")
	if m.pane != paneLessons || m.focus != focusLessons {
		t.Fatalf("7 shows pane %d, focus %d", m.pane, m.focus)
	}
	for m.lessons.li > 0 {
		press(t, m, "k")
	}
	for i := 1; i < n; i++ {
		press(t, m, "j")
	}
	for m.lessons.si > 0 {
		press(t, m, "left")
	}
}

// runStep runs the current step and returns its result.
func runCurrent(t *testing.T, m *Model) *lessonResult {
	t.Helper()
	press(t, m, "enter")
	res := m.lessons.results[[2]int{m.lessons.li, m.lessons.si}]
	if res == nil {
		t.Fatalf("step %d of %q has no result", m.lessons.si+1, m.lessons.lesson().title)
	}
	return res
}

// expectResult checks a result's title and that the screen shows it.
func expectResult(t *testing.T, m *Model, res *lessonResult, title string, more ...string) {
	t.Helper()
	if res.err != nil {
		t.Fatalf("step %d: %s: %s", m.lessons.si+1, res.title, res.err.Error())
	}
	if res.title != title {
		t.Errorf("step %d: result %q, want %q", m.lessons.si+1, res.title, title)
	}
	s := flat(m)
	for _, w := range append([]string{"✓ " + title}, more...) {
		if !strings.Contains(s, w) {
			t.Errorf("step %d: screen lacks %q:\n%s", m.lessons.si+1, w, screen(m))
		}
	}
}

// The sparse-index lesson on DeviceReports: the index holds 7 of 300, a
// filtered table Scan reads all 300 for the same answer, escalating a
// report costs the index a write and adds an entry, an ordinary report
// costs the index nothing.
func TestLessonSparseIndex(t *testing.T) {
	eng := demoEngine(t, "iot-device-reports")
	m := newTestModel(t, eng, 120, 40)
	openLesson(t, m, 3)
	if l := m.lessons.lesson(); l.title != "Sparse index" || l.table != "DeviceReports" {
		t.Fatalf("lesson 3 is %q on %s", l.title, l.table)
	}
	expectResult(t, m, runCurrent(t, m), "Scan DeviceReports/EscalatedTo-index · 7 items (scanned 7) · 0.5 RCU",
		"Scan on DeviceReports/EscalatedTo-index: 7 index entries", "tech-ana")
	press(t, m, "right")
	expectResult(t, m, runCurrent(t, m), "Scan DeviceReports · 7 items (scanned 300) · 4.5 RCU", "Scan on DeviceReports: 300 items")
	press(t, m, "right")
	expectResult(t, m, runCurrent(t, m), "UpdateItem DeviceReports · 2 WCU (table 1, EscalatedTo-index 1)", "d#1005 2024-05-14T08:00:00Z")
	press(t, m, "right")
	res := runCurrent(t, m)
	expectResult(t, m, res, "Query DeviceReports/EscalatedTo-index · 4 items (scanned 4) · 0.5 RCU", "d#1005")
	// o opens the same request in the query builder and runs it there
	press(t, m, "o")
	if m.pane != paneQuery || m.query.target().label() != "DeviceReports ▸ EscalatedTo-index" {
		t.Fatalf("o: pane %d, builder on %s", m.pane, m.query.target().label())
	}
	if m.query.pk.String() != "tech-ana" || m.query.res == nil || m.query.res.count != 4 {
		t.Fatalf("builder: pk %q, result %+v", m.query.pk.String(), m.query.res)
	}
	press(t, m, "7", "right")
	expectResult(t, m, runCurrent(t, m), "PutItem DeviceReports · 1 WCU")
}

// The LSI lesson on Thread/LastPostIndex: projected attributes only cost
// one read of the entries; asking for Tags adds a 4 KB fetch per item,
// 2.5 RCU for four; the guide's query; the pinned thread missing from the
// index; a strongly consistent read doubles the charge.
func TestLessonLSIProjections(t *testing.T) {
	eng := demoEngine(t, "forum")
	m := newTestModel(t, eng, 120, 40)
	openLesson(t, m, 8)
	if l := m.lessons.lesson(); l.table != "Thread" {
		t.Fatalf("lesson 8 is %q on %s", l.title, l.table)
	}
	expectResult(t, m, runCurrent(t, m), "Query Thread/LastPostIndex · 4 items (scanned 4) · 0.5 RCU",
		"Query on Thread/LastPostIndex: 4 index entries")
	press(t, m, "right")
	res := runCurrent(t, m)
	expectResult(t, m, res, "Query Thread/LastPostIndex · 4 items (scanned 4) · 2.5 RCU",
		"table fetches of non-projected attributes", "eventually consistent × 0.5 = 2.5 RCU")
	press(t, m, "right")
	expectResult(t, m, runCurrent(t, m), "Query Thread/LastPostIndex · 6 items (scanned 6) · 3.5 RCU")
	// the guide's legacy KeyConditions open in the builder as a BETWEEN
	press(t, m, "o")
	if q := m.query; q.op != opBetween || q.pk.String() != "EC2" || q.sk2.String() != "2012-11-31T00:00:00.000Z" || q.res == nil || q.res.count != 6 {
		t.Fatalf("builder: op %q pk %q sk2 %q res %+v note %q", q.op, q.pk.String(), q.sk2.String(), q.res, q.note)
	}
	press(t, m, "7", "right")
	expectResult(t, m, runCurrent(t, m), "Query Thread/LastPostIndex · 4 items (scanned 4) · 0.5 RCU")
	for _, r := range m.lessons.results[[2]int{7, 3}].items {
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
	// o on the left-out step opens the items pane's left-out list
	press(t, m, "left", "left", "left", "left", "o")
	if m.pane != paneItems || m.items.leftOut == nil || m.items.tg.index != "animal_type" {
		t.Fatalf("o: pane %d, %s", m.pane, m.items.tg.label())
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

// A lesson whose data set is not loaded shows DynamoDB's error and says
// which data set it needs.
func TestLessonWithoutItsDataSet(t *testing.T) {
	eng := demoEngine(t, "schema-demo")
	m := newTestModel(t, eng, 120, 40)
	openLesson(t, m, 1)
	res := runCurrent(t, m)
	if res.err == nil || res.err.Code != "ResourceNotFoundException" {
		t.Fatalf("result %+v", res)
	}
	if s := flat(m); !strings.Contains(s, "This lesson needs the shopping-cart data set") {
		t.Fatalf("screen:\n%s", screen(m))
	}
}
