package clock

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

func TestParseAdvance(t *testing.T) {
	for in, want := range map[string]time.Duration{"30s": 30 * time.Second, "15m": 15 * time.Minute, "2h": 2 * time.Hour,
		"7d": 7 * 24 * time.Hour, "1w2d": 9 * 24 * time.Hour, "1h 30m": 90 * time.Minute, "90S": 90 * time.Second} {
		if got, err := parseAdvance(in); err != nil || got != want {
			t.Errorf("%q: %v %v, want %v", in, got, err, want)
		}
	}
	for in, want := range map[string]string{
		"":             "type a duration, e.g. 7d",
		"7":            `"7": a number and a unit (s, m, h, d, w)`,
		"d":            `"d": a number and a unit (s, m, h, d, w)`,
		"0s":           "the clock only moves forward",
		"-1h":          `"-1h": a number and a unit (s, m, h, d, w)`,
		"3y":           `"3y": a number and a unit (s, m, h, d, w)`,
		"9999w":        "9999w is too far: the clock jumps at most 100 years (5,214w) at once",
		"99999999999w": "99999999999w is too far: the clock jumps at most 100 years (5,214w) at once",
		"5000w5000w":   "5000w5000w is too far: the clock jumps at most 100 years (5,214w) at once",
	} {
		if _, err := parseAdvance(in); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
}

// The clock keys drive the engine's clock and announce it with a StateMsg;
// > opens the prompt, which keeps a bad duration with its error and jumps
// by a good one; a backend without a clock of ours flashes why.
func TestClockKeys(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	clk := eng.Clock().(*engine.VirtualClock)
	km := keymap.DefaultKeyMap()
	c := New(kit.NewStyles(true), km, eng, "")
	start := clk.Now()
	tests := []struct {
		keys     []string
		speed    float64
		moved    time.Duration
		note     string
		jumped   bool
		prompt   bool
		promptIs string
	}{
		{keys: []string{"+", "+"}, speed: 5, note: "clock speed ×5"},
		{keys: []string{"-"}, speed: 2, note: "clock speed ×2"},
		{keys: []string{"]"}, speed: 2, moved: time.Minute, jumped: true, note: "clock +1 min → 2026-11-22 10:42:07"},
		{keys: []string{">", "soon", "enter"}, speed: 2, moved: time.Minute, prompt: true, promptIs: `"soon": a number and a unit (s, m, h, d, w)`},
		{keys: []string{"ctrl+u", "1h", "enter"}, speed: 2, moved: time.Hour + time.Minute, jumped: true, note: "clock +1 h → 2026-11-22 11:42:07"},
		{keys: []string{">", "esc"}, speed: 2, moved: time.Hour + time.Minute},
	}
	for _, tt := range tests {
		seen := uitest.Press(t, c, tt.keys...)
		if !clk.Paused() || clk.Speed() != tt.speed || clk.Now().Sub(start) != tt.moved {
			t.Fatalf("%v: paused %v speed %v moved %v", tt.keys, clk.Paused(), clk.Speed(), clk.Now().Sub(start))
		}
		if c.Prompting() != tt.prompt || !strings.Contains(ansi.Strip(c.PromptView()), tt.promptIs) {
			t.Fatalf("%v: prompt %v %q", tt.keys, c.Prompting(), ansi.Strip(c.PromptView()))
		}
		if tt.note == "" {
			continue
		}
		last, ok := seen[len(seen)-1].(StateMsg)
		if !ok || last.Note != tt.note || !last.Paused || last.Speed != tt.speed || last.Jumped != tt.jumped {
			t.Fatalf("%v: announced %#v", tt.keys, seen[len(seen)-1])
		}
	}
	if got := c.Text(clk.Now(), 120); got != "⏸ paused 2026-11-22 11:42:07" {
		t.Fatalf("status bar clock %q", got)
	}
	if got := c.Text(clk.Now(), 80); got != "⏸ 11-22 11:42:07" {
		t.Fatalf("narrow status bar clock %q", got)
	}
	seen := uitest.Press(t, c, "p")
	if last, ok := seen[len(seen)-1].(StateMsg); !ok || last.Paused || last.Note != "clock resumed" || clk.Paused() {
		t.Fatalf("p announced %#v", seen)
	}
	if got := c.Text(clk.Now(), 120); !strings.HasPrefix(got, "▶ ×2 2026-11-22 11:42:") {
		t.Fatalf("status bar clock %q", got)
	}
	seen = uitest.Press(t, c, "p")
	if last, ok := seen[len(seen)-1].(StateMsg); !ok || !last.Paused || last.Note != "clock paused: TTL, buckets and traffic wait" || !clk.Paused() {
		t.Fatalf("p announced %#v", seen)
	}
}

// A backend whose clock is not the explorer's to move says so.
func TestClockNotControllable(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	c := New(kit.NewStyles(true), keymap.DefaultKeyMap(), struct{ engine.API }{eng}, "")
	seen := uitest.Press(t, c, "p")
	if len(seen) != 1 || seen[0] != (kit.FlashMsg{Text: "this backend's clock cannot be controlled"}) || c.Controllable() {
		t.Fatalf("announced %#v", seen)
	}
	if got := c.Text(uitest.T0, 120); got != "clock 2026-11-22 10:41:07" {
		t.Fatalf("status bar clock %q", got)
	}
}

// A jump's note says exactly how far the clock went: 4d23h56m is
// "+4 d 23 h 56 min", not "+4 d 23 h".
func TestClockJumpNoteExact(t *testing.T) {
	tests := []struct {
		typed string
		note  string
	}{
		{"4d23h56m", "clock +4 d 23 h 56 min → 2026-11-27 10:37:07"},
		{"1h30s", "clock +1 h 30 s → 2026-11-22 11:41:37"},
	}
	for _, tt := range tests {
		clk := engine.NewManualClock(uitest.T0)
		eng, err := engine.Open(engine.Options{Clock: clk, DisableThrottling: true, DisableTTLSweeper: true})
		if err != nil {
			t.Fatal(err)
		}
		c := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, "")
		seen := uitest.Press(t, c, ">", tt.typed, "enter")
		eng.Close()
		last, ok := seen[len(seen)-1].(StateMsg)
		if !ok || last.Note != tt.note {
			t.Errorf("%s: announced %#v", tt.typed, seen[len(seen)-1])
		}
	}
}
