package patterns

import (
	"context"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
	pat "github.com/dynoscope/dynoscope/patterns"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// A saved vector search is listed with its vector search bytes (it
// consumes no read units) and, in detail, the index that serves it, the
// search, the results returned and the engine's itemised bytes.
func TestPatternsPaneShowsAVectorSearch(t *testing.T) {
	eng := uitest.DemoEngine(t, "film-catalog")
	film, err := eng.GetItem(kit.Bg, &model.GetItemInput{TableName: "Films", Key: model.Item{"FilmId": model.S("film-0001")}})
	if err != nil {
		t.Fatal(err)
	}
	index, k := "SimilarFilms", int64(10)
	p, err := pat.FromRequest("films like film-0001", &model.SearchVectorsInput{TableName: "Films", IndexName: &index,
		SearchVector: film.Item["Embedding"].L, TopK: &k, ProjectionExpression: "FilmId, Title"})
	if err != nil {
		t.Fatal(err)
	}
	if err := pat.Save(eng, p); err != nil {
		t.Fatal(err)
	}
	twin := uitest.DemoEngine(t, "film-catalog")
	want := (&pat.Checker{WS: twin}).CheckOne(context.Background(), p)
	m := newBed(t, eng, 120, 40)
	s := m.Flat()
	for _, frag := range []string{
		"✓ films like film-0001 SearchVectors on Films/SimilarFilms " + kit.HumanBytes(int64(want.SearchBytes)) + " ok",
		"key the 10 nearest to a vector of 16 numbers",
		"items 10 items returned",
		"capacity " + kit.FmtInt(int64(want.SearchBytes)) + " vector search request bytes per call",
		"SearchVectors on SimilarFilms: examined ~480 of 2960 vectors",
		"verdict ✓ passed",
	} {
		if !strings.Contains(s, frag) {
			t.Errorf("the pane does not show %q:\n%s", frag, m.Text())
		}
	}
}
