package codegen

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/internal/itemfmt"
	"github.com/dynoscope/dynoscope/model"
)

// servedEngine is the forum data set and a table holding an item of every
// type, served over HTTP on loopback.
func servedEngine(t *testing.T) (*engine.Engine, string) {
	t.Helper()
	eng, err := engine.Open(engine.Options{DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	ctx := context.Background()
	d, _ := fixtures.Get("forum")
	if err := d.Load(ctx, eng, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := eng.CreateTable(ctx, &model.CreateTableInput{TableName: "Types", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}},
		KeySchema:            []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}}}); err != nil {
		t.Fatal(err)
	}
	item := everyType()
	item["big"] = model.N("12345678901234567890123456789012345678")
	if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: "Types", Item: item}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(server.New(eng, server.Options{}))
	t.Cleanup(srv.Close)
	return eng, srv.URL
}

// readRequests are the requests the programs send, each with the items the
// explorer's engine returns for it: a Query's second page, a Scan of every
// type, a GetItem, a statement with parameters.
func readRequests(t *testing.T, eng *engine.Engine) map[string]struct {
	in    any
	items []model.Item
} {
	t.Helper()
	ctx := context.Background()
	q := &model.QueryInput{TableName: "Thread", KeyConditionExpression: "ForumName = :f", Limit: i32(2),
		ExpressionAttributeValues: map[string]model.AttributeValue{":f": model.S("EC2")}}
	first, err := eng.Query(ctx, q)
	if err != nil || len(first.LastEvaluatedKey) == 0 {
		t.Fatalf("first page: %v (LastEvaluatedKey %v)", err, first)
	}
	page2 := *q
	page2.ExclusiveStartKey = first.LastEvaluatedKey
	qo, err := eng.Query(ctx, &page2)
	if err != nil {
		t.Fatal(err)
	}
	so, err := eng.Scan(ctx, &model.ScanInput{TableName: "Types"})
	if err != nil {
		t.Fatal(err)
	}
	get := &model.GetItemInput{TableName: "Forum", Key: model.Item{"Name": model.S("S3")}}
	g, err := eng.GetItem(ctx, get)
	if err != nil {
		t.Fatal(err)
	}
	st := &model.ExecuteStatementInput{Statement: `SELECT * FROM "Reply" WHERE Id = ?`, Parameters: []model.AttributeValue{model.S("EC2#EC2 API rate limits")}}
	eo, err := eng.ExecuteStatement(ctx, st)
	if err != nil || len(eo.Items) == 0 {
		t.Fatalf("statement: %v, %d items", err, len(eo.Items))
	}
	return map[string]struct {
		in    any
		items []model.Item
	}{
		"querypage2": {&page2, qo.Items},
		"scantypes":  {&model.ScanInput{TableName: "Types"}, so.Items},
		"getitem":    {get, []model.Item{g.Item}},
		"statement":  {st, eo.Items},
	}
}

// sameItems compares a program's output, one plain JSON item a line, with
// the explorer's items written as plain JSON: both decoded, numbers
// compared by their digits.
func sameItems(t *testing.T, lang Language, name string, out []byte, want []model.Item) {
	t.Helper()
	var wantBuf bytes.Buffer
	w := itemfmt.NewWriter(&wantBuf, itemfmt.JSONLines, itemfmt.WriteOptions{})
	for _, it := range want {
		w.Write(it)
	}
	w.Close()
	got, exp := decodeLines(t, out), decodeLines(t, wantBuf.Bytes())
	if !reflect.DeepEqual(got, exp) {
		t.Errorf("%s %s printed\n%s\nthe explorer's items are\n%s", lang, name, out, wantBuf.String())
	}
}

func decodeLines(t *testing.T, b []byte) []any {
	t.Helper()
	var out []any
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if line == "" {
			continue
		}
		dec := json.NewDecoder(strings.NewReader(line))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("not a line of JSON: %q: %v", line, err)
		}
		out = append(out, canonicalNumbers(t, v))
	}
	return out
}

// canonicalNumbers replaces every number by its canonical text.
func canonicalNumbers(t *testing.T, v any) any {
	switch x := v.(type) {
	case json.Number:
		c, err := model.CanonicalNumber(x.String())
		if err != nil {
			t.Fatalf("number %s: %v", x, err)
		}
		return "N:" + c
	case []any:
		for i := range x {
			x[i] = canonicalNumbers(t, x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = canonicalNumbers(t, x[k])
		}
	}
	return v
}

// TestGoProgramsRunAgainstServedEngine compiles each Go program offline,
// runs it against the served engine without any AWS configuration, and
// compares what it prints with the explorer's items.
func TestGoProgramsRunAgainstServedEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("compiling the SDK takes a while; skipped with -short")
	}
	noAWSConfig(t)
	eng, url := servedEngine(t)
	reqs := readRequests(t, eng)
	dir := goModule(t)
	for name, r := range reqs {
		src, err := Render(Go, r.in, Options{Endpoint: url})
		if err != nil {
			t.Fatal(err)
		}
		writeGoProgram(t, dir, name, src)
	}
	bin := filepath.Join(dir, "bin")
	goCommand(t, dir, "build", "-o", bin+string(filepath.Separator), "./...")
	for name, r := range reqs {
		out, err := exec.Command(filepath.Join(bin, name)).Output()
		if err != nil {
			t.Fatalf("%s: %v: %s", name, err, stderrOf(err))
		}
		sameItems(t, Go, name, out, r.items)
	}
}

// TestPythonProgramsRunAgainstServedEngine runs each Python program with
// boto3 (where it is installed) against the served engine.
func TestPythonProgramsRunAgainstServedEngine(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on PATH")
	}
	if err := exec.Command(py, "-c", "import boto3").Run(); err != nil {
		t.Skip("boto3 is not installed")
	}
	noAWSConfig(t)
	eng, url := servedEngine(t)
	for name, r := range readRequests(t, eng) {
		src, err := Render(Python, r.in, Options{Endpoint: url})
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(py, "-")
		cmd.Stdin = strings.NewReader(src)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v: %s\n%s", name, err, stderrOf(err), src)
		}
		sameItems(t, Python, name, out, r.items)
	}
}

// TestJavaScriptProgramsRunAgainstServedEngine runs each JavaScript
// program with @aws-sdk/client-dynamodb (where npm has it installed
// globally) against the served engine.
func TestJavaScriptProgramsRunAgainstServedEngine(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node on PATH")
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("no npm on PATH")
	}
	root, err := exec.Command(npm, "root", "-g").Output()
	if err != nil {
		t.Skip("npm root -g: ", err)
	}
	modules := strings.TrimSpace(string(root))
	if _, err := os.Stat(filepath.Join(modules, "@aws-sdk", "client-dynamodb")); err != nil {
		t.Skip("@aws-sdk/client-dynamodb is not installed (npm install -g @aws-sdk/client-dynamodb)")
	}
	noAWSConfig(t)
	eng, url := servedEngine(t)
	dir := t.TempDir()
	if err := os.Symlink(modules, filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	for name, r := range readRequests(t, eng) {
		src, err := Render(JavaScript, r.in, Options{Endpoint: url})
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name+".mjs")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(node, path).Output()
		if err != nil {
			t.Fatalf("%s: %v: %s\n%s", name, err, stderrOf(err), src)
		}
		sameItems(t, JavaScript, name, out, r.items)
	}
}

// noAWSConfig runs a program as on a machine with no AWS configuration:
// no region, no credentials, no profile.
func noAWSConfig(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "none")
	os.WriteFile(empty, nil, 0o600)
	for _, k := range []string{"AWS_REGION", "AWS_DEFAULT_REGION", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE"} {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
	t.Setenv("AWS_CONFIG_FILE", empty)
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", empty)
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
}

func stderrOf(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}
