// Package history keeps the requests run in the explorer's Query pane and
// the ones saved by name, in one file per workspace or endpoint: beside
// the workspace file for --db (orders.db → orders.db.history.jsonl), or in
// the user's configuration directory (os.UserConfigDir()/dynoscope/history/,
// one file per endpoint and region, or memory.jsonl for the in-memory
// workspace) — never inside the user's tables.
//
// The file is JSON Lines. The first line names the format; each line after
// it is one record:
//
//	{"format":"dynoscope-query-history","version":1}
//	{"at":"2026-11-28T00:41:07Z","op":"Query","table":"Thread","request":{"TableName":"Thread",…}}
//	{"at":"2026-11-28T00:42:10Z","op":"ExecuteStatement","saved":"open threads","request":{"Statement":"SELECT …"}}
//	{"at":"2026-11-28T00:43:00Z","unsaved":"open threads"}
//
// A record with "saved" keeps a request under a name (a later one of the
// same name replaces it); "unsaved" forgets the name; any other record is
// a request that was run. "op" is the DynamoDB action ("Query", "Scan",
// "ExecuteStatement", "TransactWriteItems", …) and "request" its input as
// DynamoDB's JSON protocol writes it. Appending writes one line; when the
// file holds twice as many runs as are kept, it is written again with the
// last Keep runs and the saved requests (a temporary file renamed over
// it). Reading skips a line it cannot read (a line cut short by a crash)
// and counts it, so one bad line never loses the rest.
package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
)

// Keep is how many runs a history keeps.
const Keep = 500

// Format and Version name the file's format on its first line.
const (
	Format  = "dynoscope-query-history"
	Version = 1
)

// maxLine is the longest line read (a transaction of 100 actions with
// large items fits).
const maxLine = 16 << 20

// Entry is one record: a request run, a request saved by name, or the end
// of a saved name.
type Entry struct {
	At      time.Time       `json:"at"`
	Op      string          `json:"op,omitempty"`
	Table   string          `json:"table,omitempty"`
	Index   string          `json:"index,omitempty"`
	Saved   string          `json:"saved,omitempty"`
	Unsaved string          `json:"unsaved,omitempty"`
	Request json.RawMessage `json:"request,omitempty"`
}

// header is the first line.
type header struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
}

// valid reports whether a record read from a file is one: a run or a
// saved request names its action and holds a JSON object; a forgotten
// name names it.
func (e Entry) valid() bool {
	if e.Unsaved != "" {
		return e.Op == "" && e.Saved == "" && len(e.Request) == 0
	}
	r := bytes.TrimSpace(e.Request)
	return e.Op != "" && len(r) > 0 && r[0] == '{' && json.Valid(r)
}

// History is what a file holds once read: the runs, oldest first (at most
// Keep), and the saved requests by name, in name order.
type History struct {
	Runs  []Entry
	Saved []Entry
	// Skipped counts the lines that could not be read.
	Skipped int
}

// Decode reads a history file. A file that does not start with the
// format's line is refused; after it, a line that is not a record is
// skipped and counted.
func Decode(r io.Reader) (*History, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	h := &History{}
	first := true
	var recs []Entry
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		if first {
			first = false
			var hd header
			if err := json.Unmarshal(line, &hd); err != nil || hd.Format != Format {
				return nil, errors.New("not a dynoscope query history (its first line does not name the format)")
			}
			if hd.Version != Version {
				return nil, fmt.Errorf("query history version %d: this dynoscope reads version %d", hd.Version, Version)
			}
			continue
		}
		var e Entry
		if err := json.Unmarshal(line, &e); err != nil || !e.valid() {
			h.Skipped++
			continue
		}
		e.Request = compact(e.Request)
		recs = append(recs, e)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			h.Skipped++ // the rest of the file is behind a line too long to read
		} else {
			return nil, err
		}
	}
	h.apply(recs)
	return h, nil
}

// compact writes a JSON value without insignificant space (the value is
// valid: valid checked it).
func compact(b json.RawMessage) json.RawMessage {
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return b
	}
	return buf.Bytes()
}

// apply folds records into the history, in order.
func (h *History) apply(recs []Entry) {
	saved := map[string]Entry{}
	for _, e := range h.Saved {
		saved[e.Saved] = e
	}
	for _, e := range recs {
		switch {
		case e.Unsaved != "":
			delete(saved, e.Unsaved)
		case e.Saved != "":
			saved[e.Saved] = e
		default:
			h.Runs = append(h.Runs, e)
		}
	}
	if n := len(h.Runs); n > Keep {
		h.Runs = append([]Entry(nil), h.Runs[n-Keep:]...)
	}
	h.Saved = h.Saved[:0]
	for _, e := range saved {
		h.Saved = append(h.Saved, e)
	}
	sort.Slice(h.Saved, func(i, j int) bool { return h.Saved[i].Saved < h.Saved[j].Saved })
}

// Encode writes the history as a file holds it: the format's line, the
// saved requests, then the runs.
func Encode(w io.Writer, h *History) error {
	bw := bufio.NewWriter(w)
	line, _ := marshal(header{Format: Format, Version: Version})
	bw.Write(line)
	for _, list := range [][]Entry{h.Saved, h.Runs} {
		for _, e := range list {
			line, err := marshal(e)
			if err != nil {
				return err
			}
			bw.Write(line)
		}
	}
	return bw.Flush()
}

// marshal writes v as one line of JSON, with <, > and & as themselves
// (a request is kept as it was sent).
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Store is one history file. Its methods are safe for concurrent use (the
// explorer calls them from commands).
type Store struct {
	path string
	mu   sync.Mutex
	// lines counts the records in the file, to know when to write it
	// again (-1 before it is read).
	lines int
}

// Open returns the store of a file (nothing is read or written yet).
func Open(path string) *Store { return &Store{path: path, lines: -1} }

// Path is the file's path.
func (s *Store) Path() string { return s.path }

// Load reads the file; a file that does not exist is an empty history.
func (s *Store) Load() (*History, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.load()
}

func (s *Store) load() (*History, error) {
	f, err := os.Open(s.path)
	if errors.Is(err, os.ErrNotExist) {
		s.lines = 0
		return &History{}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	h, err := Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.path, err)
	}
	s.lines = len(h.Runs) + len(h.Saved) + h.Skipped
	return h, nil
}

// Append adds a record to the file (creating it and its directory), and
// writes the file again, shorter, once it holds twice Keep runs.
func (s *Store) Append(e Entry) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lines < 0 {
		if _, err := s.load(); err != nil {
			return err
		}
	}
	if s.lines >= 2*Keep {
		h, err := s.load()
		if err != nil {
			return err
		}
		h.apply([]Entry{e})
		return s.rewrite(h)
	}
	line, err := marshal(e)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(s.path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(s.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if st, err := f.Stat(); err == nil && st.Size() == 0 {
		hd, _ := marshal(header{Format: Format, Version: Version})
		line = append(hd, line...)
	}
	_, err = f.Write(line)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		s.lines++
	}
	return err
}

// rewrite replaces the file with h (a temporary file renamed over it).
func (s *Store) rewrite(h *History) error {
	if err := os.MkdirAll(filepath.Dir(s.path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(s.path), filepath.Base(s.path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := Encode(tmp, h); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), s.path); err != nil {
		return err
	}
	s.lines = len(h.Runs) + len(h.Saved)
	return nil
}

// BesideWorkspace is the history file of a workspace file.
func BesideWorkspace(file string) string { return file + ".history.jsonl" }

// unsafeName matches what a file name should not hold.
var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// InConfigDir is the history file, under the user's configuration
// directory dir (os.UserConfigDir()), of a workspace kept in memory (key
// "" or "memory") or of a remote endpoint (key: its endpoint URL, or its
// region for AWS, with the profile).
func InConfigDir(dir, key string) string {
	if key == "" {
		key = "memory"
	}
	name := strings.Trim(unsafeName.ReplaceAllString(key, "_"), "_.")
	if name == "" {
		name = "memory"
	}
	return filepath.Join(dir, "dynoscope", "history", name+".jsonl")
}
