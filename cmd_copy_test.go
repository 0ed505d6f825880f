package main

import (
	"bytes"
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// `dynoscope copy` against `dynoscope serve` (started here on loopback):
// the schema and the items the Query picks land in the workspace file.
func TestCopyCommand(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "config"), nil, 0o600)
	t.Setenv("AWS_CONFIG_FILE", filepath.Join(dir, "config"))
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", filepath.Join(dir, "config"))
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	t.Setenv("AWS_PROFILE", "")
	src, err := engine.Open(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	ctx := context.Background()
	if _, err := src.CreateTable(ctx, &model.CreateTableInput{TableName: "Orders", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}, {AttributeName: "sk", AttributeType: "N"}},
		KeySchema:            []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}, {AttributeName: "sk", KeyType: "RANGE"}}}); err != nil {
		t.Fatal(err)
	}
	for _, k := range [][2]string{{"a", "1"}, {"a", "2"}, {"a", "3"}, {"b", "1"}} {
		if _, err := src.PutItem(ctx, &model.PutItemInput{TableName: "Orders", Item: model.Item{"pk": model.S(k[0]), "sk": model.N(k[1])}}); err != nil {
			t.Fatal(err)
		}
	}
	ts := httptest.NewServer(newServer(src))
	defer ts.Close()
	db := filepath.Join(dir, "ws.db")
	vals := filepath.Join(dir, "values.json")
	os.WriteFile(vals, []byte(`{":p":{"S":"a"}}`), 0o600)

	tests := []struct {
		name    string
		args    []string
		wantOut string
		wantErr string
	}{
		{"a Query, newest two", []string{"copy", "--endpoint-url", ts.URL, "--table", "Orders", "--db", db, "--limit", "2", "--as", "OrdersA",
			"--key-condition-expression", "pk = :p", "--expression-attribute-values", "file://" + vals, "--scan-index-forward=false"},
			"copied 2 items of Orders (" + ts.URL + ") into " + db + " as OrdersA: 1 page read, 0.5 read units consumed; the table has more (raise --limit above 2 to copy more)\n", ""},
		{"a filtered Scan", []string{"copy", "--endpoint-url", ts.URL, "--table", "Orders", "--db", db,
			"--filter-expression", "#s > :one", "--expression-attribute-names", `{"#s":"sk"}`, "--expression-attribute-values", `{":one":{"N":"1"}}`},
			"copied 2 items of Orders (" + ts.URL + ") into " + db + " as Orders: 1 page read, 0.5 read units consumed\n", ""},
		{"the copy exists", []string{"copy", "--endpoint-url", ts.URL, "--table", "Orders", "--db", db}, "",
			"ResourceInUseException: Table already exists: Orders"},
		{"a missing table", []string{"copy", "--endpoint-url", ts.URL, "--table", "Nope", "--db", db}, "",
			"ResourceNotFoundException: Requested resource not found: Table: Nope not found"},
		{"no --db", []string{"copy", "--endpoint-url", ts.URL, "--table", "Orders"}, "", "copy needs --db FILE: the workspace file the copy goes into"},
		{"no --table", []string{"copy", "--endpoint-url", ts.URL, "--db", db}, "", "copy needs --table TABLE"},
		{"no remote", []string{"copy", "--table", "Orders", "--db", db}, "", "name the DynamoDB to read: --region REGION [--profile NAME], or --endpoint-url URL"},
		{"bad values", []string{"copy", "--endpoint-url", ts.URL, "--table", "Orders", "--as", "BadValues", "--db", db, "--expression-attribute-values", `{":p":{}}`,
			"--key-condition-expression", "pk = :p"}, "", "ValidationException: ExpressionAttributeValues contains invalid value: Supplied AttributeValue is empty, must contain exactly one of the supported datatypes for key :p"},
		{"descending Scan", []string{"copy", "--endpoint-url", ts.URL, "--table", "Orders", "--db", db, "--scan-index-forward=false"}, "",
			"--scan-index-forward needs --key-condition-expression (a Query)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(tt.args, &stdout, &stderr)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v (stderr %s)", err, stderr.String())
			}
			if stdout.String() != tt.wantOut {
				t.Fatalf("stdout %q\nwant   %q", stdout.String(), tt.wantOut)
			}
		})
	}
	ws, err := engine.Open(engine.Options{Path: db, DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	// The Query copied a/3 and a/2 (newest first), the Scan a/2 and a/3.
	for _, table := range []string{"OrdersA", "Orders"} {
		out, err := ws.Scan(ctx, &model.ScanInput{TableName: table})
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, it := range out.Items {
			keys = append(keys, it["pk"].S+"/"+it["sk"].N)
		}
		if got := strings.Join(keys, " "); got != "a/2 a/3" {
			t.Fatalf("%s holds %s", table, got)
		}
	}
	if _, err := ws.DescribeTable(ctx, &model.DescribeTableInput{TableName: "BadValues"}); err == nil {
		t.Fatal("the failed copy left its table")
	}
}
