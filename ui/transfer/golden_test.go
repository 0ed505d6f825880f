package transfer

import (
	"testing"

	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The export dialog on the Thread table, at the pane sizes of 120x40 and
// 80x24: the file offered, the formats, what is read.
func TestGoldenExportDialog(t *testing.T) {
	for _, size := range []struct {
		name string
		w, h int
	}{{"120x40", uitest.PaneW, uitest.PaneH}, {"80x24", uitest.SmallPaneW, uitest.SmallPaneH}} {
		t.Run(size.name, func(t *testing.T) {
			eng := uitest.DemoEngine(t, "forum")
			tg, _ := uitest.Target(t, eng, "Thread", "")
			d, cmd := NewExport(st, km, eng, kit.ExportOf(tg))
			b := open(t, d, cmd)
			d.SetSize(size.w, size.h)
			press(t, b, "tab", "tab")
			uitest.Golden(t, b, size.w, size.h)
		})
	}
}

// The import dialog on Thread, CSV numbers on.
func TestGoldenImportDialog(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	tg, _ := uitest.Target(t, eng, "Thread", "")
	d, cmd := NewImport(st, km, eng, kit.ImportMsg{Desc: tg.Desc}, "", nil)
	b := open(t, d, cmd)
	press(t, b, "ctrl+n")
	uitest.Golden(t, b, uitest.PaneW, uitest.PaneH)
}
