package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
)

// The small modals: a yes/no confirmation, a one-line prompt, and the
// rejected-edit report. Each sends one request as a tea.Cmd that returns a
// doneMsg; a rejected request leaves the modal open with DynamoDB's error
// (exception name and message) in a red box, nothing changed.

// modalHeader is a modal's first two lines: a title and a rule.
func modalHeader(st Styles, title, right string, w int) []string {
	if width(title)+width(right)+2 > w {
		right = "" // the help line has the keys
	}
	return []string{spread(st.Title.Render(title), st.Dim.Render(right), w), st.Dim.Render(strings.Repeat("─", w))}
}

// outcome is what became of a request: "sending…", or DynamoDB's error in
// a red box under "Rejected: …" (a request refused before sending shows
// its reason in the box alone). Forms show it right under their fields, so
// it stays on screen on a small terminal.
func outcome(st Styles, sending bool, err *model.Error, rejected string, w int) []string {
	switch {
	case sending:
		return []string{"", st.Dim.Render("sending…")}
	case err == nil:
		return nil
	}
	out := []string{""}
	if err.Code != "not sent" {
		out = append(out, st.Error.Render(rejected))
	}
	return append(out, errorBox(st, err, w)...)
}

// wrapDim wraps text to w cells in the dim style.
func wrapDim(st Styles, text string, w int) []string {
	var out []string
	for _, l := range wrap(text, w) {
		out = append(out, st.Dim.Render(l))
	}
	return out
}

// confirmModal asks y/n before a request that cannot be undone.
type confirmModal struct {
	st    Styles
	keys  keymap.EditKeyMap
	title string
	body  []string // plain text lines, wrapped when drawn
	yes   string   // what y does ("delete")
	send  func() tea.Msg
	// closes: y closes the modal and runs send (which answers with
	// something other than a doneMsg).
	closes  bool
	sending bool
	err     *model.Error
	w, h    int
}

func newConfirm(st Styles, km keymap.KeyMap, title, yes string, body []string, send func() tea.Msg) *confirmModal {
	return &confirmModal{st: st, keys: km.Editing, title: title, yes: yes, body: body, send: send}
}

func (c *confirmModal) SetSize(w, h int) { c.w, c.h = w, h }

func (c *confirmModal) Keys() help.KeyMap {
	y, n := c.keys.Yes, c.keys.No
	y.SetHelp("y", c.yes)
	n.SetHelp("n/esc", "cancel")
	y.SetEnabled(!c.sending)
	return keysOf{y, n}
}

func (c *confirmModal) Update(msg tea.Msg) (modal, tea.Cmd) {
	switch msg := msg.(type) {
	case doneMsg:
		c.sending = false
		if msg.err != nil {
			c.err = asModelError(msg.err)
			return c, nil
		}
		return nil, nil
	case tea.KeyMsg:
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

func (c *confirmModal) View() string {
	st := c.st
	out := modalHeader(st, c.title, "[y] "+c.yes+"   [n/esc] cancel", c.w)
	for _, l := range c.body {
		out = append(out, wrap(l, c.w)...)
	}
	out = append(out, "")
	switch {
	case c.sending:
		out = append(out, st.Dim.Render("sending…"))
	case c.err != nil:
		out = append(out, st.Error.Render("Rejected: nothing was changed."))
		out = append(out, errorBox(st, c.err, c.w)...)
	default:
		out = append(out, st.Key.Render("y")+" "+c.yes+"   "+st.Key.Render("n")+" or "+st.Key.Render("esc")+" cancel")
	}
	return strings.Join(out, "\n")
}

// promptModal reads one line and sends the request it describes. build
// turns the text into the request (shown before sending) or says why it
// cannot.
type promptModal struct {
	st      Styles
	keys    keymap.EditKeyMap
	title   string
	label   string
	help    []string
	input   field
	build   func(text string) (preview []string, send func() tea.Msg, why string)
	sending bool
	err     *model.Error
	w, h    int
}

func (p *promptModal) SetSize(w, h int) { p.w, p.h = w, h }

func (p *promptModal) Keys() help.KeyMap {
	s, c := p.keys.Submit, p.keys.Cancel
	s.SetHelp("enter", "send")
	return keysOf{s, c}
}

func (p *promptModal) Update(msg tea.Msg) (modal, tea.Cmd) {
	switch msg := msg.(type) {
	case doneMsg:
		p.sending = false
		if msg.err != nil {
			p.err = asModelError(msg.err)
			return p, nil
		}
		return nil, nil
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, p.keys.Cancel):
			return nil, nil
		case key.Matches(msg, p.keys.Submit):
			if p.sending {
				return p, nil
			}
			_, send, why := p.build(p.input.String())
			if why != "" {
				p.err = &model.Error{Code: "not sent", Message: why}
				return p, nil
			}
			p.sending, p.err = true, nil
			return p, send
		default:
			p.input.Update(msg)
		}
	}
	return p, nil
}

func (p *promptModal) View() string {
	st := p.st
	w := p.w
	out := modalHeader(st, p.title, "[enter] send   [esc] cancel", w)
	lw := width(p.label) + 2
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
			out = append(out, wrap(l, w)...)
		}
	} else if strings.TrimSpace(p.input.String()) != "" {
		out = append(out, st.Warn.Render(cut("not sendable yet: "+why, w)))
	}
	out = append(out, "")
	for _, h := range p.help {
		out = append(out, wrapDim(st, h, w)...)
	}
	return strings.Join(out, "\n")
}

// editFailed reports an $EDITOR edit that DynamoDB rejected and offers to
// edit the same text again.
type editFailed struct {
	st   Styles
	keys keymap.EditKeyMap
	ed   *editState
	err  *model.Error
	w, h int
}

func newEditFailed(st Styles, km keymap.KeyMap, ed *editState, err *model.Error) *editFailed {
	return &editFailed{st: st, keys: km.Editing, ed: ed, err: err}
}

func (e *editFailed) SetSize(w, h int) { e.w, e.h = w, h }

func (e *editFailed) Keys() help.KeyMap {
	c := e.keys.Cancel
	c.SetHelp("esc", "discard the edit")
	return keysOf{e.keys.Reedit, c}
}

func (e *editFailed) Update(msg tea.Msg) (modal, tea.Cmd) {
	if msg, ok := msg.(tea.KeyMsg); ok {
		switch {
		case key.Matches(msg, e.keys.Reedit):
			return nil, reedit(e.ed)
		case key.Matches(msg, e.keys.Cancel):
			return nil, nil
		}
	}
	return e, nil
}

func (e *editFailed) View() string {
	st := e.st
	out := modalHeader(st, editTitle(e.ed), "[e] edit again   [esc] discard", e.w)
	out = append(out, st.Error.Render("Rejected: nothing was changed."))
	out = append(out, errorBox(st, e.err, e.w)...)
	out = append(out, "", "Your text is kept: "+st.Key.Render("e")+" opens it again in the editor; "+st.Key.Render("esc")+" throws it away.", "")
	for _, l := range strings.Split(strings.TrimRight(string(e.ed.text), "\n"), "\n") {
		if len(out) >= e.h {
			break
		}
		out = append(out, st.Dim.Render(cut("  "+l, e.w)))
	}
	return strings.Join(out, "\n")
}
