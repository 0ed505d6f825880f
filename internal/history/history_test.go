package history

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func run(i int) Entry {
	return Entry{At: time.Date(2026, 11, 28, 0, 0, i, 0, time.UTC), Op: "Query", Table: "Thread",
		Request: json.RawMessage(fmt.Sprintf(`{"TableName":"Thread","Limit":%d}`, i+1))}
}

// TestStoreKeepsRunsAndSavedAcrossOpens: what is appended is read back by
// a new store on the same file, in order; a saved name is replaced by a
// later save and forgotten by unsaved.
func TestStoreKeepsRunsAndSavedAcrossOpens(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "w.db.history.jsonl")
	s := Open(path)
	for i := range 3 {
		if err := s.Append(run(i)); err != nil {
			t.Fatal(err)
		}
	}
	saved := func(name, stmt string) Entry {
		return Entry{At: time.Date(2026, 11, 28, 1, 0, 0, 0, time.UTC), Op: "ExecuteStatement", Saved: name,
			Request: json.RawMessage(`{"Statement":"` + stmt + `"}`)}
	}
	for _, e := range []Entry{saved("b", "SELECT 1"), saved("a", "SELECT 2"), saved("b", "SELECT 3"), {At: time.Now(), Unsaved: "a"}} {
		if err := s.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	h, err := Open(path).Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Runs) != 3 || h.Skipped != 0 {
		t.Fatalf("runs %d skipped %d, want 3 and 0", len(h.Runs), h.Skipped)
	}
	for i, r := range h.Runs {
		if want := fmt.Sprintf(`{"TableName":"Thread","Limit":%d}`, i+1); string(r.Request) != want {
			t.Errorf("run %d: %s, want %s", i, r.Request, want)
		}
	}
	if len(h.Saved) != 1 || h.Saved[0].Saved != "b" || string(h.Saved[0].Request) != `{"Statement":"SELECT 3"}` {
		t.Fatalf("saved %+v, want b = SELECT 3 alone", h.Saved)
	}
	raw, _ := os.ReadFile(path)
	if first, _, _ := strings.Cut(string(raw), "\n"); first != `{"format":"dynoscope-query-history","version":1}` {
		t.Errorf("first line %q", first)
	}
}

// TestStoreKeepsTheLast500: past twice Keep records the file is written
// again with the last Keep runs and the saved requests.
func TestStoreKeepsTheLast500(t *testing.T) {
	path := filepath.Join(t.TempDir(), "h.jsonl")
	s := Open(path)
	if err := s.Append(Entry{At: time.Now(), Op: "Scan", Saved: "kept", Request: json.RawMessage(`{"TableName":"T"}`)}); err != nil {
		t.Fatal(err)
	}
	for i := range 2*Keep + 10 {
		if err := s.Append(run(i)); err != nil {
			t.Fatal(err)
		}
	}
	h, err := Open(path).Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Runs) != Keep || len(h.Saved) != 1 {
		t.Fatalf("%d runs and %d saved, want %d and 1", len(h.Runs), len(h.Saved), Keep)
	}
	last := h.Runs[Keep-1]
	if want := fmt.Sprintf(`{"TableName":"Thread","Limit":%d}`, 2*Keep+10); string(last.Request) != want {
		t.Errorf("newest run %s, want %s", last.Request, want)
	}
	raw, _ := os.ReadFile(path)
	if n := bytes.Count(raw, []byte("\n")); n > 2*Keep+1 {
		t.Errorf("the file holds %d lines: it was not written again", n)
	}
}

// TestDecodeSkipsBadLinesAndRefusesOtherFiles: a line cut short is skipped
// and counted, the rest read; a file that is not a history is refused
// (and Append leaves it as it was).
func TestDecodeSkipsBadLinesAndRefusesOtherFiles(t *testing.T) {
	text := `{"format":"dynoscope-query-history","version":1}
{"at":"2026-11-28T00:00:00Z","op":"Scan","request":{"TableName":"A"}}
{"at":"2026-11-28T00:00:01Z","op":"Scan","request":{"Table
{"at":"2026-11-28T00:00:02Z","op":"Scan","request":"not an object"}
{"at":"2026-11-28T00:00:03Z","op":"Scan","request":{"TableName":"B"}}
`
	h, err := Decode(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Runs) != 2 || h.Skipped != 2 {
		t.Fatalf("runs %d skipped %d, want 2 and 2", len(h.Runs), h.Skipped)
	}
	for _, bad := range []string{"PK,SK\n1,2\n", `{"format":"dynoscope-query-history","version":9}` + "\n"} {
		if _, err := Decode(strings.NewReader(bad)); err == nil {
			t.Errorf("%q was read as a history", bad)
		}
		path := filepath.Join(t.TempDir(), "other")
		os.WriteFile(path, []byte(bad), 0o644)
		if err := Open(path).Append(run(0)); err == nil {
			t.Errorf("appended to %q", bad)
		}
		if raw, _ := os.ReadFile(path); string(raw) != bad {
			t.Errorf("the file was changed: %q", raw)
		}
	}
}

func TestPaths(t *testing.T) {
	for _, c := range []struct{ key, want string }{
		{"", "memory.jsonl"},
		{"memory", "memory.jsonl"},
		{"http://127.0.0.1:8111", "http_127.0.0.1_8111.jsonl"},
		{"aws eu-west-1 profile prod", "aws_eu-west-1_profile_prod.jsonl"},
		{"../..", "memory.jsonl"},
	} {
		if got := InConfigDir("/cfg", c.key); got != filepath.Join("/cfg", "dynoscope", "history", c.want) {
			t.Errorf("%q: %s", c.key, got)
		}
	}
	if got := BesideWorkspace("/w/orders.db"); got != "/w/orders.db.history.jsonl" {
		t.Errorf("beside: %s", got)
	}
}
