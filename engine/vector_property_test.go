package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strconv"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// vecTable creates a table with two vector indexes on emb (dims): "all"
// (no HASH, inline filter color) and "bycat" (HASH cat, inline filter
// color), both projecting ALL.
func vecTable(t testing.TB, e *Engine, name string, dims int64, dist string) {
	t.Helper()
	all := model.Projection{ProjectionType: model.ProjectionAll}
	_, err := e.CreateTable(ctx, &model.CreateTableInput{
		TableName: name, BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}, {AttributeName: "cat", AttributeType: "S"}, {AttributeName: "color", AttributeType: "S"}},
		KeySchema:            []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}},
		VectorIndexes: []model.VectorIndex{
			{IndexName: "all", VectorAttribute: &model.VectorAttributeDefinition{AttributeName: "emb"}, Dimensions: &dims, DistanceFunction: dist, Projection: &all,
				SearchSchema: []model.SearchSchemaElement{{AttributeName: "color", SearchSchemaElementType: model.SearchSchemaInlineFilter}}},
			{IndexName: "bycat", VectorAttribute: &model.VectorAttributeDefinition{AttributeName: "emb"}, Dimensions: &dims, DistanceFunction: dist, Projection: &all,
				SearchSchema: []model.SearchSchemaElement{{AttributeName: "cat", SearchSchemaElementType: model.SearchSchemaHash}, {AttributeName: "color", SearchSchemaElementType: model.SearchSchemaInlineFilter}}},
		},
	})
	mustOK(t, err)
}

func vecValue(v []float32) model.AttributeValue {
	l := make([]model.AttributeValue, len(v))
	for i, f := range v {
		l[i] = model.N(strconv.FormatFloat(float64(f), 'g', -1, 32))
	}
	return model.L(l...)
}

func numbers(v []float32) []model.AttributeValue {
	return vecValue(v).L
}

// bruteScore is the reference score, one term at a time in float64.
func bruteScore(dist string, q, v []float32) float64 {
	var dp, qq, vv, sq float64
	for i := range q {
		dp += float64(q[i]) * float64(v[i])
		qq += float64(q[i]) * float64(q[i])
		vv += float64(v[i]) * float64(v[i])
		d := float64(q[i]) - float64(v[i])
		sq += d * d
	}
	switch dist {
	case model.DistanceEuclidean:
		return math.Sqrt(sq)
	case model.DistanceDotProduct:
		return dp
	}
	if qq == 0 || vv == 0 {
		return 1
	}
	return math.Min(2, math.Max(0, 1-dp/(math.Sqrt(qq)*math.Sqrt(vv))))
}

type refItem struct {
	item model.Item
	vec  []float32
}

// bruteTopK is the expected answer: the items in the index (valid emb; for
// bycat a cat), filtered, scored, best first, ties by pk.
func bruteTopK(ref map[string]refItem, dist string, q []float32, k int, cat, color string) ([]string, []float64) {
	type hit struct {
		pk    string
		score float64
	}
	var hits []hit
	for pk, r := range ref {
		if r.vec == nil {
			continue
		}
		if cat != "" {
			if c, ok := r.item["cat"]; !ok || c.S != cat {
				continue
			}
		}
		if color != "" {
			if c, ok := r.item["color"]; !ok || c.S != color {
				continue
			}
		}
		hits = append(hits, hit{pk, bruteScore(dist, q, r.vec)})
	}
	sort.Slice(hits, func(i, j int) bool {
		a, b := hits[i].score, hits[j].score
		if dist == model.DistanceDotProduct {
			a, b = -a, -b
		}
		if a != b {
			return a < b
		}
		return hits[i].pk < hits[j].pk
	})
	if len(hits) > k {
		hits = hits[:k]
	}
	pks := make([]string, len(hits))
	scores := make([]float64, len(hits))
	for i, h := range hits {
		pks[i], scores[i] = h.pk, h.score
	}
	return pks, scores
}

func randVector(r *rand.Rand, dims int) []float32 {
	v := make([]float32, dims)
	for i := range v {
		// Few distinct values: ties in score happen and must order by key.
		v[i] = float32(r.IntN(7)-3) / 2
	}
	return v
}

// TestSearchVectorsEqualsBruteForce is the property: on random data, with
// every write path changing it, SearchVectors returns exactly a
// brute-force top-K — items, order, scores within 1e-6 — for all three
// distances, with and without a partition and a filter, both when it
// compares every vector ("exact": these partitions are below the default
// VectorQuantThreshold) and when it scans the 8-bit codes ("quantised":
// the threshold lowered to 1).
func TestSearchVectorsEqualsBruteForce(t *testing.T) {
	const dims = 6
	cats := []string{"a", "b", "c"}
	colors := []string{"red", "blue"}
	for _, mode := range []struct {
		name      string
		threshold int
	}{{"exact", 0}, {"quantised", 1}} {
		for _, dist := range []string{model.DistanceCosine, model.DistanceEuclidean, model.DistanceDotProduct} {
			t.Run(mode.name+"/"+dist, func(t *testing.T) {
				e, err := Open(Options{Clock: NewManualClock(testStart), DisableTTLSweeper: true, DisableThrottling: true, VectorQuantThreshold: mode.threshold})
				mustOK(t, err)
				t.Cleanup(func() { e.Close() })
				vecTable(t, e, "Vecs", dims, dist)
				r := rand.New(rand.NewPCG(7, uint64(len(dist))))
				ref := map[string]refItem{}
				randomItem := func(pk string) refItem {
					it := model.Item{"pk": model.S(pk), "n": model.N(strconv.Itoa(r.IntN(100)))}
					var v []float32
					if r.IntN(10) > 0 {
						v = randVector(r, dims)
						it["emb"] = vecValue(v)
					}
					if r.IntN(8) > 0 {
						it["cat"] = model.S(cats[r.IntN(len(cats))])
					}
					if r.IntN(4) > 0 {
						it["color"] = model.S(colors[r.IntN(len(colors))])
					}
					return refItem{it, v}
				}
				for i := range 150 {
					pk := fmt.Sprintf("p%03d", i)
					ri := randomItem(pk)
					put(t, e, "Vecs", ri.item)
					ref[pk] = ri
				}
				returned := 0
				check := func(round int) {
					t.Helper()
					for range 12 {
						q := randVector(r, dims)
						if r.IntN(5) == 0 {
							q[0] += 0.25 // not only the grid's values
						}
						k := 1 + r.IntN(15)
						for _, c := range []struct{ index, cat, color string }{
							{"all", "", ""}, {"all", "", colors[r.IntN(2)]},
							{"bycat", cats[r.IntN(3)], ""}, {"bycat", cats[r.IntN(3)], colors[r.IntN(2)]},
						} {
							in := &model.SearchVectorsInput{TableName: "Vecs", IndexName: &c.index, SearchVector: numbers(q), TopK: i64(int64(k))}
							vals := map[string]model.AttributeValue{}
							cond := ""
							if c.cat != "" {
								cond, vals[":c"] = "cat = :c", model.S(c.cat)
							}
							if c.color != "" {
								if cond != "" {
									cond += " AND "
								}
								cond += "#col = :f"
								vals[":f"] = model.S(c.color)
								in.ExpressionAttributeNames = map[string]string{"#col": "color"}
							}
							if cond != "" {
								in.SearchConditionExpression = &cond
								in.ExpressionAttributeValues = vals
							}
							out, err := e.SearchVectors(ctx, in)
							mustOK(t, err)
							pks, scores := bruteTopK(ref, dist, q, k, c.cat, c.color)
							returned += len(pks)
							if len(out.SearchResults) != len(pks) {
								t.Fatalf("round %d %+v k=%d: %d results, want %d", round, c, k, len(out.SearchResults), len(pks))
							}
							for i, res := range out.SearchResults {
								if got := res.Item["pk"].S; got != pks[i] || math.Abs(res.Score-scores[i]) > 1e-6 {
									t.Fatalf("round %d %+v k=%d result %d: %s %v, want %s %v", round, c, k, i, got, res.Score, pks[i], scores[i])
								}
								want := ref[pks[i]].item
								if _, has := res.Item["emb"]; has || len(res.Item) != len(want)-1 {
									t.Fatalf("result item %v, want %v without emb", res.Item, want)
								}
							}
						}
					}
				}
				check(0)
				// Every write path changes the data; the index follows.
				for i := 0; i < 150; i += 5 {
					pk := fmt.Sprintf("p%03d", i)
					switch i % 4 {
					case 0: // UpdateItem: new vector, maybe a new category
						v := randVector(r, dims)
						upd := "SET emb = :v, cat = :c"
						_, err := e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "Vecs", Key: model.Item{"pk": model.S(pk)}, UpdateExpression: upd,
							ExpressionAttributeValues: map[string]model.AttributeValue{":v": vecValue(v), ":c": model.S(cats[r.IntN(3)])}})
						mustOK(t, err)
						got, err := e.GetItem(ctx, &model.GetItemInput{TableName: "Vecs", Key: model.Item{"pk": model.S(pk)}})
						mustOK(t, err)
						ref[pk] = refItem{got.Item, v}
					case 1: // DeleteItem
						_, err := e.DeleteItem(ctx, &model.DeleteItemInput{TableName: "Vecs", Key: model.Item{"pk": model.S(pk)}})
						mustOK(t, err)
						delete(ref, pk)
					case 2: // BatchWriteItem put
						ri := randomItem(pk)
						_, err := e.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"Vecs": {{PutRequest: &model.PutRequest{Item: ri.item}}}}})
						mustOK(t, err)
						ref[pk] = ri
					case 3: // TransactWriteItems: remove the vector
						upd := "REMOVE emb"
						_, err := e.TransactWriteItems(ctx, &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{{Update: &model.Update{
							TableName: "Vecs", Key: model.Item{"pk": model.S(pk)}, UpdateExpression: upd}}}})
						mustOK(t, err)
						if ri, ok := ref[pk]; ok {
							delete(ri.item, "emb")
							ref[pk] = refItem{ri.item, nil}
						}
					}
				}
				// PartiQL: a new vector through an UPDATE statement.
				v := randVector(r, dims)
				stmt := "UPDATE Vecs SET emb = ? WHERE pk = 'p001'"
				_, err = e.ExecuteStatement(ctx, &model.ExecuteStatementInput{Statement: stmt, Parameters: []model.AttributeValue{vecValue(v)}})
				mustOK(t, err)
				ri := ref["p001"]
				ri.item["emb"] = vecValue(v)
				ref["p001"] = refItem{ri.item, v}
				check(1)
				if returned < 500 {
					t.Fatalf("only %d results compared", returned)
				}
				rep, err := e.Verify()
				mustOK(t, err)
				if len(rep.Drift) > 0 {
					t.Fatalf("drift: %+v", rep.Drift)
				}
			})
		}
	}
}
