package schema

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The Schema pane of a table with vector indexes lists each with its
// attribute, dimensions and distance, its search schema, its projection,
// the items in it and left out, and its status; with the cursor on one,
// d asks the root to delete that vector index and i to add another.
func TestSchemaShowsVectorIndexes(t *testing.T) {
	eng := uitest.DemoEngine(t, "film-catalog")
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng)
	p.SetSize(110, 40)
	tg, info := uitest.Target(t, eng, "Films", "SimilarInGenre")
	uitest.Drive(t, p, p.SetTarget(tg, info))
	view := ansi.Strip(p.View())
	for _, want := range []string{
		"Vector indexes  read with SearchVectors (3 Query, mode Vector)",
		"  SimilarFilms       VEC  Embedding · 16 dims · COSINE",
		"                     search schema Mood INLINE_FILTER",
		"▸ SimilarInGenre     VEC  Embedding · 16 dims · COSINE",
		"                     search schema Genre HASH, Mood INLINE_FILTER",
		"                     projects INCLUDE Title, Genre, Decade · 2,960 of 3,000 items ·",
		"                     40 left out (no Embedding of 16 numbers) · 715.7 KB · ACTIVE",
		"                     40 left out (no Embedding of 16 numbers or no Genre) · 715.7 KB · ACTIVE",
	} {
		if !strings.Contains(view, want) {
			t.Errorf("no line %q in\n%s", want, view)
		}
	}
	tests := []struct {
		key string
		op  kit.ManageOp
	}{
		{"d", kit.DropVectorIndex},
		{"i", kit.AddVectorIndex},
	}
	for _, tt := range tests {
		seen := uitest.Press(t, p, tt.key)
		if len(seen) != 1 {
			t.Fatalf("%s: %#v", tt.key, seen)
		}
		m, ok := seen[0].(kit.ManageMsg)
		if !ok || m.Op != tt.op || m.Target.Table() != "Films" {
			t.Fatalf("%s asked %#v", tt.key, seen[0])
		}
		if tt.op == kit.DropVectorIndex && m.Target.Index != "SimilarInGenre" {
			t.Fatalf("d deletes %q", m.Target.Index)
		}
	}
}
