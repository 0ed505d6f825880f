package query

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	pat "github.com/dynoscope/dynoscope/patterns"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// filmOf reads a film of the catalogue.
func filmOf(t *testing.T, api engine.API, id string) model.Item {
	t.Helper()
	out, err := api.GetItem(kit.Bg, &model.GetItemInput{TableName: "Films", Key: model.Item{"FilmId": model.S(id)}})
	if err != nil || out.Item == nil {
		t.Fatalf("%s: %v", id, err)
	}
	return out.Item
}

// The Vector mode: choosing a vector index in the sidebar turns the
// builder to it; "more like this" from an item fills the vector and the
// partition value and runs SearchVectors, whose results show best first
// with their scores and bars, the vector search request bytes itemised,
// and the CLI line; the line's JSON is a request dynoscope serve answers
// with the same results. A partitioned index refuses, before sending, a
// search without a partition value; a vector of another size goes to
// DynamoDB and its message shows verbatim.
func TestVectorModeSearchesLikeAnItem(t *testing.T) {
	eng := uitest.DemoEngine(t, "film-catalog")
	q := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, nil, "127.0.0.1:8000")
	q.SetSize(120, 60)
	q.SetFocus(true)
	tg, info := uitest.Target(t, eng, "Films", "SimilarInGenre")
	uitest.Drive(t, q, q.SetTarget(tg, info))
	if q.Mode() != ModeVector {
		t.Fatalf("a vector index selected: mode %s", q.Mode())
	}
	if _, why := q.VectorRequest(); !strings.Contains(why, "type or paste the search vector") {
		t.Fatalf("no vector yet: %q", why)
	}
	film := filmOf(t, eng, "film-0001")
	uitest.Drive(t, q, q.SearchLike(kit.TableTarget(tg.Desc), film))
	hits, bytes, err := q.VectorResult()
	if err != nil || len(hits) != 10 || bytes == nil {
		t.Fatalf("results %d, bytes %v, err %v", len(hits), bytes, err)
	}
	if hits[0].Item["FilmId"].S != "film-0001" || hits[0].Score > 1e-6 {
		t.Fatalf("the film itself is not first: %v", hits[0])
	}
	for _, h := range hits {
		if h.Item["Genre"].S != film["Genre"].S {
			t.Fatalf("a %s film in the %s partition", h.Item["Genre"].S, film["Genre"].S)
		}
	}
	view := ansi.Strip(q.View())
	for _, want := range []string{
		"Vector  Films ▸ SimilarInGenre (vector)",
		"partition Genre  " + film["Genre"].S,
		"16 of 16 numbers · from FilmId=film-0001 (Embedding)",
		"10 results, best first · 23,749 vector search request bytes",
		"  returned 10 items: 709 B",
		"COSINE: 0 same direction … 2 opposite",
		"SearchVectors on SimilarInGenre: examined",
		" 1    0.0000 ██████████ film-0001 │ 1970",
		" 10   0.0261 █████░░░░░ film-0227 │ 1970",
		"aws dynamodb search-vectors \\",
		"  --cli-input-json '{\"TableName\":\"Films\",\"IndexName\":\"SimilarInGenre\",",
		"--endpoint-url http://127.0.0.1:8000",
	} {
		if !strings.Contains(view, want) {
			t.Errorf("no %q in\n%s", want, view)
		}
	}

	// on a result, → scrolls the attribute columns (the keys stay)
	q.SetSize(70, 60)
	q.vec.row = vrRows
	uitest.Press(t, q, "right")
	if q.vec.colOff != 1 || !strings.Contains(ansi.Strip(q.View()), " 1    0.0000 ██████████ film-0001 │ "+film["Genre"].S) {
		t.Fatalf("→ on a result: colOff %d\n%s", q.vec.colOff, ansi.Strip(q.View()))
	}
	uitest.Press(t, q, "left")
	q.SetSize(120, 60)

	// the CLI line's JSON is what dynoscope serve takes
	in, why := q.VectorRequest()
	if why != "" {
		t.Fatal(why)
	}
	cli := CLIText(in, "")
	body := strings.TrimSuffix(strings.TrimPrefix(cli, "aws dynamodb search-vectors --cli-input-json '"), "'")
	srv := httptest.NewServer(server.New(eng, server.Options{}))
	t.Cleanup(srv.Close)
	req, _ := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(body))
	req.Header.Set("X-Amz-Target", "DynamoDB_20120810.SearchVectors")
	req.Header.Set("Content-Type", "application/x-amz-json-1.0")
	resp, herr := http.DefaultClient.Do(req)
	if herr != nil {
		t.Fatal(herr)
	}
	defer resp.Body.Close()
	var served struct {
		SearchResults []struct {
			Item  map[string]json.RawMessage
			Score float64
		}
	}
	if err := json.NewDecoder(resp.Body).Decode(&served); err != nil || resp.StatusCode != 200 || len(served.SearchResults) != 10 {
		t.Fatalf("serve answered %d (%v) to %s", resp.StatusCode, err, body)
	}
	if got := string(served.SearchResults[0].Item["FilmId"]); got != `{"S":"film-0001"}` {
		t.Fatalf("serve's first result %s", got)
	}

	// P saves the search as an access pattern with its table
	uitest.Press(t, q, "P", "enter")
	saved, err2 := pat.Saved(kit.Bg, eng)
	if err2 != nil || len(saved) != 1 || saved[0].Name != "SearchVectors Films/SimilarInGenre" || saved[0].Operation != "SearchVectors" {
		t.Fatalf("saved %+v, %v; note %q", saved, err2, q.vec.note)
	}

	// no partition value: refused before sending
	q.vec.row = vrPartition
	uitest.Press(t, q, "e", "ctrl+u", "enter", "r")
	if !strings.Contains(q.vec.note, "refused before sending: the index is partitioned by Genre") {
		t.Fatalf("note %q", q.vec.note)
	}
	// a vector of 2 numbers: DynamoDB's message
	uitest.Press(t, q, "e", "Drama", "enter")
	q.vec.row = vrVector
	uitest.Press(t, q, "e", "ctrl+u", "[1, 2]", "enter", "r")
	if _, _, err := q.VectorResult(); err == nil || err.Code != model.ErrValidation {
		t.Fatalf("a 2-number vector: %v", err)
	}
	if !strings.Contains(ansi.Strip(q.View()), "DynamoDB rejected the request:") {
		t.Fatalf("no rejection in\n%s", ansi.Strip(q.View()))
	}
}

// A search vector is typed as a JSON list of numbers, a list of DynamoDB
// Numbers or a DynamoDB List; each number keeps its text.
func TestParseSearchVector(t *testing.T) {
	tests := []struct {
		text string
		want []string
		bad  string
	}{
		{"[0.1, 2, -3e-2]", []string{"0.1", "2", "-3e-2"}, ""},
		{`[{"N":"0.5"},{"N":"1"}]`, []string{"0.5", "1"}, ""},
		{`{"L":[{"N":"7"}]}`, []string{"7"}, ""},
		{"", nil, "type or paste the search vector"},
		{"[1, \"a\"]", nil, "element 1 of the search vector is not a number"},
		{"1, 2", nil, "a JSON list of numbers"},
	}
	for _, tt := range tests {
		got, err := ParseSearchVector(tt.text)
		if tt.bad != "" {
			if err == nil || !strings.Contains(err.Error(), tt.bad) {
				t.Errorf("%q: %v, want %q", tt.text, err, tt.bad)
			}
			continue
		}
		if err != nil || len(got) != len(tt.want) {
			t.Fatalf("%q: %v %v", tt.text, got, err)
		}
		for i, w := range tt.want {
			if got[i].Type != model.TypeN || got[i].N != w {
				t.Errorf("%q[%d] = %v, want N %s", tt.text, i, got[i], w)
			}
		}
	}
}
