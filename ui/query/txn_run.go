package query

import (
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// txResult is what a transaction returned and cost.
type txResult struct {
	in      *model.TransactWriteItemsInput
	keys    map[string][]string // key attribute names of the tables, for the reasons
	err     *model.Error        // DynamoDB's error; CancellationReasons when cancelled
	units   float64
	perTbl  []string // "CustomerDocuments 4 WCU (table 4)"
	lines   []string // the engine's itemised charge, per table
	logless bool     // the backend keeps no request log
}

// cancelled reports whether the transaction was cancelled with reasons.
func (r *txResult) cancelled() bool { return r.err != nil && len(r.err.CancellationReasons) > 0 }

// txMsg is the result of running the transaction.
type txMsg struct {
	gen int
	res *txResult
}

// txConfirmed is delivered when the user agreed to run a transaction
// that deletes.
type txConfirmed struct {
	in *model.TransactWriteItemsInput
}

// txRun sends the transaction, asking first when it deletes an item, on a
// remote table, and when it is the same transaction again (guard.go). The
// cursor goes to the run button, below which the result comes.
func (q *Model) txRun() tea.Cmd {
	q.tx.cur = txRow{kind: trRun}
	in, r := q.txBuild()
	if r != nil {
		q.tx.note, q.tx.noteBad = "refused before sending: "+r.why, true
		return nil
	}
	q.tx.note, q.tx.noteBad = "", false
	ask, refused := q.txGuard(in)
	if refused != "" {
		q.tx.note, q.tx.noteBad = "refused before sending: "+refused, true
		return nil
	}
	if ask != nil {
		return ask
	}
	return q.txSend(in)
}

// txSend runs the transaction in a command.
func (q *Model) txSend(in *model.TransactWriteItemsInput) tea.Cmd {
	q.running = true
	q.gen++
	gen, api := q.gen, q.api
	keys := map[string][]string{}
	for _, ti := range in.TransactItems {
		t := txTable(ti)
		keys[t] = keyNames(q.tableDesc(t))
	}
	return tea.Batch(func() tea.Msg { return txMsg{gen: gen, res: runTransaction(api, in, keys)} }, q.record(in))
}

// txTable is the table an action names.
func txTable(ti model.TransactWriteItem) string {
	_, table, _ := ti.Action()
	return table
}

// txKey is the key of the item an action is on (a Put's whole item when
// the table's key names are unknown).
func txKey(ti model.TransactWriteItem, keys []string) model.Item {
	action, _, item := ti.Action()
	if action == kindPut && len(keys) > 0 {
		return kit.KeyOf(item, keys...)
	}
	return item
}

// tablesOf lists the tables of a transaction, each once, in request order.
func tablesOf(in *model.TransactWriteItemsInput) []string {
	var out []string
	seen := map[string]bool{}
	for _, ti := range in.TransactItems {
		if t := txTable(ti); !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// runTransaction sends a TransactWriteItems request and gathers what it
// returned and cost, with the engine's itemised explanation (one record
// per table, handed back through the request's context) when the backend
// keeps a log.
func runTransaction(api engine.API, in *model.TransactWriteItemsInput, keys map[string][]string) *txResult {
	res := &txResult{in: in, keys: keys}
	ctx, trace := engine.WithRequestTrace(kit.Bg)
	out, err := api.TransactWriteItems(ctx, in)
	if err != nil {
		res.err = kit.AsModelError(err)
		return res
	}
	for _, cc := range out.ConsumedCapacity {
		res.units += float64(cc.CapacityUnits)
		c := cc
		res.perTbl = append(res.perTbl, cc.TableName+kit.WCUText(&c))
	}
	_, logs := api.(kit.RequestLogger)
	res.logless = !logs
	byTable := map[string][]string{}
	for _, rec := range trace.Records() {
		byTable[rec.Table] = append(byTable[rec.Table], rec.Lines...)
	}
	for _, t := range tablesOf(in) {
		res.lines = append(res.lines, byTable[t]...)
	}
	return res
}

// txOutcome is what became of action i in the last result, while the
// form is as it was run: "✓ written", "○ None", "✗ ConditionalCheckFailed".
// bad marks the action that failed.
func (q *Model) txOutcome(i int) (text string, bad, ok bool) {
	res := q.tx.res
	if res == nil || q.tx.dirty || i >= len(res.in.TransactItems) {
		return "", false, false
	}
	ti := res.in.TransactItems[i]
	switch {
	case res.err == nil:
		if ti.ConditionCheck != nil {
			return "✓ condition held", false, true
		}
		if conditionOf(ti) != "" {
			return "✓ condition held · written", false, true
		}
		return "✓ written", false, true
	case res.cancelled() && i < len(res.err.CancellationReasons):
		c := res.err.CancellationReasons[i]
		if c.Code == model.ReasonNone {
			return "○ None · not written", false, true
		}
		return "✗ " + c.Code, true, true
	}
	return "", false, false
}

// conditionOf is an action's condition expression.
func conditionOf(ti model.TransactWriteItem) string {
	switch {
	case ti.Put != nil:
		return ti.Put.ConditionExpression
	case ti.Update != nil:
		return ti.Update.ConditionExpression
	case ti.Delete != nil:
		return ti.Delete.ConditionExpression
	case ti.ConditionCheck != nil:
		return ti.ConditionCheck.ConditionExpression
	}
	return ""
}
