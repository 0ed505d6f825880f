package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// Vector index benchmarks through the engine (issue 25 §4; figures in
// docs/BENCHMARKS.md):
//
//	go test ./engine -run '^$' -bench 'VectorBackfill|SearchVectors' -benchtime 3x
//
// BenchmarkVectorBackfill: UpdateTable adds a vector index to a table of
// 10,000 items with 256-dimension vectors; the backfill's rate in items a
// second. BenchmarkSearchVectors10k256: SearchVectors (exact, TopK 10) over
// those items, the projected items read back and the capacity itemised.

func vectorBenchTable(b *testing.B, n, dims int) *Engine {
	b.Helper()
	e, err := Open(Options{Clock: NewManualClock(testStart), DisableTTLSweeper: true, DisableThrottling: true, DisableMetrics: true})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { e.Close() })
	_, err = e.CreateTable(ctx, &model.CreateTableInput{TableName: "Bench", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}},
		KeySchema:            []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}}})
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 5))
	var batch []model.WriteRequest
	flush := func() {
		if len(batch) == 0 {
			return
		}
		if _, err := e.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"Bench": batch}}); err != nil {
			b.Fatal(err)
		}
		batch = nil
	}
	for i := range n {
		v := make([]float32, dims)
		for j := range v {
			v[j] = float32(r.NormFloat64())
		}
		batch = append(batch, model.WriteRequest{PutRequest: &model.PutRequest{Item: model.Item{"pk": model.S(fmt.Sprintf("k%06d", i)), "title": model.S("t"), "emb": vecValue(v)}}})
		if len(batch) == 25 {
			flush()
		}
	}
	flush()
	return e
}

func addBenchVectorIndex(b *testing.B, e *Engine, name string, dims int64) {
	b.Helper()
	_, err := e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "Bench", VectorIndexUpdates: []model.VectorIndexUpdate{{Create: &model.VectorIndex{
		IndexName: name, VectorAttribute: &model.VectorAttributeDefinition{AttributeName: "emb"}, Dimensions: &dims,
		DistanceFunction: model.DistanceCosine, Projection: &model.Projection{ProjectionType: model.ProjectionKeysOnly}}}}})
	if err != nil {
		b.Fatal(err)
	}
	e.WaitBackgroundIndexWork()
}

func BenchmarkVectorBackfill(b *testing.B) {
	const n = 10000
	e := vectorBenchTable(b, n, 256)
	b.ResetTimer()
	var total time.Duration
	for i := 0; i < b.N; i++ {
		name := fmt.Sprintf("vix%d", i%5)
		if i >= 5 {
			b.StopTimer()
			_, err := e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "Bench", VectorIndexUpdates: []model.VectorIndexUpdate{{Delete: &model.DeleteVectorIndexAction{IndexName: name}}}})
			if err != nil {
				b.Fatal(err)
			}
			e.WaitBackgroundIndexWork()
			b.StartTimer()
		}
		t0 := time.Now()
		addBenchVectorIndex(b, e, name, 256)
		total += time.Since(t0)
	}
	b.ReportMetric(float64(n*b.N)/total.Seconds(), "items/s")
}

func BenchmarkSearchVectors10k256(b *testing.B) {
	e := vectorBenchTable(b, 10000, 256)
	addBenchVectorIndex(b, e, "vix", 256)
	r := rand.New(rand.NewPCG(6, 6))
	qs := make([][]model.AttributeValue, 32)
	for i := range qs {
		v := make([]float32, 256)
		for j := range v {
			v[j] = float32(r.NormFloat64())
		}
		qs[i] = numbers(v)
	}
	name := "vix"
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out, err := e.SearchVectors(ctx, &model.SearchVectorsInput{TableName: "Bench", IndexName: &name, SearchVector: qs[i%len(qs)], TopK: i64(10), ReturnConsumedCapacity: "TOTAL"})
		if err != nil || len(out.SearchResults) != 10 {
			b.Fatal(err)
		}
	}
}
