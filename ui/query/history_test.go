package query

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/internal/history"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// Every request run is kept, in the mode it was run in: ↑ on the first
// row (or ctrl+p) brings back the one before, ↓ (ctrl+n) the one after
// and, past the newest, what was typed; a request saved by name and the
// runs survive a restart (a new pane on the same file, read in a command).
func TestHistoryRecallsSavesAndSurvivesRestart(t *testing.T) {
	path := history.InConfigDir(t.TempDir(), "memory") // the user's config dir, pointed at a temporary one
	eng := uitest.DemoEngine(t, "forum")
	q := newPane(t, eng, "Thread", "")
	q.SetHistory(path)
	uitest.Drive(t, q, q.LoadHistory())

	for _, forum := range []string{"EC2", "S3"} {
		toRow(t, q, "partition key")
		typeField(t, q, forum)
		pressQ(t, q, "r")
		if res := q.Result(); res == nil || res.Err != nil || len(res.Items) == 0 {
			t.Fatalf("%s: %+v", forum, res)
		}
	}
	toRow(t, q, "partition key")
	typeField(t, q, "Amazon DynamoDB") // typed, not run: the draft
	pressQ(t, q, "g", "up")
	if pk := q.Form().PK; pk != "S3" {
		t.Fatalf("↑ on the first row shows %q, want the last run (S3)", pk)
	}
	pressQ(t, q, "ctrl+p")
	if pk := q.Form().PK; pk != "EC2" {
		t.Fatalf("ctrl+p shows %q, want EC2", pk)
	}
	pressQ(t, q, "ctrl+p")
	if f := q.Form(); f.PK != "EC2" || !strings.Contains(f.Note, "the oldest request run on Thread") {
		t.Fatalf("past the oldest: %+v", f)
	}
	pressQ(t, q, "down", "down")
	if pk := q.Form().PK; pk != "Amazon DynamoDB" {
		t.Fatalf("↓ past the newest shows %q, want the draft", pk)
	}
	pressQ(t, q, "ctrl+p")
	if len(pressQ(t, q, "r")) == 0 || q.Result() == nil || q.Form().PK != "S3" {
		t.Fatalf("the request brought back does not run: %+v", q.Form())
	}

	// the statement editor goes through the statements run
	toMode(t, q, ModePartiQL)
	writeStatement(t, q, `SELECT * FROM "Thread" WHERE ForumName = 'EC2'`)
	pressQ(t, q, "r")
	writeStatement(t, q, `SELECT Subject FROM "Thread" WHERE ForumName = 'S3'`)
	pressQ(t, q, "ctrl+s", "S3 subjects", "enter")
	if !strings.Contains(q.PartiQL().Note, `saved as "S3 subjects", in `+path) {
		t.Fatalf("save: %q", q.PartiQL().Note)
	}
	pressQ(t, q, "g", "up")
	if s := q.PartiQL().Statement; s != `SELECT * FROM "Thread" WHERE ForumName = 'EC2'` {
		t.Fatalf("↑ in the statement editor: %q", s)
	}

	// a restart: the runs and the saved request are read back
	raw, err := os.ReadFile(path)
	if err != nil || filepath.Dir(filepath.Dir(filepath.Dir(path))) == "" {
		t.Fatal(err)
	}
	if n := strings.Count(string(raw), "\n"); n != 1+3+1 { // the format, 3 runs (S3 twice in a row: kept once), the save
		t.Fatalf("the file holds %d lines:\n%s", n, raw)
	}
	again := newPane(t, eng, "Thread", "")
	again.SetHistory(path)
	uitest.Drive(t, again, again.LoadHistory())
	pressQ(t, again, "g", "up")
	if pk := again.Form().PK; pk != "S3" {
		t.Fatalf("after the restart ↑ shows %q", pk)
	}
	pressQ(t, again, "/")
	if !again.Capturing() || !viewHas(again, "★ S3 subjec") || !viewHas(again, "4 of 4") {
		t.Fatalf("the list:\n%s", again.View())
	}
	pressQ(t, again, "subj")
	if !viewHas(again, "1 of 4") {
		t.Fatalf("filtered:\n%s", again.View())
	}
	pressQ(t, again, "enter")
	if again.Mode() != ModePartiQL || again.PartiQL().Statement != `SELECT Subject FROM "Thread" WHERE ForumName = 'S3'` ||
		again.PartiQL().Result != nil {
		t.Fatalf("enter on the saved request: %v %+v", again.Mode(), again.PartiQL())
	}
	// forgetting it is written too
	pressQ(t, again, "/", "delete", "esc")
	h, err := history.Open(path).Load()
	if err != nil || len(h.Saved) != 0 || len(h.Runs) != 3 {
		t.Fatalf("after delete: %+v %v", h, err)
	}
}

// A request of another table chosen in the list goes through the root,
// which selects its table before the builder shows it (not run).
func TestHistoryListOpensAnotherTableThroughTheRoot(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	q := newPane(t, eng, "Reply", "")
	in := &model.QueryInput{TableName: "Thread", KeyConditionExpression: "#pk = :pk", ExpressionAttributeNames: map[string]string{"#pk": "ForumName"},
		ExpressionAttributeValues: map[string]model.AttributeValue{":pk": model.S("S3")}}
	e, _ := entryOf(in, uitest.T0)
	q.hist.runs = append(q.hist.runs, e)
	msgs := pressQ(t, q, "/", "enter")
	var open *openQuery
	for _, m := range msgs {
		if o, ok := asOpenQuery(m); ok {
			open = &o
		}
	}
	if open == nil || !open.noRun || !sameRequest(open.in, in) {
		t.Fatalf("enter on a Query of Thread from Reply: %+v", msgs)
	}
}

// A vector search run is kept too, and ↑ on the Vector mode's first row
// brings the one before back (the vector, the partition value, TopK).
func TestHistoryKeepsVectorSearches(t *testing.T) {
	eng := uitest.DemoEngine(t, "film-catalog")
	q := newPane(t, eng, "Films", "SimilarInGenre")
	if q.Mode() != ModeVector {
		t.Fatalf("mode %s", q.Mode())
	}
	tg := q.Target()
	for _, id := range []string{"film-0001", "film-0002"} {
		film := getItem(t, eng, "Films", model.Item{"FilmId": model.S(id)})
		uitest.Drive(t, q, q.SearchLike(kit.TableTarget(tg.Desc), film))
	}
	if len(q.hist.runs) != 2 || q.hist.runs[0].Op != "SearchVectors" || q.hist.runs[0].Index != "SimilarInGenre" {
		t.Fatalf("kept: %+v", q.hist.runs)
	}
	second, _ := q.VectorRequest()
	pressQ(t, q, "g", "up")
	first, _ := q.VectorRequest()
	want, _ := requestOf(q.hist.runs[0])
	if first == nil || !sameRequest(first, want) || sameRequest(first, second) {
		t.Fatalf("↑ in the Vector mode: %+v", first)
	}
	pressQ(t, q, "down")
	if back, _ := q.VectorRequest(); !sameRequest(back, second) {
		t.Fatalf("↓ did not bring the draft back: %+v", back)
	}
}
