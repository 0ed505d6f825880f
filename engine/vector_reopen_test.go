package engine

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// TestVectorIndexReopenAndRepair keeps vector indexes in a --db workspace:
// one declared with the table, one added by UpdateTable and backfilled; a
// reopen and a repair find the same descriptions, the same search results
// and no drift (the in-memory structures rebuilt from the stored entries).
// The quantised scan (threshold lowered) answers the same after a reopen,
// and answers what brute force does (recall 1: the scan's results are
// exact).
func TestVectorIndexReopenAndRepair(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vec.db")
	open := func() *Engine {
		e, err := Open(Options{Path: path, Sync: SyncAlways, Clock: NewManualClock(testStart), DisableTTLSweeper: true, VectorQuantThreshold: 100})
		mustOK(t, err)
		return e
	}
	const dims = 8
	e := open()
	vecTable(t, e, "Vecs", dims, model.DistanceCosine)
	r := rand.New(rand.NewPCG(11, 12))
	ref := map[string]refItem{}
	for i := range 400 {
		pk := fmt.Sprintf("k%03d", i)
		v := make([]float32, dims)
		for j := range v {
			v[j] = float32(r.NormFloat64())
		}
		it := model.Item{"pk": model.S(pk), "cat": model.S([]string{"a", "b"}[i%2]), "emb": vecValue(v), "w": model.L(numbers(v)...)}
		put(t, e, "Vecs", it)
		ref[pk] = refItem{it, v}
	}
	_, err := e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "Vecs", VectorIndexUpdates: []model.VectorIndexUpdate{{Create: &model.VectorIndex{
		IndexName: "byW", VectorAttribute: &model.VectorAttributeDefinition{AttributeName: "w"}, Dimensions: i64(dims),
		DistanceFunction: model.DistanceEuclidean, Projection: &model.Projection{ProjectionType: model.ProjectionKeysOnly}}}}})
	mustOK(t, err)
	e.WaitBackgroundIndexWork()
	queries := make([][]float32, 20)
	for i := range queries {
		queries[i] = make([]float32, dims)
		for j := range queries[i] {
			queries[i][j] = float32(r.NormFloat64())
		}
	}
	type answer struct {
		Desc    []model.VectorIndexDescription
		Results [][]model.SearchResultItem
	}
	snapshot := func(e *Engine) answer {
		d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Vecs"})
		mustOK(t, err)
		a := answer{Desc: d.Table.VectorIndexes}
		for _, q := range queries {
			for _, index := range []string{"all", "byW"} {
				out, err := e.SearchVectors(ctx, &model.SearchVectorsInput{TableName: "Vecs", IndexName: &index, SearchVector: numbers(q), TopK: i64(10)})
				mustOK(t, err)
				a.Results = append(a.Results, out.SearchResults)
			}
		}
		rep, err := e.Verify()
		mustOK(t, err)
		if !rep.OK() {
			t.Fatalf("drift: %v", rep.Drift)
		}
		return a
	}
	before := snapshot(e)
	if len(before.Desc) != 3 || before.Desc[2].IndexStatus != model.StatusActive || before.Desc[2].ItemCount != 400 {
		t.Fatalf("descriptions %+v", before.Desc)
	}
	// Recall of the quantised searches ("all", COSINE) against brute force.
	hits, total := 0, 0
	for i, q := range queries {
		want, _ := bruteTopK(ref, model.DistanceCosine, q, 10, "", "")
		in := map[string]bool{}
		for _, pk := range want {
			in[pk] = true
		}
		for _, res := range before.Results[2*i] {
			if in[res.Item["pk"].S] {
				hits++
			}
		}
		total += len(want)
	}
	recall := float64(hits) / float64(total)
	t.Logf("recall@10 of the quantised scan over 400 vectors, 8 dims: %.3f", recall)
	if recall != 1 {
		t.Fatalf("recall@10 %.3f", recall)
	}
	mustOK(t, e.Close())

	e = open()
	after := snapshot(e)
	if !reflect.DeepEqual(before, after) {
		t.Fatalf("after reopen the answers differ")
	}
	mustOK(t, e.Close())
	rep, err := Repair(path)
	mustOK(t, err)
	if rep.Rebuilt != nil && !rep.Rebuilt.OK() {
		t.Fatalf("repair found drift in a sound file: %v", rep.Rebuilt.Drift)
	}
	e = open()
	defer e.Close()
	if repaired := snapshot(e); !reflect.DeepEqual(before, repaired) {
		t.Fatalf("after repair the answers differ")
	}
}
