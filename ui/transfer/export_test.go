package transfer

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/internal/itemfmt"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// threadTypes are the key types of the demo Thread table.
var threadTypes = map[string]model.Type{"ForumName": model.TypeS, "Subject": model.TypeS, "LastPostDateTime": model.TypeS}

// x on the Thread table: the dialog offers Thread.jsonl in the working
// directory; tab goes to DynamoDB JSON (the name follows), enter writes
// every item and says where and how many.
func TestExportTableToAFile(t *testing.T) {
	t.Chdir(t.TempDir())
	eng := uitest.DemoEngine(t, "forum")
	tg, _ := uitest.Target(t, eng, "Thread", "")
	d, cmd := NewExport(st, km, eng, kit.ExportOf(tg))
	b := open(t, d, cmd)
	if got := d.path.String(); got != "Thread.jsonl" {
		t.Fatalf("offered %q, want Thread.jsonl", got)
	}
	press(t, b, "tab")
	if got, f := d.path.String(), d.Format(); got != "Thread.ddb.jsonl" || f != itemfmt.DynamoDBJSON {
		t.Fatalf("after tab: %q as %s, want Thread.ddb.jsonl as ddb-json", got, f)
	}
	press(t, b, "enter")
	if d.stage != stageDone || d.end.err != nil {
		t.Fatalf("stage %d, end %+v", d.stage, d.end)
	}
	abs, _ := filepath.Abs("Thread.ddb.jsonl")
	want := "exported 22 items of table Thread to " + abs + " (ddb-json, "
	if len(b.flash) != 1 || !strings.HasPrefix(b.flash[0], want) || !strings.HasSuffix(b.flash[0], " · 1 page · 1 RCU") {
		t.Fatalf("flash %q, want %q…", b.flash, want)
	}
	data, err := os.ReadFile("Thread.ddb.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	items, err := itemfmt.ReadAll(bytes.NewReader(data), itemfmt.DynamoDBJSON, itemfmt.ReadOptions{Types: threadTypes})
	if err != nil || len(items) != 22 {
		t.Fatalf("read back %d items: %v", len(items), err)
	}
	if !strings.Contains(uitest.Frame(b.View(), uitest.PaneW, uitest.PaneH), "exported 22 items") {
		t.Fatalf("the dialog does not say it:\n%s", b.View())
	}
	press(t, b, "enter")
	if !b.closed {
		t.Fatal("enter did not close the dialog after the export")
	}
}

// A file that exists is never replaced without asking: the name offered
// is the next free one; typed over it, enter asks, n leaves the file, y
// replaces it.
func TestExportAsksBeforeReplacingAFile(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("Thread.jsonl", []byte("keep me\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	eng := uitest.DemoEngine(t, "forum")
	tg, _ := uitest.Target(t, eng, "Thread", "")
	d, cmd := NewExport(st, km, eng, kit.ExportOf(tg))
	b := open(t, d, cmd)
	if got := d.path.String(); got != "Thread-2.jsonl" {
		t.Fatalf("offered %q, want Thread-2.jsonl (Thread.jsonl exists)", got)
	}
	clearField(t, b)
	typeText(t, b, "Thread.jsonl")
	press(t, b, "enter")
	if d.stage != stageAsk || !strings.Contains(b.View(), "Thread.jsonl exists (8 B)") {
		t.Fatalf("no question before replacing:\n%s", b.View())
	}
	press(t, b, "n")
	if data, _ := os.ReadFile("Thread.jsonl"); string(data) != "keep me\n" || d.stage != stagePath {
		t.Fatalf("n: stage %d, file %q", d.stage, data)
	}
	press(t, b, "enter", "y")
	data, _ := os.ReadFile("Thread.jsonl")
	if d.stage != stageDone || strings.Count(string(data), "\n") != 22 {
		t.Fatalf("y: stage %d, %d lines", d.stage, strings.Count(string(data), "\n"))
	}
}

// esc while the export runs stops it before the next page: nothing is
// written, and the dialog says so.
func TestExportStopsAndLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	eng := uitest.DemoEngine(t, "forum")
	tg, _ := uitest.Target(t, eng, "Thread", "")
	d, cmd := NewExport(st, km, eng, kit.ExportOf(tg))
	b := open(t, d, cmd)
	check := b.Update(uitest.Keys("enter")[0])
	write := b.Update(check()) // the path is free: the export starts
	if d.stage != stageRunning || write == nil {
		t.Fatalf("stage %d, want running", d.stage)
	}
	press(t, b, "esc") // before its first page is read
	if !strings.Contains(b.View(), "stopping after the page in flight") {
		t.Fatalf("esc does not say it stops:\n%s", b.View())
	}
	uitest.Drive(t, b, write)
	if d.stage != stageDone || !d.end.stopped {
		t.Fatalf("stage %d, end %+v", d.stage, d.end)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Fatalf("a stopped export left %v", left)
	}
	want := "export stopped after 0 items: nothing written"
	if len(b.flash) != 1 || !strings.HasPrefix(b.flash[0], want) {
		t.Fatalf("flash %q, want %q…", b.flash, want)
	}
}
