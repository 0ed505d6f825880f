package items

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/internal/itemfmt"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// D on marked items: a dry run first (items, calls, the WCU by the
// engine's rules: table and GSI), nothing written before yes; then the
// deletes in BatchWriteItem calls of 25, and a summary. The WCU the dry run
// said is what the writes consumed.
func TestBulkDeleteDryRunThenSummary(t *testing.T) {
	eng := ordersTable(t, 60)
	p := openTable(t, eng, "Orders", 0)
	r := root{yes: false}
	r.keys(p, "*", "D")
	if len(r.asked) != 1 {
		t.Fatalf("D asked %d questions", len(r.asked))
	}
	q := r.asked[0]
	body := strings.Join(q.Body, "\n")
	if q.Title != "Delete 50 items marked in Orders?" || q.Table != "Orders" {
		t.Fatalf("question %q (table %q)", q.Title, q.Table)
	}
	// the expected units: each item's own size in 1 KB units, and the
	// GSI entry of the 2 in 3 that have a status
	var table, gsi float64
	for _, it := range p.markedItems() {
		u := engine.WriteUnitsIn(p.tg.Desc, it, nil)
		table += u.Table
		gsi += u.Indexes["byStatus"]
	}
	if gsi == 0 || table <= 50 {
		t.Fatalf("a weak fixture: table %v gsi %v", table, gsi)
	}
	want := "It will consume " + kit.FmtUnits(table+gsi) + " WCU (table " + kit.Units(table) + " · byStatus " + kit.Units(gsi) + ")"
	for _, s := range []string{"50 items: 2 BatchWriteItem calls of up to 25 DeleteRequests", want, "read again for this dry run", "esc stops"} {
		if !strings.Contains(body, s) {
			t.Fatalf("dry run lacks %q:\n%s", s, body)
		}
	}
	if n := itemCount(t, eng, "Orders"); n != 60 {
		t.Fatalf("the dry run wrote: %d items left", n)
	}
	// yes
	r.run(p, p.Update(q.Then))
	if n := itemCount(t, eng, "Orders"); n != 10 {
		t.Fatalf("after the deletes %d items, want 10", n)
	}
	v := view(p)
	head := "Deleted 50 of 50 items in Orders · 2 calls · " + kit.FmtUnits(table+gsi) + " WCU consumed"
	if !strings.Contains(v, head) || !strings.Contains(v, "Nothing failed.") || len(p.marks) != 0 {
		t.Fatalf("summary (want %q), %d marks left:\n%s", head, len(p.marks), v)
	}
	if len(r.changed) != 1 || r.changed[0].Table != "Orders" {
		t.Fatalf("the root was not told: %+v", r.changed)
	}
	r.keys(p, "enter")
	if p.bulk != nil || strings.Contains(view(p), "Deleted") {
		t.Fatalf("enter did not close the summary:\n%s", view(p))
	}
}

// esc stops a bulk action after the call in flight: the summary says how
// many were not sent, and they stay marked.
func TestBulkStopKey(t *testing.T) {
	eng := bigTable(t, 300)
	defer eng.Close()
	p := openTable(t, eng, "Big", 100)
	r := root{}
	r.keys(p, "*", "D")
	if len(p.marks) != 100 || len(r.asked) != 1 {
		t.Fatalf("%d marks, %d questions", len(p.marks), len(r.asked))
	}
	step := p.Update(r.asked[0].Then) // the first call, in flight
	if !p.bulkRunning() || !strings.Contains(view(p), "deleting: 0 of 100 items") {
		t.Fatalf("no progress shown:\n%s", view(p))
	}
	r.keys(p, "esc")
	if !strings.Contains(view(p), "stopping after the call in flight") {
		t.Fatalf("esc: %s", view(p))
	}
	r.run(p, step)
	v := view(p)
	if !strings.Contains(v, "Deleted 25 of 100 items in Big · 1 call") || !strings.Contains(v, "Stopped by you: 75 items not sent (still marked).") {
		t.Fatalf("summary:\n%s", v)
	}
	if len(p.marks) != 75 || itemCount(t, eng, "Big") != 275 {
		t.Fatalf("%d marks, %d items", len(p.marks), itemCount(t, eng, "Big"))
	}
}

// A set on marked items runs UpdateItem per item on condition that it is
// still there: an item deleted meanwhile fails, and the summary says
// which and why (the dry run said it first). R removes an attribute.
func TestBulkSetAndRemoveSayWhatFailed(t *testing.T) {
	eng := ordersTable(t, 6)
	p := openTable(t, eng, "Orders", 0)
	r := root{}
	r.keys(p, "space", "j", "space", "j", "space")
	marked := p.markedItems()
	gone, kept := marked[1]["id"].S, marked[2]["id"].S
	if _, err := eng.DeleteItem(context.Background(), &model.DeleteItemInput{TableName: "Orders", Key: model.Item{"id": model.S(gone)}}); err != nil {
		t.Fatal(err)
	}
	r.keys(p, "A", "id = 1", "enter")
	if !strings.Contains(view(p), "id is part of the table's key") || len(r.asked) != 0 {
		t.Fatalf("a key attribute was not refused:\n%s", view(p))
	}
	r.keys(p, "ctrl+u", "status = \"SHIPPED\"", "enter")
	if len(r.asked) != 1 {
		t.Fatalf("asked %d", len(r.asked))
	}
	body := strings.Join(r.asked[0].Body, "\n")
	for _, s := range []string{"3 items: 3 UpdateItem calls, one per item (SET status = \"SHIPPED\"", "1 item no longer there"} {
		if !strings.Contains(body, s) {
			t.Fatalf("dry run lacks %q:\n%s", s, body)
		}
	}
	r.yes = true
	r.run(p, p.Update(r.asked[0].Then))
	v := view(p)
	for _, s := range []string{"Set status on 2 of 3 items in Orders · 3 calls", "1 item failed (still marked):",
		"1 × no longer there (ConditionalCheckFailedException): id=" + gone} {
		if !strings.Contains(v, s) {
			t.Fatalf("summary lacks %q:\n%s", s, v)
		}
	}
	if n := itemCount(t, eng, "Orders"); n != 5 {
		t.Fatalf("the failed update created an item: %d", n)
	}
	got, _ := eng.GetItem(context.Background(), &model.GetItemInput{TableName: "Orders", Key: model.Item{"id": model.S(kept)}})
	if got.Item["status"].S != "SHIPPED" {
		t.Fatalf("%s: %v", kept, got.Item)
	}
	r.keys(p, "enter")
	r.run(p, p.Refresh()) // as the engine's events make it
	r.keys(p, "u", "*", "R", "note", "enter")
	if !strings.Contains(view(p), "Removed note from 5 of 5 items in Orders") {
		t.Fatalf("R:\n%s", view(p))
	}
	got, _ = eng.GetItem(context.Background(), &model.GetItemInput{TableName: "Orders", Key: model.Item{"id": model.S(kept)}})
	if _, ok := got.Item["note"]; ok || got.Item["status"].S != "SHIPPED" {
		t.Fatalf("%s after R: %v", kept, got.Item)
	}
}

// On a remote backend: read-only refuses D, A and R at once; with
// --write the question names the table, so the root asks for it typed;
// the dry run adds the time at the table's capacity and reads nothing.
func TestBulkOnARemoteTable(t *testing.T) {
	eng := ordersTable(t, 10)
	ro := located{API: eng}
	p := openTable(t, ro, "Orders", 0)
	r := root{}
	r.keys(p, "*", "D", "A", "R")
	if len(r.asked) != 0 || len(r.flashes) < 3 {
		t.Fatalf("read-only: asked %d, flashes %q", len(r.asked), r.flashes)
	}
	for _, f := range r.flashes[len(r.flashes)-3:] {
		if f != kit.ReadOnlyText {
			t.Fatalf("flash %q", f)
		}
	}
	rw := located{API: eng, write: true}
	p = openTable(t, rw, "Orders", 0)
	r = root{}
	r.keys(p, "*", "D")
	if len(r.asked) != 1 || r.asked[0].Table != "Orders" {
		t.Fatalf("--write: %+v", r.asked)
	}
	body := strings.Join(r.asked[0].Body, "\n")
	if !strings.Contains(body, "On demand: ") || !strings.Contains(body, "as they were loaded (nothing was read again") {
		t.Fatalf("remote dry run:\n%s", body)
	}
}

// X writes the marked items to a new file in the format its name (or
// tab) chooses, and never over a file that exists.
func TestExportMarked(t *testing.T) {
	eng := ordersTable(t, 8)
	p := openTable(t, eng, "Orders", 0)
	r := root{}
	dir := t.TempDir()
	path := filepath.Join(dir, "out")
	r.keys(p, "space", "j", "space", "j", "space", "X")
	if !strings.Contains(view(p), "export the 3 marked as jsonl to: Orders-marked.jsonl") {
		t.Fatalf("X:\n%s", view(p))
	}
	r.keys(p, "tab")
	if !strings.Contains(view(p), "export the 3 marked as ddb-json to: Orders-marked.ddb.jsonl") {
		t.Fatalf("tab:\n%s", view(p))
	}
	r.keys(p, "ctrl+u", path+".csv", "enter")
	if !strings.Contains(r.lastFlash(), "exported 3 items to "+path+".csv (csv)") {
		t.Fatalf("flash %q", r.lastFlash())
	}
	f, err := os.Open(path + ".csv")
	if err != nil {
		t.Fatal(err)
	}
	back, err := itemfmt.ReadAll(f, itemfmt.CSV, itemfmt.ReadOptions{})
	f.Close()
	if err != nil || len(back) != 3 {
		t.Fatalf("read back %d items: %v", len(back), err)
	}
	r.keys(p, "X", "ctrl+u", path+".csv", "enter")
	if !strings.Contains(r.lastFlash(), "exists: choose another name") {
		t.Fatalf("over an existing file: %q", r.lastFlash())
	}
	r.keys(p, "X", "ctrl+u", path+".ddb.jsonl", "enter")
	f, _ = os.Open(path + ".ddb.jsonl")
	back, err = itemfmt.ReadAll(f, itemfmt.DynamoDBJSON, itemfmt.ReadOptions{})
	f.Close()
	if err != nil || len(back) != 3 || !kit.SameItem(back[0], p.markedItems()[0]) {
		t.Fatalf("ddb-json: %v %v", back, err)
	}
	_ = uitest.Keys
}

// On a provisioned remote table the dry run says how long the writes take
// at the table's write capacity, or at a GSI's when that is the slower.
func TestBulkTimeAtCapacity(t *testing.T) {
	desc := &model.TableDescription{TableName: "Orders",
		ProvisionedThroughput: &model.ProvisionedThroughputDescription{WriteCapacityUnits: 5},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndexDescription{{IndexName: "byStatus",
			ProvisionedThroughput: &model.ProvisionedThroughputDescription{WriteCapacityUnits: 1}}}}
	cases := []struct {
		table, gsi float64
		want       string
	}{
		{600, 20, "At the provisioned capacity: ~2 min (the table at 5 WCU;"},
		{600, 200, "At the provisioned capacity: ~3 min 20 s (GSI byStatus at 1 WCU;"},
	}
	for _, c := range cases {
		b := &bulkPlan{desc: desc}
		b.units.Table, b.units.Indexes = c.table, map[string]float64{"byStatus": c.gsi}
		if got := b.timeAtCapacity(); !strings.HasPrefix(got, c.want) {
			t.Errorf("%v/%v: %q, want %q…", c.table, c.gsi, got, c.want)
		}
	}
}

// On a provisioned table whose write capacity runs out (the engine's
// clock stands still, so nothing refills), the deletes DynamoDB throttles
// are sent again a few times and then reported as failed, with why.
func TestBulkThrottledItemsFailWithWhy(t *testing.T) {
	clock := engine.NewManualClock(t0)
	eng, err := engine.Open(engine.Options{Clock: clock, DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	ctx := context.Background()
	rcu, wcu := int64(1000), int64(1)
	if _, err := eng.CreateTable(ctx, &model.CreateTableInput{TableName: "Slow", BillingMode: model.BillingProvisioned,
		ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: &rcu, WriteCapacityUnits: &wcu},
		KeySchema:             []model.KeySchemaElement{{AttributeName: "id", KeyType: model.KeyTypeHash}},
		AttributeDefinitions:  []model.AttributeDefinition{{AttributeName: "id", AttributeType: "S"}}}); err != nil {
		t.Fatal(err)
	}
	eng.SetThrottling(false)
	for i := 0; i < 400; i++ {
		if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: "Slow", Item: model.Item{"id": model.S(fmt.Sprintf("k%03d", i))}}); err != nil {
			t.Fatal(err)
		}
	}
	eng.SetThrottling(true)
	clock.Advance(100 * time.Second) // 100 WCU in the bucket, then no more
	p := openTable(t, eng, "Slow", 400)
	p.retryDelay = time.Nanosecond
	r := root{yes: true}
	r.keys(p, "*", "D")
	v := view(p)
	b := p.bulk
	if b == nil || !b.finished || b.done != 100 || len(b.failed) != 300 {
		t.Fatalf("done %d, failed %d:\n%s", b.done, len(b.failed), v)
	}
	if !strings.Contains(v, "Deleted 100 of 400 items in Slow") || !strings.Contains(v, "100 WCU consumed") ||
		!strings.Contains(v, "300 × unprocessed or throttled 5 times (the table's write throughput)") || itemCount(t, eng, "Slow") != 300 {
		t.Fatalf("summary (%d items left):\n%s", itemCount(t, eng, "Slow"), v)
	}
	if len(p.marks) != len(b.failed) {
		t.Fatalf("%d marks, %d failed", len(p.marks), len(b.failed))
	}
}

// A bulk action belongs to its table: while the user looks at another
// table its progress is not drawn over that table's rows (it used to be),
// esc there does not stop it, and its summary waits on its own table.
func TestBulkShowsOnItsOwnTableOnly(t *testing.T) {
	eng := bigTable(t, 300)
	defer eng.Close()
	if _, err := eng.CreateTable(context.Background(), &model.CreateTableInput{TableName: "Other", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{{AttributeName: "id", KeyType: model.KeyTypeHash}},
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "id", AttributeType: "S"}}}); err != nil {
		t.Fatal(err)
	}
	p := openTable(t, eng, "Big", 100)
	big := p.tg
	r := root{}
	r.keys(p, "*", "D")
	step := p.Update(r.asked[0].Then) // the first call, in flight
	if !strings.Contains(view(p), "deleting: 0 of 100 items") {
		t.Fatalf("no progress on its table:\n%s", view(p))
	}
	other, _ := eng.DescribeTable(context.Background(), &model.DescribeTableInput{TableName: "Other"})
	drive(p, p.SetTarget(kit.TableTarget(other.Table), nil), nil)
	if v := view(p); strings.Contains(v, "deleting:") || !strings.Contains(v, "no items") {
		t.Fatalf("Other shows Big's bulk delete:\n%s", v)
	}
	r.keys(p, "esc") // not a stop: the run is not on screen
	r.run(p, step)
	if v := view(p); strings.Contains(v, "Deleted") {
		t.Fatalf("Big's summary over Other:\n%s", v)
	}
	if len(r.changed) != 1 || !strings.Contains(r.changed[0].Note, "Deleted 100 of 100 items in Big") {
		t.Fatalf("the end was not told to the root (its flash): %+v", r.changed)
	}
	drive(p, p.SetTarget(big, nil), nil)
	if v := view(p); !strings.Contains(v, "Deleted 100 of 100 items in Big") || strings.Contains(v, "Stopped by you") {
		t.Fatalf("back on Big, the summary:\n%s", v)
	}
}
