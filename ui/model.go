package ui

import (
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/helpscreen"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/lessons"
	"github.com/dynoscope/dynoscope/ui/quit"
	"github.com/dynoscope/dynoscope/ui/remote"
)

// pane is a tab of the main area.
type pane int

const (
	paneSchema pane = iota
	paneItems
	paneQuery
	paneCapacity
	paneTTL
	paneStream
	paneLessons
	panePatterns
	numPanes
)

// paneBackups is Backups & recovery: a pane with no tab of its own, which
// 1 Schema opens (b) and esc closes back to it.
const paneBackups = numPanes

// paneNames are the tabs, in pane order.
var paneNames = [numPanes]string{"Schema", "Items", "Query", "Capacity", "TTL", "Stream", "Lessons", "Patterns"}

// Minimum sizes the layout is designed for; smaller terminals get a note.
const (
	minWidth  = 80
	minHeight = 24
)

// Options configure the explorer.
type Options struct {
	// Workspace names what is open ("demo workspace (memory)", a file).
	Workspace string
	// File is the workspace file ("" for an in-memory workspace): what is
	// written there stays, so the explorer asks before writes the user did
	// not ask for and before clock jumps that expire items.
	File string
	// Serving is the address an HTTP endpoint serves the same engine on, if any.
	Serving string
	// Live subscribes to engine events and re-arms a one-second tick for the
	// clock and for indexes being built. Tests that drive Update by hand
	// leave it off; the program turns it on.
	Live bool
	// PageSize is how many items one Scan page of the items pane reads
	// (default 50: a screenful or two).
	PageSize int
	// Copy puts text on the clipboard (default: Bubble Tea's OSC 52
	// clipboard, which works over SSH and in tmux with set-clipboard on).
	Copy func(string) error
	// SelectDelay is how long the sidebar cursor must rest on a table
	// before its items and item collections are read (0: at once).
	SelectDelay time.Duration
	// Sandbox opens the local workspace a remote table's slice is copied
	// into (C), the first time one is; SandboxLabel names it ("sandbox
	// (memory)", "sandbox slice.db") and SandboxFile is its file ("" in
	// memory). Without Sandbox, C says there is none.
	Sandbox      func() (*engine.Engine, error)
	SandboxLabel string
	SandboxFile  string
	// SandboxAtStart opens the sandbox at once and shows it beside the
	// remote workspace (its file holds copies made before).
	SandboxAtStart bool
	// History is the file 3 Query keeps the requests run and saved in
	// (internal/history): beside the workspace file, or in the user's
	// configuration directory; "" keeps them for the session only (tests).
	History string
	// Remote lets a remote workspace open another profile, region or
	// endpoint (O): nil when the workspace is not remote (reopen.go).
	Remote *RemoteOpener
	// Now overrides the clock read for the status bar (tests); by default
	// the shown workspace's engine clock, or the wall clock for a backend
	// without one.
	Now func() time.Time
}

// Model is the explorer's root model: the title bar with the tabs, the
// sidebar and the pane on screen, the status bar and the help line; the
// workspaces; the form or question over the pane; the keyboard's focus;
// the clock's keys and prompt; the help screen. See the package doc for
// the picture.
type Model struct {
	opts Options
	st   *kit.Styles
	km   keymap.KeyMap
	help help.Model

	home    *workspace   // the user's
	ws      *workspace   // the one on screen
	others  []*workspace // a lesson's copy
	lessons *lessons.Model

	pane       pane
	onSidebar  bool              // the sidebar has the keyboard
	helpScreen *helpscreen.Model // the ? screen, when open
	modal      forms.Modal
	modalWS    *workspace     // the workspace the modal acts on
	copier     *remote.Copier // copies of remote slices into the sandbox
	flash      string
	now        time.Time
	w, h       int
	quitting   bool
	mark       *quit.Mark  // the user's in-memory workspace as it opened (quit.go)
	sidebarAt  sidebarMode // whole, narrow or hidden (\\; mouse.go)
}

// New returns the explorer's root model over api, the user's workspace.
func New(api engine.API, opts Options) *Model {
	if opts.Workspace == "" {
		opts.Workspace = "workspace"
	}
	if opts.SandboxLabel == "" {
		opts.SandboxLabel = "sandbox (memory)"
	}
	h := help.New()
	h.ShortSeparator = " · "
	m := &Model{opts: opts, st: kit.NewStyles(true), km: keymap.DefaultKeyMap(), help: h, w: 120, h: 40, onSidebar: true}
	h.Styles = help.DefaultStyles(true)
	m.help = h
	m.home = m.newWorkspace(api, opts.Workspace, opts.File)
	m.home.query.SetHistory(opts.History)
	m.ws = m.home
	m.helpScreen = helpscreen.New(m.st, m.km)
	m.lessons = lessons.New(m.st, m.km, api)
	m.copier = remote.NewCopier(opts.Sandbox, opts.SandboxLabel)
	m.now = m.clockNow()
	m.layout()
	return m
}

// clockNow is the time the status bar shows.
func (m *Model) clockNow() time.Time {
	if m.opts.Now != nil {
		return m.opts.Now()
	}
	return kit.Now(m.ws.api)
}

// Init reads the workspace and, when live, starts the tick and the event
// reader; it asks the terminal for its background, for the colours.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{m.home.load("", ""), m.home.fetchLast(), tea.RequestBackgroundColor, m.markCmd(),
		route(m.home, toPaneOf(paneQuery), m.home.query.LoadHistory())}
	if m.opts.SandboxAtStart {
		cmds = append(cmds, route(m.home, toCopier, m.copier.OpenAtStart(m.opts.SandboxFile)))
	}
	if m.opts.Live {
		cmds = append(cmds, m.tick(), m.waitEvents(m.home, liveEventGap))
	}
	return tea.Batch(cmds...)
}

// remoteBuildReload is how often a remote workspace is described again
// while a table or index is being built (every table is described).
const remoteBuildReload = 10 * time.Second

// Close ends the subscriptions, stops generated traffic, surveys and a
// copy under way, and closes a lesson's copy.
func (m *Model) Close() {
	m.copier.Close()
	for _, w := range append([]*workspace{m.home}, m.others...) {
		w.close()
	}
	m.lessons.Close()
}

// tickMsg re-arms the once-a-second refresh of the clock and of indexes
// being built.
type tickMsg struct{}

func (m *Model) tick() tea.Cmd {
	return tea.Tick(time.Second, func(time.Time) tea.Msg { return tickMsg{} })
}

// alive reports whether w is one of the workspaces.
func (m *Model) alive(w *workspace) bool {
	if w == m.home {
		return true
	}
	for _, o := range m.others {
		if o == w {
			return true
		}
	}
	return false
}

// wsOf is the workspace of api (the user's when none is).
func (m *Model) wsOf(api engine.API) *workspace {
	for _, o := range m.others {
		if o.api == api {
			return o
		}
	}
	return m.home
}

// onPaste gives a paste to what has the keyboard: the form over the pane,
// the clock prompt, or the focused pane (a text field in it).
func (m *Model) onPaste(msg tea.PasteMsg) tea.Cmd {
	switch {
	case m.modal != nil:
		return m.updateModal(msg)
	case m.ws.clock.Prompting():
		return route(m.ws, toClock, m.ws.clock.Update(msg))
	case m.helpScreen.Shown() || m.onSidebar:
		return nil
	}
	return m.toFocus(msg)
}

// layout gives every component its size.
func (m *Model) layout() {
	bodyH := max(m.h-3, 4)
	w, h := m.paneSize()
	for _, ws := range append([]*workspace{m.home}, m.others...) {
		ws.sidebar.SetSize(m.sidebarWidth(), bodyH)
		for _, p := range ws.panes {
			if p != nil {
				p.SetSize(w, h)
			}
		}
		if ws.item != nil {
			ws.item.SetSize(w, h)
		}
	}
	m.lessons.SetSize(w, h)
	if m.modal != nil {
		m.modal.SetSize(w, h)
	}
	m.help.SetWidth(m.w)
}

// sidebarWidth is the sidebar's share of the width (0: hidden).
func (m *Model) sidebarWidth() int {
	switch {
	case m.sidebarAt == sidebarHidden:
		return 0
	case m.sidebarAt == sidebarNarrow:
		return narrowSidebar
	case m.w >= 140:
		return 34
	case m.w >= 110:
		return 30
	}
	return 26
}

// paneSize is the inner size of the main pane.
func (m *Model) paneSize() (int, int) {
	w := max(m.w-m.sidebarWidth()-2, 10)
	h := max(m.h-3-2, 3) // title, status, help; box borders
	if m.w < minWidth || m.h < minHeight {
		h = max(h-1, 3) // the note that the terminal is small
	}
	return w, h
}
