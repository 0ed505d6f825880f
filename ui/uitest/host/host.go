// Package host hosts one component of the explorer the way the root
// hosts it, for a test that follows a pane through what it announces (a
// flash, a question, a selection): see Bed. It is apart from uitest
// because it opens the questions of package forms, whose own tests use
// uitest. Only tests import it.
package host

import (
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// A Bed hosts one pane the way the root hosts it, for a test that follows
// the pane through what it announces (the typed messages of package kit):
// they go to the root, not back to the pane. The Bed does for the pane
// what the root does with the few a pane test needs: a flash is kept
// (Flash, and a kit.ChangedMsg's note; a ChangeSink hears of the change),
// a question (kit.ConfirmMsg) opens over the pane and takes the
// keys until answered, its answer going back to the pane, and a
// kit.SelectMsg selects its table (SetTarget), as the sidebar would, and
// a workspace announced closed (a lesson's copy thrown away) is closed.
// Every announcement is kept in Announced, in order.
type Bed struct {
	T         testing.TB
	Pane      kit.Pane
	API       engine.API
	St        *kit.Styles
	Km        keymap.KeyMap
	W, H      int
	Flash     string
	Question  forms.Modal
	Announced []tea.Msg
}

// New hosts pane, of the workspace api, at the pane size w x h.
func New(t testing.TB, pane kit.Pane, api engine.API, w, h int) *Bed {
	pane.SetSize(w, h)
	if f, ok := pane.(kit.Focuser); ok {
		f.SetFocus(true)
	}
	return &Bed{T: t, Pane: pane, API: api, St: kit.NewStyles(true), Km: keymap.DefaultKeyMap(), W: w, H: h}
}

var (
	kitPkg = reflect.TypeOf(kit.FlashMsg{}).PkgPath()
	teaPkg = reflect.TypeOf(tea.BatchMsg{}).PkgPath()
)

// Drive runs cmd and every command that follows, handing each message to
// the open question, the Bed (an announcement) or the pane.
func (b *Bed) Drive(cmd tea.Cmd) {
	b.T.Helper()
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 20000 {
			b.T.Fatal("commands do not settle")
		}
		next := queue[0]
		queue = queue[1:]
		if next == nil {
			continue
		}
		switch msg := next().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(append([]tea.Cmd{}, msg...), queue...)
		default:
			if reflect.TypeOf(msg).PkgPath() == teaPkg {
				continue
			}
			queue = append([]tea.Cmd{b.take(msg)}, queue...)
		}
	}
}

// take is what the root does with a message of the pane's commands.
func (b *Bed) take(msg tea.Msg) tea.Cmd {
	if reflect.TypeOf(msg).PkgPath() != kitPkg {
		return b.Pane.Update(msg)
	}
	b.Announced = append(b.Announced, msg)
	switch msg := msg.(type) {
	case kit.FlashMsg:
		b.Flash = msg.Text
	case kit.ChangedMsg:
		if msg.Note != "" {
			b.Flash = msg.Note
		}
		if c, ok := b.Pane.(kit.ChangeSink); ok {
			return c.Changed(msg.Table)
		}
	case kit.ConfirmMsg:
		q := forms.NewQuestion(b.St, b.Km, msg.Title, msg.Yes, msg.Body, msg.Then)
		q.SetSize(b.W, b.H)
		b.Question = q
	case kit.WorkspaceMsg:
		if msg.Closed && msg.Close != nil {
			return func() tea.Msg { _ = msg.Close(); return nil }
		}
	case kit.SelectMsg:
		if f, ok := b.Pane.(kit.Follower); ok {
			tg, info := uitest.Target(b.T, b.API, msg.Table, msg.Index)
			return f.SetTarget(tg, info)
		}
	}
	return nil
}

// Send hands msg to what has the keyboard and drives what it causes.
func (b *Bed) Send(msg tea.Msg) {
	b.T.Helper()
	if b.Question != nil {
		var cmd tea.Cmd
		b.Question, cmd = b.Question.Update(msg)
		b.Drive(cmd)
		return
	}
	b.Drive(b.Pane.Update(msg))
}

// Press sends the keys of names (as Keys makes them), one at a time.
func (b *Bed) Press(names ...string) {
	b.T.Helper()
	for _, k := range uitest.Keys(names...) {
		b.Send(k)
	}
}

// Select shows table (and index, "" for none) in the pane, as the
// sidebar's selection does.
func (b *Bed) Select(table, index string) {
	b.T.Helper()
	f, ok := b.Pane.(kit.Follower)
	if !ok {
		b.T.Fatalf("%T does not follow a selection", b.Pane)
	}
	tg, info := uitest.Target(b.T, b.API, table, index)
	b.Drive(f.SetTarget(tg, info))
}

// Show tells the pane it is on screen (or not), as choosing its tab does.
func (b *Bed) Show(on bool) {
	b.T.Helper()
	if s, ok := b.Pane.(kit.Shower); ok {
		b.Drive(s.SetShown(on))
	}
}

// View is the question over the pane while one is open, else the pane.
func (b *Bed) View() string {
	if b.Question != nil {
		return b.Question.View()
	}
	return b.Pane.View()
}

// Screen is the view framed at the pane size (uitest.Frame).
func (b *Bed) Screen() string { return uitest.Frame(b.View(), b.W, b.H) }

// Type types s into whatever has the keyboard, one key per character
// (a name like "enter" is typed, not pressed).
func (b *Bed) Type(s string) {
	b.T.Helper()
	for _, r := range s {
		b.Send(uitest.Rune(r))
	}
}

// TypeText types s into the field under the cursor: enter to edit, the
// text, enter to finish.
func (b *Bed) TypeText(s string) {
	b.T.Helper()
	b.Press("enter")
	b.Type(s)
	b.Press("enter")
}

// Text is Screen with trailing spaces cut from each line.
func (b *Bed) Text() string {
	ls := strings.Split(b.Screen(), "\n")
	for i, l := range ls {
		ls[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(ls, "\n")
}

// Flat is the screen as one line of words: box borders and line breaks
// removed, runs of spaces collapsed, so wrapped messages can be matched.
func (b *Bed) Flat() string {
	s := strings.NewReplacer("│", " ", "┌", " ", "┐", " ", "└", " ", "┘", " ", "─", " ", "\n", " ").Replace(b.Text())
	return strings.Join(strings.Fields(s), " ")
}

// Last is the last announcement of type T the pane made, if any.
func Last[T any](b *Bed) (T, bool) {
	for i := len(b.Announced) - 1; i >= 0; i-- {
		if m, ok := b.Announced[i].(T); ok {
			return m, true
		}
	}
	var zero T
	return zero, false
}
