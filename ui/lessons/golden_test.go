package lessons

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The lesson goldens run the Lessons pane with the keyboard on the whole
// demo workspace, at the pane size of a 120x40 or an 80x24 terminal: a
// lesson chosen with j, its steps run on the lesson's copy in turn (enter,
// then → and enter), each checked for what it shows once run.

// lessonGolden opens lesson n and runs its steps in turn, one per shows
// (what each shows once run), then compares the pane with the golden.
func lessonGolden(t *testing.T, w, h, n int, shows ...string) {
	t.Helper()
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), uitest.DemoEngine(t))
	t.Cleanup(p.Close)
	p.SetSize(w, h)
	p.SetFocus(true)
	for i := 1; i < n; i++ {
		uitest.Press(t, p, "j")
	}
	if l, _ := p.Lesson(); l != n {
		t.Fatalf("on lesson %d, want %d", l, n)
	}
	for i, s := range shows {
		if i > 0 {
			uitest.Press(t, p, "right")
		}
		uitest.Press(t, p, "enter")
		if f := uitest.Frame(p.View(), w, h); !strings.Contains(f, s) {
			t.Fatalf("step %d does not show %q:\n%s", i+1, s, f)
		}
	}
	uitest.Golden(t, p, w, h)
}

// The LSI lesson's second step at 80x24, run on its copy: the fetch of a
// non-projected attribute and DynamoDB's 2.5 RCU, itemised; the lesson
// list gives way to the text.
func TestGoldenLessonPaneSmall(t *testing.T) {
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), uitest.DemoEngine(t))
	t.Cleanup(p.Close)
	p.SetSize(uitest.SmallPaneW, uitest.SmallPaneH)
	p.SetFocus(true)
	uitest.Press(t, p, "j", "j", "j", "j", "j", "j", "j", "right", "enter")
	if f := uitest.Frame(p.View(), uitest.SmallPaneW, uitest.SmallPaneH); !strings.Contains(f, "✓ Query Thread/LastPostIndex · 4 items (scanned 4)") {
		t.Fatalf("the step's result:\n%s", f)
	}
	uitest.Golden(t, p, uitest.SmallPaneW, uitest.SmallPaneH)
}

// The uniqueness lesson (10) at 120x40 on its second step: the second
// sign-up with the same email, cancelled, its reasons in request order.
func TestGoldenLessonUniqueness(t *testing.T) {
	lessonGolden(t, uitest.PaneW, uitest.PaneH, 10, "all written", "ConditionalCheckFailed (this action")
}

// The same step at 80x24: the step and its result scroll together, the
// result shown from its start.
func TestGoldenLessonUniquenessSmall(t *testing.T) {
	lessonGolden(t, uitest.SmallPaneW, uitest.SmallPaneH, 10, "all written", "ConditionalCheckFailed (this")
}

// The uniqueness lesson's PartiQL step at 120x40: the same lookup with the
// partition key (a Query reading one item) and without (a Scan reading
// all).
func TestGoldenLessonPartiQLCompare(t *testing.T) {
	lessonGolden(t, uitest.PaneW, uitest.PaneH, 10, "all written", "ConditionalCheckFailed (this action", "0 items (scanned 0)", "Scan read 21 items")
}

// theWholeLesson is what each of lesson 11's six steps shows once run
// ("Composite sort keys, then and now").
var theWholeLesson = []string{
	"now 12 items, 0.5 RCU", "now 4 items, 0.5 RCU", "PositionIndex · 14 items", "rejected",
	"PutItem CartLines · 3 WCU", "now 13 items, 0.5 RCU",
}

// Lesson 11 at 120x40, run end to end: its last step, the new line filed
// between 12 and 2 by the concatenated LineKeyIndex and after 12 by the
// multi-attribute PositionIndex, both at the same cost.
func TestGoldenLessonThenAndNow(t *testing.T) {
	lessonGolden(t, uitest.PaneW, uitest.PaneH, 11, theWholeLesson...)
}

// The same at 80x24: the step and its result scroll together, the result
// shown from its start.
func TestGoldenLessonThenAndNowSmall(t *testing.T) {
	lessonGolden(t, uitest.SmallPaneW, uitest.SmallPaneH, 11, theWholeLesson...)
}

// The number-ordering trap at 80x24: from position 9 on, the concatenated
// index finds 9 alone, the multi-attribute one 9 to 12.
func TestGoldenLessonThenAndNowTrapSmall(t *testing.T) {
	lessonGolden(t, uitest.SmallPaneW, uitest.SmallPaneH, 11, theWholeLesson[:2]...)
}

// Lesson 12 at 120x40 on its last step: the pattern saved as a Query on
// the new index and every pattern checked again, the artist page at 0.5
// RCU instead of 5.5.
func TestGoldenLessonDesign(t *testing.T) {
	lessonGolden(t, uitest.PaneW, uitest.PaneH, 12, "4 passed, 1 failed", "(scanned 288)", "GSI ByArtist ACTIVE", "5 passed, 0 failed")
}

// Its first step at 80x24: the five patterns checked, the Scan failing.
func TestGoldenLessonDesignSmall(t *testing.T) {
	lessonGolden(t, uitest.SmallPaneW, uitest.SmallPaneH, 12, "4 passed, 1 failed")
}
