// Package forms holds the explorer's forms and questions, drawn over the
// main pane while they have the keyboard: yes/no confirmations, one-line
// prompts, the table and GSI forms with the build watch that follows a
// backfill, TTL on and off, and the $EDITOR edit of an item with its
// outcomes (rejected, or changed meanwhile by someone else).
//
// Every change goes through the engine's actions (PutItem, UpdateItem,
// DeleteItem, CreateTable, UpdateTable, UpdateTimeToLive) in a tea.Cmd, so
// validation, index maintenance, capacity and streams behave as for any
// client; the outcome comes back as a DoneMsg, and a rejected request
// leaves the form open with DynamoDB's error verbatim, nothing changed.
package forms

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Modal is a form, prompt or question over the main pane. It has the
// keyboard until Update returns nil.
type Modal interface {
	Update(msg tea.Msg) (Modal, tea.Cmd)
	View() string
	SetSize(w, h int)
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
}

// DoneMsg is the outcome of a request a form or an edit sent. On success
// the root reads again what changed and says what happened in the status
// bar; the form decides itself whether to stay open (it shows Err when the
// request was rejected).
type DoneMsg struct {
	Err  error
	Note string // what happened ("PutItem schema-demo pk=ZUZ001")
	// Table is the table that changed ("" when none did).
	Table string
	// SelectTable (and SelectIndex) moves the sidebar to what was made.
	SelectTable, SelectIndex string
	// Building is the index of Table the request started to build: Note
	// says so until the index is ACTIVE, then the root says it is.
	Building string
	Deleted  bool       // an item was deleted: close its item view
	Edit     *EditState // an $EDITOR edit, kept for another try when rejected
	// Conflict: the edit was not saved because the item changed since it
	// was opened; Current is the item as it is now (nil: deleted).
	Conflict bool
	Current  model.Item
}

// header is a form's first two lines: a title and a rule.
func header(st *kit.Styles, title, right string, w int) []string {
	if kit.Width(title)+kit.Width(right)+2 > w {
		right = "" // the help line has the keys
	}
	return []string{kit.Spread(st.Title.Render(title), st.Dim.Render(right), w), st.Dim.Render(strings.Repeat("─", max(w, 0)))}
}

// outcome is what became of a request: "sending…", or DynamoDB's error in
// a red box under "Rejected: …" (a request refused before sending shows
// its reason in the box alone). Forms show it right under their fields, so
// it stays on screen on a small terminal.
func outcome(st *kit.Styles, sending bool, err *model.Error, rejected string, w int) []string {
	switch {
	case sending:
		return []string{"", st.Dim.Render("sending…")}
	case err == nil:
		return nil
	}
	out := []string{""}
	if err.Code != notSent {
		out = append(out, st.Error.Render(rejected))
	}
	return append(out, kit.ErrorBox(st, err, w)...)
}

// notSent is the code of a refusal before sending.
const notSent = "not sent"

// Confirm asks y/n before a request that cannot be undone, or (a question)
// before something the root or a pane does when the answer is yes.
type Confirm struct {
	st      *kit.Styles
	keys    keymap.EditKeyMap
	title   string
	body    []string // plain text lines, wrapped when drawn
	yes     string   // what y does ("delete")
	send    func() tea.Msg
	closes  bool // y closes at once and delivers send's message
	sending bool
	err     *model.Error
	// typed, when set, must be typed (and enter pressed) instead of y: a
	// destructive action on a remote table; where names the table, region
	// and account.
	typed string
	where []string
	input kit.Field
	w, h  int
}

// NewConfirm asks before send, a request answering with a DoneMsg; the
// question stays open with DynamoDB's error when it is rejected.
func NewConfirm(st *kit.Styles, km keymap.KeyMap, title, yes string, body []string, send func() tea.Msg) *Confirm {
	return &Confirm{st: st, keys: km.Editing, title: title, yes: yes, body: body, send: send}
}

// NewQuestion asks a yes/no question; y closes it and delivers then.
func NewQuestion(st *kit.Styles, km keymap.KeyMap, title, yes string, body []string, then tea.Msg) *Confirm {
	c := NewConfirm(st, km, title, yes, body, func() tea.Msg { return then })
	c.closes = true
	return c
}

// RequireTyped makes the confirmation ask for name to be typed (then
// enter) instead of y, under where (lines naming the table, region and
// account). It returns c.
func (c *Confirm) RequireTyped(name string, where []string) *Confirm {
	c.typed, c.where = name, where
	return c
}

// NewTypedGate asks for name to be typed before then is delivered.
func NewTypedGate(st *kit.Styles, km keymap.KeyMap, title, yes string, body []string, name string, where []string, then tea.Msg) *Confirm {
	return NewQuestion(st, km, title, yes, body, then).RequireTyped(name, where)
}

// Capturing reports whether the confirmation has a field that takes every
// key.
func (c *Confirm) Capturing() bool { return c.typed != "" }

// SetSize sets the inner size.
func (c *Confirm) SetSize(w, h int) { c.w, c.h = w, h }

// ShortHelp is y and n, or enter and esc when the name is typed.
func (c *Confirm) ShortHelp() []key.Binding {
	if c.typed != "" {
		s, n := c.keys.Submit, c.keys.Cancel
		s.SetHelp("enter", c.yes)
		s.SetEnabled(!c.sending && c.input.String() == c.typed)
		return []key.Binding{s, n}
	}
	y, n := c.keys.Yes, c.keys.No
	y.SetHelp("y", c.yes)
	n.SetHelp("n/esc", "cancel")
	y.SetEnabled(!c.sending)
	return []key.Binding{y, n}
}

// FullHelp is y and n.
func (c *Confirm) FullHelp() [][]key.Binding { return [][]key.Binding{c.ShortHelp()} }

// Update takes y, n and the outcome.
func (c *Confirm) Update(msg tea.Msg) (Modal, tea.Cmd) {
	switch msg := msg.(type) {
	case DoneMsg:
		c.sending = false
		if msg.Err != nil {
			c.err = kit.AsModelError(msg.Err)
			return c, nil
		}
		return nil, nil
	case tea.PasteMsg:
		if c.typed != "" {
			c.input.Paste(msg.Content)
		}
	case tea.KeyPressMsg:
		if c.typed != "" {
			return c.typedKey(msg)
		}
		switch {
		case key.Matches(msg, c.keys.Yes) && c.closes:
			return nil, c.send
		case key.Matches(msg, c.keys.Yes) && !c.sending:
			c.sending, c.err = true, nil
			return c, c.send
		case key.Matches(msg, c.keys.No):
			return nil, nil
		}
	}
	return c, nil
}

// typedKey types into the name field; enter goes on once the name is
// typed exactly, esc cancels.
func (c *Confirm) typedKey(msg tea.KeyPressMsg) (Modal, tea.Cmd) {
	switch {
	case key.Matches(msg, c.keys.Cancel):
		return nil, nil
	case key.Matches(msg, c.keys.Accept):
		if c.sending || c.input.String() != c.typed {
			return c, nil
		}
		if c.closes {
			return nil, c.send
		}
		c.sending, c.err = true, nil
		return c, c.send
	}
	c.input.Update(msg)
	return c, nil
}

// View draws the question.
func (c *Confirm) View() string {
	st := c.st
	right := "[y] " + c.yes + "   [n/esc] cancel"
	if c.typed != "" {
		right = "[enter] " + c.yes + "   [esc] cancel"
	}
	out := header(st, c.title, right, c.w)
	var body []string
	for _, l := range c.body {
		body = append(body, kit.Wrap(l, c.w)...)
	}
	body = append(body, "")
	out = append(out, body...)
	if c.typed != "" {
		var typed []string
		for _, l := range c.where {
			typed = append(typed, kit.WrapStyled(st.Warn, l, c.w)...)
		}
		label := "type " + c.typed + " to confirm: "
		typed = append(typed, "", st.Bold.Render(label)+st.FieldEdit.Render(c.input.View(true, max(c.w-kit.Width(label)-1, 10))))
		if c.input.String() != "" && c.input.String() != c.typed {
			typed = append(typed, st.Dim.Render(kit.Cut("not the table's name yet", c.w)))
		}
		typed = append(typed, "")
		if c.h > 0 && len(out)+len(typed)+2 > c.h {
			// no room for all of it: where the change lands and the name's
			// field come first, the question under them
			out = append(append(out[:2:2], typed...), body...)
		} else {
			out = append(out, typed...)
		}
	}
	switch {
	case c.sending:
		out = append(out, st.Dim.Render("sending…"))
	case c.err != nil:
		out = append(out, st.Error.Render("Rejected: nothing was changed."))
		out = append(out, kit.ErrorBox(st, c.err, c.w)...)
	case c.typed != "":
		out = append(out, st.Key.Render("enter")+" "+c.yes+" (once the name is typed)   "+st.Key.Render("esc")+" cancel")
	default:
		out = append(out, st.Key.Render("y")+" "+c.yes+"   "+st.Key.Render("n")+" or "+st.Key.Render("esc")+" cancel")
	}
	return strings.Join(out, "\n")
}

// Prompt reads one line and sends the request it describes. build turns
// the text into the request (shown before sending) or says why it cannot.
type Prompt struct {
	st      *kit.Styles
	keys    keymap.EditKeyMap
	title   string
	label   string
	help    []string
	input   kit.Field
	build   func(text string) (preview []string, send func() tea.Msg, why string)
	sending bool
	err     *model.Error
	w, h    int
}

// SetSize sets the inner size.
func (p *Prompt) SetSize(w, h int) { p.w, p.h = w, h }

// ShortHelp is enter and esc.
func (p *Prompt) ShortHelp() []key.Binding {
	s, c := p.keys.Submit, p.keys.Cancel
	s.SetHelp("enter", "send")
	return []key.Binding{s, c}
}

// FullHelp is enter and esc.
func (p *Prompt) FullHelp() [][]key.Binding { return [][]key.Binding{p.ShortHelp()} }

// Update types into the line; enter sends, esc cancels. An error goes once
// the line is edited.
func (p *Prompt) Update(msg tea.Msg) (Modal, tea.Cmd) {
	switch msg := msg.(type) {
	case DoneMsg:
		p.sending = false
		if msg.Err != nil {
			p.err = kit.AsModelError(msg.Err)
			return p, nil
		}
		return nil, nil
	case tea.PasteMsg:
		p.input.Paste(msg.Content)
		p.err = nil
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, p.keys.Cancel):
			return nil, nil
		case key.Matches(msg, p.keys.Submit):
			if p.sending {
				return p, nil
			}
			_, send, why := p.build(p.input.String())
			if why != "" {
				p.err = &model.Error{Code: notSent, Message: why}
				return p, nil
			}
			p.sending, p.err = true, nil
			return p, send
		default:
			if p.input.Update(msg) {
				p.err = nil
			}
		}
	}
	return p, nil
}

// View draws the prompt, what it would send, and its help.
func (p *Prompt) View() string {
	st := p.st
	w := p.w
	out := header(st, p.title, "[enter] send   [esc] cancel", w)
	lw := kit.Width(p.label) + 2
	out = append(out, st.Bold.Render(p.label)+"  "+st.FieldEdit.Render(p.input.View(true, w-lw-1)))
	out = append(out, outcome(st, p.sending, p.err, "Rejected: nothing was changed.", w)...)
	preview, _, why := p.build(p.input.String())
	out = append(out, "")
	if why == "" {
		for i, l := range preview {
			if i == 0 {
				l = "sends " + l
			} else {
				l = "      " + l
			}
			out = append(out, kit.Wrap(l, w)...)
		}
	} else if strings.TrimSpace(p.input.String()) != "" {
		out = append(out, st.Warn.Render(kit.Cut("not sendable yet: "+why, w)))
	}
	out = append(out, "")
	for _, h := range p.help {
		out = append(out, kit.WrapStyled(st.Dim, h, w)...)
	}
	return strings.Join(out, "\n")
}
