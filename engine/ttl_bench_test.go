package engine

import (
	"fmt"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// Benchmarks of the TTL sweeper:
//
//	go test ./engine/ -run '^$' -bench 'TTLSweep' -benchtime 3x
//
// BenchmarkTTLSweep100k reports deletions/s for sweeping 100,000 expired
// items; BenchmarkTTLSweepNothingDue the cost of a sweep with nothing due
// on a table of 100,000 items due later.

const benchTTLItems = 100_000

// fillTTLBench opens an engine and writes n items with a TTL of at (and a
// GSI key and a stream when rich), 25 per BatchWriteItem.
func fillTTLBench(b *testing.B, path string, rich bool, n int, at time.Time) (*Engine, *VirtualClock) {
	b.Helper()
	clock := NewManualClock(testStart)
	e, err := Open(Options{Path: path, Clock: clock, DisableTTLSweeper: true, DisableThrottling: true})
	mustOK(b, err)
	in := &model.CreateTableInput{TableName: "ttl-bench", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{hk("pk")}, AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S")}}
	if rich {
		in.AttributeDefinitions = append(in.AttributeDefinitions, ad("g", "S"))
		in.GlobalSecondaryIndexes = []model.GlobalSecondaryIndex{{IndexName: "byG", KeySchema: []model.KeySchemaElement{hk("g")},
			Projection: model.Projection{ProjectionType: "ALL"}}}
	}
	_, err = e.CreateTable(ctx, in)
	mustOK(b, err)
	if rich {
		enableTestStream(b, e, "ttl-bench", model.StreamNewAndOldImages)
	}
	enableTTL(b, e, "ttl-bench", "exp")
	reqs := make([]model.WriteRequest, 0, 25)
	for i := 0; i < n; i++ {
		item := model.Item{"pk": model.S(fmt.Sprintf("item-%07d", i)), "exp": epochN(at), "payload": model.S("0123456789abcdef0123456789abcdef")}
		if rich {
			item["g"] = model.S(fmt.Sprint(i % 100))
		}
		reqs = append(reqs, model.WriteRequest{PutRequest: &model.PutRequest{Item: item}})
		if len(reqs) == cap(reqs) || i == n-1 {
			_, err := e.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"ttl-bench": reqs}})
			mustOK(b, err)
			reqs = reqs[:0]
		}
	}
	return e, clock
}

func BenchmarkTTLSweep100k(b *testing.B) {
	for _, c := range []struct {
		name       string
		file, rich bool
	}{
		{"memory", false, false},
		{"memory-gsi-stream", false, true},
		{"file-gsi-stream", true, true},
	} {
		b.Run(c.name, func(b *testing.B) {
			deleted := 0
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				path := ""
				if c.file {
					path = filepath.Join(b.TempDir(), "ttl.db")
				}
				e, clock := fillTTLBench(b, path, c.rich, benchTTLItems, testStart)
				clock.Advance(time.Hour)
				runtime.GC() // the fill's garbage is not the sweep's
				b.StartTimer()
				deleted += e.SweepTTL()
				b.StopTimer()
				mustOK(b, e.Close())
			}
			if deleted != benchTTLItems*b.N {
				b.Fatalf("swept %d of %d", deleted, benchTTLItems*b.N)
			}
			b.ReportMetric(float64(deleted)/b.Elapsed().Seconds(), "deletions/s")
		})
	}
}

func BenchmarkTTLSweepNothingDue(b *testing.B) {
	e, _ := fillTTLBench(b, "", false, benchTTLItems, testStart.Add(24*time.Hour))
	defer e.Close()
	before := e.ttl.queueReads.Load()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if e.SweepTTL() != 0 {
			b.Fatal("swept an item not due")
		}
	}
	b.ReportMetric(float64(e.ttl.queueReads.Load()-before)/float64(b.N), "queue-keys/op")
}
