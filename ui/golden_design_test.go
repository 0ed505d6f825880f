package ui

import (
	"testing"
	"time"
)

// The design goldens (issue 15) run the explorer on the music model of
// package designs' tests, as `dynoscope --model` opens it with its
// pattern file, and on lesson 12's own copy.

// startMusic runs the explorer on the music model (and its patterns) at
// w x h, served (for the code's endpoint) on 127.0.0.1:8000.
func startMusic(t *testing.T, w, h int) goldenRun {
	t.Helper()
	return startLive(t, musicEngine(t, false), Options{SelectDelay: 100 * time.Millisecond, Serving: "127.0.0.1:8000"}, w, h)
}

// 8 Patterns at 120x40: the five patterns with their verdicts, the Scan
// under the cursor in detail (why it scans, which index would serve it,
// the filter's waste, the itemised units, the failure).
func TestGoldenPatternsPane(t *testing.T) {
	g := startMusic(t, 120, 40)
	g.waitFor("last: Scan Artists") // the first table's read, before the check's own
	g.keys("8")
	g.waitFor("5 patterns on Songs · 4 passed · 1 failed")
	g.keys("j", "j", "j")
	g.waitFor("verdict    ✗ it scans")
	g.waitFor("last: Scan Songs · 2 items")
	g.finish()
}

// The same at 80x24: the details of the Scan scroll under the list.
func TestGoldenPatternsPaneSmall(t *testing.T) {
	g := startMusic(t, 80, 24)
	g.waitFor("last: Scan Artists") // the first table's read, before the check's own
	g.keys("8")
	g.waitFor("4 passed · 1 failed")
	g.keys("j", "j", "j")
	g.waitFor("Songs by an artist")
	g.waitFor("reads every item")
	g.waitFor("last: Scan Songs")
	g.finish()
}

// 2 Items on Songs in its SongDetails facet view at 120x40: the two songs'
// details items, the key columns as SongId and Metadata, the facet's
// attributes in the model's order.
func TestGoldenFacetView(t *testing.T) {
	g := startMusic(t, 120, 40)
	g.goToTable("Songs")
	g.waitFor("last: Scan Songs · 5 items")
	g.keys("2", "v")
	g.waitFor("[SongDetails]")
	g.waitFor("SongDetails: 2 of the 5 items read")
	g.finish()
}

// The Downloads facet at 80x24.
func TestGoldenFacetViewSmall(t *testing.T) {
	g := startMusic(t, 80, 24)
	g.goToTable("Songs")
	g.waitFor("last: Scan Songs")
	g.keys("2", "v", "v")
	g.waitFor("Downloads: 2 of the 5")
	g.finish()
}

// 3 Query at 120x40: a Query of song 1's items as a Go program, pointed
// at the served address.
func TestGoldenCodeSwitch(t *testing.T) {
	g := startMusic(t, 120, 40)
	g.goToTable("Songs")
	g.waitFor("last: Scan Songs · 5 items")
	g.keys("3", "j", "j")
	g.text("1")
	g.keys("L")
	g.waitFor("Go (aws-sdk-go-v2)  the Query of the builder")
	g.finish()
}

// The same request as Python at 80x24, copied.
func TestGoldenCodeSwitchSmall(t *testing.T) {
	g := startMusic(t, 80, 24)
	g.goToTable("Songs")
	g.waitFor("last: Scan Songs")
	g.keys("3", "j", "j")
	g.text("1")
	g.keys("L", "L", "c")
	g.waitFor("copied the Python program")
	g.finish()
}

// lessonTwelve opens lesson 12 and runs its steps in turn, each once the
// one before has shown its result.
func lessonTwelve(g goldenRun, shows ...string) {
	g.keys("7")
	g.waitFor("Lesson 1 of ")
	g.keys("j", "j", "j", "j", "j", "j", "j", "j", "j", "j", "j")
	g.waitFor("Lesson 12 of 12")
	for i, s := range shows {
		if i > 0 {
			g.keys("right")
		}
		g.keys("enter")
		g.waitFor(s)
	}
}

// Lesson 12 at 120x40 on its last step: the pattern saved as a Query on
// the new index and every pattern checked again, the artist page at 0.5
// RCU instead of 5.5.
func TestGoldenLessonDesign(t *testing.T) {
	g := startGolden(t, 120, 40)
	lessonTwelve(g, "4 passed, 1 failed", "(scanned 288)", "GSI ByArtist ACTIVE", "5 passed, 0 failed")
	g.waitFor("last (lesson copy): Query Songs/ByArtist · 4 items · 0.5 RCU")
	g.finish()
}

// Its first step at 80x24: the five patterns checked, the Scan failing.
func TestGoldenLessonDesignSmall(t *testing.T) {
	g := startGolden(t, 80, 24)
	lessonTwelve(g, "4 passed, 1 failed")
	g.waitFor("last (lesson copy)")
	g.finish()
}
