package remote

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// decoded builds a request from DynamoDB JSON, as the server decodes it
// (so empty expressions and odd values are kept as sent).
func decoded[T any](t *testing.T, js string) *T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(js), &v); err != nil {
		t.Fatal(err)
	}
	if n, ok := any(&v).(model.EmptyNoter); ok {
		n.NoteEmpty([]byte(js))
	}
	return &v
}

// allTypes is an item with all ten attribute types, nested, empty and
// edge values included.
func allTypes(pk string, sk string) model.Item {
	return model.Item{
		"pk": model.S(pk), "sk": model.N(sk),
		"s": model.S("text ✓"), "n": model.N("-12.5E3"), "big": model.N("12345678901234567890123456789012345678"),
		"b": model.B([]byte{0, 1, 2, 255}), "emptyB": model.B([]byte{}), "emptyS": model.S(""),
		"t": model.Bool(true), "f": model.Bool(false), "nul": model.Null(),
		"l":  model.L(model.S("x"), model.N("2"), model.M(map[string]model.AttributeValue{"deep": model.L(model.Bool(false))}), model.L()),
		"m":  model.M(map[string]model.AttributeValue{"k": model.S("v"), "inner": model.M(nil), "ns": model.NS("3")}),
		"ss": model.SS("a", "b"), "ns": model.NS("1", "2.5", "-0.001"), "bs": model.BS([]byte("x"), []byte{0}),
		"gk": model.N(sk),
	}
}

func ordersTable() *model.CreateTableInput {
	return &model.CreateTableInput{
		TableName: "Orders",
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}, {AttributeName: "sk", AttributeType: "N"},
			{AttributeName: "s", AttributeType: "S"}, {AttributeName: "gk", AttributeType: "N"}},
		KeySchema: []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}, {AttributeName: "sk", KeyType: "RANGE"}},
		LocalSecondaryIndexes: []model.LocalSecondaryIndex{{IndexName: "byS",
			KeySchema:  []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}, {AttributeName: "s", KeyType: "RANGE"}},
			Projection: model.Projection{ProjectionType: "INCLUDE", NonKeyAttributes: []string{"n", "m"}}}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "byG",
			KeySchema:             []model.KeySchemaElement{{AttributeName: "gk", KeyType: "HASH"}},
			Projection:            model.Projection{ProjectionType: "KEYS_ONLY"},
			ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: ptr(int64(100)), WriteCapacityUnits: ptr(int64(100))}}},
		BillingMode:           model.BillingProvisioned,
		ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: ptr(int64(100)), WriteCapacityUnits: ptr(int64(100))},
		StreamSpecification:   &model.StreamSpecification{StreamEnabled: true, StreamViewType: model.StreamNewAndOldImages},
		TableClass:            "STANDARD",
	}
}

func plainTable() *model.CreateTableInput {
	return &model.CreateTableInput{TableName: "Plain", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions:      []model.AttributeDefinition{{AttributeName: "id", AttributeType: "S"}},
		KeySchema:                 []model.KeySchemaElement{{AttributeName: "id", KeyType: "HASH"}},
		DeletionProtectionEnabled: ptr(false)}
}

// TestEveryActionLikeTheEngine makes every engine.API action, successes and
// failures, through the backend (real SDK, loopback HTTP, the engine behind
// `dynoscope serve`) and on a twin engine directly: the answers must be the
// same, error codes and messages verbatim, items with every attribute type,
// capacity with its INDEXES breakdown.
func TestEveryActionLikeTheEngine(t *testing.T) {
	tw := newTwins(t)
	key := func(pk, sk string) model.Item { return model.Item{"pk": model.S(pk), "sk": model.N(sk)} }
	steps := []step{
		{name: "CreateTable with LSI, GSI, stream, provisioned", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.CreateTable(ctx, ordersTable())
		}},
		{name: "CreateTable on demand", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.CreateTable(ctx, plainTable())
		}},
		{name: "CreateTable that exists", wantErr: model.ErrResourceInUse, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.CreateTable(ctx, plainTable())
		}},
		{name: "CreateTable with an undefined key attribute", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			in := plainTable()
			in.TableName = "Bad"
			in.KeySchema[0].AttributeName = "nope"
			return api.CreateTable(ctx, in)
		}},
		{name: "CreateTable without a table name", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			in := plainTable()
			in.TableName = ""
			return api.CreateTable(ctx, in)
		}},
		{name: "CreateTable with an empty table name", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.CreateTable(ctx, decoded[model.CreateTableInput](t, `{"TableName":"","BillingMode":"PAY_PER_REQUEST",
				"AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"}],"KeySchema":[{"AttributeName":"id","KeyType":"HASH"}]}`))
		}},
		{name: "CreateTable with an empty attribute name", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.CreateTable(ctx, decoded[model.CreateTableInput](t, `{"TableName":"Bad","BillingMode":"PAY_PER_REQUEST",
				"AttributeDefinitions":[{"AttributeName":"","AttributeType":"S"}],"KeySchema":[{"AttributeName":"id","KeyType":"HASH"}]}`))
		}},
		{name: "CreateTable with tags", call: func(ctx context.Context, api engine.API) (any, error) {
			in := plainTable()
			in.TableName = "Tagged"
			in.Tags = []model.Tag{{Key: "team", Value: "orders"}, {Key: "empty", Value: ""}}
			return api.CreateTable(ctx, in)
		}},
		{name: "ListTables, one per page", call: func(ctx context.Context, api engine.API) (any, error) {
			first, err := api.ListTables(ctx, &model.ListTablesInput{Limit: ptr(int32(1))})
			if err != nil {
				return nil, err
			}
			second, err := api.ListTables(ctx, &model.ListTablesInput{ExclusiveStartTableName: first.LastEvaluatedTableName})
			return []any{first, second}, err
		}},
		{name: "ListTables with a bad limit", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.ListTables(ctx, &model.ListTablesInput{Limit: ptr(int32(0))})
		}},
		{name: "DescribeTable", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Orders"})
		}},
		{name: "DescribeTable of a missing table", wantErr: model.ErrResourceNotFound, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Nope"})
		}},
		{name: "PutItem, every type, INDEXES and SIZE", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.PutItem(ctx, &model.PutItemInput{TableName: "Orders", Item: allTypes("a", "1"), ReturnValues: model.ReturnValuesAllOld,
				ReturnConsumedCapacity: model.ReturnCapacityIndexes, ReturnItemCollectionMetrics: model.ReturnItemCollectionMetricsSize})
		}},
		{name: "PutItem over an item, ALL_OLD", call: func(ctx context.Context, api engine.API) (any, error) {
			it := allTypes("a", "1")
			it["s"] = model.S("second")
			return api.PutItem(ctx, &model.PutItemInput{TableName: "Orders", Item: it, ReturnValues: model.ReturnValuesAllOld,
				ReturnConsumedCapacity: model.ReturnCapacityIndexes})
		}},
		{name: "PutItem more items", call: func(ctx context.Context, api engine.API) (any, error) {
			var outs []any
			for i, sk := range []string{"2", "3", "4"} {
				it := allTypes([]string{"a", "a", "b"}[i], sk)
				out, err := api.PutItem(ctx, &model.PutItemInput{TableName: "Orders", Item: it, ReturnConsumedCapacity: model.ReturnCapacityTotal})
				if err != nil {
					return nil, err
				}
				outs = append(outs, out)
			}
			return outs, nil
		}},
		{name: "PutItem failing its condition returns the old item", wantErr: model.ErrConditionalCheckFailed, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.PutItem(ctx, &model.PutItemInput{TableName: "Orders", Item: key("a", "1"), ConditionExpression: "attribute_not_exists(#p)",
				ExpressionAttributeNames: map[string]string{"#p": "pk"}, ReturnValuesOnConditionCheckFailure: model.ReturnValuesAllOld})
		}},
		{name: "PutItem with legacy Expected", wantErr: model.ErrConditionalCheckFailed, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.PutItem(ctx, &model.PutItemInput{TableName: "Orders", Item: key("a", "1"),
				Expected: map[string]model.ExpectedAttributeValue{"s": {Exists: ptr(false)}}})
		}},
		{name: "PutItem with legacy Expected comparison", call: func(ctx context.Context, api engine.API) (any, error) {
			v := model.S("second")
			it := allTypes("a", "1")
			return api.PutItem(ctx, &model.PutItemInput{TableName: "Orders", Item: it, ConditionalOperator: "AND",
				Expected: map[string]model.ExpectedAttributeValue{"s": {Value: &v}, "n": {ComparisonOperator: "LT", AttributeValueList: []model.AttributeValue{model.N("0")}}}})
		}},
		{name: "PutItem with a true condition and values", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.PutItem(ctx, &model.PutItemInput{TableName: "Orders", Item: allTypes("c", "9"),
				ConditionExpression: "attribute_not_exists(pk) OR n < :z", ExpressionAttributeValues: map[string]model.AttributeValue{":z": model.N("0")}})
		}},
		{name: "PutItem with an empty ConditionExpression", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.PutItem(ctx, decoded[model.PutItemInput](t, `{"TableName":"Orders","Item":{"pk":{"S":"z"},"sk":{"N":"1"}},"ConditionExpression":""}`))
		}},
		{name: "PutItem with an empty value", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.PutItem(ctx, decoded[model.PutItemInput](t, `{"TableName":"Orders","Item":{"pk":{"S":"z"},"sk":{"N":"1"},"x":{}}}`))
		}},
		{name: "PutItem with NULL false", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.PutItem(ctx, decoded[model.PutItemInput](t, `{"TableName":"Orders","Item":{"pk":{"S":"z"},"sk":{"N":"1"},"x":{"NULL":false}}}`))
		}},
		{name: "PutItem with a key of the wrong type", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.PutItem(ctx, &model.PutItemInput{TableName: "Orders", Item: model.Item{"pk": model.N("1"), "sk": model.N("1")}})
		}},
		{name: "PutItem into a missing table", wantErr: model.ErrResourceNotFound, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.PutItem(ctx, &model.PutItemInput{TableName: "Nope", Item: key("a", "1")})
		}},
		{name: "GetItem, strongly consistent, projected, INDEXES", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.GetItem(ctx, &model.GetItemInput{TableName: "Orders", Key: key("a", "1"), ConsistentRead: ptr(true),
				ProjectionExpression: "#l[2].deep, m.#i, bs, emptyB, big", ExpressionAttributeNames: map[string]string{"#l": "l", "#i": "inner"},
				ReturnConsumedCapacity: model.ReturnCapacityIndexes})
		}},
		{name: "GetItem, whole item", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.GetItem(ctx, &model.GetItemInput{TableName: "Orders", Key: key("a", "1")})
		}},
		{name: "GetItem with AttributesToGet", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.GetItem(ctx, &model.GetItemInput{TableName: "Orders", Key: key("a", "2"), AttributesToGet: []string{"ss", "t"},
				ReturnConsumedCapacity: model.ReturnCapacityTotal})
		}},
		{name: "GetItem of a missing item", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.GetItem(ctx, &model.GetItemInput{TableName: "Orders", Key: key("zz", "1")})
		}},
		{name: "GetItem with half a key", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.GetItem(ctx, &model.GetItemInput{TableName: "Orders", Key: model.Item{"pk": model.S("a")}})
		}},
		{name: "GetItem with an empty ProjectionExpression", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.GetItem(ctx, decoded[model.GetItemInput](t, `{"TableName":"Orders","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"ProjectionExpression":""}`))
		}},
		{name: "UpdateItem SET, ADD, REMOVE, ALL_NEW", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.UpdateItem(ctx, &model.UpdateItemInput{TableName: "Orders", Key: key("a", "2"),
				UpdateExpression: "SET s = :s, l[0] = :x ADD ns :ns, cnt :one REMOVE nul, m.#i DELETE ss :a", ExpressionAttributeNames: map[string]string{"#i": "inner"},
				ExpressionAttributeValues: map[string]model.AttributeValue{":s": model.S("updated"), ":x": model.B([]byte("b")),
					":ns": model.NS("7"), ":one": model.N("1"), ":a": model.SS("a")},
				ReturnValues: model.ReturnValuesAllNew, ReturnConsumedCapacity: model.ReturnCapacityIndexes,
				ReturnItemCollectionMetrics: model.ReturnItemCollectionMetricsSize})
		}},
		{name: "UpdateItem UPDATED_OLD with a condition", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.UpdateItem(ctx, &model.UpdateItemInput{TableName: "Orders", Key: key("a", "2"),
				UpdateExpression: "SET cnt = cnt + :one", ConditionExpression: "cnt = :one",
				ExpressionAttributeValues: map[string]model.AttributeValue{":one": model.N("1")}, ReturnValues: model.ReturnValuesUpdatedOld})
		}},
		{name: "UpdateItem with legacy AttributeUpdates and Expected", call: func(ctx context.Context, api engine.API) (any, error) {
			v := model.N("5")
			return api.UpdateItem(ctx, &model.UpdateItemInput{TableName: "Orders", Key: key("b", "4"),
				AttributeUpdates: map[string]model.AttributeValueUpdate{"legacy": {Value: &v, Action: "PUT"}, "f": {Action: "DELETE"}},
				Expected:         map[string]model.ExpectedAttributeValue{"t": {Exists: ptr(true), Value: ptr(model.Bool(true))}},
				ReturnValues:     model.ReturnValuesUpdatedNew})
		}},
		{name: "UpdateItem failing its condition", wantErr: model.ErrConditionalCheckFailed, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.UpdateItem(ctx, &model.UpdateItemInput{TableName: "Orders", Key: key("a", "3"), UpdateExpression: "SET s = :s",
				ConditionExpression: "s = :s", ExpressionAttributeValues: map[string]model.AttributeValue{":s": model.S("no")},
				ReturnValuesOnConditionCheckFailure: model.ReturnValuesAllOld})
		}},
		{name: "UpdateItem with a syntax error", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.UpdateItem(ctx, &model.UpdateItemInput{TableName: "Orders", Key: key("a", "3"), UpdateExpression: "SET = 1"})
		}},
		{name: "UpdateItem with an empty UpdateExpression", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.UpdateItem(ctx, decoded[model.UpdateItemInput](t, `{"TableName":"Orders","Key":{"pk":{"S":"a"},"sk":{"N":"3"}},"UpdateExpression":""}`))
		}},
		{name: "Query, filter, projection, backwards, paged", call: func(ctx context.Context, api engine.API) (any, error) {
			in := &model.QueryInput{TableName: "Orders", KeyConditionExpression: "pk = :p AND sk BETWEEN :lo AND :hi",
				FilterExpression: "attribute_exists(bs)", ProjectionExpression: "pk, sk, s, ns",
				ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("a"), ":lo": model.N("0"), ":hi": model.N("10")},
				ScanIndexForward:          ptr(false), Limit: ptr(int32(1)), ReturnConsumedCapacity: model.ReturnCapacityIndexes}
			var pages []any
			for range 5 {
				out, err := api.Query(ctx, in)
				if err != nil {
					return nil, err
				}
				pages = append(pages, out)
				if out.LastEvaluatedKey == nil {
					break
				}
				in.ExclusiveStartKey = out.LastEvaluatedKey
			}
			return pages, nil
		}},
		{name: "Query with legacy KeyConditions and QueryFilter", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.Query(ctx, &model.QueryInput{TableName: "Orders",
				KeyConditions: map[string]model.Condition{"pk": {ComparisonOperator: "EQ", AttributeValueList: []model.AttributeValue{model.S("a")}},
					"sk": {ComparisonOperator: "GE", AttributeValueList: []model.AttributeValue{model.N("2")}}},
				QueryFilter: map[string]model.Condition{"ss": {ComparisonOperator: "CONTAINS", AttributeValueList: []model.AttributeValue{model.S("b")}},
					"s": {ComparisonOperator: "BEGINS_WITH", AttributeValueList: []model.AttributeValue{model.S("up")}}},
				ConditionalOperator: "OR", AttributesToGet: []string{"pk", "sk", "s"}, Select: model.SelectSpecificAttributes,
				ConsistentRead: ptr(true), ReturnConsumedCapacity: model.ReturnCapacityTotal})
		}},
		{name: "Query an LSI and a GSI, and count", call: func(ctx context.Context, api engine.API) (any, error) {
			lsi, err := api.Query(ctx, &model.QueryInput{TableName: "Orders", IndexName: "byS", KeyConditionExpression: "pk = :p AND begins_with(s, :t)",
				ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("a"), ":t": model.S("te")},
				Select:                    model.SelectAllProjectedAttributes, ReturnConsumedCapacity: model.ReturnCapacityIndexes})
			if err != nil {
				return nil, err
			}
			gsi, err := api.Query(ctx, &model.QueryInput{TableName: "Orders", IndexName: "byG", KeyConditionExpression: "gk = :g",
				ExpressionAttributeValues: map[string]model.AttributeValue{":g": model.N("3")}, ReturnConsumedCapacity: model.ReturnCapacityIndexes})
			if err != nil {
				return nil, err
			}
			count, err := api.Query(ctx, &model.QueryInput{TableName: "Orders", KeyConditionExpression: "pk = :p", Select: model.SelectCount,
				ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("a")}})
			return []any{lsi, gsi, count}, err
		}},
		{name: "Query a missing index", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.Query(ctx, &model.QueryInput{TableName: "Orders", IndexName: "nope", KeyConditionExpression: "pk = :p",
				ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("a")}})
		}},
		{name: "Query with an empty value", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.Query(ctx, decoded[model.QueryInput](t, `{"TableName":"Orders","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{}}}`))
		}},
		{name: "Query with an empty KeyConditionExpression", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.Query(ctx, decoded[model.QueryInput](t, `{"TableName":"Orders","KeyConditionExpression":""}`))
		}},
		{name: "Scan segments, legacy filter, paged", call: func(ctx context.Context, api engine.API) (any, error) {
			var pages []any
			for seg := range int32(2) {
				in := &model.ScanInput{TableName: "Orders", Segment: ptr(seg), TotalSegments: ptr(int32(2)), Limit: ptr(int32(2)),
					ScanFilter:          map[string]model.Condition{"n": {ComparisonOperator: "NOT_NULL"}, "t": {ComparisonOperator: "NOT_NULL"}},
					ConditionalOperator: "AND", ReturnConsumedCapacity: model.ReturnCapacityIndexes}
				for range 5 {
					out, err := api.Scan(ctx, in)
					if err != nil {
						return nil, err
					}
					pages = append(pages, out)
					if out.LastEvaluatedKey == nil {
						break
					}
					in.ExclusiveStartKey = out.LastEvaluatedKey
				}
			}
			return pages, nil
		}},
		{name: "Scan an index with a filter, and count", call: func(ctx context.Context, api engine.API) (any, error) {
			idx, err := api.Scan(ctx, &model.ScanInput{TableName: "Orders", IndexName: "byS", FilterExpression: "contains(#m.#k, :v)",
				ExpressionAttributeNames: map[string]string{"#m": "m", "#k": "k"}, ExpressionAttributeValues: map[string]model.AttributeValue{":v": model.S("v")},
				ProjectionExpression: "pk, sk, #m", ConsistentRead: ptr(true), ReturnConsumedCapacity: model.ReturnCapacityIndexes})
			if err != nil {
				return nil, err
			}
			count, err := api.Scan(ctx, &model.ScanInput{TableName: "Orders", Select: model.SelectCount, AttributesToGet: nil})
			return []any{idx, count}, err
		}},
		{name: "Scan with a bad segment", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.Scan(ctx, &model.ScanInput{TableName: "Orders", Segment: ptr(int32(3)), TotalSegments: ptr(int32(2))})
		}},
		{name: "BatchWriteItem puts and deletes in two tables", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{
				"Orders": {{PutRequest: &model.PutRequest{Item: allTypes("d", "1")}}, {DeleteRequest: &model.DeleteRequest{Key: key("c", "9")}}},
				"Plain":  {{PutRequest: &model.PutRequest{Item: model.Item{"id": model.S("p1"), "v": model.L()}}}, {PutRequest: &model.PutRequest{Item: model.Item{"id": model.S("p2")}}}},
			}, ReturnConsumedCapacity: model.ReturnCapacityIndexes, ReturnItemCollectionMetrics: model.ReturnItemCollectionMetricsSize})
		}},
		{name: "BatchWriteItem with the same key twice", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{
				"Plain": {{PutRequest: &model.PutRequest{Item: model.Item{"id": model.S("x")}}}, {DeleteRequest: &model.DeleteRequest{Key: model.Item{"id": model.S("x")}}}}}})
		}},
		{name: "BatchGetItem from two tables", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.BatchGetItem(ctx, &model.BatchGetItemInput{RequestItems: map[string]model.KeysAndAttributes{
				"Orders": {Keys: []model.Item{key("a", "1")}, ProjectionExpression: "#s, bs", ExpressionAttributeNames: map[string]string{"#s": "s"}, ConsistentRead: ptr(true)},
				"Plain":  {Keys: []model.Item{{"id": model.S("p1")}, {"id": model.S("missing")}}, AttributesToGet: []string{"id", "v"}},
			}, ReturnConsumedCapacity: model.ReturnCapacityIndexes})
		}},
		{name: "BatchGetItem from a missing table", wantErr: model.ErrResourceNotFound, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.BatchGetItem(ctx, &model.BatchGetItemInput{RequestItems: map[string]model.KeysAndAttributes{"Nope": {Keys: []model.Item{{"id": model.S("x")}}}}})
		}},
		{name: "DeleteItem ALL_OLD, INDEXES, SIZE", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.DeleteItem(ctx, &model.DeleteItemInput{TableName: "Orders", Key: key("a", "3"), ReturnValues: model.ReturnValuesAllOld,
				ReturnConsumedCapacity: model.ReturnCapacityIndexes, ReturnItemCollectionMetrics: model.ReturnItemCollectionMetricsSize})
		}},
		{name: "DeleteItem failing its condition", wantErr: model.ErrConditionalCheckFailed, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.DeleteItem(ctx, &model.DeleteItemInput{TableName: "Orders", Key: key("a", "1"), ConditionExpression: "size(ss) > :n",
				ExpressionAttributeValues: map[string]model.AttributeValue{":n": model.N("5")}, ReturnValuesOnConditionCheckFailure: model.ReturnValuesAllOld})
		}},
		{name: "DeleteItem with legacy Expected", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.DeleteItem(ctx, &model.DeleteItemInput{TableName: "Plain", Key: model.Item{"id": model.S("p2")},
				Expected: map[string]model.ExpectedAttributeValue{"v": {Exists: ptr(false)}}, ReturnValues: model.ReturnValuesAllOld})
		}},
		{name: "UpdateTable: throughput of table and GSI", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.UpdateTable(ctx, &model.UpdateTableInput{TableName: "Orders",
				ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: ptr(int64(120)), WriteCapacityUnits: ptr(int64(100))},
				GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Update: &model.UpdateGlobalSecondaryIndex{IndexName: "byG",
					ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: ptr(int64(110)), WriteCapacityUnits: ptr(int64(100))}}}}})
		}},
		{name: "UpdateTable: add a GSI and a stream", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.UpdateTable(ctx, &model.UpdateTableInput{TableName: "Plain",
				AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "id", AttributeType: "S"}, {AttributeName: "v", AttributeType: "S"}},
				GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Create: &model.GlobalSecondaryIndex{IndexName: "byV",
					KeySchema: []model.KeySchemaElement{{AttributeName: "v", KeyType: "HASH"}}, Projection: model.Projection{ProjectionType: "ALL"}}}}})
		}},
		{name: "UpdateTable: delete a GSI that is not there", wantErr: model.ErrResourceNotFound, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.UpdateTable(ctx, &model.UpdateTableInput{TableName: "Orders",
				GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Delete: &model.DeleteGlobalSecondaryIndex{IndexName: "nope"}}}})
		}},
		{name: "UpdateTable: billing mode and deletion protection", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.UpdateTable(ctx, &model.UpdateTableInput{TableName: "Plain", DeletionProtectionEnabled: ptr(true)})
		}},
		{name: "Tags: add, list, remove", call: func(ctx context.Context, api engine.API) (any, error) {
			arn := "arn:aws:dynamodb:us-east-1:000000000000:table/Tagged"
			if _, err := api.TagResource(ctx, &model.TagResourceInput{ResourceArn: &arn, Tags: []model.Tag{{Key: "env", Value: "test"}}}); err != nil {
				return nil, err
			}
			if _, err := api.UntagResource(ctx, &model.UntagResourceInput{ResourceArn: &arn, TagKeys: []string{"team"}}); err != nil {
				return nil, err
			}
			return api.ListTagsOfResource(ctx, &model.ListTagsOfResourceInput{ResourceArn: &arn})
		}},
		{name: "Tags: a tag without a value", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.TagResource(ctx, decoded[model.TagResourceInput](t,
				`{"ResourceArn":"arn:aws:dynamodb:us-east-1:000000000000:table/Tagged","Tags":[{"Key":"k"}]}`))
		}},
		{name: "Tags: no ARN", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.ListTagsOfResource(ctx, &model.ListTagsOfResourceInput{})
		}},
		{name: "Tags: a table that is not there", wantErr: model.ErrResourceNotFound, call: func(ctx context.Context, api engine.API) (any, error) {
			arn := "arn:aws:dynamodb:us-east-1:000000000000:table/Nope"
			return api.ListTagsOfResource(ctx, &model.ListTagsOfResourceInput{ResourceArn: &arn})
		}},
		{name: "UpdateTimeToLive on", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.UpdateTimeToLive(ctx, &model.UpdateTimeToLiveInput{TableName: "Orders",
				TimeToLiveSpecification: &model.TimeToLiveSpecification{Enabled: true, AttributeName: "expires"}})
		}},
		{name: "UpdateTimeToLive on again", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.UpdateTimeToLive(ctx, &model.UpdateTimeToLiveInput{TableName: "Orders",
				TimeToLiveSpecification: &model.TimeToLiveSpecification{Enabled: true, AttributeName: "expires"}})
		}},
		{name: "DescribeTimeToLive", call: func(ctx context.Context, api engine.API) (any, error) {
			on, err := api.DescribeTimeToLive(ctx, &model.DescribeTimeToLiveInput{TableName: "Orders"})
			if err != nil {
				return nil, err
			}
			off, err := api.DescribeTimeToLive(ctx, &model.DescribeTimeToLiveInput{TableName: "Plain"})
			return []any{on, off}, err
		}},
		{name: "Streams: list, describe, read from the start", call: func(ctx context.Context, api engine.API) (any, error) {
			sr := api.(StreamReader)
			list, err := sr.ListStreams(ctx, &model.ListStreamsInput{})
			if err != nil {
				return nil, err
			}
			one, err := sr.ListStreams(ctx, &model.ListStreamsInput{TableName: "Orders", Limit: ptr(int32(1))})
			if err != nil {
				return nil, err
			}
			desc, err := sr.DescribeStream(ctx, &model.DescribeStreamInput{StreamArn: one.Streams[0].StreamArn, Limit: ptr(int32(10))})
			if err != nil {
				return nil, err
			}
			shard := desc.StreamDescription.Shards[0].ShardId
			it, err := sr.GetShardIterator(ctx, &model.GetShardIteratorInput{StreamArn: one.Streams[0].StreamArn, ShardId: shard,
				ShardIteratorType: model.IteratorTrimHorizon})
			if err != nil {
				return nil, err
			}
			recs, err := sr.GetRecords(ctx, &model.GetRecordsInput{ShardIterator: it.ShardIterator, Limit: ptr(int32(100))})
			if err != nil {
				return nil, err
			}
			recs.NextShardIterator = "" // opaque, of each engine's own
			return []any{list, one, desc, recs}, nil
		}},
		{name: "Streams: a missing stream", wantErr: model.ErrResourceNotFound, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.(StreamReader).DescribeStream(ctx, &model.DescribeStreamInput{
				StreamArn: "arn:aws:dynamodb:us-east-1:000000000000:table/Nope/stream/2025-03-01T12:00:00.000"})
		}},
		{name: "Streams: an iterator type that does not exist", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.(StreamReader).GetShardIterator(ctx, &model.GetShardIteratorInput{
				StreamArn: "arn:aws:dynamodb:us-east-1:000000000000:table/Orders/stream/2025-03-01T12:00:00.000", ShardId: "shardId-00000000000000000001-00000001",
				ShardIteratorType: "SIDEWAYS"})
		}},
		{name: "DeleteTable with deletion protection", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.DeleteTable(ctx, &model.DeleteTableInput{TableName: "Plain"})
		}},
		{name: "DeleteTable", call: func(ctx context.Context, api engine.API) (any, error) {
			if _, err := api.UpdateTable(ctx, &model.UpdateTableInput{TableName: "Plain", DeletionProtectionEnabled: ptr(false)}); err != nil {
				return nil, err
			}
			return api.DeleteTable(ctx, &model.DeleteTableInput{TableName: "Plain"})
		}},
		{name: "DeleteTable of a missing table", wantErr: model.ErrResourceNotFound, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.DeleteTable(ctx, &model.DeleteTableInput{TableName: "Plain"})
		}},
	}
	runSteps(t, tw, steps)
}
