package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/internal/itemfmt"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/transfer"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// modalBox holds a dialog as the root does, until it closes.
type modalBox struct{ m forms.Modal }

func (b *modalBox) Update(msg tea.Msg) tea.Cmd {
	if _, ok := msg.(kit.FlashMsg); ok || b.m == nil {
		return nil
	}
	next, cmd := b.m.Update(msg)
	b.m = next
	return cmd
}

// The explorer's export (x on the Thread table in the sidebar, then the
// dialog) writes 22 records in each format, byte for byte the file
// `dynoscope export --fixtures forum --table Thread` writes.
func TestExplorerExportIsTheCommandsExport(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	tg, _ := uitest.Target(t, eng, "Thread", "")
	km := keymap.DefaultKeyMap()
	for i, f := range itemfmt.Formats {
		t.Run(string(f), func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			cli := filepath.Join(dir, "cli"+f.Extension())
			var stdout, stderr bytes.Buffer
			if err := run([]string{"export", "--fixtures", "forum", "--table", "Thread", "--format", string(f), "--out", cli}, &stdout, &stderr); err != nil {
				t.Fatalf("%v (stderr %s)", err, stderr.String())
			}
			d, cmd := transfer.NewExport(kit.NewStyles(true), km, eng, kit.ExportOf(tg))
			d.SetSize(uitest.PaneW, uitest.PaneH)
			b := &modalBox{m: d}
			uitest.Drive(t, b, cmd)
			for range i {
				uitest.Press(t, b, "tab") // jsonl, then ddb-json, then csv
			}
			uitest.Press(t, b, "enter")
			if d.Format() != f {
				t.Fatalf("the dialog wrote %s", d.Format())
			}
			got, err := os.ReadFile("Thread" + f.Extension())
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(cli)
			if err != nil {
				t.Fatal(err)
			}
			records := strings.Count(string(got), "\n")
			if f == itemfmt.CSV {
				records-- // the header
			}
			if records != 22 {
				t.Fatalf("%d records, want 22", records)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("the explorer's file differs from the command's:\n%s\n---\n%s", got, want)
			}
		})
	}
}
