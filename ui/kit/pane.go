package kit

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
)

// Pane is what the root needs of every pane: Update takes the messages of
// its own commands, keys and mouse while it has the keyboard, and the
// window's pastes; View draws it in the size SetSize gave; ShortHelp and
// FullHelp are the bindings that apply now (the help line and the ?
// screen are built from them). Panes are pointers: Update changes them.
type Pane interface {
	Update(msg tea.Msg) tea.Cmd
	View() string
	SetSize(w, h int)
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
}

// A pane implements the interfaces below for what it takes part in; the
// root checks for each with a type assertion.
type (
	// Follower shows the sidebar's selection (a table or an index, with
	// what the workspace knows of its table).
	Follower interface {
		SetTarget(t Target, info *TableInfo) tea.Cmd
	}
	// Focuser draws itself differently while it has the keyboard.
	Focuser interface{ SetFocus(on bool) }
	// Capturer has a text field that takes every key (digits, q, tab are
	// typed, not obeyed) while Capturing.
	Capturer interface{ Capturing() bool }
	// TextTaker takes a key as text although no field has the keyboard
	// (a letter typed on a text field of the query builder starts editing
	// it): the root gives it such a key before its global keys, so text
	// never fires a command.
	TextTaker interface {
		TakesText(msg tea.KeyPressMsg) bool
	}
	// EscUser uses esc itself (leaving a sub-view, stopping a read) while
	// UsesEsc; otherwise esc gives the keyboard back to the sidebar.
	EscUser interface{ UsesEsc() bool }
	// Shower refreshes itself while on screen: SetShown tells it.
	Shower interface{ SetShown(on bool) tea.Cmd }
	// EventSink takes the engine's events (in batches).
	EventSink interface {
		Events(evs []engine.Event) tea.Cmd
	}
)

// KeysOf is a help.KeyMap of fixed bindings.
type KeysOf []key.Binding

// ShortHelp is the bindings.
func (k KeysOf) ShortHelp() []key.Binding { return k }

// FullHelp is the bindings as one group.
func (k KeysOf) FullHelp() [][]key.Binding { return [][]key.Binding{k} }

// Msg returns a command that delivers msg.
func Msg(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }

// Sequence runs cmds one after the other in one command (so the engine
// sees their requests in order) and delivers every message they return.
// Panes use it instead of tea.Sequence, whose messages the root could not
// route back to them.
func Sequence(cmds ...tea.Cmd) tea.Cmd {
	var live []tea.Cmd
	for _, c := range cmds {
		if c != nil {
			live = append(live, c)
		}
	}
	switch len(live) {
	case 0:
		return nil
	case 1:
		return live[0]
	}
	return func() tea.Msg {
		var out tea.BatchMsg
		for _, c := range live {
			switch m := c().(type) {
			case nil:
			case tea.BatchMsg:
				out = append(out, m...)
			default:
				out = append(out, Msg(m))
			}
		}
		return out
	}
}
