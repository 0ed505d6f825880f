package server_test

// Bad input refused through the endpoint as DynamoDB refuses it, changing
// nothing. Raw HTTP where the SDK cannot send the input (it would replace
// bytes that are not UTF-8, and Go strings cannot hold half a surrogate
// pair); the SDK everywhere else.

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
)

// newBadInputServer serves a fresh engine with one table, "bad" (hash key
// pk, S) holding the item {pk: "keep", v: "original"}, and returns its URL
// and an SDK client.
func newBadInputServer(t *testing.T) (string, *dynamodb.Client) {
	t.Helper()
	eng, err := engine.Open(engine.Options{DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	srv := server.New(eng, server.Options{})
	server.RegisterStreams(srv, eng)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	c := sdkClientFor(ts.URL)
	ctx := context.Background()
	_, err = c.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String("bad"), BillingMode: types.BillingModePayPerRequest,
		KeySchema:            []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)},
		AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS)}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("bad"), Item: map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "keep"}, "v": &types.AttributeValueMemberS{Value: "original"}}})
	if err != nil {
		t.Fatal(err)
	}
	return ts.URL, c
}

// wantUnchanged checks that the table still holds exactly its one item.
func wantUnchanged(t *testing.T, c *dynamodb.Client) {
	t.Helper()
	out, err := c.Scan(context.Background(), &dynamodb.ScanInput{TableName: aws.String("bad"), ConsistentRead: aws.Bool(true)})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Items) != 1 || formatItem(out.Items[0]) != formatItem(map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "keep"}, "v": &types.AttributeValueMemberS{Value: "original"}}) {
		t.Fatalf("the table changed: %d items, first %v", len(out.Items), formatItem(out.Items[0]))
	}
}

// postRaw sends a body as is and returns the status and the reply body.
func postRaw(t *testing.T, url, target string, body []byte) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-amz-json-1.0")
	req.Header.Set("X-Amz-Target", target)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func TestMalformedUnicodeRefused(t *testing.T) {
	url, c := newBadInputServer(t)
	const serialization = `{"__type":"com.amazon.coral.service#SerializationException"}`
	tests := []struct {
		name, target, body string
	}{
		{"invalid UTF-8 in a string value", "PutItem", "{\"TableName\":\"bad\",\"Item\":{\"pk\":{\"S\":\"keep\"},\"v\":{\"S\":\"caf\xe9\"}}}"},
		{"invalid UTF-8 in a key value", "PutItem", "{\"TableName\":\"bad\",\"Item\":{\"pk\":{\"S\":\"\xff\"}}}"},
		{"invalid UTF-8 in an attribute name", "PutItem", "{\"TableName\":\"bad\",\"Item\":{\"pk\":{\"S\":\"new\"},\"n\xc3\":{\"S\":\"x\"}}}"},
		{"a surrogate encoded as UTF-8", "PutItem", "{\"TableName\":\"bad\",\"Item\":{\"pk\":{\"S\":\"keep\"},\"v\":{\"S\":\"\xed\xa0\x80\"}}}"},
		{"lone high surrogate in a string value", "PutItem", `{"TableName":"bad","Item":{"pk":{"S":"keep"},"v":{"S":"\ud800"}}}`},
		{"lone low surrogate in a key value", "PutItem", `{"TableName":"bad","Item":{"pk":{"S":"x\udc00"}}}`},
		{"lone surrogate in an attribute name", "PutItem", `{"TableName":"bad","Item":{"pk":{"S":"new"},"\ud83d":{"S":"x"}}}`},
		{"lone surrogate in a nested map key", "PutItem", `{"TableName":"bad","Item":{"pk":{"S":"new"},"m":{"M":{"\ud83dx":{"S":"x"}}}}}`},
		{"lone surrogate in a string set", "PutItem", `{"TableName":"bad","Item":{"pk":{"S":"new"},"ss":{"SS":["a","\ud800"]}}}`},
		{"lone surrogate in ExpressionAttributeNames", "UpdateItem",
			`{"TableName":"bad","Key":{"pk":{"S":"keep"}},"UpdateExpression":"SET #n = :v","ExpressionAttributeNames":{"#n":"\ud800"},"ExpressionAttributeValues":{":v":{"S":"x"}}}`},
		{"lone surrogate in an update value", "UpdateItem",
			`{"TableName":"bad","Key":{"pk":{"S":"keep"}},"UpdateExpression":"SET v = :v","ExpressionAttributeValues":{":v":{"S":"\udfff"}}}`},
		{"invalid UTF-8 in an expression", "UpdateItem",
			"{\"TableName\":\"bad\",\"Key\":{\"pk\":{\"S\":\"keep\"}},\"UpdateExpression\":\"SET v = :v, w\xff = :v\",\"ExpressionAttributeValues\":{\":v\":{\"S\":\"x\"}}}"},
		{"lone surrogate in a table name", "DeleteTable", `{"TableName":"bad\ud800"}`},
		{"invalid UTF-8 to an unknown action", "Frobnicate", "{\"a\":\"\xff\"}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := postRaw(t, url, "DynamoDB_20120810."+tt.target, []byte(tt.body))
			if status != http.StatusBadRequest || body != serialization {
				t.Fatalf("%d %s\nwant 400 %s", status, body, serialization)
			}
			wantUnchanged(t, c)
		})
	}
	// Well-formed text, escaped or not, is stored as sent.
	status, body := postRaw(t, url, "DynamoDB_20120810.PutItem",
		[]byte(`{"TableName":"bad","Item":{"pk":{"S":"\u00e9\ud83d\ude00"},"v":{"S":"é😀"}}}`))
	if status != http.StatusOK || body != "{}" {
		t.Fatalf("a well-formed put: %d %s", status, body)
	}
	got, err := c.GetItem(context.Background(), &dynamodb.GetItemInput{TableName: aws.String("bad"),
		Key: map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: "é😀"}}})
	if err != nil || got.Item["v"].(*types.AttributeValueMemberS).Value != "é😀" {
		t.Fatalf("GetItem of the well-formed put: %v, %v", got, err)
	}
}

// deepMap wraps a string in depth single-key maps.
func deepMap(depth int) types.AttributeValue {
	var v types.AttributeValue = &types.AttributeValueMemberS{Value: "leaf"}
	for range depth {
		v = &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"n": v}}
	}
	return v
}

func TestLimitsRefusedThroughSDK(t *testing.T) {
	_, c := newBadInputServer(t)
	ctx := context.Background()
	const nesting = "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit"
	const tooLarge = "1 validation error detected: Attribute name is too large, must be less than 65536 bytes"
	long := strings.Repeat("n", 65536)
	keep := map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: "keep"}}
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	tests := []struct {
		name string
		call func() error
		msg  string
	}{
		{"PutItem, a 65,536-byte attribute name", func() error {
			_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("bad"), Item: map[string]types.AttributeValue{"pk": s("keep"), long: s("x")}})
			return err
		}, tooLarge},
		{"PutItem, a 65,536-byte nested map key", func() error {
			_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("bad"), Item: map[string]types.AttributeValue{"pk": s("keep"),
				"m": &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{long: s("x")}}}})
			return err
		}, tooLarge},
		{"BatchWriteItem, a 65,536-byte attribute name", func() error {
			_, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{"bad": {
				{PutRequest: &types.PutRequest{Item: map[string]types.AttributeValue{"pk": s("new"), long: s("x")}}}}}})
			return err
		}, tooLarge},
		{"UpdateItem, SET #n with a 65,536-byte name", func() error {
			_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("bad"), Key: keep, UpdateExpression: aws.String("SET #n = :v"),
				ExpressionAttributeNames: map[string]string{"#n": long}, ExpressionAttributeValues: map[string]types.AttributeValue{":v": s("x")}})
			return err
		}, tooLarge},
		{"UpdateItem, SET a value with a 65,536-byte map key", func() error {
			_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("bad"), Key: keep, UpdateExpression: aws.String("SET doc = :v"),
				ExpressionAttributeValues: map[string]types.AttributeValue{":v": &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{long: s("x")}}}})
			return err
		}, tooLarge},
		{"PutItem, an attribute nested 32 levels", func() error {
			_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("bad"), Item: map[string]types.AttributeValue{"pk": s("keep"), "d": deepMap(32)}})
			return err
		}, nesting},
		{"UpdateItem, a nested path and value that together nest 33 levels", func() error {
			// The item first gets d nested 30 levels (leaf at level 31),
			// then SET at the leaf's path a value two maps deep: each is
			// within the limit alone, the item would not be.
			if _, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("bad"), Key: keep, UpdateExpression: aws.String("SET d = :d"),
				ExpressionAttributeValues: map[string]types.AttributeValue{":d": deepMap(30)}}); err != nil {
				return err
			}
			defer c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("bad"), Key: keep, UpdateExpression: aws.String("REMOVE d")})
			path := "d" + strings.Repeat(".n", 30)
			if _, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("bad"), Key: keep, UpdateExpression: aws.String("SET " + path + " = :v"),
				ExpressionAttributeValues: map[string]types.AttributeValue{":v": deepMap(1)}}); err != nil {
				return err // 32 levels: still allowed
			}
			_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("bad"), Key: keep, UpdateExpression: aws.String("SET " + path + " = :v"),
				ExpressionAttributeValues: map[string]types.AttributeValue{":v": deepMap(2)}})
			return err
		}, nesting},
		{"ConditionExpression with 301 operators", func() error {
			_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("bad"), Item: map[string]types.AttributeValue{"pk": s("keep")},
				ConditionExpression:       aws.String("v = :v" + strings.Repeat(" OR v = :v", 150)),
				ExpressionAttributeValues: map[string]types.AttributeValue{":v": s("x")}})
			return err
		}, "Invalid ConditionExpression: The expression contains too many operators; operator count: 301"},
		{"FilterExpression with 301 operators", func() error {
			_, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("bad"),
				FilterExpression:          aws.String("attribute_exists(v)" + strings.Repeat(" AND attribute_exists(v)", 150)),
				ExpressionAttributeValues: nil})
			return err
		}, "Invalid FilterExpression: The expression contains too many operators; operator count: 301"},
		{"ConditionExpression of 1000 nested NOTs", func() error {
			_, err := c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("bad"), Key: keep,
				ConditionExpression: aws.String(strings.Repeat("NOT ", 1000) + "attribute_exists(v)")})
			return err
		}, "Invalid ConditionExpression: The expression contains too many operators; operator count: 301"},
		{"ConditionExpression nested 454 parentheses deep", func() error {
			_, err := c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("bad"), Key: keep,
				ConditionExpression: aws.String("v<w " + strings.Repeat("or (v<w ", 454) + strings.Repeat(")", 454))})
			return err
		}, "Invalid ConditionExpression: The expression contains too many operators; operator count: 301"},
		{"ConditionExpression in 2046 redundant parentheses", func() error {
			_, err := c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("bad"), Key: keep,
				ConditionExpression: aws.String(strings.Repeat("(", 2046) + "v<w" + strings.Repeat(")", 2046))})
			return err
		}, "Invalid ConditionExpression: The expression has redundant parentheses;"},
		{"UpdateExpression with 301 operators", func() error {
			var set []string
			for i := range 301 {
				set = append(set, "a"+strconv.Itoa(i)+"=:n+:n")
			}
			_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("bad"), Key: keep,
				UpdateExpression:          aws.String("SET " + strings.Join(set, ",")),
				ExpressionAttributeValues: map[string]types.AttributeValue{":n": &types.AttributeValueMemberN{Value: "1"}}})
			return err
		}, "Invalid UpdateExpression: The expression contains too many operators; operator count: 301"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantAPIError(t, tt.call(), "ValidationException", tt.msg)
			wantUnchanged(t, c)
		})
	}
	// The largest name, 65,535 bytes, is accepted.
	if _, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("bad"), Item: map[string]types.AttributeValue{"pk": s("new"), long[1:]: s("x")}}); err != nil {
		t.Fatalf("a 65,535-byte name: %v", err)
	}
}
