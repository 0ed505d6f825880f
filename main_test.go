package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

func TestCommandLine(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "ws.db")
	good := filepath.Join(dir, "table.json")
	bad := filepath.Join(dir, "items.json")
	os.WriteFile(good, []byte(`{"TableName":"Music","BillingMode":"PAY_PER_REQUEST",
		"KeySchema":[{"AttributeName":"Artist","KeyType":"HASH"}],
		"AttributeDefinitions":[{"AttributeName":"Artist","AttributeType":"S"}]}`), 0o644)
	os.WriteFile(bad, []byte(`{"Music":[{"PutRequest":{"Item":{"Artist":{"S":"A"}}}},{"PutRequest":{"Item":{"Artist":{"N":"1"}}}}]}`), 0o644)
	tests := []struct {
		name    string
		args    []string
		wantErr string
		wantOut string
	}{
		{"version", []string{"--version"}, "", "dynoscope " + version + "\n"},
		{"fixtures lists the data sets", []string{"fixtures"}, "", "schema-demo: "},
		{"load a table", []string{"load", "--db", db, good}, "", ""},
		{"load items of the wrong key type", []string{"load", "--db", db, bad}, `item 2 {"Artist":{"N":"1"}}: ValidationException: The provided key element does not match the schema`, ""}, // BatchWriteItem's text
		{"unknown command", []string{"frobnicate"}, `unknown command "frobnicate"`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(tt.args, &stdout, &stderr)
			if tt.wantErr == "" && err != nil {
				t.Fatalf("error %v (stderr %s)", err, stderr.String())
			}
			if tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("error %v, want it to mention %q", err, tt.wantErr)
			}
			if tt.wantOut != "" && !strings.Contains(stdout.String(), tt.wantOut) {
				t.Fatalf("stdout %q, want %q", stdout.String(), tt.wantOut)
			}
		})
	}
	// The bad file changed nothing: the table is there and empty.
	e, err := engine.Open(engine.Options{Path: db, DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	d, err := e.DescribeTable(context.Background(), &model.DescribeTableInput{TableName: "Music"})
	if err != nil {
		t.Fatal(err)
	}
	if d.Table.ItemCount != 0 {
		t.Fatalf("a rejected load left %d items", d.Table.ItemCount)
	}
}
