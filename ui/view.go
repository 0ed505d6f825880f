package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/remote"
)

// View draws the whole screen in the alternate screen, with the mouse
// wheel on.
func (m *Model) View() tea.View {
	v := tea.NewView(m.Screen())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "dynoscope · " + m.ws.label
	return v
}

// Screen is the whole screen, exactly w x h cells: the title bar with the
// tabs, the sidebar and the pane side by side, the status bar and the help
// line.
func (m *Model) Screen() string {
	if m.quitting {
		return ""
	}
	if m.w < 20 || m.h < 8 {
		return "dynoscope needs at least 80x24 (this is " + kit.Itoa(m.w) + "x" + kit.Itoa(m.h) + ")"
	}
	var b strings.Builder
	b.WriteString(m.titleBar())
	b.WriteByte('\n')
	bodyH := m.h - 3
	if m.sidebarWidth() == 0 {
		b.WriteString(m.mainView(bodyH))
	} else {
		b.WriteString(kit.JoinColumns(m.ws.sidebar.View(), m.mainView(bodyH)))
	}
	b.WriteByte('\n')
	b.WriteString(m.statusBar())
	b.WriteByte('\n')
	b.WriteString(m.helpLine())
	return b.String()
}

// titleBar is the name and the tabs, then the address served when it fits.
func (m *Model) titleBar() string {
	left := " " + m.st.Title.Render("dynoscope") + "  " + m.tabRow()
	if kit.Width(left) > m.w {
		left = " " + m.tabRow() // the name goes before a tab does
	}
	right := ""
	switch {
	case m.ws.loc != nil && m.ws.loc.Write:
		right = m.st.Error.Render("● writes allowed") + " "
	case m.ws.loc != nil:
		right = m.st.OK.Render("● read-only") + " "
	case m.opts.Serving != "":
		right = "serving " + m.opts.Serving + " "
	}
	if kit.Width(left)+kit.Width(right)+1 > m.w {
		right = ""
	}
	return kit.Spread(left, right, m.w)
}

// tabRow is the tabs, the one on screen in brackets. At 80 columns every
// name still fits whole (the title bar leaves out "dynoscope" for them).
func (m *Model) tabRow() string {
	st := m.st
	parts := make([]string, 0, numPanes)
	for i, n := range paneNames {
		label := kit.Itoa(i+1) + " " + n
		if pane(i) == m.pane || (pane(i) == paneSchema && m.pane == paneBackups) {
			parts = append(parts, st.TabOn.Render("["+label+"]"))
		} else {
			parts = append(parts, st.TabOff.Render(label))
		}
	}
	return strings.Join(parts, " ")
}

// mainView draws the pane box: the workspace in its top border (and what
// is open over the pane), the pane, the help screen or the form inside.
func (m *Model) mainView(h int) string {
	w := m.w - m.sidebarWidth()
	iw, ih := w-2, h-2
	focused := !m.onSidebar || m.modal != nil
	var body string
	switch {
	case m.helpScreen.Shown():
		body = m.helpScreen.View(m.helpLines(iw), iw, ih)
	case m.ws.loadErr != nil && len(m.ws.tables) == 0:
		body = strings.Join(kit.ErrorBox(m.st, kit.AsModelError(m.ws.loadErr), iw), "\n")
	case m.modal != nil:
		body = m.modal.View()
	default:
		body = m.focusedView()
	}
	if m.w < minWidth || m.h < minHeight {
		body = m.st.Warn.Render(fmt.Sprintf("(designed for 80x24 or more; this is %dx%d)", m.w, m.h)) + "\n" + body
	}
	return kit.Box(m.st, m.boxTitle(), kit.Lines(body), w, h, focused)
}

// focusedView is the pane on screen, or the item view over it.
func (m *Model) focusedView() string {
	if m.ws.item != nil && m.pane != paneLessons {
		return m.ws.item.View()
	}
	return m.paneOf(m.pane).View()
}

// boxTitle names the workspace shown, the other one and its key, and what
// is open over the pane.
func (m *Model) boxTitle() string {
	over := ""
	switch {
	case m.helpScreen.Shown():
		over = " ▸ help"
	case m.modal != nil:
	case m.ws.item != nil && m.pane != paneLessons:
		over = " ▸ item"
	case m.pane == paneBackups:
		over = " ▸ backups & recovery"
	}
	if len(m.others) == 0 {
		return m.ws.label + over
	}
	other, short := " · ctrl+o: "+m.nextWorkspace().short, m.ws.short
	room := m.w - m.sidebarWidth() - 6
	if s := m.ws.label + over + other; kit.Width(s) <= room {
		return m.ws.label + over + m.st.Dim.Render(other)
	}
	return short + over + m.st.Dim.Render(other) // the workspace's name is cut before the key to leave it
}

// statusBar is the last request on the left, the clock on the right; a
// note of what just happened goes before the request. The clock is never
// the part cut.
func (m *Model) statusBar() string {
	st := m.st
	if m.ws.clock.Prompting() {
		return kit.Fit(m.ws.clock.PromptView(), m.w)
	}
	last, label := m.ws.last, "last: "
	if m.pane == paneLessons {
		last, label = m.lessons.LastRequest(), "last (lesson copy): "
	}
	left := " "
	if m.flash != "" {
		left += st.Warn.Render(m.flash) + " · "
	}
	switch {
	case m.copier.Copying():
		left += st.Status.Render(m.copier.StatusText())
	case m.ws.survey.Running() && m.pane != paneLessons:
		left += st.Status.Render(m.ws.survey.StatusText())
	case m.ws.loc != nil && m.pane != paneLessons:
		left += st.Status.Render(remote.ConsumedText(m.ws.totals))
	case last == nil:
		left += st.Status.Render(label) + st.Dim.Render("no request yet")
	default:
		left += st.Status.Render(label + kit.RequestText(*last))
	}
	right := m.ws.clock.Text(m.now, m.w) + " "
	if table, on := m.ws.capacity.Traffic(); on {
		right = st.OK.Render("traffic ▶ "+table) + " · " + right
	}
	if kit.Width(right) >= m.w {
		right = m.ws.clock.Text(m.now, m.w) + " "
	}
	return kit.Spread(left, right, m.w)
}

// helpLine is the short help of what has the keyboard, then the global
// keys. When they do not all fit, "? help" and "q quit" stay at the end
// and the keys before them are cut with "…" (the help screen lists them
// all), so the way to read the rest is always on screen.
func (m *Model) helpLine() string {
	keys := append(m.focusedKeys(), m.globalKeys()...)
	whole := " " + m.help.ShortHelpView(keys) // cut to the width, with "…"
	all := m.help
	all.SetWidth(0) // no limit
	n := len(keys)
	if kit.Width(" "+all.ShortHelpView(keys)) <= m.w || n < 2 || keys[n-2].Help() != m.km.Help.Help() || keys[n-1].Help() != m.km.Quit.Help() {
		return kit.Fit(whole, m.w)
	}
	tail := m.help.ShortHelpView(keys[n-2:])
	sep := m.help.Styles.ShortSeparator.Render(m.help.ShortSeparator)
	room := m.w - 1 - kit.Width(tail) - kit.Width(sep)
	if room < 20 {
		return kit.Fit(whole, m.w)
	}
	h := m.help
	h.SetWidth(room)
	return kit.Fit(" "+kit.Cut(h.ShortHelpView(keys[:n-2]), room)+sep+tail, m.w)
}

// focusedKeys are the short help of what has the keyboard.
func (m *Model) focusedKeys() []key.Binding {
	switch {
	case m.modal != nil:
		return m.modal.ShortHelp()
	case m.ws.clock.Prompting():
		return m.ws.clock.PromptHelp()
	case m.helpScreen.Shown():
		return m.helpScreen.Keys()
	}
	return m.focused().ShortHelp()
}

// globalKeys are the keys that work everywhere, for the help line.
func (m *Model) globalKeys() []key.Binding {
	km := m.km
	if m.capturing() {
		return []key.Binding{km.Interrupt}
	}
	if m.helpScreen.Shown() {
		return nil
	}
	out := []key.Binding{km.NextFocus, km.PaneDigits}
	if m.sidebarAt != sidebarWhole {
		out = append(out, km.Sidebar)
	}
	if len(m.others) > 0 {
		out = append(out, km.SwitchWorkspace)
	}
	if m.ws.loc != nil && m.pane != paneLessons {
		c, s := km.CopySlice, km.Survey
		c.SetHelp("C", "copy slice")
		s.SetHelp("S", "read whole table")
		if m.ws.survey.Running() {
			s.SetHelp("S", "stop reading")
		}
		out = append(out, c, s)
	}
	if (m.pane == paneCapacity || m.pane == paneTTL || m.pane == paneStream) && m.ws.clock.Controllable() {
		pause, speed, jump := km.Live.Pause, km.Live.Faster, km.Live.AdvanceMin
		pause.SetHelp("p", "pause")
		speed.SetHelp("+/-", "speed")
		jump.SetHelp("]/}/>", "jump")
		out = append(out, pause, speed, jump)
	}
	return append(out, km.Help, km.Quit)
}
