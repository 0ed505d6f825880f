//go:build linux

package engine

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// readOnlyWorkspace makes a workspace file this process may read but not
// write: its mode 0444, or, as root (whom modes do not stop), on a tmpfs
// remounted read-only.
func readOnlyWorkspace(t *testing.T, fill func(path string)) string {
	t.Helper()
	if os.Getuid() != 0 {
		path := filepath.Join(t.TempDir(), "ro.db")
		fill(path)
		mustOK(t, os.Chmod(path, 0o444))
		return path
	}
	mnt := filepath.Join(t.TempDir(), "ro")
	mustOK(t, os.Mkdir(mnt, 0o755))
	if exec.Command("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", mnt).Run() != nil {
		t.Skip("running as root and cannot mount a tmpfs: no way to make a file read-only")
	}
	t.Cleanup(func() { exec.Command("umount", mnt).Run() })
	path := filepath.Join(mnt, "ro.db")
	fill(path)
	if out, err := exec.Command("mount", "-o", "remount,ro", mnt).CombinedOutput(); err != nil {
		t.Skipf("cannot remount read-only: %v %s", err, out)
	}
	return path
}

// TestReadOnlyWorkspaceBrowses: a workspace file that cannot be written
// opens read-only — reads work, every write is refused with
// AccessDeniedException and changes nothing, the file is never written —
// and the open says so.
func TestReadOnlyWorkspaceBrowses(t *testing.T) {
	var want string
	path := readOnlyWorkspace(t, func(path string) {
		want = plainWorkspace(t, path, 3)
	})
	before, err := os.ReadFile(path)
	mustOK(t, err)
	e, err := Open(Options{Path: path, Sync: SyncAlways, Clock: NewManualClock(testStart)})
	mustOK(t, err)
	if !e.ReadOnly() || len(e.OpenNotes()) != 1 {
		t.Fatalf("read-only %v, notes %q", e.ReadOnly(), e.OpenNotes())
	}
	if digest(t, e) != want || tableItems(t, e, "plain") != 3 {
		t.Fatal("the read-only workspace does not hold its data")
	}
	_, err = e.PutItem(ctx, &model.PutItemInput{TableName: "plain", Item: model.Item{"pk": model.S("new")}})
	var me *model.Error
	if !errors.As(err, &me) || me.Code != model.ErrAccessDenied {
		t.Fatalf("a write into a read-only workspace: %v", err)
	}
	_, err = e.CreateTable(ctx, &model.CreateTableInput{TableName: "more", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{hk("pk")}, AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S")}})
	if !errors.As(err, &me) || me.Code != model.ErrAccessDenied {
		t.Fatalf("CreateTable in a read-only workspace: %v", err)
	}
	if digest(t, e) != want {
		t.Fatal("a refused write changed the workspace")
	}
	mustOK(t, e.Close())
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Fatal("the read-only file was written")
	}
	// A second browser may open it at the same time.
	a, err := Open(Options{Path: path})
	mustOK(t, err)
	defer a.Close()
	b, err := Open(Options{Path: path})
	mustOK(t, err)
	b.Close()
}
