package backups

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// open returns an engine on a manual clock with the employees data set and
// an S3 folder, and the view on its Employees table, shown.
func open(t *testing.T) (*engine.Engine, *engine.VirtualClock, *Model) {
	t.Helper()
	clock := engine.NewManualClock(uitest.T0)
	eng, err := engine.Open(engine.Options{Clock: clock, DisableThrottling: true, DisableTTLSweeper: true, S3Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	if _, err := fixtures.LoadAll(context.Background(), eng, []string{"employees"}); err != nil {
		t.Fatal(err)
	}
	pollEvery = time.Millisecond
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng)
	p.SetSize(100, 40)
	show(t, eng, p, "Employees")
	return eng, clock, p
}

// show points the view at table and puts it on screen.
func show(t *testing.T, api engine.API, p *Model, table string) {
	t.Helper()
	tg, info := uitest.Target(t, api, table, "")
	uitest.Drive(t, p, p.SetTarget(tg, info))
	uitest.Drive(t, p, p.SetShown(true))
}

// confirm is the question among msgs; it fails the test when there is none.
func confirm(t *testing.T, msgs []tea.Msg) kit.ConfirmMsg {
	t.Helper()
	for _, m := range msgs {
		if c, ok := m.(kit.ConfirmMsg); ok {
			return c
		}
	}
	t.Fatalf("no question among %#v", msgs)
	return kit.ConfirmMsg{}
}

func screen(p *Model) string { return ansi.Strip(p.View()) }

func wantLines(t *testing.T, view string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(view, w) {
			t.Errorf("no %q in\n%s", w, view)
		}
	}
}

func count(t *testing.T, api engine.API, table string) int {
	t.Helper()
	out, err := api.Scan(context.Background(), &model.ScanInput{TableName: table, Select: "COUNT"})
	if err != nil {
		t.Fatal(err)
	}
	return int(out.Count)
}

// P turns point-in-time recovery on and shows the window; c makes a
// backup, listed; enter asks, naming the new table, and the answer yes
// restores the backup into it; x asks and deletes it; P again asks before
// turning recovery off.
func TestBackupsPITRBackupRestoreDelete(t *testing.T) {
	eng, clock, p := open(t)
	wantLines(t, screen(p), "Point-in-time recovery", "  DISABLED", "Backups (0)", "none: c makes one")

	uitest.Press(t, p, "P")
	clock.Advance(10 * time.Minute)
	uitest.Press(t, p, "r")
	wantLines(t, screen(p), "point-in-time recovery on for Employees", "ENABLED · recovery period 35 days",
		"restorable 2026-11-22 10:41:07Z – 2026-11-22 10:51:07Z (10 min)")

	uitest.Press(t, p, "c")
	wantLines(t, screen(p), "backup Employees-20261122-105107 of Employees made", "Backups (1)", "▸ Employees-20261122-105107  11-22 10:51:07")

	q := confirm(t, uitest.Press(t, p, "enter"))
	if q.Yes != "restore into Employees-restored" || q.Table != "Employees" {
		t.Fatalf("question %+v", q)
	}
	uitest.Drive(t, p, p.Update(q.Then))
	wantLines(t, screen(p), "restored backup Employees-20261122-105107 into Employees-restored (23 items)")
	if n := count(t, eng, "Employees-restored"); n != 23 {
		t.Fatalf("restored %d items", n)
	}

	q = confirm(t, uitest.Press(t, p, "x"))
	uitest.Drive(t, p, p.Update(q.Then))
	wantLines(t, screen(p), "backup Employees-20261122-105107 deleted", "Backups (0)")

	q = confirm(t, uitest.Press(t, p, "P"))
	if q.Yes != "turn it off" {
		t.Fatalf("question %+v", q)
	}
	uitest.Drive(t, p, p.Update(q.Then))
	wantLines(t, screen(p), "point-in-time recovery off for Employees: its history is gone", "  DISABLED")
}

// A bad update, then t: the preview lists the item changed since the time
// typed with what differs, the counts then and now; enter asks, and the
// restore makes a table holding the item as it was.
func TestBackupsRestoreToTimePreview(t *testing.T) {
	eng, clock, p := open(t)
	uitest.Press(t, p, "P")
	clock.Advance(10 * time.Minute)
	scan, err := eng.Scan(context.Background(), &model.ScanInput{TableName: "Employees", Limit: ptr(int32(1))})
	if err != nil {
		t.Fatal(err)
	}
	it := scan.Items[0]
	name := it["Name"]
	it["Name"] = model.S("oops")
	if _, err := eng.PutItem(context.Background(), &model.PutItemInput{TableName: "Employees", Item: it}); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Minute)
	uitest.Press(t, p, "r", "t", "ctrl+u", "2m", "enter")
	wantLines(t, screen(p), "Employees at 2026-11-22 10:50:07Z: 23 items then · 23 items now (2026-11-22 10:52:07Z)",
		"since then: 1 changed · 0 added · 0 deleted", "Name "+kit.Cell(name)+" → oops")

	q := confirm(t, uitest.Press(t, p, "enter"))
	if q.Yes != "restore into Employees-105007" {
		t.Fatalf("question %+v", q)
	}
	uitest.Drive(t, p, p.Update(q.Then))
	wantLines(t, screen(p), "restored Employees at 2026-11-22 10:50:07Z into Employees-105007 (23 items)")
	key := kit.KeyOf(it, "EmployeeId")
	got, err := eng.GetItem(context.Background(), &model.GetItemInput{TableName: "Employees-105007", Key: key})
	if err != nil || got.Item == nil || !kit.SameItem(model.Item{"Name": got.Item["Name"]}, model.Item{"Name": name}) {
		t.Fatalf("restored item %v, %v; want Name %v", got, err, name)
	}

	uitest.Press(t, p, "t", "ctrl+u", "2d", "enter")
	wantLines(t, screen(p), "is outside the restorable window")
}

// e exports the table to the S3 folder (a progress bar, then COMPLETED
// with the folder, in AWS's layout); i offers that export's data folder,
// asks, and imports it into a new table with the same items.
func TestBackupsExportImport(t *testing.T) {
	eng, _, p := open(t)
	if msgs := uitest.Press(t, p, "e"); len(msgs) != 1 || !strings.Contains(msgs[0].(kit.FlashMsg).Text, "an export reads the point-in-time history: P turns recovery on for Employees first") {
		t.Fatalf("export with PITR off: %#v", msgs)
	}
	uitest.Press(t, p, "P", "e")
	v := screen(p)
	wantLines(t, v, "export of Employees to", "COMPLETED", "exported 23 items", "i imports it into a new table")
	folder := p.transfer.folder
	for _, f := range []string{"manifest-summary.json", "manifest-files.json"} {
		if _, err := os.Stat(filepath.Join(folder, f)); err != nil {
			t.Errorf("export has no %s: %v", f, err)
		}
	}
	if !strings.HasPrefix(folder, filepath.Join(eng.S3Dir(), "dynoscope-exports", "Employees", "AWSDynamoDB")) {
		t.Errorf("export folder %s", folder)
	}
	msgs := uitest.Press(t, p, "i")
	if len(msgs) != 0 || !strings.Contains(screen(p), "import from: dynoscope-exports/Employees/AWSDynamoDB/") {
		t.Fatalf("import field: %v\n%s", msgs, screen(p))
	}
	q := confirm(t, uitest.Press(t, p, "enter"))
	if q.Yes != "import into Employees-imported" || !strings.Contains(q.Body[0], "DYNAMODB_JSON files, GZIP") {
		t.Fatalf("question %+v", q)
	}
	uitest.Drive(t, p, p.Update(q.Then))
	wantLines(t, screen(p), "import into Employees-imported from", "COMPLETED", "imported 23 of 23 processed (0 errors)")
	if n := count(t, eng, "Employees-imported"); n != 23 {
		t.Fatalf("imported %d items", n)
	}
}

// readOnly is a remote backend opened without --write.
type readOnly struct{ *engine.Engine }

func (readOnly) Location() remoteapi.Location { return remoteapi.Location{Region: "eu-west-1"} }

// On a read-only remote backend every change is refused before anything
// is asked or sent; a remote's preview says why there is none.
func TestBackupsReadOnlyRemote(t *testing.T) {
	eng, _, _ := open(t)
	ro := readOnly{eng}
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), ro)
	p.SetSize(100, 40)
	show(t, ro, p, "Employees")
	for _, k := range []string{"P", "c", "i"} {
		msgs := uitest.Press(t, p, k)
		if len(msgs) != 1 || msgs[0] != (kit.FlashMsg{Text: kit.ReadOnlyText}) {
			t.Errorf("%s: %#v", k, msgs)
		}
	}
	out, err := eng.ListBackups(context.Background(), &model.ListBackupsInput{})
	if err != nil || len(out.BackupSummaries) != 0 {
		t.Fatalf("backups %v %v", out, err)
	}
}

func ptr[T any](v T) *T { return &v }

// The time typed for a restore: a duration before the latest restorable
// time, a time of day on its day (UTC), an RFC 3339 time; anything else
// says what it takes.
func TestParseTime(t *testing.T) {
	latest := time.Date(2026, 11, 22, 10, 51, 7, 0, time.UTC)
	for _, c := range []struct {
		in   string
		want time.Time
	}{
		{"", latest},
		{"5m", latest.Add(-5 * time.Minute)},
		{"-1h30m", latest.Add(-90 * time.Minute)},
		{"2d", latest.Add(-48 * time.Hour)},
		{"1d12h", latest.Add(-36 * time.Hour)}, // read by kit.ParseSpan, as the clock reads it
		{"1w", latest.Add(-7 * 24 * time.Hour)},
		{"10:31", time.Date(2026, 11, 22, 10, 31, 0, 0, time.UTC)},
		{"10:31:07", time.Date(2026, 11, 22, 10, 31, 7, 0, time.UTC)},
		{"2026-11-21T09:00:00Z", time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)},
	} {
		got, err := parseTime(c.in, latest)
		if err != nil || !got.Equal(c.want) {
			t.Errorf("%q: %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	if _, err := parseTime("yesterday", latest); err == nil || !strings.Contains(err.Error(), "5m, 1h30m, 2d") {
		t.Errorf("yesterday: %v", err)
	}
}
