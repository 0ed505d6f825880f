package stream

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The Stream pane of a table without a stream says how to turn one on.
func TestStreamOff(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, false)
	p.SetSize(76, 26)
	tg, info := uitest.Target(t, eng, "Forum", "")
	uitest.Drive(t, p, p.SetTarget(tg, info))
	uitest.Drive(t, p, p.SetShown(true))
	view := ansi.Strip(p.View())
	for _, want := range []string{
		"Forum                                                              no stream",
		"This table has no stream: UpdateTable with StreamSpecification",
		"StreamEnabled=true turns one on.",
	} {
		if !strings.Contains(view, want) {
			t.Errorf("no line %q in\n%s", want, view)
		}
	}
}
