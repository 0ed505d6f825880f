package lessons

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// theRecovery is what each of lesson 14's six steps shows once run
// ("Point-in-time recovery").
var theRecovery = []string{
	"PointInTimeRecoveryStatus   ENABLED", "window                      1 h",
	"11 UpdateItem requests", "window                      1 h 10 min",
	"RestoreDateTime            2026-11-22 11:41:06Z", "11 differ",
}

// Lesson 14 at 120x40, run end to end: recovery on, an hour, the bulk
// update that zeroes every price, ten minutes, the restore to one second
// before the update's first write, and the two tables compared: every
// price back in the restored table, the catalog itself untouched; the
// user's workspace is never written.
func TestGoldenLessonRecovery(t *testing.T) {
	user := uitest.DemoEngine(t)
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), user)
	t.Cleanup(p.Close)
	p.SetSize(uitest.PaneW, uitest.PaneH)
	p.SetFocus(true)
	for i := 1; i < 14; i++ {
		uitest.Press(t, p, "j")
	}
	if title, table := p.Title(); title != "Point-in-time recovery" || table != "ProductCatalog" {
		t.Fatalf("lesson 14: %q on %q", title, table)
	}
	for i, s := range theRecovery {
		if i > 0 {
			uitest.Press(t, p, "right")
		}
		uitest.Press(t, p, "enter")
		if f := uitest.Frame(p.View(), uitest.PaneW, uitest.PaneH); !strings.Contains(f, s) {
			t.Fatalf("step %d does not show %q:\n%s", i+1, s, f)
		}
	}
	f := uitest.Frame(p.View(), uitest.PaneW, uitest.PaneH)
	for _, row := range []string{"101   0              -2             ← restored", "205   0              500            ← restored"} {
		if !strings.Contains(f, row) {
			t.Errorf("no row %q in\n%s", row, f)
		}
	}
	uitest.Golden(t, p, uitest.PaneW, uitest.PaneH)
	if _, err := user.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: recoveryRestored}); err == nil {
		t.Fatal("the lesson wrote into the user's workspace")
	}
	out, err := user.DescribeContinuousBackups(kit.Bg, &model.DescribeContinuousBackupsInput{TableName: recoveryTable})
	if err != nil || out.ContinuousBackupsDescription.PointInTimeRecoveryDescription.PointInTimeRecoveryStatus != "DISABLED" {
		t.Fatalf("the user's ProductCatalog: %+v %v", out, err)
	}
}

// The same at 80x24: the comparison scrolls with the step.
func TestGoldenLessonRecoverySmall(t *testing.T) {
	lessonGolden(t, uitest.SmallPaneW, uitest.SmallPaneH, 14, theRecovery...)
}
