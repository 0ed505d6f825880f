package ui

import (
	"context"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/model"
)

// Editing (edit*.go), table and index management (manage*.go) and the
// lessons pane (lesson*.go) hook into the root model here: a modal form,
// prompt or confirmation drawn over the main pane, the keys that open one,
// and the messages their engine calls come back with. Every change goes
// through the engine's actions (PutItem, UpdateItem, DeleteItem,
// CreateTable, UpdateTable, UpdateTimeToLive), so validation, index
// maintenance, capacity and streams behave as for any client, and a
// rejected request shows DynamoDB's error verbatim.

// modal is a form, prompt or confirmation over the main pane. It has the
// keyboard until Update returns nil.
type modal interface {
	Update(msg tea.Msg) (modal, tea.Cmd)
	View() string
	SetSize(w, h int)
	Keys() help.KeyMap
}

// workMsg marks the messages of editing, management and lessons; the root
// hands them to onWork.
type workMsg interface{ work() }

// doneMsg is the outcome of a request a modal or an edit sent. On success
// the root reloads what changed and says what happened in the status bar;
// the modal decides itself whether to stay open (it shows err when the
// request was rejected).
type doneMsg struct {
	err   error
	note  string // what happened ("PutItem schema-demo pk=ZUZ001")
	table string // the table that changed ("" when none did)
	// selectIndex, with table, moves the sidebar to what was just created.
	selectTable, selectIndex string
	deleted                  bool       // an item was deleted: close its item view
	edit                     *editState // an $EDITOR edit, kept for another try when rejected
}

func (doneMsg) work() {}

// reselectMsg is a fresh workspace after a change, with what to select.
type reselectMsg struct {
	ws           workspaceMsg
	table, index string
}

func (reselectMsg) work() {}

// onWork handles a work message: the open modal sees it first, then the
// root does what follows from it.
func (m *Model) onWork(msg workMsg) tea.Cmd {
	var cmds []tea.Cmd
	if m.modal != nil {
		var cmd tea.Cmd
		m.modal, cmd = m.modal.Update(msg)
		if m.modal != nil {
			m.modal.SetSize(m.paneSize())
		}
		cmds = append(cmds, cmd)
	}
	switch msg := msg.(type) {
	case doneMsg:
		cmds = append(cmds, m.afterDone(msg))
	case reselectMsg:
		cmds = append(cmds, m.onWorkspace(msg.ws))
		if m.sidebar.selectByName(msg.table, msg.index) {
			cmds = append(cmds, m.selectionChanged())
		}
	case editReadyMsg:
		cmds = append(cmds, runEditor(msg))
	case editedMsg:
		cmds = append(cmds, applyEdit(m.api, msg))
	case lessonMsg:
		var cmd tea.Cmd
		m.lessons, cmd = m.lessons.Update(msg)
		cmds = append(cmds, cmd, m.afterRequest())
		if msg.res != nil && msg.res.changed {
			cmds = append(cmds, m.reload(), m.reloadItems(m.lessons.all[msg.li].table))
		}
	case openQueryMsg:
		cmds = append(cmds, m.openQuery(msg))
	case openItemsMsg:
		cmds = append(cmds, m.openItems(msg))
	}
	return tea.Batch(cmds...)
}

// afterDone reloads what a successful request changed and says what
// happened; a rejected $EDITOR edit opens the error with the text kept.
func (m *Model) afterDone(msg doneMsg) tea.Cmd {
	if msg.err != nil {
		if msg.edit != nil && m.modal == nil {
			m.modal = newEditFailed(m.st, m.km, msg.edit, asModelError(msg.err))
			m.modal.SetSize(m.paneSize())
		}
		return m.afterRequest()
	}
	m.flash = msg.note
	if msg.deleted {
		m.item = nil
	}
	cmds := []tea.Cmd{m.afterRequest(), m.reloadItems(msg.table)}
	if msg.selectTable != "" {
		api, table, index := m.api, msg.selectTable, msg.selectIndex
		load := loadWorkspace(api)
		m.loading = true
		cmds = append(cmds, func() tea.Msg {
			ws, _ := load().(workspaceMsg)
			return reselectMsg{ws: ws, table: table, index: index}
		})
	} else if msg.table != "" {
		cmds = append(cmds, m.reload())
	}
	return tea.Batch(cmds...)
}

// reloadItems reads the items pane again, and the open item, when they
// show table ("" for whatever they show).
func (m *Model) reloadItems(table string) tea.Cmd {
	var cmds []tea.Cmd
	if p := &m.items; p.tg.valid() && (table == "" || p.tg.table() == table) {
		open := p.leftOut != nil
		cur, top, first := p.cursor, p.top, p.first
		cmds = append(cmds, p.reload())
		if first == 0 && cur < p.pageSize {
			// stay on the row that was edited (the first page is read again)
			p.cursor, p.top = cur, top
		}
		if open {
			cmds = append(cmds, p.openLeftOut())
		}
	}
	if v := m.item; v != nil && v.ready && v.err == nil && (table == "" || v.tg.table() == table) {
		key := keyOf(v.item, v.tg.tableKeyNames()...)
		cmds = append(cmds, loadItem(m.api, openItemMsg{tg: v.tg, item: key}))
	}
	return tea.Batch(cmds...)
}

// openModal shows a modal over the main pane.
func (m *Model) openModal(md modal) {
	m.modal = md
	m.modal.SetSize(m.paneSize())
}

// updateModal gives the open modal a key.
func (m *Model) updateModal(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	m.modal, cmd = m.modal.Update(msg)
	return cmd
}

// workKey opens the modal or starts the edit a key asks for, where it
// applies: item keys in the items pane and the item view, table and index
// keys in the sidebar and the schema pane.
func (m *Model) workKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	ek := m.km.Editing
	switch {
	case m.onItems():
		tg, it, ok := m.editTarget()
		switch {
		case key.Matches(msg, ek.NewItem):
			if !tg.valid() {
				return nil, false
			}
			return prepareNew(tg), true
		case !ok:
			return nil, false
		case key.Matches(msg, ek.EditItem):
			return prepareEdit(m.api, tg, it), true
		case key.Matches(msg, ek.SetAttr):
			m.openModal(newAttrPrompt(m.st, m.km, m.api, tg, it))
			return nil, true
		case key.Matches(msg, ek.DeleteItem):
			m.openModal(newDeleteConfirm(m.st, m.km, m.api, tg, it))
			return nil, true
		}
	case m.focus == focusSidebar || m.focus == focusSchema:
		return m.manageKey(msg)
	}
	return nil, false
}

// onItems reports whether the item keys apply: the items pane (browsing,
// not filtering) or an open item view has the keyboard.
func (m *Model) onItems() bool {
	if m.item != nil {
		return m.focus != focusSidebar
	}
	return m.focus == focusItems && !m.items.filtering
}

// editTarget is the item under the cursor (at least its table key) and the
// table it is in.
func (m *Model) editTarget() (target, model.Item, bool) {
	if v := m.item; v != nil {
		tg := target{desc: v.tg.desc}
		if !v.ready || v.err != nil {
			return tg, nil, false
		}
		return tg, keyOf(v.item, tg.tableKeyNames()...), true
	}
	p := &m.items
	tg := target{desc: p.tg.desc}
	if lo := p.leftOut; lo != nil {
		if lo.cursor < 0 || lo.cursor >= len(lo.items) {
			return tg, nil, false
		}
		return tg, lo.items[lo.cursor].Key, true
	}
	it, ok := p.current()
	if !ok {
		return tg, nil, false
	}
	return tg, keyOf(it, tg.tableKeyNames()...), true
}

// workKeys adds the editing or management bindings that apply to what has
// the keyboard to its help.
func (m *Model) workKeys(base help.KeyMap) help.KeyMap {
	ek := m.km.Editing
	switch {
	case m.onItems():
		_, _, ok := m.editTarget()
		e, a, d := ek.EditItem, ek.SetAttr, ek.DeleteItem
		e.SetEnabled(ok)
		a.SetEnabled(ok)
		d.SetEnabled(ok)
		return extraKeys{base: base, short: []key.Binding{e, d}, full: []key.Binding{ek.NewItem, e, a, d}}
	case m.focus == focusSidebar || m.focus == focusSchema:
		ks := m.manageBindings()
		return extraKeys{base: base, short: ks, full: ks}
	}
	return base
}

// extraKeys is a pane's help with more bindings after its own.
type extraKeys struct {
	base        help.KeyMap
	short, full []key.Binding
}

func (k extraKeys) ShortHelp() []key.Binding { return append(k.base.ShortHelp(), k.short...) }

func (k extraKeys) FullHelp() [][]key.Binding { return append(k.base.FullHelp(), k.full) }

// keysOf is a help.KeyMap of fixed bindings (for modals).
type keysOf []key.Binding

func (k keysOf) ShortHelp() []key.Binding  { return k }
func (k keysOf) FullHelp() [][]key.Binding { return [][]key.Binding{k} }

// bg is the context of every engine call the editing and management code
// makes (the explorer has no request deadlines).
var bg = context.Background()
