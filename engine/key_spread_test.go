package engine

import (
	"reflect"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// spreadFixture is a table (pk S, sk N) with a sparse GSI on g and an LSI
// on l, and its items.
func spreadFixture(t *testing.T) (*Engine, []model.Item) {
	e, _ := newTestEngine(t)
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "Tab", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{hk("pk"), rk("sk")},
		AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S"), ad("sk", "N"), ad("g", "S"), ad("l", "S")},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "byG", KeySchema: []model.KeySchemaElement{hk("g")},
			Projection: model.Projection{ProjectionType: "KEYS_ONLY"}}},
		LocalSecondaryIndexes: []model.LocalSecondaryIndex{{IndexName: "byL", KeySchema: []model.KeySchemaElement{hk("pk"), rk("l")},
			Projection: model.Projection{ProjectionType: "ALL"}}}})
	mustOK(t, err)
	items := []model.Item{
		{"pk": model.S("a"), "sk": model.N("1"), "g": model.S("x"), "l": model.S("1"), "body": model.S(strings.Repeat("z", 1200))},
		{"pk": model.S("a"), "sk": model.N("2"), "g": model.S("x")},
		{"pk": model.S("a"), "sk": model.N("3")},
		{"pk": model.S("b"), "sk": model.N("1"), "g": model.S("y"), "body": model.S(strings.Repeat("z", 2000))},
		{"pk": model.S("c"), "sk": model.N("1")},
	}
	for _, it := range items {
		put(t, e, "Tab", it)
	}
	return e, items
}

func sizes(items ...model.Item) int64 {
	var n int64
	for _, it := range items {
		n += int64(model.ItemSize(it))
	}
	return n
}

func TestKeySpreadTable(t *testing.T) {
	e, items := spreadFixture(t)
	ks, err := e.KeySpread("Tab", "", 2)
	mustOK(t, err)
	if !reflect.DeepEqual(ks.PartitionKeys, []string{"pk"}) || ks.Items != 5 || ks.Keys != 3 || ks.Bytes != sizes(items...) {
		t.Fatalf("spread = %+v", ks)
	}
	wantTop := []KeyLoad{{Partition: model.Item{"pk": model.S("b")}, Items: 1, Bytes: sizes(items[3])}, {Partition: model.Item{"pk": model.S("a")}, Items: 3, Bytes: sizes(items[:3]...)}}
	if len(ks.Top) != 2 {
		t.Fatalf("top = %+v", ks.Top)
	}
	for i, w := range wantTop {
		if g := ks.Top[i]; !model.ItemsEqual(g.Partition, w.Partition) || g.Items != w.Items || g.Bytes != w.Bytes {
			t.Errorf("top[%d] = %+v, want %+v", i, g, w)
		}
	}
	if ks.LargestItem != sizes(items[3]) || !model.ItemsEqual(ks.LargestItemKey, model.Item{"pk": model.S("b"), "sk": model.N("1")}) {
		t.Errorf("largest item = %d %v", ks.LargestItem, ks.LargestItemKey)
	}
	// The LSI holds item 0 only (the one with l); collection a = items 0-2 + that entry.
	lsiEntry := int64(model.ItemSize(items[0]))
	wantColl := sizes(items[:3]...) + lsiEntry
	if c := ks.LargestCollection; !model.ItemsEqual(c.Partition, model.Item{"pk": model.S("a")}) || c.Bytes != wantColl || c.Items != 4 {
		t.Errorf("largest collection = %+v, want a, 4 entries, %d bytes", c, wantColl)
	}
	n, ok, err := e.ItemCollectionSize("Tab", model.S("a"))
	mustOK(t, err)
	if !ok || n != wantColl {
		t.Errorf("ItemCollectionSize(a) = %d %v, want %d", n, ok, wantColl)
	}
}

func TestKeySpreadIndexAndKeyLoad(t *testing.T) {
	e, items := spreadFixture(t)
	ks, err := e.KeySpread("Tab", "byG", 10)
	mustOK(t, err)
	// KEYS_ONLY entries: g, pk, sk.
	entry := func(it model.Item) int64 {
		return sizes(model.Item{"g": it["g"], "pk": it["pk"], "sk": it["sk"]})
	}
	if !reflect.DeepEqual(ks.PartitionKeys, []string{"g"}) || ks.Items != 3 || ks.Keys != 2 || ks.Bytes != entry(items[0])+entry(items[1])+entry(items[3]) {
		t.Fatalf("index spread = %+v", ks)
	}
	if ks.LargestCollection.Items != 0 {
		t.Errorf("an index spread has a collection: %+v", ks.LargestCollection)
	}
	load, err := e.KeyLoad("Tab", "byG", model.Item{"g": model.S("x")})
	mustOK(t, err)
	if load.Items != 2 || load.Bytes != entry(items[0])+entry(items[1]) {
		t.Errorf("KeyLoad(byG, x) = %+v", load)
	}
	load, err = e.KeyLoad("Tab", "", model.Item{"pk": model.S("c")})
	mustOK(t, err)
	if load.Items != 1 || load.Bytes != sizes(items[4]) {
		t.Errorf("KeyLoad(c) = %+v", load)
	}
	load, err = e.KeyLoad("Tab", "", model.Item{"pk": model.S("none")})
	mustOK(t, err)
	if load.Items != 0 || load.Bytes != 0 {
		t.Errorf("KeyLoad(none) = %+v", load)
	}
}

func TestKeySpreadRefused(t *testing.T) {
	e, _ := spreadFixture(t)
	createSimple(t, e, "NoLSI", "", "")
	_, err := e.KeySpread("Nope", "", 1)
	wantError(t, err, model.ErrResourceNotFound, "Requested resource not found: Table: Nope not found")
	_, err = e.KeySpread("Tab", "nope", 1)
	wantError(t, err, model.ErrValidation, "The table does not have the specified index: nope")
	_, err = e.KeyLoad("Tab", "", model.Item{"pk": model.N("1")})
	wantError(t, err, model.ErrValidation, "One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N")
	_, err = e.KeyLoad("Tab", "", model.Item{"pk": model.S("")})
	wantError(t, err, model.ErrValidation, "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk")
	if _, ok, err := e.ItemCollectionSize("NoLSI", model.S("a")); ok || err != nil {
		t.Errorf("ItemCollectionSize on a table without LSIs = %v %v", ok, err)
	}
}

func TestPeekItemAndLargest(t *testing.T) {
	e, items := spreadFixture(t)
	before := len(e.RecentRequests())
	got, err := e.PeekItem("Tab", model.Item{"pk": model.S("a"), "sk": model.N("1.0")})
	mustOK(t, err)
	if !model.ItemsEqual(got, items[0]) {
		t.Errorf("PeekItem = %v", got)
	}
	got, err = e.PeekItem("Tab", model.Item{"pk": model.S("a"), "sk": model.N("9")})
	mustOK(t, err)
	if got != nil {
		t.Errorf("PeekItem of a missing item = %v", got)
	}
	if n := len(e.RecentRequests()); n != before {
		t.Errorf("PeekItem was logged: %d requests, %d before", n, before)
	}
	_, err = e.PeekItem("Tab", model.Item{"pk": model.S("a")})
	wantError(t, err, model.ErrValidation, "The provided key element does not match the schema")
	load, err := e.KeyLoad("Tab", "", model.Item{"pk": model.S("a")})
	mustOK(t, err)
	if load.Largest != sizes(items[0]) {
		t.Errorf("largest under a = %d, want %d", load.Largest, sizes(items[0]))
	}
}

// TestKeySpreadMultiAttribute: a GSI whose partition is two attributes
// spreads by the pair.
func TestKeySpreadMultiAttribute(t *testing.T) {
	e, _ := newTestEngine(t)
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "Multi", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{hk("pk")},
		AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S"), ad("tenant", "S"), ad("region", "S")},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "byTR", KeySchema: []model.KeySchemaElement{hk("tenant"), hk("region")},
			Projection: model.Projection{ProjectionType: "KEYS_ONLY"}}}})
	mustOK(t, err)
	for i, tr := range [][2]string{{"t1", "eu"}, {"t1", "eu"}, {"t1", "us"}, {"t2", "eu"}} {
		put(t, e, "Multi", model.Item{"pk": model.S(string(rune('a' + i))), "tenant": model.S(tr[0]), "region": model.S(tr[1])})
	}
	ks, err := e.KeySpread("Multi", "byTR", 1)
	mustOK(t, err)
	if !reflect.DeepEqual(ks.PartitionKeys, []string{"tenant", "region"}) || ks.Keys != 3 || ks.Items != 4 ||
		!model.ItemsEqual(ks.Top[0].Partition, model.Item{"tenant": model.S("t1"), "region": model.S("eu")}) || ks.Top[0].Items != 2 {
		t.Fatalf("spread = %+v", ks)
	}
	load, err := e.KeyLoad("Multi", "byTR", model.Item{"tenant": model.S("t1"), "region": model.S("us")})
	mustOK(t, err)
	if load.Items != 1 {
		t.Errorf("KeyLoad(t1, us) = %+v", load)
	}
	_, err = e.KeyLoad("Multi", "byTR", model.Item{"tenant": model.S("t1")})
	wantError(t, err, model.ErrValidation, "The provided key element does not match the schema")
}
