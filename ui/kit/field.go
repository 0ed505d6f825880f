package kit

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/dynoscope/dynoscope/keymap"
)

// Field is a one-line text input: insert at the cursor, backspace and
// delete, ←/→, home/end (ctrl+a/ctrl+e), ctrl+u (delete to the start) and
// ctrl+w (the word before the cursor); a paste inserts its text. It has no
// blinking cursor, so a frame depends only on its state.
type Field struct {
	value []rune
	pos   int
}

// NewField returns a field holding s, the cursor at its end.
func NewField(s string) Field {
	r := []rune(s)
	return Field{value: r, pos: len(r)}
}

// String is the text.
func (f *Field) String() string { return string(f.value) }

// Set replaces the text and puts the cursor at its end.
func (f *Field) Set(s string) {
	f.value = []rune(s)
	f.pos = len(f.value)
}

// insert puts text at the cursor.
func (f *Field) insert(text string) {
	r := []rune(text)
	v := make([]rune, 0, len(f.value)+len(r))
	v = append(v, f.value[:f.pos]...)
	v = append(v, r...)
	v = append(v, f.value[f.pos:]...)
	f.value = v
	f.pos += len(r)
}

// Paste inserts pasted text, its line breaks and tabs turned into spaces
// (the field holds one line).
func (f *Field) Paste(text string) {
	f.insert(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ").Replace(text))
}

// fieldKeys are the editing keys every field takes.
var fieldKeys = keymap.DefaultFieldKeyMap()

// Update applies an editing key; it reports whether the key changed the
// field or its cursor (printable keys, the editing keys above).
func (f *Field) Update(msg tea.KeyPressMsg) bool {
	k := fieldKeys
	switch {
	case key.Matches(msg, k.Backspace):
		if f.pos > 0 {
			f.value = append(f.value[:f.pos-1], f.value[f.pos:]...)
			f.pos--
		}
	case key.Matches(msg, k.Delete):
		if f.pos < len(f.value) {
			f.value = append(f.value[:f.pos], f.value[f.pos+1:]...)
		}
	case key.Matches(msg, k.Left):
		if f.pos > 0 {
			f.pos--
		}
	case key.Matches(msg, k.Right):
		if f.pos < len(f.value) {
			f.pos++
		}
	case key.Matches(msg, k.Home):
		f.pos = 0
	case key.Matches(msg, k.End):
		f.pos = len(f.value)
	case key.Matches(msg, k.ClearBefore):
		f.value = append([]rune(nil), f.value[f.pos:]...)
		f.pos = 0
	case key.Matches(msg, k.DeleteWord):
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
		if !Typed(msg) {
			return false
		}
		f.insert(msg.Text)
	}
	return true
}

// Typed reports whether a key press types text (a printable key without
// ctrl or alt).
func Typed(msg tea.KeyPressMsg) bool {
	return msg.Text != "" && msg.Mod&(tea.ModCtrl|tea.ModAlt|tea.ModMeta|tea.ModSuper) == 0
}

// View renders the value; with editing on, the cursor is shown as "█" at
// the end or "▏" before the character it is on, so it is visible without
// colour.
func (f *Field) View(editing bool, w int) string {
	if !editing {
		return Cut(string(f.value), w)
	}
	before := string(f.value[:f.pos])
	mark := "█"
	if f.pos < len(f.value) {
		mark = "▏"
	}
	after := string(f.value[f.pos:])
	if Width(before)+1 > w {
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
	return Cut(before+mark+after, w)
}
