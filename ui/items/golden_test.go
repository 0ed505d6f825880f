package items

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The goldens of the Items pane and the item view, on the whole demo
// workspace at the pane size of a 120x40 terminal, with the keyboard, as
// after enter on the sidebar's selection.

// itemsOn is the Items pane on table (and index), shown, with the
// keyboard, its first page read.
func itemsOn(t *testing.T, table, index string) (*Model, *kit.Styles) {
	t.Helper()
	return itemsOf(t, uitest.DemoEngine(t), table, index, uitest.PaneW, uitest.PaneH)
}

// itemsOf is itemsOn on eng at w x h.
func itemsOf(t *testing.T, eng *engine.Engine, table, index string, w, h int) (*Model, *kit.Styles) {
	t.Helper()
	st, km := kit.NewStyles(true), keymap.DefaultKeyMap()
	p := New(st, km, eng, 0)
	p.SetSize(w, h)
	p.SetFocus(true)
	tg, info := uitest.Target(t, eng, table, index)
	uitest.Drive(t, p, p.SetTarget(tg, info))
	uitest.Drive(t, p, p.SetShown(true))
	return p, st
}

// An LSI's items: its key, then what it projects, the rest "not projected".
func TestGoldenItemsPaneOnIndex(t *testing.T) {
	p, _ := itemsOn(t, "Thread", "LastPostIndex")
	uitest.Golden(t, p, uitest.PaneW, uitest.PaneH)
}

// o on a sparse GSI: the table's items the index leaves out, and why.
func TestGoldenLeftOut(t *testing.T) {
	p, _ := itemsOn(t, "schema-demo", "animal_type")
	uitest.Press(t, p, "o")
	uitest.Golden(t, p, uitest.PaneW, uitest.PaneH)
}

// enter on Thread's first item opens the item view: its attributes and
// the indexes it is in.
func TestGoldenItemView(t *testing.T) {
	p, st := itemsOn(t, "Thread", "")
	var open *kit.OpenItemMsg
	for _, msg := range uitest.Press(t, p, "enter") {
		if o, ok := msg.(kit.OpenItemMsg); ok {
			open = &o
		}
	}
	if open == nil {
		t.Fatal("enter on an item did not open it")
	}
	v, load := NewItemView(st, keymap.DefaultKeyMap(), p.api, *open)
	v.SetSize(uitest.PaneW, uitest.PaneH)
	uitest.Drive(t, v, load)
	uitest.Golden(t, v, uitest.PaneW, uitest.PaneH)
}

// 2 Items on the music model's Songs in its SongDetails facet view at
// 120x40: the two songs' details items, the key columns as SongId and
// Metadata, the facet's attributes in the model's order.
func TestGoldenFacetView(t *testing.T) {
	p, _ := itemsOf(t, uitest.MusicEngine(t, false), "Songs", "", uitest.PaneW, uitest.PaneH)
	uitest.Press(t, p, "v")
	if f := uitest.Frame(p.View(), uitest.PaneW, uitest.PaneH); !strings.Contains(f, "[SongDetails]") || !strings.Contains(f, "SongDetails: 2 of the 5 items read") {
		t.Fatalf("v did not show the SongDetails facet:\n%s", f)
	}
	uitest.Golden(t, p, uitest.PaneW, uitest.PaneH)
}

// The Downloads facet at 80x24.
func TestGoldenFacetViewSmall(t *testing.T) {
	p, _ := itemsOf(t, uitest.MusicEngine(t, false), "Songs", "", uitest.SmallPaneW, uitest.SmallPaneH)
	uitest.Press(t, p, "v", "v")
	if f := uitest.Frame(p.View(), uitest.SmallPaneW, uitest.SmallPaneH); !strings.Contains(f, "Downloads: 2 of the 5") {
		t.Fatalf("v v did not show the Downloads facet:\n%s", f)
	}
	uitest.Golden(t, p, uitest.SmallPaneW, uitest.SmallPaneH)
}

// At 80x24 the left-out list's title, its count and the "!" legend wrap
// instead of being cut ("left o…" and "…the item…" before), and the
// column header keeps its scroll arrow.
func TestGoldenLeftOutSmall(t *testing.T) {
	p, _ := itemsOf(t, uitest.DemoEngine(t), "schema-demo", "animal_type", uitest.SmallPaneW, uitest.SmallPaneH)
	uitest.Press(t, p, "o")
	f := uitest.Frame(p.View(), uitest.SmallPaneW, uitest.SmallPaneH)
	for _, want := range []string{"left out: 4 of 5 table items", "+3 →", "writes to it fail until the attribute is fixed or removed"} {
		if !strings.Contains(strings.Join(strings.Fields(f), " "), want) {
			t.Fatalf("want %q whole on\n%s", want, f)
		}
	}
	uitest.Golden(t, p, uitest.SmallPaneW, uitest.SmallPaneH)
}

// At 80x24 an LSI's "not projected" legend wraps (it was cut) and the
// rows make room for it; the header's scroll arrow shows.
func TestGoldenItemsPaneOnIndexSmall(t *testing.T) {
	p, _ := itemsOf(t, uitest.DemoEngine(t), "Thread", "LastPostIndex", uitest.SmallPaneW, uitest.SmallPaneH)
	f := uitest.Frame(p.View(), uitest.SmallPaneW, uitest.SmallPaneH)
	if !strings.Contains(strings.Join(strings.Fields(f), " "), "fetches the item from the table (costs extra RCU)") || !strings.Contains(f, "→") {
		t.Fatalf("legend or arrow cut:\n%s", f)
	}
	uitest.Golden(t, p, uitest.SmallPaneW, uitest.SmallPaneH)
}
