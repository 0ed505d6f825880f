package engine

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// TestCrashDuringRestore kills (SIGKILL) a process in the middle of a
// restore, after some of its batches are committed, for each kind of
// restore: the workspace opens with the half-restored table taken back,
// the source and the backup as they were, and no drift.
func TestCrashDuringRestore(t *testing.T) {
	if os.Getenv("DYNOSCOPE_RESTORE_CHILD") != "" {
		t.Skip("the child runs TestCrashRestoreChild")
	}
	for _, kind := range []string{"backup", "pitr"} {
		t.Run(kind, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "w.db")
			cmd := exec.Command(os.Args[0], "-test.run=^TestCrashRestoreChild$")
			cmd.Env = append(os.Environ(), "DYNOSCOPE_RESTORE_CHILD="+path, "DYNOSCOPE_RESTORE_KIND="+kind)
			out, err := cmd.CombinedOutput()
			status, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
			if err == nil || !ok || !status.Signaled() || status.Signal() != syscall.SIGKILL {
				t.Fatalf("child: %v, want killed by SIGKILL\n%s", err, out)
			}
			if !strings.Contains(string(out), "killing after ") {
				t.Fatalf("child did not reach the restore:\n%s", out)
			}
			e, err := Open(Options{Path: path, Sync: SyncAlways, Clock: NewManualClock(testStart), DisableTTLSweeper: true})
			mustOK(t, err)
			defer e.Close()
			if _, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Restored"}); err == nil {
				t.Fatal("the half-restored table is still there after reopening")
			}
			if notes := strings.Join(e.notes, "\n"); !strings.Contains(notes, "removed table Restored") {
				t.Errorf("open notes = %q, want the restore taken back", notes)
			}
			d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Source"})
			mustOK(t, err)
			if d.Table.ItemCount != crashRestoreItems {
				t.Errorf("source items = %d, want %d", d.Table.ItemCount, crashRestoreItems)
			}
			rep, err := e.Verify()
			mustOK(t, err)
			if !rep.OK() {
				t.Errorf("drift after reopening: %s", rep.Summary())
			}
			list, err := e.ListBackups(ctx, &model.ListBackupsInput{})
			mustOK(t, err)
			if kind == "backup" && len(list.BackupSummaries) != 1 {
				t.Errorf("backups after reopening = %d, want 1", len(list.BackupSummaries))
			}
		})
	}
}

const crashRestoreItems = 3 * restoreBatch

// TestCrashRestoreChild builds a source table, then restores it (from a
// backup or to a point in time) and kills itself after the second batch.
func TestCrashRestoreChild(t *testing.T) {
	path := os.Getenv("DYNOSCOPE_RESTORE_CHILD")
	if path == "" {
		t.Skip("only runs as the child of TestCrashDuringRestore")
	}
	clock := NewManualClock(testStart)
	// SyncNever: a killed process's writes are in the page cache all the same.
	e, err := Open(Options{Path: path, Sync: SyncNever, Clock: clock, DisableTTLSweeper: true})
	mustOK(t, err)
	createSimple(t, e, "Source", "sk", "S")
	enablePITR(t, e, "Source", nil)
	for i := 0; i < crashRestoreItems; i += 25 {
		var reqs []model.WriteRequest
		for j := i; j < i+25; j++ {
			reqs = append(reqs, model.WriteRequest{PutRequest: &model.PutRequest{Item: row(fmt.Sprint(j), "1", "v")}})
		}
		_, err := e.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"Source": reqs}})
		mustOK(t, err)
	}
	restoreHook = func(written int) {
		if written >= 2*restoreBatch {
			fmt.Printf("killing after %d items\n", written)
			os.Stdout.Sync()
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			time.Sleep(time.Minute)
		}
	}
	clock.Advance(time.Second)
	switch os.Getenv("DYNOSCOPE_RESTORE_KIND") {
	case "backup":
		b, err := e.CreateBackup(ctx, &model.CreateBackupInput{TableName: "Source", BackupName: "full"})
		mustOK(t, err)
		_, err = e.RestoreTableFromBackup(ctx, &model.RestoreTableFromBackupInput{TargetTableName: "Restored", BackupArn: b.BackupDetails.BackupArn})
		t.Fatalf("the restore returned (%v) instead of being killed", err)
	case "pitr":
		_, err = e.RestoreTableToPointInTime(ctx, &model.RestoreTableToPointInTimeInput{SourceTableName: "Source", TargetTableName: "Restored", UseLatestRestorableTime: boolp(true)})
		t.Fatalf("the restore returned (%v) instead of being killed", err)
	}
}
