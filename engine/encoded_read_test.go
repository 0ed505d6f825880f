package engine

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// decodeAll turns encoded items back into items (nil stays nil).
func decodeAll(t *testing.T, enc []model.EncodedItem) []model.Item {
	t.Helper()
	if enc == nil {
		return nil
	}
	out := []model.Item{}
	for _, e := range enc {
		it, err := e.Decode()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, it)
	}
	return out
}

// TestEncodedReadsAnswerAsTheAPI: GetItemEncoded, QueryEncoded and
// ScanEncoded answer exactly what GetItem, Query and Scan answer, with the
// items as stored where they are returned whole and decoded where the
// request computes them (projection, filter, COUNT).
func TestEncodedReadsAnswerAsTheAPI(t *testing.T) {
	e, _ := newTestEngine(t)
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "Tbl", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}, {AttributeName: "sk", AttributeType: "N"},
			{AttributeName: "g", AttributeType: "S"}},
		KeySchema:              []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}, {AttributeName: "sk", KeyType: "RANGE"}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "byG", KeySchema: []model.KeySchemaElement{{AttributeName: "g", KeyType: "HASH"}, {AttributeName: "sk", KeyType: "RANGE"}}, Projection: model.Projection{ProjectionType: model.ProjectionKeysOnly}}}})
	mustOK(t, err)
	for i := range 30 {
		put(t, e, "Tbl", model.Item{"pk": model.S(fmt.Sprintf("p%d", i%3)), "sk": model.N(fmt.Sprint(i)), "g": model.S("g"),
			"n": model.N(fmt.Sprint(i * 7)), "pad": model.S(strings.Repeat("x", 100_000*(i%2))), "m": model.M(map[string]model.AttributeValue{"b": model.B([]byte{byte(i)}), "a": model.L(model.Null())})})
	}
	queries := []*model.QueryInput{
		{TableName: "Tbl", KeyConditionExpression: "pk = :p", ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("p1")}},
		{TableName: "Tbl", KeyConditionExpression: "pk = :p", ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("p1")}, Limit: i32(3), ScanIndexForward: boolp(false), ReturnConsumedCapacity: model.ReturnCapacityIndexes},
		{TableName: "Tbl", KeyConditionExpression: "pk = :p AND sk > :s", ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("p0"), ":s": model.N("10")}, ConsistentRead: boolp(true)},
		{TableName: "Tbl", KeyConditionExpression: "pk = :p", FilterExpression: "n > :n", ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("p2"), ":n": model.N("50")}},
		{TableName: "Tbl", KeyConditionExpression: "pk = :p", ProjectionExpression: "n, m.a", ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("p2")}},
		{TableName: "Tbl", KeyConditionExpression: "pk = :p", Select: model.SelectCount, ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("p2")}},
		{TableName: "Tbl", IndexName: "byG", KeyConditionExpression: "g = :g", Limit: i32(4), ExpressionAttributeValues: map[string]model.AttributeValue{":g": model.S("g")}},
		{TableName: "Tbl", KeyConditionExpression: "pk = :p", ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("none")}},
	}
	for i, in := range queries {
		t.Run(fmt.Sprintf("Query %d", i), func(t *testing.T) {
			for {
				want, werr := e.Query(ctx, in)
				got, gerr := e.QueryEncoded(ctx, in)
				if werr != nil || gerr != nil {
					t.Fatal(werr, gerr)
				}
				if got.EncodedItems != nil {
					if got.Items != nil {
						t.Fatal("both Items and EncodedItems")
					}
					got.Items, got.EncodedItems = decodeAll(t, got.EncodedItems), nil
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("\nencoded %+v\nAPI     %+v", got, want)
				}
				if want.LastEvaluatedKey == nil {
					break
				}
				c := *in
				c.ExclusiveStartKey = want.LastEvaluatedKey
				in = &c
			}
		})
	}
	scans := []*model.ScanInput{
		{TableName: "Tbl"},
		{TableName: "Tbl", Limit: i32(7), ReturnConsumedCapacity: model.ReturnCapacityTotal},
		{TableName: "Tbl", IndexName: "byG"},
		{TableName: "Tbl", FilterExpression: "n < :n", ExpressionAttributeValues: map[string]model.AttributeValue{":n": model.N("40")}},
		{TableName: "Tbl", Segment: i32(1), TotalSegments: i32(3)},
	}
	for i, in := range scans {
		t.Run(fmt.Sprintf("Scan %d", i), func(t *testing.T) {
			for pages := 0; ; pages++ {
				want, werr := e.Scan(ctx, in)
				got, gerr := e.ScanEncoded(ctx, in)
				if werr != nil || gerr != nil {
					t.Fatal(werr, gerr)
				}
				if got.EncodedItems != nil {
					got.Items, got.EncodedItems = decodeAll(t, got.EncodedItems), nil
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("page %d\nencoded %+v\nAPI     %+v", pages, got, want)
				}
				if want.LastEvaluatedKey == nil {
					break
				}
				c := *in
				c.ExclusiveStartKey = want.LastEvaluatedKey
				in = &c
			}
		})
	}
	for _, in := range []*model.GetItemInput{
		{TableName: "Tbl", Key: model.Item{"pk": model.S("p1"), "sk": model.N("4")}, ReturnConsumedCapacity: model.ReturnCapacityTotal},
		{TableName: "Tbl", Key: model.Item{"pk": model.S("p1"), "sk": model.N("1")}, ConsistentRead: boolp(true)},
		{TableName: "Tbl", Key: model.Item{"pk": model.S("p1"), "sk": model.N("4")}, ProjectionExpression: "m.b"},
		{TableName: "Tbl", Key: model.Item{"pk": model.S("p1"), "sk": model.N("4")}, ProjectionExpression: "nothing"},
		{TableName: "Tbl", Key: model.Item{"pk": model.S("p1"), "sk": model.N("999")}},
	} {
		want, werr := e.GetItem(ctx, in)
		got, gerr := e.GetItemEncoded(ctx, in)
		if werr != nil || gerr != nil {
			t.Fatal(werr, gerr)
		}
		if got.EncodedItem != "" {
			if got.Item != nil {
				t.Fatal("both Item and EncodedItem")
			}
			it, err := got.EncodedItem.Decode()
			mustOK(t, err)
			got.Item, got.EncodedItem = it, ""
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("GetItem %+v\nencoded %+v\nAPI     %+v", in, got, want)
		}
	}
	// Errors are the same too.
	_, werr := e.Query(ctx, &model.QueryInput{TableName: "nope", KeyConditionExpression: "pk = :p", ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("x")}})
	_, gerr := e.QueryEncoded(ctx, &model.QueryInput{TableName: "nope", KeyConditionExpression: "pk = :p", ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("x")}})
	if werr == nil || !reflect.DeepEqual(werr, gerr) {
		t.Fatalf("errors differ: %v / %v", werr, gerr)
	}
}
