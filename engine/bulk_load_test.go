package engine

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

func putReqs(from, n int, extra model.Item) []model.WriteRequest {
	reqs := make([]model.WriteRequest, n)
	for i := range reqs {
		item := model.Item{"pk": model.S(fmt.Sprintf("k%06d", from+i))}
		for k, v := range extra {
			item[k] = v
		}
		reqs[i] = model.WriteRequest{PutRequest: &model.PutRequest{Item: item}}
	}
	return reqs
}

func simpleTable(name string) *model.CreateTableInput {
	return &model.CreateTableInput{TableName: name, BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{hk("pk")}, AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S")}}
}

func itemCount(t testing.TB, e *Engine, table string) int64 {
	t.Helper()
	d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: table})
	mustOK(t, err)
	return d.Table.ItemCount
}

func tableNames(t testing.TB, e *Engine) string {
	t.Helper()
	out, err := e.ListTables(ctx, &model.ListTablesInput{})
	mustOK(t, err)
	return strings.Join(out.TableNames, ",")
}

// TestBulkLoadCommits: a committed load stays, across a reopen, with its
// writes into an existing table applied at Commit.
func TestBulkLoadCommits(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ws.db")
	clock := NewManualClock(testStart)
	e := openFile(t, path, clock)
	createSimple(t, e, "old", "", "")
	b := e.BeginLoad()
	_, err := b.CreateTable(ctx, simpleTable("new"))
	mustOK(t, err)
	mustOK(t, b.Write(ctx, "new", putReqs(0, 3000, nil)))
	mustOK(t, b.Write(ctx, "new", putReqs(3000, 10, nil)))
	mustOK(t, b.Write(ctx, "old", putReqs(0, 5, nil)))
	if n := itemCount(t, e, "old"); n != 0 {
		t.Fatalf("writes into an existing table landed before Commit: %d items", n)
	}
	mustOK(t, b.Commit(ctx))
	if n := itemCount(t, e, "old"); n != 5 {
		t.Fatalf("old holds %d items, want 5", n)
	}
	mustOK(t, e.Close())
	e = openFile(t, path, clock)
	defer e.Close()
	if n := itemCount(t, e, "new"); n != 3010 {
		t.Fatalf("new holds %d items after reopening, want 3010", n)
	}
	if notes := e.OpenNotes(); len(notes) != 0 {
		t.Fatalf("notes %q", notes)
	}
	mustVerify(t, e)
}

// TestBulkLoadInterrupted: a load that never committed (the process died)
// is taken back when the workspace opens, and says so.
func TestBulkLoadInterrupted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ws.db")
	clock := NewManualClock(testStart)
	e := openFile(t, path, clock)
	createSimple(t, e, "old", "", "")
	b := e.BeginLoad()
	for _, name := range []string{"aaa", "bbb"} {
		_, err := b.CreateTable(ctx, simpleTable(name))
		mustOK(t, err)
		mustOK(t, b.Write(ctx, name, putReqs(0, 100, nil)))
	}
	mustOK(t, b.Write(ctx, "old", putReqs(0, 5, nil)))
	mustOK(t, e.Close()) // no Commit: as if the process had died
	e = openFile(t, path, clock)
	defer e.Close()
	if got := tableNames(t, e); got != "old" {
		t.Fatalf("tables %s, want old alone", got)
	}
	if n := itemCount(t, e, "old"); n != 0 {
		t.Fatalf("old holds %d items", n)
	}
	notes := e.OpenNotes()
	if len(notes) != 1 || notes[0] != "a load that did not finish was taken back: removed tables aaa, bbb" {
		t.Fatalf("notes %q", notes)
	}
	mustVerify(t, e)
}

// TestBulkLoadRefusedCommitChangesNothing: a bad write into an existing
// table fails Commit with the request located; Abort then removes what the
// load created.
func TestBulkLoadRefusedCommitChangesNothing(t *testing.T) {
	e, _ := newTestEngine(t)
	createSimple(t, e, "old", "", "")
	b := e.BeginLoad()
	_, err := b.CreateTable(ctx, simpleTable("new"))
	mustOK(t, err)
	mustOK(t, b.Write(ctx, "new", putReqs(0, 10, nil)))
	reqs := putReqs(0, 3, nil)
	reqs = append(reqs, model.WriteRequest{PutRequest: &model.PutRequest{Item: model.Item{"pk": model.N("1")}}})
	mustOK(t, b.Write(ctx, "old", reqs))
	err = b.Commit(ctx)
	var le *LoadError
	if !errors.As(err, &le) || le.Table != "old" || le.Index != 3 {
		t.Fatalf("Commit: %v, want the 4th request of old refused", err)
	}
	wantError(t, le.Err, model.ErrValidation, "The provided key element does not match the schema")
	mustOK(t, b.Abort())
	if got := tableNames(t, e); got != "old" {
		t.Fatalf("tables %s", got)
	}
	if n := itemCount(t, e, "old"); n != 0 {
		t.Fatalf("old holds %d items", n)
	}
}

// TestBulkLoadDoesNotThrottle: a load fills a new provisioned table
// without consuming its capacity, as an import does.
func TestBulkLoadDoesNotThrottle(t *testing.T) {
	clock := NewManualClock(testStart)
	e, err := Open(Options{Clock: clock, DisableTTLSweeper: true})
	mustOK(t, err)
	defer e.Close()
	one := int64(1)
	in := simpleTable("slow")
	in.BillingMode = ""
	in.ProvisionedThroughput = &model.ProvisionedThroughput{ReadCapacityUnits: &one, WriteCapacityUnits: &one}
	b := e.BeginLoad()
	_, err = b.CreateTable(ctx, in)
	mustOK(t, err)
	mustOK(t, b.Write(ctx, "slow", putReqs(0, 2000, nil)))
	mustOK(t, b.Commit(ctx))
	if n := itemCount(t, e, "slow"); n != 2000 {
		t.Fatalf("slow holds %d items", n)
	}
}

// TestBulkLoadKillNine kills a loader mid-load: the next open takes the
// partial load back entirely (a kill in the write phase used to leave part
// of the items).
func TestBulkLoadKillNine(t *testing.T) {
	if os.Getenv("DYNOSCOPE_LOAD_CHILD") != "" {
		t.Skip("child process")
	}
	path := filepath.Join(t.TempDir(), "ws.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestBulkLoadChild$")
	cmd.Env = append(os.Environ(), "DYNOSCOPE_LOAD_CHILD="+path)
	out, err := cmd.StdoutPipe()
	mustOK(t, err)
	mustOK(t, cmd.Start())
	sc := bufio.NewScanner(out)
	chunks := 0
	for sc.Scan() {
		if sc.Text() == "chunk" {
			if chunks++; chunks == 5 {
				break
			}
		}
	}
	mustOK(t, cmd.Process.Signal(syscall.SIGKILL))
	cmd.Wait()
	if chunks < 5 {
		t.Fatalf("the loader wrote %d chunks", chunks)
	}
	e := openFile(t, path, NewManualClock(testStart))
	defer e.Close()
	if got := tableNames(t, e); got != "" {
		t.Fatalf("tables %q after an interrupted load", got)
	}
	mustVerify(t, e)
}

// TestBulkLoadChild loads forever, printing "chunk" after each write.
func TestBulkLoadChild(t *testing.T) {
	path := os.Getenv("DYNOSCOPE_LOAD_CHILD")
	if path == "" {
		t.Skip("only runs as the child of TestBulkLoadKillNine")
	}
	e, err := Open(Options{Path: path, Sync: SyncAlways, Clock: NewManualClock(testStart), DisableTTLSweeper: true})
	mustOK(t, err)
	b := e.BeginLoad()
	_, err = b.CreateTable(ctx, simpleTable("big"))
	mustOK(t, err)
	for i := 0; ; i++ {
		mustOK(t, b.Write(ctx, "big", putReqs(i*1000, 1000, model.Item{"pad": model.S(strings.Repeat("p", 200))})))
		fmt.Println("chunk")
	}
}
