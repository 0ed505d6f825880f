package forms

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// bed holds the form over the pane as the root does, at the pane size of
// a 120x40 terminal: a DoneMsg goes to the open form first, then a
// rejected $EDITOR edit opens Failed when no form is left; an
// EditReadyMsg would run the editor: the test cannot, and removes the
// prepared file. Temporary files go to the test's own directory (TMPDIR).
type bed struct {
	t    testing.TB
	st   *kit.Styles
	km   keymap.KeyMap
	md   Modal
	w, h int
}

func newBed(t testing.TB) *bed {
	t.Setenv("TMPDIR", t.TempDir())
	return &bed{t: t, st: kit.NewStyles(true), km: keymap.DefaultKeyMap(), w: uitest.PaneW, h: uitest.PaneH}
}

// open shows md over the pane.
func (b *bed) open(md Modal) {
	b.md = md
	md.SetSize(b.w, b.h)
}

// Update is what the root does with a message of the form's commands.
func (b *bed) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case DoneMsg:
		var cmd tea.Cmd
		if b.md != nil {
			b.md, cmd = b.md.Update(msg)
		}
		if md := Failed(b.st, b.km, msg); md != nil && b.md == nil {
			b.open(md)
		}
		return cmd
	case EditReadyMsg:
		return DiscardEdit(msg) // no terminal to run the editor in: its file goes
	}
	if b.md == nil {
		return nil
	}
	var cmd tea.Cmd
	b.md, cmd = b.md.Update(msg)
	if b.md != nil {
		b.md.SetSize(b.w, b.h)
	}
	return cmd
}

// Drive runs cmd as the root runs a form's commands.
func (b *bed) Drive(cmd tea.Cmd) { uitest.Drive(b.t, b, cmd) }

// Press hands the form each key and drives what it causes.
func (b *bed) Press(keys ...string) { uitest.Press(b.t, b, keys...) }

// Type types s into the form, one key per character.
func (b *bed) Type(s string) {
	for _, r := range s {
		b.Drive(b.Update(uitest.Rune(r)))
	}
}

// Text is the form framed at the pane size, trailing spaces cut ("" with
// no form open).
func (b *bed) Text() string {
	if b.md == nil {
		return ""
	}
	ls := strings.Split(uitest.Frame(b.md.View(), b.w, b.h), "\n")
	for i, l := range ls {
		ls[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(ls, "\n")
}

// Flat is Text as one line of words: box borders and line breaks
// removed, runs of spaces collapsed.
func (b *bed) Flat() string {
	s := strings.NewReplacer("│", " ", "┌", " ", "┐", " ", "└", " ", "┘", " ", "─", " ", "\n", " ").Replace(b.Text())
	return strings.Join(strings.Fields(s), " ")
}
