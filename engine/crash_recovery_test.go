package engine

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/workspace"
	"github.com/dynoscope/dynoscope/model"
)

// The recovery paths: every kind of damage a crash, a full disk or a bad
// disk leaves has a way back, and says what it did.

// plainWorkspace writes a workspace holding table "plain" and n items, and
// returns the digest of its state.
func plainWorkspace(t *testing.T, path string, n int) string {
	t.Helper()
	e := openFile(t, path, NewManualClock(testStart))
	defer e.Close()
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "plain", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{hk("pk")}, AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S"), ad("g", "S")},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "byG", KeySchema: []model.KeySchemaElement{hk("g")},
			Projection: model.Projection{ProjectionType: "ALL"}}}})
	mustOK(t, err)
	for i := 0; i < n; i++ {
		_, err := e.PutItem(ctx, &model.PutItemInput{TableName: "plain", Item: model.Item{"pk": model.S(fmt.Sprint("k", i)), "g": model.S("g"), "v": model.S(strings.Repeat("v", 100))}})
		mustOK(t, err)
	}
	return digest(t, e)
}

// appendFrames appends raw transactions to a workspace, as a buggy or
// foreign writer would.
func appendFrames(t *testing.T, path string, payloads ...[]byte) {
	t.Helper()
	f, err := workspace.Open(path, workspace.SyncNever)
	mustOK(t, err)
	_, err = f.Replay(func(r io.Reader) error {
		_, err := io.Copy(io.Discard, r)
		return err
	})
	mustOK(t, err)
	for _, p := range payloads {
		mustOK(t, f.Append(append(workspace.NewFrame(nil), p...)))
	}
	mustOK(t, f.Close())
}

// tableItems returns how many items a table holds (-1: no such table).
func tableItems(t testing.TB, e *Engine, table string) int {
	t.Helper()
	out, err := e.Scan(ctx, &model.ScanInput{TableName: table, Select: "COUNT"})
	if err != nil {
		return -1
	}
	return int(out.Count)
}

// repairNotes repairs a file and returns everything the report says.
func repairNotes(t *testing.T, path string) (*RepairReport, string) {
	t.Helper()
	rep, err := Repair(path)
	if err != nil {
		t.Fatalf("repair: %v", err)
	}
	t.Cleanup(func() { os.Remove(rep.Backup) })
	var all []string
	for _, d := range rep.Dropped {
		all = append(all, d.String())
	}
	all = append(all, rep.Notes...)
	return rep, strings.Join(all, "\n")
}

// TestCrashHeaderFlipRepaired: one damaged byte of the header, the frames
// behind it whole. Opening refuses (changing nothing) and points at repair;
// repair rebuilds the header, says so, and keeps every transaction.
func TestCrashHeaderFlipRepaired(t *testing.T) {
	dir := memDir(t)
	src := filepath.Join(dir, "src.db")
	want := plainWorkspace(t, src, 3)
	data, err := os.ReadFile(src)
	mustOK(t, err)
	headerLen := bytes.IndexByte(data, '\n') + 1
	for pos := 0; pos < headerLen; pos++ {
		damaged := bytes.Clone(data)
		damaged[pos] ^= 0x20
		path := filepath.Join(dir, "h.db")
		mustOK(t, os.WriteFile(path, damaged, 0o644))
		_, err := Open(Options{Path: path, Sync: SyncNever, Clock: NewManualClock(testStart)})
		if err == nil || !strings.Contains(err.Error(), "repair") {
			t.Fatalf("flip at %d: open: %v, want a refusal pointing at repair", pos, err)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(after, damaged) {
			t.Fatalf("flip at %d: the refused file changed", pos)
		}
		_, notes := repairNotes(t, path)
		if !strings.Contains(notes, "header") {
			t.Fatalf("flip at %d: repair does not say it rebuilt the header: %q", pos, notes)
		}
		e := openFile(t, path, NewManualClock(testStart))
		got := digest(t, e)
		mustVerify(t, e)
		e.Close()
		if got != want {
			t.Fatalf("flip at %d: the repaired workspace lost data", pos)
		}
	}
}

// TestCrashTruncatedHeader: a crash while the file was being created left
// part of the header; it opens as an empty workspace and says so.
func TestCrashTruncatedHeader(t *testing.T) {
	dir := memDir(t)
	for n := 1; n < len(workspace.Header); n++ {
		path := filepath.Join(dir, fmt.Sprintf("t%d.db", n))
		mustOK(t, os.WriteFile(path, []byte(workspace.Header[:n]), 0o644))
		e, err := Open(Options{Path: path, Sync: SyncNever, Clock: NewManualClock(testStart)})
		if err != nil {
			t.Fatalf("%d bytes of header: %v", n, err)
		}
		if tableItems(t, e, "xs1") != -1 || len(e.OpenNotes()) != 1 || !strings.Contains(e.OpenNotes()[0], "header") {
			t.Fatalf("%d bytes of header: notes %q", n, e.OpenNotes())
		}
		_, err = e.CreateTable(ctx, &model.CreateTableInput{TableName: "xs1", BillingMode: model.BillingPayPerRequest,
			KeySchema: []model.KeySchemaElement{hk("pk")}, AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S")}})
		mustOK(t, err)
		mustOK(t, e.Close())
		e = openFile(t, path, NewManualClock(testStart))
		if tableItems(t, e, "xs1") != 0 {
			t.Fatalf("%d bytes of header: the table written after did not stay", n)
		}
		e.Close()
	}
}

// TestCrashForeignCommandSkipped: a valid frame holding a command other
// than SET or DEL. Opening refuses and points at repair; repair skips that
// frame, says so, and applies the frames after it.
func TestCrashForeignCommandSkipped(t *testing.T) {
	dir := memDir(t)
	path := filepath.Join(dir, "w.db")
	plainWorkspace(t, path, 3)
	e := openFile(t, path, NewManualClock(testStart))
	var k0 string
	e.db.View(func(tx *buntdb.Tx) error {
		return tx.AscendGreaterOrEqual("", "D/plain/", func(k, _ string) bool { k0 = k; return false })
	})
	e.Close()
	appendFrames(t, path, []byte("*2\r\n$3\r\nget\r\n$1\r\nk\r\n"), []byte(fmt.Sprintf("*2\r\n$3\r\ndel\r\n$%d\r\n%s\r\n", len(k0), k0)))
	if _, err := Open(Options{Path: path, Sync: SyncNever}); err == nil || !strings.Contains(err.Error(), "repair") {
		t.Fatalf("open: %v, want a refusal pointing at repair", err)
	}
	_, notes := repairNotes(t, path)
	if !strings.Contains(notes, "SET or DEL") {
		t.Fatalf("repair does not report the skipped frame: %q", notes)
	}
	e = openFile(t, path, NewManualClock(testStart))
	defer e.Close()
	mustVerify(t, e)
	if n := tableItems(t, e, "plain"); n != 2 {
		t.Fatalf("after repair the table holds %d items, want 2 (the DEL after the skipped frame applied)", n)
	}
}

// TestCrashTableRecordFromEarlierDescription: a table's description is
// overwritten by one that cannot be decoded. Repair uses the last valid
// description the file holds, keeping the table and its items, and says so;
// with no valid description at all, it leaves the table out.
func TestCrashTableRecordFromEarlierDescription(t *testing.T) {
	dir := memDir(t)
	path := filepath.Join(dir, "w.db")
	plainWorkspace(t, path, 4)
	appendFrames(t, path, []byte("*3\r\n$3\r\nset\r\n$7\r\nT/plain\r\n$9\r\n{\"garbage\r\n"))
	if _, err := Open(Options{Path: path, Sync: SyncNever}); err == nil || !strings.Contains(err.Error(), "repair") {
		t.Fatalf("open: %v, want a refusal pointing at repair", err)
	}
	_, notes := repairNotes(t, path)
	if !strings.Contains(notes, "earlier description") {
		t.Fatalf("repair does not say it used an earlier description: %q", notes)
	}
	e := openFile(t, path, NewManualClock(testStart))
	mustVerify(t, e)
	if n := tableItems(t, e, "plain"); n != 4 {
		t.Fatalf("after repair the table holds %d items, want 4", n)
	}
	e.Close()

	// No valid description anywhere: the table goes, with its items.
	path = filepath.Join(dir, "none.db")
	appendFrames(t, path, []byte("*3\r\n$3\r\nset\r\n$7\r\nT/plain\r\n$9\r\n{\"garbage\r\n"),
		[]byte("*3\r\n$3\r\nset\r\n$9\r\nD/plain/x\r\n$1\r\nv\r\n"))
	_, notes = repairNotes(t, path)
	if !strings.Contains(notes, `"plain"`) {
		t.Fatalf("repair does not name the table it left out: %q", notes)
	}
	e = openFile(t, path, NewManualClock(testStart))
	defer e.Close()
	if n := tableItems(t, e, "plain"); n != -1 {
		t.Fatalf("a table with no valid description was kept (%d items)", n)
	}
}

// TestCrashStaleRewriteRemoved: a kill -9 during compaction leaves
// FILE.rewrite-PID behind. The next open removes it, once its owner is
// gone, and says so; a rewrite whose owner still holds it is left alone.
func TestCrashStaleRewriteRemoved(t *testing.T) {
	dir := memDir(t)
	path := filepath.Join(dir, "w.db")
	want := plainWorkspace(t, path, 2)
	stale := path + ".rewrite-4194304"
	mustOK(t, os.WriteFile(stale, bytes.Repeat([]byte("x"), 5000), 0o644))
	e := openFile(t, path, NewManualClock(testStart))
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the stale rewrite is still there: %v", err)
	}
	if notes := strings.Join(e.OpenNotes(), "\n"); !strings.Contains(notes, filepath.Base(stale)) || !strings.Contains(notes, "5,000 bytes") {
		t.Fatalf("open does not say it removed the stale rewrite: %q", notes)
	}
	if digest(t, e) != want {
		t.Fatal("the workspace changed")
	}
	e.Close()

	held := path + ".rewrite-4194305"
	f, err := os.Create(held)
	mustOK(t, err)
	defer f.Close()
	mustOK(t, syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB))
	e = openFile(t, path, NewManualClock(testStart))
	e.Close()
	if _, err := os.Stat(held); err != nil {
		t.Fatalf("a rewrite its owner holds was removed: %v", err)
	}
}

// TestCrashHonestCutCount: what a cut says matches what was cut. One torn
// transaction under --sync always was never acknowledged; zeroed pages at
// the end (a power loss) cut several transactions, and under everysecond or
// never the open says that acknowledged writes may be among them.
func TestCrashHonestCutCount(t *testing.T) {
	dir := memDir(t)
	src := filepath.Join(dir, "src.db")
	plainWorkspace(t, src, 40)
	data, err := os.ReadFile(src)
	mustOK(t, err)
	open := func(damaged []byte, sync string) string {
		path := filepath.Join(dir, "cut.db")
		mustOK(t, os.WriteFile(path, damaged, 0o644))
		e, err := Open(Options{Path: path, Sync: sync, Clock: NewManualClock(testStart), DisableTTLSweeper: true})
		mustOK(t, err)
		defer e.Close()
		mustVerify(t, e)
		t.Logf("--sync %s: %q", sync, e.OpenNotes())
		return strings.Join(e.OpenNotes(), "\n")
	}
	torn := data[:len(data)-10]
	if n := open(torn, SyncAlways); !strings.Contains(n, "1 unfinished transaction") || !strings.Contains(n, "never acknowledged") {
		t.Fatalf("one torn transaction under always: %q", n)
	}
	if n := open(torn, SyncEverySecond); !strings.Contains(n, "1 unfinished transaction") || !strings.Contains(n, "may have been acknowledged") {
		t.Fatalf("one torn transaction under everysecond: %q", n)
	}
	zeroed := bytes.Clone(data)
	clear(zeroed[len(zeroed)-4096:])
	for _, sync := range []string{SyncEverySecond, SyncNever} {
		n := open(zeroed, sync)
		if strings.Contains(n, "1 unfinished transaction") || !strings.Contains(n, "at least 2 transactions") || !strings.Contains(n, "may have been acknowledged") {
			t.Fatalf("the last 4 KB zeroed under %s: %q", sync, n)
		}
	}
	if n := open(zeroed, SyncAlways); !strings.Contains(n, "at least 2 transactions") || strings.Contains(n, "never acknowledged") {
		t.Fatalf("the last 4 KB zeroed under always: %q", n)
	}
}

// fileSize is a file's size (0 when it does not exist).
func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	if fi == nil {
		return 0
	}
	return fi.Size()
}
