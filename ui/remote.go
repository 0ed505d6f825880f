package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/remote"
)

// What the root does for a remote workspace (AWS, or any DynamoDB-
// compatible endpoint): writes are refused with one line while the
// backend is read-only, and with --write the destructive ones name the
// table, region and account and ask for the table's name to be typed.
// The survey (S) and the copy into the sandbox (C) are ui/remote's
// components; the root routes their messages and does what they announce.

// refuseWrite flashes why w refuses writes; it reports whether it did.
func (m *Model) refuseWrite(w *workspace) bool {
	if why := kit.ReadOnly(w.api); why != "" {
		m.flash = why
		return true
	}
	return false
}

// mustType reports whether a destructive action on w asks for the table's
// name to be typed: a remote backend that may write.
func (m *Model) mustType(w *workspace) bool { return w.loc != nil && w.loc.Write }

// where names a remote table of w for a typed confirmation.
func (m *Model) where(w *workspace, d *model.TableDescription) []string {
	return remote.Where(w.loc, d)
}

// descOf is the description of a table of w as last read (nil when it is
// not listed).
func (m *Model) descOf(w *workspace, table string) *model.TableDescription {
	for _, t := range w.tables {
		if t.Desc.TableName == table {
			return t.Desc
		}
	}
	return nil
}

// typedMsg: the table's name was typed; the edit or change goes on.
type typedMsg struct {
	edit   *kit.EditMsg
	manage *kit.ManageMsg
}

// totalsMsg carries what a remote backend consumed so far.
type totalsMsg struct{ t remoteapi.Totals }

// onSurvey keeps a table's survey in the sidebar's table info and hands
// it to the panes that show it.
func (m *Model) onSurvey(w *workspace, msg remote.SurveyMsg) tea.Cmd {
	if msg.Note != "" {
		m.flash = msg.Note
	}
	st := msg.State
	for i := range w.tables {
		if w.tables[i].Desc.TableName == st.Table {
			w.tables[i].Survey = st
		}
	}
	var cmds []tea.Cmd
	for p, pn := range w.panes {
		if s, ok := pn.(kit.SurveySink); ok {
			cmds = append(cmds, route(w, toPaneOf(pane(p)), s.SetSurvey(st)))
		}
	}
	return tea.Batch(cmds...)
}

// askCopy asks the copier about a copy of the selected table of the
// workspace on screen (with the request 3 Query has built, when it is on
// screen).
func (m *Model) askCopy() tea.Cmd {
	w := m.ws
	src := remote.Source{API: w.api, Loc: w.loc}
	if sel := w.sel(); sel.Valid() {
		src.Table = sel.Desc
	}
	if m.pane == paneQuery && !m.onSidebar {
		src.Request, _ = w.query.Request()
	}
	if sw := m.sandboxWorkspace(); sw != nil {
		src.Taken = func(table string) bool { return m.descOf(sw, table) != nil }
	}
	return route(w, toCopier, m.copier.Ask(src))
}

// sandboxWorkspace is the sandbox's workspace, once it is open.
func (m *Model) sandboxWorkspace() *workspace {
	eng := m.copier.Sandbox()
	if eng == nil {
		return nil
	}
	for _, o := range m.others {
		if o.api == engine.API(eng) {
			return o
		}
	}
	return nil
}

// addSandbox shows the sandbox beside the other workspaces (once).
func (m *Model) addSandbox(eng *engine.Engine) (*workspace, tea.Cmd) {
	if sw := m.sandboxWorkspace(); sw != nil {
		return sw, nil
	}
	cmd := m.onWorkspaceMsg(kit.WorkspaceMsg{Workspace: kit.Workspace{API: eng, Label: m.opts.SandboxLabel, File: m.opts.SandboxFile}})
	sw := m.sandboxWorkspace()
	sw.short = "sandbox"
	return sw, cmd
}

// onCopied opens the copy in the sandbox, or says why there is none.
func (m *Model) onCopied(w *workspace, msg remote.CopiedMsg) tea.Cmd {
	if msg.Err != nil {
		m.openModal(w, forms.NewQuestion(m.st, m.km, "The copy of "+msg.Source+" failed", "close", []string{
			kit.AsModelError(msg.Err).Error(), "", "Nothing was copied: the sandbox holds no part of it."}, nil))
		return nil
	}
	sw, add := m.addSandbox(msg.Sandbox)
	cmds := []tea.Cmd{add, m.switchTo(sw), sw.load(msg.Report.Target, "")}
	m.flash = msg.Note + " · ctrl+o: back to " + w.short
	m.pane, m.onSidebar = paneSchema, true
	return tea.Batch(cmds...)
}

// onSandbox shows the sandbox opened at start, or says why it is not.
func (m *Model) onSandbox(msg remote.SandboxMsg) tea.Cmd {
	if msg.Err != nil {
		m.flash = msg.Note
		return nil
	}
	m.copier.Opened(msg.Sandbox)
	_, cmd := m.addSandbox(msg.Sandbox)
	return cmd
}
