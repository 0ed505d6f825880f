package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/patterns"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// musicEngine is the music model of package designs' tests (and, unless
// modelOnly, its patterns), as dynoscope --model opens it.
func musicEngine(t testing.TB, modelOnly bool) *engine.Engine {
	t.Helper()
	return uitest.MusicEngine(t, modelOnly)
}

// The check runs again on r, and when the workspace changes: a pattern
// saved in the query builder (a ChangedMsg), a table's indexes (a fresh
// description), a write seen live. A pattern removed with x (asked first)
// leaves the list.
func TestPatternsPaneChecksAgain(t *testing.T) {
	eng := musicEngine(t, false)
	m := newTestModel(t, eng, 120, 40)
	press(t, m, "8")
	if m.pane != panePatterns {
		t.Fatalf("8 shows pane %d", m.pane)
	}
	pp := m.ws.patterns
	res, _ := pp.Result(0)
	if res == nil || res.ItemsReturned != 1 {
		t.Fatalf("first check: %+v", res)
	}

	// A write the pane did not make: the details item of song 1 goes.
	if _, err := eng.DeleteItem(context.Background(), &model.DeleteItemInput{TableName: "Songs",
		Key: model.Item{"Id": model.S("1"), "Metadata": model.S("Details")}}); err != nil {
		t.Fatal(err)
	}
	press(t, m, "r")
	if res, fresh := pp.Result(0); !fresh || res.ItemsReturned != 0 {
		t.Fatalf("after r the GetItem finds %d items (fresh %v)", res.ItemsReturned, fresh)
	}

	// A live write (an engine event) checks again while the pane shows.
	if _, err := eng.PutItem(context.Background(), &model.PutItemInput{TableName: "Songs",
		Item: model.Item{"Id": model.S("1"), "Metadata": model.S("Details"), "Title": model.S("Wild Horses")}}); err != nil {
		t.Fatal(err)
	}
	old := patterns.RecheckGap
	patterns.RecheckGap = 0
	defer func() { patterns.RecheckGap = old }()
	send(t, m, routed{ws: m.ws, to: toRoot, msg: kit.EventBatch{OK: true, At: time.Now(), Events: []engine.Event{{Kind: engine.EventRequest, Table: "Songs",
		Request: &engine.RequestRecord{Action: "PutItem", Table: "Songs"}}}}})
	if res, _ := pp.Result(0); res.ItemsReturned != 1 {
		t.Fatalf("after a write seen live the GetItem finds %d items", res.ItemsReturned)
	}

	// An index dropped: the next description of the tables checks again,
	// and the Scan has no index to be served by any more.
	if _, err := eng.UpdateTable(context.Background(), &model.UpdateTableInput{TableName: "Songs",
		GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Delete: &model.DeleteGlobalSecondaryIndex{IndexName: "ByArtist"}}}}); err != nil {
		t.Fatal(err)
	}
	eng.WaitBackgroundIndexWork()
	send(t, m, routed{ws: m.ws, to: toRoot, msg: reloadMsg{}})
	if res, _ := pp.Result(3); res.Advice != "no index has partition key Artist" {
		t.Fatalf("after ByArtist was dropped the Scan's advice is %q", res.Advice)
	}

	// Removing a pattern asks, then the pane lists one fewer.
	press(t, m, "j", "j", "j", "x")
	if m.modal == nil || !strings.Contains(flat(m), `Remove pattern "Songs by an artist"`) {
		t.Fatalf("x does not ask:\n%s", screen(m))
	}
	press(t, m, "y")
	if n := len(pp.Patterns()); n != 4 {
		t.Fatalf("after removing one, %d patterns", n)
	}
	for _, p := range pp.Patterns() {
		if p.Name == "Songs by an artist" {
			t.Fatal("the removed pattern is still listed")
		}
	}
	if !strings.Contains(flat(m), "4 patterns on Songs · 4 passed") {
		t.Errorf("after the removal:\n%s", screen(m))
	}
}
