package lessons

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// Lesson 11, step 5 ("What a line costs to write"): the explanation under
// the PutItem's 3 WCU itemises every unit it charges, the table's and each
// index's, not the table's alone.
func TestThenAndNowWriteCostItemised(t *testing.T) {
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), uitest.DemoEngine(t, "forum"))
	defer p.Close()
	p.SetSize(110, 40)
	for i := 0; i < 20; i++ {
		if title, _ := p.Title(); title == "Composite sort keys, then and now" {
			break
		}
		uitest.Press(t, p, "j")
	}
	uitest.Press(t, p, "right", "right", "right", "right")
	if l, s := p.Lesson(); s != 5 {
		t.Fatalf("at lesson %d step %d", l, s)
	}
	uitest.Press(t, p, "enter")
	view := ansi.Strip(p.View())
	for _, want := range []string{
		"✓ PutItem CartLines · 3 WCU (table 1, LineKeyIndex 1, PositionIndex 1)",
		"PutItem on CartLines: 143 B (new item) → 1 × 1 KB = 1 WCU",
		"GSI LineKeyIndex: new entry, ",
		"GSI PositionIndex: new entry, ",
	} {
		if !strings.Contains(view, want) {
			t.Errorf("no %q in\n%s", want, view)
		}
	}
}
