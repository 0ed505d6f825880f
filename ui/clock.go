package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The clock of the workspace on screen drives TTL expiry, throughput
// buckets, metrics and stream timestamps. Its keys work from every pane:
// pause and resume, speed up and down, jump a minute, an hour, or any
// duration typed at the prompt in the status bar. On a saved workspace a
// jump past a pending TTL expiry asks first, naming how many items expire:
// the clock never moves back.

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

// clockCmd runs op on the clock in a command and reports the clock after it.
func clockCmd(w *workspace, jumped bool, op func(kit.ClockControl) string) tea.Cmd {
	c := w.clock
	return route(w, toRoot, func() tea.Msg {
		note := op(c)
		return clockMsg{paused: c.Paused(), speed: c.Speed(), now: c.Now(), note: note, jumped: jumped}
	})
}

// clockKey handles the clock keys; ok is false for any other key.
func (m *Model) clockKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	km := m.km.Live
	if !key.Matches(msg, km.Pause, km.Faster, km.Slower, km.AdvanceMin, km.AdvanceHour, km.AdvanceBy) {
		return nil, false
	}
	w := m.ws
	if w.clock == nil {
		m.flash = "this backend's clock cannot be controlled"
		if w.loc != nil {
			m.flash = "the clock belongs to the embedded engine: DynamoDB keeps its own time (a slice copied with C has a clock)"
		}
		return nil, true
	}
	switch {
	case key.Matches(msg, km.Pause):
		return clockCmd(w, false, func(c kit.ClockControl) string {
			if c.Paused() {
				c.Resume()
				return "clock resumed"
			}
			c.Pause()
			return "clock paused: TTL, buckets and traffic wait"
		}), true
	case key.Matches(msg, km.Faster), key.Matches(msg, km.Slower):
		next := nextSpeed(w.speed, key.Matches(msg, km.Faster))
		return clockCmd(w, false, func(c kit.ClockControl) string {
			c.SetSpeed(next)
			return "clock speed ×" + speedText(next)
		}), true
	case key.Matches(msg, km.AdvanceMin):
		return m.jump(w, time.Minute), true
	case key.Matches(msg, km.AdvanceHour):
		return m.jump(w, time.Hour), true
	}
	m.prompt = &clockPrompt{}
	return nil, true
}

// advance jumps the clock forward by d.
func advance(w *workspace, d time.Duration) tea.Cmd {
	return clockCmd(w, true, func(c kit.ClockControl) string {
		c.Advance(d)
		return "clock +" + kit.FmtSpan(d) + " → " + c.Now().UTC().Format("2006-01-02 15:04:05")
	})
}

// askJumpMsg asks for a confirmation of a jump that expires items of a
// saved workspace.
type askJumpMsg struct {
	d       time.Duration
	to      time.Time
	effects []engine.TTLJumpEffect
}

// jumpMsg: the user agreed to the jump.
type jumpMsg struct{ d time.Duration }

// jump moves the clock forward by d. On a saved workspace a jump past a
// pending TTL expiry asks first: a command reads what it would expire and
// either jumps at once (nothing would) or asks.
func (m *Model) jump(w *workspace, d time.Duration) tea.Cmd {
	checker, ok := w.api.(kit.TTLJumpChecker)
	if w.file == "" || !ok {
		return advance(w, d)
	}
	c := w.clock
	jump := advance(w, d)
	return route(w, toRoot, func() tea.Msg {
		to := c.Now().Add(d)
		effects, err := checker.TTLJumpEffects(to)
		if err != nil || len(effects) == 0 {
			return jump()
		}
		return askJumpMsg{d: d, to: to, effects: effects}
	})
}

// jumpQuestion asks before a jump that expires items of the workspace
// file, naming how many and where.
func (m *Model) jumpQuestion(w *workspace, msg askJumpMsg) forms.Modal {
	body := []string{fmt.Sprintf("This moves the clock of %s to %s, and it cannot move back. On the way:", w.file, msg.to.UTC().Format("2006-01-02 15:04:05"))}
	expire := 0
	for _, ef := range msg.effects {
		var parts []string
		if ef.Expire > 0 {
			parts = append(parts, fmt.Sprintf("%s (the first at %s)", expireText(ef.Expire), ef.Earliest.UTC().Format("2006-01-02 15:04:05")))
		}
		if ef.Delete > 0 {
			parts = append(parts, kit.NItems(ef.Delete)+" can then be deleted by TTL")
		}
		body = append(body, "  "+ef.Table+": "+strings.Join(parts, ", "))
		expire += ef.Expire
	}
	body = append(body, "", "Items TTL deletes are gone from "+w.file+" for good.")
	title := fmt.Sprintf("Jump the clock +%s? %s", kit.FmtSpan(msg.d), expireText(expire))
	return forms.NewQuestion(m.st, m.km, title, "jump", body, routed{ws: w, to: toRoot, msg: jumpMsg{d: msg.d}})
}

// expireText is "1 item expires", "6 items expire".
func expireText(n int) string {
	if n == 1 {
		return "1 item expires"
	}
	return kit.NItems(n) + " expire"
}

// onClock takes the clock's state after a control, or a jump agreed to.
func (m *Model) onClock(w *workspace, msg clockMsg) tea.Cmd {
	w.paused, w.speed = msg.paused, msg.speed
	if w != m.ws {
		return nil
	}
	m.now = msg.now
	if m.opts.Now != nil {
		m.now = m.opts.Now()
	}
	m.flash = msg.note
	if !msg.jumped {
		return nil
	}
	// what the jump expired and deleted shows at once
	var cmds []tea.Cmd
	for p, pn := range w.panes {
		if r, ok := pn.(interface{ Refresh() tea.Cmd }); ok && pane(p) == m.pane {
			cmds = append(cmds, route(w, toPaneOf(pane(p)), r.Refresh()))
		}
	}
	return tea.Batch(append(cmds, w.reload())...)
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

// clockText is the status bar's clock: ▶ or ⏸, speed and engine time;
// narrow (for a w-cell status bar) without the year and the word.
func (m *Model) clockText(w int) string {
	ws := m.ws
	s := "▶ ×" + speedText(ws.speed)
	switch {
	case ws.clock == nil && ws.loc != nil: // DynamoDB's time: the wall clock
		s = "wall clock"
	case ws.clock == nil: // a backend whose clock is not ours to move
		s = "clock"
	case ws.paused:
		s = "⏸ paused"
	}
	if w < 100 {
		if ws.paused && ws.clock != nil {
			s = "⏸"
		}
		return s + " " + m.now.UTC().Format("01-02 15:04:05")
	}
	return s + " " + m.now.UTC().Format("2006-01-02 15:04:05")
}

// clockPrompt is the "advance the clock by" prompt of the status bar.
type clockPrompt struct {
	input kit.Field
	err   string
}

// promptKey types into the prompt (the field's editing keys: ctrl+u
// clears it); enter jumps, esc cancels.
func (m *Model) promptKey(msg tea.KeyPressMsg) tea.Cmd {
	p, km := m.prompt, m.km.Live
	switch {
	case key.Matches(msg, km.PromptCancel):
		m.prompt = nil
	case key.Matches(msg, km.PromptAccept):
		d, err := parseAdvance(p.input.String())
		if err != nil {
			p.err = err.Error()
			return nil
		}
		m.prompt = nil
		if m.ws.clock == nil {
			return nil
		}
		return m.jump(m.ws, d)
	default:
		if p.input.Update(msg) {
			p.err = ""
		}
	}
	return nil
}

// promptView is the prompt as the status bar shows it.
func (m *Model) promptView() string {
	p, st := m.prompt, m.st
	s := " advance the clock by: " + st.FieldEdit.Render(p.input.View(true, 24))
	if p.err != "" {
		return s + "  " + st.Error.Render(p.err)
	}
	return s + st.Dim.Render("   e.g. 30s · 15m · 2h · 7d · 1w2d · ctrl+u clears")
}

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
	tooFar := fmt.Errorf("%s is too far: the clock jumps at most 100 years (%sw) at once", s, kit.FmtInt(int64(maxJump/(7*24*time.Hour))))
	var total time.Duration
	for rest := s; len(rest) > 0; {
		i := 0
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 0 || i == len(rest) {
			return 0, fmt.Errorf("%q: a number and a unit (s, m, h, d, w)", rest)
		}
		u, ok := unit[rest[i]]
		if !ok {
			return 0, fmt.Errorf("%q: a number and a unit (s, m, h, d, w)", rest)
		}
		n, err := strconv.ParseInt(rest[:i], 10, 64)
		if err != nil || n > int64(maxJump/u) {
			return 0, tooFar // the digits are fine: there are too many of them
		}
		total += time.Duration(n) * u
		if total > maxJump {
			return 0, tooFar
		}
		rest = rest[i+1:]
	}
	if total <= 0 {
		return 0, fmt.Errorf("the clock only moves forward")
	}
	return total, nil
}
