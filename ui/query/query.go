// Package query is the explorer's Query pane: a Query/Scan builder that
// knows the key schema of the table or index chosen (the partition key
// with =, the sort key with the operators DynamoDB allows for its type, an
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
}

// form is what belongs to one table or index: the fields, the choices,
// the last result and the note about it.
type form struct {
	scan       bool
	pk         kit.Field
	op         string
	sk, sk2    kit.Field
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
}

// New returns the Query pane of the workspace api; copyFn puts the CLI
// line on the clipboard and endpoint, when the engine is also served over
// HTTP, goes into it as --endpoint-url.
func New(st *kit.Styles, km keymap.KeyMap, api engine.API, copyFn func(string) error, endpoint string) *Model {
	open := km.Open
	open.SetHelp("enter", "open item")
	return &Model{st: st, api: api, copy: copyFn, endpoint: endpoint, saved: map[string]form{},
		keys: keys{Up: km.Up, Down: km.Down, PageUp: km.PageUp, PageDown: km.PageDown, Top: km.Top, Bottom: km.Bottom,
			Edit: km.Edit, Done: km.Done, Cycle: km.Cycle, CycleBack: km.CycleBack, Run: km.Run, ScanMode: km.ScanMode,
			NextPage: km.NextPage, CopyCLI: km.CopyCLI, Open: open}}
}

// keyMap enables the bindings that apply where the cursor is.
func (q *Model) keyMap() keys {
	k := q.keys
	r := q.currentRow()
	isText := q.fieldFor(r) != nil
	isChoice := r == rowTarget || r == rowMode || r == rowOp || r == rowOrder || r == rowConsistent
	for _, b := range []*key.Binding{&k.Up, &k.Down, &k.PageUp, &k.PageDown, &k.Top, &k.Bottom, &k.ScanMode, &k.CopyCLI} {
		b.SetEnabled(!q.editing)
	}
	k.Edit.SetEnabled(isText && !q.editing)
	k.Done.SetEnabled(q.editing)
	k.Cycle.SetEnabled(isChoice && !q.editing)
	k.CycleBack.SetEnabled(isChoice && !q.editing)
	k.NextPage.SetEnabled(!q.editing && q.f.res != nil && q.f.res.lek != nil)
	k.Open.SetEnabled(!q.editing && r < 0)
	if q.editing {
		k.Run.SetKeys("ctrl+r")
		k.Run.SetHelp("ctrl+r", "run")
	}
	return k
}

// ShortHelp is the pane's keys for the help line.
func (q *Model) ShortHelp() []key.Binding {
	k := q.keyMap()
	return []key.Binding{k.Up, k.Down, k.Edit, k.Done, k.Cycle, k.Run, k.NextPage, k.PageDown, k.CopyCLI}
}

// FullHelp is every key of the pane.
func (q *Model) FullHelp() [][]key.Binding {
	k := q.keyMap()
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {k.Edit, k.Done, k.Cycle, k.CycleBack},
		{k.Run, k.ScanMode, k.NextPage, k.CopyCLI, k.Open}}
}

// Capturing reports whether a text field has the keyboard.
func (q *Model) Capturing() bool { return q.editing }

// SetSize sets the inner size.
func (q *Model) SetSize(w, h int) { q.w, q.h = w, h }

// SetFocus says whether the pane has the keyboard.
func (q *Model) SetFocus(on bool) { q.focused = on }

// target is what the form reads.
func (q *Model) target() kit.Target { return kit.Target{Desc: q.desc, Index: q.index} }

// Target is what the form reads.
func (q *Model) Target() kit.Target { return q.target() }

// SetTarget chooses the table or index (from the sidebar).
func (q *Model) SetTarget(t kit.Target, _ *kit.TableInfo) tea.Cmd {
	if t.Same(q.target()) {
		q.desc = t.Desc // a fresh description
		return nil
	}
	q.switchTo(t)
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

// rows lists the form rows shown for the current mode and key schema.
func (q *Model) rows() []int {
	tg := q.target()
	rows := []int{rowTarget, rowMode}
	if !q.f.scan {
		rows = append(rows, rowPK)
		if tg.RangeKey() != "" {
			rows = append(rows, rowOp)
			if q.f.op != opNone {
				rows = append(rows, rowSK)
			}
			if q.f.op == opBetween {
				rows = append(rows, rowSK2)
			}
		}
	}
	rows = append(rows, rowFilter, rowNames, rowValues, rowProjection)
	if !q.f.scan && tg.RangeKey() != "" {
		rows = append(rows, rowOrder)
	}
	return append(rows, rowConsistent, rowLimit, rowRun)
}

// currentRow is the form row under the cursor, or -1 on a result row.
func (q *Model) currentRow() int {
	rows := q.rows()
	if q.row < len(rows) {
		return rows[q.row]
	}
	return -1
}

// resultIndex is the result row under the cursor, or -1.
func (q *Model) resultIndex() int {
	n := len(q.rows())
	if q.row < n || q.f.res == nil {
		return -1
	}
	return q.row - n
}

func (q *Model) fieldFor(row int) *kit.Field {
	switch row {
	case rowPK:
		return &q.f.pk
	case rowSK:
		return &q.f.sk
	case rowSK2:
		return &q.f.sk2
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
	switch q.currentRow() {
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
		ops := sortKeyOps(tg.AttrType(tg.RangeKey()))
		i := indexOf(ops, q.f.op)
		q.f.op = ops[(i+dir+len(ops))%len(ops)]
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

// Run sends the form's request (or refuses it before sending).
func (q *Model) Run() tea.Cmd { return q.run(nil, 0) }

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

// copiedMsg reports the clipboard copy.
type copiedMsg struct{ err error }

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
	case copiedMsg:
		if msg.err != nil {
			q.f.note, q.f.noteBad = "copy failed: "+msg.err.Error(), true
		} else {
			q.f.note, q.f.noteBad = "copied the aws cli command to the clipboard (OSC 52)", false
		}
		return nil
	case tea.PasteMsg:
		if f := q.fieldFor(q.currentRow()); f != nil {
			q.editing = true
			f.Paste(msg.Content)
			q.edited()
		}
		return nil
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			q.move(-1)
		case tea.MouseWheelDown:
			q.move(1)
		}
		return nil
	case tea.KeyPressMsg:
		if q.editing {
			return q.editKey(msg)
		}
		return q.key(msg)
	}
	return nil
}

// editKey handles a key while a field has the keyboard.
func (q *Model) editKey(msg tea.KeyPressMsg) tea.Cmd {
	k := q.keyMap()
	switch {
	case key.Matches(msg, k.Run):
		q.editing = false
		return q.run(nil, 0)
	case key.Matches(msg, k.Done):
		q.editing = false
	case msg.String() == "up" || msg.String() == "shift+tab":
		q.editing = false
		q.move(-1)
	case msg.String() == "down" || msg.String() == "tab":
		q.editing = false
		q.move(1)
	default:
		if f := q.fieldFor(q.currentRow()); f != nil && f.Update(msg) {
			q.edited()
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
	case key.Matches(msg, k.Up):
		q.move(-1)
	case key.Matches(msg, k.Down):
		q.move(1)
	case key.Matches(msg, k.PageUp):
		q.move(-q.page())
	case key.Matches(msg, k.PageDown):
		q.move(q.page())
	case key.Matches(msg, k.Top):
		q.row = 0
	case key.Matches(msg, k.Bottom):
		q.row = q.maxRow()
	case key.Matches(msg, k.Open):
		if i := q.resultIndex(); i >= 0 && i < len(q.f.res.items) {
			res := q.f.res
			it := res.items[i]
			// A projection may leave out the partition key; a Query
			// knows its value from the key condition.
			if in, ok := res.in.(*model.QueryInput); ok {
				if hk := res.tg.HashKey(); it[hk].Type == 0 {
					it = it.Clone()
					it[hk] = in.ExpressionAttributeValues[":pk"]
				}
			}
			return kit.Msg(kit.OpenItemMsg{Target: res.tg, Item: it})
		}
	case key.Matches(msg, k.Edit):
		if q.fieldFor(q.currentRow()) != nil {
			q.editing = true
		}
	case key.Matches(msg, k.Cycle):
		q.cycle(1)
	case key.Matches(msg, k.CycleBack):
		q.cycle(-1)
	case msg.String() == "enter" && q.currentRow() == rowRun:
		return q.run(nil, 0)
	case msg.String() == "enter":
		q.cycle(1)
	case key.Matches(msg, k.Run):
		return q.run(nil, 0)
	case key.Matches(msg, k.ScanMode):
		q.f.scan = !q.f.scan
		q.edited()
		q.move(0)
	case key.Matches(msg, k.NextPage):
		if q.f.res != nil && q.f.res.lek != nil {
			return q.runFrom(q.f.res)
		}
	case key.Matches(msg, k.CopyCLI):
		in, r := q.build()
		if r != nil {
			q.f.note, q.f.noteBad = "nothing to copy: "+r.why, true
			return nil
		}
		text, copyFn := CLIText(in, q.endpoint), q.copy
		if copyFn == nil {
			return tea.Batch(tea.SetClipboard(text), kit.Msg(copiedMsg{}))
		}
		return func() tea.Msg { return copiedMsg{err: copyFn(text)} }
	}
	return nil
}

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
