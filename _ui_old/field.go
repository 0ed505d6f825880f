package ui

import (
	tea "github.com/charmbracelet/bubbletea"
)

// field is a one-line text input: insert at the cursor, backspace and
// delete, ←/→, home/end (ctrl+a/ctrl+e), ctrl+u and ctrl+w. It has no
// blinking cursor, so a frame depends only on its state.
type field struct {
	value []rune
	pos   int
}

func newField(s string) field {
	r := []rune(s)
	return field{value: r, pos: len(r)}
}

func (f *field) String() string { return string(f.value) }

func (f *field) Set(s string) {
	f.value = []rune(s)
	f.pos = len(f.value)
}

// Update applies an editing key; it reports whether the key was consumed.
func (f *field) Update(msg tea.KeyMsg) bool {
	switch msg.Type {
	case tea.KeyRunes, tea.KeySpace:
		r := msg.Runes
		if msg.Type == tea.KeySpace {
			r = []rune{' '}
		}
		v := make([]rune, 0, len(f.value)+len(r))
		v = append(v, f.value[:f.pos]...)
		v = append(v, r...)
		v = append(v, f.value[f.pos:]...)
		f.value = v
		f.pos += len(r)
	case tea.KeyBackspace:
		if f.pos > 0 {
			f.value = append(f.value[:f.pos-1], f.value[f.pos:]...)
			f.pos--
		}
	case tea.KeyDelete:
		if f.pos < len(f.value) {
			f.value = append(f.value[:f.pos], f.value[f.pos+1:]...)
		}
	case tea.KeyLeft:
		if f.pos > 0 {
			f.pos--
		}
	case tea.KeyRight:
		if f.pos < len(f.value) {
			f.pos++
		}
	case tea.KeyHome, tea.KeyCtrlA:
		f.pos = 0
	case tea.KeyEnd, tea.KeyCtrlE:
		f.pos = len(f.value)
	case tea.KeyCtrlU:
		f.value = append([]rune(nil), f.value[f.pos:]...)
		f.pos = 0
	case tea.KeyCtrlW:
		i := f.pos
		for i > 0 && f.value[i-1] == ' ' {
			i--
		}
		for i > 0 && f.value[i-1] != ' ' {
			i--
		}
		f.value = append(f.value[:i], f.value[f.pos:]...)
		f.pos = i
	default:
		return false
	}
	return true
}

// View renders the value; with editing on, the cursor is shown as "█" at
// the end or "▏" before the character it is on, so it is visible without
// colour.
func (f *field) View(editing bool, w int) string {
	if !editing {
		return cut(string(f.value), w)
	}
	before := string(f.value[:f.pos])
	mark := "█"
	if f.pos < len(f.value) {
		mark = "▏"
	}
	after := string(f.value[f.pos:])
	if width(before)+1 > w {
		// keep the cursor in view: show the tail before it
		rs := []rune(before)
		keep := w - 2
		if keep < 0 {
			keep = 0
		}
		if len(rs) > keep {
			rs = rs[len(rs)-keep:]
		}
		before = "…" + string(rs)
	}
	return cut(before+mark+after, w)
}
