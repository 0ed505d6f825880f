package engine

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/workspace"
	"github.com/dynoscope/dynoscope/model"
)

// dumpKeys returns every key and value the engine holds.
func dumpKeys(t testing.TB, e *Engine) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := e.db.View(func(tx *buntdb.Tx) error {
		return tx.Ascend("", func(k, v string) bool {
			out[k] = v
			return true
		})
	})
	mustOK(t, err)
	return out
}

// digest is a short fingerprint of every key and value.
func digest(t testing.TB, e *Engine) string {
	t.Helper()
	h := sha256.New()
	e.db.View(func(tx *buntdb.Tx) error {
		return tx.Ascend("", func(k, v string) bool {
			fmt.Fprintf(h, "%d:%s%d:%s", len(k), k, len(v), v)
			return true
		})
	})
	return fmt.Sprintf("%x", h.Sum(nil)[:8])
}

// sameKeys fails with the first difference between two dumps.
func sameKeys(t testing.TB, got, want map[string]string) {
	t.Helper()
	var keys []string
	for k := range want {
		keys = append(keys, k)
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		g, gok := got[k]
		w, wok := want[k]
		switch {
		case !gok:
			t.Fatalf("key %q lost", k)
		case !wok:
			t.Fatalf("key %q appeared", k)
		case g != w:
			t.Fatalf("key %q changed", k)
		}
	}
}

// mustVerify fails unless every index and TTL queue matches its items.
func mustVerify(t testing.TB, e *Engine) {
	t.Helper()
	rep, err := e.Verify()
	mustOK(t, err)
	if !rep.OK() {
		t.Fatalf("drift: %s; first: %v", rep.Summary(), rep.Drift)
	}
}

// openFile opens a file workspace on a virtual clock.
func openFile(t testing.TB, path string, clock Clock) *Engine {
	t.Helper()
	e, err := Open(Options{Path: path, Sync: SyncNever, Clock: clock, DisableTTLSweeper: true})
	mustOK(t, err)
	return e
}

// busyWorkload exercises every kind of write transaction the engine makes:
// tables with an LSI, a GSI, a stream and TTL; puts, updates, deletes and
// batches; an online GSI build; TTL on, expiry and sweeping; a GSI and a
// table deleted.
func busyWorkload(t testing.TB, e *Engine, clock *VirtualClock) {
	t.Helper()
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "orders", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{hk("cust"), rk("id")},
		AttributeDefinitions: []model.AttributeDefinition{ad("cust", "S"), ad("id", "N"), ad("placed", "S"), ad("status", "S")},
		LocalSecondaryIndexes: []model.LocalSecondaryIndex{{IndexName: "byPlaced", KeySchema: []model.KeySchemaElement{hk("cust"), rk("placed")},
			Projection: model.Projection{ProjectionType: "KEYS_ONLY"}}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "byStatus", KeySchema: []model.KeySchemaElement{hk("status")},
			Projection: model.Projection{ProjectionType: "INCLUDE", NonKeyAttributes: []string{"note"}}}},
		StreamSpecification: &model.StreamSpecification{StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES"}})
	mustOK(t, err)
	createSimple(t, e, "scratch", "", "")
	_, err = e.UpdateTimeToLive(ctx, &model.UpdateTimeToLiveInput{TableName: "orders",
		TimeToLiveSpecification: &model.TimeToLiveSpecification{Enabled: true, AttributeName: "expires"}})
	mustOK(t, err)
	now := clock.Now().Unix()
	for i := 0; i < 60; i++ {
		item := model.Item{"cust": model.S(fmt.Sprintf("c%d", i%7)), "id": model.N(fmt.Sprint(i)),
			"note": model.S(strings.Repeat("x", i*13))}
		if i%2 == 0 {
			item["placed"] = model.S(fmt.Sprintf("2026-%02d", 1+i%12))
		}
		if i%3 == 0 {
			item["status"] = model.S([]string{"NEW", "SHIPPED"}[i%2])
		}
		if i%5 == 0 {
			item["expires"] = model.N(fmt.Sprint(now + int64(i)))
		}
		put(t, e, "orders", item)
		put(t, e, "scratch", model.Item{"pk": model.S(fmt.Sprint(i))})
	}
	for i := 0; i < 60; i += 4 {
		_, err := e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "orders",
			Key:              model.Item{"cust": model.S(fmt.Sprintf("c%d", i%7)), "id": model.N(fmt.Sprint(i))},
			UpdateExpression: "SET #s = :s REMOVE placed", ExpressionAttributeNames: map[string]string{"#s": "status"},
			ExpressionAttributeValues: map[string]model.AttributeValue{":s": model.S("DONE")}})
		mustOK(t, err)
	}
	for i := 1; i < 60; i += 9 {
		_, err := e.DeleteItem(ctx, &model.DeleteItemInput{TableName: "orders",
			Key: model.Item{"cust": model.S(fmt.Sprintf("c%d", i%7)), "id": model.N(fmt.Sprint(i))}})
		mustOK(t, err)
	}
	var reqs []model.WriteRequest
	for i := 100; i < 110; i++ {
		reqs = append(reqs, model.WriteRequest{PutRequest: &model.PutRequest{Item: model.Item{"cust": model.S("batch"), "id": model.N(fmt.Sprint(i)), "status": model.S("NEW")}}})
	}
	_, err = e.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"orders": reqs}})
	mustOK(t, err)
	_, err = e.TransactWriteItems(ctx, &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{
		{Put: &model.Put{TableName: "orders", Item: model.Item{"cust": model.S("tx"), "id": model.N("1"), "status": model.S("NEW"), "placed": model.S("2026-05")}}},
		{Delete: &model.Delete{TableName: "orders", Key: model.Item{"cust": model.S("batch"), "id": model.N("100")}}},
		{Put: &model.Put{TableName: "scratch", Item: model.Item{"pk": model.S("tx")}}},
	}})
	mustOK(t, err)
	_, err = e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "orders",
		AttributeDefinitions: []model.AttributeDefinition{ad("note", "S")},
		GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Create: &model.GlobalSecondaryIndex{
			IndexName: "byNote", KeySchema: []model.KeySchemaElement{hk("note")}, Projection: model.Projection{ProjectionType: "ALL"}}}}})
	mustOK(t, err)
	e.WaitBackgroundIndexWork()
	clock.Advance(time.Hour)
	if n := e.SweepTTL(); n == 0 {
		t.Fatal("the TTL sweep deleted nothing")
	}
	_, err = e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "orders",
		GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Delete: &model.DeleteGlobalSecondaryIndex{IndexName: "byStatus"}}}})
	mustOK(t, err)
	e.WaitBackgroundIndexWork()
	_, err = e.DeleteTable(ctx, &model.DeleteTableInput{TableName: "scratch"})
	mustOK(t, err)
	mustVerify(t, e)
}

// TestReopenRestoresEveryKey runs every kind of write and reopens the file:
// every key and value is back, exactly — nothing the engine wrote bypassed
// the log. The same after an explicit compaction.
func TestReopenRestoresEveryKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ws.db")
	clock := NewManualClock(testStart)
	e := openFile(t, path, clock)
	busyWorkload(t, e, clock)
	want := dumpKeys(t, e)
	mustOK(t, e.Close())

	e = openFile(t, path, clock)
	sameKeys(t, dumpKeys(t, e), want)
	mustVerify(t, e)
	if notes := e.OpenNotes(); len(notes) != 0 {
		t.Fatalf("a clean reopen says %q", notes)
	}
	before, _ := os.Stat(path)
	mustOK(t, e.Compact())
	after, _ := os.Stat(path)
	if after.Size() >= before.Size() {
		t.Fatalf("compaction grew the file from %d to %d bytes", before.Size(), after.Size())
	}
	put(t, e, "orders", model.Item{"cust": model.S("after"), "id": model.N("1"), "note": model.S("n")})
	want = dumpKeys(t, e)
	mustOK(t, e.Close())
	e = openFile(t, path, clock)
	defer e.Close()
	sameKeys(t, dumpKeys(t, e), want)
	mustVerify(t, e)
}

// TestCompactionWhileWriting lowers the compaction threshold so the log is
// rewritten in the background many times while writes go on: after
// reopening, every key is there.
func TestCompactionWhileWriting(t *testing.T) {
	old := compactMinSize
	compactMinSize = 16 << 10
	defer func() { compactMinSize = old }()
	path := filepath.Join(t.TempDir(), "ws.db")
	clock := NewManualClock(testStart)
	e := openFile(t, path, clock)
	createSimple(t, e, "tbl", "", "")
	for i := 0; i < 3000; i++ {
		put(t, e, "tbl", model.Item{"pk": model.S(fmt.Sprint(i % 50)), "v": model.N(fmt.Sprint(i)), "pad": model.S(strings.Repeat("p", 200))})
	}
	e.store.compactWG.Wait()
	if p := e.store.compactErr.Load(); p != nil {
		t.Fatalf("compaction failed: %v", *p)
	}
	want := dumpKeys(t, e)
	mustOK(t, e.Close())
	fi, _ := os.Stat(path)
	if fi.Size() > 1<<20 {
		t.Fatalf("the log is %d bytes for 50 items: it was never compacted", fi.Size())
	}
	e = openFile(t, path, clock)
	defer e.Close()
	sameKeys(t, dumpKeys(t, e), want)
	mustVerify(t, e)
}

// TestOpenRefusesAFileThatIsNotAWorkspace: pointing --db at a JSON file used
// to empty it.
func TestOpenRefusesAFileThatIsNotAWorkspace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.json")
	mustOK(t, os.WriteFile(path, []byte(`{"a":1}`), 0o644))
	_, err := Open(Options{Path: path})
	var nw *workspace.NotWorkspaceError
	if !errors.As(err, &nw) || nw.Looks != "JSON text, 7 bytes" {
		t.Fatalf("Open: %v, want a refusal that says it looks like JSON text", err)
	}
	data, _ := os.ReadFile(path)
	if string(data) != `{"a":1}` {
		t.Fatalf("the file now holds %q", data)
	}
}

// TestSecondOpenOfAWorkspaceIsRefused: two processes on one workspace used
// to destroy it; the second opener is refused and the first goes on.
func TestSecondOpenOfAWorkspaceIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ws.db")
	clock := NewManualClock(testStart)
	e := openFile(t, path, clock)
	createSimple(t, e, "tbl", "", "")
	_, err := Open(Options{Path: path})
	var le *workspace.LockedError
	if !errors.As(err, &le) {
		t.Fatalf("second Open: %v, want a LockedError", err)
	}
	put(t, e, "tbl", model.Item{"pk": model.S("still writing")})
	mustOK(t, e.Close())
	e = openFile(t, path, clock)
	defer e.Close()
	got, err := e.GetItem(ctx, &model.GetItemInput{TableName: "tbl", Key: model.Item{"pk": model.S("still writing")}})
	mustOK(t, err)
	if got.Item == nil {
		t.Fatal("the first opener's write is lost")
	}
}

// writeLegacy writes keys in dynoscope 0.1's format: a BuntDB file.
func writeLegacy(t testing.TB, path string, keys map[string]string) {
	t.Helper()
	db, err := buntdb.Open(path)
	mustOK(t, err)
	mustOK(t, db.Update(func(tx *buntdb.Tx) error {
		for k, v := range keys {
			if _, _, err := tx.Set(k, v, nil); err != nil {
				return err
			}
		}
		return nil
	}))
	mustOK(t, db.Close())
}

// TestLegacyWorkspaceIsConverted opens a dynoscope 0.1 workspace (a BuntDB
// file): the same data, in the new format, the original kept.
func TestLegacyWorkspaceIsConverted(t *testing.T) {
	dir := t.TempDir()
	clock := NewManualClock(testStart)
	mem, err := Open(Options{Clock: clock, DisableTTLSweeper: true})
	mustOK(t, err)
	busyWorkload(t, mem, clock)
	want := dumpKeys(t, mem)
	mem.Close()
	path := filepath.Join(dir, "old.db")
	writeLegacy(t, path, want)
	legacyBytes, _ := os.ReadFile(path)

	e := openFile(t, path, clock)
	sameKeys(t, dumpKeys(t, e), want)
	mustVerify(t, e)
	notes := e.OpenNotes()
	if len(notes) != 1 || !strings.Contains(notes[0], "converted from dynoscope 0.1's BuntDB format (the original is kept at "+path+".buntdb-") {
		t.Fatalf("notes %q", notes)
	}
	put(t, e, "orders", model.Item{"cust": model.S("new"), "id": model.N("1")})
	want = dumpKeys(t, e)
	mustOK(t, e.Close())
	data, _ := os.ReadFile(path)
	if !bytes.HasPrefix(data, []byte(workspace.Header)) {
		t.Fatal("the converted file is not in the new format")
	}
	backups, _ := filepath.Glob(path + ".buntdb-*")
	if len(backups) != 1 {
		t.Fatalf("backups %v", backups)
	}
	if kept, _ := os.ReadFile(backups[0]); !bytes.Equal(kept, legacyBytes) {
		t.Fatal("the backup is not the original file")
	}
	e = openFile(t, path, clock)
	defer e.Close()
	sameKeys(t, dumpKeys(t, e), want)
}

// TestLegacyHalfTransactionIsRebuilt: a 0.1 file may end with part of a
// transaction (an item without its index entry); conversion rebuilds the
// derived data from the items and says what it changed.
func TestLegacyHalfTransactionIsRebuilt(t *testing.T) {
	clock := NewManualClock(testStart)
	mem, err := Open(Options{Clock: clock, DisableTTLSweeper: true})
	mustOK(t, err)
	busyWorkload(t, mem, clock)
	keys := dumpKeys(t, mem)
	mem.Close()
	var dropped string
	for k := range keys {
		if strings.HasPrefix(k, prefixIndex+"orders/byNote/") {
			dropped = k
			break
		}
	}
	delete(keys, dropped)
	path := filepath.Join(t.TempDir(), "old.db")
	writeLegacy(t, path, keys)
	e := openFile(t, path, clock)
	defer e.Close()
	mustVerify(t, e)
	if notes := e.OpenNotes(); len(notes) != 1 || !strings.HasSuffix(notes[0], "rebuilt from the items: 1 × missing index entry") {
		t.Fatalf("notes %q", notes)
	}
}

func TestLegacyFileOfAnotherProgramIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.db")
	writeLegacy(t, path, map[string]string{"user:1": "x"})
	before, _ := os.ReadFile(path)
	_, err := Open(Options{Path: path})
	var nw *workspace.NotWorkspaceError
	if !errors.As(err, &nw) || nw.Looks != `a BuntDB database of another program (it holds the key "user:1")` {
		t.Fatalf("Open: %v", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatal("the file changed")
	}
}

// frameOffsets returns where each frame of a workspace file starts.
func frameOffsets(t testing.TB, data []byte) []int64 {
	t.Helper()
	var offs []int64
	off := int64(len(workspace.Header))
	for off < int64(len(data)) {
		offs = append(offs, off)
		n := int64(data[off+13]) | int64(data[off+14])<<8 | int64(data[off+15])<<16 | int64(data[off+16])<<24
		off += workspace.FrameHeaderSize + n
	}
	return offs
}

// TestRepairRebuildsADamagedWorkspace flips a byte inside an item in the
// middle of the file: Open refuses and changes nothing; Repair drops the
// damaged transaction, rebuilds the indexes, keeps the original; the
// repaired workspace opens with no drift.
func TestRepairRebuildsADamagedWorkspace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ws.db")
	clock := NewManualClock(testStart)
	e := openFile(t, path, clock)
	busyWorkload(t, e, clock)
	mustOK(t, e.Close())
	data, _ := os.ReadFile(path)
	offs := frameOffsets(t, data)
	mid := offs[len(offs)/2]
	damaged := bytes.Clone(data)
	damaged[mid+workspace.FrameHeaderSize+20] ^= 0x01
	mustOK(t, os.WriteFile(path, damaged, 0o644))

	_, err := Open(Options{Path: path})
	var de *workspace.DamagedError
	if !errors.As(err, &de) || de.Offset != mid {
		t.Fatalf("Open: %v, want damage at %d", err, mid)
	}
	if !strings.Contains(err.Error(), "Run 'dynoscope repair --db "+path+"'") {
		t.Fatalf("the refusal does not say how to recover: %v", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, damaged) {
		t.Fatal("a refused open changed the file")
	}
	rep, err := Repair(path)
	mustOK(t, err)
	if len(rep.Dropped) != 1 || rep.Dropped[0].Offset != mid {
		t.Fatalf("dropped %v", rep.Dropped)
	}
	if kept, _ := os.ReadFile(rep.Backup); !bytes.Equal(kept, damaged) {
		t.Fatal("the backup is not the damaged original")
	}
	e = openFile(t, path, clock)
	defer e.Close()
	mustVerify(t, e)
}

// TestUnreadableTableDescription: a table whose description cannot be read
// no longer vanishes silently; Open names it, Repair goes back to the
// table's earlier description (issue 29: it used to leave the table out with
// its items) and says so. With no earlier description, see
// TestCrashTableRecordFromEarlierDescription.
func TestUnreadableTableDescription(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ws.db")
	clock := NewManualClock(testStart)
	e := openFile(t, path, clock)
	createSimple(t, e, "good", "", "")
	createSimple(t, e, "bad", "", "")
	put(t, e, "bad", model.Item{"pk": model.S("x")})
	put(t, e, "good", model.Item{"pk": model.S("y")})
	mustOK(t, e.update(func(tx *wtx) error {
		_, _, err := tx.Set(prefixTable+"bad", `{"Desc":`, nil)
		return err
	}))
	mustOK(t, e.Close())
	_, err := Open(Options{Path: path})
	if err == nil || !strings.HasPrefix(err.Error(), `the description of table "bad" in the workspace cannot be read (`) {
		t.Fatalf("Open: %v", err)
	}
	rep, err := Repair(path)
	mustOK(t, err)
	if len(rep.Notes) != 1 || !strings.HasPrefix(rep.Notes[0], `table "bad": a description that cannot be read (frame 7) was ignored; its earlier description is used, with its items`) {
		t.Fatalf("notes %q", rep.Notes)
	}
	if !rep.Rebuilt.OK() {
		t.Fatalf("rebuilt: %s", rep.Rebuilt.Summary())
	}
	e = openFile(t, path, clock)
	defer e.Close()
	mustVerify(t, e)
	out, err := e.ListTables(ctx, &model.ListTablesInput{})
	mustOK(t, err)
	if fmt.Sprint(out.TableNames) != "[bad good]" || itemCount(t, e, "bad") != 1 {
		t.Fatalf("tables %v", out.TableNames)
	}
}
