package ui

import (
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
)

// focus is what receives the keys.
type focus int

const (
	focusSidebar focus = iota
	focusSchema
	focusItems
	focusQuery
	focusCapacity
	focusTTL
	focusStream
	focusLessons
)

// numFocus is how many places the keyboard can be.
const numFocus = int(focusLessons) + 1

// pane is a main pane (the tab row).
type pane int

const (
	paneSchema pane = iota
	paneItems
	paneQuery
	paneCapacity
	paneTTL
	paneStream
	paneLessons
)

// Minimum sizes the layout is designed for; smaller terminals get a note.
const (
	minWidth  = 80
	minHeight = 24
)

// Model is the explorer's root model: a sidebar of tables and indexes, a
// tab row of panes (1 Schema, 2 Items, 3 Query), a title bar, a status bar
// with the last request and its cost, and a help line.
type Model struct {
	api  engine.API
	opts Options
	st   Styles
	km   keymap.KeyMap
	help help.Model

	focus    focus
	pane     pane
	showHelp bool

	sidebar sidebar
	schema  schemaPane
	items   itemsPane
	query   queryPane
	item    *itemView   // open item, over the current pane
	live    *live       // capacity, TTL and stream panes, traffic, clock (live.go)
	lessons lessonsPane // tab 7 (lesson.go)
	modal   modal       // a form or confirmation over the pane (work.go)

	tables   []tableInfo
	loadErr  error
	loading  bool
	dirty    bool // the workspace changed while a load was running
	now      time.Time
	last     *engine.RequestRecord
	flash    string
	selSeq   int
	events   <-chan engine.Event
	unsub    func()
	w, h     int
	quitting bool
}

// New returns the explorer's root model over api.
func New(api engine.API, opts Options) *Model {
	st := DefaultStyles()
	km := keymap.DefaultKeyMap()
	if opts.Now == nil {
		if c, ok := api.(clocked); ok {
			clk := c.Clock()
			opts.Now = clk.Now
		} else {
			opts.Now = time.Now
		}
	}
	if opts.Copy == nil {
		opts.Copy = osc52Copy
	}
	h := help.New()
	h.ShortSeparator = " · "
	m := &Model{api: api, opts: opts, st: st, km: km, help: h, pane: paneSchema,
		sidebar: newSidebar(st, km),
		schema:  newSchemaPane(st, km),
		items:   newItemsPane(st, km, api, opts.PageSize),
		query:   newQueryPane(st, km, api, opts.Copy, opts.Serving),
		lessons: newLessonsPane(st, km, api),
		w:       120, h: 40,
	}
	m.now = opts.Now()
	m.live = newLive(st, km, api, opts.Live)
	m.live.file = opts.File
	if opts.Live {
		if es, ok := api.(eventSource); ok {
			m.events, m.unsub = es.Subscribe(liveEventBuffer)
		}
	}
	m.layout()
	return m
}

// Init loads the workspace and, when live, starts the tick and the event
// subscription.
func (m *Model) Init() tea.Cmd {
	m.loading = true
	cmds := []tea.Cmd{loadWorkspace(m.api), fetchLastRequest(m.api)}
	if m.opts.Live {
		cmds = append(cmds, tickCmd(m.opts.Now), waitLive(m.events, liveEventGap))
	}
	return tea.Batch(cmds...)
}

// Close ends the event subscription and stops generated traffic.
func (m *Model) Close() {
	m.live.Close()
	if m.unsub != nil {
		m.unsub()
		m.unsub = nil
	}
}

// capturing reports whether a text input has the keyboard, so global keys
// (digits, q, tab, ?) are typed rather than obeyed.
func (m *Model) capturing() bool {
	if m.modal != nil {
		return true
	}
	if m.live.prompt != nil {
		return true
	}
	switch m.focus {
	case focusItems:
		return m.item == nil && m.items.Filtering()
	case focusQuery:
		return m.item == nil && m.query.Editing()
	}
	return false
}

func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.layout()
		return m, tea.ClearScreen
	case workspaceMsg:
		return m, tea.Batch(m.onWorkspace(msg), m.liveFollow())
	case liveBatchMsg:
		return m, m.onLiveBatch(msg)
	case liveMsg:
		return m, tea.Batch(m.onLive(msg), m.liveFollow())
	case workMsg:
		return m, tea.Batch(m.onWork(msg), m.liveFollow())
	case tickMsg:
		m.now = msg.now
		cmds := []tea.Cmd{tickCmd(m.opts.Now)}
		if m.building() && !m.loading {
			m.loading = true
			cmds = append(cmds, loadWorkspace(m.api))
		}
		return m, tea.Batch(cmds...)
	case engineEventMsg:
		if !msg.ok {
			return m, nil
		}
		var cmd tea.Cmd
		if msg.ev.Request != nil {
			r := *msg.ev.Request
			m.last = &r
		}
		if msg.ev.Kind != engine.EventRequest || (msg.ev.Request != nil && !msg.ev.Request.Read) {
			cmd = m.reload()
		}
		return m, tea.Batch(cmd, waitEvent(m.events))
	case selectLoadMsg:
		if msg.seq != m.selSeq {
			return m, nil
		}
		return m, msg.load
	case lastRequestMsg:
		if msg.ok {
			r := msg.rec
			m.last = &r
		}
		return m, nil
	case pageMsg, sampleMsg, leftOutMsg:
		var cmd tea.Cmd
		m.items, cmd = m.items.Update(msg)
		return m, tea.Batch(cmd, m.afterRequest())
	case collectionsMsg:
		m.schema, _ = m.schema.Update(msg)
		return m, m.afterRequest()
	case queryMsg, copiedMsg:
		var cmd tea.Cmd
		m.query, cmd = m.query.Update(msg)
		return m, tea.Batch(cmd, m.afterRequest())
	case openItemMsg:
		m.item = newItemView(m.st, m.km, msg.tg)
		m.item.SetSize(m.paneSize())
		return m, loadItem(m.api, msg)
	case itemMsg:
		if m.item != nil {
			m.item.Update(msg)
		}
		return m, m.afterRequest()
	case tea.MouseMsg:
		return m, tea.Batch(m.routeToFocus(msg), m.liveFollow())
	case tea.KeyMsg:
		_, cmd := m.onKey(msg)
		return m, tea.Batch(cmd, m.liveFollow())
	}
	return m, nil
}

// afterRequest refreshes the status bar's last request when nothing streams
// events to it.
func (m *Model) afterRequest() tea.Cmd {
	if m.events != nil {
		return nil
	}
	return fetchLastRequest(m.api)
}

// reload asks for a fresh description of the workspace.
func (m *Model) reload() tea.Cmd {
	if m.loading {
		m.dirty = true
		return nil
	}
	m.loading = true
	return loadWorkspace(m.api)
}

// building reports whether an index or table is on its way to ACTIVE.
func (m *Model) building() bool {
	for _, t := range m.tables {
		if t.Desc.TableStatus != "ACTIVE" {
			return true
		}
		for _, g := range t.Desc.GlobalSecondaryIndexes {
			if g.IndexStatus != "ACTIVE" {
				return true
			}
		}
	}
	return false
}

func (m *Model) onWorkspace(msg workspaceMsg) tea.Cmd {
	m.loading = false
	var cmds []tea.Cmd
	if m.dirty {
		m.dirty = false
		m.loading = true
		cmds = append(cmds, loadWorkspace(m.api))
	}
	if msg.err != nil {
		m.loadErr = msg.err
		return tea.Batch(cmds...)
	}
	m.loadErr = nil
	m.tables = msg.tables
	m.sidebar.SetTables(m.tables)
	cmds = append(cmds, m.selectionChanged())
	return tea.Batch(cmds...)
}

// selectionChanged hands the sidebar's selection to the panes.
func (m *Model) selectionChanged() tea.Cmd {
	sel := m.sidebar.selected()
	schema := m.schema.SetTable(m.sidebar.info(), sel, m.api)
	items := m.items.SetTarget(sel)
	m.query.SetTarget(sel)
	// One after the other, so the engine sees the requests in a fixed order
	// (and the status bar's "last request" does not depend on a race).
	load := tea.Sequence(schema, items)
	if schema == nil && items == nil {
		return nil
	}
	if m.opts.SelectDelay <= 0 {
		return load
	}
	// Reading waits until the cursor rests: running through the sidebar
	// does not read every table passed.
	m.selSeq++
	seq := m.selSeq
	return tea.Tick(m.opts.SelectDelay, func(time.Time) tea.Msg { return selectLoadMsg{seq: seq, load: load} })
}

// selectLoadMsg runs the reads of a selection once the cursor has rested.
type selectLoadMsg struct {
	seq  int
	load tea.Cmd
}

func (m *Model) onKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	km := m.km
	if msg.Type == tea.KeyCtrlC {
		return m.quit()
	}
	if m.modal != nil {
		return m, m.updateModal(msg)
	}
	if cmd, ok := m.liveKey(msg); ok {
		return m, cmd
	}
	if m.capturing() {
		return m, m.routeToFocus(msg)
	}
	if m.showHelp {
		if key.Matches(msg, km.Help) || key.Matches(msg, km.Back) || key.Matches(msg, km.Quit) {
			m.showHelp = false
		}
		return m, nil
	}
	m.flash = ""
	if cmd, ok := m.workKey(msg); ok {
		return m, cmd
	}
	switch {
	case key.Matches(msg, km.Quit):
		return m.quit()
	case key.Matches(msg, km.Help):
		m.showHelp = true
		return m, nil
	case key.Matches(msg, km.Schema):
		m.item = nil
		m.setPane(paneSchema)
		return m, nil
	case key.Matches(msg, km.Items):
		m.item = nil
		m.setPane(paneItems)
		return m, nil
	case key.Matches(msg, km.Query):
		m.item = nil
		m.setPane(paneQuery)
		return m, nil
	case key.Matches(msg, km.Editing.Lessons):
		m.item = nil
		m.setPane(paneLessons)
		return m, nil
	case key.Matches(msg, km.NextFocus):
		m.cycleFocus(1)
		return m, nil
	case key.Matches(msg, km.PrevFocus):
		m.cycleFocus(-1)
		return m, nil
	}
	if m.item != nil && m.focus != focusSidebar {
		if key.Matches(msg, km.Back) {
			m.item = nil
			return m, nil
		}
		m.item.Update(msg)
		return m, nil
	}
	if m.focus == focusSidebar && key.Matches(msg, km.Open) {
		m.setPane(m.pane)
		if m.pane == paneSchema {
			m.setPane(paneItems)
		}
		return m, nil
	}
	if key.Matches(msg, km.Back) && m.focus != focusSidebar && !m.paneUsesEsc() {
		m.focus = focusSidebar
		return m, nil
	}
	return m, m.routeToFocus(msg)
}

// paneUsesEsc reports whether esc means something inside the focused pane
// (clearing a filter, leaving the left-out list).
func (m *Model) paneUsesEsc() bool {
	return m.focus == focusItems && (m.items.idx != nil || m.items.leftOut != nil)
}

func (m *Model) quit() (tea.Model, tea.Cmd) {
	m.quitting = true
	m.Close()
	return m, tea.Quit
}

// setPane shows a pane and gives it the keyboard.
func (m *Model) setPane(p pane) {
	m.pane = p
	m.focus = focus(int(p) + 1)
}

// cycleFocus moves the keyboard around sidebar → Schema → Items → Query →
// Capacity → TTL → Stream → Lessons.
func (m *Model) cycleFocus(dir int) {
	f := (int(m.focus) + dir + numFocus) % numFocus
	m.item = nil
	m.focus = focus(f)
	if m.focus != focusSidebar {
		m.pane = pane(f - 1)
	}
}

// routeToFocus gives a key or mouse message to whatever has the focus.
func (m *Model) routeToFocus(msg tea.Msg) tea.Cmd {
	if m.item != nil && m.focus != focusSidebar {
		m.item.Update(msg)
		return nil
	}
	var cmd tea.Cmd
	switch m.focus {
	case focusSidebar:
		var changed bool
		m.sidebar, changed = m.sidebar.Update(msg)
		if changed {
			cmd = m.selectionChanged()
		}
	case focusSchema:
		m.schema, cmd = m.schema.Update(msg)
	case focusItems:
		m.items, cmd = m.items.Update(msg)
	case focusQuery:
		m.query, cmd = m.query.Update(msg)
	case focusCapacity, focusTTL, focusStream:
		cmd = m.live.Update(msg)
	case focusLessons:
		m.lessons, cmd = m.lessons.Update(msg)
	}
	return cmd
}

// sidebarWidth is the sidebar's share of the width.
func (m *Model) sidebarWidth() int {
	switch {
	case m.w >= 140:
		return 34
	case m.w >= 110:
		return 30
	}
	return 26
}

// paneSize is the inner size of the main pane.
func (m *Model) paneSize() (int, int) {
	w := m.w - m.sidebarWidth() - 2
	h := m.h - 3 - 2 // title, status, help; box borders
	if w < 10 {
		w = 10
	}
	if h < 3 {
		h = 3
	}
	return w, h
}

func (m *Model) layout() {
	bodyH := m.h - 3
	if bodyH < 4 {
		bodyH = 4
	}
	m.sidebar.SetSize(m.sidebarWidth(), bodyH)
	w, h := m.paneSize()
	m.schema.SetSize(w, h)
	m.items.SetSize(w, h)
	m.query.SetSize(w, h)
	m.live.SetSize(w, h)
	m.lessons.SetSize(w, h)
	if m.modal != nil {
		m.modal.SetSize(w, h)
	}
	if m.item != nil {
		m.item.SetSize(w, h)
	}
	m.help.Width = m.w
}
