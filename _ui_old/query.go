package ui

import (
	"context"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
)

// queryPane is the query builder. The form knows the key schema of the
// table or index chosen: it offers the partition key with = and the sort
// key with the operators DynamoDB allows for its type, an optional filter
// and projection with #name/:value placeholders, order, consistent read
// (refused on a GSI, with the reason), limit, and Scan instead of Query.
// Running shows the items, Count and ScannedCount, LastEvaluatedKey with a
// next page, DynamoDB's error verbatim, the consumed capacity with the
// engine's itemised explanation, and the same request as an AWS CLI line.
type queryPane struct {
	st       Styles
	keys     queryKeys
	api      engine.API
	copy     func(string) error
	endpoint string

	desc  *model.TableDescription
	index string

	scan       bool
	pk         field
	op         string
	sk, sk2    field
	filter     field
	names      field
	values     field
	projection field
	descending bool
	consistent bool
	limit      field

	row     int // cursor: a form row (index into rows()) or, past them, a result row
	editing bool
	note    string // why the last action was refused, or what happened
	noteBad bool

	running bool
	gen     int
	res     *queryResult

	top  int
	w, h int
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

// queryResult is one page of results and what it cost.
type queryResult struct {
	in      any
	page    int
	items   []model.Item
	count   int32
	scanned int32
	lek     model.Item
	units   float64
	lines   []string
	err     *model.Error
	g       grid
	tg      target
}

type queryKeys struct {
	Up, Down, Edit, Done, Cycle, CycleBack, Run, ScanMode, NextPage, CopyCLI, Open key.Binding
}

func (k queryKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Edit, k.Cycle, k.Run, k.NextPage, k.CopyCLI}
}

func (k queryKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.Edit, k.Done, k.Cycle, k.CycleBack}, {k.Run, k.ScanMode, k.NextPage, k.CopyCLI, k.Open}}
}

func newQueryPane(st Styles, km keymap.KeyMap, api engine.API, copyFn func(string) error, endpoint string) queryPane {
	open := km.Open
	open.SetHelp("enter", "open item")
	return queryPane{st: st, api: api, copy: copyFn, endpoint: endpoint, keys: queryKeys{Up: km.Up, Down: km.Down,
		Edit: km.Edit, Done: km.Done, Cycle: km.Cycle, CycleBack: km.CycleBack, Run: km.Run, ScanMode: km.ScanMode,
		NextPage: km.NextPage, CopyCLI: km.CopyCLI, Open: open}, op: opNone}
}

// keyMap enables the bindings that apply where the cursor is.
func (q queryPane) keyMap() queryKeys {
	k := q.keys
	r := q.currentRow()
	isText := r == rowPK || r == rowSK || r == rowSK2 || r == rowFilter || r == rowNames || r == rowValues || r == rowProjection || r == rowLimit
	isChoice := r == rowTarget || r == rowMode || r == rowOp || r == rowOrder || r == rowConsistent
	k.Edit.SetEnabled(isText && !q.editing)
	k.Done.SetEnabled(q.editing)
	k.Cycle.SetEnabled(isChoice && !q.editing)
	k.CycleBack.SetEnabled(isChoice && !q.editing)
	k.Up.SetEnabled(!q.editing)
	k.Down.SetEnabled(!q.editing)
	k.ScanMode.SetEnabled(!q.editing)
	k.CopyCLI.SetEnabled(!q.editing)
	k.NextPage.SetEnabled(!q.editing && q.res != nil && q.res.lek != nil)
	k.Open.SetEnabled(!q.editing && r < 0)
	if q.editing {
		k.Run.SetKeys("ctrl+r")
		k.Run.SetHelp("ctrl+r", "run")
	}
	return k
}

// Editing reports whether a text field has the keyboard.
func (q queryPane) Editing() bool { return q.editing }

func (q *queryPane) SetSize(w, h int) { q.w, q.h = w, h }

// target is what the form reads.
func (q *queryPane) target() target { return target{desc: q.desc, index: q.index} }

// SetTarget chooses the table or index (from the sidebar).
func (q *queryPane) SetTarget(t target) {
	sameTable := q.desc != nil && t.desc != nil && q.desc.TableName == t.desc.TableName
	q.desc = t.desc
	if !sameTable || q.index != t.index {
		q.setIndex(t.index)
	}
}

// setIndex switches between the table and its indexes, keeping what was
// typed where it still makes sense and saying what had to change.
func (q *queryPane) setIndex(index string) {
	q.index = index
	q.note, q.noteBad = "", false
	tg := q.target()
	if q.consistent && tg.global() {
		q.consistent = false
		q.note = "consistent read turned off: " + consistentOnGSI
	}
	if rk := tg.rangeKey(); rk != "" && !contains(sortKeyOps(tg.attrType(rk)), q.op) {
		q.op = "="
		q.note = "begins_with does not apply to " + rk + " (a Number): operator reset to ="
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// rows lists the form rows shown for the current mode and key schema.
func (q *queryPane) rows() []int {
	tg := q.target()
	rows := []int{rowTarget, rowMode}
	if !q.scan {
		rows = append(rows, rowPK)
		if tg.rangeKey() != "" {
			rows = append(rows, rowOp)
			if q.op != opNone {
				rows = append(rows, rowSK)
			}
			if q.op == opBetween {
				rows = append(rows, rowSK2)
			}
		}
	}
	rows = append(rows, rowFilter, rowNames, rowValues, rowProjection)
	if !q.scan && tg.rangeKey() != "" {
		rows = append(rows, rowOrder)
	}
	return append(rows, rowConsistent, rowLimit, rowRun)
}

// currentRow is the form row under the cursor, or -1 on a result row.
func (q *queryPane) currentRow() int {
	rows := q.rows()
	if q.row < len(rows) {
		return rows[q.row]
	}
	return -1
}

// resultIndex is the result row under the cursor, or -1.
func (q *queryPane) resultIndex() int {
	n := len(q.rows())
	if q.row < n || q.res == nil {
		return -1
	}
	return q.row - n
}

func (q *queryPane) fieldFor(row int) *field {
	switch row {
	case rowPK:
		return &q.pk
	case rowSK:
		return &q.sk
	case rowSK2:
		return &q.sk2
	case rowFilter:
		return &q.filter
	case rowNames:
		return &q.names
	case rowValues:
		return &q.values
	case rowProjection:
		return &q.projection
	case rowLimit:
		return &q.limit
	}
	return nil
}

func (q *queryPane) maxRow() int {
	n := len(q.rows())
	if q.res != nil {
		n += len(q.res.items)
	}
	return n - 1
}

func (q *queryPane) move(n int) {
	q.row += n
	if m := q.maxRow(); q.row > m {
		q.row = m
	}
	if q.row < 0 {
		q.row = 0
	}
}

// cycle changes the choice on the current row by dir (+1 or -1).
func (q *queryPane) cycle(dir int) {
	tg := q.target()
	switch q.currentRow() {
	case rowTarget:
		if tg.desc == nil {
			return
		}
		choices := append([]string{""}, indexNames(tg.desc)...)
		i := indexOf(choices, q.index)
		q.setIndex(choices[(i+dir+len(choices))%len(choices)])
	case rowMode:
		q.scan = !q.scan
	case rowOp:
		ops := sortKeyOps(tg.attrType(tg.rangeKey()))
		i := indexOf(ops, q.op)
		q.op = ops[(i+dir+len(ops))%len(ops)]
	case rowOrder:
		q.descending = !q.descending
	case rowConsistent:
		q.toggleConsistent()
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return 0
}

// toggleConsistent turns consistent read on or off; on a GSI it refuses.
func (q *queryPane) toggleConsistent() {
	if !q.consistent && q.target().global() {
		q.note, q.noteBad = "refused: "+consistentOnGSI, true
		return
	}
	q.consistent = !q.consistent
	q.note, q.noteBad = "", false
}

// queryMsg is the result of running the form's request.
type queryMsg struct {
	gen int
	res *queryResult
}

// run sends the request, or refuses it before sending.
func (q *queryPane) run(start model.Item, page int) tea.Cmd {
	in, r := q.build()
	if r != nil {
		q.note, q.noteBad = "refused before sending: "+r.why, true
		return nil
	}
	q.note, q.noteBad = "", false
	switch in := in.(type) {
	case *model.QueryInput:
		in.ExclusiveStartKey = start
	case *model.ScanInput:
		in.ExclusiveStartKey = start
	}
	q.running = true
	q.gen++
	gen, api, tg := q.gen, q.api, q.target()
	return func() tea.Msg { return queryMsg{gen: gen, res: runRequest(api, in, tg, page)} }
}

// runRequest sends a Query or Scan and gathers what it returned and cost,
// with the engine's itemised explanation of the charge when it has one.
func runRequest(api engine.API, in any, tg target, page int) *queryResult {
	res := &queryResult{in: in, page: page, tg: tg}
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
		res.err = asModelError(err)
		return res
	}
	if cc != nil {
		res.units = float64(cc.CapacityUnits)
	}
	if rec, ok := findRequest(api, action, tg.table(), tg.index); ok {
		res.lines = rec.Lines
	}
	res.g = newGrid(tg, res.items, nil)
	return res
}

// copiedMsg reports the clipboard copy.
type copiedMsg struct{ err error }

func (q queryPane) Update(msg tea.Msg) (queryPane, tea.Cmd) {
	switch msg := msg.(type) {
	case queryMsg:
		if msg.gen == q.gen {
			q.running = false
			q.res = msg.res
			if q.row > q.maxRow() {
				q.row = q.maxRow()
			}
		}
		return q, nil
	case copiedMsg:
		if msg.err != nil {
			q.note, q.noteBad = "copy failed: "+msg.err.Error(), true
		} else {
			q.note, q.noteBad = "copied the aws cli command to the clipboard (OSC 52)", false
		}
		return q, nil
	case tea.MouseMsg:
		switch msg.Button {
		case tea.MouseButtonWheelUp:
			q.move(-1)
		case tea.MouseButtonWheelDown:
			q.move(1)
		}
		return q, nil
	case tea.KeyMsg:
		k := q.keyMap()
		if q.editing {
			f := q.fieldFor(q.currentRow())
			switch {
			case key.Matches(msg, k.Run):
				q.editing = false
				return q, q.run(nil, 0)
			case key.Matches(msg, k.Done):
				q.editing = false
			case msg.Type == tea.KeyUp || msg.Type == tea.KeyDown || msg.Type == tea.KeyTab || msg.Type == tea.KeyShiftTab:
				q.editing = false
				if msg.Type == tea.KeyUp || msg.Type == tea.KeyShiftTab {
					q.move(-1)
				} else {
					q.move(1)
				}
			default:
				if f != nil {
					f.Update(msg)
				}
			}
			return q, nil
		}
		switch {
		case key.Matches(msg, k.Up):
			q.move(-1)
		case key.Matches(msg, k.Down):
			q.move(1)
		case key.Matches(msg, k.Open):
			if i := q.resultIndex(); i >= 0 && i < len(q.res.items) {
				res := q.res
				it := res.items[i]
				// A projection may leave out the partition key; a Query
				// knows its value from the key condition.
				if in, ok := res.in.(*model.QueryInput); ok {
					if hk := res.tg.hashKey(); it[hk].Type == 0 {
						it = it.Clone()
						it[hk] = in.ExpressionAttributeValues[":pk"]
					}
				}
				return q, func() tea.Msg { return openItemMsg{tg: res.tg, item: it} }
			}
		case key.Matches(msg, k.Edit):
			if q.fieldFor(q.currentRow()) != nil {
				q.editing = true
			}
		case key.Matches(msg, k.Cycle):
			q.cycle(1)
		case key.Matches(msg, k.CycleBack):
			q.cycle(-1)
		case msg.Type == tea.KeyEnter && q.currentRow() == rowRun:
			return q, q.run(nil, 0)
		case msg.Type == tea.KeyEnter:
			q.cycle(1)
		case key.Matches(msg, k.Run):
			return q, q.run(nil, 0)
		case key.Matches(msg, k.ScanMode):
			q.scan = !q.scan
			q.move(0)
		case key.Matches(msg, k.NextPage):
			if q.res != nil && q.res.lek != nil {
				return q, q.runFrom(q.res)
			}
		case key.Matches(msg, k.CopyCLI):
			in, r := q.build()
			if r != nil {
				q.note, q.noteBad = "nothing to copy: "+r.why, true
				return q, nil
			}
			text, copyFn := cliText(in, q.endpoint), q.copy
			if copyFn == nil {
				return q, nil
			}
			return q, func() tea.Msg { return copiedMsg{err: copyFn(text)} }
		}
	}
	return q, nil
}

// runFrom reads the page after res with the same request.
func (q *queryPane) runFrom(res *queryResult) tea.Cmd {
	q.running = true
	q.gen++
	gen, api, tg, page := q.gen, q.api, res.tg, res.page+1
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
	return func() tea.Msg { return queryMsg{gen: gen, res: runRequest(api, in, tg, page)} }
}
