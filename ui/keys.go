package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/ui/kit"
)

// Keys go, in this order, to: a form over the pane (it has every key), the
// clock's prompt, the help screen, a text field that has the keyboard
// (digits, q and tab are typed there), a pane that takes the key as text
// (kit.TextTaker: a letter on a field of the query builder), then the
// global keys (quit, help,
// panes, focus, the other workspace, the clock), then the item view open
// over the pane, the sidebar, or the pane. v2's input reader delivers a
// burst of keys (a paste outside a field, key repeat over SSH, tmux
// send-keys "jjjj") as one key each, so each is obeyed.

// focused is what has the keyboard: the sidebar, the item view over the
// pane, or the pane.
func (m *Model) focused() kit.Pane {
	switch {
	case m.onSidebar:
		return m.ws.sidebar
	case m.ws.item != nil && m.pane != paneLessons:
		return m.ws.item
	}
	return m.paneOf(m.pane)
}

// paneOf is the component of tab p in the workspace on screen.
func (m *Model) paneOf(p pane) kit.Pane {
	if p == paneLessons {
		return m.lessons
	}
	return m.ws.panes[p]
}

// focusDest is where the focused component's messages go back to.
func (m *Model) focusDest() dest {
	switch {
	case m.onSidebar:
		return toSidebar
	case m.ws.item != nil && m.pane != paneLessons:
		return toItem
	case m.pane == paneLessons:
		return toLessons
	}
	return toPaneOf(m.pane)
}

// toFocus gives a message to what has the keyboard.
func (m *Model) toFocus(msg tea.Msg) tea.Cmd {
	f, d := m.focused(), m.focusDest()
	w := m.ws
	if d == toLessons {
		return route(nil, d, f.Update(msg))
	}
	before := w.sel()
	cmd := route(w, d, f.Update(msg))
	if d == toSidebar && !w.sel().Same(before) {
		cmd = tea.Batch(cmd, m.selectionChanged(w))
	}
	return cmd
}

// capturing reports whether a text field has the keyboard, so global keys
// (digits, q, tab, ?) are typed rather than obeyed.
func (m *Model) capturing() bool {
	if m.modal != nil || m.ws.clock.Prompting() {
		return true
	}
	c, ok := m.focused().(kit.Capturer)
	return ok && c.Capturing()
}

// onKey handles a key.
func (m *Model) onKey(msg tea.KeyPressMsg) tea.Cmd {
	km := m.km
	if key.Matches(msg, km.Interrupt) {
		return m.quit()
	}
	if m.modal != nil {
		return m.updateModal(msg)
	}
	if m.ws.clock.Prompting() {
		return route(m.ws, toClock, m.ws.clock.Update(msg))
	}
	if m.helpScreen.Shown() {
		_, h := m.paneSize()
		m.helpScreen.Key(msg, h)
		return nil
	}
	if m.capturing() {
		return m.toFocus(msg)
	}
	m.flash = ""
	if t, ok := m.focused().(kit.TextTaker); ok && t.TakesText(msg) {
		return m.toFocus(msg)
	}
	switch {
	case key.Matches(msg, km.Quit):
		return m.askQuit()
	case key.Matches(msg, km.Help):
		m.helpScreen.Open()
		return nil
	case key.Matches(msg, km.NextFocus):
		m.cycleFocus(1)
		return nil
	case key.Matches(msg, km.PrevFocus):
		m.cycleFocus(-1)
		return nil
	case key.Matches(msg, km.SwitchWorkspace):
		return m.otherWorkspace()
	case key.Matches(msg, km.Sidebar):
		m.toggleSidebar()
		return nil
	case key.Matches(msg, km.CopySlice):
		return m.askCopy()
	case key.Matches(msg, km.Transfer.Endpoints):
		return m.openSwitcher()
	case key.Matches(msg, km.Survey):
		return route(m.ws, toSurvey, m.ws.survey.Toggle(m.ws.sel().Table()))
	}
	if p, ok := m.paneKey(msg); ok {
		m.setPane(p)
		return nil
	}
	if cmd, ok := m.ws.clock.Key(msg); ok {
		return route(m.ws, toClock, cmd)
	}
	if m.ws.item != nil && !m.onSidebar && m.pane != paneLessons && key.Matches(msg, km.Back) {
		m.ws.item = nil
		return nil
	}
	if cmd, ok := m.backupsKey(msg); ok {
		return cmd
	}
	if !m.onSidebar && key.Matches(msg, km.Back) && !m.usesEsc() {
		m.toSidebar()
		return nil
	}
	return m.toFocus(msg)
}

// backupsKey opens Backups & recovery from 1 Schema (b) and closes it
// back to 1 Schema (esc).
func (m *Model) backupsKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	switch {
	case m.onSidebar:
	case m.pane == paneSchema && key.Matches(msg, m.km.Backups.Open):
		m.pane = paneBackups
		return m.showLive(), true
	case m.pane == paneBackups && key.Matches(msg, m.km.Back) && !m.usesEsc():
		m.pane = paneSchema
		return m.showLive(), true
	}
	return nil, false
}

// usesEsc reports whether esc means something inside the focused pane.
func (m *Model) usesEsc() bool {
	e, ok := m.focused().(kit.EscUser)
	return ok && e.UsesEsc()
}

// paneKey is the tab a digit picks.
func (m *Model) paneKey(msg tea.KeyPressMsg) (pane, bool) {
	km := m.km
	for p, b := range []key.Binding{km.Schema, km.Items, km.Query, km.Live.Capacity, km.Live.TTL, km.Live.Stream, km.Editing.Lessons, km.Design.Patterns} {
		if key.Matches(msg, b) {
			return pane(p), true
		}
	}
	return 0, false
}

// setPane shows a pane and gives it the keyboard (the item view over the
// pane closes).
func (m *Model) setPane(p pane) {
	m.ws.item = nil
	m.pane = p
	m.onSidebar = false
}

// cycleFocus moves the keyboard: from the sidebar to the pane on screen
// (the one it came from); from a pane to the next (or previous) pane, and
// past the last (or first) back to the sidebar.
func (m *Model) cycleFocus(dir int) {
	if m.onSidebar {
		m.onSidebar = false
		return
	}
	m.ws.item = nil
	if m.pane == paneBackups {
		m.pane = paneSchema
	}
	next := int(m.pane) + dir
	if next < 0 || next >= int(numPanes) {
		if m.sidebarAt == sidebarHidden { // past the ends, round again
			m.pane = pane((next + int(numPanes)) % int(numPanes))
			return
		}
		m.onSidebar = true
		return
	}
	m.pane = pane(next)
}

// otherWorkspace shows the next workspace: the user's, then a lesson's
// copy and the sandbox a remote table's slice was copied into, in turn.
func (m *Model) otherWorkspace() tea.Cmd {
	if len(m.others) == 0 {
		m.flash = "no other workspace: a lesson's copy is one (7 Lessons, then o on a step)"
		if m.home.loc != nil {
			m.flash = "no other workspace: C copies a slice of a table into a sandbox, and a lesson's copy is one"
		}
		return nil
	}
	return m.switchTo(m.nextWorkspace())
}

// nextWorkspace is the workspace ctrl+o shows.
func (m *Model) nextWorkspace() *workspace {
	all := append([]*workspace{m.home}, m.others...)
	for i, w := range all {
		if w == m.ws {
			return all[(i+1)%len(all)]
		}
	}
	return m.home
}

// showLive tells the live panes whether they are on screen (they refresh
// themselves only then), and the panes whether they have the keyboard.
func (m *Model) showLive() tea.Cmd {
	var cmds []tea.Cmd
	for _, w := range append([]*workspace{m.home}, m.others...) {
		for p, pn := range w.panes {
			on := w == m.ws && pane(p) == m.pane && w.item == nil
			if s, ok := pn.(kit.Shower); ok {
				cmds = append(cmds, route(w, toPaneOf(pane(p)), s.SetShown(on)))
			}
			if f, ok := pn.(kit.Focuser); ok {
				f.SetFocus(on && !m.onSidebar)
			}
		}
		w.sidebar.SetFocus(w == m.ws && m.onSidebar)
	}
	m.lessons.SetFocus(m.pane == paneLessons && !m.onSidebar)
	return tea.Batch(cmds...)
}

// quit ends the program.
func (m *Model) quit() tea.Cmd {
	m.quitting = true
	m.Close()
	return tea.Quit
}
