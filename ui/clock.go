package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// The workspace clock drives TTL expiry, throughput buckets, metrics and
// stream timestamps. Its keys work from every pane: pause and resume, speed
// up and down, jump a minute, an hour, or any duration typed at a prompt.

// clockSpeeds are the speeds + and - step through.
var clockSpeeds = []float64{1, 2, 5, 10, 30, 60, 300, 3600}

// clockMsg reports the clock after a control: its state and the note the
// status bar flashes.
type clockMsg struct {
	paused bool
	speed  float64
	now    time.Time
	note   string
	jumped bool
}

func (clockMsg) isLive() {}

// clockCmd runs op on the clock in a command and reports the clock after it.
func clockCmd(c clockControl, jumped bool, op func(clockControl) string) tea.Cmd {
	return func() tea.Msg {
		note := op(c)
		return clockMsg{paused: c.Paused(), speed: c.Speed(), now: c.Now(), note: note, jumped: jumped}
	}
}

// clockKey handles the clock keys; ok is false for any other key.
func (l *live) clockKey(msg tea.KeyMsg) (cmd tea.Cmd, note string, ok bool) {
	km := l.km
	if !key.Matches(msg, km.Pause, km.Faster, km.Slower, km.AdvanceMin, km.AdvanceHour, km.AdvanceBy) {
		return nil, "", false
	}
	c := l.clock
	if c == nil {
		return nil, "this backend's clock cannot be controlled", true
	}
	switch {
	case key.Matches(msg, km.Pause):
		return clockCmd(c, false, func(c clockControl) string {
			if c.Paused() {
				c.Resume()
				return "clock resumed"
			}
			c.Pause()
			return "clock paused: TTL, buckets and traffic wait"
		}), "", true
	case key.Matches(msg, km.Faster), key.Matches(msg, km.Slower):
		next := nextSpeed(l.speed, key.Matches(msg, km.Faster))
		return clockCmd(c, false, func(c clockControl) string {
			c.SetSpeed(next)
			return fmt.Sprintf("clock speed ×%s", speedText(next))
		}), "", true
	case key.Matches(msg, km.AdvanceMin):
		return advanceCmd(c, time.Minute), "", true
	case key.Matches(msg, km.AdvanceHour):
		return advanceCmd(c, time.Hour), "", true
	}
	l.prompt = &advancePrompt{}
	return nil, "", true
}

// advanceCmd jumps the clock forward by d.
func advanceCmd(c clockControl, d time.Duration) tea.Cmd {
	return clockCmd(c, true, func(c clockControl) string {
		c.Advance(d)
		return "clock +" + fmtSpan(d) + " → " + c.Now().UTC().Format("2006-01-02 15:04:05")
	})
}

// nextSpeed is the next speed up (or down) from cur.
func nextSpeed(cur float64, up bool) float64 {
	if up {
		for _, s := range clockSpeeds {
			if s > cur {
				return s
			}
		}
		return clockSpeeds[len(clockSpeeds)-1]
	}
	for i := len(clockSpeeds) - 1; i >= 0; i-- {
		if clockSpeeds[i] < cur {
			return clockSpeeds[i]
		}
	}
	return clockSpeeds[0]
}

func speedText(s float64) string { return strconv.FormatFloat(s, 'f', -1, 64) }

// afterJump refreshes the shown pane once after the clock jumped.
func (l *live) afterJump(msg clockMsg) tea.Cmd {
	if !msg.jumped {
		return nil
	}
	return l.refresh(0, true)
}

// clockText is the status bar's clock: ▶ or ⏸, speed, engine time, and
// the traffic generator when it runs; narrow (for a w-cell status bar)
// without the year and the word.
func (l *live) clockText(now time.Time, w int) string {
	st := l.st
	s := "▶ ×" + speedText(l.speed)
	switch {
	case l.clock == nil: // a backend whose clock is not ours to move
		s = "clock"
	case l.paused:
		s = "⏸ paused"
	}
	if w < 100 {
		if l.paused && l.clock != nil {
			s = "⏸"
		}
		s += " " + now.UTC().Format("01-02 15:04:05")
	} else {
		s += " " + now.UTC().Format("2006-01-02 15:04:05")
	}
	if l.traffic.want {
		s = st.OK.Render("traffic ▶ "+l.traffic.table) + " · " + s
	}
	return s
}

// advancePrompt is the "advance the clock by" prompt of the status bar.
type advancePrompt struct {
	text []rune
	err  string
}

// promptKey types into the prompt; enter jumps, esc cancels.
func (l *live) promptKey(msg tea.KeyMsg) tea.Cmd {
	p := l.prompt
	switch {
	case key.Matches(msg, l.km.PromptCancel):
		l.prompt = nil
	case key.Matches(msg, l.km.PromptAccept):
		d, err := parseAdvance(string(p.text))
		if err != nil {
			p.err = err.Error()
			return nil
		}
		l.prompt = nil
		if l.clock == nil {
			return nil
		}
		return advanceCmd(l.clock, d)
	case msg.Type == tea.KeyBackspace:
		if len(p.text) > 0 {
			p.text = p.text[:len(p.text)-1]
		}
		p.err = ""
	case msg.Type == tea.KeyRunes:
		p.text = append(p.text, msg.Runes...)
		p.err = ""
	}
	return nil
}

// promptView is the prompt as the status bar shows it.
func (l *live) promptView() string {
	p := l.prompt
	s := " advance the clock by: " + l.st.FieldEdit.Render(string(p.text)+"▏")
	if p.err != "" {
		return s + "  " + l.st.Error.Render(p.err)
	}
	return s + l.st.Dim.Render("   e.g. 30s · 15m · 2h · 7d · 1w2d")
}

// clockShortHelp is the clock keys in the help line of a live pane.
func (l *live) clockShortHelp() []key.Binding {
	pause, speed, jump := l.km.Pause, l.km.Faster, l.km.AdvanceMin
	pause.SetHelp("p", "pause")
	speed.SetHelp("+/-", "speed")
	jump.SetHelp("]/}/>", "jump")
	return []key.Binding{pause, speed, jump}
}

// promptKeys is the help while the prompt has the keyboard.
type promptKeys struct{ accept, cancel key.Binding }

func (k promptKeys) ShortHelp() []key.Binding  { return []key.Binding{k.accept, k.cancel} }
func (k promptKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// parseAdvance reads a forward jump: a sequence of numbers with units s, m,
// h, d (24 h) or w (7 d), as "90s", "1h30m", "7d".
func parseAdvance(s string) (time.Duration, error) {
	s = strings.ReplaceAll(strings.TrimSpace(strings.ToLower(s)), " ", "")
	if s == "" {
		return 0, fmt.Errorf("type a duration, e.g. 7d")
	}
	unit := map[byte]time.Duration{'s': time.Second, 'm': time.Minute, 'h': time.Hour, 'd': 24 * time.Hour, 'w': 7 * 24 * time.Hour}
	var total time.Duration
	for len(s) > 0 {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 || i == len(s) {
			return 0, fmt.Errorf("%q: a number and a unit (s, m, h, d, w)", s)
		}
		n, err := strconv.ParseInt(s[:i], 10, 64)
		u, ok := unit[s[i]]
		if err != nil || !ok || n > int64(100*365*24*time.Hour/u) {
			return 0, fmt.Errorf("%q: a number and a unit (s, m, h, d, w)", s)
		}
		total += time.Duration(n) * u
		s = s[i+1:]
	}
	if total <= 0 {
		return 0, fmt.Errorf("the clock only moves forward")
	}
	return total, nil
}
