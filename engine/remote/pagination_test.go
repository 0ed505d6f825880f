package remote

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// bigTable fills the served engine's table "Big" (on demand, key "id")
// with n items of about size bytes each.
func bigTable(t *testing.T, tw *twins, n, size int) {
	t.Helper()
	ctx := context.Background()
	in := plainTable()
	in.TableName = "Big"
	if _, err := tw.served.CreateTable(ctx, in); err != nil {
		t.Fatal(err)
	}
	pad := strings.Repeat("x", size)
	for i := 0; i < n; i += 25 {
		var reqs []model.WriteRequest
		for j := i; j < min(i+25, n); j++ {
			reqs = append(reqs, model.WriteRequest{PutRequest: &model.PutRequest{Item: model.Item{
				"id": model.S(fmt.Sprintf("item-%04d", j)), "pad": model.S(pad), "n": model.N(fmt.Sprint(j))}}})
		}
		if _, err := tw.served.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"Big": reqs}}); err != nil {
			t.Fatal(err)
		}
	}
}

// A Scan of more than 1 MB comes back in 1 MB pages through the backend,
// each page what the engine itself returns (items, counts, the key to go
// on from, the units), and the backend's meter sums the units.
func TestScanPagesOverOneMegabyte(t *testing.T) {
	tw := newTwins(t)
	bigTable(t, tw, 300, 10_000) // about 3 MB
	ctx := context.Background()
	var start model.Item
	pages, items := 0, 0
	var units float64
	for {
		in := &model.ScanInput{TableName: "Big", ExclusiveStartKey: start, ReturnConsumedCapacity: model.ReturnCapacityIndexes}
		got, err := tw.rw.Scan(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		want, err := tw.served.Scan(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		if g, w := canonical(t, got, nil), canonical(t, want, nil); g != w {
			t.Fatalf("page %d differs:\n%.300s\n%.300s", pages, g, w)
		}
		pages++
		items += len(got.Items)
		units += float64(got.ConsumedCapacity.CapacityUnits)
		if got.LastEvaluatedKey == nil {
			break
		}
		start = got.LastEvaluatedKey
	}
	if pages != 3 || items != 300 {
		t.Fatalf("%d pages, %d items; want 3 pages (1 MB each at most) and 300 items", pages, items)
	}
	tot := tw.rw.Consumption().Totals()
	if tot.ReadUnits != units || tot.Requests != pages || tot.Unmetered != 0 {
		t.Fatalf("meter totals %+v, want %v read units over %d requests", tot, units, pages)
	}
	// A Query page stops at 1 MB too.
	q, err := tw.rw.Query(ctx, &model.QueryInput{TableName: "Big", KeyConditionExpression: "id = :i",
		ExpressionAttributeValues: map[string]model.AttributeValue{":i": model.S("item-0007")}})
	if err != nil || q.Count != 1 || q.Items[0]["n"].N != "7" {
		t.Fatalf("Query: %+v, %v", q, err)
	}
	if tot := tw.rw.Consumption().Totals(); tot.Unmetered != 1 {
		t.Fatalf("a request without ReturnConsumedCapacity is counted as unmetered: %+v", tot)
	}
}

// ListAllTables follows LastEvaluatedTableName through every page.
func TestListAllTables(t *testing.T) {
	tw := newTwins(t)
	ctx := context.Background()
	var want []string
	for i := range 120 {
		in := plainTable()
		in.TableName = fmt.Sprintf("T%03d", i)
		if _, err := tw.served.CreateTable(ctx, in); err != nil {
			t.Fatal(err)
		}
		want = append(want, in.TableName)
	}
	got, err := ListAllTables(ctx, tw.ro)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("got %d tables: %v", len(got), got)
	}
}
