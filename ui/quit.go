package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/ui/quit"
)

// Quitting: q on the user's workspace in memory that changed since it
// opened asks first (ui/quit reads the mark as it opens, what changed
// when q is pressed, and words the question); ctrl+c always quits.

// quitMsg: quit (the question was answered yes).
type quitMsg struct{}

// asksBeforeQuit reports whether q on the user's workspace checks for
// changes first: it lives in memory.
func (m *Model) asksBeforeQuit() bool {
	return quit.Asks(m.home.api, m.home.file, m.home.loc != nil)
}

// markCmd reads the user's workspace as it opens, for the quit question.
func (m *Model) markCmd() tea.Cmd {
	if !m.asksBeforeQuit() {
		return nil
	}
	return route(m.home, toRoot, quit.Read(m.home.api))
}

// askQuit quits, or first reads what changed in the user's in-memory
// workspace since it opened.
func (m *Model) askQuit() tea.Cmd {
	if !m.asksBeforeQuit() || m.mark == nil {
		return m.quit()
	}
	return route(m.home, toRoot, quit.Check(m.home.api, *m.mark))
}

// onQuitCheck quits when nothing changed, else asks.
func (m *Model) onQuitCheck(msg quit.CheckMsg) tea.Cmd {
	if msg.Unchanged() {
		return m.quit()
	}
	m.openModal(m.home, quit.Question(m.st, m.km, msg, m.home.label, routed{ws: m.home, to: toRoot, msg: quitMsg{}}))
	return nil
}
