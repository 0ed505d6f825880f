package kit

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/keymap"
)

// Scroller is a read-only block of lines that scrolls with the list keys
// and the mouse wheel.
type Scroller struct {
	Keys ScrollKeys
	Top  int
	h, n int
}

// ScrollKeys are the keys a scroller obeys.
type ScrollKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
}

// NewScrollKeys takes the list keys of km, with help that says they scroll.
func NewScrollKeys(km keymap.KeyMap) ScrollKeys {
	up, down := km.Up, km.Down
	up.SetHelp("↑/k", "scroll up")
	down.SetHelp("↓/j", "scroll down")
	return ScrollKeys{Up: up, Down: down, PageUp: km.PageUp, PageDown: km.PageDown, Top: km.Top, Bottom: km.Bottom}
}

// NewScroller returns a scroller obeying the list keys of km.
func NewScroller(km keymap.KeyMap) Scroller { return Scroller{Keys: NewScrollKeys(km)} }

// Short is the scroll keys for a short help line.
func (k ScrollKeys) Short() []key.Binding { return []key.Binding{k.Up, k.Down} }

// All is every scroll key, for the full help.
func (k ScrollKeys) All() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}
}

// SetSize sets the visible height and the number of lines.
func (s *Scroller) SetSize(h, n int) {
	s.h, s.n = h, n
	s.clamp()
}

// Height is the visible height.
func (s *Scroller) Height() int { return s.h }

func (s *Scroller) clamp() {
	if s.Top > s.n-s.h {
		s.Top = s.n - s.h
	}
	if s.Top < 0 {
		s.Top = 0
	}
}

// Update scrolls; it reports whether the message was a scroll.
func (s *Scroller) Update(msg tea.Msg) bool {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, s.Keys.Up):
			s.Top--
		case key.Matches(msg, s.Keys.Down):
			s.Top++
		case key.Matches(msg, s.Keys.PageUp):
			s.Top -= max(s.h-1, 1)
		case key.Matches(msg, s.Keys.PageDown):
			s.Top += max(s.h-1, 1)
		case key.Matches(msg, s.Keys.Top):
			s.Top = 0
		case key.Matches(msg, s.Keys.Bottom):
			s.Top = s.n
		default:
			return false
		}
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			s.Top -= 3
		case tea.MouseWheelDown:
			s.Top += 3
		default:
			return false
		}
	default:
		return false
	}
	s.clamp()
	return true
}

// Visible returns the lines in view.
func (s *Scroller) Visible(all []string) []string {
	s.n = len(all)
	s.clamp()
	end := min(s.Top+s.h, len(all))
	if s.Top >= end {
		return nil
	}
	return all[s.Top:end]
}

// Position is "lines 12–30 of 58" when not everything fits, else "".
func (s *Scroller) Position() string {
	if s.n <= s.h {
		return ""
	}
	return "lines " + Itoa(s.Top+1) + "–" + Itoa(min(s.Top+s.h, s.n)) + " of " + Itoa(s.n)
}
