package ui

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remote"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// What only a remote workspace does (AWS, or any DynamoDB-compatible
// endpoint, through engine/remote):
//
//   - writes are refused with one line while the backend is read-only, and
//     with --write the destructive ones name the table, region and account
//     and ask for the table's name to be typed;
//   - the status bar shows what the explorer consumed (on AWS, reads are
//     billed);
//   - S reads a table whole, after saying what that costs, to tell what
//     only every item tells (the items each index leaves out, the sparse
//     ratios, the TTL states), with progress and a stop key;
//   - C copies a table's schema and a slice of its items into the local
//     sandbox, a workspace on the embedded engine beside the remote one.

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

// where names a remote table for a typed confirmation: the table, the
// region and the account (and the endpoint, when not AWS).
func (m *Model) where(w *workspace, d *model.TableDescription) []string {
	account := "unknown"
	if d != nil {
		if a := kit.AccountOf(d.TableArn); a != "" {
			account = a
		}
	}
	out := []string{fmt.Sprintf("region %s · account %s", w.loc.Region, account)}
	if d != nil {
		out[0] = "table " + d.TableName + " · " + out[0]
	}
	if w.loc.Endpoint != "" {
		out = append(out, "endpoint "+w.loc.Endpoint)
	}
	return append(out, "This is the real table: the change cannot be undone from here.")
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

// gateEdit asks for the table's name before an edit that changes or
// removes an existing item of a remote table.
func (m *Model) gateEdit(w *workspace, msg kit.EditMsg) {
	what := map[kit.EditOp]string{kit.EditInEditor: "Edit", kit.EditAttr: "Change"}[msg.Op]
	kt := kit.KeyText(msg.Key, msg.Target.TableKeyNames()...)
	body := []string{what + " the item " + kt + " of " + msg.Target.Table() + "?"}
	m.openModal(w, forms.NewTypedGate(m.st, m.km, what+" item "+kt, "go on", body, msg.Target.Table(),
		m.where(w, msg.Target.Desc), routed{ws: w, to: toRoot, msg: typedMsg{edit: &msg}}))
}

// totalsMsg carries what a remote backend consumed so far.
type totalsMsg struct{ t kit.Totals }

// consumedText is the status bar's account of a remote backend's
// consumption: "consumed 7.5 RCU · 0 WCU in 14 requests".
func consumedText(t kit.Totals) string {
	s := fmt.Sprintf("consumed %s RCU · %s WCU in %s", kit.Units(t.ReadUnits), kit.Units(t.WriteUnits), kit.Plural(int64(t.Requests), "request", ""))
	if t.Unmetered > 0 {
		s += fmt.Sprintf(" (%d without ConsumedCapacity)", t.Unmetered)
	}
	return s
}

// surveyRun is the survey running in a workspace.
type surveyRun struct {
	table  string
	cancel context.CancelFunc
	ch     chan kit.ReadProgress
}

// estimateMsg carries what reading a table whole would cost.
type estimateMsg struct {
	table string
	est   kit.ScanEstimate
	err   error
}

// startSurveyMsg: the user agreed to read the table whole.
type startSurveyMsg struct {
	table string
	est   kit.ScanEstimate
}

// surveyProgressMsg is how far the survey has come.
type surveyProgressMsg struct {
	run *surveyRun
	p   kit.ReadProgress
	ok  bool // false: the channel closed (the survey returned)
}

// surveyDoneMsg is the survey's end.
type surveyDoneMsg struct {
	run *surveyRun
	s   *kit.Survey
	err error
}

// askSurvey prices a read of table and asks before it; on a running
// survey, it says how to stop it.
func (m *Model) askSurvey(w *workspace, table string) tea.Cmd {
	est, ok := w.api.(kit.ScanEstimator)
	if _, surveys := w.api.(kit.TableSurveyor); !ok || !surveys {
		m.flash = "S reads a remote table whole: the embedded engine's panes know this without reading"
		return nil
	}
	if table == "" {
		m.flash = "select a table first"
		return nil
	}
	if r := w.surveying; r != nil {
		m.flash = "reading " + r.table + " already: S stops it"
		return nil
	}
	return route(w, toRoot, func() tea.Msg {
		e, err := est.EstimateScan(kit.Bg, table, "")
		return estimateMsg{table: table, est: e, err: err}
	})
}

// onEstimate asks whether to read the table, saying what it costs.
func (m *Model) onEstimate(w *workspace, msg estimateMsg) {
	if msg.err != nil {
		m.flash = "cannot price a read of " + msg.table + ": " + msg.err.Error()
		return
	}
	where := "the endpoint " + w.loc.Endpoint
	if w.loc.Endpoint == "" {
		where = "AWS " + w.loc.Region + ": the read units are billed (on a provisioned table they count against its read capacity, and may throttle other readers)"
	}
	body := []string{
		msg.est.String(),
		"",
		"Reading every item of " + msg.table + " tells what DynamoDB does not: the items each index leaves out and why, each index's sparse ratio, and the TTL state of every item. It reads eventually consistent Scan pages of up to 1 MB from " + where + ".",
		"",
		"The estimate comes from DynamoDB's approximate item count and size. S (or esc in the pane showing it) stops the read at any time; what was read is kept.",
	}
	m.openModal(w, forms.NewQuestion(m.st, m.km, "Read all of "+msg.table+"?", "read it", body,
		routed{ws: w, to: toRoot, msg: startSurveyMsg{table: msg.table, est: msg.est}}))
}

// startSurvey reads the table whole in a command; progress comes through
// a channel another command reads.
func (m *Model) startSurvey(w *workspace, msg startSurveyMsg) tea.Cmd {
	sv, ok := w.api.(kit.TableSurveyor)
	if !ok || w.surveying != nil {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	run := &surveyRun{table: msg.table, cancel: cancel, ch: make(chan kit.ReadProgress, 1)}
	w.surveying = run
	st := &kit.SurveyState{Table: msg.table, Estimate: msg.est, Running: true,
		Progress: kit.ReadProgress{Table: msg.table, EstimatedItems: msg.est.Items}}
	cmd := m.setSurvey(w, st)
	read := func() tea.Msg {
		s, err := sv.SurveyTable(ctx, run.table, kit.SurveyOptions{Limit: kit.LeftOutLimit, Now: time.Now()}, func(p kit.ReadProgress) {
			select { // the newest progress replaces one not read yet
			case run.ch <- p:
			default:
				select {
				case <-run.ch:
				default:
				}
				select {
				case run.ch <- p:
				default:
				}
			}
		})
		close(run.ch)
		return surveyDoneMsg{run: run, s: s, err: err}
	}
	return tea.Batch(cmd, route(w, toRoot, read), m.waitSurvey(w, run))
}

// waitSurvey reads the survey's next progress.
func (m *Model) waitSurvey(w *workspace, run *surveyRun) tea.Cmd {
	return route(w, toRoot, func() tea.Msg {
		p, ok := <-run.ch
		return surveyProgressMsg{run: run, p: p, ok: ok}
	})
}

// onSurveyProgress moves the progress on.
func (m *Model) onSurveyProgress(w *workspace, msg surveyProgressMsg) tea.Cmd {
	if !msg.ok || w.surveying != msg.run {
		return nil
	}
	prev := w.surveys[msg.run.table]
	if prev == nil || !prev.Running {
		return nil
	}
	st := *prev
	st.Progress = msg.p
	return tea.Batch(m.setSurvey(w, &st), m.waitSurvey(w, msg.run))
}

// onSurveyDone keeps what the survey found (all of it, or what was read
// before it was stopped).
func (m *Model) onSurveyDone(w *workspace, msg surveyDoneMsg) tea.Cmd {
	if w.surveying == msg.run {
		w.surveying = nil
	}
	msg.run.cancel()
	prev := w.surveys[msg.run.table]
	st := &kit.SurveyState{Table: msg.run.table, Survey: msg.s}
	if prev != nil {
		st.Estimate = prev.Estimate
		st.Progress = prev.Progress
	}
	if msg.s != nil {
		st.Progress = msg.s.Progress
	}
	switch {
	case errors.Is(msg.err, context.Canceled):
		st.Stopped = true
	case msg.err != nil:
		st.Err = msg.err
	}
	m.flash = st.StatusText()
	return m.setSurvey(w, st)
}

// stopSurvey stops the survey running in w.
func (m *Model) stopSurvey(w *workspace) {
	if r := w.surveying; r != nil {
		r.cancel()
		m.flash = "stopping the read of " + r.table + "…"
	}
}

// setSurvey keeps a table's survey and hands it to the sidebar's table
// info and the panes that show it.
func (m *Model) setSurvey(w *workspace, st *kit.SurveyState) tea.Cmd {
	w.surveys[st.Table] = st
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

// copyRun is a copy into the sandbox under way.
type copyRun struct {
	source, target string
	limit          int
	ch             chan remote.CopyProgress
	progress       remote.CopyProgress
	cancel         context.CancelFunc
}

// copyMsg: the user asked for a copy.
type copyMsg struct {
	table, target string
	limit         int
	query         *model.QueryInput
	scan          *model.ScanInput
}

// copyProgressMsg is how far the copy has come.
type copyProgressMsg struct {
	run *copyRun
	p   remote.CopyProgress
	ok  bool
}

// copyDoneMsg is the copy's end.
type copyDoneMsg struct {
	run *copyRun
	eng *engine.Engine
	rep *remote.CopyReport
	err error
}

// sandboxWorkspace is the sandbox's workspace, once a copy made it.
func (m *Model) sandboxWorkspace() *workspace {
	if m.sandbox == nil {
		return nil
	}
	for _, o := range m.others {
		if o.api == engine.API(m.sandbox) {
			return o
		}
	}
	return nil
}

// askCopy asks how much of the selected table to copy into the sandbox
// (the Query or Scan built in 3 Query picks the items when it is on
// screen for that table).
func (m *Model) askCopy() tea.Cmd {
	w := m.ws
	if w.loc == nil {
		m.flash = "C copies a slice of a remote table into a sandbox: start dynoscope with --region or --endpoint-url"
		return nil
	}
	if m.opts.Sandbox == nil {
		m.flash = "this explorer has no sandbox to copy into"
		return nil
	}
	if m.copying != nil {
		m.flash = "a copy is under way already"
		return nil
	}
	sel := w.sel()
	if !sel.Valid() {
		m.flash = "select a table first"
		return nil
	}
	d := sel.Desc
	msg := copyMsg{table: d.TableName}
	how := "the first N items of a Scan of " + d.TableName
	index, isQuery := "", false
	if m.pane == paneQuery && !m.onSidebar {
		if in, _ := w.query.Request(); in != nil {
			switch in := in.(type) {
			case *model.QueryInput:
				if in.TableName == d.TableName {
					msg.query, index, isQuery = in, in.IndexName, true
					how = "the first N items of the Query built in 3 Query (a filter may read more items than it keeps)"
				}
			case *model.ScanInput:
				if in.TableName == d.TableName {
					msg.scan, index = in, in.IndexName
					how = "the first N items of the Scan built in 3 Query (a filter may read more items than it keeps)"
				}
			}
		}
	}
	name := d.TableName
	if sw := m.sandboxWorkspace(); sw != nil {
		for i := 2; hasTable(sw, name); i++ {
			name = fmt.Sprintf("%s-%d", d.TableName, i)
		}
	}
	label := m.opts.SandboxLabel
	if index != "" {
		how += " (from the index " + index + ": only the attributes it projects)"
	}
	about := func(n int) []string {
		return []string{
			"Copies the schema of " + d.TableName + " (keys, LSIs, GSIs, billing and throughput, TTL and stream settings) and " + strings.Replace(how, "N", kit.FmtInt(int64(n)), 1) + " into the " + label + ", then opens it there: add a GSI, try another key design or throttle it without touching the real table.",
			"",
			copyCost(w, d, index, n, isQuery),
		}
	}
	then := func(n int, target string) tea.Msg {
		c := msg
		c.limit, c.target = n, target
		return routed{ws: w, to: toRoot, msg: c}
	}
	m.openModal(w, forms.NewCopyForm(m.st, m.km, "Copy a slice of "+d.TableName+" into the sandbox", remote.DefaultCopyLimit, name, about, then))
	return nil
}

// hasTable reports whether w lists table.
func hasTable(w *workspace, table string) bool {
	for _, t := range w.tables {
		if t.Desc.TableName == table {
			return true
		}
	}
	return false
}

// copyCost says what copying n items reads: eventually consistent pages,
// half a read unit per 4 KB, from the average item size of the table or
// of the index read; a Query reads only what it matches, so its figure is
// an upper bound.
func copyCost(w *workspace, d *model.TableDescription, index string, n int, query bool) string {
	where := "the endpoint " + w.loc.Endpoint
	if w.loc.Endpoint == "" {
		where = "AWS " + w.loc.Region + " (billed)"
	}
	tg := kit.Target{Desc: d, Index: index}
	count, size := d.ItemCount, d.TableSizeBytes
	if l := tg.LSI(); l != nil {
		count, size = l.ItemCount, l.IndexSizeBytes
	} else if g := tg.GSI(); g != nil {
		count, size = g.ItemCount, g.IndexSizeBytes
	}
	if count <= 0 {
		return "Reads eventually consistent pages from " + where + ", and stops once it has the items; DynamoDB's item count is 0 (it is refreshed about every 6 hours), so the cost is not known before."
	}
	avg := float64(size) / float64(count)
	items := min(int64(n), count)
	units := max(math.Ceil(float64(items)*avg/4096)/2, 0.5)
	about := "about"
	if query {
		about = "at most about"
	}
	return fmt.Sprintf("Reads eventually consistent pages from %s until it has the items: %s %s RCU for %s (%s averages %s an item; half a read unit per 4 KB read).",
		where, about, kit.Units(units), kit.NItems(int(items)), tg.Label(), kit.HumanBytes(int64(avg)))
}

// startCopy opens the sandbox (the first time) and copies in a command;
// progress comes through a channel another command reads.
func (m *Model) startCopy(w *workspace, msg copyMsg) tea.Cmd {
	if m.copying != nil || m.opts.Sandbox == nil {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	run := &copyRun{source: msg.table, target: msg.target, limit: msg.limit, ch: make(chan remote.CopyProgress, 1), cancel: cancel}
	m.copying = run
	open, src := m.opts.Sandbox, w.api
	do := func() tea.Msg {
		defer close(run.ch)
		eng, err := open()
		if err != nil {
			return copyDoneMsg{run: run, err: err}
		}
		rep, err := remote.CopySlice(ctx, src, eng, remote.CopyOptions{Table: msg.table, Target: msg.target, Limit: msg.limit,
			Query: msg.query, Scan: msg.scan, Progress: func(p remote.CopyProgress) {
				select {
				case run.ch <- p:
				default:
				}
			}})
		return copyDoneMsg{run: run, eng: eng, rep: rep, err: err}
	}
	return tea.Batch(route(w, toRoot, do), m.waitCopy(w, run))
}

// waitCopy reads the copy's next progress.
func (m *Model) waitCopy(w *workspace, run *copyRun) tea.Cmd {
	return route(w, toRoot, func() tea.Msg {
		p, ok := <-run.ch
		return copyProgressMsg{run: run, p: p, ok: ok}
	})
}

// onCopyDone opens the copy in the sandbox, or says why there is none.
func (m *Model) onCopyDone(w *workspace, msg copyDoneMsg) tea.Cmd {
	if m.copying == msg.run {
		m.copying = nil
	}
	msg.run.cancel()
	if msg.err != nil {
		m.openModal(w, forms.NewQuestion(m.st, m.km, "The copy of "+msg.run.source+" failed", "close", []string{
			kit.AsModelError(msg.err).Error(), "", "Nothing was copied: the sandbox holds no part of it."}, nil))
		return nil
	}
	sw, add := m.addSandbox(msg.eng)
	cmds := []tea.Cmd{add}
	r := msg.rep
	note := fmt.Sprintf("copied %s of %s into the sandbox as %s: %s read, %s RCU consumed", kit.NItems(r.Items), r.Source, r.Target,
		kit.Plural(int64(r.Pages), "page", ""), kit.Units(r.Units))
	if r.More {
		note += " (the table has more)"
	}
	cmds = append(cmds, m.switchTo(sw), sw.load(r.Target, ""))
	m.flash = note + " · ctrl+o: back to " + w.short
	m.pane, m.onSidebar = paneSchema, true
	return tea.Batch(cmds...)
}

// sandboxMsg carries the sandbox opened at start.
type sandboxMsg struct {
	eng *engine.Engine
	err error
}

// addSandbox shows the sandbox beside the other workspaces (once).
func (m *Model) addSandbox(eng *engine.Engine) (*workspace, tea.Cmd) {
	m.sandbox = eng
	if sw := m.sandboxWorkspace(); sw != nil {
		return sw, nil
	}
	cmd := m.onWorkspaceMsg(kit.WorkspaceMsg{Workspace: kit.Workspace{API: eng, Label: m.opts.SandboxLabel, File: m.opts.SandboxFile}})
	sw := m.sandboxWorkspace()
	sw.short = "sandbox"
	return sw, cmd
}

// onSandbox shows the sandbox opened at start, or says why it is not.
func (m *Model) onSandbox(msg sandboxMsg) tea.Cmd {
	if msg.err != nil {
		m.flash = "the sandbox " + m.opts.SandboxFile + " cannot be opened: " + msg.err.Error()
		return nil
	}
	_, cmd := m.addSandbox(msg.eng)
	return cmd
}

// copyText is the status bar's account of a copy under way.
func (m *Model) copyText() string {
	r := m.copying
	p := r.progress
	return fmt.Sprintf("copying %s → sandbox: %s of %s items · %s RCU", r.source, kit.FmtInt(int64(p.Items)), kit.FmtInt(int64(r.limit)), kit.Units(p.Units))
}
