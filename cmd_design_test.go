package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/designs"
)

const (
	testModel    = "designs/testdata/workbench-3.0-music.json"
	testTemplate = "designs/testdata/template.yaml"
	testPatterns = "designs/testdata/workbench-3.0-music.patterns.yaml"
)

// TestLoadExportCheckCommands walks the three commands as a person would:
// load a model and a template into a workspace, export it, check patterns.
func TestLoadExportCheckCommands(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "work.db")
	var stdout, stderr bytes.Buffer
	if err := run([]string{"load", testModel, testTemplate, "--db", db, "--param", "AWS::StackName=shop"}, &stdout, &stderr); err != nil {
		t.Fatalf("load: %v\n%s", err, stderr.String())
	}
	for _, want := range []string{
		"loaded " + testModel + ": created Songs, Artists; 6 items written; 3 facets kept",
		"loaded " + testTemplate + ": created shop-orders-dev, SessionsTable, counters, customers; 1 step run",
	} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("load output lacks %q:\n%s", want, stdout.String())
		}
	}
	if !strings.Contains(stderr.String(), "dynoscope: "+testTemplate+": line 79: OrdersTable: ignored PointInTimeRecoverySpecification (changes nothing in a local engine)") {
		t.Errorf("load notes:\n%s", stderr.String())
	}

	stdout.Reset()
	stderr.Reset()
	if err := run([]string{"export-model", "--db", db, "--items", "3", "--tables", "Songs,shop-orders-dev"}, &stdout, &stderr); err != nil {
		t.Fatalf("export-model: %v", err)
	}
	d, err := designs.ReadWorkbench(stdout.Bytes(), "export.json")
	if err != nil {
		t.Fatalf("the export does not read back: %v", err)
	}
	if d.Name != "work" || len(d.Tables) != 2 || len(d.Tables[0].Items) != 3 || len(d.Tables[0].Facets) != 3 {
		t.Errorf("export: %q, %d tables", d.Name, len(d.Tables))
	}
	if !strings.Contains(stderr.String(), "dynoscope: not exported: table shop-orders-dev: local secondary indexes [ByTotal] (a Workbench model cannot hold it)") {
		t.Errorf("export notes:\n%s", stderr.String())
	}

	// Against the workspace: the pattern file's scan fails the check.
	stdout.Reset()
	stderr.Reset()
	err = run([]string{"check-patterns", testPatterns, "--db", db}, &stdout, &stderr)
	if err == nil || err.Error() != "1 of 5 patterns failed" {
		t.Errorf("check-patterns: %v\n%s", err, stdout.String())
	}
	if !strings.Contains(stdout.String(), "FAIL: it scans: index ByArtist has partition key Artist") {
		t.Errorf("check output:\n%s", stdout.String())
	}
	// With --db, only pattern files are taken.
	if err := run([]string{"check-patterns", testModel, "--db", db}, &stdout, &stderr); err == nil ||
		!strings.Contains(err.Error(), "is not a pattern file") {
		t.Errorf("a model with --db: %v", err)
	}
}

// TestCheckPatternsInMemory is the CI use: the pattern file names its
// model, which is loaded into an empty workspace; a file whose patterns all
// pass exits 0.
func TestCheckPatternsInMemory(t *testing.T) {
	dir := t.TempDir()
	model, err := filepath.Abs(testModel)
	if err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.patterns.yaml")
	os.WriteFile(good, []byte(`Model: `+model+`
Patterns:
  - Name: Song details
    Operation: GetItem
    Request: {TableName: Songs, Key: {Id: {S: "${song}"}, Metadata: {S: Details}}}
    Values: {song: "1"}
    Budget: {MaxRCU: 0.5}
`), 0o644)
	var stdout, stderr bytes.Buffer
	if err := run([]string{"check-patterns", good}, &stdout, &stderr); err != nil {
		t.Fatalf("check-patterns: %v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), "1 patterns: 1 passed, 0 failed") {
		t.Errorf("output:\n%s", stdout.String())
	}
	// --value overrides a placeholder: song 2 is smaller still, song 7 is
	// not there (the read costs the same and returns nothing).
	stdout.Reset()
	if err := run([]string{"check-patterns", good, "--value", "song=7"}, &stdout, &stderr); err != nil {
		t.Fatalf("check-patterns --value: %v", err)
	}
	if !strings.Contains(stdout.String(), `Id = "7", Metadata = "Details"`) {
		t.Errorf("output:\n%s", stdout.String())
	}
	// A pattern file that does not read names its line.
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("Patterns:\n  - Name: x\n    Operation: Get\n    Request: {}\n"), 0o644)
	err = run([]string{"check-patterns", bad}, &stdout, &stderr)
	if want := bad + `:3: Patterns[0].Operation: expected GetItem, Query, Scan, PutItem, UpdateItem, DeleteItem, TransactWriteItems, ExecuteStatement or SearchVectors, found the string "Get"`; err == nil || err.Error() != want {
		t.Errorf("bad pattern file:\n got  %v\n want %s", err, want)
	}
}

// TestExploreModelFlag: --model with a file that fails names it and the
// explorer does not start.
func TestExploreModelFlag(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "m.json")
	os.WriteFile(bad, []byte(`{"ModelName": "M", "DataModel": [{"TableName": "T1"}]}`), 0o644)
	var stdout, stderr bytes.Buffer
	err := run([]string{"--model", bad}, &stdout, &stderr)
	if want := bad + ":1: DataModel[0]: missing KeyAttributes"; err == nil || err.Error() != want {
		t.Errorf("--model with a bad file: %v", err)
	}
}

// The pattern file beside a model is found under either name the README
// and the help use: NAME.patterns.yaml (the model's name without .json)
// and FILE.patterns.yaml (the whole file name); NAME first.
func TestSiblingPatternsBothNames(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "music.json")
	if got := siblingPatterns(model); got != "" {
		t.Fatalf("none there, found %q", got)
	}
	whole := filepath.Join(dir, "music.json.patterns.yaml")
	os.WriteFile(whole, []byte("patterns: []\n"), 0o644)
	if got := siblingPatterns(model); got != whole {
		t.Fatalf("FILE.patterns.yaml: found %q", got)
	}
	stem := filepath.Join(dir, "music.patterns.yml")
	os.WriteFile(stem, []byte("patterns: []\n"), 0o644)
	if got := siblingPatterns(model); got != stem {
		t.Fatalf("NAME.patterns.yml beside FILE.patterns.yaml: found %q", got)
	}
}

// check-patterns without the model its patterns read says which tables are
// missing and how to bring them, besides each pattern's
// ResourceNotFoundException.
func TestCheckPatternsWithoutTheModelHints(t *testing.T) {
	data, err := os.ReadFile(testPatterns)
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, l := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(l, "Model:") {
			kept = append(kept, l)
		}
	}
	file := filepath.Join(t.TempDir(), "music.patterns.yaml")
	os.WriteFile(file, []byte(strings.Join(kept, "\n")), 0o644)
	var stdout, stderr bytes.Buffer
	err = run([]string{"check-patterns", file}, &stdout, &stderr)
	if err == nil || err.Error() != "5 of 5 patterns failed" {
		t.Fatalf("error %v", err)
	}
	want := "dynoscope: the in-memory workspace has no table Songs, which the patterns use: name the model in the pattern file (a Model: line, relative to the file) or before it on the command line ('dynoscope check-patterns model.json patterns.yaml'), or check a workspace that has them with --db FILE\n"
	if stderr.String() != want {
		t.Fatalf("stderr %q\nwant %q", stderr.String(), want)
	}
	// With the model named, no hint.
	stderr.Reset()
	if err := run([]string{"check-patterns", testModel, file}, &stdout, &stderr); err != nil && !strings.Contains(err.Error(), "patterns failed") {
		t.Fatal(err)
	}
	if strings.Contains(stderr.String(), "has no table") {
		t.Fatalf("hint with the model loaded: %s", stderr.String())
	}
}

// export-model, load the export, export-model again: the model keeps its
// ModelName and description (the model the tables were loaded from), the
// second export naming the same model as the first.
func TestExportLoadExportKeepsTheModelsName(t *testing.T) {
	dir := t.TempDir()
	meta := func(b []byte) (string, string) {
		var m struct {
			ModelName     string
			ModelMetadata struct{ Description string }
		}
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return m.ModelName, m.ModelMetadata.Description
	}
	orig, err := os.ReadFile(testModel)
	if err != nil {
		t.Fatal(err)
	}
	wantName, wantDesc := meta(orig)
	var stdout, stderr bytes.Buffer
	first := filepath.Join(dir, "first.db")
	if err := run([]string{"load", testModel, "--db", first}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	if err := run([]string{"export-model", "--db", first}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	exported := filepath.Join(dir, "export.json")
	os.WriteFile(exported, stdout.Bytes(), 0o644)
	if n, d := meta(stdout.Bytes()); n != wantName || d != wantDesc {
		t.Fatalf("first export: %q, %q; the model is %q, %q", n, d, wantName, wantDesc)
	}
	second := filepath.Join(dir, "second.db")
	if err := run([]string{"load", exported, "--db", second}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	if err := run([]string{"export-model", "--db", second}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if n, d := meta(stdout.Bytes()); n != wantName || d != wantDesc {
		t.Fatalf("second export: %q, %q; want %q, %q", n, d, wantName, wantDesc)
	}
	// --name still names it.
	stdout.Reset()
	if err := run([]string{"export-model", "--db", second, "--name", "Mine"}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if n, _ := meta(stdout.Bytes()); n != "Mine" {
		t.Fatalf("--name Mine gave %q", n)
	}
}
