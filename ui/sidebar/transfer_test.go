package sidebar

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// x on a table asks for the export of the whole table, on an index of the
// index; I asks for the import of a file into the table.
func TestSidebarExportAndImport(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	s := New(kit.NewStyles(true), keymap.DefaultKeyMap())
	s.SetSize(30, 12)
	s.SetTables(uitest.Tables(t, eng))
	uitest.Press(t, s, "j") // Reply
	one := func(msgs []tea.Msg) tea.Msg {
		t.Helper()
		if len(msgs) != 1 {
			t.Fatalf("announced %#v", msgs)
		}
		return msgs[0]
	}
	e, ok := one(uitest.Press(t, s, "x")).(kit.ExportMsg)
	if !ok || e.Read.Scan == nil || e.Read.Table() != "Reply" || e.Read.Index() != "" || e.What != "table Reply" || !e.Read.Whole() {
		t.Fatalf("x on Reply: %#v", e)
	}
	uitest.Press(t, s, "j") // its LSI
	e, ok = one(uitest.Press(t, s, "x")).(kit.ExportMsg)
	if !ok || e.Read.Table() != "Reply" || e.Read.Index() != "PostedBy-index" || e.What != "index PostedBy-index of Reply" {
		t.Fatalf("x on PostedBy-index: %#v", e)
	}
	im, ok := one(uitest.Press(t, s, "I")).(kit.ImportMsg)
	if !ok || im.Desc == nil || im.Desc.TableName != "Reply" {
		t.Fatalf("I: %#v", im)
	}
}
