package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
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
		return l.jump(time.Minute), "", true
	case key.Matches(msg, km.AdvanceHour):
		return l.jump(time.Hour), "", true
	}
	l.prompt = &advancePrompt{}
	return nil, "", true
}

// ttlJumpChecker tells what a clock jump would do to TTL items.
type ttlJumpChecker interface {
	TTLJumpEffects(to time.Time) ([]engine.TTLJumpEffect, error)
}

// askJumpMsg asks the root to confirm a jump that expires items of a saved
// workspace.
type askJumpMsg struct {
	d       time.Duration
	to      time.Time
	effects []engine.TTLJumpEffect
}

func (askJumpMsg) isLive() {}

// jumpMsg: the user agreed to the jump.
type jumpMsg struct{ d time.Duration }

func (jumpMsg) isLive() {}

// jump moves the clock forward by d. On a saved workspace a jump past a
// pending TTL expiry asks first: a command reads what it would expire and
// either jumps at once (nothing would) or asks the root to confirm.
func (l *live) jump(d time.Duration) tea.Cmd {
	c := l.clock
	checker, ok := l.api.(ttlJumpChecker)
	if l.file == "" || !ok {
		return advanceCmd(c, d)
	}
	return func() tea.Msg {
		to := c.Now().Add(d)
		effects, err := checker.TTLJumpEffects(to)
		if err != nil || len(effects) == 0 {
			return advanceCmd(c, d)()
		}
		return askJumpMsg{d: d, to: to, effects: effects}
	}
}

// newJumpConfirm asks before a jump that expires items of the workspace
// file, naming how many and where.
func newJumpConfirm(st Styles, km keymap.KeyMap, msg askJumpMsg, file string) *confirmModal {
	body := []string{fmt.Sprintf("This moves the clock of %s to %s, and it cannot move back. On the way:", file, msg.to.UTC().Format("2006-01-02 15:04:05"))}
	expire, del := 0, 0
	for _, ef := range msg.effects {
		line := "  " + ef.Table + ": "
		var parts []string
		if ef.Expire > 0 {
			parts = append(parts, fmt.Sprintf("%s expire (the first at %s)", nItems(ef.Expire), ef.Earliest.UTC().Format("2006-01-02 15:04:05")))
		}
		if ef.Delete > 0 {
			parts = append(parts, fmt.Sprintf("%s can then be deleted by TTL", nItems(ef.Delete)))
		}
		body = append(body, line+strings.Join(parts, ", "))
		expire += ef.Expire
		del += ef.Delete
	}
	body = append(body, "", "Items TTL deletes are gone from "+file+" for good.")
	d := msg.d
	title := fmt.Sprintf("Jump the clock +%s? %s expire", fmtSpan(d), nItems(expire))
	c := newConfirm(st, km, title, "jump", body, func() tea.Msg { return jumpMsg{d: d} })
	c.closes = true
	return c
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
	input field
	err   string
}

// promptKey types into the prompt (the field's editing keys: ctrl+u
// clears it); enter jumps, esc cancels.
func (l *live) promptKey(msg tea.KeyMsg) tea.Cmd {
	p := l.prompt
	switch {
	case key.Matches(msg, l.km.PromptCancel):
		l.prompt = nil
	case key.Matches(msg, l.km.PromptAccept):
		d, err := parseAdvance(p.input.String())
		if err != nil {
			p.err = err.Error()
			return nil
		}
		l.prompt = nil
		if l.clock == nil {
			return nil
		}
		return l.jump(d)
	default:
		if p.input.Update(msg) {
			p.err = ""
		}
	}
	return nil
}

// promptView is the prompt as the status bar shows it.
func (l *live) promptView() string {
	p := l.prompt
	s := " advance the clock by: " + l.st.FieldEdit.Render(p.input.View(true, 24))
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

// maxJump is the longest jump the prompt takes (a time.Duration ends at
// 292 years).
const maxJump = 100 * 365 * 24 * time.Hour

// parseAdvance reads a forward jump: a sequence of numbers with units s, m,
// h, d (24 h) or w (7 d), as "90s", "1h30m", "7d".
func parseAdvance(s string) (time.Duration, error) {
	s = strings.ReplaceAll(strings.TrimSpace(strings.ToLower(s)), " ", "")
	if s == "" {
		return 0, fmt.Errorf("type a duration, e.g. 7d")
	}
	unit := map[byte]time.Duration{'s': time.Second, 'm': time.Minute, 'h': time.Hour, 'd': 24 * time.Hour, 'w': 7 * 24 * time.Hour}
	all := s
	tooFar := fmt.Errorf("%s is too far: the clock jumps at most %s (%sw) at once", all, "100 years", fmtInt(int64(maxJump/(7*24*time.Hour))))
	var total time.Duration
	for len(s) > 0 {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 || i == len(s) {
			return 0, fmt.Errorf("%q: a number and a unit (s, m, h, d, w)", s)
		}
		u, ok := unit[s[i]]
		if !ok {
			return 0, fmt.Errorf("%q: a number and a unit (s, m, h, d, w)", s)
		}
		n, err := strconv.ParseInt(s[:i], 10, 64)
		if err != nil || n > int64(maxJump/u) {
			return 0, tooFar // the digits are fine: there are too many of them
		}
		total += time.Duration(n) * u
		if total > maxJump {
			return 0, tooFar
		}
		s = s[i+1:]
	}
	if total <= 0 {
		return 0, fmt.Errorf("the clock only moves forward")
	}
	return total, nil
}
