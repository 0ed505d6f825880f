// Package clock is the explorer's clock component: the keys that drive the
// clock of the workspace on screen from every pane, the "advance the clock
// by" prompt of the status bar, and the clock as the status bar shows it.
//
// The clock of a workspace drives TTL expiry, throughput buckets, metrics
// and stream timestamps. Its keys pause and resume it, speed it up and
// down, jump a minute, an hour, or any duration typed at the prompt. On a
// saved workspace a jump past a pending TTL expiry asks first (a
// kit.ConfirmMsg naming how many items expire): the clock never moves
// back.
//
// Every control runs in a command and announces the clock after it with a
// StateMsg, which the root hands back to the component (Set) and uses for
// the status bar: its time, the note it flashes, and, after a jump, a read
// of what the jump expired. There is one component per workspace; the root
// gives it the clock keys (Key) and, while the prompt is open, every key
// and paste (Update).
package clock

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// speeds are the speeds + and - step through.
var speeds = []float64{1, 2, 5, 10, 30, 60, 300, 3600}

// Model is the clock of one workspace: its control (nil when the backend's
// clock is not ours to move), its state as last read, and the prompt.
type Model struct {
	st     *kit.Styles
	km     keymap.KeyMap
	api    engine.API
	ctl    kit.ClockControl
	file   string // the workspace's file: a jump that expires items there asks first
	remote bool   // DynamoDB's time: the wall clock

	paused bool
	speed  float64

	prompting bool
	input     kit.Field
	err       string
}

// New returns the clock of the workspace api (file is its file, "" in
// memory).
func New(st *kit.Styles, km keymap.KeyMap, api engine.API, file string) *Model {
	c := &Model{st: st, km: km, api: api, ctl: kit.ClockOf(api), file: file, remote: kit.IsRemote(api), speed: 1}
	if c.ctl != nil {
		c.paused, c.speed = c.ctl.Paused(), c.ctl.Speed()
	}
	return c
}

// Controllable reports whether the clock keys move this clock.
func (c *Model) Controllable() bool { return c.ctl != nil }

// Prompting reports whether the prompt is open (it has every key).
func (c *Model) Prompting() bool { return c.prompting }

// StateMsg reports the clock after a control: its state and the note the
// status bar flashes; Jumped when it moved forward.
type StateMsg struct {
	Paused bool
	Speed  float64
	Now    time.Time
	Note   string
	Jumped bool
}

// Set takes the clock's state a StateMsg reports.
func (c *Model) Set(msg StateMsg) { c.paused, c.speed = msg.Paused, msg.Speed }

// control runs op on the clock in a command and reports the clock after it.
func (c *Model) control(jumped bool, op func(kit.ClockControl) string) tea.Cmd {
	ctl := c.ctl
	return func() tea.Msg {
		note := op(ctl)
		return StateMsg{Paused: ctl.Paused(), Speed: ctl.Speed(), Now: ctl.Now(), Note: note, Jumped: jumped}
	}
}

// Key handles the clock keys; ok is false for any other key. On a backend
// whose clock cannot be moved it flashes why (kit.FlashMsg).
func (c *Model) Key(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	km := c.km.Live
	if !key.Matches(msg, km.Pause, km.Faster, km.Slower, km.AdvanceMin, km.AdvanceHour, km.AdvanceBy) {
		return nil, false
	}
	if c.ctl == nil {
		why := "this backend's clock cannot be controlled"
		if c.remote {
			why = "the clock belongs to the embedded engine: DynamoDB keeps its own time (a slice copied with C has a clock)"
		}
		return kit.Msg(kit.FlashMsg{Text: why}), true
	}
	switch {
	case key.Matches(msg, km.Pause):
		return c.control(false, func(ctl kit.ClockControl) string {
			if ctl.Paused() {
				ctl.Resume()
				return "clock resumed"
			}
			ctl.Pause()
			return "clock paused: TTL, buckets and traffic wait"
		}), true
	case key.Matches(msg, km.Faster), key.Matches(msg, km.Slower):
		next := nextSpeed(c.speed, key.Matches(msg, km.Faster))
		return c.control(false, func(ctl kit.ClockControl) string {
			ctl.SetSpeed(next)
			return "clock speed ×" + speedText(next)
		}), true
	case key.Matches(msg, km.AdvanceMin):
		return c.jump(time.Minute), true
	case key.Matches(msg, km.AdvanceHour):
		return c.jump(time.Hour), true
	}
	c.prompting, c.input, c.err = true, kit.Field{}, ""
	return nil, true
}

// advance jumps the clock forward by d.
func (c *Model) advance(d time.Duration) tea.Cmd {
	return c.control(true, func(ctl kit.ClockControl) string {
		ctl.Advance(d)
		return "clock +" + kit.FmtSpanExact(d) + " → " + ctl.Now().UTC().Format("2006-01-02 15:04:05")
	})
}

// askJumpMsg: a jump would expire items of the saved workspace.
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
func (c *Model) jump(d time.Duration) tea.Cmd {
	checker, ok := c.api.(kit.TTLJumpChecker)
	if c.file == "" || !ok {
		return c.advance(d)
	}
	ctl := c.ctl
	jump := c.advance(d)
	return func() tea.Msg {
		to := ctl.Now().Add(d)
		effects, err := checker.TTLJumpEffects(to)
		if err != nil || len(effects) == 0 {
			return jump()
		}
		return askJumpMsg{d: d, to: to, effects: effects}
	}
}

// Update takes the clock keys (every key while the prompt is open), the
// prompt's pastes, the clock's state, and the answer to a jump's question.
func (c *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if c.prompting {
			return c.promptKey(msg)
		}
		cmd, _ := c.Key(msg)
		return cmd
	case StateMsg:
		c.Set(msg)
	case tea.PasteMsg:
		if c.prompting {
			c.input.Paste(msg.Content)
			c.err = ""
		}
	case askJumpMsg:
		return c.askJump(msg)
	case jumpMsg:
		if c.ctl != nil {
			return c.advance(msg.d)
		}
	}
	return nil
}

// askJump asks before a jump that expires items of the workspace file,
// naming how many and where.
func (c *Model) askJump(msg askJumpMsg) tea.Cmd {
	body := []string{fmt.Sprintf("This moves the clock of %s to %s, and it cannot move back. On the way:", c.file, msg.to.UTC().Format("2006-01-02 15:04:05"))}
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
	body = append(body, "", "Items TTL deletes are gone from "+c.file+" for good.")
	title := fmt.Sprintf("Jump the clock +%s? %s", kit.FmtSpanExact(msg.d), expireText(expire))
	return kit.Msg(kit.ConfirmMsg{Title: title, Yes: "jump", Body: body, Then: jumpMsg{d: msg.d}})
}

// expireText is "1 item expires", "6 items expire".
func expireText(n int) string {
	if n == 1 {
		return "1 item expires"
	}
	return kit.NItems(n) + " expire"
}

// nextSpeed is the next speed up (or down) from cur.
func nextSpeed(cur float64, up bool) float64 {
	if up {
		for _, s := range speeds {
			if s > cur {
				return s
			}
		}
		return speeds[len(speeds)-1]
	}
	for i := len(speeds) - 1; i >= 0; i-- {
		if speeds[i] < cur {
			return speeds[i]
		}
	}
	return speeds[0]
}

func speedText(s float64) string { return strconv.FormatFloat(s, 'f', -1, 64) }

// Text is the status bar's clock at now: ▶ or ⏸, speed and engine time;
// narrow (for a w-cell status bar) without the year and the word.
func (c *Model) Text(now time.Time, w int) string {
	s := "▶ ×" + speedText(c.speed)
	switch {
	case c.ctl == nil && c.remote: // DynamoDB's time: the wall clock
		s = "wall clock"
	case c.ctl == nil: // a backend whose clock is not ours to move
		s = "clock"
	case c.paused:
		s = "⏸ paused"
	}
	if w < 100 {
		if c.paused && c.ctl != nil {
			s = "⏸"
		}
		return s + " " + now.UTC().Format("01-02 15:04:05")
	}
	return s + " " + now.UTC().Format("2006-01-02 15:04:05")
}

// promptKey types into the prompt (the field's editing keys: ctrl+u
// clears it); enter jumps, esc cancels.
func (c *Model) promptKey(msg tea.KeyPressMsg) tea.Cmd {
	km := c.km.Live
	switch {
	case key.Matches(msg, km.PromptCancel):
		c.prompting = false
	case key.Matches(msg, km.PromptAccept):
		d, err := parseAdvance(c.input.String())
		if err != nil {
			c.err = err.Error()
			return nil
		}
		c.prompting = false
		if c.ctl == nil {
			return nil
		}
		return c.jump(d)
	default:
		if c.input.Update(msg) {
			c.err = ""
		}
	}
	return nil
}

// PromptView is the prompt as the status bar shows it.
func (c *Model) PromptView() string {
	st := c.st
	s := " advance the clock by: " + st.FieldEdit.Render(c.input.View(true, 24))
	if c.err != "" {
		return s + "  " + st.Error.Render(c.err)
	}
	return s + st.Dim.Render("   e.g. 30s · 15m · 2h · 7d · 1w2d · ctrl+u clears")
}

// PromptHelp is the prompt's keys for the help line.
func (c *Model) PromptHelp() []key.Binding {
	return []key.Binding{c.km.Live.PromptAccept, c.km.Live.PromptCancel}
}

// maxJump is the longest jump the prompt takes (a time.Duration ends at
// 292 years).
const maxJump = kit.MaxSpan

// parseAdvance reads a forward jump: a span as kit.ParseSpan reads it
// (numbers with units s, m, h, d, w: 7d, 1h30m, 4d23h56m), more than
// nothing and at most maxJump.
func parseAdvance(s string) (time.Duration, error) {
	d, err := kit.ParseSpan(s, maxJump)
	var se *kit.SpanError
	switch {
	case errors.As(err, &se) && se.TooFar:
		s = strings.ReplaceAll(strings.TrimSpace(strings.ToLower(s)), " ", "")
		return 0, fmt.Errorf("%s is too far: the clock jumps at most 100 years (%sw) at once", s, kit.FmtInt(int64(maxJump/(7*24*time.Hour))))
	case err != nil:
		return 0, err
	case d <= 0:
		return 0, fmt.Errorf("the clock only moves forward")
	}
	return d, nil
}
