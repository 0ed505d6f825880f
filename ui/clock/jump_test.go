package clock

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// asker holds the clock's keys as the root does: a question the clock
// asks (kit.ConfirmMsg) opens as the root opens it, at the pane size of a
// 120x40 terminal, and takes the keys until answered; its answer goes back
// to the clock.
type asker struct {
	t     *testing.T
	c     *Model
	modal forms.Modal
}

func newAsker(t *testing.T, c *Model) *asker { return &asker{t: t, c: c} }

// Update is what the root does with a message of the clock's commands.
func (a *asker) Update(msg tea.Msg) tea.Cmd {
	if q, ok := msg.(kit.ConfirmMsg); ok {
		md := forms.NewQuestion(kit.NewStyles(true), keymap.DefaultKeyMap(), q.Title, q.Yes, q.Body, q.Then)
		md.SetSize(uitest.PaneW, uitest.PaneH)
		a.modal = md
		return nil
	}
	return a.c.Update(msg)
}

// press hands each key to the open question, else to the clock (its keys
// and its prompt), and drives what follows.
func (a *asker) press(keys ...string) {
	a.t.Helper()
	for _, k := range uitest.Keys(keys...) {
		if a.modal != nil {
			var cmd tea.Cmd
			a.modal, cmd = a.modal.Update(k)
			uitest.Drive(a.t, a, cmd)
			continue
		}
		if !a.c.Prompting() {
			if cmd, ok := a.c.Key(k); ok {
				uitest.Drive(a.t, a, cmd)
				continue
			}
		}
		uitest.Drive(a.t, a, a.c.Update(k))
	}
}

// text is the open question framed at the pane size ("" with none).
func (a *asker) text() string {
	if a.modal == nil {
		return ""
	}
	return uitest.Frame(a.modal.View(), uitest.PaneW, uitest.PaneH)
}

// flat is text as one line of words.
func (a *asker) flat() string {
	s := strings.NewReplacer("│", " ", "┌", " ", "┐", " ", "└", " ", "┘", " ", "─", " ", "\n", " ").Replace(a.text())
	return strings.Join(strings.Fields(s), " ")
}

// On a saved workspace a jump that expires items asks first, naming how
// many; n leaves the clock; y jumps. Jumps that expire nothing, and jumps
// on a workspace in memory, do not ask.
func TestClockJumpPastExpiryAsks(t *testing.T) {
	eng, clk := uitest.LiveEngine(t, "messages-ttl")
	m := newAsker(t, New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, "work.db"))
	start := clk.Now()
	far := start.Add(500 * 7 * 24 * time.Hour)
	effects, err := eng.TTLJumpEffects(far)
	if err != nil || len(effects) == 0 {
		t.Fatalf("effects %v %v", effects, err)
	}
	m.press(">", "500w", "enter")
	if m.modal == nil {
		t.Fatalf("a jump of 500w did not ask:\n%s", m.text())
	}
	s := m.flat()
	for _, ef := range effects {
		want := ef.Table + ": " + kit.NItems(ef.Expire) + " expire (the first at " + ef.Earliest.UTC().Format("2006-01-02 15:04:05") + ")"
		if !strings.Contains(s, want) {
			t.Errorf("the question lacks %q:\n%s", want, m.text())
		}
	}
	if !strings.Contains(s, "This moves the clock of work.db to "+far.UTC().Format("2006-01-02 15:04:05")+", and it cannot move back.") {
		t.Errorf("the question does not name the file and the time:\n%s", m.text())
	}
	m.press("n")
	if !clk.Now().Equal(start) || m.modal != nil {
		t.Fatalf("n: clock %v, modal %v", clk.Now(), m.modal != nil)
	}
	m.press(">", "500w", "enter", "y")
	if !clk.Now().Equal(far) {
		t.Fatalf("y: clock at %v, want %v", clk.Now(), far)
	}
	// Nothing is pending now: a minute more jumps without a word.
	if ef, _ := eng.TTLJumpEffects(clk.Now().Add(time.Minute)); len(ef) != 0 {
		t.Fatalf("still pending: %+v", ef)
	}
	m.press("]")
	if m.modal != nil || !clk.Now().Equal(far.Add(time.Minute)) {
		t.Fatalf("]: modal %v clock %v", m.modal != nil, clk.Now())
	}

	// In memory nothing is asked.
	eng2, clk2 := uitest.LiveEngine(t, "messages-ttl")
	m2 := newAsker(t, New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng2, ""))
	before := clk2.Now()
	m2.press(">", "500w", "enter")
	if m2.modal != nil || !clk2.Now().Equal(before.Add(500*7*24*time.Hour)) {
		t.Fatalf("memory: modal %v, clock %v", m2.modal != nil, clk2.Now())
	}
}
