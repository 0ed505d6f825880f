package codegen

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

func i32(v int32) *int32 { return &v }
func bp(v bool) *bool    { return &v }

// everyType is an item with a value of every DynamoDB type, binary that is
// not text among them.
func everyType() model.Item {
	return model.Item{
		"pk": model.S(`USER#1 "quoted" \ back`), "n": model.N("-12.5e3"), "b": model.B([]byte{0, 0xff, '"', '\\'}),
		"text": model.B([]byte("plain")), "ok": model.Bool(true), "no": model.Bool(false), "nil": model.Null(),
		"l":  model.L(model.S("a"), model.N("1"), model.L()),
		"m":  model.M(map[string]model.AttributeValue{"nested key": model.M(map[string]model.AttributeValue{"x": model.S("é ☃ \u2028")}), "e": model.M(nil)}),
		"ss": model.SS("a", "b"), "ns": model.NS("1", "2.5"), "bs": model.BS([]byte{1}, []byte("xy")),
	}
}

// requests has every operation, with every parameter set somewhere.
func requests() map[string]any {
	names := map[string]string{"#n": "name"}
	vals := map[string]model.AttributeValue{":v": model.S("x"), ":all": model.M(everyType())}
	cond := map[string]model.Condition{"n": {ComparisonOperator: "BETWEEN", AttributeValueList: []model.AttributeValue{model.N("1"), model.N("9")}}}
	yes := model.S("y")
	return map[string]any{
		"GetItem": &model.GetItemInput{TableName: "T", Key: model.Item{"pk": model.S("a")}, ConsistentRead: bp(true),
			ProjectionExpression: "#n, b", ExpressionAttributeNames: names, ReturnConsumedCapacity: "INDEXES"},
		"GetItemLegacy": &model.GetItemInput{TableName: "T", Key: model.Item{"pk": model.S("a")}, AttributesToGet: []string{"a", "b"}},
		"Query": &model.QueryInput{TableName: "T", IndexName: "I", Select: "SPECIFIC_ATTRIBUTES", Limit: i32(5), ConsistentRead: bp(false),
			ScanIndexForward: bp(false), ExclusiveStartKey: model.Item{"pk": model.S("a"), "sk": model.N("1")}, ReturnConsumedCapacity: "TOTAL",
			ProjectionExpression: "#n", FilterExpression: "b = :v", KeyConditionExpression: "pk = :v", ExpressionAttributeNames: names,
			ExpressionAttributeValues: vals},
		"QueryLegacy": &model.QueryInput{TableName: "T", KeyConditions: cond, QueryFilter: cond, ConditionalOperator: "OR", AttributesToGet: []string{"a"}},
		"Scan": &model.ScanInput{TableName: "T", IndexName: "I", Limit: i32(1), Select: "COUNT", ExclusiveStartKey: model.Item{"pk": model.S("a")},
			TotalSegments: i32(4), Segment: i32(2), FilterExpression: "attribute_exists(#n)", ExpressionAttributeNames: names, ConsistentRead: bp(true)},
		"ScanLegacy": &model.ScanInput{TableName: "T", ScanFilter: cond, ConditionalOperator: "AND"},
		"PutItem": &model.PutItemInput{TableName: "T", Item: everyType(), ConditionExpression: "attribute_not_exists(pk) OR #n = :v",
			ExpressionAttributeNames: names, ExpressionAttributeValues: vals, ReturnValues: "ALL_OLD", ReturnConsumedCapacity: "TOTAL",
			ReturnItemCollectionMetrics: "SIZE", ReturnValuesOnConditionCheckFailure: "ALL_OLD"},
		"PutItemLegacy": &model.PutItemInput{TableName: "T", Item: model.Item{"pk": model.S("a")}, ConditionalOperator: "AND",
			Expected: map[string]model.ExpectedAttributeValue{"a": {Value: &yes, Exists: bp(true)}, "b": {ComparisonOperator: "IN", AttributeValueList: []model.AttributeValue{model.S("1"), model.S("2")}}}},
		"UpdateItem": &model.UpdateItemInput{TableName: "T", Key: model.Item{"pk": model.S("a")}, UpdateExpression: "SET #n = :all ADD c :v",
			ConditionExpression: "attribute_exists(pk)", ExpressionAttributeNames: names, ExpressionAttributeValues: vals, ReturnValues: "UPDATED_NEW"},
		"UpdateItemLegacy": &model.UpdateItemInput{TableName: "T", Key: model.Item{"pk": model.S("a")},
			AttributeUpdates: map[string]model.AttributeValueUpdate{"a": {Value: &yes, Action: "PUT"}, "b": {Action: "DELETE"}}},
		"DeleteItem": &model.DeleteItemInput{TableName: "T", Key: model.Item{"pk": model.S("a")}, ConditionExpression: "#n = :v",
			ExpressionAttributeNames: names, ExpressionAttributeValues: vals, ReturnValues: "ALL_OLD"},
		"TransactWriteItems": &model.TransactWriteItemsInput{ClientRequestToken: "token-1", ReturnConsumedCapacity: "INDEXES", ReturnItemCollectionMetrics: "SIZE",
			TransactItems: []model.TransactWriteItem{
				{Put: &model.Put{TableName: "T", Item: everyType(), ConditionExpression: "attribute_not_exists(pk)"}},
				{Update: &model.Update{TableName: "T", Key: model.Item{"pk": model.S("b")}, UpdateExpression: "SET #n = :v", ExpressionAttributeNames: names, ExpressionAttributeValues: vals}},
				{Delete: &model.Delete{TableName: "T", Key: model.Item{"pk": model.S("c")}, ReturnValuesOnConditionCheckFailure: "ALL_OLD"}},
				{ConditionCheck: &model.ConditionCheck{TableName: "U", Key: model.Item{"id": model.N("1")}, ConditionExpression: "attribute_exists(id)"}},
			}},
		"ExecuteStatement": &model.ExecuteStatementInput{Statement: `SELECT * FROM "T" WHERE pk = ? AND b = ?`, Parameters: []model.AttributeValue{model.S("a"), model.M(everyType())},
			ConsistentRead: bp(true), NextToken: "tok", ReturnConsumedCapacity: "TOTAL", Limit: i32(10), ReturnValuesOnConditionCheckFailure: "NONE"},
	}
}

func TestRenderExact(t *testing.T) {
	in := &model.GetItemInput{TableName: "Songs", Key: model.Item{"Id": model.S("1"), "Metadata": model.S("Details")}, ConsistentRead: bp(true)}
	for _, tc := range []struct {
		lang Language
		opts Options
		want string
	}{
		{Go, Options{Endpoint: "http://127.0.0.1:8000", Region: "us-east-1"}, `package main

import (
	"context"
	"fmt"
	"log"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func main() {
	ctx := context.Background()
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRegion("us-east-1"))
	if err != nil {
		log.Fatal(err)
	}
	client := dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		o.BaseEndpoint = aws.String("http://127.0.0.1:8000")
	})
	out, err := client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String("Songs"),
		Key: map[string]types.AttributeValue{
			"Id":       &types.AttributeValueMemberS{Value: "1"},
			"Metadata": &types.AttributeValueMemberS{Value: "Details"},
		},
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(out.Item)
}
`},
		{Python, Options{}, `import boto3

client = boto3.client("dynamodb")
response = client.get_item(
    TableName="Songs",
    Key={
        "Id": {"S": "1"},
        "Metadata": {"S": "Details"},
    },
    ConsistentRead=True,
)
print(response.get("Item"))
`},
		{JavaScript, Options{Endpoint: "http://127.0.0.1:8000"}, `import { DynamoDBClient, GetItemCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({ endpoint: "http://127.0.0.1:8000" });
const response = await client.send(new GetItemCommand({
  TableName: "Songs",
  Key: {
    Id: { S: "1" },
    Metadata: { S: "Details" },
  },
  ConsistentRead: true,
}));
console.log(response.Item);
`},
	} {
		got, err := Render(tc.lang, in, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.lang, got, tc.want)
		}
	}
}

func TestRenderRefuses(t *testing.T) {
	for _, in := range []any{&model.BatchGetItemInput{}, "text", (*model.GetItemInput)(nil)} {
		if _, err := Render(Go, in, Options{}); err == nil {
			t.Errorf("%T rendered", in)
		}
	}
}

// rendered renders every request in a language, named by operation.
func rendered(t *testing.T, lang Language) map[string]string {
	t.Helper()
	out := map[string]string{}
	for name, in := range requests() {
		src, err := Render(lang, in, Options{Endpoint: "http://127.0.0.1:8000", Region: "eu-west-1"})
		if err != nil {
			t.Fatalf("%s in %s: %v", name, lang, err)
		}
		out[name] = src
	}
	return out
}

// TestGoCompiles vets every Go program in a module with the repository's
// own go.mod requirements and go.sum (so the aws-sdk-go-v2 versions are the
// repository's and the module cache has them all; a module that is missing
// comes from the module proxy, and without one the test is skipped).
func TestGoCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("compiling the SDK takes a while; skipped with -short")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	dir := t.TempDir()
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile("../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitN(string(mod), "\n", 2)
	if !strings.HasPrefix(lines[0], "module ") || len(lines) < 2 {
		t.Fatalf("go.mod starts %q", lines[0])
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module gen\n"+lines[1]), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	i := 0
	for name, src := range rendered(t, Go) {
		p := filepath.Join(dir, fmt.Sprintf("p%02d_%s", i, strings.ToLower(name)))
		i++
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(p, "main.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(goBin, "vet", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	if err != nil {
		if offline(string(out)) {
			t.Skipf("modules cannot be fetched (offline?): %s", out)
		}
		t.Fatalf("go vet of the generated programs:\n%s", out)
	}
}

// offline reports whether go's output says a module could not be fetched.
func offline(out string) bool {
	for _, s := range []string{"dial tcp", "no such host", "connection refused", "i/o timeout", "GOPROXY=off", "cannot find module providing package"} {
		if strings.Contains(out, s) {
			return true
		}
	}
	return false
}

func TestPythonParses(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on PATH")
	}
	for name, src := range rendered(t, Python) {
		cmd := exec.Command(py, "-c", "import ast, sys; ast.parse(sys.stdin.read())")
		cmd.Stdin = strings.NewReader(src)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s does not parse:\n%s\n%s", name, out, src)
		}
	}
}

func TestJavaScriptParses(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node on PATH")
	}
	dir := t.TempDir()
	for name, src := range rendered(t, JavaScript) {
		path := filepath.Join(dir, name+".mjs")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(node, "--check", path).CombinedOutput(); err != nil {
			t.Errorf("%s does not parse:\n%s\n%s", name, out, src)
		}
	}
}
