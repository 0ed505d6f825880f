package transfer

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/credentials"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remote"
	"github.com/dynoscope/dynoscope/engine/remote/remotetest"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// openServed serves the demo forum data set and opens it as a remote
// backend, read-only.
func openServed(t *testing.T) *remote.Backend {
	t.Helper()
	b, _ := serve(t, false)
	return b
}

// serve serves the demo forum data set and opens it as a remote backend,
// read-only unless write; the served engine comes back too.
func serve(t *testing.T, write bool) (*remote.Backend, *engine.Engine) {
	t.Helper()
	eng := uitest.DemoEngine(t, "forum")
	b, err := remote.Open(context.Background(), remote.Options{EndpointURL: remotetest.Serve(t, eng), Region: "us-east-1", Write: write,
		RetryConnectionsOnly: true, Credentials: credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", "")})
	if err != nil {
		t.Fatal(err)
	}
	return b, eng
}

// On a remote table the dialog says what the read costs before enter, and
// enter asks before reading; n reads nothing, y exports every item. A
// read-only backend exports: the export only reads.
func TestExportRemoteSaysTheCostAndAsks(t *testing.T) {
	t.Chdir(t.TempDir())
	b := openServed(t)
	tg, _ := uitest.Target(t, b, "Thread", "")
	d, cmd := NewExport(st, km, b, kit.ExportOf(tg))
	box := open(t, d, cmd)
	if d.est == nil || !strings.Contains(box.View(), "RCU") {
		t.Fatalf("no price shown:\n%s", box.View())
	}
	press(t, box, "enter")
	view := box.View()
	if d.stage != stageAsk || !strings.Contains(view, "Export table Thread to Thread.jsonl?") ||
		!strings.Contains(view, "nothing is written to the table") || !strings.Contains(view, d.est.String()) {
		t.Fatalf("no question with the price:\n%s", view)
	}
	press(t, box, "n")
	if _, err := os.Stat("Thread.jsonl"); err == nil || d.stage != stagePath {
		t.Fatalf("n: stage %d, file written %v", d.stage, err)
	}
	press(t, box, "enter", "y")
	data, err := os.ReadFile("Thread.jsonl")
	if err != nil || strings.Count(string(data), "\n") != 22 || d.end == nil || d.end.err != nil {
		t.Fatalf("y: %v, %d lines, end %+v", err, strings.Count(string(data), "\n"), d.end)
	}
}

// Import into a read-only remote table is refused, in a dialog that says
// why and writes nothing.
func TestImportRefusedOnAReadOnlyRemoteTable(t *testing.T) {
	b := openServed(t)
	tg, _ := uitest.Target(t, b, "Thread", "")
	d, cmd := NewImport(st, km, b, kit.ImportMsg{Desc: tg.Desc}, "", nil)
	box := open(t, d, cmd)
	view := strings.Join(strings.Fields(uitest.Frame(box.View(), uitest.PaneW, uitest.PaneH)), " ")
	if d.stage != stageDone || !strings.Contains(view, "no import into Thread here: "+kit.ReadOnlyText) {
		t.Fatalf("view:\n%s", box.View())
	}
	press(t, box, "esc")
	if !box.closed {
		t.Fatal("esc did not close it")
	}
}

// With --write, the file is checked first on a scratch copy of the table
// (a bad one is refused and nothing is sent), then the question says it is
// not all or nothing and wants the table's name typed: y alone sends
// nothing; the name typed, the items go in BatchWriteItem calls.
func TestImportIntoARemoteTableWantsTheNameTyped(t *testing.T) {
	t.Chdir(t.TempDir())
	b, eng := serve(t, true)
	writeThread(t, eng) // 22 items, one changed, one added
	if err := os.WriteFile("bad.jsonl", []byte(`{"ForumName":"A","Subject":"ok"}`+"\n"+`{"ForumName":"B"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tg, _ := uitest.Target(t, b, "Thread", "")
	where := []string{"table Thread · region us-east-1 · account 000000000000"}
	d, cmd := NewImport(st, km, b, kit.ImportMsg{Desc: tg.Desc}, "", where)
	box := open(t, d, cmd)
	before := len(eng.RecentRequests())
	clearField(t, box)
	typeText(t, box, "bad.jsonl")
	press(t, box, "enter")
	if d.stage != stagePath || !strings.Contains(d.why, "bad.jsonl:2:") {
		t.Fatalf("a bad file: stage %d, why %q", d.stage, d.why)
	}
	if n := len(eng.RecentRequests()); n != before {
		t.Fatalf("checking the file sent %d requests", n-before)
	}
	clearField(t, box)
	typeText(t, box, "Thread.jsonl")
	press(t, box, "enter")
	view := strings.Join(strings.Fields(uitest.Frame(box.View(), uitest.PaneW, uitest.PaneH)), " ")
	for _, want := range []string{"Write 23 items into Thread?", "checked: 23 items", "in 1 BatchWriteItem call of up to 25 PutRequests",
		"A remote table has no all-or-nothing load", "table Thread · region us-east-1", "type Thread to confirm"} {
		if !strings.Contains(view, want) {
			t.Fatalf("the question lacks %q:\n%s", want, view)
		}
	}
	press(t, box, "y", "enter")
	if d.stage != stageAsk || countItems(t, eng, "Thread") != 22 {
		t.Fatalf("y without the name: stage %d, %d items", d.stage, countItems(t, eng, "Thread"))
	}
	press(t, box, "ctrl+u")
	typeText(t, box, "Thread")
	press(t, box, "enter")
	if d.stage != stageDone || d.end.err != nil || d.end.items != 23 {
		t.Fatalf("stage %d end %+v", d.stage, d.end)
	}
	if n := countItems(t, eng, "Thread"); n != 23 {
		t.Fatalf("%d items in the served table, want 23", n)
	}
	if len(box.change) != 1 || !strings.Contains(box.change[0].Note, "imported 23 items from ") || !strings.HasSuffix(box.change[0].Note, " WCU") {
		t.Fatalf("announced %+v", box.change)
	}
}
