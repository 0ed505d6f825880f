package itemexport

import (
	"os"
	"path/filepath"
	"testing"
)

// Create writes nothing at path until commit(true); the file is readable
// by others as os.Create makes it, and a file replaced keeps its mode.
func TestCreate(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.jsonl")
	w, commit, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("{}\n"))
	if _, err := os.Stat(path); err == nil {
		t.Fatal("the file is there before the export is complete")
	}
	if err := commit(true); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Fatalf("mode %v, %v", fi.Mode(), err)
	}
	os.Chmod(path, 0o600)
	_, commit, _ = Create(path)
	commit(true)
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Fatalf("a replaced file's mode became %v", fi.Mode())
	}
	_, commit, _ = Create(filepath.Join(dir, "stopped.jsonl"))
	commit(false)
	if left, _ := os.ReadDir(dir); len(left) != 1 {
		t.Fatalf("left %v", left)
	}
}
