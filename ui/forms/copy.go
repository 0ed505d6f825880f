package forms

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// CopyForm asks how many items of a remote table to copy into the sandbox,
// and under what name; what the copy will read (and cost) is worked out
// from the number as it is typed. Enter closes it and delivers the message
// then makes; nothing is read before.
type CopyForm struct {
	st    *kit.Styles
	keys  keymap.EditKeyMap
	title string
	about func(n int) []string
	then  func(n int, name string) tea.Msg
	f     form
	why   string
	w, h  int
}

// NewCopyForm asks for the number of items (default n) and the copy's name
// (default name); about says what copying n items reads.
func NewCopyForm(st *kit.Styles, km keymap.KeyMap, title string, n int, name string, about func(n int) []string, then func(n int, name string) tea.Msg) *CopyForm {
	c := &CopyForm{st: st, keys: km.Editing, title: title, about: about, then: then}
	c.f = form{st: st, keys: km.Editing, rows: []*formRow{
		textRow("items to copy", strconv.Itoa(n), "the first N the read returns"),
		textRow("name in sandbox", name, "a table of that name there is never replaced"),
	}}
	return c
}

// SetSize sets the inner size.
func (c *CopyForm) SetSize(w, h int) { c.w, c.h = w, h }

// ShortHelp is the form's keys.
func (c *CopyForm) ShortHelp() []key.Binding {
	s := c.keys.Submit
	s.SetHelp("enter", "copy")
	return []key.Binding{s, c.keys.NextField, c.keys.Cancel}
}

// FullHelp is the form's keys.
func (c *CopyForm) FullHelp() [][]key.Binding { return [][]key.Binding{c.ShortHelp()} }

// values reads the form, or says what is wrong.
func (c *CopyForm) values() (int, string, string) {
	text := strings.ReplaceAll(c.f.rows[0].value(), ",", "")
	n, err := strconv.Atoi(text)
	if err != nil || n < 1 {
		return 0, "", "items to copy: a whole number, at least 1 (got " + strconv.Quote(c.f.rows[0].value()) + ")"
	}
	name := c.f.rows[1].value()
	if name == "" {
		return 0, "", "name the copy"
	}
	return n, name, ""
}

// Update types into the rows; enter delivers the copy's message, esc
// cancels.
func (c *CopyForm) Update(msg tea.Msg) (Modal, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		c.f.Paste(msg.Content)
	case tea.KeyPressMsg:
		if key.Matches(msg, c.keys.Cancel) {
			return nil, nil
		}
		submit, changed := c.f.Update(msg)
		if changed {
			c.why = ""
		}
		if submit {
			n, name, why := c.values()
			if why != "" {
				c.why = why
				return c, nil
			}
			msg := c.then(n, name)
			return nil, func() tea.Msg { return msg }
		}
	}
	return c, nil
}

// View draws the form and what the copy reads.
func (c *CopyForm) View() string {
	st := c.st
	out := header(st, c.title, "[enter] copy   [esc] cancel", c.w)
	out = append(out, c.f.View(c.w)...)
	out = append(out, "")
	if c.why != "" {
		out = append(out, st.Warn.Render(kit.Cut("not yet: "+c.why, c.w)), "")
	}
	n, _, why := c.values()
	if why == "" {
		for _, l := range c.about(n) {
			out = append(out, kit.Wrap(l, c.w)...)
		}
	}
	return strings.Join(out, "\n")
}
