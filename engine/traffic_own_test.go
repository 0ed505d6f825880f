package engine

import (
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// count is how many items a table holds (a strongly consistent Scan).
func count(t *testing.T, e *Engine, table string) int {
	t.Helper()
	out, err := e.Scan(ctx, &model.ScanInput{TableName: table, ConsistentRead: boolp(true)})
	mustOK(t, err)
	return len(out.Items)
}

// A write workload on a table the generator does not own needs consent;
// reads need none.
func TestTrafficWritesNeedConsent(t *testing.T) {
	e, _ := newTestEngine(t)
	createSimple(t, e, "Messages", "", "")
	put(t, e, "Messages", model.Item{"pk": model.S("maya")})
	for _, kind := range []string{WorkloadHotKey, WorkloadSharded} {
		_, err := e.NewTraffic(Workload{Kind: kind, Table: "Messages", Rate: 10, Key: "Ava"})
		if err == nil || !strings.Contains(err.Error(), "writes only into its own table (TrafficVotes) unless you agree to writes into Messages") {
			t.Fatalf("%s without consent: %v", kind, err)
		}
		if _, err := e.NewTraffic(Workload{Kind: kind, Table: "Messages", Rate: 10, Key: "Ava", Consent: true}); err != nil {
			t.Fatalf("%s with consent: %v", kind, err)
		}
	}
	if _, err := e.NewTraffic(Workload{Kind: WorkloadRandomRead, Table: "Messages", Rate: 10}); err != nil {
		t.Fatalf("reads: %v", err)
	}
}

// The generator's own table is created once, provisioned like Votes, and
// owned while every item in it is generated; a table of that name holding
// anything else is the user's.
func TestTrafficOwnTable(t *testing.T) {
	e, clock := newTestEngine(t)
	created, err := e.OpenTrafficTable(ctx)
	if err != nil || !created {
		t.Fatalf("first open: created %v err %v", created, err)
	}
	d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: TrafficTable})
	mustOK(t, err)
	if pt := d.Table.ProvisionedThroughput; pt == nil || pt.WriteCapacityUnits != 20000 || pt.ReadCapacityUnits != 1000 {
		t.Fatalf("throughput %+v", d.Table.ProvisionedThroughput)
	}
	if !e.TrafficOwns(TrafficTable) {
		t.Fatal("an empty TrafficVotes is the generator's")
	}
	tr, err := e.NewTraffic(Workload{Kind: WorkloadSharded, Table: TrafficTable, Rate: 40, Key: "Ava", Shards: 4})
	mustOK(t, err)
	clock.Advance(time.Second)
	if n := tr.Step(); n != 40 {
		t.Fatalf("sent %d", n)
	}
	if st := tr.Stats(); st.OK != 40 || st.Skipped != 0 {
		t.Fatalf("stats %+v", st)
	}
	out, err := e.Scan(ctx, &model.ScanInput{TableName: TrafficTable})
	mustOK(t, err)
	if len(out.Items) != 4 {
		t.Fatalf("%d items, want the 4 shards", len(out.Items))
	}
	for _, it := range out.Items {
		if it[TrafficMarker].S != "written by the dynoscope traffic generator" {
			t.Fatalf("item without the marker: %v", it)
		}
	}
	if created, err := e.OpenTrafficTable(ctx); err != nil || created {
		t.Fatalf("second open: created %v err %v", created, err)
	}
	put(t, e, TrafficTable, model.Item{"Contestant": model.S("mine")})
	if e.TrafficOwns(TrafficTable) {
		t.Fatal("a TrafficVotes with a user's item is still the generator's")
	}
	_, err = e.OpenTrafficTable(ctx)
	wantError(t, err, model.ErrResourceInUse, "a table named TrafficVotes exists and holds items the traffic generator did not write: it is yours, not the generator's")
	if _, err := e.NewTraffic(Workload{Kind: WorkloadHotKey, Table: TrafficTable, Rate: 10, Key: "Ava"}); err == nil {
		t.Fatal("writes into a TrafficVotes that is not the generator's, without consent")
	}
}

// With consent, generated puts never replace an item the user wrote, and
// RemoveTraffic takes exactly the generated items away again.
func TestTrafficOnUserTableIsRemovable(t *testing.T) {
	for _, sk := range []string{"", "sk"} {
		t.Run("sort key "+sk, func(t *testing.T) {
			e, clock := newTestEngine(t)
			createSimple(t, e, "Messages", sk, "S")
			mine := model.Item{"pk": model.S("Ava"), "Body": model.S("mine")}
			if sk != "" {
				mine["sk"] = model.S("vote#3")
			}
			put(t, e, "Messages", mine)
			put(t, e, "Messages", model.Item{"pk": model.S("maya"), "sk": model.S("x"), "Body": model.S("hello")})
			tr, err := e.NewTraffic(Workload{Kind: WorkloadHotKey, Table: "Messages", Rate: 5, Key: "Ava", Consent: true})
			mustOK(t, err)
			clock.Advance(time.Second)
			tr.Step()
			st := tr.Stats()
			if sk == "" {
				// every put targets the user's "Ava": all refused
				if st.Skipped != 5 || st.OK != 0 {
					t.Fatalf("stats %+v", st)
				}
			} else if st.Skipped != 1 || st.OK != 4 { // vote#3 is the user's
				t.Fatalf("stats %+v", st)
			}
			key := model.Item{"pk": model.S("Ava")}
			if sk != "" {
				key["sk"] = model.S("vote#3")
			}
			got, err := e.GetItem(ctx, &model.GetItemInput{TableName: "Messages", Key: key})
			mustOK(t, err)
			if got.Item["Body"].S != "mine" {
				t.Fatalf("the user's item was replaced: %v", got.Item)
			}
			before := count(t, e, "Messages")
			res, err := e.RemoveTraffic(ctx, "Messages")
			mustOK(t, err)
			if res.Items != int(st.OK) || res.TableDeleted || before-count(t, e, "Messages") != int(st.OK) || count(t, e, "Messages") != 2 {
				t.Fatalf("removal %+v: %d items before, %d after", res, before, count(t, e, "Messages"))
			}
		})
	}
}

// RemoveTraffic on the generator's own table deletes the table too.
func TestTrafficRemoveOwnTable(t *testing.T) {
	e, clock := newTestEngine(t)
	if _, err := e.OpenTrafficTable(ctx); err != nil {
		t.Fatal(err)
	}
	tr, err := e.NewTraffic(Workload{Kind: WorkloadHotKey, Table: TrafficTable, Rate: 3, Key: "Ava"})
	mustOK(t, err)
	clock.Advance(time.Second)
	tr.Step()
	res, err := e.RemoveTraffic(ctx, TrafficTable)
	mustOK(t, err)
	if res.Items != 1 || !res.TableDeleted {
		t.Fatalf("removal %+v", res)
	}
	d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: TrafficTable})
	if err == nil && d.Table.TableStatus != model.StatusDeleting {
		t.Fatalf("%s is still %s", TrafficTable, d.Table.TableStatus)
	}
}
