package items

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// clickAt hands the pane a left click on line y of the pane and returns
// the item it asks the root to open, if any.
func clickAt(p *Model, y int) (kit.OpenItemMsg, bool) {
	cmd := p.Update(kit.ClickMsg{X: 10, Y: y})
	if cmd == nil {
		return kit.OpenItemMsg{}, false
	}
	msg := cmd()
	if o, ok := msg.(kit.OpenItemMsg); ok {
		return o, true
	}
	drive(p, func() tea.Msg { return msg }, nil)
	return kit.OpenItemMsg{}, false
}

// A click on an item row puts the cursor on it, scrolled or not, filtered
// or not; a second click on it opens the item as enter does; a click on
// the header lines or under the rows does nothing.
func TestClickSelectsThenOpensARow(t *testing.T) {
	eng := bigTable(t, 200)
	defer eng.Close()
	p := openTable(t, eng, "Big", 50)
	press(p, "pgdown", "pgdown") // the screen no longer starts at the first row
	top := p.top
	if top == 0 {
		t.Fatal("pgdown did not scroll")
	}
	want := p.Rows()[top+4-p.offset(p.first)]
	if _, opened := clickAt(p, firstRowLine+4); opened {
		t.Fatal("the first click on a row opened it")
	}
	if p.cursor != top+4 {
		t.Fatalf("cursor %d after a click on the fifth row shown (top %d)", p.cursor, top)
	}
	o, opened := clickAt(p, firstRowLine+4)
	if !opened {
		t.Fatal("a second click on the selected row did not open it")
	}
	if !model.ItemsEqual(o.Item, want) || o.Target.Table() != "Big" || !o.Whole {
		t.Fatalf("opened %v of %q, want %v", o.Item, o.Target.Table(), want)
	}
	for _, y := range []int{0, 1, 2, firstRowLine + p.rowsOnScreen()} {
		before := p.cursor
		if _, opened := clickAt(p, y); opened || p.cursor != before {
			t.Fatalf("a click on line %d moved the cursor %d→%d or opened (%v)", y, before, p.cursor, opened)
		}
	}

	press(p, "/", "1", "7") // a filter being typed: a click ends the typing, keeps the filter
	if !p.filtering || len(p.idx) < 3 {
		t.Fatalf("filter /17: typing %v, %d rows", p.filtering, len(p.idx))
	}
	want = p.g.Rows[p.idx[2]].Item
	clickAt(p, firstRowLine+2)
	if p.filtering || p.fcursor != 2 || len(p.idx) < 3 {
		t.Fatalf("click on the third filtered row: typing %v, cursor %d", p.filtering, p.fcursor)
	}
	if o, opened := clickAt(p, firstRowLine+2); !opened || !model.ItemsEqual(o.Item, want) {
		t.Fatalf("second click on a filtered row opened %v (%v), want %v", o.Item, opened, want)
	}
}
