package transfer

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/credentials"

	"github.com/dynoscope/dynoscope/engine/remote"
	"github.com/dynoscope/dynoscope/engine/remote/remotetest"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// openServed serves the demo forum data set and opens it as a remote
// backend, read-only.
func openServed(t *testing.T) *remote.Backend {
	t.Helper()
	eng := uitest.DemoEngine(t, "forum")
	b, err := remote.Open(context.Background(), remote.Options{EndpointURL: remotetest.Serve(t, eng), Region: "us-east-1",
		RetryConnectionsOnly: true, Credentials: credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", "")})
	if err != nil {
		t.Fatal(err)
	}
	return b
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

// Import into a remote table is refused, in a dialog that says why and
// writes nothing.
func TestImportRefusedOnARemoteTable(t *testing.T) {
	b := openServed(t)
	tg, _ := uitest.Target(t, b, "Thread", "")
	d, cmd := NewImport(st, km, b, kit.ImportMsg{Desc: tg.Desc}, "")
	box := open(t, d, cmd)
	view := strings.Join(strings.Fields(uitest.Frame(box.View(), uitest.PaneW, uitest.PaneH)), " ")
	if d.stage != stageDone || !strings.Contains(view, "no import into Thread here: an import loads a file all or nothing through the embedded engine's bulk load, and a remote table has none") {
		t.Fatalf("view:\n%s", box.View())
	}
	press(t, box, "esc")
	if !box.closed {
		t.Fatal("esc did not close it")
	}
}
