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
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/internal/itemfmt"
	"github.com/dynoscope/dynoscope/model"
)

// The demo Thread table exported in each format holds its 22 items, and
// each file reads back to them.
func TestExportThreadInEachFormat(t *testing.T) {
	dir := t.TempDir()
	types := map[string]model.Type{"ForumName": model.TypeS, "Subject": model.TypeS, "LastPostDateTime": model.TypeS}
	for _, f := range itemfmt.Formats {
		t.Run(string(f), func(t *testing.T) {
			out := filepath.Join(dir, "thread"+f.Extension())
			var stdout, stderr bytes.Buffer
			if err := run([]string{"export", "--fixtures", "forum", "--table", "Thread", "--format", string(f), "--out", out}, &stdout, &stderr); err != nil {
				t.Fatalf("%v (stderr %s)", err, stderr.String())
			}
			want := "exported 22 items of Thread from the demo data sets in memory as " + string(f) + " to " + out + ": 1 page, 1 read unit consumed\n"
			if stderr.String() != want {
				t.Fatalf("stderr %q, want %q", stderr.String(), want)
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			records := strings.Count(string(data), "\n")
			if f == itemfmt.CSV {
				records-- // the header
			}
			items, err := itemfmt.ReadAll(bytes.NewReader(data), f, itemfmt.ReadOptions{Types: types})
			if err != nil {
				t.Fatal(err)
			}
			if records != 22 || len(items) != 22 {
				t.Fatalf("%d records, %d items read back; want 22", records, len(items))
			}
		})
	}
}

// Exporting an index, a Query and to standard output; bad flags.
func TestExportCommand(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		wantOut   string // a prefix of stdout
		wantLines int
		wantErr   string
	}{
		{"a Query of an LSI, DynamoDB JSON", []string{"export", "--fixtures", "forum", "--table", "Thread", "--index", "LastPostIndex",
			"--key-condition-expression", "ForumName = :f", "--expression-attribute-values", `{":f":{"S":"S3"}}`, "--format", "ddb-json"},
			`{"Item":{"ForumName":{"S":"S3"},`, 6, ""},
		{"a filtered Scan as plain JSON", []string{"export", "--fixtures", "forum", "--table", "Forum", "--filter-expression", "Threads > :n",
			"--expression-attribute-values", `{":n":{"N":"6"}}`}, `{"Category":"Amazon Web Services","Description":"Elastic Compute Cloud`, 1, ""},
		{"no table", []string{"export", "--fixtures", "forum"}, "", 0, "export needs --table TABLE"},
		{"an unknown format", []string{"export", "--fixtures", "forum", "--table", "Forum", "--format", "xml"}, "", 0, `unknown format "xml": use jsonl, ddb-json or csv`},
		{"an unknown index", []string{"export", "--fixtures", "forum", "--table", "Forum", "--index", "Nope"}, "", 0, "table Forum has no index Nope"},
		{"an unknown table", []string{"export", "--fixtures", "forum", "--table", "Nope"}, "", 0, "ResourceNotFoundException: Requested resource not found: Table: Nope not found"},
		{"fixtures and a file", []string{"export", "--fixtures", "forum", "--db", "x.db", "--table", "Forum"}, "", 0, "--fixtures loads demo data into memory: it does not go with --db or a remote DynamoDB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(tt.args, &stdout, &stderr)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v (stderr %s)", err, stderr.String())
			}
			if !strings.HasPrefix(stdout.String(), tt.wantOut) || strings.Count(stdout.String(), "\n") != tt.wantLines {
				t.Fatalf("stdout %q, want %d lines starting %q", stdout.String(), tt.wantLines, tt.wantOut)
			}
		})
	}
}

// A remote export says the cost first and reads nothing when the answer
// is no; with yes (or --yes) it reads every page.
func TestExportRemoteSaysTheCostFirst(t *testing.T) {
	isolateAWSConfig(t)
	src, err := engine.Open(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	d, _ := fixtures.Get("forum")
	if err := d.Load(context.Background(), src, nil); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(newServer(src))
	defer ts.Close()
	args := []string{"export", "--endpoint-url", ts.URL, "--table", "Thread", "--format", "csv"}

	old := stdin
	defer func() { stdin = old }()
	stdin = strings.NewReader("n\n")
	var stdout, stderr bytes.Buffer
	err = run(args, &stdout, &stderr)
	if err == nil || err.Error() != "export not started: nothing was read (pass --yes to read without asking)" || stdout.Len() != 0 {
		t.Fatalf("answer no: error %v, stdout %q", err, stdout.String())
	}
	if !strings.HasPrefix(stderr.String(), "Scan of Thread: ~22 items, ~") || !strings.HasSuffix(stderr.String(), "read it? [y/N] ") {
		t.Fatalf("stderr %q: want the estimate, then the question", stderr.String())
	}
	stdin = strings.NewReader("y\n")
	stdout.Reset()
	stderr.Reset()
	if err := run(args, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(stdout.String(), "\n"); n != 23 {
		t.Fatalf("%d CSV lines, want a header and 22 rows", n)
	}
	if !strings.Contains(stderr.String(), "exported 22 items of Thread from "+ts.URL+" as csv to standard output") {
		t.Fatalf("stderr %q", stderr.String())
	}
}

// isolateAWSConfig keeps the user's AWS configuration out of a test.
func isolateAWSConfig(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "config"), nil, 0o600)
	t.Setenv("AWS_CONFIG_FILE", filepath.Join(dir, "config"))
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", filepath.Join(dir, "config"))
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	t.Setenv("AWS_PROFILE", "")
}
