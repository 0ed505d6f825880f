package items

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// BenchmarkBulkDelete100k deletes 100,000 marked items through the pane,
// as D and yes do: the dry run (the items read again, 1,000 BatchGetItem
// calls, and their write units worked out), then 4,000 BatchWriteItem
// calls of 25 deletes, each one engine transaction, with the pane's
// messages in between. The table is built and marked outside the timer.
// Goal (issue 27): under 10 s in a local workspace. "mem" is a workspace
// in memory, "file" a --db file (fsync every second, the default).
func BenchmarkBulkDelete100k(b *testing.B) {
	for _, where := range []string{"mem", "file"} {
		b.Run(where, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				opts := engine.Options{Clock: engine.NewManualClock(t0), DisableThrottling: true, DisableTTLSweeper: true}
				if where == "file" {
					opts.Path = filepath.Join(b.TempDir(), "bench.db")
				}
				eng := bulkBenchTable(b, opts, 100_000)
				p := openTable(b, eng, "Big", 0)
				markAll(b, p, eng)
				r := root{yes: true}
				b.StartTimer()
				r.run(p, p.startBulk(bulkDelete, "", model.AttributeValue{}))
				b.StopTimer()
				if p.bulk == nil || !p.bulk.finished || p.bulk.done != 100_000 || len(p.bulk.failed) != 0 {
					b.Fatalf("bulk: %+v", p.bulk)
				}
				if out, _ := eng.Scan(context.Background(), &model.ScanInput{TableName: "Big"}); len(out.Items) != 0 {
					b.Fatalf("%d items left", len(out.Items))
				}
				eng.Close()
			}
		})
	}
}

// bulkBenchTable is bigTable on an engine opened with opts.
func bulkBenchTable(tb testing.TB, opts engine.Options, n int) *engine.Engine {
	eng, err := engine.Open(opts)
	if err != nil {
		tb.Fatal(err)
	}
	ctx := context.Background()
	_, err = eng.CreateTable(ctx, &model.CreateTableInput{TableName: "Big", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{{AttributeName: "id", KeyType: model.KeyTypeHash}},
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "id", AttributeType: "S"}}})
	if err != nil {
		tb.Fatal(err)
	}
	for i := 0; i < n; i += 25 {
		var w []model.WriteRequest
		for j := i; j < i+25 && j < n; j++ {
			w = append(w, model.WriteRequest{PutRequest: &model.PutRequest{Item: model.Item{
				"id": model.S(fmt.Sprintf("item-%07d", j)), "n": model.N(fmt.Sprint(j)), "name": model.S(fmt.Sprintf("name %d", j))}}})
		}
		if _, err := eng.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"Big": w}}); err != nil {
			tb.Fatal(err)
		}
	}
	return eng
}

// markAll marks every item of the table, as F attribute_exists(id) and M
// do.
func markAll(tb testing.TB, p *Model, eng *engine.Engine) {
	sf, err := parseServerFilter("attribute_exists(id)")
	if err != nil {
		tb.Fatal(err)
	}
	r := root{yes: true}
	r.run(p, p.setServerFilter(sf))
	r.run(p, p.markFiltered())
	if len(p.marks) != 100_000 {
		tb.Fatalf("%d marked", len(p.marks))
	}
}
