package server_test

// Integration tests: the real AWS SDK for Go v2 against the real engine
// behind the server, over loopback HTTP. The SDK checks x-amz-crc32 on
// every reply, so each passing call also checks the checksum.

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http/httptest"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsmiddleware "github.com/aws/aws-sdk-go-v2/aws/middleware"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
	"github.com/dynoscope/dynoscope/internal/sdkhttp"
)

// newSDKClient serves a fresh in-memory engine over httptest and returns
// an SDK client for it: dummy static credentials, us-east-1, no retries
// (errors surface at once).
func newSDKClient(tb testing.TB) *dynamodb.Client {
	tb.Helper()
	eng, err := engine.Open(engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := eng.Close(); err != nil {
			tb.Error(err)
		}
	})
	ts := httptest.NewServer(server.New(eng, server.Options{}))
	tb.Cleanup(ts.Close)
	return dynamodb.New(dynamodb.Options{
		Region:       "us-east-1",
		Credentials:  credentials.NewStaticCredentialsProvider("x", "y", ""),
		BaseEndpoint: aws.String(ts.URL),
		Retryer:      aws.NopRetryer{},
		HTTPClient:   sdkhttp.Client(), // the request body in memory: see aws/aws-sdk-go-v2#2737 in sdkhttp
	})
}

func keyDef(name string, typ types.ScalarAttributeType) types.AttributeDefinition {
	return types.AttributeDefinition{AttributeName: aws.String(name), AttributeType: typ}
}

func keyElem(name string, typ types.KeyType) types.KeySchemaElement {
	return types.KeySchemaElement{AttributeName: aws.String(name), KeyType: typ}
}

// createTable creates a table with a string partition key "pk" and waits
// until it is ACTIVE.
func createTable(tb testing.TB, c *dynamodb.Client, name string) *types.TableDescription {
	tb.Helper()
	ctx := context.Background()
	out, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String(name),
		AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS)},
		KeySchema:            []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)},
		BillingMode:          types.BillingModePayPerRequest,
	})
	if err != nil {
		tb.Fatalf("CreateTable %s: %v", name, err)
	}
	waitActive(tb, c, name)
	return out.TableDescription
}

// waitActive polls DescribeTable until the table is ACTIVE.
func waitActive(tb testing.TB, c *dynamodb.Client, name string) {
	tb.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		out, err := c.DescribeTable(context.Background(), &dynamodb.DescribeTableInput{TableName: aws.String(name)})
		if err == nil && out.Table.TableStatus == types.TableStatusActive {
			return
		}
		if time.Now().After(deadline) {
			tb.Fatalf("table %s not ACTIVE: %v", name, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// wantAPIError checks that err is an API error with the exact code and
// message.
func wantAPIError(t *testing.T, err error, code, message string) {
	t.Helper()
	var apiErr smithy.APIError
	if !errors.As(err, &apiErr) {
		t.Fatalf("error %v (%T), want API error %s", err, err, code)
	}
	if apiErr.ErrorCode() != code || apiErr.ErrorMessage() != message {
		t.Errorf("error %s: %q\nwant  %s: %q", apiErr.ErrorCode(), apiErr.ErrorMessage(), code, message)
	}
}

func TestSDKCreateTableValidation(t *testing.T) {
	c := newSDKClient(t)
	// Seed 001: an attribute definition that no key uses.
	_, err := c.CreateTable(context.Background(), &dynamodb.CreateTableInput{
		TableName:   aws.String("schema-demo"),
		BillingMode: types.BillingModePayPerRequest,
		KeySchema:   []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)},
		AttributeDefinitions: []types.AttributeDefinition{
			keyDef("pk", types.ScalarAttributeTypeS),
			keyDef("ix_pk", types.ScalarAttributeTypeS),
		},
	})
	wantAPIError(t, err, "ValidationException",
		"One or more parameter values were invalid: Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions")
}

func TestSDKTables(t *testing.T) {
	c := newSDKClient(t)
	ctx := context.Background()
	out, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName: aws.String("orders"),
		AttributeDefinitions: []types.AttributeDefinition{
			keyDef("pk", types.ScalarAttributeTypeS),
			keyDef("sk", types.ScalarAttributeTypeN),
		},
		KeySchema: []types.KeySchemaElement{
			keyElem("pk", types.KeyTypeHash),
			keyElem("sk", types.KeyTypeRange),
		},
		ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: aws.Int64(5), WriteCapacityUnits: aws.Int64(7)},
	})
	if err != nil {
		t.Fatal(err)
	}
	if id, ok := awsmiddleware.GetRequestIDMetadata(out.ResultMetadata); !ok || !requestIDRE.MatchString(id) {
		t.Errorf("request id %q, want one of DynamoDB's form (52 characters, 0-9 A-V)", id)
	}
	checkDesc := func(d *types.TableDescription, statuses ...types.TableStatus) {
		t.Helper()
		if d == nil {
			t.Fatal("no table description")
		}
		if aws.ToString(d.TableName) != "orders" || !slices.Contains(statuses, d.TableStatus) {
			t.Errorf("table %q status %s, want orders %v", aws.ToString(d.TableName), d.TableStatus, statuses)
		}
		if got := aws.ToString(d.TableArn); got != "arn:aws:dynamodb:us-east-1:000000000000:table/orders" {
			t.Errorf("TableArn %q", got)
		}
		if len(d.KeySchema) != 2 || aws.ToString(d.KeySchema[0].AttributeName) != "pk" || d.KeySchema[0].KeyType != types.KeyTypeHash ||
			aws.ToString(d.KeySchema[1].AttributeName) != "sk" || d.KeySchema[1].KeyType != types.KeyTypeRange {
			t.Errorf("KeySchema %+v", d.KeySchema)
		}
		defs := map[string]types.ScalarAttributeType{}
		for _, a := range d.AttributeDefinitions {
			defs[aws.ToString(a.AttributeName)] = a.AttributeType
		}
		if want := map[string]types.ScalarAttributeType{"pk": "S", "sk": "N"}; !reflect.DeepEqual(defs, want) {
			t.Errorf("AttributeDefinitions %v, want %v", defs, want)
		}
		if pt := d.ProvisionedThroughput; pt == nil || aws.ToInt64(pt.ReadCapacityUnits) != 5 || aws.ToInt64(pt.WriteCapacityUnits) != 7 {
			t.Errorf("ProvisionedThroughput %+v", pt)
		}
		if aws.ToInt64(d.ItemCount) != 0 || d.CreationDateTime == nil || d.CreationDateTime.IsZero() {
			t.Errorf("ItemCount %v CreationDateTime %v", d.ItemCount, d.CreationDateTime)
		}
	}
	checkDesc(out.TableDescription, types.TableStatusCreating, types.TableStatusActive)
	waitActive(t, c, "orders")
	desc, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("orders")})
	if err != nil {
		t.Fatal(err)
	}
	checkDesc(desc.Table, types.TableStatusActive)

	_, err = c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("nope")})
	if _, ok := errors.AsType[*types.ResourceNotFoundException](err); !ok {
		t.Errorf("DescribeTable nope: %v (%T), want *types.ResourceNotFoundException", err, err)
	}
	wantAPIError(t, err, "ResourceNotFoundException", "Requested resource not found: Table: nope not found")

	_, err = c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String("orders"),
		AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS)},
		KeySchema:            []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)},
		BillingMode:          types.BillingModePayPerRequest,
	})
	if _, ok := errors.AsType[*types.ResourceInUseException](err); !ok {
		t.Errorf("CreateTable twice: %v (%T), want *types.ResourceInUseException", err, err)
	}

	del, err := c.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String("orders")})
	if err != nil {
		t.Fatal(err)
	}
	// DeleteTable's description carries only its own members (see
	// TestSDKDeleteTableDescription for the exact reply).
	d := del.TableDescription
	if d.TableStatus != types.TableStatusDeleting || aws.ToString(d.TableName) != "orders" || d.KeySchema != nil || d.AttributeDefinitions != nil || d.CreationDateTime != nil {
		t.Errorf("DeleteTable description %+v", d)
	}
}

func TestSDKListTablesPaging(t *testing.T) {
	c := newSDKClient(t)
	ctx := context.Background()
	names := []string{"t-05", "t-01", "t-04", "t-02", "t-03"}
	for _, n := range names {
		createTable(t, c, n)
	}
	pages := []struct {
		start    string
		want     []string
		wantLast string
	}{
		{"", []string{"t-01", "t-02"}, "t-02"},
		{"t-02", []string{"t-03", "t-04"}, "t-04"},
		{"t-04", []string{"t-05"}, ""},
		{"t-011", []string{"t-02", "t-03"}, "t-03"}, // a start name that is not a table
	}
	for _, p := range pages {
		in := &dynamodb.ListTablesInput{Limit: aws.Int32(2)}
		if p.start != "" {
			in.ExclusiveStartTableName = aws.String(p.start)
		}
		out, err := c.ListTables(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(out.TableNames, p.want) || aws.ToString(out.LastEvaluatedTableName) != p.wantLast {
			t.Errorf("after %q: %v last %q, want %v last %q", p.start, out.TableNames, aws.ToString(out.LastEvaluatedTableName), p.want, p.wantLast)
		}
	}
	var all []string
	for pager := dynamodb.NewListTablesPaginator(c, &dynamodb.ListTablesInput{Limit: aws.Int32(3)}); pager.HasMorePages(); {
		page, err := pager.NextPage(ctx)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, page.TableNames...)
	}
	if want := []string{"t-01", "t-02", "t-03", "t-04", "t-05"}; !slices.Equal(all, want) {
		t.Errorf("paginator: %v, want %v", all, want)
	}
}

// tenTypes is an item holding every DynamoDB type, in canonical form.
func tenTypes(pk, version string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk":      &types.AttributeValueMemberS{Value: pk},
		"version": &types.AttributeValueMemberS{Value: version},
		"s":       &types.AttributeValueMemberS{Value: `héllo <&> "quoted" \ ✓`},
		"empty":   &types.AttributeValueMemberS{Value: ""},
		"n":       &types.AttributeValueMemberN{Value: "-12.5"},
		"big":     &types.AttributeValueMemberN{Value: "12345678901234567890123456789012345678"},
		"b":       &types.AttributeValueMemberB{Value: []byte{0, 1, 2, 0xfe, 0xff}},
		"bool":    &types.AttributeValueMemberBOOL{Value: true},
		"null":    &types.AttributeValueMemberNULL{Value: true},
		"l": &types.AttributeValueMemberL{Value: []types.AttributeValue{
			&types.AttributeValueMemberS{Value: "x"},
			&types.AttributeValueMemberN{Value: "1"},
			&types.AttributeValueMemberBOOL{Value: false},
			&types.AttributeValueMemberL{Value: []types.AttributeValue{}},
		}},
		"m": &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{
			"a":      &types.AttributeValueMemberS{Value: "y"},
			"nested": &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"z": &types.AttributeValueMemberNULL{Value: true}}},
			"empty":  &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{}},
		}},
		"ss": &types.AttributeValueMemberSS{Value: []string{"a", "b", "c"}},
		"ns": &types.AttributeValueMemberNS{Value: []string{"-1", "2.5", "300"}},
		"bs": &types.AttributeValueMemberBS{Value: [][]byte{{1}, {2, 3}}},
	}
}

// sortSets sorts the members of every set in place, as DynamoDB does not
// keep their order.
func sortSets(item map[string]types.AttributeValue) map[string]types.AttributeValue {
	for _, v := range item {
		sortSetsIn(v)
	}
	return item
}

func sortSetsIn(v types.AttributeValue) {
	switch v := v.(type) {
	case *types.AttributeValueMemberSS:
		sort.Strings(v.Value)
	case *types.AttributeValueMemberNS:
		sort.Strings(v.Value)
	case *types.AttributeValueMemberBS:
		slices.SortFunc(v.Value, func(a, b []byte) int { return strings.Compare(string(a), string(b)) })
	case *types.AttributeValueMemberL:
		for _, e := range v.Value {
			sortSetsIn(e)
		}
	case *types.AttributeValueMemberM:
		sortSets(v.Value)
	}
}

func wantItem(t *testing.T, what string, got, want map[string]types.AttributeValue) {
	t.Helper()
	if !reflect.DeepEqual(sortSets(got), sortSets(want)) {
		t.Errorf("%s:\n got %s\nwant %s", what, formatItem(got), formatItem(want))
	}
}

func formatItem(item map[string]types.AttributeValue) string {
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(item)) {
		fmt.Fprintf(&b, "%s=%+v ", k, item[k])
	}
	return b.String()
}

func TestSDKItemRoundTrip(t *testing.T) {
	c := newSDKClient(t)
	ctx := context.Background()
	createTable(t, c, "items")
	table := aws.String("items")
	key := map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: "k1"}}
	v1, v2 := tenTypes("k1", "v1"), tenTypes("k1", "v2")

	put, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: table, Item: v1})
	if err != nil {
		t.Fatal(err)
	}
	if len(put.Attributes) != 0 || put.ConsumedCapacity != nil {
		t.Errorf("PutItem of a new item returned %v, %+v", put.Attributes, put.ConsumedCapacity)
	}
	get, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: table, Key: key, ConsistentRead: aws.Bool(true)})
	if err != nil {
		t.Fatal(err)
	}
	wantItem(t, "GetItem", get.Item, tenTypes("k1", "v1"))

	put, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: table, Item: v2, ReturnValues: types.ReturnValueAllOld})
	if err != nil {
		t.Fatal(err)
	}
	wantItem(t, "PutItem ALL_OLD", put.Attributes, tenTypes("k1", "v1"))

	del, err := c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: table, Key: key, ReturnValues: types.ReturnValueAllOld})
	if err != nil {
		t.Fatal(err)
	}
	wantItem(t, "DeleteItem ALL_OLD", del.Attributes, tenTypes("k1", "v2"))

	get, err = c.GetItem(ctx, &dynamodb.GetItemInput{TableName: table, Key: key, ConsistentRead: aws.Bool(true)})
	if err != nil {
		t.Fatal(err)
	}
	if get.Item != nil {
		t.Errorf("GetItem after DeleteItem: %s", formatItem(get.Item))
	}
	del, err = c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: table, Key: key, ReturnValues: types.ReturnValueAllOld})
	if err != nil || del.Attributes != nil {
		t.Errorf("DeleteItem of a missing item: %v, %v", del.Attributes, err)
	}
}

func TestSDKBatch(t *testing.T) {
	c := newSDKClient(t)
	ctx := context.Background()
	createTable(t, c, "batch")
	var writes []types.WriteRequest
	var keys []map[string]types.AttributeValue
	for _, pk := range []string{"a", "b", "c"} {
		writes = append(writes, types.WriteRequest{PutRequest: &types.PutRequest{Item: map[string]types.AttributeValue{
			"pk":  &types.AttributeValueMemberS{Value: pk},
			"val": &types.AttributeValueMemberN{Value: "1"},
		}}})
		keys = append(keys, map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: pk}})
	}
	bw, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{
		RequestItems:           map[string][]types.WriteRequest{"batch": writes},
		ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(bw.UnprocessedItems) != 0 {
		t.Errorf("UnprocessedItems %v", bw.UnprocessedItems)
	}
	wantCapacity(t, "BatchWriteItem", bw.ConsumedCapacity, "batch", 3)

	bg, err := c.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{
		RequestItems:           map[string]types.KeysAndAttributes{"batch": {Keys: keys}},
		ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(bg.UnprocessedKeys) != 0 {
		t.Errorf("UnprocessedKeys %v", bg.UnprocessedKeys)
	}
	var got []string
	for _, item := range bg.Responses["batch"] {
		got = append(got, item["pk"].(*types.AttributeValueMemberS).Value+"="+item["val"].(*types.AttributeValueMemberN).Value)
	}
	slices.Sort(got)
	if want := []string{"a=1", "b=1", "c=1"}; !slices.Equal(got, want) {
		t.Errorf("BatchGetItem responses %v, want %v", got, want)
	}
	wantCapacity(t, "BatchGetItem", bg.ConsumedCapacity, "batch", 1.5)
}

// wantCapacity checks a one-table ConsumedCapacity list.
func wantCapacity(t *testing.T, what string, got []types.ConsumedCapacity, table string, units float64) {
	t.Helper()
	if len(got) != 1 || aws.ToString(got[0].TableName) != table || aws.ToFloat64(got[0].CapacityUnits) != units {
		t.Errorf("%s ConsumedCapacity %s, want [%s %v]", what, formatCapacity(got...), table, units)
	}
}

func formatCapacity(cs ...types.ConsumedCapacity) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("{%s %v}", aws.ToString(c.TableName), aws.ToFloat64(c.CapacityUnits)))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func TestSDKConsumedCapacity(t *testing.T) {
	c := newSDKClient(t)
	ctx := context.Background()
	createTable(t, c, "cap")
	table := aws.String("cap")
	key := map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: "k"}}
	total := types.ReturnConsumedCapacityTotal

	put, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: table, Item: key, ReturnConsumedCapacity: total})
	if err != nil {
		t.Fatal(err)
	}
	getEventual, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: table, Key: key, ReturnConsumedCapacity: total})
	if err != nil {
		t.Fatal(err)
	}
	getStrong, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: table, Key: key, ReturnConsumedCapacity: total, ConsistentRead: aws.Bool(true)})
	if err != nil {
		t.Fatal(err)
	}
	getNone, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: table, Key: key})
	if err != nil {
		t.Fatal(err)
	}
	del, err := c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: table, Key: key, ReturnConsumedCapacity: total})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		what  string
		got   *types.ConsumedCapacity
		units float64
	}{
		{"PutItem", put.ConsumedCapacity, 1},
		{"GetItem eventual", getEventual.ConsumedCapacity, 0.5},
		{"GetItem strong", getStrong.ConsumedCapacity, 1},
		{"DeleteItem", del.ConsumedCapacity, 1},
	} {
		if tc.got == nil {
			t.Errorf("%s: no ConsumedCapacity", tc.what)
			continue
		}
		wantCapacity(t, tc.what, []types.ConsumedCapacity{*tc.got}, "cap", tc.units)
		if tc.got.Table != nil {
			t.Errorf("%s: TOTAL has Table %+v", tc.what, tc.got.Table)
		}
	}
	if getNone.ConsumedCapacity != nil {
		t.Errorf("GetItem without ReturnConsumedCapacity: %s", formatCapacity(*getNone.ConsumedCapacity))
	}
}

func TestSDKItemErrors(t *testing.T) {
	c := newSDKClient(t)
	ctx := context.Background()
	createTable(t, c, "errs")
	table := aws.String("errs")
	item := map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "k"},
		"n":  &types.AttributeValueMemberN{Value: "1"},
	}

	_, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("nope"), Key: item})
	if _, ok := errors.AsType[*types.ResourceNotFoundException](err); !ok {
		t.Errorf("GetItem on a missing table: %v (%T), want *types.ResourceNotFoundException", err, err)
	}
	wantAPIError(t, err, "ResourceNotFoundException", "Requested resource not found")

	_, err = c.GetItem(ctx, &dynamodb.GetItemInput{TableName: table, Key: map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberN{Value: "1"},
	}})
	wantAPIError(t, err, "ValidationException", "The provided key element does not match the schema")

	if _, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: table, Item: item}); err != nil {
		t.Fatal(err)
	}
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:                           table,
		Item:                                map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: "k"}},
		ConditionExpression:                 aws.String("attribute_not_exists(pk)"),
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	})
	ccf, ok := errors.AsType[*types.ConditionalCheckFailedException](err)
	if !ok {
		t.Fatalf("conditional PutItem: %v (%T), want *types.ConditionalCheckFailedException", err, err)
	}
	wantAPIError(t, err, "ConditionalCheckFailedException", "The conditional request failed")
	wantItem(t, "ConditionalCheckFailedException.Item", ccf.Item, item)
}

// TestSDKOtherActions sends the remaining actions through the SDK once
// each, so that every reply shape is parsed by a real client.
func TestSDKOtherActions(t *testing.T) {
	c := newSDKClient(t)
	ctx := context.Background()
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName: aws.String("events"),
		AttributeDefinitions: []types.AttributeDefinition{
			keyDef("pk", types.ScalarAttributeTypeS),
			keyDef("sk", types.ScalarAttributeTypeN),
		},
		KeySchema:   []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash), keyElem("sk", types.KeyTypeRange)},
		BillingMode: types.BillingModePayPerRequest,
	})
	if err != nil {
		t.Fatal(err)
	}
	waitActive(t, c, "events")
	table := aws.String("events")
	for i := 1; i <= 3; i++ {
		up, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName: table,
			Key: map[string]types.AttributeValue{
				"pk": &types.AttributeValueMemberS{Value: "p"},
				"sk": &types.AttributeValueMemberN{Value: fmt.Sprint(i)},
			},
			UpdateExpression:          aws.String("SET #c = if_not_exists(#c, :zero) + :one"),
			ExpressionAttributeNames:  map[string]string{"#c": "count"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":zero": &types.AttributeValueMemberN{Value: "0"}, ":one": &types.AttributeValueMemberN{Value: "1"}},
			ReturnValues:              types.ReturnValueUpdatedNew,
		})
		if err != nil {
			t.Fatal(err)
		}
		wantItem(t, "UpdateItem UPDATED_NEW", up.Attributes, map[string]types.AttributeValue{"count": &types.AttributeValueMemberN{Value: "1"}})
	}

	q, err := c.Query(ctx, &dynamodb.QueryInput{
		TableName:                 table,
		KeyConditionExpression:    aws.String("pk = :p AND sk > :s"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":p": &types.AttributeValueMemberS{Value: "p"}, ":s": &types.AttributeValueMemberN{Value: "1"}},
		ScanIndexForward:          aws.Bool(false),
		Limit:                     aws.Int32(1),
	})
	if err != nil {
		t.Fatal(err)
	}
	if q.Count != 1 || q.ScannedCount != 1 || len(q.Items) != 1 || q.LastEvaluatedKey == nil {
		t.Errorf("Query: Count %d ScannedCount %d Items %d LastEvaluatedKey %v", q.Count, q.ScannedCount, len(q.Items), q.LastEvaluatedKey)
	} else {
		wantItem(t, "Query item", q.Items[0], map[string]types.AttributeValue{
			"pk":    &types.AttributeValueMemberS{Value: "p"},
			"sk":    &types.AttributeValueMemberN{Value: "3"},
			"count": &types.AttributeValueMemberN{Value: "1"},
		})
	}

	sc, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: table, Select: types.SelectCount})
	if err != nil {
		t.Fatal(err)
	}
	if sc.Count != 3 || sc.ScannedCount != 3 || sc.Items != nil {
		t.Errorf("Scan COUNT: Count %d ScannedCount %d Items %v", sc.Count, sc.ScannedCount, sc.Items)
	}

	ttl, err := c.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{
		TableName:               table,
		TimeToLiveSpecification: &types.TimeToLiveSpecification{Enabled: aws.Bool(true), AttributeName: aws.String("expires")},
	})
	if err != nil {
		t.Fatal(err)
	}
	if s := ttl.TimeToLiveSpecification; s == nil || !aws.ToBool(s.Enabled) || aws.ToString(s.AttributeName) != "expires" {
		t.Errorf("UpdateTimeToLive: %+v", s)
	}
	dttl, err := c.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: table})
	if err != nil {
		t.Fatal(err)
	}
	if d := dttl.TimeToLiveDescription; d == nil || aws.ToString(d.AttributeName) != "expires" ||
		(d.TimeToLiveStatus != types.TimeToLiveStatusEnabled && d.TimeToLiveStatus != types.TimeToLiveStatusEnabling) {
		t.Errorf("DescribeTimeToLive: %+v", d)
	}

	ut, err := c.UpdateTable(ctx, &dynamodb.UpdateTableInput{
		TableName:           table,
		StreamSpecification: &types.StreamSpecification{StreamEnabled: aws.Bool(true), StreamViewType: types.StreamViewTypeNewAndOldImages},
	})
	if err != nil {
		t.Fatal(err)
	}
	if d := ut.TableDescription; d == nil || d.StreamSpecification == nil || !aws.ToBool(d.StreamSpecification.StreamEnabled) ||
		!strings.HasPrefix(aws.ToString(d.LatestStreamArn), "arn:aws:dynamodb:us-east-1:000000000000:table/events/stream/") {
		t.Errorf("UpdateTable stream: %+v", d)
	}
}

// benchmarkSDK runs op in parallel through the SDK and reports ops/s.
//
//	go test ./engine/server/ -run '^$' -bench SDK -benchmem
func benchmarkSDK(b *testing.B, op func(ctx context.Context, c *dynamodb.Client, i int) error) {
	c := newSDKClient(b)
	createTable(b, c, "bench")
	ctx := context.Background()
	for i := range 100 { // items for GetItem to find
		if err := benchPut(ctx, c, i); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for i := 0; pb.Next(); i++ {
			if err := op(ctx, c, i); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "ops/s")
}

func benchItem(i int) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk":   &types.AttributeValueMemberS{Value: fmt.Sprintf("user#%d", i%100)},
		"name": &types.AttributeValueMemberS{Value: "Ada Lovelace"},
		"n":    &types.AttributeValueMemberN{Value: "3.14159"},
		"tags": &types.AttributeValueMemberSS{Value: []string{"a", "b", "c"}},
	}
}

func benchPut(ctx context.Context, c *dynamodb.Client, i int) error {
	_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("bench"), Item: benchItem(i)})
	return err
}

func BenchmarkSDKPutItem(b *testing.B) {
	benchmarkSDK(b, benchPut)
}

func BenchmarkSDKGetItem(b *testing.B) {
	benchmarkSDK(b, func(ctx context.Context, c *dynamodb.Client, i int) error {
		out, err := c.GetItem(ctx, &dynamodb.GetItemInput{
			TableName: aws.String("bench"),
			Key:       map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: fmt.Sprintf("user#%d", i%100)}},
		})
		if err == nil && out.Item == nil {
			err = errors.New("item not found")
		}
		return err
	})
}
