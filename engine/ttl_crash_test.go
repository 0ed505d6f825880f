package engine

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

// TTL deletes are atomic: the item, its index entries, its queue entry and
// its REMOVE stream record go in one transaction, so a crash at any point
// of a sweep leaves each expired item either whole (item, index entry,
// queue entry, no REMOVE record) or gone (none of those, one REMOVE record).

const (
	crashTable   = "crash-ttl"
	crashExpired = 1000
	crashFuture  = 50
	crashEnv     = "DYNOSCOPE_TTL_CRASH"
)

// setupCrashWorkspace writes a file workspace with crashExpired expired and
// crashFuture future items in a table with a GSI, a stream and TTL on.
func setupCrashWorkspace(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ttl.db")
	e, err := Open(Options{Path: path, Sync: SyncNever, Clock: NewManualClock(testStart), DisableTTLSweeper: true})
	mustOK(t, err)
	_, err = e.CreateTable(ctx, &model.CreateTableInput{TableName: crashTable, BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{hk("pk")}, AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S"), ad("g", "S")},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "byG", KeySchema: []model.KeySchemaElement{hk("g")},
			Projection: model.Projection{ProjectionType: "ALL"}}}})
	mustOK(t, err)
	enableTestStream(t, e, crashTable, model.StreamNewAndOldImages)
	enableTTL(t, e, crashTable, "exp")
	for i := 0; i < crashExpired+crashFuture; i++ {
		exp := epochN(testStart)
		if i >= crashExpired {
			exp = epochN(testStart.Add(24 * time.Hour))
		}
		put(t, e, crashTable, model.Item{"pk": model.S(fmt.Sprintf("k%04d", i)), "g": model.S(fmt.Sprint(i % 7)), "exp": exp})
	}
	mustOK(t, e.Close())
	return path
}

// openCrashWorkspace opens the workspace an hour after the items expired.
func openCrashWorkspace(t *testing.T, path string) *Engine {
	t.Helper()
	e, err := Open(Options{Path: path, Sync: SyncAlways, Clock: NewManualClock(testStart.Add(time.Hour)), DisableTTLSweeper: true})
	mustOK(t, err)
	return e
}

// checkSweepAtomic checks the all-or-nothing invariant and returns how many
// items have been deleted.
func checkSweepAtomic(t *testing.T, e *Engine) int {
	t.Helper()
	present := map[string]bool{}
	scan, err := e.Scan(ctx, &model.ScanInput{TableName: crashTable})
	mustOK(t, err)
	for _, it := range scan.Items {
		present[it["pk"].S] = true
	}
	removed := map[string]bool{}
	recs, _ := readAll(t, e, iterator(t, e, latestStream(t, e, crashTable), model.IteratorTrimHorizon, ""))
	for _, r := range recs {
		if r.EventName != model.EventRemove {
			continue
		}
		k := r.Dynamodb.Keys["pk"].S
		if removed[k] || r.UserIdentity == nil || r.UserIdentity.PrincipalID != "dynamodb.amazonaws.com" {
			t.Fatalf("REMOVE record for %s: duplicate or without the TTL identity: %+v", k, r)
		}
		removed[k] = true
	}
	for i := 0; i < crashExpired+crashFuture; i++ {
		k := fmt.Sprintf("k%04d", i)
		if present[k] == removed[k] {
			t.Fatalf("%s: present %v, REMOVE record %v: not atomic", k, present[k], removed[k])
		}
	}
	gsi, err := e.Scan(ctx, &model.ScanInput{TableName: crashTable, IndexName: "byG"})
	mustOK(t, err)
	if int(gsi.Count) != len(present) {
		t.Fatalf("GSI holds %d entries for %d items", gsi.Count, len(present))
	}
	for _, it := range gsi.Items {
		if !present[it["pk"].S] {
			t.Fatalf("GSI entry left for deleted item %s", it["pk"].S)
		}
	}
	queue := 0
	e.db.View(func(tx *buntdb.Tx) error {
		p := prefixTTL + crashTable + "/"
		return tx.AscendGreaterOrEqual("", p, func(k, _ string) bool {
			if strings.HasPrefix(k, p) {
				queue++
				return true
			}
			return false
		})
	})
	if queue != len(present) {
		t.Fatalf("TTL queue holds %d entries for %d items", queue, len(present))
	}
	d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: crashTable})
	mustOK(t, err)
	if int(d.Table.ItemCount) != len(present) || int(d.Table.GlobalSecondaryIndexes[0].ItemCount) != len(present) {
		t.Fatalf("DescribeTable counts %d items, %d GSI entries; %d present", d.Table.ItemCount, d.Table.GlobalSecondaryIndexes[0].ItemCount, len(present))
	}
	return len(removed)
}

// TestTTLSweepCrashIsAtomic kills (SIGKILL) a child process in the middle of
// a sweep, at several points, and reopens its workspace.
func TestTTLSweepCrashIsAtomic(t *testing.T) {
	if os.Getenv(crashEnv) != "" {
		t.Skip("child process")
	}
	if testing.Short() {
		t.Skip("spawns processes")
	}
	for _, c := range []struct {
		point   string // where the child dies
		deleted int    // items deleted by then
	}{
		{"item 1 100", 0},                 // inside the first batch's transaction
		{"commit 1 0", ttlSweepBatch},     // right after the first commit
		{"item 3 50", 2 * ttlSweepBatch},  // inside the third
		{"commit 3 0", 3 * ttlSweepBatch}, // after the third
		{"item 4 232", 3 * ttlSweepBatch}, // at the last item of the last batch
	} {
		t.Run(strings.ReplaceAll(c.point, " ", "-"), func(t *testing.T) {
			path := setupCrashWorkspace(t)
			cmd := exec.Command(os.Args[0], "-test.run=^TestTTLSweepCrashChild$")
			cmd.Env = append(os.Environ(), crashEnv+"="+path+"|"+c.point)
			out, err := cmd.CombinedOutput()
			if err == nil || strings.Contains(string(out), "survived") {
				t.Fatalf("the child was not killed mid-sweep: %v\n%s", err, out)
			}
			e := openCrashWorkspace(t, path)
			defer e.Close()
			if got := checkSweepAtomic(t, e); got != c.deleted {
				t.Fatalf("%d items deleted before the crash, want %d (whole batches)", got, c.deleted)
			}
			// The next sweep finishes the job from the queue as it was left.
			if n := e.SweepTTL(); n != crashExpired-c.deleted {
				t.Fatalf("the sweep after the crash deleted %d, want %d", n, crashExpired-c.deleted)
			}
			if got := checkSweepAtomic(t, e); got != crashExpired {
				t.Fatalf("%d deleted in all", got)
			}
		})
	}
}

// TestTTLSweepCrashChild is the child of TestTTLSweepCrashIsAtomic: it sweeps
// and kills itself at the point its parent chose.
func TestTTLSweepCrashChild(t *testing.T) {
	env := os.Getenv(crashEnv)
	if env == "" {
		t.Skip("only runs as the child of TestTTLSweepCrashIsAtomic")
	}
	path, point, _ := strings.Cut(env, "|")
	var where string
	var batch, item int
	fmt.Sscan(point, &where, &batch, &item)
	e := openCrashWorkspace(t, path)
	commits := 0
	e.ttl.hook = func(p string, n int) error {
		if p == "commit" {
			commits = n
		}
		if (where == "commit" && p == "commit" && n == batch) || (where == "item" && p == "item" && commits == batch-1 && n == item) {
			self, _ := os.FindProcess(os.Getpid())
			self.Kill()
			select {}
		}
		return nil
	}
	e.SweepTTL()
	fmt.Println("survived")
}

// TestTTLSweepFailedTransactionRollsBack: a sweep transaction that fails
// midway changes nothing, in storage or in the counters.
func TestTTLSweepFailedTransactionRollsBack(t *testing.T) {
	path := setupCrashWorkspace(t)
	e := openCrashWorkspace(t, path)
	defer e.Close()
	e.ttl.hook = func(p string, n int) error {
		if p == "item" && n == 100 {
			return errors.New("disk on fire")
		}
		return nil
	}
	if n := e.SweepTTL(); n != 0 {
		t.Fatalf("a failed sweep reports %d deletions", n)
	}
	if got := checkSweepAtomic(t, e); got != 0 {
		t.Fatalf("a failed sweep deleted %d items", got)
	}
	if len(e.RecentTTLDeletions()) != 0 {
		t.Fatalf("a failed sweep recorded deletions: %v", e.RecentTTLDeletions())
	}
	e.ttl.hook = nil
	if n := e.SweepTTL(); n != crashExpired {
		t.Fatalf("swept %d after the failure, want %d", n, crashExpired)
	}
	mustOK(t, e.Close())
	e = openCrashWorkspace(t, path)
	if got := checkSweepAtomic(t, e); got != crashExpired {
		t.Fatalf("after reopening, %d deleted", got)
	}
}
