package ui

import (
	"fmt"
	"os"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/muesli/termenv"

	"github.com/dynoscope/dynoscope/engine"
)

// View draws the whole screen: title bar, sidebar and pane side by side,
// status bar and help line, exactly w x h cells.
func (m *Model) View() string {
	if m.quitting {
		return ""
	}
	if m.w < 20 || m.h < 8 {
		return "dynoscope needs at least 80x24 (this is " + itoa(m.w) + "x" + itoa(m.h) + ")"
	}
	var b strings.Builder
	b.WriteString(m.titleBar())
	b.WriteByte('\n')
	bodyH := m.h - 3
	side := m.sidebar.View(m.focus == focusSidebar)
	main := m.mainView(bodyH)
	b.WriteString(joinColumns(side, main))
	b.WriteByte('\n')
	b.WriteString(m.statusBar())
	b.WriteByte('\n')
	b.WriteString(m.helpLine())
	return b.String()
}

func (m *Model) titleBar() string {
	st := m.st
	ws := m.opts.Workspace
	if ws == "" {
		ws = "workspace"
	}
	left := " " + st.Title.Render("dynoscope") + " · " + ws
	// The clock is on the status bar, with its keys (live_view.go).
	right := ""
	if m.opts.Serving != "" {
		right = "serving " + m.opts.Serving + " "
	}
	return spread(left, right, m.w)
}

// mainView draws the pane box with the tab row in its top border.
func (m *Model) mainView(h int) string {
	w := m.w - m.sidebarWidth()
	iw, ih := w-2, h-2
	focused := m.focus != focusSidebar || m.modal != nil
	var body string
	switch {
	case m.showHelp:
		body = m.fullHelp(iw, ih)
	case m.loadErr != nil && len(m.tables) == 0:
		body = strings.Join(errorBox(m.st, asModelError(m.loadErr), iw), "\n")
	case m.modal != nil:
		body = m.modal.View()
	case m.item != nil:
		body = m.item.View()
	case m.pane == paneSchema:
		body = m.schema.View()
	case m.pane == paneItems:
		body = m.items.View(focused)
	case m.pane == paneQuery:
		body = m.query.View(focused)
	case isLivePane(m.pane):
		body = m.live.View(m.pane, focused)
	case m.pane == paneLessons:
		body = m.lessons.View(focused)
	}
	if m.w < minWidth || m.h < minHeight {
		body = m.st.Warn.Render(fmt.Sprintf("(designed for 80x24 or more; this is %dx%d)", m.w, m.h)) + "\n" + body
	}
	return box(m.st, m.tabs(iw-4), lines(body), w, h, focused)
}

// tabs is the tab row, then what is open over the pane (a form, an item).
func (m *Model) tabs(w int) string {
	s := m.tabRow(w)
	if m.item != nil && m.modal == nil {
		s += "  ▸ item"
	}
	return s
}

func (m *Model) statusBar() string {
	st := m.st
	left := " last: "
	if m.last == nil {
		left += st.Dim.Render("no request yet")
	} else {
		left += requestText(*m.last)
	}
	if m.live.prompt != nil {
		return fit(m.live.promptView(), m.w)
	}
	right := m.live.clockText(m.now, m.w) + " "
	if m.flash != "" {
		right = st.Warn.Render(m.flash) + " · " + right
	}
	return spread(st.Status.Render(left), right, m.w)
}

// requestText is "Query Thread/LastPostIndex · 6 items · 3 RCU".
func requestText(r engine.RequestRecord) string {
	where := r.Table
	if r.Index != "" {
		where += "/" + r.Index
	}
	if r.Error != "" {
		return r.Action + " " + where + " · failed: " + r.Error
	}
	u := "WCU"
	if r.Read {
		u = "RCU"
	}
	return fmt.Sprintf("%s %s · %d items · %s %s", r.Action, where, r.Items, units(r.Units), u)
}

// helpLine is the short help of what has the keyboard, then the global keys.
func (m *Model) helpLine() string {
	return fit(" "+m.help.ShortHelpView(m.shortHelp()), m.w)
}

func (m *Model) focusedKeys() help.KeyMap {
	switch {
	case m.modal != nil:
		return m.modal.Keys()
	case m.live.prompt != nil:
		return promptKeys{m.km.Live.PromptAccept, m.km.Live.PromptCancel}
	case isLivePane(m.pane) && m.focus != focusSidebar && m.item == nil:
		return m.live.keys(m.pane)
	case m.capturing() && m.focus == focusQuery:
		return m.query.keyMap()
	case m.capturing():
		return filterKeys{}
	case m.item != nil && m.focus != focusSidebar:
		return m.workKeys(m.item.keys)
	case m.focus == focusSidebar:
		return m.workKeys(m.sidebar.keys)
	case m.focus == focusSchema:
		return m.workKeys(m.schema)
	case m.focus == focusItems:
		return m.workKeys(m.items.keyMap())
	case m.focus == focusLessons:
		return m.lessons.keyMap()
	}
	return m.query.keyMap()
}

func (m *Model) globalKeys() []key.Binding {
	km := m.km
	if m.capturing() {
		return []key.Binding{key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit"))}
	}
	panes := key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6", "7"), key.WithHelp("1-7", "panes"))
	if isLivePane(m.pane) {
		return append([]key.Binding{km.NextFocus, panes}, append(m.live.clockShortHelp(), km.Help, km.Quit)...)
	}
	return []key.Binding{km.NextFocus, panes, km.Help, km.Quit}
}

func (m *Model) shortHelp() []key.Binding {
	return append(m.focusedKeys().ShortHelp(), m.globalKeys()...)
}

// fullHelp is the ? screen: every binding of what has the keyboard, then
// the global ones, each with its help text.
func (m *Model) fullHelp(w, h int) string {
	km := m.km
	var out []string
	out = append(out, m.st.Title.Render("Keys")+m.st.Dim.Render("   (? or esc closes)"))
	out = append(out, "")
	section := func(title string, groups [][]key.Binding) {
		out = append(out, m.st.Header.Render(title))
		for _, g := range groups {
			for _, b := range g {
				if !b.Enabled() {
					continue
				}
				hl := b.Help()
				out = append(out, "  "+m.st.Key.Render(fit(hl.Key, 14))+" "+hl.Desc)
			}
		}
		out = append(out, "")
	}
	section("Here", m.focusedKeys().FullHelp())
	section("Everywhere", [][]key.Binding{{km.Schema, km.Items, km.Query}, km.Live.LivePanes(),
		{km.Editing.Lessons, km.NextFocus, km.PrevFocus, km.Back, km.Help, km.Quit}})
	section("Clock (any pane)", [][]key.Binding{km.Live.Clock()})
	out = append(out, m.st.Header.Render("What you see"))
	out = append(out,
		"  sidebar   tables with item counts; under the selected one its indexes:",
		"            LSI/GSI, n/m = n of the table's m items are in the index (sparse),",
		"            ! = items violate the index key schema, CREATING/BACKFILLING while built",
		"  items     one Scan page at a time (Limit + ExclusiveStartKey); · = not projected",
		"  status    the engine's last request and the capacity it consumed")
	if len(out) > h {
		// two columns when it does not fit
		half := (len(out) + 1) / 2
		left, right := out[:half], out[half:]
		var cols []string
		for i := range left {
			r := ""
			if i < len(right) {
				r = right[i]
			}
			cols = append(cols, fit(left[i], w/2)+r)
		}
		out = cols
	}
	return strings.Join(out, "\n")
}

// filterKeys is the help while the items filter has the keyboard.
type filterKeys struct{}

func (filterKeys) ShortHelp() []key.Binding {
	return []key.Binding{
		key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep filter")),
		key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter")),
	}
}

func (k filterKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// osc52Copy puts text on the terminal's clipboard with OSC 52 (works over
// SSH and in tmux with set-clipboard on).
func osc52Copy(text string) error {
	termenv.NewOutput(os.Stdout).Copy(text)
	return nil
}
