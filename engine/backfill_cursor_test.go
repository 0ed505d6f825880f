package engine

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

// waitScanned waits until the build of index has read at least n items
// (the backfill is a goroutine; this waits for it, not for time to pass).
func waitScanned(t *testing.T, e *Engine, table, index string, n int64) BackfillProgress {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if p, ok := e.IndexBuildProgress(table, index); ok && p.Scanned >= n {
			return p
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("the build of %s never read %d items", index, n)
	return BackfillProgress{}
}

// A workspace closed in the middle of a GSI build goes on from where the
// last batch ended when it is opened again, with its counts (it used to
// start again from the first item, at 0 %); the cursor goes with the
// build's end, and an index or table dropped meanwhile takes it along.
func TestBackfillResumesAfterReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	paced := Options{Path: path, Clock: NewManualClock(testStart), DisableTTLSweeper: true, DisableThrottling: true,
		BackfillBatchSize: 10, BackfillPause: time.Hour}
	e, err := Open(paced)
	mustOK(t, err)
	createSimple(t, e, "tab", "sk", "N")
	for i := 0; i < 200; i++ {
		g := model.S("g")
		if i%4 == 0 {
			g = model.N("1") // of the wrong type: skipped
		}
		put(t, e, "tab", model.Item{"pk": model.S(fmt.Sprintf("p%d", i%20)), "sk": model.N(fmt.Sprint(i)), "g": g})
	}
	_, err = e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "tab",
		AttributeDefinitions: []model.AttributeDefinition{ad("g", "S")},
		GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Create: &model.GlobalSecondaryIndex{IndexName: "byG",
			KeySchema: []model.KeySchemaElement{hk("g"), rk("sk")}, Projection: model.Projection{ProjectionType: "ALL"}}}}})
	mustOK(t, err)
	first := waitScanned(t, e, "tab", "byG", 10) // one batch, then an hour's pause
	mustOK(t, e.Close())

	e, err = Open(paced)
	mustOK(t, err)
	p := waitScanned(t, e, "tab", "byG", 20)
	if p.Scanned != 20 || p.Total != 200 || p.Indexed+p.Skipped != 20 || p.Skipped != first.Skipped*2 {
		t.Fatalf("after reopening: %+v (before closing: %+v); want the second batch of ten after the first", p, first)
	}
	mustOK(t, e.Close())

	unpaced := paced
	unpaced.BackfillPause = 0
	e, err = Open(unpaced)
	mustOK(t, err)
	defer e.Close()
	e.WaitBackgroundIndexWork()
	checkIndexesMatchTable(t, e, "tab")
	if p, _ := e.IndexBuildProgress("tab", "byG"); !p.Done || p.Scanned != 200 || p.Skipped != 50 || p.Indexed != 150 {
		t.Fatalf("the build ended at %+v, want 200 read, 150 indexed, 50 skipped", p)
	}
	if rep, err := e.Verify(); err != nil || !rep.OK() {
		t.Fatalf("verify after the resumed build: %v %v", rep.Summary(), err)
	}
	if hasKey(e, backfillKey("tab", "byG")) {
		t.Fatal("the cursor outlived the build")
	}
}

// The cursor of a build is dropped with its table.
func TestBackfillCursorGoesWithTheTable(t *testing.T) {
	e, err := Open(Options{Clock: NewManualClock(testStart), DisableTTLSweeper: true, DisableThrottling: true,
		BackfillBatchSize: 10, BackfillPause: time.Hour})
	mustOK(t, err)
	defer e.Close()
	createSimple(t, e, "tab", "sk", "N")
	for i := 0; i < 50; i++ {
		put(t, e, "tab", model.Item{"pk": model.S("p"), "sk": model.N(fmt.Sprint(i)), "g": model.S("g")})
	}
	_, err = e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "tab",
		AttributeDefinitions: []model.AttributeDefinition{ad("g", "S")},
		GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Create: &model.GlobalSecondaryIndex{IndexName: "byG",
			KeySchema: []model.KeySchemaElement{hk("g"), rk("sk")}, Projection: model.Projection{ProjectionType: "ALL"}}}}})
	mustOK(t, err)
	waitScanned(t, e, "tab", "byG", 10)
	if !hasKey(e, backfillKey("tab", "byG")) {
		t.Fatal("no cursor kept during the build")
	}
	_, err = e.DeleteTable(ctx, &model.DeleteTableInput{TableName: "tab"})
	mustOK(t, err) // dropped at once (TableDeleteDelay 0); the build notices after its pause
	if hasKey(e, backfillKey("tab", "byG")) {
		t.Fatal("the cursor outlived its table")
	}
}

func hasKey(e *Engine, key string) bool {
	err := e.db.View(func(tx *buntdb.Tx) error {
		_, err := tx.Get(key)
		return err
	})
	return err == nil
}

// The cursor's encoding reads back what it wrote, and nothing else.
func TestBackfillCursorEncoding(t *testing.T) {
	p := BackfillProgress{Scanned: 14, Indexed: 9, Skipped: 3, Sparse: 2, Total: 1000}
	cursor := "D/t/\x00a\nb"
	got, at, ok := decodeBackfillCursor(encodeBackfillCursor(p, cursor))
	if !ok || got != p || at != cursor {
		t.Fatalf("read back %+v %q %v", got, at, ok)
	}
	for _, bad := range []string{"", "12 9 3", "x y z w v\nD/t/", "1 2 3 4\nD/"} {
		if _, _, ok := decodeBackfillCursor(bad); ok {
			t.Errorf("%q read as a cursor", bad)
		}
	}
}
