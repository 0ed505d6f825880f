package forms

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// On an on-demand table the GSI form offers a vector index instead
// (ctrl+t); the vector index form fills the dimensions from the indexes
// already on the attribute, sends UpdateTable with a Create in
// VectorIndexUpdates (the search schema's attribute definitions with it)
// and watches the backfill; d's question deletes a vector index. A
// provisioned table's GSI form does not offer it.
func TestVectorIndexFormAndDelete(t *testing.T) {
	eng := uitest.DemoEngine(t, "film-catalog", "forum")
	st, km := kit.NewStyles(true), keymap.DefaultKeyMap()
	ctrlT := tea.KeyPressMsg{Code: 't', Mod: tea.ModCtrl}

	_, forum := uitest.Target(t, eng, "Thread", "")
	g := NewGSIForm(st, km, eng, forum.Desc)
	if md, _ := g.Update(ctrlT); md != Modal(g) {
		t.Fatalf("a provisioned table's GSI form turned into %T", md)
	}

	tg, info := uitest.Target(t, eng, "Films", "")
	g = NewGSIForm(st, km, eng, info.Desc)
	g.SetSize(100, 30)
	if !strings.Contains(ansi.Strip(g.View()), "ctrl+t: a vector index instead") || g.ShortHelp()[0].Help().Key != "ctrl+t" {
		t.Fatalf("the GSI form does not offer a vector index:\n%s", ansi.Strip(g.View()))
	}
	md, _ := g.Update(ctrlT)
	v, ok := md.(*VectorForm)
	if !ok {
		t.Fatalf("ctrl+t opened %T", md)
	}
	v.SetSize(100, 30)
	md, got := press(t, v, "ByDecade", "tab", "Embedding", "tab", "tab", "right", "tab", "Decade", "tab", "right", "tab", "Mood", "enter")
	view := ansi.Strip(md.View())
	for _, want := range []string{
		"dimensions          16",
		"distance            ◂ EUCLIDEAN ▸",
		"partition by        Decade",
		"  type              ◂ N ▸",
		"Films · Create vector index ByDecade on Embedding (16 dims, EUCLIDEAN) · search schema Decade HASH,",
		"Mood INLINE_FILTER · projects ALL",
	} {
		if !strings.Contains(view, want) {
			t.Errorf("no %q in\n%s", want, view)
		}
	}
	batch, ok := got.(tea.BatchMsg)
	if !ok {
		t.Fatalf("enter sent %#v", got)
	}
	md, _ = md.Update(batch[0]())
	w, ok := md.(*BuildWatch)
	if !ok || !w.vector {
		t.Fatalf("after the create: %T", md)
	}
	d, err := eng.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: "Films"})
	if err != nil {
		t.Fatal(err)
	}
	var made *model.VectorIndexDescription
	for i := range d.Table.VectorIndexes {
		if d.Table.VectorIndexes[i].IndexName == "ByDecade" {
			made = &d.Table.VectorIndexes[i]
		}
	}
	if made == nil || made.Dimensions != 16 || made.DistanceFunction != model.DistanceEuclidean || len(made.SearchSchema) != 2 {
		t.Fatalf("made %+v", made)
	}
	if tg.AttrType("Decade") != "" || kit.TableTarget(d.Table).AttrType("Decade") != "N" {
		t.Fatalf("Decade is defined as %q", kit.TableTarget(d.Table).AttrType("Decade"))
	}

	other := uitest.DemoEngine(t, "film-catalog")
	c := NewDropVectorIndex(st, km, other, kit.Target{Desc: d.Table, Index: "SimilarFilms"})
	_, got = press(t, c, "y")
	if done, ok := got.(DoneMsg); !ok || done.Err != nil || done.Note != "UpdateTable Films: deleting vector index SimilarFilms" {
		t.Fatalf("y gave %#v (%v)", got, got.(DoneMsg).Err)
	}
}
