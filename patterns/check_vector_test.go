package patterns_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/patterns"
)

// A vector search saved as a pattern is kept with its table and checked
// like any read: it runs on the workspace, and the result says what it
// returned and its vector search request bytes, itemised as the engine
// charged them; the pattern names the index that serves it.
func TestSearchVectorsPattern(t *testing.T) {
	e, err := engine.Open(engine.Options{Clock: engine.NewManualClock(testStart), DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	ctx := context.Background()
	if _, err := fixtures.LoadAll(ctx, e, []string{"film-catalog"}); err != nil {
		t.Fatal(err)
	}
	film, err := e.GetItem(ctx, &model.GetItemInput{TableName: "Films", Key: model.Item{"FilmId": model.S("film-0001")}})
	if err != nil {
		t.Fatal(err)
	}
	index, cond, k := "SimilarInGenre", "Genre = :g", int64(5)
	in := &model.SearchVectorsInput{TableName: "Films", IndexName: &index, SearchVector: film.Item["Embedding"].L, TopK: &k,
		SearchConditionExpression: &cond, ExpressionAttributeValues: map[string]model.AttributeValue{":g": film.Item["Genre"]},
		ProjectionExpression: "FilmId, Title"}
	p, err := patterns.FromRequest("films like film-0001", in)
	if err != nil {
		t.Fatal(err)
	}
	if p.Operation != "SearchVectors" || p.Table() != "Films" {
		t.Fatalf("pattern %+v", p)
	}
	if err := patterns.Save(e, p); err != nil {
		t.Fatal(err)
	}
	saved, err := patterns.Saved(ctx, e)
	if err != nil || len(saved) != 1 {
		t.Fatalf("saved %v, %v", saved, err)
	}
	want, err := e.SearchVectors(ctx, &model.SearchVectorsInput{TableName: "Films", IndexName: &index, SearchVector: film.Item["Embedding"].L, TopK: &k,
		SearchConditionExpression: &cond, ExpressionAttributeValues: map[string]model.AttributeValue{":g": film.Item["Genre"]},
		ProjectionExpression: "FilmId, Title", ReturnConsumedCapacity: model.ReturnCapacityTotal})
	if err != nil {
		t.Fatal(err)
	}
	r := (&patterns.Checker{WS: e}).CheckOne(ctx, saved[0])
	if !r.OK() || r.Action != "SearchVectors" || r.Table != "Films" || r.Index != "SimilarInGenre" || r.Scan {
		t.Fatalf("result %+v", r)
	}
	if r.ItemsReturned != 5 || r.ItemsRead != -1 || r.RCU != 0 || r.SearchBytes != *want.ConsumedCapacity.VectorSearchRequestBytes {
		t.Fatalf("returned %d, read %d, %g RCU, %g search bytes; want 5, -1, 0, %g", r.ItemsReturned, r.ItemsRead, r.RCU, r.SearchBytes, *want.ConsumedCapacity.VectorSearchRequestBytes)
	}
	if !reflect.DeepEqual(r.Lines, want.Explain) || r.KeyCondition != "the 5 nearest to a vector of 16 numbers where Genre = :g" {
		t.Fatalf("lines %q, key %q", r.Lines, r.KeyCondition)
	}
}
