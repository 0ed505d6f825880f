package query

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

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
	case ModeVector:
		return q.vecRun()
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

// run sends the request, or refuses it before sending; a Scan of a
// remote table asks first what it may cost (guard.go).
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
		if start == nil {
			if ask := q.scanGuard(in); ask != nil {
				return ask
			}
		}
	}
	return q.send(in, page)
}

// send runs a request in a command.
func (q *Model) send(in any, page int) tea.Cmd {
	q.running = true
	q.gen++
	gen, api, tg := q.gen, q.api, q.target()
	var rec tea.Cmd
	if page == 0 {
		rec = q.record(in)
	}
	return tea.Batch(func() tea.Msg { return queryMsg{gen: gen, key: tg.Key(), res: runRequest(api, in, tg, page)} }, rec)
}

// runRequest sends a Query or Scan and gathers what it returned and cost,
// with the engine's itemised explanation of the charge when it has one:
// the record of this request, which the engine hands back through the
// request's context (engine.WithRequestTrace), never another request's.
func runRequest(api engine.API, in any, tg kit.Target, page int) *result {
	res := &result{in: in, page: page, tg: tg}
	var err error
	var cc *model.ConsumedCapacity
	ctx, trace := engine.WithRequestTrace(context.Background())
	switch in := in.(type) {
	case *model.QueryInput:
		var out *model.QueryOutput
		out, err = api.Query(ctx, in)
		if err == nil {
			res.items, res.count, res.scanned, res.lek, cc = out.Items, out.Count, out.ScannedCount, out.LastEvaluatedKey, out.ConsumedCapacity
		}
	case *model.ScanInput:
		var out *model.ScanOutput
		out, err = api.Scan(ctx, in)
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
	if rec, ok := trace.Last(); ok { // the engine's itemised charge of this very request
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
