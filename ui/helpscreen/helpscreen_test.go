package helpscreen

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The help screen at the pane size of an 80x24 terminal: its title says
// which lines are shown, j and k scroll, G shows the last line, g the
// first, and ? esc or q close it; every line fits the width.
func TestScrollAndClose(t *testing.T) {
	km := keymap.DefaultKeyMap()
	w, h := uitest.SmallPaneW, uitest.SmallPaneH
	for _, closer := range []string{"?", "esc", "q"} {
		m := New(kit.NewStyles(true), km)
		m.Open()
		all := m.Lines([][]key.Binding{{km.Up, km.Down}}, nil, w)
		view := func() []string { return strings.Split(ansi.Strip(m.View(all, w, h)), "\n") }
		total := kit.Itoa(len(all))
		if v := view(); len(v) != h || !strings.Contains(v[0], "Keys  ? or esc closes") || !strings.HasSuffix(v[0], "lines 1–18 of "+total) {
			t.Fatalf("title %q (%d lines)", v[0], len(v))
		}
		for _, l := range all {
			if kit.Width(l) > w {
				t.Fatalf("a line wider than %d: %q", w, ansi.Strip(l))
			}
		}
		press := func(k string) {
			for _, kp := range uitest.Keys(k) {
				m.Key(kp, h)
			}
		}
		press("j")
		if v := view(); !strings.HasSuffix(v[0], "lines 2–19 of "+total) {
			t.Fatalf("after j: %q", v[0])
		}
		press("G")
		if v := view(); v[len(v)-1] != ansi.Strip(all[len(all)-1]) || !strings.HasSuffix(v[0], "of "+total) {
			t.Fatalf("after G:\n%s", strings.Join(v, "\n"))
		}
		press("g")
		if v := view(); !strings.HasSuffix(v[0], "lines 1–18 of "+total) {
			t.Fatalf("after g: %q", v[0])
		}
		press(closer)
		if m.Shown() {
			t.Fatalf("%s did not close the help", closer)
		}
	}
}

// On a remote workspace the help says where it points and names C and S;
// on the engine, the clock's keys.
func TestRemoteOrClock(t *testing.T) {
	km := keymap.DefaultKeyMap()
	m := New(kit.NewStyles(true), km)
	text := func(loc *remoteapi.Location) string {
		return ansi.Strip(strings.Join(m.Lines(nil, loc, 120), "\n"))
	}
	engine := text(nil)
	if !strings.Contains(engine, "Clock (any pane)") || strings.Contains(engine, "Remote table") {
		t.Fatalf("engine:\n%s", engine)
	}
	remote := text(&remoteapi.Location{Region: "eu-west-1"})
	for _, want := range []string{"Remote table", "read-only: every write is refused until dynoscope is started with --write", "sandbox"} {
		if !strings.Contains(remote, want) {
			t.Errorf("remote lacks %q:\n%s", want, remote)
		}
	}
}
