package query

import (
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// pqResult is one page of a statement's result and what it cost.
type pqResult struct {
	in    *model.ExecuteStatementInput
	page  int
	plan  *engine.StatementPlan // what it ran as (nil: the backend does not say)
	items []model.Item
	next  string // NextToken
	units float64
	lines []string
	err   *model.Error
	g     kit.Grid
	tg    kit.Target
}

// pqMsg is the result of running a statement.
type pqMsg struct {
	gen int
	res *pqResult
}

// pqConfirmed is delivered when the user agreed to run a DELETE.
type pqConfirmed struct{ in *model.ExecuteStatementInput }

// pqRun sends the statement, asking first when it deletes an item, when
// it writes to a remote table, and when it is the same write again
// (guard.go). The cursor goes to the run button, below which the verdict
// and the result come.
func (q *Model) pqRun() tea.Cmd {
	q.pq.row = pqRun
	in, r := q.pqBuild()
	if r != nil {
		q.pq.note, q.pq.noteBad = "refused before sending: "+r.why, true
		return nil
	}
	q.pq.note, q.pq.noteBad = "", false
	ask, refused := q.pqGuard(in)
	if refused != "" {
		q.pq.note, q.pq.noteBad = "refused before sending: "+refused, true
		return nil
	}
	if ask != nil {
		return ask
	}
	return q.pqSend(in, 0)
}

// pqNext reads the page after the last result with the same request.
func (q *Model) pqNext() tea.Cmd {
	res := q.pq.res
	if res == nil || res.next == "" {
		return nil
	}
	in := *res.in
	in.NextToken = res.next
	return q.pqSend(&in, res.page+1)
}

// pqSend runs a statement in a command.
func (q *Model) pqSend(in *model.ExecuteStatementInput, page int) tea.Cmd {
	q.running = true
	q.gen++
	gen, api := q.gen, q.api
	var rec tea.Cmd
	if page == 0 {
		rec = q.record(in)
	}
	return tea.Batch(func() tea.Msg { return pqMsg{gen: gen, res: runStatement(api, in, page)} }, rec)
}

// runStatement sends an ExecuteStatement request (planned, when the
// backend can say what it ran as) and gathers what it returned and cost,
// with the engine's itemised explanation when it has one, handed back
// through the request's context: a SELECT's record is ExecuteStatement's,
// a write's that of the PutItem, UpdateItem or DeleteItem it became.
func runStatement(api engine.API, in *model.ExecuteStatementInput, page int) *pqResult {
	res := &pqResult{in: in, page: page}
	var out *model.ExecuteStatementOutput
	var err error
	ctx, trace := engine.WithRequestTrace(kit.Bg)
	if p, ok := api.(kit.StatementPlanner); ok {
		out, res.plan, err = p.ExecuteStatementPlanned(ctx, in)
	} else {
		out, err = api.ExecuteStatement(ctx, in)
	}
	if err != nil {
		res.err = kit.AsModelError(err)
		return res
	}
	res.items, res.next = out.Items, out.NextToken
	if cc := out.ConsumedCapacity; cc != nil {
		res.units = float64(cc.CapacityUnits)
	}
	table, index := statementTarget(in.Statement)
	if p := res.plan; p != nil {
		table, index = p.Table, p.Index
		if p.Action != "Query" && p.Action != "Scan" {
			index = ""
		}
	}
	if rec, ok := trace.Last(); ok { // the record of this very request (a write: the one it became)
		res.lines = rec.Lines
	} else {
		res.lines = kit.CapacityLines(out.ConsumedCapacity, statementVerb(in.Statement) == "") // a remote backend: DynamoDB's own split
	}
	if d, err := api.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: table}); err == nil {
		res.tg = kit.Target{Desc: d.Table, Index: index}
	}
	res.g = kit.NewGrid(res.tg, res.items, nil)
	return res
}
