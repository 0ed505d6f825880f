package ui

import (
	"context"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// At 80x24 the panes wrap what does not fit instead of cutting it: an
// index's projection, counts, size and status, the attribute definitions,
// a table's TTL setting beside its stream, the TTL pane's counts and its
// explanations, the stream pane's. (Before, each ended in "…" at the
// pane's edge: "7 of 300 items · 1.4 KB…" hid the index's status, "stream
// NEW_AND_OLD_IMAGES · TTL…" the TTL attribute.)
func TestNarrowPanesWrapInsteadOfCutting(t *testing.T) {
	for _, tt := range []struct {
		name, fixture, table, pane string
		want                       []string
	}{
		{"schema of a GSI", "iot-device-reports", "DeviceReports", "1", []string{
			"Attribute definitions DeviceID S · Timestamp S · EscalatedTo S",
			"projects INCLUDE FaultCode, DeviceStatus · 7 of 300 items · 712 B · ACTIVE",
			"throughput: no on-demand maximum · warm 12,000 reads/s, 4,000 writes/s (ACTIVE)",
		}},
		{"schema of a table with TTL and a stream", "messages-ttl", "Messages", "1", []string{
			"stream NEW_AND_OLD_IMAGES · TTL ENABLED on ExpiresAt",
		}},
		{"schema of a table with an LSI", "forum", "Reply", "1", []string{
			"projects KEYS_ONLY · 33 of 33 items · 3.1 KB · ACTIVE",
			"Item collections (table items + LSI entries per partition key, limit 10 GB)",
		}},
		{"TTL off", "forum", "Forum", "5", []string{
			"Time to live is off for this table: no item expires, whatever its attributes say.",
			"--time-to-live-specification Enabled=true,AttributeName=ttl).",
			"Deleted by TTL (REMOVE records by dynamodb.amazonaws.com in the stream)",
		}},
		{"TTL counts", "messages-ttl", "Messages", "5", []string{
			"TTL ENABLED on ExpiresAt · deleted about 15 s after expiry",
			"~ 1 too old · - 1 not a Number",
		}},
		{"no stream", "forum", "Forum", "6", []string{
			"This table has no stream: UpdateTable with StreamSpecification StreamEnabled=true turns one on.",
		}},
		{"stream bounds", "messages-ttl", "Messages", "6", []string{
			"oldest trimmed first (--stream-retention) now 13 records,",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := newTestModel(t, demoEngine(t, tt.fixture), 80, 24)
			selectInSidebar(t, m, tt.table, "")
			press(t, m, tt.pane)
			for _, w := range tt.want {
				if !strings.Contains(paneFlat(m), w) {
					t.Errorf("want %q on\n%s", w, screen(m))
				}
			}
		})
	}
}

// At 80 columns the item view keeps the item's key, its capacity units and
// every character of a long value: the title and the figures wrap, a JSON
// line wider than the pane goes on under itself. (Before, the title read
// "Messages ▸ ite…" with the key cut away, and a long Body ended in "…".)
func TestItemViewAt80ColumnsKeepsKeyAndValues(t *testing.T) {
	m := newTestModel(t, demoEngine(t, "forum"), 80, 24)
	selectInSidebar(t, m, "Thread", "")
	press(t, m, "2", "enter")
	item := m.ws.item.Item()
	if item == nil {
		t.Fatalf("no item open:\n%s", screen(m))
	}
	key := "ForumName=" + item["ForumName"].S + " · Subject=" + item["Subject"].S
	if !strings.Contains(paneFlat(m), key) || !strings.Contains(paneFlat(m), "write 1 WCU") {
		t.Fatalf("want the key %q and the write units on\n%s", key, screen(m))
	}
	// scroll to the message and read it whole
	msg := item["Message"].S
	if len(msg) < 60 {
		t.Fatalf("the first Thread item's Message is short (%q): pick another", msg)
	}
	for i := 0; i < 40 && !strings.Contains(paneFlat(m), `"Message"`); i++ {
		press(t, m, "j")
	}
	for i := 0; i < 5 && !strings.Contains(paneFlat(m), `"PostedBy"`); i++ {
		press(t, m, "j")
	}
	if !strings.Contains(paneFlat(m), msg) {
		t.Fatalf("the Message %q is not whole on\n%s", msg, screen(m))
	}
}

// When a table's key columns fill the items pane (CustomerDocuments at 80
// columns: PK and SK leave no room), → makes them give way and shows the
// attributes from the first on; ← back to the start shows the keys whole.
// (Before, → changed only the "+34 →" count: no attribute was ever seen.)
func TestItemsScrollRightWhenKeysFillThePane(t *testing.T) {
	m := newTestModel(t, demoEngine(t, "vertical-partitioning"), 80, 24)
	selectInSidebar(t, m, "CustomerDocuments", "")
	press(t, m, "2")
	header := func() string { return lineWith(m, "PK ") }
	if h := header(); !strings.Contains(h, "+") || strings.Contains(h, "City") {
		t.Fatalf("at the start: %q", h)
	}
	seen := map[string]bool{"PK": true, "SK": true}
	var names []string // the attribute columns, in the grid's order (by name)
	for _, it := range m.ws.items.Rows() {
		for n := range it {
			if !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	sort.Strings(names)
	cols, first := len(names), names[0]
	press(t, m, "l")
	if h := header(); !strings.Contains(h, first) || !strings.Contains(h, "←") {
		t.Fatalf("after →, want the first attribute %q beside the keys: %q\n%s", first, h, screen(m))
	}
	for i := 0; i < cols+5; i++ {
		press(t, m, "l")
	}
	last := names[cols-1]
	if h := header(); !strings.Contains(h, last[:min(len(last), 6)]) {
		t.Fatalf("at the far right, want the last attribute %q: %q", last, h)
	}
	for i := 0; i < cols+5; i++ {
		press(t, m, "h")
	}
	if h := header(); !strings.Contains(h, "SK ▲") || strings.Contains(h, "←") {
		t.Fatalf("back at the start, want the keys whole: %q", h)
	}
}

// At 80 columns a Query's result keeps its figures: the RCU beside the
// counts and the itemised explanation wrap rather than end in "…".
// (Before: "25 items (Count 25, ScannedCount 25) · 0.5 R… last page".)
func TestQueryResultAt80ColumnsKeepsItsFigures(t *testing.T) {
	m := newTestModel(t, demoEngine(t, "iot-device-reports"), 80, 24)
	selectInSidebar(t, m, "DeviceReports", "")
	press(t, m, "3")
	gotoRow(t, m, "partition key")
	typeText(t, m, "d#1012")
	press(t, m, "r")
	press(t, m, "g")
	for _, w := range []string{
		"25 items (Count 25, ScannedCount 25) · 0.5 RCU last page",
		"Query on DeviceReports: 25 items, 2.8 KB → 1 × 4 KB = 1 RCU",
		"eventually consistent × 0.5 = 0.5 RCU",
	} {
		if !strings.Contains(paneFlat(m), w) {
			t.Errorf("want %q on\n%s", w, screen(m))
		}
	}
}

// Once the name being typed is a whole attribute name, the editor says so
// instead of "none starts with Battery".
func TestPartiQLHintOnAWholeName(t *testing.T) {
	m := newTestModel(t, demoEngine(t, "iot-device-reports"), 120, 40)
	toPartiQL(t, m, "DeviceReports", "")
	gotoPQRow(t, m, "statement")
	press(t, m, "enter", "ctrl+u")
	typeIn(t, m, `SELECT * FROM "DeviceReports" WHERE Batt`)
	press(t, m, "tab")
	if got := m.ws.query.PartiQL().Statement; !strings.HasSuffix(got, "WHERE Battery") {
		t.Fatalf("tab did not complete: %q", got)
	}
	if s := flat(m); !strings.Contains(s, "attributes of DeviceReports: Battery") || strings.Contains(s, "none starts with") {
		t.Fatalf("the hint on a whole name:\n%s", screen(m))
	}
	typeIn(t, m, "x")
	if !strings.Contains(flat(m), "attributes of DeviceReports: none starts with Batteryx") {
		t.Fatalf("the hint on no name:\n%s", screen(m))
	}
}

// A jump that expires one item says "1 item expires", in the title and
// on the table's line (before: "1 item expire").
func TestClockJumpQuestionOneItem(t *testing.T) {
	eng, clk := liveEngine(t, "messages-ttl")
	m := newFileModel(t, eng, "work.db", 120, 40)
	effects, err := eng.TTLJumpEffects(clk.Now().Add(time.Hour))
	if err != nil || len(effects) != 1 || effects[0].Expire != 1 {
		t.Fatalf("an hour on: %+v %v (the test wants one item expiring)", effects, err)
	}
	press(t, m, ">", "1h", "enter")
	if m.modal == nil {
		t.Fatalf("the jump did not ask:\n%s", screen(m))
	}
	s := flat(m)
	for _, want := range []string{"? 1 item expires", "Messages: 1 item expires (the first at " + effects[0].Earliest.UTC().Format("2006-01-02 15:04:05") + ")"} {
		if !strings.Contains(s, want) {
			t.Errorf("want %q on\n%s", want, screen(m))
		}
	}
	if strings.Contains(s, "item expire ") {
		t.Errorf("a verb in the plural after one item:\n%s", screen(m))
	}
}

// The Schema pane counts an index's key-schema violations in words that
// agree with the count: two items violate, one item violates.
func TestSchemaViolationsAgree(t *testing.T) {
	eng := demoEngine(t, "schema-demo")
	m := newTestModel(t, eng, 120, 40)
	selectInSidebar(t, m, "schema-demo", "")
	press(t, m, "1")
	if s := paneFlat(m); !strings.Contains(s, "! 2 items violate the key schema (backfill skipped them; writes to them fail until fixed)") {
		t.Fatalf("two violations:\n%s", screen(m))
	}
	// Zuzi's admitted becomes a Number, as lesson 9 fixes it
	ch, cancel := eng.Subscribe(64)
	defer cancel()
	_, err := eng.UpdateItem(context.Background(), &model.UpdateItemInput{TableName: "schema-demo",
		Key: model.Item{"pk": model.S("ZUZ001")}, UpdateExpression: "SET admitted = :n",
		ExpressionAttributeValues: map[string]model.AttributeValue{":n": model.N("1672563600")}})
	if err != nil {
		t.Fatal(err)
	}
	events(t, m, ch)
	if s := paneFlat(m); !strings.Contains(s, "! 1 item violates the key schema (backfill skipped it; writes to it fail until fixed)") {
		t.Fatalf("one violation:\n%s", screen(m))
	}
}

// At 120x40 the Capacity pane's header and traffic lines wrap instead of
// ending in "…" (what is left of the write bucket, the workload's hint);
// the charts keep their room.
func TestCapacityHeaderWrapsWhenThereIsRoom(t *testing.T) {
	m := newTestModel(t, demoEngine(t, "iot-device-reports"), 120, 40)
	selectInSidebar(t, m, "DeviceReports", "")
	press(t, m, "4")
	s := paneFlat(m)
	for _, want := range []string{
		"write 40,000 of 40,000",
		"the generator's own table: one partition, which takes at most 1,000 WCU a second (per second of engine time)",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("want %q on\n%s", want, screen(m))
		}
	}
	if n := strings.Count(screen(m), "┤"); n < 2*6 {
		t.Errorf("the charts have %d rows in all, want at least 12:\n%s", n, screen(m))
	}
}

// At 80x24 the Capacity pane's lines are cut to one each, and what is cut
// is what matters least: the title keeps the limits whole (throttling off,
// a warning, moves to the start of the next line), the bucket levels come
// before the warm throughput, and the traffic line keeps its rate and t's
// action (the workload's name gives way).
func TestCapacityLinesAt80x24KeepWhatChanges(t *testing.T) {
	eng := demoEngine(t, "iot-device-reports")
	eng.SetThrottling(true)
	m := newTestModel(t, eng, 80, 24)
	selectInSidebar(t, m, "DeviceReports", "")
	press(t, m, "4")
	s := screen(m)
	for _, want := range []string{
		"ON-DEMAND ≤ 40,000 RRU / 40,000 WRU│",
		"│left this second: read 39,999 of 40,000 · write 40,…│",
		"rate ◂ 1,500/s ▸   t start",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("want %q on\n%s", want, s)
		}
	}
	eng.SetThrottling(false)
	press(t, m, "1", "4") // the pane reads the metrics again
	if s := screen(m); !strings.Contains(s, "│throttling off · left this second: read") {
		t.Errorf("want throttling off at the start of the second line on\n%s", s)
	}
}

// A table whose name leaves no room for the limits as written: they are
// abbreviated as the warm throughput is ("R", "W"), whole.
func TestCapacityTitleAt80x24AbbreviatesTheLimits(t *testing.T) {
	m := newTestModel(t, demoEngine(t, "vertical-partitioning"), 80, 24)
	selectInSidebar(t, m, "CustomerDocuments", "")
	press(t, m, "4")
	if s := screen(m); !strings.Contains(s, "ON-DEMAND ≤ 40,000 R / 40,000 W│") {
		t.Errorf("want the limits abbreviated, whole, on\n%s", s)
	}
}
