package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/model"
)

// scanAll reads every item of a table in a workspace file.
func scanAll(t *testing.T, db, table string) []model.Item {
	t.Helper()
	e, err := engine.Open(engine.Options{Path: db, DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	out, err := e.Scan(context.Background(), &model.ScanInput{TableName: table})
	if err != nil {
		t.Fatal(err)
	}
	return out.Items
}

// Thread exported in each format loads back into an empty Thread table:
// DynamoDB JSON exactly as it was; plain JSON and CSV with the keys typed
// by the table.
func TestLoadExportedThreadIntoAnExistingTable(t *testing.T) {
	dir := t.TempDir()
	d, _ := fixtures.Get("forum")
	var create model.CreateTableInput
	for _, tb := range d.Tables {
		if tb.TableName == "Thread" {
			create = tb
		}
	}
	for _, f := range []string{"jsonl", "ddb-json", "csv"} {
		t.Run(f, func(t *testing.T) {
			out := filepath.Join(dir, "thread-"+f)
			var stdout, stderr bytes.Buffer
			if err := run([]string{"export", "--fixtures", "forum", "--table", "Thread", "--format", f, "--out", out}, &stdout, &stderr); err != nil {
				t.Fatal(err)
			}
			db := filepath.Join(dir, f+".db")
			e, err := engine.Open(engine.Options{Path: db})
			if err != nil {
				t.Fatal(err)
			}
			in := create
			if _, err := e.CreateTable(context.Background(), &in); err != nil {
				t.Fatal(err)
			}
			e.Close()
			stdout.Reset()
			args := []string{"load", out, "--table", "Thread", "--db", db}
			if f == "csv" {
				args = append(args, "--format", "csv") // the name has no .csv
			}
			if err := run(args, &stdout, &stderr); err != nil {
				t.Fatalf("%v (stderr %s)", err, stderr.String())
			}
			if want := "loaded " + out + ": 22 items written\n"; stdout.String() != want {
				t.Fatalf("stdout %q, want %q", stdout.String(), want)
			}
			items := scanAll(t, db, "Thread")
			if len(items) != 22 {
				t.Fatalf("%d items loaded, want 22", len(items))
			}
			want := map[string]model.Item{}
			for _, it := range d.RequestItems()["Thread"] {
				p := it.PutRequest.Item
				want[p["ForumName"].S+"/"+p["Subject"].S] = p
			}
			for _, it := range items {
				orig := want[it["ForumName"].S+"/"+it["Subject"].S]
				switch f {
				case "ddb-json":
					if !model.ItemsEqual(it, orig) {
						t.Fatalf("DynamoDB JSON changed an item: %s, was %s", model.AppendItemJSON(nil, it), model.AppendItemJSON(nil, orig))
					}
				case "jsonl":
					if it["Views"].Type != model.TypeN || it["Views"].N != orig["Views"].N || it["Tags"].Type != model.TypeL {
						t.Fatalf("plain JSON: Views %s, Tags %s", model.AppendJSON(nil, it["Views"]), model.AppendJSON(nil, it["Tags"]))
					}
				case "csv":
					if it["Views"].Type != model.TypeS || it["LastPostDateTime"].S != orig["LastPostDateTime"].S {
						t.Fatalf("CSV: Views %s (a string, as DynamoDB's import reads CSV), LastPostDateTime %s", model.AppendJSON(nil, it["Views"]), model.AppendJSON(nil, it["LastPostDateTime"]))
					}
				}
			}
		})
	}
}

// CSV cells: keys typed by the key schema, the rest strings unless
// --infer-numbers; a bad row refuses the whole file, naming its line.
func TestLoadCSVItems(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "ws.db")
	table := filepath.Join(dir, "table.json")
	os.WriteFile(table, []byte(`{"TableName":"Orders","BillingMode":"PAY_PER_REQUEST",
		"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
		"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"}]}`), 0o644)
	var stdout, stderr bytes.Buffer
	if err := run([]string{"load", table, "--db", db}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte("pk,sk,total\na,1,10\na,two,20\n"), 0o644)
	err := run([]string{"load", bad, "--table", "Orders", "--db", db}, &stdout, &stderr)
	want := bad + ":3: table Orders, item 2: column sk: a number key: The parameter cannot be converted to a numeric value: two (nothing loaded)"
	if err == nil || err.Error() != want {
		t.Fatalf("error %v\nwant %s", err, want)
	}
	if n := len(scanAll(t, db, "Orders")); n != 0 {
		t.Fatalf("a refused file left %d items", n)
	}
	good := filepath.Join(dir, "good.csv")
	os.WriteFile(good, []byte("pk,sk,total,zip\na,1,10.50,02134\na,2,20,\n"), 0o644)
	for _, infer := range []bool{false, true} {
		args := []string{"load", good, "--table", "Orders", "--db", db}
		wantTotal := model.S("10.50")
		if infer {
			args = append(args, "--infer-numbers")
			wantTotal = model.N("10.5")
		}
		stdout.Reset()
		if err := run(args, &stdout, &stderr); err != nil {
			t.Fatal(err)
		}
		items := scanAll(t, db, "Orders")
		if len(items) != 2 {
			t.Fatalf("%d items", len(items))
		}
		first := items[0]
		if !model.Equal(first["sk"], model.N("1")) || !model.Equal(first["total"], wantTotal) || !model.Equal(first["zip"], model.S("02134")) {
			t.Fatalf("infer %v: %s", infer, model.AppendItemJSON(nil, first))
		}
		if _, ok := items[1]["zip"]; ok {
			t.Fatal("an empty cell became an attribute")
		}
	}
	err = run([]string{"load", good, "--table", "Nope", "--db", db}, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "table Nope does not exist: create it first") {
		t.Fatalf("error %v", err)
	}
	err = run([]string{"load", good, "--infer-numbers", "--db", db}, &stdout, &stderr)
	if err == nil || err.Error() != "--format and --infer-numbers are for item files: name their table with --table" {
		t.Fatalf("error %v", err)
	}
}
