package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/clock"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/query"
)

// openModal shows a form or question over the main pane; it acts on w.
func (m *Model) openModal(w *workspace, md forms.Modal) {
	m.modal, m.modalWS = md, w
	m.modal.SetSize(m.paneSize())
}

// updateModal gives the open form a message.
func (m *Model) updateModal(msg tea.Msg) tea.Cmd {
	if m.modal == nil {
		return nil
	}
	var cmd tea.Cmd
	m.modal, cmd = m.modal.Update(msg)
	if m.modal != nil {
		m.modal.SetSize(m.paneSize())
	}
	return route(m.modalWS, toModal, cmd)
}

// onModalMsg takes a message a form's command returned: the form sees it
// first, then the root does what follows from it.
func (m *Model) onModalMsg(w *workspace, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case routed:
		return m.onRouted(msg) // a question's answer, for whoever asked
	case forms.DoneMsg:
		var cmd tea.Cmd
		if m.modal != nil && m.modalWS == w {
			cmd = m.updateModal(msg)
		}
		return tea.Batch(cmd, m.afterDone(w, msg))
	case forms.EditReadyMsg:
		return forms.RunEditor(msg)
	}
	if m.modal != nil && m.modalWS == w {
		return m.updateModal(msg)
	}
	return nil
}

// afterDone reads again what a successful request changed and says what
// happened; a rejected $EDITOR edit opens the error, or the question of an
// item that changed meanwhile, with the text kept (forms.Failed).
func (m *Model) afterDone(w *workspace, msg forms.DoneMsg) tea.Cmd {
	if msg.Err != nil {
		if md := forms.Failed(m.st, m.km, msg); md != nil && m.modal == nil {
			m.openModal(w, md)
		}
		return w.fetchLast()
	}
	if msg.Note != "" {
		m.flash = msg.Note
	}
	if b := forms.NoteOf(msg); b != nil {
		w.buildNote = b
	}
	if msg.Deleted {
		w.item = nil
	}
	cmds := []tea.Cmd{w.fetchLast(), w.reloadTable(msg.Table), w.changed(msg.Table)}
	switch {
	case msg.SelectTable != "":
		cmds = append(cmds, w.load(msg.SelectTable, msg.SelectIndex))
	case msg.Table != "":
		cmds = append(cmds, w.reload())
	}
	return tea.Batch(cmds...)
}

// edit opens the form, question or editor an item edit asks for
// (forms.ForEdit); a read-only backend refuses it, and on a remote one
// that may write, an edit of an existing item asks for the table's name
// first.
func (m *Model) edit(w *workspace, msg kit.EditMsg) tea.Cmd {
	if m.refuseWrite(w) {
		return nil
	}
	if m.mustType(w) && (msg.Op == kit.EditInEditor || msg.Op == kit.EditAttr) {
		m.openModal(w, forms.NewEditGate(m.st, m.km, msg, m.where(w, msg.Target.Desc), routed{ws: w, to: toRoot, msg: typedMsg{edit: &msg}}))
		return nil
	}
	return m.doEdit(w, msg)
}

// doEdit opens the form or question of an item edit over the pane, or
// runs what gets the editor's file ready.
func (m *Model) doEdit(w *workspace, msg kit.EditMsg) tea.Cmd {
	md, cmd := forms.ForEdit(m.st, m.km, w.api, msg, m.gate(w))
	if md != nil {
		m.openModal(w, md)
	}
	return route(w, toModal, cmd)
}

// manage opens the form or question a table or index change asks for
// (forms.ForManage); a read-only backend refuses it.
func (m *Model) manage(w *workspace, msg kit.ManageMsg) tea.Cmd {
	if m.refuseWrite(w) {
		return nil
	}
	return m.doManage(w, msg)
}

// doManage opens the form or question of a table or index change.
func (m *Model) doManage(w *workspace, msg kit.ManageMsg) tea.Cmd {
	if md := forms.ForManage(m.st, m.km, w.api, msg, m.gate(w)); md != nil {
		m.openModal(w, md)
	}
	return nil
}

// gate is how w confirms a destructive change: on a remote backend that
// may write, by the table's name typed.
func (m *Model) gate(w *workspace) forms.Gate {
	return forms.Gate{Typed: m.mustType(w), Where: func(d *model.TableDescription) []string { return m.where(w, d) },
		Place: m.place(w), Remote: w.loc != nil}
}

// place says where w's tables live, for a question before a destructive
// change: the workspace file, memory, or the remote endpoint.
func (m *Model) place(w *workspace) string {
	switch {
	case w.loc != nil:
		return "On the remote endpoint: the real table."
	case w.file != "":
		return "It is in the workspace file " + w.file + ": the change is written there and stays."
	}
	return "It is in the in-memory workspace (" + w.label + "): nothing on disk changes, and all of it is gone when the explorer quits."
}

// onWorkspaceMsg adds a workspace (a lesson's copy), or drops one and
// closes it.
func (m *Model) onWorkspaceMsg(msg kit.WorkspaceMsg) tea.Cmd {
	if msg.Closed {
		for i, o := range m.others {
			if o.api != msg.API {
				continue
			}
			o.close()
			m.others = append(m.others[:i], m.others[i+1:]...)
			var cmd tea.Cmd
			if m.ws == o {
				cmd = m.switchTo(m.home)
			}
			if msg.Close != nil {
				closeFn := msg.Close
				cmd = tea.Batch(cmd, func() tea.Msg { closeFn(); return nil })
			}
			return cmd
		}
		if msg.Close != nil {
			closeFn := msg.Close
			return func() tea.Msg { closeFn(); return nil }
		}
		return nil
	}
	if m.wsOf(msg.API) != m.home {
		return nil
	}
	w := m.newWorkspace(msg.API, msg.Label, msg.File)
	w.short = "lesson copy"
	w.closer = msg.Close
	m.others = append(m.others, w)
	m.layout()
	cmds := []tea.Cmd{w.load("", ""), w.fetchLast()}
	if m.opts.Live {
		cmds = append(cmds, m.waitEvents(w, liveEventGap))
	}
	return tea.Batch(cmds...)
}

// workspaceFor is the workspace a message from elsewhere names (nil API:
// the one on screen), added when it is new.
func (m *Model) workspaceFor(ws kit.Workspace) (*workspace, tea.Cmd) {
	if ws.API == nil {
		return m.ws, nil
	}
	if w := m.wsOf(ws.API); w.api == ws.API {
		return w, nil
	}
	cmd := m.onWorkspaceMsg(kit.WorkspaceMsg{Workspace: ws})
	return m.wsOf(ws.API), cmd
}

// switchTo shows workspace w.
func (m *Model) switchTo(w *workspace) tea.Cmd {
	if w == m.ws {
		return nil
	}
	m.ws = w
	m.flash = ""
	m.now = m.clockNow()
	return tea.Batch(w.reload(), w.fetchLast())
}

// openQuery fills the query builder of the workspace named with a request
// and runs it there.
func (m *Model) openQuery(msg kit.OpenQueryMsg) tea.Cmd {
	w, add := m.workspaceFor(msg.Workspace)
	table, index := requestTarget(msg.In)
	if table == "" {
		return add
	}
	load := func() tea.Msg {
		tables, err := kit.DescribeAll(w.api)
		return workspaceMsg{tables: tables, err: err, selectTable: table, selectIndex: index}
	}
	m.pane, m.onSidebar = paneQuery, false
	return tea.Batch(add, m.switchTo(w), route(w, toRoot, func() tea.Msg {
		ws, _ := load().(workspaceMsg)
		return openMsg{ws: ws, in: msg.In, noRun: msg.NoRun}
	}))
}

// searchLike shows 3 Query's Vector mode searching for items like one
// ("more like this" from 2 Items), reading the whole item first when what
// the pane had was an index entry.
func (m *Model) searchLike(w *workspace, msg kit.SearchLikeMsg) tea.Cmd {
	if !msg.Whole {
		return route(w, toRoot, msg.ReadWhole(w.api))
	}
	w.item = nil
	m.pane, m.onSidebar = paneQuery, false
	return tea.Batch(route(w, toPaneOf(paneQuery), w.query.SearchLike(msg.Target, msg.Item)), m.showLive())
}

// openItems browses a table or index of the workspace named, on its
// left-out list if asked.
func (m *Model) openItems(from *workspace, msg kit.OpenItemsMsg) tea.Cmd {
	w, add := from, tea.Cmd(nil)
	if msg.Workspace.API != nil {
		w, add = m.workspaceFor(msg.Workspace)
	}
	m.pane, m.onSidebar = paneItems, false
	api := w.api
	return tea.Batch(add, m.switchTo(w), route(w, toRoot, func() tea.Msg {
		tables, err := kit.DescribeAll(api)
		return openMsg{ws: workspaceMsg{tables: tables, err: err, selectTable: msg.Table, selectIndex: msg.Index}, leftOut: msg.LeftOut}
	}))
}

// openPatterns shows the Patterns pane of the workspace named (a
// lesson's copy), which checks its patterns as it comes on screen.
func (m *Model) openPatterns(from *workspace, msg kit.OpenPatternsMsg) tea.Cmd {
	w, add := from, tea.Cmd(nil)
	if msg.Workspace.API != nil {
		w, add = m.workspaceFor(msg.Workspace)
	}
	w.item = nil
	m.pane, m.onSidebar = panePatterns, false
	return tea.Batch(add, m.switchTo(w), m.showLive())
}

// openMsg: the workspace is read again, with what to select and open.
type openMsg struct {
	ws      workspaceMsg
	in      any  // a request for the query builder
	noRun   bool // shown, not run
	leftOut bool
}

// onOpen selects what an open asked for and opens it.
func (m *Model) onOpen(w *workspace, msg openMsg) tea.Cmd {
	cmd := m.onWorkspace(w, msg.ws)
	sel := w.sidebar.Selected()
	if sel.Table() != msg.ws.selectTable {
		m.flash = "no table " + msg.ws.selectTable + " in this workspace"
		return cmd
	}
	w.item = nil
	switch {
	case msg.in != nil:
		// the builder shows the request now; its reads follow the selection
		w.query.SetTarget(sel, w.sidebar.Info())
		w.query.LoadRequest(sel, msg.in)
		if msg.noRun {
			return cmd
		}
		return tea.Batch(cmd, route(w, toPaneOf(paneQuery), w.query.Run()))
	case msg.leftOut && msg.ws.selectIndex != "":
		w.items.SetTarget(sel, w.sidebar.Info())
		return tea.Batch(cmd, route(w, toPaneOf(paneItems), w.items.OpenLeftOut()))
	}
	return cmd
}

// reloadMsg asks for the workspace to be read again (after a wait).
type reloadMsg struct{}

// requestTarget is the table and index a request for the query builder
// works on (a Query, a Scan, a statement, a transaction).
func requestTarget(in any) (string, string) { return query.RequestTarget(in) }

// onClock takes the clock's state after a control: the status bar shows
// its time and note, and after a jump the pane on screen and the tables
// are read again (what the jump expired and deleted shows at once).
func (m *Model) onClock(w *workspace, msg clock.StateMsg) tea.Cmd {
	w.clock.Set(msg)
	if w != m.ws {
		return nil
	}
	m.now = msg.Now
	if m.opts.Now != nil {
		m.now = m.opts.Now()
	}
	m.flash = msg.Note
	if !msg.Jumped {
		return nil
	}
	var cmds []tea.Cmd
	for p, pn := range w.panes {
		if r, ok := pn.(interface{ Refresh() tea.Cmd }); ok && pane(p) == m.pane {
			cmds = append(cmds, route(w, toPaneOf(pane(p)), r.Refresh()))
		}
	}
	return tea.Batch(append(cmds, w.reload())...)
}

// buildDone replaces the note that an index of w is being built, once the
// tables read say it is ACTIVE (or gone).
func (m *Model) buildDone(w *workspace) {
	b := w.buildNote
	if b == nil {
		return
	}
	over, flash := b.Over(w.tables)
	if !over {
		return
	}
	w.buildNote = nil
	if w == m.ws && m.flash == b.Note {
		m.flash = flash
	}
}
