package kit_test

import (
	"testing"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// "More like this" on an index entry reads the whole table item by the
// entry's table key first; an item deleted meanwhile says so.
func TestSearchLikeReadWhole(t *testing.T) {
	eng := uitest.DemoEngine(t, "schema-demo")
	tg, _ := uitest.Target(t, eng, "schema-demo", "animal_type")
	entry := model.Item{"pk": model.S("FRE001"), "type": model.S("Dog")}
	got := kit.SearchLikeMsg{Target: tg, Item: entry}.ReadWhole(eng)()
	m, ok := got.(kit.SearchLikeMsg)
	if !ok || !m.Whole || m.Target.Index != "" || m.Target.Table() != "schema-demo" || m.Item["name"].S != "Freddie" {
		t.Fatalf("read whole: %#v", got)
	}
	gone := model.Item{"pk": model.S("NOBODY")}
	if got := (kit.SearchLikeMsg{Target: tg, Item: gone}.ReadWhole(eng)()); got != (kit.FlashMsg{Text: "more like this: the item is gone"}) {
		t.Fatalf("gone: %#v", got)
	}
}
