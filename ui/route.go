package ui

import (
	"reflect"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/ui/clock"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/items"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/quit"
	"github.com/dynoscope/dynoscope/ui/remote"
	"github.com/dynoscope/dynoscope/ui/sidebar"
	"github.com/dynoscope/dynoscope/ui/transfer"
)

// Every message the root takes is in this file: Update (what Bubble Tea
// sends), onRouted (what a component's command returned, on its way back to
// that component), onRootMsg (the root's own: loads, events, clock ticks,
// typed confirmations) and onKit (what a component announces for the root:
// kit's messages and those of sidebar, clock and remote). The package doc
// draws the flow.

// dest is what a routed message is for.
type dest int

const (
	toRoot dest = iota
	toSidebar
	toItem
	toModal
	toLessons
	toClock
	toSurvey
	toCopier
	toPane // + the pane's number
)

// routed is a message one of the workspace's components asked for, on its
// way back to that component (or to the root, for the messages in kit).
// Every command a component returns is wrapped so: a workspace not on
// screen still gets its own messages, and never another's.
type routed struct {
	ws  *workspace // nil: the root's own or the lessons pane's
	to  dest
	msg tea.Msg
}

// teaPkg is Bubble Tea's package: its own messages go through unrouted.
var teaPkg = reflect.TypeOf(tea.BatchMsg{}).PkgPath()

// route wraps cmd so the message it returns comes back to (ws, to);
// batches are wrapped command by command.
func route(ws *workspace, to dest, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg {
		msg := cmd()
		switch m := msg.(type) {
		case nil:
			return nil
		case tea.BatchMsg:
			out := make(tea.BatchMsg, 0, len(m))
			for _, c := range m {
				if c != nil {
					out = append(out, route(ws, to, c))
				}
			}
			return out
		case routed:
			return m
		}
		if t := reflect.TypeOf(msg); t.PkgPath() == teaPkg || (t.Kind() == reflect.Pointer && t.Elem().PkgPath() == teaPkg) {
			return msg
		}
		return routed{ws: ws, to: to, msg: msg}
	}
}

// toPaneOf is the destination of pane p.
func toPaneOf(p pane) dest { return toPane + dest(p) }

// Update routes a message: the routed ones to the component that asked
// for them (or to the root for kit's), keys and the wheel to what has the
// keyboard, a click to what is under it (mouse.go), sizes to everything.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.layout()
		return m, nil
	case tea.BackgroundColorMsg:
		*m.st = *kit.NewStyles(msg.IsDark())
		m.help.Styles = help.DefaultStyles(msg.IsDark())
		return m, nil
	case tickMsg:
		m.now = m.clockNow()
		cmds := []tea.Cmd{m.tick(), m.ws.fetchTotals()}
		if m.ws.building() && !m.ws.loading && (m.ws.loc == nil || time.Since(m.ws.lastLoad) >= remoteBuildReload) {
			cmds = append(cmds, m.ws.load("", ""))
		}
		return m, tea.Batch(cmds...)
	case routed:
		return m, m.onRouted(msg)
	case forms.EditedMsg:
		return m, route(m.wsOf(msg.Ed.API), toModal, forms.ApplyEdit(msg))
	case tea.PasteMsg:
		return m, tea.Batch(m.onPaste(msg), m.showLive())
	case tea.KeyPressMsg:
		return m, tea.Batch(m.onKey(msg), m.showLive())
	case tea.MouseWheelMsg:
		return m, m.toFocus(msg)
	case tea.MouseClickMsg:
		return m, tea.Batch(m.onClick(msg), m.showLive())
	}
	return m, nil
}

// onRouted delivers a routed message.
func (m *Model) onRouted(r routed) tea.Cmd {
	w := r.ws
	if w != nil && !m.alive(w) {
		return nil // a workspace dropped meanwhile
	}
	if cmd, ok := m.onKit(w, r.to, r.msg); ok {
		return tea.Batch(cmd, m.showLive())
	}
	switch r.to {
	case toRoot:
		return m.onRootMsg(w, r.msg)
	case toSidebar:
		return route(w, toSidebar, w.sidebar.Update(r.msg))
	case toLessons:
		return route(nil, toLessons, m.lessons.Update(r.msg))
	case toClock:
		return route(w, toClock, w.clock.Update(r.msg))
	case toSurvey:
		return route(w, toSurvey, w.survey.Update(r.msg))
	case toCopier:
		return route(w, toCopier, m.copier.Update(r.msg))
	}
	// A component's request came back: the status bar shows it (when no
	// event stream does).
	last := w.fetchLast()
	switch r.to {
	case toItem:
		if w.item == nil {
			return last
		}
		return tea.Batch(route(w, toItem, w.item.Update(r.msg)), last)
	case toModal:
		return tea.Batch(m.onModalMsg(w, r.msg), last)
	}
	p := pane(r.to - toPane)
	if p < 0 || int(p) >= len(w.panes) || w.panes[p] == nil {
		return last
	}
	return tea.Batch(route(w, r.to, w.panes[p].Update(r.msg)), last)
}

// onRootMsg handles the root's own messages of a workspace.
func (m *Model) onRootMsg(w *workspace, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case workspaceMsg:
		return tea.Batch(m.onWorkspace(w, msg), m.showLive())
	case selectLoadMsg:
		if msg.seq != w.selSeq {
			return nil
		}
		return msg.load
	case lastRequestMsg:
		if msg.ok && msg.seq == w.lastSeq {
			r := msg.rec
			w.last = &r
		}
	case kit.EventBatch:
		return m.onEvents(w, msg)
	case reloadMsg:
		return w.reload()
	case openMsg:
		return tea.Batch(m.onOpen(w, msg), m.showLive())
	case totalsMsg:
		w.totals = msg.t
	case quit.MarkMsg:
		m.mark = &msg.Mark
	case quit.CheckMsg:
		return m.onQuitCheck(msg)
	case quitMsg:
		return m.quit()
	case reopenedMsg:
		return tea.Batch(m.onReopened(msg), m.showLive())
	case typedMsg:
		if msg.edit != nil {
			return m.doEdit(w, *msg.edit)
		}
		return m.doManage(w, *msg.manage)
	}
	return nil
}

// onKit does what a kit message from a component of workspace w asks; ok
// is false for any other message. (The lessons pane's messages come with
// no workspace: they are about a lesson's copy.)
func (m *Model) onKit(w *workspace, from dest, msg tea.Msg) (tea.Cmd, bool) {
	if w == nil {
		w = m.ws
		if eng := m.lessons.Copy(); eng != nil {
			w = m.wsOf(eng)
		}
	}
	switch msg := msg.(type) {
	case kit.OpenItemMsg:
		v, load := items.NewItemView(m.st, m.km, w.api, msg)
		v.SetSize(m.paneSize())
		w.item = v
		return route(w, toItem, load), true
	case kit.FlashMsg:
		m.flash = msg.Text
		return nil, true
	case kit.ChangedMsg:
		if msg.Note != "" {
			m.flash = msg.Note
		}
		return tea.Batch(w.reload(), w.reloadTable(msg.Table), w.fetchLast(), w.changed(msg.Table)), true
	case kit.SelectMsg:
		return w.load(msg.Table, msg.Index), true
	case kit.ConfirmMsg:
		then := msg.Then
		q := forms.NewQuestion(m.st, m.km, msg.Title, msg.Yes, msg.Body, routed{ws: w, to: from, msg: then})
		if m.mustType(w) && msg.Table != "" {
			q.RequireTyped(msg.Table, m.where(w, m.descOf(w, msg.Table)))
		}
		m.openModal(w, q)
		return nil, true
	case kit.EditMsg:
		return m.edit(w, msg), true
	case kit.ManageMsg:
		return m.manage(w, msg), true
	case kit.WorkspaceMsg:
		return m.onWorkspaceMsg(msg), true
	case kit.OpenQueryMsg:
		return m.openQuery(msg), true
	case kit.OpenItemsMsg:
		return m.openItems(w, msg), true
	case kit.SearchLikeMsg:
		return m.searchLike(w, msg), true
	case kit.OpenPatternsMsg:
		return m.openPatterns(w, msg), true
	case kit.ExportMsg:
		d, cmd := transfer.NewExport(m.st, m.km, w.api, msg)
		m.openModal(w, d)
		return route(w, toModal, cmd), true
	case kit.ImportMsg:
		var where []string
		if w.loc != nil {
			where = m.where(w, msg.Desc)
		}
		d, cmd := transfer.NewImport(m.st, m.km, w.api, msg, w.file, where)
		if d != nil {
			m.openModal(w, d)
		}
		return route(w, toModal, cmd), true
	case kit.ReopenMsg:
		return m.reopen(msg.Loc), true
	case kit.SurveyMsg:
		return route(w, toSurvey, w.survey.Ask(msg.Table)), true
	case kit.StopSurveyMsg:
		return route(w, toSurvey, w.survey.Stop()), true
	case remote.SurveyMsg:
		return m.onSurvey(w, msg), true
	case remote.AskCopyMsg:
		then := msg.Then
		m.openModal(w, forms.NewCopyForm(m.st, m.km, msg.Title, msg.Limit, msg.Name, msg.About, func(n int, target string) tea.Msg {
			return routed{ws: w, to: toCopier, msg: then(n, target)}
		}))
		return nil, true
	case remote.CopiedMsg:
		return m.onCopied(w, msg), true
	case remote.SandboxMsg:
		return m.onSandbox(msg), true
	case clock.StateMsg:
		return m.onClock(w, msg), true
	case sidebar.OpenMsg:
		m.onSidebar = false
		if m.pane == paneSchema || m.pane == paneLessons {
			m.pane = paneItems
		}
		return nil, true
	}
	return nil, false
}
