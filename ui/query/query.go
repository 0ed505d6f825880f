// Package query is the explorer's Query pane: a Query/Scan builder that
// knows the key schema of the table or index chosen (the partition key
// with =, the sort key with the operators DynamoDB allows for its type —
// on a multi-attribute GSI key a field per attribute, pinned from the left
// as DynamoDB requires, keyconds.go —, an
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
// Beside Query and Scan the builder has three more modes (m goes through
// them): Vector, a SearchVectors on a vector index of the table, chosen by
// itself when the sidebar selects a vector index (mode_vector.go); Transaction, a TransactWriteItems of Put, Update, Delete and
// ConditionCheck actions across the workspace's tables with each action's
// outcome and the cancellation reasons in request order (txn*.go); and
// PartiQL, an ExecuteStatement editor that offers the table's attribute
// names as they are typed and shows, before anything runs, whether a
// SELECT becomes a Query or a Scan (partiql*.go). Both show the capacity
// itemised and the AWS CLI line, like the form.
//
// Where to look: query.go the model and its target; keys.go the key
// bindings and what each does; cursor.go the rows of the form and moving
// over them; update.go the messages; run.go sending the request and
// taking its reply; build.go the request from the form; keyconds.go the
// key condition fields; view.go drawing; code.go and cli.go the request
// as code and as an AWS CLI line; state.go what tests and the root read;
// history.go and history_list.go the requests run and saved (kept in a
// file by internal/history); guard.go what is asked before a write or a
// remote Scan is sent.
package query

import (
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
	// armedAt is the row (rowKey) of the field last finished with enter
	// or esc: there the pane's letters are commands, elsewhere on a field
	// they are text (TakesText).
	armedAt string

	running bool
	gen     int

	top     int // first line on screen
	rtop    int // first result row on screen, while the results have it
	w, h    int
	focused bool

	alt Mode     // ModeTransaction or ModePartiQL; ModeQuery: the form's Query or Scan
	tx  txState  // the transaction being built
	pq  pqState  // the statement being written
	vec vecState // the vector search being built (mode_vector.go)

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

	// The requests run and saved (history.go, history_list.go).
	hist histState
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

// New returns the Query pane of the workspace api; copyFn puts the CLI
// line on the clipboard and endpoint, when the engine is also served over
// HTTP, goes into it as --endpoint-url.
func New(st *kit.Styles, km keymap.KeyMap, api engine.API, copyFn func(string) error, endpoint string) *Model {
	open := km.Open
	open.SetHelp("enter", "open item")
	export := km.Transfer.Export
	export.SetHelp(export.Help().Key, "export the result, every page, to a file")
	return &Model{st: st, api: api, copy: copyFn, endpoint: endpoint, saved: map[string]form{},
		attrs: map[string][]string{}, attrsLoading: map[string]bool{},
		keys: keys{Up: km.Up, Down: km.Down, PageUp: km.PageUp, PageDown: km.PageDown, Top: km.Top, Bottom: km.Bottom,
			Edit: km.Edit, Done: km.Done, Cycle: km.Cycle, CycleBack: km.CycleBack, Run: km.Run, ScanMode: km.ScanMode,
			NextPage: km.NextPage, CopyCLI: km.CopyCLI, Open: open, Export: export,
			Mode: km.Mode, ModeBack: km.ModeBack, AddAction: km.AddAction, RemoveAction: km.RemoveAction, Complete: km.Complete,
			CodeLang: km.Design.CodeLang, SavePattern: km.Design.SavePattern,
			Accept: km.Editing.Accept, Cancel: km.Editing.Cancel, Back: km.Back, PrevField: km.Editing.PrevField, NextField: km.Editing.NextField,
			HistPrev: km.History.Prev, HistNext: km.History.Next, HistSearch: km.History.Search, Forget: km.History.Forget,
			SaveRequest: km.History.Save, ListUp: km.Field.Up, ListDown: km.Field.Down,
			Quit: km.Quit, Help: km.Help, PaneDigits: km.PaneDigits}}
}

// Capturing reports whether a text field has the keyboard (a field of
// the form, the name of a pattern or a request being saved, the history
// list's filter).
func (q *Model) Capturing() bool { return q.editing || q.naming || q.hist.naming || q.hist.list.open }

// UsesEsc reports whether esc means something here: leaving the program
// for the form, not saving the pattern or the request, closing the
// history list.
func (q *Model) UsesEsc() bool { return q.lang > 0 || q.naming || q.hist.naming || q.hist.list.open }

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
	if t.Vector() != nil || q.alt == ModeVector {
		// a vector index is read with SearchVectors only
		q.alt = ModeVector
		q.vecFollow(t)
		return nil
	}
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
