package patterns

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/designs"
	"github.com/dynoscope/dynoscope/keymap"
	pat "github.com/dynoscope/dynoscope/patterns"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The details of a pattern write counts with thousands separators: items
// read and returned, the hot key's items.
func TestPatternDetailsThousands(t *testing.T) {
	m := New(kit.NewStyles(true), keymap.DefaultKeyMap(), nil)
	m.w = 100
	m.rows = []row{{p: designs.Pattern{Name: "all orders"}, res: &pat.Result{Action: "Scan", Table: "Orders", Scan: true,
		ItemsRead: 48000, ItemsReturned: 12500, Collection: -1,
		HotKey: &pat.HotKey{Table: "Orders", Items: 12000, TotalItems: 48000, Bytes: 1 << 20, TotalBytes: 4 << 20}}}}
	got := ansi.Strip(strings.Join(m.details(0), "\n"))
	for _, want := range []string{"48,000 items read · 12,500 returned", "12,000 of the 48,000 items of Orders"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
}
