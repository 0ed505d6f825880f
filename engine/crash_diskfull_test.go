//go:build linux

package engine

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// A full disk in the middle of a frame: the write fails part-way (pwrite
// wrote some bytes, the next one failed). Nothing of that frame may stay in
// the file: the write is answered with an error, the next write goes where
// the failed frame began, and the file opens with nothing cut. The disk is
// made full two ways: a file-size limit (RLIMIT_FSIZE: the same partial
// write, answered EFBIG; works everywhere), and a 1 MB tmpfs (a real
// ENOSPC; where the test may mount one, as root).

// fillDisk gives a workspace path, a func that makes writes past size
// bytes of it fail, and one that frees the disk again.
type fillDisk func(t *testing.T, dir string) (path string, full func(size int64), free func())

var diskFillers = map[string]fillDisk{
	"rlimit": func(t *testing.T, dir string) (string, func(int64), func()) {
		var saved syscall.Rlimit
		mustOK(t, syscall.Getrlimit(syscall.RLIMIT_FSIZE, &saved))
		free := func() { syscall.Setrlimit(syscall.RLIMIT_FSIZE, &saved) }
		t.Cleanup(free)
		return filepath.Join(dir, "w.db"), func(size int64) {
			mustOK(t, syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: uint64(size), Max: saved.Max}))
		}, free
	},
	"tmpfs": func(t *testing.T, dir string) (string, func(int64), func()) {
		mnt := filepath.Join(t.TempDir(), "full")
		mustOK(t, os.Mkdir(mnt, 0o755))
		if os.Getuid() != 0 || exec.Command("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mnt).Run() != nil {
			t.Skip("cannot mount a tmpfs here (needs root)")
		}
		t.Cleanup(func() { exec.Command("umount", mnt).Run() })
		ballast := filepath.Join(mnt, "ballast")
		return filepath.Join(mnt, "w.db"), func(int64) {
			// Fill the file system but for 64 KB: the 300 KB item
			// written next cannot fit.
			var fs syscall.Statfs_t
			mustOK(t, syscall.Statfs(mnt, &fs))
			mustOK(t, os.WriteFile(ballast, make([]byte, max(0, int64(fs.Bavail)*fs.Bsize-64<<10)), 0o644))
		}, func() { os.Remove(ballast) }
	},
}

func TestCrashDiskFullMidFrame(t *testing.T) {
	for name, fill := range diskFillers {
		t.Run(name, func(t *testing.T) {
			path, full, free := fill(t, t.TempDir())
			e := openFile(t, path, NewManualClock(testStart))
			t.Cleanup(func() { e.Close() })
			_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "plain", BillingMode: model.BillingPayPerRequest,
				KeySchema: []model.KeySchemaElement{hk("pk")}, AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S")}})
			mustOK(t, err)
			_, err = e.PutItem(ctx, &model.PutItemInput{TableName: "plain", Item: model.Item{"pk": model.S("a"), "v": model.S("before")}})
			mustOK(t, err)
			before := fileSize(t, path)
			full(before + 1000)
			_, err = e.PutItem(ctx, &model.PutItemInput{TableName: "plain", Item: model.Item{"pk": model.S("big"), "v": model.S(strings.Repeat("x", 300<<10))}})
			if err == nil {
				t.Fatal("a write past the full disk succeeded")
			}
			if got := fileSize(t, path); got != before {
				t.Fatalf("after the failed write the file holds %d bytes, want %d (the partial frame taken back)", got, before)
			}
			if strings.Contains(err.Error(), path) || strings.Contains(err.Error(), filepath.Dir(path)) {
				t.Fatalf("the error answered to a client names the workspace path: %v", err)
			}
			free()
			_, err = e.PutItem(ctx, &model.PutItemInput{TableName: "plain", Item: model.Item{"pk": model.S("c"), "v": model.S("after")}})
			mustOK(t, err)
			mustOK(t, e.Close())
			e, err = Open(Options{Path: path, Sync: SyncNever, Clock: NewManualClock(testStart)})
			mustOK(t, err)
			defer e.Close()
			if notes := e.OpenNotes(); len(notes) != 0 {
				t.Fatalf("reopening cut something: %q", notes)
			}
			mustVerify(t, e)
			for k, want := range map[string]bool{"a": true, "big": false, "c": true} {
				got, err := e.GetItem(ctx, &model.GetItemInput{TableName: "plain", Key: model.Item{"pk": model.S(k)}})
				mustOK(t, err)
				if (got.Item != nil) != want {
					t.Fatalf("item %s: present %v, want %v", k, got.Item != nil, want)
				}
			}
		})
	}
}
