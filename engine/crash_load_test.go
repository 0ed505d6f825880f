package engine

import (
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// A load into a table that existed before it commits in one transaction
// that reaches the log as staged parts of a few MB and one frame that
// commits them (workspace.KindStaged). The file cut anywhere in that
// transaction opens to the state before the load; a failure of the
// committing frame takes the staged parts back.

// stagedLoad writes a workspace with table "old" (2 items), then a load of
// 5,000 items of 2 KB into it (more than one staged part): it returns the
// file's bytes, where the load's transaction begins, and the digests
// before and after it.
func stagedLoad(t *testing.T, path string) (data []byte, from int64, before, after string) {
	t.Helper()
	e := openFile(t, path, NewManualClock(testStart))
	defer e.Close()
	createSimple(t, e, "old", "", "")
	for _, req := range putReqs(900000, 2, nil) {
		_, err := e.PutItem(ctx, &model.PutItemInput{TableName: "old", Item: req.PutRequest.Item})
		mustOK(t, err)
	}
	before, from = digest(t, e), e.store.file.Size()
	b := e.BeginLoad()
	for i := 0; i < 5; i++ {
		mustOK(t, b.Write(ctx, "old", putReqs(i*1000, 1000, model.Item{"blob": model.S(strings.Repeat("b", 2000))})))
	}
	mustOK(t, b.Commit(ctx))
	after = digest(t, e)
	mustOK(t, e.Close())
	data, err := os.ReadFile(path)
	mustOK(t, err)
	return data, from, before, after
}

// TestCrashStagedLoadAllOrNothing cuts the file at sampled offsets of a
// load's staged transaction (every 256 KB, and around each frame boundary):
// each cut opens to the state before the load, with no drift and a note;
// the whole file opens to the state after it; repair of a cut never keeps
// part of the load.
func TestCrashStagedLoadAllOrNothing(t *testing.T) {
	dir := memDir(t)
	data, from, before, after := stagedLoad(t, filepath.Join(dir, "src.db"))
	to := int64(len(data))
	if to-from < 2*int64(stagedPart) {
		t.Fatalf("the load wrote %d bytes: not enough for staged parts", to-from)
	}
	path := filepath.Join(dir, "cut.db")
	r := rand.New(rand.NewSource(5))
	cuts := []int64{from + 1, to - 1, to - 30, from + int64(stagedPart), from + int64(stagedPart) + 100}
	for c := from + 1; c < to; c += 256 << 10 {
		cuts = append(cuts, c)
	}
	for _, c := range cuts {
		got, notes, err := reopenDigest(t, path, data[:c])
		if err != nil {
			t.Fatalf("cut at %d of the load's [%d, %d): %v", c, from, to, err)
		}
		if got != before {
			t.Fatalf("cut at %d of the load's [%d, %d): part of the load stayed", c, from, to)
		}
		if len(notes) != 1 || !strings.Contains(notes[0], "1 unfinished transaction") {
			t.Fatalf("cut at %d: notes %q", c, notes)
		}
		if r.Intn(8) == 0 {
			mustOK(t, os.WriteFile(path, data[:c], 0o644))
			rep, err := Repair(path)
			mustOK(t, err)
			os.Remove(rep.Backup)
			e := openFile(t, path, NewManualClock(testStart))
			n := tableItems(t, e, "old")
			e.Close()
			if n != 2 {
				t.Fatalf("repair of a cut at %d kept %d items, want the 2 from before the load", c, n)
			}
		}
	}
	got, _, err := reopenDigest(t, path, data)
	mustOK(t, err)
	if got != after {
		t.Fatal("the whole file does not open to the state after the load")
	}
	t.Logf("%d cuts inside a %d-byte staged load: each opened to the state before it", len(cuts), to-from)
}

// TestCrashStagedLoadCommitFails: the disk fails as the frame that would
// commit the staged parts is written. The load is refused, nothing of it
// stays in memory or in the file, and the file opens with nothing cut.
func TestCrashStagedLoadCommitFails(t *testing.T) {
	path := filepath.Join(memDir(t), "w.db")
	e := openFile(t, path, NewManualClock(testStart))
	defer e.Close()
	createSimple(t, e, "old", "", "")
	before, size := digest(t, e), e.store.file.Size()
	writes := 0
	e.store.file.FailWrites(func(b []byte, off int64) (int, error) {
		writes++
		if len(b) < stagedPart {
			return len(b) / 2, syscall.ENOSPC // the committing frame, half written
		}
		return 0, nil
	})
	b := e.BeginLoad()
	mustOK(t, b.Write(ctx, "old", putReqs(0, 3000, model.Item{"blob": model.S(strings.Repeat("b", 2000))})))
	err := b.Commit(ctx)
	if !errors.Is(err, syscall.ENOSPC) && (err == nil || !strings.Contains(err.Error(), "no space left on device")) {
		t.Fatalf("Commit: %v", err)
	}
	if writes < 2 {
		t.Fatalf("%d writes: no staged part was written", writes)
	}
	if got := fileSize(t, path); got != size {
		t.Fatalf("after the refused load the file holds %d bytes, want %d", got, size)
	}
	if digest(t, e) != before {
		t.Fatal("the refused load changed the workspace in memory")
	}
	e.store.file.FailWrites(func([]byte, int64) (int, error) { return 0, nil })
	mustOK(t, e.Close())
	e2 := openFile(t, path, NewManualClock(testStart))
	defer e2.Close()
	if notes := e2.OpenNotes(); len(notes) != 0 || digest(t, e2) != before {
		t.Fatalf("reopened: notes %q", notes)
	}
	mustVerify(t, e2)
}
