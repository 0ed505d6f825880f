package lessons

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// theSimilarItems is what each of lesson 13's nine steps shows once run
// ("Similar items beside your keys").
var theSimilarItems = []string{
	"✓ Query Films · 1 item (scanned 1) · 0.5 RCU",
	"✓ SearchVectors Films/SimilarFilms · 10 results · 31,429 search bytes",
	"SimilarDotProduct  DOT_PRODUCT ACTIVE · 2,960 of 3,000 items",
	"FilmId in the order returned: film-1970 film-1532 film-0807 film-0227 film-1449",
	"✓ global 10 items, 31,429 search bytes · in Horror 10 items, 23,749 search bytes",
	"scores, best first: 0.3074 0.3138",
	"✓ without 10 items, 31,099 search bytes · with Embedding 10 items, 31,869 search bytes",
	"✓ left out of Films/SimilarFilms · 40 items",
	"scores, best first: 0.0000 0.0000 0.0017",
}

// Lesson 13 run end to end on the lesson's copy of film-catalog: the key
// lookup; the similarity search, the film itself first; two more indexes
// on the same attribute; the three distances side by side (DOT_PRODUCT
// does not put the film first); the partitioned index against the global
// one (fewer search bytes, one genre); the inline filter (every result
// Dark); the bytes of returning the vector; the 40 films left out; and a
// vector written into one of them, charged per index, found at once. The
// user's workspace is never written.
func TestLessonSimilarItemsRunsEveryStep(t *testing.T) {
	user := uitest.DemoEngine(t, "film-catalog")
	p := lessonAt(t, user, 13, uitest.PaneW, uitest.PaneH)
	if title, table := p.Title(); title != "Similar items beside your keys" || table != "Films" {
		t.Fatalf("lesson 13: %q on %q", title, table)
	}
	for i, s := range theSimilarItems {
		if i > 0 {
			uitest.Press(t, p, "right")
		}
		uitest.Press(t, p, "enter")
		title, err, items, _, ok := p.Result()
		if !ok || err != nil {
			t.Fatalf("step %d: %q %v", i+1, title, err)
		}
		switch i {
		case 1:
			if items[0]["FilmId"].S != vecFilm || len(items) != 10 {
				t.Fatalf("step 2: %d results, first %v", len(items), items[0]["FilmId"])
			}
		case 5:
			for _, it := range items {
				if it["Mood"].S != "Dark" {
					t.Fatalf("step 6: a %s film passed Mood = Dark", it["Mood"].S)
				}
			}
		case 8:
			if items[1]["FilmId"].S != vecNoVector {
				t.Fatalf("step 9: %v, want %s second", items, vecNoVector)
			}
		}
		if f := uitest.Frame(p.View(), uitest.PaneW, uitest.PaneH); !strings.Contains(f, s) {
			t.Fatalf("step %d does not show %q:\n%s", i+1, s, f)
		}
	}
	d, err := user.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: "Films"})
	if err != nil || len(d.Table.VectorIndexes) != 2 {
		t.Fatalf("the lesson changed the user's Films: %v", err)
	}
	got, err := user.GetItem(kit.Bg, &model.GetItemInput{TableName: "Films", Key: model.Item{"FilmId": model.S(vecNoVector)}})
	if err != nil || got.Item == nil || got.Item["Embedding"].Type != 0 {
		t.Fatalf("the lesson wrote into the user's %s: %v", vecNoVector, err)
	}
}

// lessonAt is the Lessons pane of api's workspace at w x h, on lesson
// n.
func lessonAt(t *testing.T, api engine.API, n, w, h int) *Model {
	t.Helper()
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), api)
	t.Cleanup(p.Close)
	p.SetSize(w, h)
	p.SetFocus(true)
	for i := 1; i < n; i++ {
		uitest.Press(t, p, "j")
	}
	if l, _ := p.Lesson(); l != n {
		t.Fatalf("on lesson %d, want %d", l, n)
	}
	return p
}

// The step that sets the partitioned index beside the global one, at the
// pane size of a 120x40 terminal and of an 80x24 one.
func TestGoldenLessonSimilarItems(t *testing.T) {
	lessonGolden(t, uitest.PaneW, uitest.PaneH, 13, theSimilarItems[:5]...)
}

func TestGoldenLessonSimilarItemsSmall(t *testing.T) {
	lessonGolden(t, uitest.SmallPaneW, uitest.SmallPaneH, 13,
		"1 item (scanned 1)", "SimilarFilms · 10 results", "SimilarDotProduct", "DOT_PRODUCT 5 items", "23,749 search bytes")
}

// At 80x24 the left-out list of step 8 shows each film's whole key: the
// reason column is as wide as its longest reason ("no Embedding"), not a
// fixed 34 cells that pushed the key past the pane's edge.
func TestLeftOutRowsKeepTheKeyAtSmallSize(t *testing.T) {
	user := uitest.DemoEngine(t, "film-catalog")
	p := lessonAt(t, user, 13, uitest.SmallPaneW, uitest.SmallPaneH)
	for i := 1; i < 8; i++ {
		uitest.Press(t, p, "right")
	}
	uitest.Press(t, p, "enter")
	if title, err, _, _, ok := p.Result(); !ok || err != nil || !strings.HasPrefix(title, "left out of") {
		t.Fatalf("step 8: %q %v", title, err)
	}
	f := uitest.Frame(p.View(), uitest.SmallPaneW, uitest.SmallPaneH)
	if !strings.Contains(f, "no Embedding  FilmId=film-0075") {
		t.Fatalf("a left-out row is cut:\n%s", f)
	}
}
