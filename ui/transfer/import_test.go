package transfer

import (
	"os"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/internal/itemfmt"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// writeThread exports the demo Thread table's items, with one changed
// and one added, to Thread.jsonl in the working directory.
func writeThread(t *testing.T, eng *engine.Engine) {
	t.Helper()
	out, err := eng.Scan(kit.Bg, &model.ScanInput{TableName: "Thread"})
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Create("Thread.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	w := itemfmt.NewWriter(f, itemfmt.JSONLines, itemfmt.WriteOptions{})
	items := append(out.Items, model.Item{"ForumName": model.S("New"), "Subject": model.S("imported"), "Views": model.N("7")})
	items[0] = model.Item{"ForumName": items[0]["ForumName"], "Subject": items[0]["Subject"], "Views": model.N("999")}
	for _, it := range items {
		if err := w.Write(it); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// I on Thread, which holds 22 items: the file is read first, the question
// names the table's count and the file's, and y loads it all.
func TestImportAsksBeforeATableWithItems(t *testing.T) {
	t.Chdir(t.TempDir())
	eng := uitest.DemoEngine(t, "forum")
	writeThread(t, eng)
	tg, _ := uitest.Target(t, eng, "Thread", "")
	d, cmd := NewImport(st, km, eng, kit.ImportMsg{Desc: tg.Desc}, "", nil)
	b := open(t, d, cmd)
	if got := d.path.String(); got != "Thread.jsonl" {
		t.Fatalf("offered %q", got)
	}
	press(t, b, "enter")
	view := b.View()
	if d.stage != stageAsk || !strings.Contains(view, "Load 23 items into Thread?") || !strings.Contains(view, "Thread holds 22 items now") {
		t.Fatalf("no question naming the counts:\n%s", view)
	}
	if n := countItems(t, eng, "Thread"); n != 22 {
		t.Fatalf("%d items before the answer", n)
	}
	press(t, b, "y")
	if d.stage != stageDone || d.end.err != nil {
		t.Fatalf("stage %d end %+v", d.stage, d.end)
	}
	if n := countItems(t, eng, "Thread"); n != 23 {
		t.Fatalf("%d items after the import, want 23", n)
	}
	if len(b.change) != 1 || b.change[0].Table != "Thread" || !strings.HasPrefix(b.change[0].Note, "imported 23 items from ") {
		t.Fatalf("announced %+v", b.change)
	}
}

// A file with a bad line is refused whole: nothing is written, and the
// dialog says which line.
func TestImportRefusesABadFileWhole(t *testing.T) {
	t.Chdir(t.TempDir())
	eng := uitest.DemoEngine(t, "forum")
	if err := os.WriteFile("Thread.jsonl", []byte(`{"ForumName":"A","Subject":"ok"}`+"\n"+`{"ForumName":"B"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// an empty table, so no question: the load itself refuses
	if _, err := eng.CreateTable(kit.Bg, &model.CreateTableInput{TableName: "Empty", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "ForumName", AttributeType: "S"}, {AttributeName: "Subject", AttributeType: "S"}},
		KeySchema:            []model.KeySchemaElement{{AttributeName: "ForumName", KeyType: "HASH"}, {AttributeName: "Subject", KeyType: "RANGE"}}}); err != nil {
		t.Fatal(err)
	}
	tg, _ := uitest.Target(t, eng, "Empty", "")
	d, cmd := NewImport(st, km, eng, kit.ImportMsg{Desc: tg.Desc}, "", nil)
	b := open(t, d, cmd)
	clearField(t, b)
	typeText(t, b, "Thread.jsonl")
	press(t, b, "enter")
	if d.stage != stageDone || d.end.err == nil {
		t.Fatalf("stage %d end %+v", d.stage, d.end)
	}
	if n := countItems(t, eng, "Empty"); n != 0 {
		t.Fatalf("%d items written by a refused load", n)
	}
	if v := b.View(); !strings.Contains(v, "import refused, nothing was written to Empty") || !strings.Contains(v, "Thread.jsonl:2:") || !strings.Contains(v, "(nothing loaded)") {
		t.Fatalf("view:\n%s", v)
	}
}

func countItems(t *testing.T, api engine.API, table string) int {
	t.Helper()
	out, err := api.Scan(kit.Bg, &model.ScanInput{TableName: table})
	if err != nil {
		t.Fatal(err)
	}
	return len(out.Items)
}

// esc while the load runs takes it back: the table is as it was, and the
// dialog says nothing was written.
func TestImportStopsAndTakesTheLoadBack(t *testing.T) {
	t.Chdir(t.TempDir())
	eng := uitest.DemoEngine(t, "forum")
	writeThread(t, eng)
	before := uitest.Snapshot(t, eng)
	tg, _ := uitest.Target(t, eng, "Thread", "")
	d, cmd := NewImport(st, km, eng, kit.ImportMsg{Desc: tg.Desc}, "", nil)
	b := open(t, d, cmd)
	check := b.Update(uitest.Keys("enter")[0])
	b.Update(check()) // read and counted: the question
	yes := b.Update(uitest.Keys("y")[0])
	load := b.Update(yes()) // the answer: the load starts
	if d.stage != stageRunning || load == nil {
		t.Fatalf("stage %d, want running", d.stage)
	}
	press(t, b, "esc") // before the load's command runs
	if !strings.Contains(b.View(), "stopping: taking the load back") {
		t.Fatalf("esc does not say it:\n%s", b.View())
	}
	uitest.Drive(t, b, load)
	if d.stage != stageDone || !d.end.stopped {
		t.Fatalf("stage %d end %+v", d.stage, d.end)
	}
	uitest.SameSnapshot(t, before, uitest.Snapshot(t, eng))
	if !strings.Contains(b.View(), "import stopped and taken back: nothing was written to Thread") {
		t.Fatalf("view:\n%s", b.View())
	}
}
