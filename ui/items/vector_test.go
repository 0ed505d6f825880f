package items

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// On a table with a vector index, s asks the root for "more like this"
// with the item under the cursor (a whole table item); the key is offered
// in the help line there and nowhere else. A vector index selected shows
// its table's items (Scan refuses a vector index) and says so.
func TestItemsMoreLikeThis(t *testing.T) {
	eng := uitest.DemoEngine(t, "film-catalog", "forum")
	p := openTable(t, eng, "Films", 0)
	if !strings.Contains(helpText(p), "s more like this (vector search)") {
		t.Fatalf("no s in the help: %s", helpText(p))
	}
	cur, _ := p.current()
	seen := uitest.Press(t, p, "s")
	if len(seen) != 1 {
		t.Fatalf("s: %#v", seen)
	}
	m, ok := seen[0].(kit.SearchLikeMsg)
	if !ok || !m.Whole || m.Target.Table() != "Films" || m.Item["FilmId"].S != cur["FilmId"].S || m.Item["Embedding"].L == nil {
		t.Fatalf("s asked %#v", seen[0])
	}

	forum := openTable(t, eng, "Thread", 0)
	if strings.Contains(helpText(forum), "more like this") {
		t.Fatalf("s offered on a table without a vector index: %s", helpText(forum))
	}
	if seen := uitest.Press(t, forum, "s"); len(seen) != 0 {
		t.Fatalf("s on Thread: %#v", seen)
	}

	tg, info := uitest.Target(t, eng, "Films", "SimilarFilms")
	v := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, 0)
	v.SetSize(88, 35)
	v.SetShown(true)
	uitest.Drive(t, v, v.SetTarget(tg, info))
	view := ansi.Strip(v.View())
	if !strings.Contains(view, "Films ▸ SimilarFilms  vector: table items shown") || !strings.Contains(view, " of 3,000 · page 1") {
		t.Fatalf("a vector index in Items:\n%s", view)
	}
}

// A vector index's left-out list says what puts an item in it: a vector
// of its size (and the HASH search attribute), not a key.
func TestItemsVectorLeftOutRule(t *testing.T) {
	eng := uitest.DemoEngine(t, "film-catalog")
	tg, info := uitest.Target(t, eng, "Films", "SimilarInGenre")
	v := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, 0)
	v.SetSize(88, 35)
	v.SetShown(true)
	uitest.Drive(t, v, v.SetTarget(tg, info))
	uitest.Drive(t, v, v.OpenLeftOut())
	view := ansi.Strip(v.View())
	for _, want := range []string{"Films ▸ SimilarInGenre  left out: 40 of 3,000 table items",
		"an item is in SimilarInGenre when its Embedding is a List of 16 Numbers and it has Genre", "(S), the index's HASH search attribute",
		"no Embedding"} {
		if !strings.Contains(view, want) {
			t.Fatalf("no %q in\n%s", want, view)
		}
	}
}

func helpText(p *Model) string {
	var parts []string
	for _, b := range p.ShortHelp() {
		if b.Enabled() {
			parts = append(parts, b.Help().Key+" "+b.Help().Desc)
		}
	}
	return strings.Join(parts, " · ")
}
