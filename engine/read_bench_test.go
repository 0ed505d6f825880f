package engine

// Floors of the read paths (issue 17): GetItem against a raw BuntDB Get of
// the same bytes, on the path that hands the item over as stored (the HTTP
// server's) and on the API's (a map); Query-100 against walking the same
// range and decoding each item.
//
//	go test ./engine/ -run '^$' -bench 'GetItem|BuntDBGet$|Query100|WalkDecode100' -benchmem -count 5

import (
	"fmt"
	"testing"
	"time"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

// BenchmarkGetItemEncoded is GetItem as the HTTP server calls it: the item
// comes back as stored, to be written to the wire without a map.
func BenchmarkGetItemEncoded(b *testing.B) {
	p := newPointBench(b)
	done := cpuMeter(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		out, err := p.e.GetItemEncoded(ctx, &model.GetItemInput{TableName: "bench", Key: p.key(i)})
		if err != nil || out.EncodedItem == "" {
			b.Fatal(err, "or no item")
		}
		i++
	}
	done()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "ops/s")
}

// BenchmarkQuery100Encoded is BenchmarkQuery100 on the HTTP server's path:
// the page's items as stored.
func BenchmarkQuery100Encoded(b *testing.B) {
	for _, n := range []int{10_000, 1_000_000} {
		b.Run(fmt.Sprintf("items=%d", n), func(b *testing.B) {
			if n > 10_000 && testing.Short() {
				b.Skip("1,000,000-item table skipped under -short")
			}
			qt := sharedTable(b, "query", n)
			ins := queryInputs(n, "", "pk", "p#%08d")
			done := cpuMeter(b)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				out, err := qt.e.QueryEncoded(ctx, ins[i%len(ins)])
				if err != nil || len(out.EncodedItems) != benchPartition || out.LastEvaluatedKey != nil {
					b.Fatal(err, "or not one page of 100 items")
				}
				i++
			}
			done()
		})
	}
}

// BenchmarkWalkDecode100 is Query-100's floor: the same 1,000 partitions,
// each walked in BuntDB (one read transaction, the partition's key range)
// with every stored item decoded into a map.
func BenchmarkWalkDecode100(b *testing.B) {
	for _, n := range []int{10_000, 1_000_000} {
		b.Run(fmt.Sprintf("items=%d", n), func(b *testing.B) {
			if n > 10_000 && testing.Short() {
				b.Skip("1,000,000-item table skipped under -short")
			}
			qt := sharedTable(b, "query", n)
			t := qt.e.tables["query"]
			var ranges []keyRange
			for _, in := range queryInputs(n, "", "pk", "p#%08d") {
				p := string(appendHashedKey([]byte(t.dataPrefix), in.ExpressionAttributeValues[":k"], nil))
				ranges = append(ranges, keyRange{p, prefixEnd(p)})
			}
			done := cpuMeter(b)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				items := make([]model.Item, 0, benchPartition)
				err := qt.e.db.View(func(tx *buntdb.Tx) error {
					return walk(tx, ranges[i%len(ranges)], false, func(_, v string) bool {
						it, _, err := decodeStored(v)
						if err != nil {
							b.Fatal(err)
						}
						items = append(items, it)
						return true
					})
				})
				if err != nil || len(items) != benchPartition {
					b.Fatal(err, len(items))
				}
				i++
			}
			done()
		})
	}
}

// BenchmarkQuery100Sizes alternates Query-100 between the table of 10,000
// items and the one of 1,000,000, query by query, so that whatever else
// the machine runs weighs on both alike; it reports each one's time per
// query (wall, measured around each call) and their ratio. encoded runs
// the HTTP server's path (items as stored).
func BenchmarkQuery100Sizes(b *testing.B) {
	if testing.Short() {
		b.Skip("1,000,000-item table skipped under -short")
	}
	small, large := sharedTable(b, "query", 10_000), sharedTable(b, "query", 1_000_000)
	smallIns, largeIns := queryInputs(10_000, "", "pk", "p#%08d"), queryInputs(1_000_000, "", "pk", "p#%08d")
	for _, encoded := range []bool{false, true} {
		b.Run(fmt.Sprintf("encoded=%v", encoded), func(b *testing.B) {
			query := func(e *Engine, in *model.QueryInput) {
				var err error
				var n int
				if encoded {
					var out *model.QueryOutput
					out, err = e.QueryEncoded(ctx, in)
					n = len(out.EncodedItems)
				} else {
					var out *model.QueryOutput
					out, err = e.Query(ctx, in)
					n = len(out.Items)
				}
				if err != nil || n != benchPartition {
					b.Fatal(err, n)
				}
			}
			var tSmall, tLarge time.Duration
			i := 0
			for b.Loop() {
				t0 := time.Now()
				query(small.e, smallIns[i%len(smallIns)])
				t1 := time.Now()
				query(large.e, largeIns[i%len(largeIns)])
				tLarge += time.Since(t1)
				tSmall += t1.Sub(t0)
				i++
			}
			b.ReportMetric(float64(tSmall.Nanoseconds())/float64(b.N), "ns/query-10k")
			b.ReportMetric(float64(tLarge.Nanoseconds())/float64(b.N), "ns/query-1M")
			b.ReportMetric(float64(tLarge)/float64(tSmall), "1M/10k")
		})
	}
}
