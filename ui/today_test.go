package ui

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remote/remotetest"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/lessons"
	"github.com/dynoscope/dynoscope/ui/query"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The explorer on DynamoDB as it is today (issue 19): multi-attribute GSI
// keys (November 2025) in the Schema pane, the index browser, the query
// builder and the left-out list; throttling reasons (August 2025) in the
// Capacity pane, the status bar and the builder's error box; on-demand
// maximum throughput (May 2024) and warm throughput (November 2024) in
// the Schema and Capacity panes. What one pane shows alone is beside it
// (schema/, items/ and query/today_test.go); these cross panes, the status
// bar or a remote workspace.

// paneFlat is the text right of the sidebar, its lines joined and its
// spaces and borders collapsed: wrapped text reads as one.
func paneFlat(m *Model) string {
	var b strings.Builder
	for _, l := range strings.Split(screen(m), "\n") {
		if w := m.sidebarWidth(); ansi.StringWidth(l) > w {
			l = ansi.Cut(l, w, ansi.StringWidth(l))
		}
		b.WriteString(l + "\n")
	}
	s := strings.NewReplacer("│", " ", "┌", " ", "┐", " ", "└", " ", "┘", " ", "─", " ", "\n", " ").Replace(b.String())
	return strings.Join(strings.Fields(s), " ")
}

// skipStatusRefusal is DynamoDB's answer to a Query on PositionIndex that
// names Position without an equality condition on Status before it.
const skipStatusRefusal = "RANGE key attributes Status must have equality conditions specified in the query because a condition is present on key attribute Position"

// keyFields is the builder's key fields as "Attribute op value [why]".
func keyFields(q *query.Model) []string {
	var out []string
	for _, k := range q.Form().Keys {
		s := strings.TrimSpace(k.Attribute + " " + k.Op + " " + k.Value)
		if k.Disabled != "" {
			s += " [" + k.Disabled + "]"
		}
		out = append(out, s)
	}
	return out
}

// On a remote backend the left-out list comes from a read of the whole
// table (asked first), its reasons from engine.ExplainItemIn on the
// description: the same names of the missing attributes.
func TestRemoteLeftOutNamesTheMissingKeyAttributes(t *testing.T) {
	eng := uitest.CartWithLeftOuts(t)
	r := newRemoteBedOn(t, eng, openRemote(t, remotetest.Serve(t, eng), false, ""), 120, 40)
	m := r.m
	selectInSidebar(t, m, "CartLines", "PositionIndex")
	press(t, m, "2", "o", "y")
	for _, s := range []string{"left out: 2 of 21 table items read", "no Section, Status, Position", "no Position"} {
		if !strings.Contains(paneFlat(m), s) {
			t.Fatalf("no %q:\n%s", s, screen(m))
		}
	}
	items, _ := m.ws.items.LeftOutItems()
	if len(items) != 2 || !reflect.DeepEqual(items[1].Missing, []string{"Section", "Status", "Position"}) {
		t.Fatalf("left out %+v", items)
	}
	// the schema pane: key attributes in order and warm throughput, from DescribeTable
	press(t, m, "1")
	for _, s := range []string{"▸ PositionIndex GSI partition UserID (S) · sort Section (S), Status (S), Position (N)",
		"Throughput no on-demand maximum · warm 12,000 reads/s, 4,000 writes/s (ACTIVE)"} {
		if !strings.Contains(paneFlat(m), s) {
			t.Fatalf("no %q:\n%s", s, screen(m))
		}
	}
}

// The status bar and the builder on a table with OnDemandThroughput maxima
// (1 RRU, 10 WRU a second; its GSI 5 WRU): twenty writes in one second are
// throttled by the GSI's maximum, the status bar names the full
// ThrottlingReason, and a throttled Query in the builder shows its reason
// under DynamoDB's error. (The Capacity pane on the same throttles is
// ui/capacity's TestCapacityThrottleReasonsAndMaxima.)
func TestThrottleReasonsInStatusBarAndBuilder(t *testing.T) {
	eng, _ := liveEngine(t, "forum")
	uitest.OrdersTable(t, eng)
	m := newTestModel(t, eng, 120, 40)
	selectInSidebar(t, m, "Orders", "")
	throttled := 0
	for i := 0; i < 20; i++ {
		_, err := eng.PutItem(context.Background(), &model.PutItemInput{TableName: "Orders", Item: model.Item{"id": model.S(fmt.Sprint(i)),
			"Tenant": model.S("acme"), "Region": model.S("eu"), "OrderDate": model.S(fmt.Sprintf("2026-01-%02d", i+1))}})
		if err != nil {
			me := kit.AsModelError(err)
			if len(me.ThrottlingReasons) != 1 || me.ThrottlingReasons[0].Reason != "IndexWriteMaxOnDemandThroughputExceeded" ||
				!strings.HasSuffix(me.ThrottlingReasons[0].Resource, ":table/Orders/index/ByTenant") {
				t.Fatalf("put %d: %+v", i, me)
			}
			throttled++
		}
	}
	if throttled != 15 {
		t.Fatalf("%d throttled", throttled)
	}
	press(t, m, "4") // the Capacity pane's read brings the last request to the status bar
	refreshLive(t, m)
	if !strings.Contains(statusBar(m), "last: PutItem Orders · throttled: IndexWriteMaxOnDemandThroughputExceeded") {
		t.Fatalf("status bar %q", statusBar(m))
	}

	// reads: the table's maximum of 1 RRU a second takes two eventually
	// consistent reads of one 4 KB; one more is throttled
	selectInSidebar(t, m, "Orders", "")
	press(t, m, "3")
	gotoRow(t, m, "partition key")
	typeText(t, m, "0")
	q := m.ws.query
	for i := 0; i < 4 && (q.Result() == nil || q.Result().Err == nil); i++ {
		press(t, m, "r")
	}
	res := q.Result()
	if res == nil || res.Err == nil || len(res.Err.ThrottlingReasons) != 1 || res.Err.ThrottlingReasons[0].Reason != "TableReadMaxOnDemandThroughputExceeded" {
		t.Fatalf("result %+v", res)
	}
	if f := paneFlat(m); !strings.Contains(f, "ThrottlingReason TableReadMaxOnDemandThroughputExceeded on arn:aws:dynamodb:") {
		t.Fatalf("the error box does not name the reason:\n%s", screen(m))
	}
}

// Lesson 11, "Composite sort keys, then and now", on its copy of the
// composite-sort-keys data set: the same access patterns on the
// concatenated LineKeyIndex and the multi-attribute PositionIndex side by
// side, with what each read and cost; the number-ordering trap; Section
// alone; the skipped Status refused with DynamoDB's text, and o showing it
// in the builder with the Position field marked; a new line costing one
// write in the table and in each index; where it files in each. The user's
// workspace (without the data set) is as it was.
func TestLessonCompositeSortKeysThenAndNow(t *testing.T) {
	eng := demoEngine(t, "forum")
	before := snapshot(t, eng)
	m := newTestModel(t, eng, 120, 40)
	openLesson(t, m, 11)
	if title, table := m.lessons.Title(); title != "Composite sort keys, then and now" || table != "CartLines" {
		t.Fatalf("lesson 11 is %q on %s", title, table)
	}
	side := func(step string, title string, lines ...string) {
		t.Helper()
		res := runCurrent(t, m)
		if res.err != nil || res.title != title {
			t.Fatalf("%s: %q %v", step, res.title, res.err)
		}
		f := paneFlat(m)
		for _, l := range append([]string{"✓ " + title}, lines...) {
			if !strings.Contains(f, l) {
				t.Errorf("%s: screen lacks %q:\n%s", step, l, screen(m))
			}
		}
	}
	side("step 1", "then 12 items, 0.5 RCU · now 12 items, 0.5 RCU",
		"then · Query CartLines/LineKeyIndex · 12 items (scanned 12) · 0.5 RCU",
		"Position in the order returned: 1 10 11 12 2 3 4 5 6 7 8 9",
		"Query on CartLines/LineKeyIndex: 12 index entries, 1.7 KB → 1 × 4 KB = 1 RCU",
		"now · Query CartLines/PositionIndex · 12 items (scanned 12) · 0.5 RCU",
		"Position in the order returned: 1 2 3 4 5 6 7 8 9 10 11 12")
	press(t, m, "right")
	side("step 2", "then 1 item, 0.5 RCU · now 4 items, 0.5 RCU",
		"then · Query CartLines/LineKeyIndex · 1 item (scanned 1) · 0.5 RCU Position in the order returned: 9 ",
		"now · Query CartLines/PositionIndex · 4 items (scanned 4) · 0.5 RCU Position in the order returned: 9 10 11 12")
	press(t, m, "right")
	res := runCurrent(t, m)
	expectResult(t, m, res, "Query CartLines/PositionIndex · 14 items (scanned 14) · 0.5 RCU")
	if h := lineWith(m, "UserID   │ Section ▲1"); !strings.Contains(h, "UserID   │ Section ▲1 │ Status ▲2 │ Position ▲3 │ SK") {
		t.Fatalf("step 3 columns %q", h)
	}
	var order []string
	for _, it := range res.items {
		order = append(order, it["Status"].S+" "+it["Position"].N)
	}
	if strings.Join(order, ", ") != "ACTIVE 1, ACTIVE 2, ACTIVE 3, ACTIVE 4, ACTIVE 5, ACTIVE 6, ACTIVE 7, ACTIVE 8, ACTIVE 9, ACTIVE 10, ACTIVE 11, ACTIVE 12, SAVED 1, SAVED 2" {
		t.Fatalf("step 3 order %s", order)
	}
	press(t, m, "right")
	if res := runCurrent(t, m); res.err == nil || res.err.Code != model.ErrValidation || res.err.Message != skipStatusRefusal {
		t.Fatalf("step 4: %+v", res)
	}
	if !strings.Contains(paneFlat(m), "✗ Query CartLines/PositionIndex: rejected ValidationException "+skipStatusRefusal) {
		t.Fatalf("step 4 screen:\n%s", screen(m))
	}
	// o: the request in the builder, on the copy: Status without a
	// condition, Position's kept and marked, DynamoDB's refusal under it
	press(t, m, "o")
	q := m.ws.query
	if m.pane != paneQuery || m.ws == m.home || q.Target().Label() != "CartLines ▸ PositionIndex" {
		t.Fatalf("o: pane %d, %s", m.pane, q.Target().Label())
	}
	want := []string{"UserID = u-1001", "Section = CART", "Status", "Position >= 9 [needs = on Status first: none skipped]"}
	if got := keyFields(q); !reflect.DeepEqual(got, want) {
		t.Fatalf("builder fields %q, want %q", got, want)
	}
	if r := q.Result(); r == nil || r.Err == nil || r.Err.Message != skipStatusRefusal {
		t.Fatalf("builder result %+v", r)
	}
	if !strings.Contains(paneFlat(m), "DynamoDB will refuse this condition on Position: Status has no condition, and the sort attributes are pinned with = from the left, none skipped") {
		t.Fatalf("builder:\n%s", screen(m))
	}
	press(t, m, "7", "right")
	expectResult(t, m, runCurrent(t, m), "PutItem CartLines · 3 WCU (table 1, LineKeyIndex 1, PositionIndex 1)",
		"PutItem on CartLines: 143 B (new item) → 1 × 1 KB = 1 WCU")
	press(t, m, "right")
	side("step 6", "then 13 items, 0.5 RCU · now 13 items, 0.5 RCU",
		"Position in the order returned: 1 10 11 12 13 2 3 4 5 6 7 8 9",
		"Position in the order returned: 1 2 3 4 5 6 7 8 9 10 11 12 13")
	sameSnapshot(t, before, snapshot(t, eng))
}

// The write-sharding lesson on a copy that throttles: the hot key's
// seconds are throttled with TableWriteKeyRangeThroughputExceeded on Votes,
// and the same rate over twenty shards is throttled for no reason at all.
func TestLessonWriteShardingThrottleReasons(t *testing.T) {
	old := lessons.NewCopy
	lessons.NewCopy = func(dataset string, now time.Time) (*engine.Engine, error) {
		eng, err := engine.Open(engine.Options{Clock: engine.NewManualClock(now), DisableTTLSweeper: true})
		if err != nil {
			return nil, err
		}
		if err := lessons.LoadCopy(eng, dataset); err != nil {
			eng.Close()
			return nil, err
		}
		return eng, nil
	}
	t.Cleanup(func() { lessons.NewCopy = old })
	eng := demoEngine(t, "forum")
	m := newTestModel(t, eng, 120, 40)
	openLesson(t, m, 7)
	press(t, m, "right")
	res := runCurrent(t, m)
	if res.err != nil || len(res.rows) != 5 {
		t.Fatalf("hot key: %+v", res)
	}
	for i, r := range res.rows {
		if !strings.HasPrefix(r, fmt.Sprintf("second %d:  2000 sent · ", i+1)) || !strings.HasSuffix(r, " throttled · KeyRangeThroughputExceeded") || strings.Contains(r, "·     0 throttled") {
			t.Errorf("hot key second %d: %q", i+1, r)
		}
	}
	arn := describe(t, m.lessons.Copy(), "Votes").TableArn
	if f := paneFlat(m); !strings.Contains(f, "the last throttle's ThrottlingReason: TableWriteKeyRangeThroughputExceeded resource "+arn) {
		t.Fatalf("hot key:\n%s", screen(m))
	}
	press(t, m, "right")
	res = runCurrent(t, m)
	if res.err != nil || len(res.rows) != 5 {
		t.Fatalf("sharded: %+v", res)
	}
	for i, r := range res.rows {
		if r != fmt.Sprintf("second %d:  2000 sent ·  2000 ok ·     0 throttled", i+1) {
			t.Errorf("sharded second %d: %q", i+1, r)
		}
	}
	if f := paneFlat(m); strings.Contains(f, "ThrottlingReason") || !strings.Contains(f, "10000 requests: 10000 ok, 0 throttled, 0 failed") {
		t.Fatalf("sharded:\n%s", screen(m))
	}
}

// The Capacity pane of a remote table: the on-demand maxima and the warm
// throughput come from DescribeTable, the maxima drawn as the charts'
// lines; where the throttle reasons are is said.
func TestRemoteCapacityMaximaAndWarm(t *testing.T) {
	eng := demoEngine(t, "forum")
	uitest.OrdersTable(t, eng)
	r := newRemoteBedOn(t, eng, openRemote(t, remotetest.Serve(t, eng), false, ""), 120, 40)
	m := r.m
	selectInSidebar(t, m, "Orders", "")
	press(t, m, "4")
	refreshLive(t, m)
	sc := screen(m)
	for _, s := range []string{
		"ON-DEMAND ≤ 1 RRU / 10 WRU a second (maximum) · warm 15,000 R / 5,000 W a second",
		"RRU/s now 0 · peak 0 · on-demand maximum 1",
		"WRU/s now 0 · peak 0 · on-demand maximum 10",
		"Throttles: DynamoDB names the reason of each throttle in its answer (ThrottlingReasons)",
	} {
		if !strings.Contains(sc, s) {
			t.Errorf("no %q:\n%s", s, sc)
		}
	}
}
