package items

import (
	"reflect"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
	"github.com/dynoscope/dynoscope/ui/uitest/host"
)

// The left-out list of a multi-attribute index names the key attributes
// each item lacks: in the reason ("no Section, Status, Position") and in
// the index's key columns, marked "✗ missing" from the engine's Missing.
func TestLeftOutNamesTheMissingKeyAttributes(t *testing.T) {
	eng := uitest.CartWithLeftOuts(t)
	m := newBed(t, eng, 120, 40, 0)
	m.browse("CartLines", "PositionIndex")
	m.Press("o")
	items, _ := m.it.LeftOutItems()
	// in table order: u-1003's partition hashes before u-1001's
	if len(items) != 2 || items[1].Reason != "no Section, Status, Position" || !reflect.DeepEqual(items[1].Missing, []string{"Section", "Status", "Position"}) ||
		items[0].Reason != "no Position" || !reflect.DeepEqual(items[0].Missing, []string{"Position"}) || items[0].Attribute != "Position" {
		t.Fatalf("left out %+v", items)
	}
	f := m.Text()
	for _, s := range []string{
		"CartLines ▸ PositionIndex  left out: 2 of 21 table items",
		"  why it is left out            │ UserID   │ Section ▲1 │ Status ▲2 │ Position ▲3  +3 →",
		"▸ no Position                   │ u-1003   │ CART       │ ACTIVE    │ ✗ missing",
		"  no Section, Status, Position  │ u-1001   │ ✗ missing  │ ✗ missing │ ✗ missing",
	} {
		if !strings.Contains(f, s) {
			t.Errorf("left-out list lacks %q:\n%s", s, m.Text())
		}
	}
	if s := "an item is in PositionIndex when it has UserID (S), Section (S), Status (S) and Position (N) of the declared type"; !strings.Contains(m.Flat(), s) {
		t.Errorf("left-out list lacks %q:\n%s", s, m.Text())
	}
	// the item view says the same of one item
	m.Press("enter")
	open, ok := host.Last[kit.OpenItemMsg](m.Bed)
	if !ok {
		t.Fatalf("enter opened no item:\n%s", m.Text())
	}
	iv, load := NewItemView(m.St, m.Km, eng, open)
	v := host.New(t, iv, eng, m.W, m.H)
	v.Drive(load)
	if !strings.Contains(v.Flat(), "✗ PositionIndex (GSI): no Position") || !strings.Contains(v.Flat(), "✓ LineKeyIndex (GSI)") {
		t.Fatalf("item view:\n%s", v.Text())
	}
}
