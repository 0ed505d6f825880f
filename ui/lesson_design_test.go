package ui

import (
	"context"
	"strings"
	"testing"

	pat "github.com/dynoscope/dynoscope/patterns"
)

// Lesson 12 walks the music library's model: its five patterns checked
// (the artist page a Scan of 288 items for 5.5 RCU, over its budget), that
// Scan run, a GSI on Artist added (48 of the 288 items in it), the pattern
// saved as a Query on it and every pattern checked again: all pass, the
// artist page at 0.5 RCU. The user's workspace is not touched; o opens the
// lesson's copy in 8 Patterns, where the same verdicts show.
func TestLessonDesignFromPatterns(t *testing.T) {
	eng := demoEngine(t, "forum")
	before := snapshot(t, eng)
	m := newTestModel(t, eng, 120, 40)
	openLesson(t, m, 12)
	if title, table := m.lessons.Title(); title != "Design from access patterns" || table != "Songs" {
		t.Fatalf("lesson 12 is %q on %s", title, table)
	}

	res := runCurrent(t, m)
	expectResult(t, m, res, "5 access patterns checked: 4 passed, 1 failed",
		`✓ Song details: GetItem on Songs by Id = "7", Metadata = "Details" · 0.5 RCU`,
		"✓ Top songs of a month: Query on Songs/DownloadsByMonth by DownloadMonth = :m (:m = \"2026-02\") · 0.5 RCU",
		"✗ Songs by an artist: Scan on Songs, reads all 288 items, returns 4 · 5.5 RCU",
		"it scans: no index has partition key Artist",
		"5.5 RCU per call, over its budget of 1",
		"✓ Record a download: PutItem on Songs by Id = \"7\", Metadata = \"Download#0004\" · 1 WCU")
	// o: 8 Patterns on the lesson's copy says the same.
	press(t, m, "o")
	if m.pane != panePatterns || m.ws == m.home || !strings.Contains(flat(m), "5 patterns on Songs · 4 passed · 1 failed") {
		t.Fatalf("o on step 1:\n%s", screen(m))
	}
	press(t, m, "7")

	press(t, m, "n")
	res = runCurrent(t, m)
	expectResult(t, m, res, "Scan Songs · 4 items (scanned 288) · 5.5 RCU",
		"Scan on Songs: 288 items, 41.9 KB → 11 × 4 KB = 11 RCU")

	press(t, m, "n")
	res = runCurrent(t, m)
	expectResult(t, m, res, "UpdateTable Songs · GSI ByArtist ACTIVE",
		"backfilled: 48 of the 288 items are in ByArtist",
		"the other 240 carry no Artist: the index leaves them out")
	// o browses Songs on the copy (the facets of its model there); 8
	// Patterns on the copy sees the index: the Scan could be a Query.
	press(t, m, "o")
	if m.pane != paneItems || m.ws == m.home || !strings.Contains(flat(m), "views: [all items] · SongDetails · Downloads · MonthlyDownloads") {
		t.Fatalf("o on step 3:\n%s", screen(m))
	}
	press(t, m, "8")
	if res, _ := m.ws.patterns.Result(3); !strings.Contains(flat(m), "4 passed · 1 failed") || res == nil ||
		res.Advice != "index ByArtist has partition key Artist: a Query on it reads only the matching items" {
		t.Fatalf("o on step 3:\n%s", screen(m))
	}
	press(t, m, "7")

	press(t, m, "n")
	res = runCurrent(t, m)
	expectResult(t, m, res, "5 access patterns checked: 5 passed, 0 failed",
		`✓ pattern "Songs by an artist" saved as a Query on Songs`,
		"Songs by an artist: a Scan on Songs read 288 items for 5.5 RCU; a Query on Songs/ByArtist reads 4 for 0.5 RCU",
		"✓ Songs by an artist: Query on Songs/ByArtist by Artist = :a (:a = \"Juniper Road\") · 0.5 RCU")

	// o: 8 Patterns on the lesson's copy checks again (the copy changed
	// since it last showed), with the same verdicts.
	press(t, m, "o")
	if m.pane != panePatterns || m.ws == m.home {
		t.Fatalf("o shows pane %d of %q", m.pane, m.ws.label)
	}
	pp := m.ws.patterns
	if n := len(pp.Patterns()); n != 5 {
		t.Fatalf("8 Patterns on the copy lists %d patterns", n)
	}
	for i := range pp.Patterns() {
		if res, fresh := pp.Result(i); res == nil || !fresh || !res.OK() {
			t.Errorf("pattern %d on the copy: %+v", i, res)
		}
	}
	if !strings.Contains(flat(m), "5 patterns on Songs · 5 passed") {
		t.Errorf("8 Patterns on the copy:\n%s", screen(m))
	}

	// The user's workspace has no Songs, no patterns, nothing changed.
	if saved, err := pat.Saved(context.Background(), eng); err != nil || len(saved) != 0 {
		t.Errorf("the user's workspace has patterns %v (%v)", saved, err)
	}
	after := snapshot(t, eng)
	for table, items := range before {
		if strings.Join(after[table], "\n") != strings.Join(items, "\n") {
			t.Errorf("lesson 12 changed the user's %s", table)
		}
	}
	if len(after) != len(before) {
		t.Errorf("lesson 12 left tables in the user's workspace: %d before, %d after", len(before), len(after))
	}
}
