package server_test

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
	"github.com/dynoscope/dynoscope/model"
)

// createTransactTables makes "users" (pk S, LSI byEmail on pk + email,
// KEYS_ONLY) and "emails" (pk S) through the engine.
func createTransactTables(t *testing.T, eng *engine.Engine) {
	t.Helper()
	ctx := context.Background()
	_, err := eng.CreateTable(ctx, &model.CreateTableInput{TableName: "users", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}, {AttributeName: "sk", KeyType: "RANGE"}},
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}, {AttributeName: "sk", AttributeType: "S"},
			{AttributeName: "email", AttributeType: "S"}},
		LocalSecondaryIndexes: []model.LocalSecondaryIndex{{IndexName: "byEmail",
			KeySchema:  []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}, {AttributeName: "email", KeyType: "RANGE"}},
			Projection: model.Projection{ProjectionType: "KEYS_ONLY"}}}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = eng.CreateTable(ctx, &model.CreateTableInput{TableName: "emails", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}}, AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}}})
	if err != nil {
		t.Fatal(err)
	}
}

// signUp is the uniqueness-constraint transaction: a user item and its
// EMAIL# item, each only if absent.
func signUp(user, email string) []types.TransactWriteItem {
	return []types.TransactWriteItem{
		{Put: &types.Put{TableName: aws.String("users"), Item: sdkItem{"pk": avS("USER#" + user), "sk": avS("PROFILE"), "email": avS(email)},
			ConditionExpression: aws.String("attribute_not_exists(pk)")}},
		{Put: &types.Put{TableName: aws.String("emails"), Item: sdkItem{"pk": avS("EMAIL#" + email), "user": avS(user)},
			ConditionExpression:                 aws.String("attribute_not_exists(pk)"),
			ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld}},
	}
}

func TestSDKTransactWriteItems(t *testing.T) {
	eng, c := sdkEngine(t)
	createTransactTables(t, eng)
	ctx := context.Background()
	out, err := c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: signUp("ann", "ann@example.com"),
		ReturnConsumedCapacity: types.ReturnConsumedCapacityIndexes, ReturnItemCollectionMetrics: types.ReturnItemCollectionMetricsSize})
	if err != nil {
		t.Fatal(err)
	}
	// users: 1 WCU ×2 on the table, the new LSI entry 1 (the ×2 is the
	// table's only: nubo-db/dynoxide#188, measured against DynamoDB;
	// docs/FIDELITY.md); emails 1 ×2.
	got := map[string]string{}
	for _, cc := range out.ConsumedCapacity {
		got[*cc.TableName] = fmt.Sprintf("%g write %g table %g lsi %v gsi %v", *cc.CapacityUnits, *cc.WriteCapacityUnits, *cc.Table.CapacityUnits,
			capacityMap(cc.LocalSecondaryIndexes), capacityMap(cc.GlobalSecondaryIndexes))
	}
	want := map[string]string{"users": "3 write 3 table 2 lsi map[byEmail:1] gsi map[]", "emails": "2 write 2 table 2 lsi map[] gsi map[]"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("capacity\n got %v\nwant %v", got, want)
	}
	m := out.ItemCollectionMetrics["users"]
	if len(out.ItemCollectionMetrics) != 1 || len(m) != 1 || avText(m[0].ItemCollectionKey["pk"]) != "USER#ann" || !reflect.DeepEqual(m[0].SizeEstimateRangeGB, []float64{0, 1}) {
		t.Fatalf("item collection metrics %+v", out.ItemCollectionMetrics)
	}

	// The second sign-up with the same email is cancelled; the reasons say
	// which action failed and return the item that holds the address.
	_, err = c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: signUp("bob", "ann@example.com")})
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) {
		t.Fatalf("error %v", err)
	}
	if tce.ErrorMessage() != "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]" {
		t.Fatalf("message %q", tce.ErrorMessage())
	}
	if len(tce.CancellationReasons) != 2 || *tce.CancellationReasons[0].Code != "None" || tce.CancellationReasons[0].Message != nil ||
		*tce.CancellationReasons[1].Code != "ConditionalCheckFailed" || *tce.CancellationReasons[1].Message != "The conditional request failed" ||
		avText(tce.CancellationReasons[1].Item["user"]) != "ann" {
		t.Fatalf("reasons %+v", tce.CancellationReasons)
	}
	g, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("users"), Key: sdkItem{"pk": avS("USER#bob"), "sk": avS("PROFILE")}})
	if err != nil || g.Item != nil {
		t.Fatalf("bob was written: %v %v", g.Item, err)
	}
}

func capacityMap(m map[string]types.Capacity) map[string]float64 {
	out := map[string]float64{}
	for k, v := range m {
		out[k] = *v.CapacityUnits
	}
	return out
}

// TestSDKTransactionCanceledWire checks the reply's exact bytes: the
// exception spells its text "Message", and each reason lists Code, Item,
// Message, as DynamoDB writes them.
func TestSDKTransactionCanceledWire(t *testing.T) {
	eng, _ := sdkEngine(t)
	createTransactTables(t, eng)
	h := server.New(eng, server.Options{})
	body := `{"TransactItems":[{"Put":{"TableName":"emails","Item":{"pk":{"S":"x"}}}},` +
		`{"ConditionCheck":{"TableName":"emails","Key":{"pk":{"S":"y"}},"ConditionExpression":"attribute_exists(pk)","ReturnValuesOnConditionCheckFailure":"ALL_OLD"}}]}`
	got := serve(t, h, request{target: target("TransactWriteItems"), body: body})
	want := `{"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException","Message":"Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]",` +
		`"CancellationReasons":[{"Code":"None"},{"Code":"ConditionalCheckFailed","Message":"The conditional request failed"}]}`
	if got.status != 400 || got.body != want {
		t.Fatalf("%d %s\nwant %s", got.status, got.body, want)
	}
	if _, err := eng.PutItem(context.Background(), &model.PutItemInput{TableName: "emails", Item: model.Item{"pk": model.S("y"), "n": model.N("1")}}); err != nil {
		t.Fatal(err)
	}
	body = strings.Replace(body, "attribute_exists", "attribute_not_exists", 1)
	got = serve(t, h, request{target: target("TransactWriteItems"), body: body})
	want = `{"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException","Message":"Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]",` +
		`"CancellationReasons":[{"Code":"None"},{"Code":"ConditionalCheckFailed","Item":{"n":{"N":"1"},"pk":{"S":"y"}},"Message":"The conditional request failed"}]}`
	if got.body != want {
		t.Fatalf("%s\nwant %s", got.body, want)
	}
}

func TestSDKTransactWriteItemsErrors(t *testing.T) {
	eng, c := sdkEngine(t)
	createTransactTables(t, eng)
	ctx := context.Background()
	put := func(table, pk string) types.TransactWriteItem {
		return types.TransactWriteItem{Put: &types.Put{TableName: aws.String(table), Item: sdkItem{"pk": avS(pk)}}}
	}
	many := make([]types.TransactWriteItem, 101)
	for i := range many {
		many[i] = put("emails", fmt.Sprint(i))
	}
	cases := []struct {
		name string
		in   *dynamodb.TransactWriteItemsInput
		code string
		msg  string
	}{
		{"101 actions", &dynamodb.TransactWriteItemsInput{TransactItems: many}, "ValidationException",
			"1 validation error detected: Value '[" + strings.TrimSuffix(strings.Repeat("Put, ", 101), ", ") + "]' at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100"},
		{"empty", &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{}}, "ValidationException",
			"1 validation error detected: Value '[]' at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1"},
		{"token of 37 characters", &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{put("emails", "a")}, ClientRequestToken: aws.String(strings.Repeat("t", 37))},
			"ValidationException", "1 validation error detected: Value '" + strings.Repeat("t", 37) + "' at 'clientRequestToken' failed to satisfy constraint: Member must have length less than or equal to 36"},
		{"same item twice", &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{put("emails", "a"),
			{Delete: &types.Delete{TableName: aws.String("emails"), Key: sdkItem{"pk": avS("a")}}}}},
			"ValidationException", "Transaction request cannot include multiple operations on one item"},
		{"missing table", &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{put("nope", "a")}},
			"ResourceNotFoundException", "Requested resource not found"},
		{"two operations in one action", &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{{
			Put: &types.Put{TableName: aws.String("emails"), Item: sdkItem{"pk": avS("a")}}, Delete: &types.Delete{TableName: aws.String("emails"), Key: sdkItem{"pk": avS("a")}}}}},
			"ValidationException", "TransactItems can only contain one of Check, Put, Update or Delete"},
		{"empty key value", &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{put("emails", "")}},
			"ValidationException", "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk"},
		{"malformed update", &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{{Update: &types.Update{TableName: aws.String("emails"),
			Key: sdkItem{"pk": avS("a")}, UpdateExpression: aws.String("SET")}}}},
			"ValidationException", `Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "SET"`},
	}
	var big []types.TransactWriteItem
	for i := 0; i < 11; i++ {
		big = append(big, types.TransactWriteItem{Put: &types.Put{TableName: aws.String("emails"),
			Item: sdkItem{"pk": avS(fmt.Sprint(i)), "d": avS(strings.Repeat("x", 400*1024-5))}}}) // 400 KB less a byte or two
	}
	cases = append(cases, struct {
		name string
		in   *dynamodb.TransactWriteItemsInput
		code string
		msg  string
	}{"over 4 MB", &dynamodb.TransactWriteItemsInput{TransactItems: big}, "ValidationException", "Transaction payload size cannot exceed 4MB. Payload Size: 4505590"}) // 10 × 409599 + 409600
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := c.TransactWriteItems(ctx, tc.in)
			wantAPIError(t, err, tc.code, tc.msg)
		})
	}
	// A key of the wrong type cancels with a ValidationError reason.
	_, err := c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		put("emails", "ok"), {Put: &types.Put{TableName: aws.String("emails"), Item: sdkItem{"pk": avN("5")}}}}})
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) || *tce.CancellationReasons[1].Code != "ValidationError" ||
		*tce.CancellationReasons[1].Message != "One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N" {
		t.Fatalf("error %v", err)
	}
	s, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("emails")})
	if err != nil || s.Count != 0 {
		t.Fatalf("refused transactions wrote %d items (%v)", s.Count, err)
	}
}

func TestSDKTransactWriteIdempotency(t *testing.T) {
	eng, c := sdkEngine(t)
	createTransactTables(t, eng)
	ctx := context.Background()
	in := func(n string) *dynamodb.TransactWriteItemsInput {
		return &dynamodb.TransactWriteItemsInput{ClientRequestToken: aws.String("order-42"), ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal,
			TransactItems: []types.TransactWriteItem{{Update: &types.Update{TableName: aws.String("emails"), Key: sdkItem{"pk": avS("counter")},
				UpdateExpression: aws.String("ADD n :one"), ExpressionAttributeValues: sdkItem{":one": avN(n)}}}}}
	}
	for i := 0; i < 3; i++ {
		if _, err := c.TransactWriteItems(ctx, in("1")); err != nil {
			t.Fatal(err)
		}
	}
	g, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("emails"), Key: sdkItem{"pk": avS("counter")}, ConsistentRead: aws.Bool(true)})
	if err != nil || avText(g.Item["n"]) != "1" {
		t.Fatalf("counter %v (%v): retries wrote again", g.Item, err)
	}
	_, err = c.TransactWriteItems(ctx, in("5"))
	var mismatch *types.IdempotentParameterMismatchException
	if !errors.As(err, &mismatch) || mismatch.ErrorMessage() != "Specified idempotent token was used with different request parameters within the idempotency window" {
		t.Fatalf("error %v", err)
	}
	eng.Clock().(*engine.VirtualClock).Advance(10 * time.Minute)
	if _, err := c.TransactWriteItems(ctx, in("5")); err != nil {
		t.Fatal(err)
	}
	g, _ = c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("emails"), Key: sdkItem{"pk": avS("counter")}, ConsistentRead: aws.Bool(true)})
	if avText(g.Item["n"]) != "6" {
		t.Fatalf("counter %v after the window", g.Item)
	}
}

func TestSDKTransactGetItems(t *testing.T) {
	eng, c := sdkEngine(t)
	createTransactTables(t, eng)
	ctx := context.Background()
	if _, err := c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: signUp("ann", "ann@example.com")}); err != nil {
		t.Fatal(err)
	}
	out, err := c.TransactGetItems(ctx, &dynamodb.TransactGetItemsInput{ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal,
		TransactItems: []types.TransactGetItem{
			{Get: &types.Get{TableName: aws.String("users"), Key: sdkItem{"pk": avS("USER#ann"), "sk": avS("PROFILE")}, ProjectionExpression: aws.String("email")}},
			{Get: &types.Get{TableName: aws.String("emails"), Key: sdkItem{"pk": avS("EMAIL#nobody")}}},
			{Get: &types.Get{TableName: aws.String("emails"), Key: sdkItem{"pk": avS("EMAIL#ann@example.com")}}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Responses) != 3 || len(out.Responses[0].Item) != 1 || avText(out.Responses[0].Item["email"]) != "ann@example.com" ||
		out.Responses[1].Item != nil || avText(out.Responses[2].Item["user"]) != "ann" {
		t.Fatalf("responses %+v", out.Responses)
	}
	units := map[string][2]float64{}
	for _, cc := range out.ConsumedCapacity {
		units[*cc.TableName] = [2]float64{*cc.CapacityUnits, *cc.ReadCapacityUnits}
	}
	if !reflect.DeepEqual(units, map[string][2]float64{"users": {2, 2}, "emails": {4, 4}}) {
		t.Fatalf("capacity %v", units)
	}
	gets := make([]types.TransactGetItem, 101)
	for i := range gets {
		gets[i] = types.TransactGetItem{Get: &types.Get{TableName: aws.String("emails"), Key: sdkItem{"pk": avS(fmt.Sprint(i))}}}
	}
	_, err = c.TransactGetItems(ctx, &dynamodb.TransactGetItemsInput{TransactItems: gets})
	wantAPIError(t, err, "ValidationException", "1 validation error detected: Value '["+strings.TrimSuffix(strings.Repeat("Get, ", 101), ", ")+
		"]' at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100")
	_, err = c.TransactGetItems(ctx, &dynamodb.TransactGetItemsInput{TransactItems: gets[:2:2]})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.TransactGetItems(ctx, &dynamodb.TransactGetItemsInput{TransactItems: []types.TransactGetItem{gets[0], gets[0]}})
	wantAPIError(t, err, "ValidationException", "Transaction request cannot include multiple operations on one item")
	_, err = c.TransactGetItems(ctx, &dynamodb.TransactGetItemsInput{TransactItems: []types.TransactGetItem{
		{Get: &types.Get{TableName: aws.String("nope"), Key: sdkItem{"pk": avS("a")}}}}})
	wantAPIError(t, err, "ResourceNotFoundException", "Requested resource not found")
	_, err = c.TransactGetItems(ctx, &dynamodb.TransactGetItemsInput{TransactItems: []types.TransactGetItem{
		{Get: &types.Get{TableName: aws.String("emails"), Key: sdkItem{}}}}})
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) || *tce.CancellationReasons[0].Code != "ValidationError" {
		t.Fatalf("error %v", err)
	}
}

// TestSDKTransactThrottled cancels a transaction whose table has no
// capacity left, with the throttling reason on its action.
func TestSDKTransactThrottled(t *testing.T) {
	eng, err := engine.Open(engine.Options{Clock: engine.NewManualClock(sdkStart), DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	ts := httptest.NewServer(server.New(eng, server.Options{}))
	t.Cleanup(ts.Close)
	c := sdkClientFor(ts.URL)
	ctx := context.Background()
	_, err = eng.CreateTable(ctx, &model.CreateTableInput{TableName: "slow", KeySchema: []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}},
		AttributeDefinitions:  []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}},
		ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: aws.Int64(1), WriteCapacityUnits: aws.Int64(1)}})
	if err != nil {
		t.Fatal(err)
	}
	// The new table holds 300 s of 1 WCU: the first transaction (a 350 KB
	// put, 350 WCU × 2) is admitted and overdraws it, the second is refused.
	item := func(pk string, size int) []types.TransactWriteItem {
		return []types.TransactWriteItem{{Put: &types.Put{TableName: aws.String("slow"), Item: sdkItem{"pk": avS(pk), "d": avS(strings.Repeat("x", size))}}}}
	}
	if _, err := c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: item("a", 350*1024)}); err != nil {
		t.Fatal(err)
	}
	_, err = c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: item("b", 1)})
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) || *tce.CancellationReasons[0].Code != "ProvisionedThroughputExceeded" ||
		*tce.CancellationReasons[0].Message != "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API." {
		t.Fatalf("error %v (%+v)", err, tce)
	}
}
