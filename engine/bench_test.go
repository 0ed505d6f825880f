package engine

// In-process benchmarks of the engine, with raw BuntDB as the floor.
// Figures and their meaning are in docs/BENCHMARKS.md.
//
//	go test ./engine/ -run '^$' -bench . -benchmem -count 5           # everything (builds a 1,000,000-item table)
//	go test ./engine/ -run '^$' -bench . -benchmem -count 5 -short    # without the 1,000,000-item cases
//
// The condition parse+evaluate benchmark lives with the expression package:
// BenchmarkConditionParseEval in engine/expr/bench_test.go.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

// benchPartition is how many items share a partition key (and a GSI key)
// in the benchmark tables: a Query of one key returns exactly this many.
const benchPartition = 100

// benchRing is how many distinct items the point-operation benchmarks cycle
// through; the table is filled with them before timing, so every timed put
// replaces an item, as in the raw BuntDB floor.
const benchRing = 10_000

var benchBio = strings.Repeat("lorem ipsum dolor sit amet ", 7)[:172]

// benchItem returns item i (about 300 bytes in DynamoDB's size): partition
// "p#<i/100>", numeric sort key i%100, and gk = "g#<i%groups>" with
// numeric gs = i, so that an index on gk also has 100 items per key when
// groups = items/100.
func benchItem(i, groups int) model.Item {
	return model.Item{
		"pk":     model.S(fmt.Sprintf("p#%08d", i/benchPartition)),
		"sk":     model.N(strconv.Itoa(i % benchPartition)),
		"gk":     model.S(fmt.Sprintf("g#%06d", i%groups)),
		"gs":     model.N(strconv.Itoa(i)),
		"name":   model.S(fmt.Sprintf("Ada Lovelace %d", i)),
		"email":  model.S(fmt.Sprintf("ada.%d@example.com", i)),
		"city":   model.S("London"),
		"score":  model.N(strconv.Itoa(i * 7 % 1000)),
		"active": model.Bool(i%2 == 0),
		"tags":   model.SS("alpha", "beta", "gamma"),
		"bio":    model.S(benchBio),
	}
}

func benchKey(i int) model.Item {
	return model.Item{
		"pk": model.S(fmt.Sprintf("p#%08d", i/benchPartition)),
		"sk": model.N(strconv.Itoa(i % benchPartition)),
	}
}

// newBenchEngine opens an in-memory engine: wall clock, no TTL sweeper and
// no throttling (the capacity meter still charges every request), so that
// the benchmarks measure the engine and not DynamoDB's simulated limits.
func newBenchEngine(tb testing.TB) *Engine {
	tb.Helper()
	e, err := Open(Options{DisableTTLSweeper: true, DisableThrottling: true})
	if err != nil {
		tb.Fatal(err)
	}
	return e
}

// createBenchTable creates table name (pk S, sk N; gk S and gs N declared
// for indexes) with the given GSIs.
func createBenchTable(tb testing.TB, e *Engine, name string, gsis ...model.GlobalSecondaryIndex) {
	tb.Helper()
	defs := []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}, {AttributeName: "sk", AttributeType: "N"}}
	seen := map[string]bool{"pk": true, "sk": true}
	for _, g := range gsis {
		for _, k := range g.KeySchema {
			if !seen[k.AttributeName] {
				seen[k.AttributeName] = true
				typ := "S"
				if k.AttributeName == "gs" {
					typ = "N"
				}
				defs = append(defs, model.AttributeDefinition{AttributeName: k.AttributeName, AttributeType: typ})
			}
		}
	}
	_, err := e.CreateTable(ctx, &model.CreateTableInput{
		TableName:              name,
		BillingMode:            model.BillingPayPerRequest,
		AttributeDefinitions:   defs,
		KeySchema:              []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}, {AttributeName: "sk", KeyType: "RANGE"}},
		GlobalSecondaryIndexes: gsis,
	})
	if err != nil {
		tb.Fatal(err)
	}
}

func benchGSI(name, hash, rng string) model.GlobalSecondaryIndex {
	ks := []model.KeySchemaElement{{AttributeName: hash, KeyType: "HASH"}}
	if rng != "" {
		ks = append(ks, model.KeySchemaElement{AttributeName: rng, KeyType: "RANGE"})
	}
	return model.GlobalSecondaryIndex{IndexName: name, KeySchema: ks, Projection: model.Projection{ProjectionType: model.ProjectionAll}}
}

// fillBench writes items [0, n) with BatchWriteItem, 25 at a time.
func fillBench(tb testing.TB, e *Engine, table string, n, groups int) {
	tb.Helper()
	for i := 0; i < n; i += maxBatchWriteRequests {
		reqs := make([]model.WriteRequest, 0, maxBatchWriteRequests)
		for j := i; j < min(n, i+maxBatchWriteRequests); j++ {
			reqs = append(reqs, model.WriteRequest{PutRequest: &model.PutRequest{Item: benchItem(j, groups)}})
		}
		out, err := e.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{table: reqs}})
		if err != nil {
			tb.Fatal(err)
		}
		if len(out.UnprocessedItems) > 0 {
			tb.Fatalf("BatchWriteItem left %d items unprocessed", len(out.UnprocessedItems[table]))
		}
	}
}

// processCPU is the CPU time (user+system, all threads, GC included) the
// process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuMeter reports CPU time per operation ("cpu-ns/op") besides the wall
// time: on a shared machine, where other work steals the cores, it is the
// steadier figure. Call it after set-up and call the returned func after
// the timed loop.
func cpuMeter(b *testing.B) func() {
	start := processCPU()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64((processCPU()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
		}
	}
}

func TestBenchItemSize(t *testing.T) {
	size := model.ItemSize(benchItem(123456, 100))
	if size < 280 || size > 320 {
		t.Fatalf("bench item is %d bytes, want about 300", size)
	}
}

// ---------------------------------------------------------------------
// Foundation: PutItem, GetItem, BatchWriteItem and the raw BuntDB floor.

// pointBench is an engine with table "bench" holding the benchRing items,
// plus those items' storage keys and stored values for the floor.
//
// Requests reuse a few item and key maps and set their pk and sk before
// each call: the keys cycle over the whole table as in the floor, while
// the request maps stay in the CPU cache, as a request decoded from JSON
// just before the call would.
type pointBench struct {
	e        *Engine
	pks, sks []model.AttributeValue // key values of item i
	items    []model.Item           // benchWarm item maps
	keys     []model.Item           // benchWarm key maps
	sKeys    []string               // D/bench/... as the engine stores them
	sVals    []string               // varint(size) + model.AppendItem, as the engine stores them
}

// benchWarm is how many request maps the benchmarks reuse.
const benchWarm = 32

// item returns a request item with the key of item i.
func (p *pointBench) item(i int) model.Item {
	it := p.items[i%benchWarm]
	it["pk"], it["sk"] = p.pks[i%benchRing], p.sks[i%benchRing]
	return it
}

// key returns a request key of item i.
func (p *pointBench) key(i int) model.Item {
	k := p.keys[i%benchWarm]
	k["pk"], k["sk"] = p.pks[i%benchRing], p.sks[i%benchRing]
	return k
}

func newPointBench(b *testing.B) *pointBench {
	b.Helper()
	e := newBenchEngine(b)
	b.Cleanup(func() { e.Close() })
	createBenchTable(b, e, "bench")
	fillBench(b, e, "bench", benchRing, benchRing/benchPartition)
	p := &pointBench{e: e}
	t := e.tables["bench"]
	for i := range benchRing {
		it := benchItem(i, benchRing/benchPartition)
		if err := model.NormalizeItem(it); err != nil {
			b.Fatal(err)
		}
		p.pks = append(p.pks, it["pk"])
		p.sks = append(p.sks, it["sk"])
		if i < benchWarm {
			p.items = append(p.items, it)
			p.keys = append(p.keys, benchKey(i))
		}
		p.sKeys = append(p.sKeys, t.itemStorageKey(it))
		p.sVals = append(p.sVals, string(encodeStored(nil, it, model.ItemSize(it))))
	}
	return p
}

// rawBuntDB returns an in-memory BuntDB holding the same keys and values.
func (p *pointBench) rawBuntDB(b *testing.B) *buntdb.DB {
	b.Helper()
	db, err := buntdb.Open(":memory:")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	err = db.Update(func(tx *buntdb.Tx) error {
		for i := range p.sKeys {
			if _, _, err := tx.Set(p.sKeys[i], p.sVals[i], nil); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return db
}

// BenchmarkPutItem replaces ~300-byte items in a 10,000-item table.
func BenchmarkPutItem(b *testing.B) {
	p := newPointBench(b)
	done := cpuMeter(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := p.e.PutItem(ctx, &model.PutItemInput{TableName: "bench", Item: p.item(i)}); err != nil {
			b.Fatal(err)
		}
		i++
	}
	done()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "ops/s")
}

// BenchmarkBuntDBSet is PutItem's floor: one BuntDB transaction setting
// the same key and value bytes the engine stores.
func BenchmarkBuntDBSet(b *testing.B) {
	p := newPointBench(b)
	db := p.rawBuntDB(b)
	done := cpuMeter(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k, v := p.sKeys[i%benchRing], p.sVals[i%benchRing]
		if err := db.Update(func(tx *buntdb.Tx) error { _, _, err := tx.Set(k, v, nil); return err }); err != nil {
			b.Fatal(err)
		}
		i++
	}
	done()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "ops/s")
}

// BenchmarkGetItem reads ~300-byte items by key from a 10,000-item table.
func BenchmarkGetItem(b *testing.B) {
	p := newPointBench(b)
	done := cpuMeter(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		out, err := p.e.GetItem(ctx, &model.GetItemInput{TableName: "bench", Key: p.key(i)})
		if err != nil || out.Item == nil {
			b.Fatal(err, "or no item")
		}
		i++
	}
	done()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "ops/s")
}

// BenchmarkBuntDBGet is GetItem's floor: one BuntDB read transaction
// getting the same stored value.
func BenchmarkBuntDBGet(b *testing.B) {
	p := newPointBench(b)
	db := p.rawBuntDB(b)
	done := cpuMeter(b)
	b.ReportAllocs()
	i := 0
	var n int
	for b.Loop() {
		k := p.sKeys[i%benchRing]
		if err := db.View(func(tx *buntdb.Tx) error { v, err := tx.Get(k); n += len(v); return err }); err != nil {
			b.Fatal(err)
		}
		i++
	}
	done()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "ops/s")
}

// BenchmarkEncodeStored and BenchmarkDecodeStored are the item codec alone
// (varint size + model.AppendItem / model.DecodeItem into a map): the part
// of PutItem and GetItem that a raw Set or Get of bytes does not do.
func BenchmarkEncodeStored(b *testing.B) {
	it := benchItem(4242, 100)
	size := model.ItemSize(it)
	var buf []byte
	done := cpuMeter(b)
	b.ReportAllocs()
	for b.Loop() {
		buf = encodeStored(buf[:0], it, size)
	}
	done()
}

func BenchmarkDecodeStored(b *testing.B) {
	it := benchItem(4242, 100)
	v := string(encodeStored(nil, it, model.ItemSize(it)))
	done := cpuMeter(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := decodeStored(v); err != nil {
			b.Fatal(err)
		}
	}
	done()
}

// BenchmarkBatchWriteItem writes 25 ~300-byte items per call.
func BenchmarkBatchWriteItem(b *testing.B) {
	p := newPointBench(b)
	reqs := make([]model.WriteRequest, maxBatchWriteRequests)
	for j := range reqs {
		reqs[j].PutRequest = &model.PutRequest{Item: benchItem(j, benchRing/benchPartition)}
	}
	in := &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"bench": reqs}}
	done := cpuMeter(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		for j := range reqs {
			k := (i*maxBatchWriteRequests + j) % benchRing
			reqs[j].PutRequest.Item["pk"], reqs[j].PutRequest.Item["sk"] = p.pks[k], p.sks[k]
		}
		out, err := p.e.BatchWriteItem(ctx, in)
		if err != nil || len(out.UnprocessedItems) > 0 {
			b.Fatal(err, "or unprocessed items")
		}
		i++
	}
	done()
	b.ReportMetric(float64(b.N*maxBatchWriteRequests)/b.Elapsed().Seconds(), "items/s")
}

// BenchmarkBuntDBSet25 is BatchWriteItem's floor: 25 sets in one
// transaction.
func BenchmarkBuntDBSet25(b *testing.B) {
	p := newPointBench(b)
	db := p.rawBuntDB(b)
	done := cpuMeter(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		start := (i * maxBatchWriteRequests) % benchRing
		err := db.Update(func(tx *buntdb.Tx) error {
			for j := start; j < start+maxBatchWriteRequests; j++ {
				if _, _, err := tx.Set(p.sKeys[j], p.sVals[j], nil); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		i++
	}
	done()
	b.ReportMetric(float64(b.N*maxBatchWriteRequests)/b.Elapsed().Seconds(), "items/s")
}

// BenchmarkPointParallel runs PutItem and GetItem from all Ps at once
// (GOMAXPROCS goroutines), to show how the engine scales on this machine.
func BenchmarkPointParallel(b *testing.B) {
	p := newPointBench(b)
	b.Run("PutItem", func(b *testing.B) {
		var next atomic.Int64
		done := cpuMeter(b)
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				i := int(next.Add(1))
				// Fresh item maps: PutItem normalises its input in place.
				if _, err := p.e.PutItem(ctx, &model.PutItemInput{TableName: "bench", Item: benchItem(i%benchRing, benchRing/benchPartition)}); err != nil {
					b.Error(err)
					return
				}
			}
		})
		done()
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "ops/s")
	})
	b.Run("GetItem", func(b *testing.B) {
		var next atomic.Int64
		done := cpuMeter(b)
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				i := int(next.Add(1))
				out, err := p.e.GetItem(ctx, &model.GetItemInput{TableName: "bench", Key: benchKey(i % benchRing)})
				if err != nil || out.Item == nil {
					b.Error(err, "or no item")
					return
				}
			}
		})
		done()
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "ops/s")
	})
}

// ---------------------------------------------------------------------
// Expressions, Query and Scan.

// BenchmarkUpdateItem updates items of a 10,000-item table with SET, ADD
// and both.
func BenchmarkUpdateItem(b *testing.B) {
	p := newPointBench(b)
	for _, bc := range []struct {
		name, update string
		values       map[string]model.AttributeValue
	}{
		{"SET", "SET #n = :n, city = :c, score = score + :one",
			map[string]model.AttributeValue{":n": model.S("Ada King"), ":c": model.S("Marylebone"), ":one": model.N("1")}},
		{"ADD", "ADD hits :one, tags :t",
			map[string]model.AttributeValue{":one": model.N("1"), ":t": model.SS("delta")}},
		{"SET+ADD", "SET #n = :n, score = score + :one ADD hits :one, tags :t",
			map[string]model.AttributeValue{":n": model.S("Ada King"), ":one": model.N("1"), ":t": model.SS("delta")}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var names map[string]string
			if strings.Contains(bc.update, "#n") {
				names = map[string]string{"#n": "name"}
			}
			done := cpuMeter(b)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				_, err := p.e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "bench", Key: p.key(i),
					UpdateExpression: bc.update, ExpressionAttributeNames: names, ExpressionAttributeValues: bc.values})
				if err != nil {
					b.Fatal(err)
				}
				i++
			}
			done()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "ops/s")
		})
	}
}

// queryTable is a table of n items in its own engine: partitions of 100
// items, and gk groups of 100 items. Tables are built once per process.
type queryTable struct {
	e *Engine
	n int
}

var (
	queryTablesMu sync.Mutex
	queryTables   = map[string]*queryTable{}
)

// sharedTable returns the engine holding table name with n items and the
// given GSIs, building it on first use. The engines stay open until the
// process exits.
func sharedTable(b *testing.B, name string, n int, gsis ...model.GlobalSecondaryIndex) *queryTable {
	b.Helper()
	queryTablesMu.Lock()
	defer queryTablesMu.Unlock()
	id := fmt.Sprintf("%s/%d", name, n)
	if qt := queryTables[id]; qt != nil {
		return qt
	}
	start := time.Now()
	e := newBenchEngine(b)
	createBenchTable(b, e, name, gsis...)
	fillBench(b, e, name, n, n/benchPartition)
	b.Logf("built %s with %d items in %v", name, n, time.Since(start).Round(time.Millisecond))
	qt := &queryTable{e: e, n: n}
	queryTables[id] = qt
	return qt
}

// queryInputs returns Query inputs for 1,000 partitions (or index keys)
// spread over the table.
func queryInputs(n int, index, attr, format string) []*model.QueryInput {
	keys := n / benchPartition
	var ins []*model.QueryInput
	for j := range 1000 {
		k := j * keys / 1000
		ins = append(ins, &model.QueryInput{TableName: "query", IndexName: index,
			KeyConditionExpression:    attr + " = :k",
			ExpressionAttributeValues: map[string]model.AttributeValue{":k": model.S(fmt.Sprintf(format, k))}})
	}
	return ins
}

func runQuery100(b *testing.B, e *Engine, ins []*model.QueryInput) {
	done := cpuMeter(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		out, err := e.Query(ctx, ins[i%len(ins)])
		if err != nil {
			b.Fatal(err)
		}
		if out.Count != benchPartition || out.LastEvaluatedKey != nil {
			b.Fatalf("Count %d, LastEvaluatedKey %v; want %d items in one page", out.Count, out.LastEvaluatedKey, benchPartition)
		}
		i++
	}
	done()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "queries/s")
	b.ReportMetric(float64(b.N*benchPartition)/b.Elapsed().Seconds(), "items/s")
}

// BenchmarkQuery100 queries one partition (100 items, ~30 KB) of a table of
// 10,000 and of 1,000,000 items: the time should not depend on the table's
// size.
func BenchmarkQuery100(b *testing.B) {
	for _, n := range []int{10_000, 1_000_000} {
		b.Run(fmt.Sprintf("items=%d", n), func(b *testing.B) {
			if n > 10_000 && testing.Short() {
				b.Skip("1,000,000-item table skipped under -short")
			}
			qt := sharedTable(b, "query", n)
			runQuery100(b, qt.e, queryInputs(n, "", "pk", "p#%08d"))
		})
	}
}

// BenchmarkIndexQuery100 queries one key (100 entries, projection ALL) of a
// GSI of a 10,000-item table.
func BenchmarkIndexQuery100(b *testing.B) {
	e := indexQueryEngine(b)
	runQuery100(b, e, queryInputs(10_000, "byGroup", "gk", "g#%06d"))
}

var indexQueryOnce struct {
	sync.Once
	e *Engine
}

func indexQueryEngine(b *testing.B) *Engine {
	indexQueryOnce.Do(func() {
		e := newBenchEngine(b)
		createBenchTable(b, e, "query", benchGSI("byGroup", "gk", "gs"))
		fillBench(b, e, "query", 10_000, 10_000/benchPartition)
		indexQueryOnce.e = e
	})
	return indexQueryOnce.e
}

// BenchmarkScan scans a whole 100,000-item table (~30 MB, 1 MB pages);
// the figure that matters is items/s.
func BenchmarkScan(b *testing.B) {
	const n = 100_000
	qt := sharedTable(b, "scan", n)
	done := cpuMeter(b)
	b.ReportAllocs()
	for b.Loop() {
		in := &model.ScanInput{TableName: "scan"}
		total := 0
		for {
			out, err := qt.e.Scan(ctx, in)
			if err != nil {
				b.Fatal(err)
			}
			total += int(out.Count)
			if out.LastEvaluatedKey == nil {
				break
			}
			in.ExclusiveStartKey = out.LastEvaluatedKey
		}
		if total != n {
			b.Fatalf("scanned %d items, want %d", total, n)
		}
	}
	done()
	b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "items/s")
}

// ---------------------------------------------------------------------
// Indexes.

var putGSIBase struct {
	mu  sync.Mutex
	nss []float64
}

// BenchmarkPutItemGSIs replaces items of a 10,000-item table with 0, 2 and
// 5 GSIs (projection ALL). Every put changes each index's key attribute,
// so each index entry moves (a delete and a set): the heaviest put. The
// "x-vs-0" metric is ns/op over the median ns/op of the GSIs=0 runs of the
// same process; WCU/op is DynamoDB's bill for the same write.
func BenchmarkPutItemGSIs(b *testing.B) {
	for _, k := range []int{0, 2, 5} {
		b.Run(fmt.Sprintf("GSIs=%d", k), func(b *testing.B) {
			e := newBenchEngine(b)
			defer e.Close()
			var gsis []model.GlobalSecondaryIndex
			for j := 1; j <= k; j++ {
				gsis = append(gsis, benchGSI(fmt.Sprintf("gsi%d", j), fmt.Sprintf("g%d", j), "sk"))
			}
			createBenchTable(b, e, "gsi", gsis...)
			// Items carry g1..g5 whether or not the table indexes them, so
			// the three tables store the same bytes.
			item := func(i int) model.Item {
				it := benchItem(i, benchRing/benchPartition)
				for j := 1; j <= 5; j++ {
					it[gNames[j]] = model.S("v#0")
				}
				return it
			}
			var pks, sks []model.AttributeValue
			for i := range benchRing {
				it := item(i)
				pks, sks = append(pks, it["pk"]), append(sks, it["sk"])
				if _, err := e.PutItem(ctx, &model.PutItemInput{TableName: "gsi", Item: it}); err != nil {
					b.Fatal(err)
				}
			}
			var items []model.Item
			for i := range benchWarm {
				items = append(items, item(i))
			}
			done := cpuMeter(b)
			b.ReportAllocs()
			i := 0
			var wcu float64
			for b.Loop() {
				it := items[i%benchWarm]
				it["pk"], it["sk"] = pks[i%benchRing], sks[i%benchRing]
				// A new value of g1..g5 on every put moves every index
				// entry of the item.
				v := model.S("v#" + strconv.Itoa(i+1))
				for j := 1; j <= 5; j++ {
					it[gNames[j]] = v
				}
				out, err := e.PutItem(ctx, &model.PutItemInput{TableName: "gsi", Item: it, ReturnConsumedCapacity: model.ReturnCapacityTotal})
				if err != nil {
					b.Fatal(err)
				}
				wcu = float64(out.ConsumedCapacity.CapacityUnits)
				i++
			}
			nsop := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			done()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "ops/s")
			b.ReportMetric(wcu, "WCU/op")
			putGSIBase.mu.Lock()
			defer putGSIBase.mu.Unlock()
			if k == 0 {
				putGSIBase.nss = append(putGSIBase.nss, nsop)
			} else if len(putGSIBase.nss) > 0 {
				b.ReportMetric(nsop/median(putGSIBase.nss), "x-vs-0")
			}
		})
	}
}

var gNames = [...]string{"", "g1", "g2", "g3", "g4", "g5"}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// BenchmarkGSIBackfill adds a GSI (gk, gs; projection ALL) to the
// 1,000,000-item table of BenchmarkQuery100 while one writer keeps
// replacing items of the same table, and measures the backfill rate
// (items/s), the writer's rate during the build and its latency (p50, p99,
// max). Sub-benchmarks: the default backfill batch (1,000 items per
// transaction) and batches of 100 (Options.BackfillBatchSize). Each
// iteration builds the index and, untimed, drops it again.
func BenchmarkGSIBackfill(b *testing.B) {
	if testing.Short() {
		b.Skip("1,000,000-item table skipped under -short")
	}
	for _, batch := range []int{defaultBackfillBatch, 100} {
		b.Run(fmt.Sprintf("batch=%d", batch), func(b *testing.B) {
			benchmarkGSIBackfill(b, batch)
		})
	}
}

func benchmarkGSIBackfill(b *testing.B, batch int) {
	const n = 1_000_000
	qt := sharedTable(b, "query", n)
	e := qt.e
	e.opts.BackfillBatchSize = batch // read by the next backfill goroutine
	var built, writes int64
	var buildTime time.Duration
	var lat []time.Duration
	var drift int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		stop := make(chan struct{})
		var wg sync.WaitGroup
		var w int64
		var wl []time.Duration
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; ; j++ {
				select {
				case <-stop:
					return
				default:
				}
				// Replace an existing item with a new score: a real change
				// of the item and, once indexed, of its index entry.
				it := benchItem(j*7919%n, n/benchPartition)
				it["score"] = model.N(strconv.Itoa(j))
				t0 := time.Now()
				if _, err := e.PutItem(ctx, &model.PutItemInput{TableName: "query", Item: it}); err != nil {
					b.Error(err)
					return
				}
				wl = append(wl, time.Since(t0))
				w++
			}
		}()
		b.StartTimer()
		t0 := time.Now()
		_, err := e.UpdateTable(ctx, &model.UpdateTableInput{
			TableName: "query",
			AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}, {AttributeName: "sk", AttributeType: "N"},
				{AttributeName: "gk", AttributeType: "S"}, {AttributeName: "gs", AttributeType: "N"}},
			GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Create: benchPtr(benchGSI("backfill", "gk", "gs"))}},
		})
		if err != nil {
			b.Fatal(err)
		}
		e.WaitBackgroundIndexWork()
		elapsed := time.Since(t0)
		b.StopTimer()
		close(stop)
		wg.Wait()
		p, ok := e.IndexBuildProgress("query", "backfill")
		if !ok || !p.Done || p.Scanned < n {
			b.Fatalf("backfill progress %+v", p)
		}
		// The index must hold exactly one entry per item.
		entries := 0
		prefix := prefixIndex + "query/backfill/"
		e.db.View(func(tx *buntdb.Tx) error {
			return tx.AscendGreaterOrEqual("", prefix, func(k, _ string) bool {
				if !strings.HasPrefix(k, prefix) {
					return false
				}
				entries++
				return true
			})
		})
		d, _ := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "query"})
		g := d.Table.GlobalSecondaryIndexes
		if entries != n || len(g) != 1 || g[0].IndexStatus != model.StatusActive {
			b.Fatalf("index after backfill: %d entries, %+v", entries, g)
		}
		// DescribeTable's ItemCount should agree with the entries; it
		// drifts when the writer replaces an item the backfill has not
		// reached yet (see docs/BENCHMARKS.md, Indexes).
		if g[0].ItemCount != n {
			b.Logf("ItemCount %d after backfill, %d entries stored", g[0].ItemCount, entries)
		}
		drift = max(drift, n-g[0].ItemCount)
		built += p.Scanned
		writes += w
		buildTime += elapsed
		lat = append(lat, wl...)
		_, err = e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "query",
			GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Delete: &model.DeleteGlobalSecondaryIndex{IndexName: "backfill"}}}})
		if err != nil {
			b.Fatal(err)
		}
		e.WaitBackgroundIndexWork()
		b.StartTimer()
	}
	b.StopTimer()
	e.opts.BackfillBatchSize = 0
	slices.Sort(lat)
	pct := func(q float64) float64 {
		if len(lat) == 0 {
			return 0
		}
		return float64(lat[min(len(lat)-1, int(q*float64(len(lat))))].Microseconds()) / 1000
	}
	b.ReportMetric(float64(built)/b.Elapsed().Seconds(), "items/s")
	b.ReportMetric(float64(writes)/buildTime.Seconds(), "writer-ops/s")
	b.ReportMetric(pct(0.5), "writer-p50-ms")
	b.ReportMetric(pct(0.99), "writer-p99-ms")
	b.ReportMetric(pct(1), "writer-max-ms")
	b.ReportMetric(float64(drift), "ItemCount-drift")
}

func benchPtr[T any](v T) *T { return &v }
