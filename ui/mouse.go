package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/ui/kit"
)

// The sidebar's width (\ narrows it, hides it, shows it whole again) and
// the mouse's clicks: on a tab it shows that pane; on a sidebar row it
// moves the cursor there (a second click opens it, as enter does); inside
// the pane it gives the pane the keyboard and hands it a kit.ClickMsg in
// the pane's own coordinates (a pane that takes clicks moves its cursor to
// the row or field there). The wheel goes to what has the keyboard.

// sidebarMode is how much room the sidebar takes.
type sidebarMode int

const (
	sidebarWhole  sidebarMode = iota // 26, 30 or 34 columns by the width
	sidebarNarrow                    // narrowSidebar columns
	sidebarHidden                    // none: the pane takes the width
)

// narrowSidebar is the narrow sidebar's width: a table name of a dozen
// letters and its count (a longer name wraps).
const narrowSidebar = 18

// toggleSidebar goes whole → narrow → hidden → whole; hidden, the pane
// has the keyboard.
func (m *Model) toggleSidebar() {
	m.sidebarAt = (m.sidebarAt + 1) % 3
	if m.sidebarAt == sidebarHidden {
		m.onSidebar = false
	}
	m.layout()
}

// toSidebar gives the sidebar the keyboard, showing it again when it was
// hidden.
func (m *Model) toSidebar() {
	if m.sidebarAt == sidebarHidden {
		m.sidebarAt = sidebarWhole
		m.layout()
	}
	m.onSidebar = true
}

// tabAt is the tab at column x of the title bar.
func (m *Model) tabAt(x int) (pane, bool) {
	at := 1
	if kit.Width(" "+m.st.Title.Render("dynoscope")+"  "+m.tabRow()) <= m.w {
		at += kit.Width("dynoscope") + 2
	}
	for i, n := range paneNames {
		w := kit.Width(kit.Itoa(i+1) + " " + n)
		if pane(i) == m.pane {
			w += 2 // [ ]
		}
		if x >= at && x < at+w {
			return pane(i), true
		}
		at += w + 1
	}
	return 0, false
}

// onClick does what a left click asks, where it is; the other buttons do
// nothing. A form or the help screen over the pane keeps the mouse out.
func (m *Model) onClick(msg tea.MouseClickMsg) tea.Cmd {
	if msg.Button != tea.MouseLeft || m.modal != nil || m.helpScreen.Shown() || m.ws.clock.Prompting() {
		return nil
	}
	sw := m.sidebarWidth()
	switch {
	case msg.Y == 0:
		if p, ok := m.tabAt(msg.X); ok {
			m.flash = ""
			m.setPane(p)
		}
		return nil
	case msg.Y >= m.h-2:
		return nil // the status bar and the help line
	case msg.X < sw:
		m.onSidebar = true
		w := m.ws
		before := w.sel()
		cmd := route(w, toSidebar, w.sidebar.Click(msg.Y-2))
		if !w.sel().Same(before) {
			cmd = tea.Batch(cmd, m.selectionChanged(w))
		}
		return cmd
	}
	m.onSidebar = false
	x, y := msg.X-sw-1, msg.Y-2
	if pw, ph := m.paneSize(); x < 0 || y < 0 || x >= pw || y >= ph {
		return nil // the pane's border
	}
	return m.toFocus(kit.ClickMsg{X: x, Y: y})
}
