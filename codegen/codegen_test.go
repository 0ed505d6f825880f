package codegen

import (
	"flag"
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

var update = flag.Bool("update", false, "rewrite the golden programs in testdata/render")

// TestRenderExact compares whole programs with testdata/render: a GetItem
// in Go for a loopback endpoint (a region and dummy keys, said why), in
// Python without an endpoint (the header says: your default AWS account),
// in JavaScript for a remote endpoint (the AWS configuration's keys), and a
// Query's second page (its ExclusiveStartKey) in each language.
func TestRenderExact(t *testing.T) {
	get := &model.GetItemInput{TableName: "Songs", Key: model.Item{"Id": model.S("1"), "Metadata": model.S("Details")}, ConsistentRead: bp(true)}
	page2 := &model.QueryInput{TableName: "Songs", KeyConditionExpression: "Id = :id", ExpressionAttributeValues: map[string]model.AttributeValue{":id": model.S("1")},
		Limit: i32(2), ExclusiveStartKey: model.Item{"Id": model.S("1"), "Metadata": model.S("Lyrics")}}
	for _, tc := range []struct {
		name string
		lang Language
		in   any
		opts Options
	}{
		{"getitem_loopback.go", Go, get, Options{Endpoint: "http://127.0.0.1:8000"}},
		{"getitem_default_account.py", Python, get, Options{}},
		{"getitem_remote.mjs", JavaScript, get, Options{Endpoint: "https://dynamodb.eu-west-1.amazonaws.com", Region: "eu-west-1"}},
		{"query_page2_loopback.go", Go, page2, Options{Endpoint: "http://localhost:8000"}},
		{"query_page2_loopback.py", Python, page2, Options{Endpoint: "http://127.0.0.1:8000"}},
		{"query_page2_loopback.mjs", JavaScript, page2, Options{Endpoint: "http://[::1]:8000"}},
		{"query_page2_default_account.go", Go, page2, Options{}},
	} {
		got, err := Render(tc.lang, tc.in, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", "render", tc.name)
		if *update {
			os.MkdirAll(filepath.Dir(path), 0o755)
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if got != string(want) {
			t.Errorf("%s:\n%s\nwant\n%s", tc.name, got, want)
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
// own go.mod requirements and go.sum, offline: the aws-sdk-go-v2 versions
// are the repository's, which building the repository put in the module
// cache, so nothing is fetched (GOPROXY=off).
func TestGoCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("compiling the SDK takes a while; skipped with -short")
	}
	dir := goModule(t)
	i := 0
	for name, src := range rendered(t, Go) {
		writeGoProgram(t, dir, fmt.Sprintf("p%02d_%s", i, strings.ToLower(name)), src)
		i++
	}
	goCommand(t, dir, "vet", "./...")
}

// goModule makes a module for generated programs with the repository's
// requirements and sums.
func goModule(t *testing.T) string {
	t.Helper()
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
	return dir
}

// writeGoProgram puts a program in its own package of the module.
func writeGoProgram(t *testing.T, dir, name, src string) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(p, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

// goCommand runs the go command in the module, offline.
func goCommand(t *testing.T, dir string, args ...string) {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	cmd := exec.Command(goBin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod -buildvcs=false", "GOPROXY=off", "GOTOOLCHAIN=local")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s of the generated programs (offline, from the module cache):\n%s", strings.Join(args, " "), out)
	}
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
