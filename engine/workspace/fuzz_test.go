package workspace

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzReplay opens arbitrary bytes as a workspace file: never a panic; a
// file that is refused is left as it was; what is replayed comes only from
// whole, valid frames; Salvage reads at least as much as Replay.
func FuzzReplay(f *testing.F) {
	valid := []byte(Header)
	for i, v := range []string{"a", "bb", "ccc"} {
		frame := AppendSet(NewFrame(nil), string(rune('k'+i)), v)
		valid = append(valid, sealFrame(frame, KindTransaction, uint64(i+1), 2)...)
	}
	f.Add(valid)
	v1 := []byte(HeaderV1)
	for i, v := range []string{"a", "b\xf7c"} {
		v1 = append(v1, sealFrame(AppendSet(NewFrame(nil), string(rune('k'+i)), v), KindTransaction, uint64(i+1), 1)...)
	}
	f.Add(v1)
	f.Add(valid[:len(valid)-3])
	f.Add([]byte(Header))
	f.Add([]byte(`{"a":1}`))
	f.Add([]byte("*3\r\n$3\r\nset\r\n$1\r\na\r\n$1\r\nb\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(fuzzDir(t), "w.db")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		w, err := Open(path, SyncNever)
		if err != nil {
			var nw *NotWorkspaceError
			if !errors.As(err, &nw) {
				t.Fatalf("Open: %v", err)
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(after, data) {
				t.Fatal("a refused file changed")
			}
			return
		}
		if w.Format() != FormatWorkspace {
			w.Close()
			return
		}
		var replayed bytes.Buffer
		_, rerr := w.Replay(collect(&replayed))
		w.Close()
		var de *DamagedError
		if rerr != nil && !errors.As(rerr, &de) {
			t.Fatalf("Replay: %v", rerr)
		}
		if rerr != nil {
			if after, _ := os.ReadFile(path); !bytes.Equal(after, data) {
				t.Fatal("a damaged file changed")
			}
		}
		os.WriteFile(path, data, 0o644)
		w, err = Open(path, SyncNever)
		if err != nil {
			t.Fatal(err)
		}
		var salvaged bytes.Buffer
		if _, err := w.Salvage(collectFrames(&salvaged)); err != nil {
			t.Fatalf("Salvage: %v", err)
		}
		w.Close()
		if rerr == nil && !bytes.Equal(salvaged.Bytes(), replayed.Bytes()) {
			t.Fatalf("Salvage read %q, Replay %q", salvaged.Bytes(), replayed.Bytes())
		}
		if !bytes.HasPrefix(salvaged.Bytes(), replayed.Bytes()) {
			t.Fatalf("Salvage read %q, not a continuation of Replay's %q", salvaged.Bytes(), replayed.Bytes())
		}
	})
}

// fuzzDir is a fresh directory for one input, in memory where the system
// has /dev/shm (the file syncs of Open would otherwise dominate).
func fuzzDir(t *testing.T) string {
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		dir, err := os.MkdirTemp("/dev/shm", "dynoscope-fuzz-")
		if err == nil {
			t.Cleanup(func() { os.RemoveAll(dir) })
			return dir
		}
	}
	return t.TempDir()
}
