package engine

// A BatchWriteItem bulk load into a new on-demand table (issue 17):
// ~300-byte items, 25 per call, in process: a million with simulated
// throttling off (serve --no-throttle), and 200,000 with it on, where the
// table's on-demand limit (40,000 write request units a second) caps the
// rate; what comes back unprocessed is sent again after 5 ms.
//
//	go test ./engine/ -run '^$' -bench BulkLoadBatchWrite -benchtime 1x -count 3 -timeout 30m

import (
	"fmt"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

func BenchmarkBulkLoadBatchWrite(b *testing.B) {
	if testing.Short() {
		b.Skip("skipped under -short")
	}
	for _, bc := range []struct {
		throttle bool
		n        int
	}{{false, 1_000_000}, {true, 200_000}} {
		n, throttle := bc.n, bc.throttle
		b.Run(fmt.Sprintf("throttling=%v/items=%d", throttle, n), func(b *testing.B) {
			var resent int
			for b.Loop() {
				b.StopTimer()
				e, err := Open(Options{DisableTTLSweeper: true, DisableThrottling: !throttle})
				if err != nil {
					b.Fatal(err)
				}
				createBenchTable(b, e, "bulk")
				batches := make([][]model.WriteRequest, 0, n/maxBatchWriteRequests)
				for i := 0; i < n; i += maxBatchWriteRequests {
					reqs := make([]model.WriteRequest, 0, maxBatchWriteRequests)
					for j := i; j < i+maxBatchWriteRequests; j++ {
						reqs = append(reqs, model.WriteRequest{PutRequest: &model.PutRequest{Item: benchItem(j, n/benchPartition)}})
					}
					batches = append(batches, reqs)
				}
				b.StartTimer()
				for _, reqs := range batches {
					for len(reqs) > 0 {
						out, err := e.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"bulk": reqs}})
						if err != nil {
							b.Fatal(err)
						}
						if reqs = out.UnprocessedItems["bulk"]; len(reqs) > 0 {
							resent++
							time.Sleep(5 * time.Millisecond)
						}
					}
				}
				b.StopTimer()
				if got := e.tables["bulk"].stats.items.Load(); got != int64(n) {
					b.Fatalf("%d items loaded", got)
				}
				e.Close()
				b.StartTimer()
			}
			b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "items/s")
			b.ReportMetric(float64(resent)/float64(b.N), "resent-batches/op")
		})
	}
}
