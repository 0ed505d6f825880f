package kit

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func keyOf(s string) tea.KeyPressMsg {
	switch s {
	case "ctrl+u":
		return tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}
	case "ctrl+w":
		return tea.KeyPressMsg{Code: 'w', Mod: tea.ModCtrl}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	}
	return tea.KeyPressMsg{Code: []rune(s)[0], Text: s}
}

// The field's editing keys: typing, backspace, ctrl+w (a word), ctrl+u
// (to the start), and a paste, whose line breaks become spaces.
func TestField(t *testing.T) {
	for _, tt := range []struct {
		keys []string
		want string
	}{
		{[]string{"a", "b", "c"}, "abc"},
		{[]string{"a", "b", "backspace"}, "a"},
		{[]string{"a", " ", "b", "c", "ctrl+w"}, "a "},
		{[]string{"1", "2", "ctrl+u", "3"}, "3"},
		{[]string{"a", "b", "left", "ctrl+u"}, "b"},
	} {
		var f Field
		for _, k := range tt.keys {
			if !f.Update(keyOf(k)) {
				t.Fatalf("%v: %q not taken", tt.keys, k)
			}
		}
		if f.String() != tt.want {
			t.Errorf("%v: %q, want %q", tt.keys, f.String(), tt.want)
		}
	}
	var f Field
	f.Paste("line one\nline two")
	if f.String() != "line one line two" {
		t.Fatalf("paste %q", f.String())
	}
	if f.Update(tea.KeyPressMsg{Code: 'j', Mod: tea.ModCtrl}) {
		t.Fatal("ctrl+j typed into the field")
	}
}

// Wrap keeps every word and no line is wider than asked; a word longer
// than the width is cut into pieces.
func TestWrap(t *testing.T) {
	text := "The update expression attempted to update the secondary index key to unsupported type"
	for _, w := range []int{12, 20, 33} { // every word fits
		lines := Wrap(text, w)
		for _, l := range lines {
			if Width(l) > w {
				t.Fatalf("width %d: %q", w, l)
			}
		}
		if strings.Join(strings.Fields(strings.Join(lines, " ")), " ") != text {
			t.Fatalf("width %d lost words: %q", w, lines)
		}
	}
	if got := Wrap("abcdefghij", 4); strings.Join(got, "|") != "abcd|efgh|ij" {
		t.Fatalf("long word %q", got)
	}
}

func TestPlural(t *testing.T) {
	for n, want := range map[int64]string{0: "0 items", 1: "1 item", 2: "2 items", 1500: "1,500 items"} {
		if got := Plural(n, "item", ""); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
	if got := Plural(1, "index entry", "index entries"); got != "1 index entry" {
		t.Errorf("%q", got)
	}
}
