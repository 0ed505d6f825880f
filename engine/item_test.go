package engine

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// allTypes is an item with every DynamoDB type.
func allTypes(pk string) model.Item {
	return model.Item{
		"pk":   model.S(pk),
		"s":    model.S("héllo"),
		"n":    model.N("-12.50"),
		"b":    model.B([]byte{0, 1, 2, 255}),
		"bool": model.Bool(true),
		"null": model.Null(),
		"l":    model.L(model.S("a"), model.N("1"), model.L()),
		"m":    model.M(map[string]model.AttributeValue{"x": model.M(nil), "y": model.NS("3", "1")}),
		"ss":   model.SS("b", "a"),
		"ns":   model.NS("1e3", "2"),
		"bs":   model.BS([]byte("x"), []byte("y")),
		"es":   model.S(""),
	}
}

func TestPutGetDeleteRoundTrip(t *testing.T) {
	e, _ := newTestEngine(t)
	createSimple(t, e, "things", "", "")
	item := allTypes("one")
	put(t, e, "things", item.Clone())
	got, err := e.GetItem(ctx, &model.GetItemInput{TableName: "things", Key: model.Item{"pk": model.S("one")}, ConsistentRead: boolp(true)})
	mustOK(t, err)
	want := item.Clone()
	model.NormalizeItem(want)
	if !model.ItemsEqual(got.Item, want) {
		t.Fatalf("GetItem = %v\nwant %v", got.Item, want)
	}
	if got.Item["n"].N != "-12.5" || got.Item["ns"].NS[0] != "1000" && got.Item["ns"].NS[1] != "1000" {
		t.Fatalf("numbers not canonical: %v %v", got.Item["n"], got.Item["ns"])
	}
	del, err := e.DeleteItem(ctx, &model.DeleteItemInput{TableName: "things", Key: model.Item{"pk": model.S("one")}, ReturnValues: "ALL_OLD"})
	mustOK(t, err)
	if !model.ItemsEqual(del.Attributes, want) {
		t.Fatalf("ALL_OLD = %v", del.Attributes)
	}
	got, err = e.GetItem(ctx, &model.GetItemInput{TableName: "things", Key: model.Item{"pk": model.S("one")}})
	mustOK(t, err)
	if got.Item != nil {
		t.Fatalf("item still there after delete: %v", got.Item)
	}
}

func TestPutReturnValuesAllOld(t *testing.T) {
	e, _ := newTestEngine(t)
	createSimple(t, e, "things", "", "")
	out, err := e.PutItem(ctx, &model.PutItemInput{TableName: "things", Item: model.Item{"pk": model.S("a"), "v": model.N("1")}, ReturnValues: "ALL_OLD"})
	mustOK(t, err)
	if out.Attributes != nil {
		t.Fatalf("ALL_OLD of a new item = %v", out.Attributes)
	}
	out, err = e.PutItem(ctx, &model.PutItemInput{TableName: "things", Item: model.Item{"pk": model.S("a"), "v": model.N("2")}, ReturnValues: "ALL_OLD"})
	mustOK(t, err)
	if !model.ItemsEqual(out.Attributes, model.Item{"pk": model.S("a"), "v": model.N("1")}) {
		t.Fatalf("ALL_OLD = %v", out.Attributes)
	}
	_, err = e.PutItem(ctx, &model.PutItemInput{TableName: "things", Item: model.Item{"pk": model.S("a")}, ReturnValues: "ALL_NEW"})
	wantError(t, err, model.ErrValidation, "ReturnValues can only be ALL_OLD or NONE")
}

func TestKeyValidationMessages(t *testing.T) {
	e, _ := newTestEngine(t)
	createSimple(t, e, "composite", "sk", "N")
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "schema-demo", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{hk("pk")},
		AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S"), ad("ix_pk", "S")},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "gsi", KeySchema: []model.KeySchemaElement{hk("ix_pk")},
			Projection: model.Projection{ProjectionType: "ALL"}}}})
	mustOK(t, err)
	inv := model.InvalidPrefix
	long := strings.Repeat("x", 2049)
	tests := []struct {
		name string
		call func() error
		msg  string
	}{
		{"seed 001: put with a number pk", func() error {
			_, err := e.PutItem(ctx, &model.PutItemInput{TableName: "schema-demo", Item: model.Item{"pk": model.N("123")}})
			return err
		}, inv + "Type mismatch for key pk expected: S actual: N"},
		{"seed 001: put with a number GSI key", func() error {
			_, err := e.PutItem(ctx, &model.PutItemInput{TableName: "schema-demo", Item: model.Item{"pk": model.S("test"), "ix_pk": model.N("123")}})
			return err
		}, inv + "Type mismatch for Index Key ix_pk Expected: S Actual: N IndexName: gsi"},
		{"put without the sort key", func() error {
			_, err := e.PutItem(ctx, &model.PutItemInput{TableName: "composite", Item: model.Item{"pk": model.S("a")}})
			return err
		}, inv + "Missing the key sk in the item"},
		{"put with an empty string key", func() error {
			_, err := e.PutItem(ctx, &model.PutItemInput{TableName: "composite", Item: model.Item{"pk": model.S(""), "sk": model.N("1")}})
			return err
		}, "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk"},
		{"put with an empty GSI key", func() error {
			_, err := e.PutItem(ctx, &model.PutItemInput{TableName: "schema-demo", Item: model.Item{"pk": model.S("a"), "ix_pk": model.S("")}})
			return err
		}, "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: gsi, IndexKey: ix_pk"},
		{"oversized partition key", func() error {
			_, err := e.PutItem(ctx, &model.PutItemInput{TableName: "composite", Item: model.Item{"pk": model.S(long), "sk": model.N("1")}})
			return err
		}, inv + "Size of hashkey has exceeded the maximum size limit of2048 bytes"},
		{"get with a missing key part", func() error {
			_, err := e.GetItem(ctx, &model.GetItemInput{TableName: "composite", Key: model.Item{"pk": model.S("a")}})
			return err
		}, "The provided key element does not match the schema"},
		{"get with an extra attribute", func() error {
			_, err := e.GetItem(ctx, &model.GetItemInput{TableName: "composite", Key: model.Item{"pk": model.S("a"), "sk": model.N("1"), "x": model.S("1")}})
			return err
		}, "The provided key element does not match the schema"},
		{"delete with a wrong key type", func() error {
			_, err := e.DeleteItem(ctx, &model.DeleteItemInput{TableName: "composite", Key: model.Item{"pk": model.S("a"), "sk": model.S("1")}})
			return err
		}, "The provided key element does not match the schema"},
		{"item over 400 KB", func() error {
			_, err := e.PutItem(ctx, &model.PutItemInput{TableName: "composite", Item: model.Item{"pk": model.S("a"), "sk": model.N("1"), "big": model.S(strings.Repeat("x", 409600))}})
			return err
		}, "Item size has exceeded the maximum allowed size"},
		{"bad number", func() error {
			_, err := e.PutItem(ctx, &model.PutItemInput{TableName: "composite", Item: model.Item{"pk": model.S("a"), "sk": model.N("dog")}})
			return err
		}, "The parameter cannot be converted to a numeric value: dog"},
		{"empty string set", func() error {
			_, err := e.PutItem(ctx, &model.PutItemInput{TableName: "composite", Item: model.Item{"pk": model.S("a"), "sk": model.N("1"), "ss": model.SS()}})
			return err
		}, inv + "An string set  may not be empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantError(t, tt.call(), model.ErrValidation, tt.msg)
		})
	}
	for _, table := range []string{"composite", "schema-demo"} {
		d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: table})
		mustOK(t, err)
		if d.Table.ItemCount != 0 {
			t.Fatalf("rejected writes changed %s: %d items", table, d.Table.ItemCount)
		}
	}
}

func TestConsumedCapacityUnits(t *testing.T) {
	e, _ := newTestEngine(t)
	createSimple(t, e, "cap", "", "")
	big := func(n int) model.Item {
		// pk "k" (2+1) + name "d" (1) + value: total n bytes.
		return model.Item{"pk": model.S("k"), "d": model.S(strings.Repeat("x", n-4))}
	}
	put := func(item model.Item) float64 {
		out, err := e.PutItem(ctx, &model.PutItemInput{TableName: "cap", Item: item, ReturnConsumedCapacity: "TOTAL"})
		mustOK(t, err)
		return float64(out.ConsumedCapacity.CapacityUnits)
	}
	get := func(consistent bool) float64 {
		out, err := e.GetItem(ctx, &model.GetItemInput{TableName: "cap", Key: model.Item{"pk": model.S("k")}, ConsistentRead: boolp(consistent), ReturnConsumedCapacity: "TOTAL"})
		mustOK(t, err)
		return float64(out.ConsumedCapacity.CapacityUnits)
	}
	if u := get(true); u != 1 {
		t.Errorf("get of a missing item, strong = %v, want 1", u)
	}
	if u := get(false); u != 0.5 {
		t.Errorf("get of a missing item, eventual = %v, want 0.5", u)
	}
	if u := put(big(1024)); u != 1 {
		t.Errorf("put 1 KB = %v, want 1", u)
	}
	if u := put(big(1025)); u != 2 {
		t.Errorf("put 1 KB + 1 over a 1 KB item = %v, want 2", u)
	}
	if u := put(big(500)); u != 2 {
		t.Errorf("put 500 B over a 1025 B item = %v, want 2 (the larger of old and new)", u)
	}
	put(big(10 * 1024))
	if u := get(true); u != 3 {
		t.Errorf("get 10 KB strong = %v, want 3", u)
	}
	if u := get(false); u != 1.5 {
		t.Errorf("get 10 KB eventual = %v, want 1.5", u)
	}
	out, err := e.DeleteItem(ctx, &model.DeleteItemInput{TableName: "cap", Key: model.Item{"pk": model.S("nothing")}, ReturnConsumedCapacity: "TOTAL"})
	mustOK(t, err)
	if out.ConsumedCapacity.CapacityUnits != 1 || out.ConsumedCapacity.TableName != "cap" {
		t.Errorf("delete of a missing item = %+v, want 1", out.ConsumedCapacity)
	}
	out, err = e.DeleteItem(ctx, &model.DeleteItemInput{TableName: "cap", Key: model.Item{"pk": model.S("k")}, ReturnConsumedCapacity: "INDEXES"})
	mustOK(t, err)
	if cc := out.ConsumedCapacity; cc.CapacityUnits != 10 || cc.Table == nil || cc.Table.CapacityUnits != 10 {
		t.Errorf("delete of a 10 KB item with INDEXES = %+v, want 10 with Table 10", cc)
	}
}
