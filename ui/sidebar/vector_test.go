package sidebar

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// Vector indexes are rows under their table like GSIs, badged VEC with
// the items in them of the table's; on one, d asks for its deletion and i
// for a new vector index.
func TestSidebarVectorIndexes(t *testing.T) {
	eng := uitest.DemoEngine(t, "film-catalog")
	s := New(kit.NewStyles(true), keymap.DefaultKeyMap())
	s.SetSize(36, 12)
	s.SetTables(uitest.Tables(t, eng))
	uitest.Press(t, s, "j", "j")
	if sel := s.Selected(); sel.Index != "SimilarInGenre" || sel.Kind() != "vector" {
		t.Fatalf("selected %s %q", sel.Kind(), sel.Index)
	}
	view := ansi.Strip(s.View())
	for _, l := range []string{"│    SimilarFilms  VEC 2,960/3,000 │", "│  ▸ SimilarInGenre                │", "│                  VEC 2,960/3,000 │"} {
		if !strings.Contains(view, l) {
			t.Fatalf("no line %q in\n%s", l, view)
		}
	}
	for key, op := range map[string]kit.ManageOp{"d": kit.DropVectorIndex, "i": kit.AddVectorIndex} {
		seen := uitest.Press(t, s, key)
		if m, ok := seen[0].(kit.ManageMsg); len(seen) != 1 || !ok || m.Op != op {
			t.Fatalf("%s asked %#v", key, seen)
		}
	}
}
