package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// WriteUnitsIn says before a write what the engine charges for it: every
// case of the table and index rules, checked against the ConsumedCapacity
// (INDEXES) of the same write run on the engine.
func TestWriteUnitsInIsWhatTheWriteCharges(t *testing.T) {
	ctx := context.Background()
	eng, _ := newTestEngine(t)
	_, err := eng.CreateTable(ctx, &model.CreateTableInput{TableName: "Tab", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{{AttributeName: "pk", KeyType: model.KeyTypeHash}, {AttributeName: "sk", KeyType: model.KeyTypeRange}},
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}, {AttributeName: "sk", AttributeType: "S"},
			{AttributeName: "status", AttributeType: "S"}, {AttributeName: "lsk", AttributeType: "N"}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{
			{IndexName: "byStatus", KeySchema: []model.KeySchemaElement{{AttributeName: "status", KeyType: model.KeyTypeHash}}, Projection: model.Projection{ProjectionType: model.ProjectionAll}},
			{IndexName: "keysOnly", KeySchema: []model.KeySchemaElement{{AttributeName: "status", KeyType: model.KeyTypeHash}, {AttributeName: "sk", KeyType: model.KeyTypeRange}}, Projection: model.Projection{ProjectionType: model.ProjectionKeysOnly}}},
		LocalSecondaryIndexes: []model.LocalSecondaryIndex{
			{IndexName: "byLsk", KeySchema: []model.KeySchemaElement{{AttributeName: "pk", KeyType: model.KeyTypeHash}, {AttributeName: "lsk", KeyType: model.KeyTypeRange}}, Projection: model.Projection{ProjectionType: model.ProjectionInclude, NonKeyAttributes: []string{"note"}}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("x", 2500)
	items := []model.Item{
		{"pk": model.S("a"), "sk": model.S("1")},
		{"pk": model.S("a"), "sk": model.S("2"), "status": model.S("OPEN"), "body": model.S(big)},
		{"pk": model.S("a"), "sk": model.S("3"), "status": model.S("OPEN"), "lsk": model.N("4"), "note": model.S(big)},
		{"pk": model.S("b"), "sk": model.S("4"), "lsk": model.N("1"), "note": model.S("n")}, // in the LSI only
	}
	for _, it := range items {
		if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: "Tab", Item: it}); err != nil {
			t.Fatal(err)
		}
	}
	desc := func() *model.TableDescription {
		out, err := eng.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Tab"})
		if err != nil {
			t.Fatal(err)
		}
		return out.Table
	}
	charged := func(cc *model.ConsumedCapacity) WriteUnits {
		u := WriteUnits{Table: float64(cc.Table.CapacityUnits)}
		for n, c := range cc.GlobalSecondaryIndexes {
			if u.Indexes == nil {
				u.Indexes = map[string]float64{}
			}
			u.Indexes[n] = float64(c.CapacityUnits)
		}
		for n, c := range cc.LocalSecondaryIndexes {
			if u.Indexes == nil {
				u.Indexes = map[string]float64{}
			}
			u.Indexes[n] = float64(c.CapacityUnits)
		}
		return u
	}
	same := func(a, b WriteUnits) bool { return fmt.Sprint(a.Table, a.Indexes) == fmt.Sprint(b.Table, b.Indexes) }
	updates := []struct {
		name       string
		key        model.Item
		expr       string
		values     map[string]model.AttributeValue
		afterwards func(model.Item) model.Item
	}{
		{"set a new attribute", items[0], "SET extra = :v", map[string]model.AttributeValue{":v": model.S("v")}, func(it model.Item) model.Item { it["extra"] = model.S("v"); return it }},
		{"move a GSI key", items[1], "SET #s = :v", map[string]model.AttributeValue{":v": model.S("DONE")}, func(it model.Item) model.Item { it["status"] = model.S("DONE"); return it }},
		{"remove a GSI key", items[2], "REMOVE #s", nil, func(it model.Item) model.Item { delete(it, "status"); return it }},
		{"change an unprojected attribute", items[2], "SET body = :v", map[string]model.AttributeValue{":v": model.S("b")}, func(it model.Item) model.Item { it["body"] = model.S("b"); return it }},
	}
	for _, c := range updates {
		t.Run(c.name, func(t *testing.T) {
			yes := true
			got, err := eng.GetItem(ctx, &model.GetItemInput{TableName: "Tab", Key: KeyOf(desc().KeySchema, c.key), ConsistentRead: &yes})
			if err != nil {
				t.Fatal(err)
			}
			old := got.Item
			after := c.afterwards(old.Clone())
			want := WriteUnitsIn(desc(), old, after)
			in := &model.UpdateItemInput{TableName: "Tab", Key: KeyOf(desc().KeySchema, c.key), UpdateExpression: c.expr,
				ExpressionAttributeValues: c.values, ReturnConsumedCapacity: model.ReturnCapacityIndexes}
			if strings.Contains(c.expr, "#s") {
				in.ExpressionAttributeNames = map[string]string{"#s": "status"}
			}
			out, err := eng.UpdateItem(ctx, in)
			if err != nil {
				t.Fatal(err)
			}
			if got := charged(out.ConsumedCapacity); !same(got, want) {
				t.Errorf("charged %v %v, WriteUnitsIn said %v %v", got.Table, got.Indexes, want.Table, want.Indexes)
			}
		})
	}
	for i, it := range append(items, model.Item{"pk": model.S("gone"), "sk": model.S("x")}) {
		t.Run(fmt.Sprintf("delete %d", i), func(t *testing.T) {
			yes := true
			got, err := eng.GetItem(ctx, &model.GetItemInput{TableName: "Tab", Key: KeyOf(desc().KeySchema, it), ConsistentRead: &yes})
			if err != nil {
				t.Fatal(err)
			}
			want := WriteUnitsIn(desc(), got.Item, nil)
			out, err := eng.DeleteItem(ctx, &model.DeleteItemInput{TableName: "Tab", Key: KeyOf(desc().KeySchema, it), ReturnConsumedCapacity: model.ReturnCapacityIndexes})
			if err != nil {
				t.Fatal(err)
			}
			if got := charged(out.ConsumedCapacity); !same(got, want) {
				t.Errorf("charged %v %v, WriteUnitsIn said %v %v", got.Table, got.Indexes, want.Table, want.Indexes)
			}
		})
	}
}
