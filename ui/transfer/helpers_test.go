package transfer

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// box holds a dialog as the root does: it takes the messages of its
// commands until it closes; the announcements for the root are kept.
type box struct {
	m      forms.Modal
	closed bool
	flash  []string
	change []kit.ChangedMsg
}

func (b *box) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case kit.FlashMsg:
		b.flash = append(b.flash, msg.Text)
		return nil
	case kit.ChangedMsg:
		b.change = append(b.change, msg)
		return nil
	}
	if b.m == nil {
		return nil
	}
	next, cmd := b.m.Update(msg)
	if next == nil {
		b.m, b.closed = nil, true
	}
	return cmd
}

func (b *box) View() string {
	if b.m == nil {
		return ""
	}
	return b.m.View()
}

// open holds m, sized as the root's pane at 120x40, and drives cmd.
func open(t *testing.T, m forms.Modal, cmd tea.Cmd) *box {
	t.Helper()
	m.SetSize(uitest.PaneW, uitest.PaneH)
	b := &box{m: m}
	uitest.Drive(t, b, cmd)
	return b
}

func press(t *testing.T, b *box, names ...string) { t.Helper(); uitest.Press(t, b, names...) }

// typeText types s into the dialog's field, a key a rune.
func typeText(t *testing.T, b *box, s string) {
	t.Helper()
	for _, r := range s {
		uitest.Drive(t, b, b.Update(uitest.Rune(r)))
	}
}

// clearField empties the dialog's field (ctrl+u at its end).
func clearField(t *testing.T, b *box) { t.Helper(); press(t, b, "end", "ctrl+u") }

var km = keymap.DefaultKeyMap()
var st = kit.NewStyles(true)
