package lessons

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// doTransact sends a TransactWriteItems request and reports, per action
// in request order, what became of it: written, or its cancellation
// reason, the failed one marked with its message and the item it met;
// and what the transaction cost, itemised ("transactional × 2").
func doTransact(api engine.API, in *model.TransactWriteItemsInput) *lessonResult {
	in.ReturnConsumedCapacity = model.ReturnCapacityIndexes
	n := len(in.TransactItems)
	res := &lessonResult{title: "TransactWriteItems · " + kit.Plural(int64(n), "action", "")}
	keys := map[string][]string{}
	var tables []string
	for _, ti := range in.TransactItems {
		if _, t, _ := ti.Action(); keys[t] == nil {
			keys[t] = kit.NonEmpty(describeTarget(api, t, "").TableKeyNames())
			tables = append(tables, t)
		}
	}
	who := func(i int) string {
		kind, t, item := in.TransactItems[i].Action()
		k := item
		if len(keys[t]) > 0 {
			k = kit.KeyOf(item, keys[t]...)
		}
		return fmt.Sprintf("%d %s %s", i+1, kind, kit.KeyValues(k, keys[t]))
	}
	ctx, trace := engine.WithRequestTrace(kit.Bg)
	out, err := api.TransactWriteItems(ctx, in)
	if err != nil {
		res.err = kit.AsModelError(err)
		for i, c := range res.err.CancellationReasons {
			if i >= n {
				break
			}
			if c.Code == model.ReasonNone {
				res.wrapped = append(res.wrapped, who(i)+" → None")
				continue
			}
			res.wrapped = append(res.wrapped, "✗ "+who(i)+" → "+c.Code+" (this action failed)")
			if c.Message != "" {
				res.wrapped = append(res.wrapped, "  "+c.Message)
			}
			if c.Item != nil {
				_, t, _ := in.TransactItems[i].Action()
				res.wrapped = append(res.wrapped, "  the item it met (ALL_OLD): "+kit.KeyText(c.Item, keys[t]...))
			}
		}
		res.notes = append(res.notes, "nothing was written (all or nothing)")
		return res
	}
	res.changed = true
	var units float64
	for _, cc := range out.ConsumedCapacity {
		units += float64(cc.CapacityUnits)
	}
	res.title += " · all written · " + kit.Units(units) + " WCU"
	for i := range in.TransactItems {
		res.wrapped = append(res.wrapped, who(i)+" ✓")
	}
	res.lines = tracedLines(trace) // a record per table
	return res
}

// doCompare runs PartiQL SELECTs one after the other and sets side by side
// what each became, read and cost: the statement, its verdict (a Query
// when the WHERE pins the partition key, a Scan otherwise) with the
// engine's reason, the engine's itemised read, and the items returned.
func doCompare(api engine.API, stmts []string) *lessonResult {
	res := &lessonResult{}
	planner, planned := api.(kit.StatementPlanner)
	var units []string
	for _, s := range stmts {
		in := &model.ExecuteStatementInput{Statement: s, ReturnConsumedCapacity: model.ReturnCapacityTotal}
		var out *model.ExecuteStatementOutput
		var plan *engine.StatementPlan
		var err error
		ctx, trace := engine.WithRequestTrace(kit.Bg)
		if planned {
			out, plan, err = planner.ExecuteStatementPlanned(ctx, in)
		} else {
			out, err = api.ExecuteStatement(ctx, in)
		}
		if err != nil {
			res.title, res.err = s, kit.AsModelError(err)
			return res
		}
		became := "ExecuteStatement"
		if plan != nil {
			became = plan.Action
		}
		u := 0.0
		if out.ConsumedCapacity != nil {
			u = float64(out.ConsumedCapacity.CapacityUnits)
		}
		lines := tracedLines(trace)
		read := ""
		if n, ok := itemsRead(lines); ok {
			read = " read " + kit.NItems(n) + ","
		}
		units = append(units, became+read+" "+kit.Units(u)+" RCU")
		res.wrapped = append(res.wrapped, became+" ← "+s)
		if plan != nil {
			res.wrapped = append(res.wrapped, "  "+plan.Why)
		}
		for _, l := range lines {
			res.wrapped = append(res.wrapped, "  "+l)
		}
		res.wrapped = append(res.wrapped, fmt.Sprintf("  %s returned · %s RCU", kit.NItems(len(out.Items)), kit.Units(u)))
	}
	res.title = strings.Join(units, " · ")
	return res
}

// readLine matches the engine's explanation of one read of a statement:
// "Scan on CustomerDocuments: 21 items, 2.8 KB → …".
var readLine = regexp.MustCompile(`^(?:Query|Scan) on [^:]+: (\d+) (?:items?|index entr(?:y|ies))\b`)

// itemsRead adds up the items the reads of a statement evaluated, from the
// engine's explanation of its charge (DynamoDB's ExecuteStatement answers
// no ScannedCount).
func itemsRead(lines []string) (int, bool) {
	n, found := 0, false
	for _, l := range lines {
		if m := readLine.FindStringSubmatch(l); m != nil {
			k, _ := strconv.Atoi(m[1])
			n, found = n+k, true
		}
	}
	return n, found
}
