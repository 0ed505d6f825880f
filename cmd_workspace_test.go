package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/workspace"
	"github.com/dynoscope/dynoscope/model"
)

// TestServeRefusesAFileThatIsNotAWorkspace: `serve --db t.json` used to
// empty t.json.
func TestServeRefusesAFileThatIsNotAWorkspace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.json")
	os.WriteFile(path, []byte(`{"a":1}`), 0o644)
	var stdout, stderr bytes.Buffer
	err := run([]string{"serve", "--addr", "127.0.0.1:0", "--db", path}, &stdout, &stderr)
	want := path + ` is not a dynoscope workspace (it looks like JSON text, 7 bytes); nothing was changed. Pass a new file name, or an existing workspace`
	if err == nil || err.Error() != want {
		t.Fatalf("error %v, want %s", err, want)
	}
	if data, _ := os.ReadFile(path); string(data) != `{"a":1}` {
		t.Fatalf("t.json now holds %q", data)
	}
}

// TestLoadWhileTheWorkspaceIsOpen: `load --db work.db` while serve has it
// used to succeed and destroy the file; it is refused and the holder keeps
// writing.
func TestLoadWhileTheWorkspaceIsOpen(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "work.db")
	holder, err := engine.Open(engine.Options{Path: db, DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	table := filepath.Join(dir, "t.json")
	os.WriteFile(table, []byte(`{"TableName":"Music","BillingMode":"PAY_PER_REQUEST",
		"KeySchema":[{"AttributeName":"Artist","KeyType":"HASH"}],
		"AttributeDefinitions":[{"AttributeName":"Artist","AttributeType":"S"}]}`), 0o644)
	var stdout, stderr bytes.Buffer
	err = run([]string{"load", table, "--db", db}, &stdout, &stderr)
	var le *workspace.LockedError
	if !errors.As(err, &le) || !strings.HasPrefix(err.Error(), "workspace "+db+" is in use by ") {
		t.Fatalf("load: %v, want a refusal naming the workspace", err)
	}
	if _, err := holder.CreateTable(context.Background(), &model.CreateTableInput{TableName: "Kept", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}}, AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}}}); err != nil {
		t.Fatal(err)
	}
	holder.Close()
	if err := run([]string{"load", table, "--db", db}, &stdout, &stderr); err != nil {
		t.Fatalf("load after the holder closed: %v", err)
	}
	e, err := engine.Open(engine.Options{Path: db, DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	out, _ := e.ListTables(context.Background(), &model.ListTablesInput{})
	if strings.Join(out.TableNames, ",") != "Kept,Music" {
		t.Fatalf("tables %v", out.TableNames)
	}
}

// TestLoadSeveralFilesAllOrNothing: `load a.json bad.json` used to keep
// a.json's table when bad.json failed.
func TestLoadSeveralFilesAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "w.db")
	a := filepath.Join(dir, "a.json")
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(a, []byte(`{"TableName":"Music","BillingMode":"PAY_PER_REQUEST",
		"KeySchema":[{"AttributeName":"Artist","KeyType":"HASH"}],
		"AttributeDefinitions":[{"AttributeName":"Artist","AttributeType":"S"}]}`), 0o644)
	os.WriteFile(bad, []byte(`{"Music":[{"PutRequest":{"Item":{"Artist":{"N":"1"}}}}]}`), 0o644)
	var stdout, stderr bytes.Buffer
	err := run([]string{"load", a, bad, "--db", db}, &stdout, &stderr)
	if err == nil || !strings.HasSuffix(err.Error(), "(nothing loaded: deleted Music again)") {
		t.Fatalf("load: %v", err)
	}
	e, err := engine.Open(engine.Options{Path: db, DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	out, _ := e.ListTables(context.Background(), &model.ListTablesInput{})
	if len(out.TableNames) != 0 {
		t.Fatalf("tables %v after a failed load", out.TableNames)
	}
}

// TestRepairCommand damages a workspace in the middle and repairs it.
func TestRepairCommand(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "w.db")
	e, err := engine.Open(engine.Options{Path: db, DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	e.CreateTable(ctx, &model.CreateTableInput{TableName: "Music", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}}, AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}}})
	for _, k := range []string{"a", "b", "c"} {
		e.PutItem(ctx, &model.PutItemInput{TableName: "Music", Item: model.Item{"pk": model.S(k), "v": model.S(strings.Repeat(k, 100))}})
	}
	e.Close()
	data, _ := os.ReadFile(db)
	i := bytes.Index(data, []byte(strings.Repeat("b", 100)))
	data[i+50] = 'X'
	os.WriteFile(db, data, 0o644)
	var stdout, stderr bytes.Buffer
	err = run([]string{"serve", "--addr", "127.0.0.1:0", "--db", db}, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "is damaged") || !strings.Contains(err.Error(), "dynoscope repair --db "+db) {
		t.Fatalf("serve on a damaged workspace: %v", err)
	}
	if err := run([]string{"repair", "--db", db}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	out := stdout.String()
	for _, want := range []string{"repaired " + db + " (the original is kept at " + db + ".damaged-", "unreadable, dropped: ", "indexes and TTL queues matched their items (1 table, 2 items)"} {
		if !strings.Contains(out, want) {
			t.Fatalf("repair said\n%s\nwant %q", out, want)
		}
	}
}
