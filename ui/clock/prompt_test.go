package clock

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// A jump too far says so (not "a number and a unit") in the prompt the
// status bar shows; ctrl+u clears the prompt.
func TestClockPromptTooFarAndCtrlU(t *testing.T) {
	eng, clk := uitest.LiveEngine(t, "schema-demo")
	c := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, "")
	statusBar := func() string { return ansi.Strip(kit.Fit(c.PromptView(), 120)) }
	start := clk.Now()
	uitest.Press(t, c, ">", "9999w", "enter")
	if s := statusBar(); !strings.Contains(s, "9999w is too far: the clock jumps at most 100 years (5,214w) at once") {
		t.Fatalf("status %q", s)
	}
	uitest.Press(t, c, "ctrl+u")
	uitest.Press(t, c, "3m", "enter")
	if c.Prompting() || !clk.Now().Equal(start.Add(3*time.Minute)) {
		t.Fatalf("after ctrl+u 3m: prompt open %v, clock +%v", c.Prompting(), clk.Now().Sub(start))
	}
}
