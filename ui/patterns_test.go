package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	pat "github.com/dynoscope/dynoscope/patterns"
	"github.com/dynoscope/dynoscope/ui/patterns"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// musicEngine is the music model of package designs' tests (and, unless
// modelOnly, its patterns), as dynoscope --model opens it.
func musicEngine(t testing.TB, modelOnly bool) *engine.Engine {
	t.Helper()
	return uitest.MusicEngine(t, modelOnly)
}

// The Patterns pane lists every saved pattern with the checker's verdict,
// and shows the one under the cursor in detail: what serves it, by which
// key condition or why it scans, items read and returned, the units of
// one call with the engine's lines, the hot key, the budget and the
// verdict.
func TestPatternsPaneShowsTheCheckersVerdicts(t *testing.T) {
	eng := musicEngine(t, false)
	// The verdicts the pane must show: the checker run on a twin of the
	// workspace (reads consume capacity; the results do not change).
	twin := musicEngine(t, false)
	saved, err := pat.Saved(context.Background(), twin)
	if err != nil {
		t.Fatal(err)
	}
	want := (&pat.Checker{WS: twin}).Check(context.Background(), saved)

	m := newTestModel(t, eng, 120, 40)
	press(t, m, "8")
	if m.pane != panePatterns {
		t.Fatalf("8 shows pane %d", m.pane)
	}
	pp := m.ws.patterns
	if pp.Running() {
		t.Fatal("the check did not finish")
	}
	got := pp.Patterns()
	if len(got) != len(want) {
		t.Fatalf("%d patterns listed, want %d", len(got), len(want))
	}
	for i, w := range want {
		res, fresh := pp.Result(i)
		if res == nil || !fresh {
			t.Fatalf("pattern %d: no fresh verdict", i)
		}
		if res.Pattern.Name != w.Pattern.Name || res.Served() != w.Served() || res.KeyCondition != w.KeyCondition ||
			res.RCU != w.RCU || res.WCU != w.WCU || res.ItemsRead != w.ItemsRead || res.ItemsReturned != w.ItemsReturned ||
			res.OK() != w.OK() || strings.Join(res.Failures, "|") != strings.Join(w.Failures, "|") ||
			strings.Join(res.Lines, "|") != strings.Join(w.Lines, "|") || res.HotKeyText() != w.HotKeyText() {
			t.Errorf("pattern %q: the pane has\n%+v\nthe checker says\n%+v", w.Pattern.Name, *res, w)
		}
	}
	s := flat(m)
	for _, frag := range []string{
		"Access patterns 5 patterns on Songs · 4 passed · 1 failed",
		"✓ Song details GetItem on Songs 0.5 RCU ok",
		"✓ Top songs of a month Query on Songs/DownloadsByMonth 0.5 RCU ok",
		"✗ Songs by an artist Scan on Songs (scan) 0.5 RCU FAIL",
		"✓ Record a download PutItem on Songs 1 WCU ok",
		// the first pattern in detail
		`key Id = "1", Metadata = "Details"`,
		"items 1 item read · 1 returned",
		"capacity 0.5 RCU per call",
		"GetItem on Songs: 207 B → 1 × 4 KB, eventually consistent × 0.5 = 0.5 RCU",
		"hot key Id=1: 4 of the 5 items of Songs, 396 B of 472 B (84%)",
		"largest 207 B (an item is at most 400 KB)",
		"budget at most 0.5 RCU a call · a scan fails",
		"verdict ✓ passed",
	} {
		if !strings.Contains(s, frag) {
			t.Errorf("the pane does not show %q:\n%s", frag, screen(m))
		}
	}

	// The Scan in detail: why it scans, which index could serve it, what
	// the filter throws away, and the failure.
	press(t, m, "j", "j", "j")
	s = flat(m)
	for _, frag := range []string{
		"request Scan on Songs",
		"scan reads every item of Songs: index ByArtist has partition key Artist: a Query on it reads only the matching items",
		"items 5 items read · 2 returned",
		"Scan on Songs: 5 items, 472 B → 1 × 4 KB = 1 RCU",
		"warning the filter discards 3 of the 5 items read (paid for all 5)",
		"verdict ✗ it scans: index ByArtist has partition key Artist: a Query on it reads only the matching items",
	} {
		if !strings.Contains(s, frag) {
			t.Errorf("the Scan's details do not show %q:\n%s", frag, screen(m))
		}
	}
}

// The check runs again on r, and when the workspace changes: a pattern
// saved in the query builder (a ChangedMsg), a table's indexes (a fresh
// description), a write seen live. A pattern removed with x (asked first)
// leaves the list.
func TestPatternsPaneChecksAgain(t *testing.T) {
	eng := musicEngine(t, false)
	m := newTestModel(t, eng, 120, 40)
	press(t, m, "8")
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
	send(t, m, routed{ws: m.ws, to: toRoot, msg: liveBatchMsg{ok: true, at: time.Now(), evs: []engine.Event{{Kind: engine.EventRequest, Table: "Songs",
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

// At 80x24 the details of a pattern scroll under the list (pgdn, pgup);
// another pattern shows from its first line.
func TestPatternsPaneScrollsDetails(t *testing.T) {
	m := newTestModel(t, musicEngine(t, false), 80, 24)
	press(t, m, "8", "j", "j", "j")
	if s := flat(m); strings.Contains(s, "verdict ✗") || !strings.Contains(s, "lines 1–11 of 19 · pgdn/pgup scroll") {
		t.Fatalf("the Scan's details at 80x24:\n%s", screen(m))
	}
	press(t, m, "pgdown")
	if s := flat(m); !strings.Contains(s, "verdict ✗ it scans: index ByArtist has partition key Artist") {
		t.Errorf("pgdn does not reach the verdict:\n%s", screen(m))
	}
	press(t, m, "pgup")
	if s := flat(m); !strings.Contains(s, "lines 1–11 of 19") {
		t.Errorf("pgup does not go back:\n%s", screen(m))
	}
	press(t, m, "pgdown", "j")
	if s := flat(m); !strings.Contains(s, "Record a download request PutItem on Songs") {
		t.Errorf("the next pattern does not show from its first line:\n%s", screen(m))
	}
}
