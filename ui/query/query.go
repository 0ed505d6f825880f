// Package query is the explorer's Query pane: a Query/Scan builder that
// knows the key schema of the table or index chosen (the partition key
// with =, the sort key with the operators DynamoDB allows for its type —
// on a multi-attribute GSI key a field per attribute, pinned from the left
// as DynamoDB requires, keys.go —, an
// optional filter and projection with #name/:value placeholders, order,
// consistent read — refused on a GSI, with the reason —, limit, and Scan
// instead of Query), and below it what running the request returned: the
// items (scrolled with the list keys), Count and ScannedCount,
// LastEvaluatedKey with the next page, DynamoDB's error verbatim, the
// consumed capacity with the engine's itemised explanation, and the same
// request as an AWS CLI command line.
//
// What is typed belongs to its table or index: the form of each is kept
// when another is chosen and comes back when it is chosen again; nothing
// is carried to another key schema.
//
// Beside Query and Scan the builder has two more modes (m goes through
// them): Transaction, a TransactWriteItems of Put, Update, Delete and
// ConditionCheck actions across the workspace's tables with each action's
// outcome and the cancellation reasons in request order (txn*.go); and
// PartiQL, an ExecuteStatement editor that offers the table's attribute
// names as they are typed and shows, before anything runs, whether a
// SELECT becomes a Query or a Scan (partiql*.go). Both show the capacity
// itemised and the AWS CLI line, like the form.
package query

import (
	"context"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Model is the Query pane.
type Model struct {
	st       *kit.Styles
	keys     keys
	api      engine.API
	copy     func(string) error
	endpoint string

	desc  *model.TableDescription
	index string

	f     form
	saved map[string]form // the forms of the other targets, by kit.Target.Key

	row     int // cursor: a form row (index into rows()) or, past them, a result row
	editing bool

	running bool
	gen     int

	top     int // first line on screen
	rtop    int // first result row on screen, while the results have it
	w, h    int
	focused bool

	alt Mode    // ModeTransaction or ModePartiQL; ModeQuery: the form's Query or Scan
	tx  txState // the transaction being built
	pq  pqState // the statement being written

	// The workspace's tables, read for the transaction and PartiQL modes,
	// and the attribute names of the tables statements named.
	tables        map[string]*model.TableDescription
	tableNames    []string
	tablesErr     string
	loadingTables bool
	attrs         map[string][]string
	attrsLoading  map[string]bool

	// The request as code (code.go): the language shown (0: the AWS CLI
	// line under the form; else a program, over the pane), the program's
	// scroll and note; the name of a pattern being saved.
	lang            int
	codeTop         int
	codeNote        string
	codeNoteBad     bool
	naming, drawing bool
	name            kit.Field
}

// form is what belongs to one table or index: the fields, the choices,
// the last result and the note about it.
type form struct {
	scan bool
	// pk and sk are the key fields: one per partition attribute and one
	// per sort attribute, in KeySchema order (more than one only on a GSI
	// with a multi-attribute key; keys.go).
	pk         []kit.Field
	sk         []sortField
	filter     kit.Field
	names      kit.Field
	values     kit.Field
	projection kit.Field
	descending bool
	consistent bool
	limit      kit.Field
	note       string // why the last action was refused, or what happened
	noteBad    bool
	res        *result
	row        int
}

// Form rows.
const (
	rowTarget = iota
	rowMode
	rowPK
	rowOp
	rowSK
	rowSK2
	rowFilter
	rowNames
	rowValues
	rowProjection
	rowOrder
	rowConsistent
	rowLimit
	rowRun
)

// result is one page of results and what it cost.
type result struct {
	in      any
	page    int
	items   []model.Item
	count   int32
	scanned int32
	lek     model.Item
	units   float64
	lines   []string
	err     *model.Error
	g       kit.Grid
	tg      kit.Target
}

type keys struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Edit, Done, Cycle, CycleBack, Run, ScanMode, NextPage, CopyCLI, Open key.Binding
	Mode, ModeBack, AddAction, RemoveAction, Complete                                                             key.Binding
	CodeLang, SavePattern                                                                                         key.Binding
}

// New returns the Query pane of the workspace api; copyFn puts the CLI
// line on the clipboard and endpoint, when the engine is also served over
// HTTP, goes into it as --endpoint-url.
func New(st *kit.Styles, km keymap.KeyMap, api engine.API, copyFn func(string) error, endpoint string) *Model {
	open := km.Open
	open.SetHelp("enter", "open item")
	return &Model{st: st, api: api, copy: copyFn, endpoint: endpoint, saved: map[string]form{},
		attrs: map[string][]string{}, attrsLoading: map[string]bool{},
		keys: keys{Up: km.Up, Down: km.Down, PageUp: km.PageUp, PageDown: km.PageDown, Top: km.Top, Bottom: km.Bottom,
			Edit: km.Edit, Done: km.Done, Cycle: km.Cycle, CycleBack: km.CycleBack, Run: km.Run, ScanMode: km.ScanMode,
			NextPage: km.NextPage, CopyCLI: km.CopyCLI, Open: open,
			Mode: km.Mode, ModeBack: km.ModeBack, AddAction: km.AddAction, RemoveAction: km.RemoveAction, Complete: km.Complete,
			CodeLang: km.Design.CodeLang, SavePattern: km.Design.SavePattern}}
}

// keyMap enables the bindings that apply where the cursor is.
func (q *Model) keyMap() keys {
	k := q.keys
	var isText, isChoice, onResult, hasNext bool
	switch q.alt {
	case ModeTransaction:
		isText, isChoice = q.txField() != nil, q.txIsChoice()
	case ModePartiQL:
		isText = q.pqField() != nil
		isChoice = q.pq.row == pqMode || q.pq.row == pqConsistent
		onResult = q.pqResultIndex() >= 0
		hasNext = q.pq.res != nil && q.pq.res.next != ""
	default:
		r := q.currentRow()
		isText = q.fieldFor(r) != nil
		isChoice = r.kind == rowTarget || r.kind == rowMode || r.kind == rowOp || r.kind == rowOrder || r.kind == rowConsistent
		onResult = r.kind < 0
		hasNext = q.f.res != nil && q.f.res.lek != nil
	}
	for _, b := range []*key.Binding{&k.Up, &k.Down, &k.PageUp, &k.PageDown, &k.Top, &k.Bottom, &k.CopyCLI, &k.Mode, &k.ModeBack} {
		b.SetEnabled(!q.editing)
	}
	k.ScanMode.SetEnabled(!q.editing && q.formMode())
	k.AddAction.SetEnabled(!q.editing && q.alt == ModeTransaction)
	k.RemoveAction.SetEnabled(!q.editing && q.alt == ModeTransaction && q.tx.cur.kind.isActionRow())
	k.Complete.SetEnabled(q.editing && q.alt == ModePartiQL && q.pq.row == pqStatement)
	k.Edit.SetEnabled(isText && !q.editing)
	k.Done.SetEnabled(q.editing)
	k.Cycle.SetEnabled(isChoice && !q.editing)
	k.CycleBack.SetEnabled(isChoice && !q.editing)
	k.NextPage.SetEnabled(!q.editing && hasNext)
	k.Open.SetEnabled(!q.editing && onResult)
	if q.editing {
		k.Run.SetKeys("ctrl+r")
		k.Run.SetHelp("ctrl+r", "run")
	}
	k.CodeLang.SetEnabled(!q.editing)
	k.SavePattern.SetEnabled(!q.editing && q.lang == 0)
	if q.lang > 0 { // the program has the pane: the list keys scroll it
		for _, b := range []*key.Binding{&k.Edit, &k.Done, &k.Complete, &k.Cycle, &k.CycleBack, &k.AddAction, &k.RemoveAction,
			&k.Run, &k.Mode, &k.ModeBack, &k.ScanMode, &k.NextPage, &k.Open} {
			b.SetEnabled(false)
		}
		k.CopyCLI.SetHelp("c", "copy the "+shortLang(q.lang)+" program")
		k.CodeLang.SetHelp("L", "show it as "+shortLang((q.lang+1)%len(codeLangs)))
	}
	return k
}

// ShortHelp is the pane's keys for the help line.
func (q *Model) ShortHelp() []key.Binding {
	k := q.keyMap()
	if q.naming {
		return []key.Binding{key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "save the pattern")),
			key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel"))}
	}
	if q.lang == 0 {
		k.CodeLang.SetHelp("L", "code")
		k.SavePattern.SetHelp("P", "save pattern")
	}
	return []key.Binding{k.Up, k.Down, k.Edit, k.Done, k.Complete, k.Cycle, k.AddAction, k.RemoveAction, k.Run, k.Mode,
		k.NextPage, k.PageDown, k.CopyCLI, k.CodeLang, k.SavePattern}
}

// FullHelp is every key of the pane.
func (q *Model) FullHelp() [][]key.Binding {
	k := q.keyMap()
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {k.Edit, k.Done, k.Complete, k.Cycle, k.CycleBack},
		{k.Run, k.Mode, k.ModeBack, k.ScanMode, k.AddAction, k.RemoveAction, k.NextPage, k.CopyCLI, k.Open},
		{k.CodeLang, k.SavePattern}}
}

// Capturing reports whether a text field has the keyboard (a field of
// the form, or the name of a pattern being saved).
func (q *Model) Capturing() bool { return q.editing || q.naming }

// UsesEsc reports whether esc means something here: leaving the program
// for the form, or not saving the pattern.
func (q *Model) UsesEsc() bool { return q.lang > 0 || q.naming }

// SetSize sets the inner size.
func (q *Model) SetSize(w, h int) { q.w, q.h = w, h }

// SetFocus says whether the pane has the keyboard.
func (q *Model) SetFocus(on bool) { q.focused = on }

// target is what the form reads.
func (q *Model) target() kit.Target { return kit.Target{Desc: q.desc, Index: q.index} }

// Target is what the form reads.
func (q *Model) Target() kit.Target { return q.target() }

// SetTarget chooses the table or index (from the sidebar). In the
// transaction and PartiQL modes the workspace's tables are read again
// (one may be new), and the editor's own statement follows the selection.
func (q *Model) SetTarget(t kit.Target, _ *kit.TableInfo) tea.Cmd {
	if t.Same(q.target()) {
		q.desc = t.Desc // a fresh description
		return nil
	}
	q.switchTo(t)
	switch q.alt {
	case ModeTransaction:
		return q.loadTables()
	case ModePartiQL:
		q.pqFollow()
		return tea.Batch(q.loadTables(), q.pqPlan())
	}
	return nil
}

// switchTo keeps the form of the current target and brings back (or
// starts) the one of t.
func (q *Model) switchTo(t kit.Target) {
	if q.desc != nil {
		q.f.row = q.row
		q.saved[q.target().Key()] = q.f
	}
	q.desc, q.index = t.Desc, t.Index
	q.f = q.saved[t.Key()]
	q.row, q.editing, q.top = q.f.row, false, 0
	q.move(0)
}

// formRow is one row of the form: its kind and, on a key row, which
// partition or sort attribute (from 0, in KeySchema order).
type formRow struct{ kind, k int }

// resultRow is the kind of the rows past the form: the results.
const resultRow = -1

// rows lists the form rows shown for the current mode and key schema.
func (q *Model) rows() []formRow {
	tg := q.target()
	rows := []formRow{{kind: rowTarget}, {kind: rowMode}}
	if !q.f.scan {
		rows = append(rows, q.keyRows()...)
	}
	rows = append(rows, formRow{kind: rowFilter}, formRow{kind: rowNames}, formRow{kind: rowValues}, formRow{kind: rowProjection})
	if !q.f.scan && tg.RangeKey() != "" {
		rows = append(rows, formRow{kind: rowOrder})
	}
	return append(rows, formRow{kind: rowConsistent}, formRow{kind: rowLimit}, formRow{kind: rowRun})
}

// currentRow is the form row under the cursor, of kind resultRow on a
// result row.
func (q *Model) currentRow() formRow {
	rows := q.rows()
	if q.row < len(rows) {
		return rows[q.row]
	}
	return formRow{kind: resultRow}
}

// resultIndex is the result row under the cursor, or -1.
func (q *Model) resultIndex() int {
	n := len(q.rows())
	if q.row < n || q.f.res == nil {
		return -1
	}
	return q.row - n
}

func (q *Model) fieldFor(row formRow) *kit.Field {
	switch row.kind {
	case rowPK:
		return q.f.pkAt(row.k)
	case rowSK:
		return &q.f.skAt(row.k).v
	case rowSK2:
		return &q.f.skAt(row.k).v2
	case rowFilter:
		return &q.f.filter
	case rowNames:
		return &q.f.names
	case rowValues:
		return &q.f.values
	case rowProjection:
		return &q.f.projection
	case rowLimit:
		return &q.f.limit
	}
	return nil
}

func (q *Model) maxRow() int {
	n := len(q.rows())
	if q.f.res != nil {
		n += len(q.f.res.items)
	}
	return n - 1
}

func (q *Model) move(n int) {
	q.row = max(min(q.row+n, q.maxRow()), 0)
}

// cycle changes the choice on the current row by dir (+1 or -1).
func (q *Model) cycle(dir int) {
	tg := q.target()
	r := q.currentRow()
	switch r.kind {
	case rowTarget:
		if tg.Desc == nil {
			return
		}
		choices := append([]string{""}, kit.IndexNames(tg.Desc)...)
		i := indexOf(choices, q.index)
		q.switchTo(kit.Target{Desc: tg.Desc, Index: choices[(i+dir+len(choices))%len(choices)]})
		q.row = 0
		return
	case rowMode:
		q.f.scan = !q.f.scan
	case rowOp:
		if !q.cycleSortOp(r.k, dir) {
			return
		}
	case rowOrder:
		q.f.descending = !q.f.descending
	case rowConsistent:
		q.toggleConsistent()
		return
	default:
		return
	}
	q.edited()
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return 0
}

// edited clears a note about the form once the form changes: it was about
// what was there before.
func (q *Model) edited() { q.f.note, q.f.noteBad = "", false }

// toggleConsistent turns consistent read on or off; on a GSI it refuses.
func (q *Model) toggleConsistent() {
	if !q.f.consistent && q.target().Global() {
		q.f.note, q.f.noteBad = "refused: "+consistentOnGSI, true
		return
	}
	q.f.consistent = !q.f.consistent
	q.edited()
}

// queryMsg is the result of running the form's request.
type queryMsg struct {
	gen int
	key string // the target the request was for
	res *result
}

// Run sends the request of the mode (or refuses it before sending); in
// the transaction and PartiQL modes it also reads the workspace's tables
// and the statement's verdict, for a request loaded from a lesson.
func (q *Model) Run() tea.Cmd {
	switch q.alt {
	case ModeTransaction:
		return tea.Batch(q.txRun(), q.loadTables())
	case ModePartiQL:
		return tea.Batch(q.pqRun(), q.loadTables(), q.pqPlan())
	}
	return q.run(nil, 0)
}

// runMode sends the request of the mode.
func (q *Model) runMode() tea.Cmd {
	switch q.alt {
	case ModeTransaction:
		return q.txRun()
	case ModePartiQL:
		return q.pqRun()
	}
	return q.run(nil, 0)
}

// run sends the request, or refuses it before sending.
func (q *Model) run(start model.Item, page int) tea.Cmd {
	in, r := q.build()
	if r != nil {
		q.f.note, q.f.noteBad = "refused before sending: "+r.why, true
		return nil
	}
	q.f.note, q.f.noteBad = "", false
	switch in := in.(type) {
	case *model.QueryInput:
		in.ExclusiveStartKey = start
	case *model.ScanInput:
		in.ExclusiveStartKey = start
	}
	return q.send(in, page)
}

// send runs a request in a command.
func (q *Model) send(in any, page int) tea.Cmd {
	q.running = true
	q.gen++
	gen, api, tg := q.gen, q.api, q.target()
	return func() tea.Msg { return queryMsg{gen: gen, key: tg.Key(), res: runRequest(api, in, tg, page)} }
}

// runRequest sends a Query or Scan and gathers what it returned and cost,
// with the engine's itemised explanation of the charge when it has one.
func runRequest(api engine.API, in any, tg kit.Target, page int) *result {
	res := &result{in: in, page: page, tg: tg}
	var err error
	action := "Query"
	var cc *model.ConsumedCapacity
	switch in := in.(type) {
	case *model.QueryInput:
		var out *model.QueryOutput
		out, err = api.Query(context.Background(), in)
		if err == nil {
			res.items, res.count, res.scanned, res.lek, cc = out.Items, out.Count, out.ScannedCount, out.LastEvaluatedKey, out.ConsumedCapacity
		}
	case *model.ScanInput:
		action = "Scan"
		var out *model.ScanOutput
		out, err = api.Scan(context.Background(), in)
		if err == nil {
			res.items, res.count, res.scanned, res.lek, cc = out.Items, out.Count, out.ScannedCount, out.LastEvaluatedKey, out.ConsumedCapacity
		}
	}
	if err != nil {
		res.err = kit.AsModelError(err)
		return res
	}
	if cc != nil {
		res.units = float64(cc.CapacityUnits)
	}
	if rec, ok := kit.FindRequest(api, action, tg.Table(), tg.Index); ok {
		res.lines = rec.Lines
	} else {
		res.lines = kit.CapacityLines(cc, true) // a remote backend: DynamoDB's own split
	}
	res.g = kit.NewGrid(tg, res.items, nil)
	return res
}

// copiedMsg reports the clipboard copy of what (the aws cli command, the
// Go program, ...).
type copiedMsg struct {
	what string
	err  error
}

// Update takes the results, keys, wheel and pastes.
func (q *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case queryMsg:
		if msg.gen != q.gen {
			return nil
		}
		q.running = false
		if msg.key != q.target().Key() {
			f := q.saved[msg.key]
			f.res = msg.res
			q.saved[msg.key] = f
			return nil
		}
		q.f.res = msg.res
		q.move(0)
		return nil
	case txMsg:
		if msg.gen != q.gen {
			return nil
		}
		q.running = false
		q.tx.res, q.tx.dirty, q.tx.reveal = msg.res, false, true
		if msg.res.err == nil {
			return kit.Msg(kit.ChangedMsg{Note: "transaction written: " + kit.Plural(int64(len(msg.res.in.TransactItems)), "action", "")})
		}
		return nil
	case txConfirmed:
		return q.txSend(msg.in)
	case pqMsg:
		if msg.gen != q.gen {
			return nil
		}
		q.running = false
		q.pq.res, q.pq.reveal = msg.res, true
		q.pqMove(0)
		if p := msg.res.plan; msg.res.err == nil && p != nil && p.Action != "Query" && p.Action != "Scan" {
			return kit.Msg(kit.ChangedMsg{Table: p.Table, Note: "statement run: " + p.Action + " on " + p.Table})
		}
		return nil
	case pqConfirmed:
		return q.pqSend(msg.in, 0)
	case planMsg:
		q.onPlan(msg)
		return nil
	case tablesMsg:
		q.onTables(msg)
		return nil
	case attrsMsg:
		q.onAttrs(msg)
		return nil
	case copiedMsg:
		note, bad := "copied "+msg.what+" to the clipboard (OSC 52)", false
		if msg.err != nil {
			note, bad = "copy failed: "+msg.err.Error(), true
		}
		q.setCodeNote(note, bad)
		return nil
	case savedMsg:
		return q.onSaved(msg)
	case tea.PasteMsg:
		if q.naming {
			q.name.Paste(msg.Content)
			return nil
		}
		if q.lang > 0 {
			return nil // the program has the pane: nothing to paste into
		}
		if f := q.curField(); f != nil {
			q.editing = true
			f.Paste(msg.Content)
			return tea.Batch(q.startedEditing(), q.fieldChanged())
		}
		return nil
	case tea.MouseWheelMsg:
		switch {
		case q.lang > 0 && msg.Button == tea.MouseWheelUp:
			q.codeTop = max(q.codeTop-3, 0)
		case q.lang > 0 && msg.Button == tea.MouseWheelDown:
			q.codeTop = min(q.codeTop+3, q.codeMax())
		case msg.Button == tea.MouseWheelUp:
			q.moveCur(-1)
		case msg.Button == tea.MouseWheelDown:
			q.moveCur(1)
		}
		return nil
	case tea.KeyPressMsg:
		switch {
		case q.naming:
			return q.nameKey(msg)
		case q.lang > 0:
			return q.codeKey(msg)
		case q.editing:
			return q.editKey(msg)
		}
		return q.key(msg)
	}
	return nil
}

// setNote puts a note under the form of the mode.
func (q *Model) setNote(note string, bad bool) {
	switch q.alt {
	case ModeTransaction:
		q.tx.note, q.tx.noteBad = note, bad
	case ModePartiQL:
		q.pq.note, q.pq.noteBad = note, bad
	default:
		q.f.note, q.f.noteBad = note, bad
	}
}

// curField is the text field under the cursor in the mode, or nil.
func (q *Model) curField() *kit.Field {
	switch q.alt {
	case ModeTransaction:
		return q.txField()
	case ModePartiQL:
		return q.pqField()
	}
	return q.fieldFor(q.currentRow())
}

// fieldChanged follows a change of the text under the cursor.
func (q *Model) fieldChanged() tea.Cmd {
	switch q.alt {
	case ModeTransaction:
		q.txEdited()
	case ModePartiQL:
		return q.pqEdited()
	default:
		q.edited()
	}
	return nil
}

// startedEditing reads what editing the field needs: the attribute names
// of the statement's table.
func (q *Model) startedEditing() tea.Cmd {
	if q.alt == ModePartiQL {
		return q.pqAttrs()
	}
	return nil
}

// moveCur moves the cursor of the mode n rows.
func (q *Model) moveCur(n int) {
	switch q.alt {
	case ModeTransaction:
		q.txMove(n)
	case ModePartiQL:
		q.pqMove(n)
	default:
		q.move(n)
	}
}

// toEnd puts the cursor on the first row, or on the last.
func (q *Model) toEnd(last bool) {
	switch q.alt {
	case ModeTransaction:
		q.tx.cur = txRow{kind: trMode}
		if last {
			rows := q.txRows()
			q.tx.cur = rows[len(rows)-1]
		}
	case ModePartiQL:
		q.pq.row = 0
		if last {
			q.pq.row = q.pqMax()
		}
	default:
		q.row = 0
		if last {
			q.row = q.maxRow()
		}
	}
}

// onRunRow reports whether the cursor is on the run button.
func (q *Model) onRunRow() bool {
	switch q.alt {
	case ModeTransaction:
		return q.tx.cur.kind == trRun
	case ModePartiQL:
		return q.pq.row == pqRun
	}
	return q.currentRow().kind == rowRun
}

// cycleCur changes the choice under the cursor by dir; on the operation
// row it changes the mode.
func (q *Model) cycleCur(dir int) tea.Cmd {
	switch q.alt {
	case ModeTransaction:
		if q.tx.cur.kind == trMode {
			return q.SetMode(q.nextMode(dir))
		}
		q.txCycle(dir)
	case ModePartiQL:
		switch q.pq.row {
		case pqMode:
			return q.SetMode(q.nextMode(dir))
		case pqConsistent:
			q.pq.consistent = !q.pq.consistent
			q.pq.note = ""
		}
	default:
		if q.currentRow().kind == rowMode {
			return q.SetMode(q.nextMode(dir))
		}
		q.cycle(dir)
	}
	return nil
}

// editKey handles a key while a field has the keyboard.
func (q *Model) editKey(msg tea.KeyPressMsg) tea.Cmd {
	k := q.keyMap()
	switch {
	case key.Matches(msg, k.Run):
		q.editing = false
		return q.runMode()
	case key.Matches(msg, k.Complete) && q.complete():
		return q.fieldChanged()
	case key.Matches(msg, k.Done):
		q.editing = false
	case msg.String() == "up" || msg.String() == "shift+tab":
		q.editing = false
		q.moveCur(-1)
	case msg.String() == "down" || msg.String() == "tab":
		q.editing = false
		q.moveCur(1)
	default:
		if f := q.curField(); f != nil {
			before := f.String()
			if f.Update(msg) && f.String() != before {
				return q.fieldChanged()
			}
		}
	}
	return nil
}

// page is how many rows pgup and pgdn move.
func (q *Model) page() int { return max(q.h-4, 1) }

// key handles a key on the form or the results.
func (q *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := q.keyMap()
	switch {
	case key.Matches(msg, k.Mode):
		return q.SetMode(q.nextMode(1))
	case key.Matches(msg, k.ModeBack):
		return q.SetMode(q.nextMode(-1))
	case key.Matches(msg, k.Up):
		q.moveCur(-1)
	case key.Matches(msg, k.Down):
		q.moveCur(1)
	case key.Matches(msg, k.PageUp):
		q.moveCur(-q.page())
	case key.Matches(msg, k.PageDown):
		q.moveCur(q.page())
	case key.Matches(msg, k.Top):
		q.toEnd(false)
	case key.Matches(msg, k.Bottom):
		q.toEnd(true)
	case key.Matches(msg, k.Open):
		return q.openResult()
	case key.Matches(msg, k.Edit):
		if q.curField() != nil {
			q.editing = true
			return q.startedEditing()
		}
	case key.Matches(msg, k.Cycle):
		return q.cycleCur(1)
	case key.Matches(msg, k.CycleBack):
		return q.cycleCur(-1)
	case msg.String() == "enter" && q.onRunRow():
		return q.runMode()
	case msg.String() == "enter" && q.alt == ModeTransaction && q.tx.cur.kind == trAdd:
		q.txAdd()
	case msg.String() == "enter":
		return q.cycleCur(1)
	case key.Matches(msg, k.Run):
		return q.runMode()
	case key.Matches(msg, k.ScanMode):
		q.f.scan = !q.f.scan
		q.edited()
		q.move(0)
	case key.Matches(msg, k.AddAction):
		q.txAdd()
	case key.Matches(msg, k.RemoveAction):
		q.txRemove()
	case key.Matches(msg, k.NextPage):
		if q.alt == ModePartiQL {
			return q.pqNext()
		}
		if q.f.res != nil && q.f.res.lek != nil {
			return q.runFrom(q.f.res)
		}
	case key.Matches(msg, k.CopyCLI):
		return q.copyCLI()
	case key.Matches(msg, k.CodeLang):
		q.nextLang()
	case key.Matches(msg, k.SavePattern):
		return q.savePattern()
	}
	return nil
}

// openResult opens the item under the cursor in the item view.
func (q *Model) openResult() tea.Cmd {
	if q.alt == ModePartiQL {
		i, res := q.pqResultIndex(), q.pq.res
		if i < 0 || i >= len(res.items) {
			return nil
		}
		it := res.items[i]
		for _, k := range res.tg.TableKeyNames() {
			if k != "" && it[k].Type == 0 {
				q.pq.note, q.pq.noteBad = "this row has no "+k+": the statement's projection left out the key, so the item cannot be opened", true
				return nil
			}
		}
		if !res.tg.Valid() {
			return nil
		}
		return kit.Msg(kit.OpenItemMsg{Target: res.tg, Item: it})
	}
	if i := q.resultIndex(); i >= 0 && i < len(q.f.res.items) {
		res := q.f.res
		it := res.items[i]
		// A projection may leave out the partition key; a Query
		// knows its value from the key condition.
		if in, ok := res.in.(*model.QueryInput); ok {
			multi := res.tg.MultiAttribute()
			for i, hk := range res.tg.HashKeys() {
				if it[hk].Type == 0 {
					it = it.Clone()
					it[hk] = in.ExpressionAttributeValues[pkValue(multi, i)]
				}
			}
		}
		return kit.Msg(kit.OpenItemMsg{Target: res.tg, Item: it})
	}
	return nil
}

// copyCLI puts the mode's request, as an AWS CLI command (or the
// program shown), on the clipboard.
func (q *Model) copyCLI() tea.Cmd { return q.copyCode() }

// runFrom reads the page after res with the same request.
func (q *Model) runFrom(res *result) tea.Cmd {
	var in any
	switch r := res.in.(type) {
	case *model.QueryInput:
		c := *r
		c.ExclusiveStartKey = res.lek
		in = &c
	case *model.ScanInput:
		c := *r
		c.ExclusiveStartKey = res.lek
		in = &c
	}
	return q.send(in, res.page+1)
}
