package engine

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// TestKillNineKeepsAcknowledgedWrites runs a writer in a child process on a
// file workspace with --sync always, kills it with SIGKILL after some
// acknowledged writes, and reopens the file: every acknowledged item is
// there, with its index entry.
func TestKillNineKeepsAcknowledgedWrites(t *testing.T) {
	if os.Getenv("DYNOSCOPE_KILL_CHILD") != "" {
		t.Skip("child process")
	}
	path := filepath.Join(t.TempDir(), "crash.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillNineChildWriter$", "-test.v")
	cmd.Env = append(os.Environ(), "DYNOSCOPE_KILL_CHILD="+path)
	out, err := cmd.StdoutPipe()
	mustOK(t, err)
	mustOK(t, cmd.Start())
	acked := -1
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if n, ok := strings.CutPrefix(sc.Text(), "ack "); ok {
			acked, _ = strconv.Atoi(n)
			if acked >= 150 {
				break
			}
		}
	}
	mustOK(t, cmd.Process.Signal(syscall.SIGKILL))
	cmd.Wait()
	if acked < 150 {
		t.Fatalf("child acknowledged only %d writes", acked)
	}
	e, err := Open(Options{Path: path, Clock: NewManualClock(testStart), DisableTTLSweeper: true})
	mustOK(t, err)
	defer e.Close()
	for i := 0; i <= acked; i++ {
		got, err := e.GetItem(ctx, &model.GetItemInput{TableName: "crash", Key: model.Item{"pk": model.S(fmt.Sprintf("k%04d", i))}})
		mustOK(t, err)
		if got.Item == nil {
			t.Fatalf("acknowledged write k%04d lost after kill -9", i)
		}
	}
	checkIndexesMatchTable(t, e, "crash")
}

// TestKillNineChildWriter is the child of TestKillNineKeepsAcknowledgedWrites.
func TestKillNineChildWriter(t *testing.T) {
	path := os.Getenv("DYNOSCOPE_KILL_CHILD")
	if path == "" {
		t.Skip("only runs as the child of TestKillNineKeepsAcknowledgedWrites")
	}
	e, err := Open(Options{Path: path, Sync: SyncAlways, Clock: NewManualClock(testStart), DisableTTLSweeper: true})
	mustOK(t, err)
	_, err = e.CreateTable(ctx, &model.CreateTableInput{TableName: "crash", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{hk("pk")}, AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S"), ad("g", "S")},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "byG", KeySchema: []model.KeySchemaElement{hk("g")}, Projection: model.Projection{ProjectionType: "ALL"}}}})
	mustOK(t, err)
	for i := 0; ; i++ {
		put(t, e, "crash", model.Item{"pk": model.S(fmt.Sprintf("k%04d", i)), "g": model.S(fmt.Sprint(i % 5))})
		fmt.Printf("ack %d\n", i)
	}
}
