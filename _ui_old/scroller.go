package ui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/keymap"
)

// scroller is a read-only block of lines that scrolls with the list keys
// and the mouse wheel (the schema pane and the item view use it).
type scroller struct {
	keys scrollKeys
	top  int
	h    int
	n    int
}

type scrollKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
}

func newScrollKeys(km keymap.KeyMap) scrollKeys {
	up, down := km.Up, km.Down
	up.SetHelp("↑/k", "scroll up")
	down.SetHelp("↓/j", "scroll down")
	return scrollKeys{Up: up, Down: down, PageUp: km.PageUp, PageDown: km.PageDown, Top: km.Top, Bottom: km.Bottom}
}

// SetSize sets the visible height and the number of lines.
func (s *scroller) SetSize(h, n int) {
	s.h, s.n = h, n
	s.clamp()
}

func (s *scroller) clamp() {
	if s.top > s.n-s.h {
		s.top = s.n - s.h
	}
	if s.top < 0 {
		s.top = 0
	}
}

// Update scrolls; it reports whether the message was a scroll.
func (s *scroller) Update(msg tea.Msg) bool {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, s.keys.Up):
			s.top--
		case key.Matches(msg, s.keys.Down):
			s.top++
		case key.Matches(msg, s.keys.PageUp):
			s.top -= s.h - 1
		case key.Matches(msg, s.keys.PageDown):
			s.top += s.h - 1
		case key.Matches(msg, s.keys.Top):
			s.top = 0
		case key.Matches(msg, s.keys.Bottom):
			s.top = s.n
		default:
			return false
		}
	case tea.MouseMsg:
		switch msg.Button {
		case tea.MouseButtonWheelUp:
			s.top -= 3
		case tea.MouseButtonWheelDown:
			s.top += 3
		default:
			return false
		}
	default:
		return false
	}
	s.clamp()
	return true
}

// visible returns the lines in view.
func (s *scroller) visible(all []string) []string {
	s.n = len(all)
	s.clamp()
	end := s.top + s.h
	if end > len(all) {
		end = len(all)
	}
	if s.top >= end {
		return nil
	}
	return all[s.top:end]
}
