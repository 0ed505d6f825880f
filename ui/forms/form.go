package forms

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// form is the small form of the table and index modals: text rows typed
// into directly and choice rows cycled with ←/→ or space; tab and the
// arrows move between the rows that apply (a row can hide itself, like
// the throughput of an on-demand table).
type form struct {
	st   *kit.Styles
	keys keymap.EditKeyMap
	rows []*formRow
	cur  int
}

// formRow is one row: a text field, or a choice among fixed values.
type formRow struct {
	label   string
	hint    string // dim, after the value
	text    *kit.Field
	choices []string
	choice  int
	show    func() bool // nil: always shown
}

func textRow(label, value, hint string) *formRow {
	f := kit.NewField(value)
	return &formRow{label: label, text: &f, hint: hint}
}

func choiceRow(label string, choices []string, hint string) *formRow {
	return &formRow{label: label, choices: choices, hint: hint}
}

// value is the row's text or its choice.
func (r *formRow) value() string {
	if r.text != nil {
		return strings.TrimSpace(r.text.String())
	}
	return r.choices[r.choice]
}

// set chooses the choice equal to v, if there is one.
func (r *formRow) set(v string) {
	for i, c := range r.choices {
		if c == v {
			r.choice = i
		}
	}
}

func (r *formRow) visible() bool { return r.show == nil || r.show() }

// move goes to the next (dir 1) or previous (-1) visible row.
func (f *form) move(dir int) {
	for i := 1; i <= len(f.rows); i++ {
		j := (f.cur + dir*i + len(f.rows)*2) % len(f.rows)
		if f.rows[j].visible() {
			f.cur = j
			return
		}
	}
}

// Update handles a key; it reports whether the form is to be sent, and
// whether a value changed.
func (f *form) Update(msg tea.KeyPressMsg) (submit, changed bool) {
	if !f.rows[f.cur].visible() {
		f.move(1)
	}
	r := f.rows[f.cur]
	switch {
	case key.Matches(msg, f.keys.Submit):
		return true, false
	case key.Matches(msg, f.keys.NextField):
		f.move(1)
	case key.Matches(msg, f.keys.PrevField):
		f.move(-1)
	case r.choices != nil && key.Matches(msg, f.keys.Choice):
		dir := 1
		if key.Matches(msg, f.keys.ChoiceBack) {
			dir = -1
		}
		r.choice = (r.choice + dir + len(r.choices)) % len(r.choices)
		changed = true
	case r.text != nil:
		changed = r.text.Update(msg)
	}
	return false, changed
}

// Paste types pasted text into the current row when it is a text field.
func (f *form) Paste(text string) bool {
	if r := f.rows[f.cur]; r.visible() && r.text != nil {
		r.text.Paste(text)
		return true
	}
	return false
}

// View draws the visible rows, the current one marked and editable.
func (f *form) View(w int) []string {
	st := f.st
	const lw = 20
	var out []string
	for i, r := range f.rows {
		if !r.visible() {
			continue
		}
		on := i == f.cur
		mark := "  "
		if on {
			mark = st.Key.Render("▸ ")
		}
		var val string
		if r.text != nil {
			val = r.text.View(on, w-lw-4)
			if on {
				val = st.FieldEdit.Render(val)
			} else if val == "" {
				val = st.Dim.Render("—")
			}
		} else {
			val = "◂ " + r.choices[r.choice] + " ▸"
			if on {
				val = st.FieldEdit.Render(val)
			}
		}
		line := mark + kit.Fit(r.label, lw) + val
		if r.hint != "" {
			line += "  " + st.Dim.Render(r.hint)
		}
		out = append(out, kit.Cut(line, w))
	}
	return out
}
