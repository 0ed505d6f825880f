package items

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Bulk actions on the marked items: delete them (BatchWriteItem, 25 delete
// requests a call), set an attribute on them or remove one (UpdateItem, one
// call per item, on condition that the item is still there, so none is
// created). Each call is one API request, so one engine transaction.
//
// Nothing is written before a dry run has said what will be: how many
// items, the calls, the write units by the engine's own rules
// (engine.WriteUnitsIn, on the items as they are now: the embedded engine
// reads them again; a remote table's are the items as loaded, so nothing
// is read there unasked) and, on a remote table, how long that takes at
// its provisioned capacity. The root asks (the table's name typed, on a
// remote backend that may write); then the pane runs one call a command,
// shows its progress, stops after the call in flight on esc, and ends on a
// summary of what was written and what failed, and why.

type bulkOp int

const (
	bulkDelete bulkOp = iota
	bulkSet
	bulkRemove
)

// bulkBatch is how many items one command writes: a BatchWriteItem's 25
// delete requests, or 25 UpdateItem calls.
const bulkBatch = 25

// bulkRetryDelay is the wait before items a throttled call left are sent
// again, times the tries so far.
const bulkRetryDelay = 200 * time.Millisecond

// bulkTries is how many times an item DynamoDB leaves unprocessed (or
// throttles) is sent before it counts as failed.
const bulkTries = 5

// bulkPlan is a bulk action and its dry run.
type bulkPlan struct {
	op    bulkOp
	desc  *model.TableDescription
	attr  string
	value model.AttributeValue
	// items are the marked items now (the table key alone where the item
	// is no longer there), in key order; gone counts those.
	items []model.Item
	now   []model.Item // nil where gone
	gone  int
	units engine.WriteUnits // the sum over items
	// read says the items were read again for the plan, and readUnits
	// what that consumed.
	read      bool
	readUnits float64
}

// table is the table written.
func (b *bulkPlan) table() string { return b.desc.TableName }

// keyNames are the table's key attributes.
func (b *bulkPlan) keyNames() []string {
	return []string{model.HashKey(b.desc.KeySchema), model.RangeKey(b.desc.KeySchema)}
}

// calls is how many API calls the action takes.
func (b *bulkPlan) calls() int {
	if b.op == bulkDelete {
		return (len(b.items) + bulkBatch - 1) / bulkBatch
	}
	return len(b.items)
}

// after is the item an action leaves of it (nil: none).
func (b *bulkPlan) after(it model.Item) model.Item {
	if it == nil || b.op == bulkDelete {
		return nil
	}
	out := it.Clone()
	if b.op == bulkSet {
		out[b.attr] = b.value
	} else {
		delete(out, b.attr)
	}
	return out
}

// verb is "delete", "set Status on", "remove Draft from".
func (b *bulkPlan) verb() string {
	switch b.op {
	case bulkSet:
		return "set " + b.attr + " on"
	case bulkRemove:
		return "remove " + b.attr + " from"
	}
	return "delete"
}

// readCurrent reads the items with these table keys as they are now
// (BatchGetItem, 100 keys a call, strongly consistent), by mark key; it
// returns the read units consumed.
func readCurrent(ctx context.Context, api engine.API, table string, keyNames []string, keys []model.Item) (map[string]model.Item, float64, error) {
	out := make(map[string]model.Item, len(keys))
	units := 0.0
	yes := true
	for i := 0; i < len(keys); i += 100 {
		pending := keys[i:min(i+100, len(keys))]
		for tries := 0; len(pending) > 0; tries++ {
			if tries == bulkTries {
				return nil, units, &model.Error{Code: "Unprocessed", Message: fmt.Sprintf("BatchGetItem left %s unprocessed %d times", kit.NItems(len(pending)), bulkTries)}
			}
			res, err := api.BatchGetItem(ctx, &model.BatchGetItemInput{RequestItems: map[string]model.KeysAndAttributes{
				table: {Keys: pending, ConsistentRead: &yes}}, ReturnConsumedCapacity: model.ReturnCapacityTotal})
			if err != nil {
				return nil, units, err
			}
			for _, cc := range res.ConsumedCapacity {
				units += float64(cc.CapacityUnits)
			}
			for _, it := range res.Responses[table] {
				out[string(model.AppendItemJSON(nil, kit.KeyOf(it, keyNames...)))] = it
			}
			pending = res.UnprocessedKeys[table].Keys
		}
	}
	return out, units, nil
}

// planBulk is the dry run of op on the marked items: read again when read
// is set (the embedded engine, or items that are only index entries).
func planBulk(ctx context.Context, api engine.API, desc *model.TableDescription, op bulkOp, attr string, value model.AttributeValue, marked []model.Item, read bool) (*bulkPlan, error) {
	b := &bulkPlan{op: op, desc: desc, attr: attr, value: value, read: read}
	names := b.keyNames()
	keys := make([]model.Item, len(marked))
	for i, it := range marked {
		keys[i] = kit.KeyOf(it, names...)
	}
	var cur map[string]model.Item
	if read {
		var err error
		cur, b.readUnits, err = readCurrent(ctx, api, desc.TableName, names, keys)
		if err != nil {
			return nil, err
		}
	}
	b.items = keys
	b.now = make([]model.Item, len(keys))
	for i, k := range keys {
		it := marked[i]
		if read {
			it = cur[string(model.AppendItemJSON(nil, k))]
		}
		b.now[i] = it
		if it == nil {
			b.gone++
		}
		u := engine.WriteUnitsIn(desc, it, b.after(it))
		b.units.Table += u.Table
		for n, v := range u.Indexes {
			if b.units.Indexes == nil {
				b.units.Indexes = map[string]float64{}
			}
			b.units.Indexes[n] += v
		}
	}
	return b, nil
}

// dryRun is what the question says before anything is written.
func (b *bulkPlan) dryRun(remote bool) []string {
	n := len(b.items)
	var out []string
	switch b.op {
	case bulkDelete:
		out = append(out, fmt.Sprintf("%s: %s BatchWriteItem %s of up to %d DeleteRequests (each one transaction), one after the other.",
			kit.NItems(n), kit.FmtInt(int64(b.calls())), plural(b.calls(), "call", "calls"), bulkBatch))
	default:
		what := "SET " + b.attr + " = " + kit.LiteralText(b.value)
		if b.op == bulkRemove {
			what = "REMOVE " + b.attr
		}
		out = append(out, fmt.Sprintf("%s: %s UpdateItem %s, one per item (%s, on condition that the item is still there: none is created).",
			kit.NItems(n), kit.FmtInt(int64(b.calls())), plural(b.calls(), "call", "calls"), what))
	}
	parts := []string{"table " + kit.Units(b.units.Table)}
	for _, ix := range kit.SortedKeys(b.units.Indexes) {
		parts = append(parts, ix+" "+kit.Units(b.units.Indexes[ix]))
	}
	out = append(out, fmt.Sprintf("It will consume %s WCU (%s), by the engine's capacity rules: 1 WCU per KB of the item, at least 1, plus each index entry it writes or removes.",
		kit.FmtUnits(b.units.Total()), strings.Join(parts, " · ")))
	if b.read {
		out = append(out, fmt.Sprintf("Figures from the items as they are now (read again for this dry run: %s RCU).", kit.Units(b.readUnits)))
	} else {
		out = append(out, "Figures from the items as they were loaded (nothing was read again for this dry run).")
	}
	if b.gone > 0 {
		out = append(out, fmt.Sprintf("%s no longer there: each still costs 1 WCU (a delete of nothing, or a failed condition, is charged).", kit.NItems(b.gone)))
	}
	if remote {
		out = append(out, b.timeAtCapacity())
	}
	return append(out, "", "esc stops after the call in flight; the summary then says what was written and what was not.")
}

// timeAtCapacity is how long the writes take at the table's provisioned
// write capacity (and its GSIs'), or what an on-demand table bills.
func (b *bulkPlan) timeAtCapacity() string {
	d := b.desc
	if d.BillingModeSummary != nil && d.BillingModeSummary.BillingMode == model.BillingPayPerRequest {
		return fmt.Sprintf("On demand: %s write request units billed; an on-demand table takes up to 40,000 a second (the default table quota).", kit.FmtUnits(b.units.Total()))
	}
	if d.ProvisionedThroughput == nil || d.ProvisionedThroughput.WriteCapacityUnits <= 0 {
		return ""
	}
	slowest, why := 0.0, ""
	tableUnits := b.units.Table
	for _, l := range d.LocalSecondaryIndexes {
		tableUnits += b.units.Indexes[l.IndexName] // LSI writes count against the table
	}
	consider := func(units float64, wcu int64, what string) {
		if wcu <= 0 || units <= 0 {
			return
		}
		if s := units / float64(wcu); s > slowest {
			slowest, why = s, fmt.Sprintf("%s at %d WCU", what, wcu)
		}
	}
	consider(tableUnits, d.ProvisionedThroughput.WriteCapacityUnits, "the table")
	for _, g := range d.GlobalSecondaryIndexes {
		if g.ProvisionedThroughput != nil {
			consider(b.units.Indexes[g.IndexName], g.ProvisionedThroughput.WriteCapacityUnits, "GSI "+g.IndexName)
		}
	}
	secs := time.Duration(math.Ceil(slowest)) * time.Second
	return fmt.Sprintf("At the provisioned capacity: ~%s (%s; burst capacity may make it faster, throttling slower).", kit.FmtSpan(secs), why)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// bulkFailure is an item a bulk action did not write, and why.
type bulkFailure struct {
	key model.Item
	why string
}

// bulkStep is what one command of a bulk action did.
type bulkStep struct {
	done     []model.Item // keys written
	failed   []bulkFailure
	retry    []model.Item // keys to send again (unprocessed, throttled)
	consumed float64
	calls    int
}

// runBulkStep writes the items with these keys (at most bulkBatch): one
// BatchWriteItem, or one UpdateItem each.
func runBulkStep(ctx context.Context, api engine.API, b *bulkPlan, keys []model.Item) bulkStep {
	var s bulkStep
	table := b.table()
	if b.op == bulkDelete {
		s.calls = 1
		d, err := kit.BatchDelete(ctx, api, table, keys)
		if err != nil {
			for _, k := range keys {
				s.failed = append(s.failed, bulkFailure{key: k, why: kit.AsModelError(err).Error()})
			}
			return s
		}
		s.consumed, s.retry = d.Units, d.Unprocessed
		if d.Throttled {
			return s
		}
		left := map[string]bool{}
		for _, k := range d.Unprocessed {
			left[string(model.AppendItemJSON(nil, k))] = true
		}
		for _, k := range keys {
			if !left[string(model.AppendItemJSON(nil, k))] {
				s.done = append(s.done, k)
			}
		}
		return s
	}
	names := b.keyNames()
	for _, k := range keys {
		in := &model.UpdateItemInput{TableName: table, Key: k, ConditionExpression: "attribute_exists(#k)",
			ExpressionAttributeNames: map[string]string{"#k": names[0], "#a": b.attr}, ReturnConsumedCapacity: model.ReturnCapacityTotal}
		if b.op == bulkSet {
			in.UpdateExpression = "SET #a = :v"
			in.ExpressionAttributeValues = map[string]model.AttributeValue{":v": b.value}
		} else {
			in.UpdateExpression = "REMOVE #a"
		}
		s.calls++
		out, err := api.UpdateItem(ctx, in)
		if err != nil {
			me := kit.AsModelError(err)
			switch {
			case capacity.IsThrottle(me):
				s.retry = append(s.retry, k)
			case me.Code == model.ErrConditionalCheckFailed:
				s.consumed += 1 // charged for the item as it is: none
				s.failed = append(s.failed, bulkFailure{key: k, why: "no longer there (" + me.Code + ")"})
			default:
				s.failed = append(s.failed, bulkFailure{key: k, why: me.Error()})
			}
			continue
		}
		if out.ConsumedCapacity != nil {
			s.consumed += float64(out.ConsumedCapacity.CapacityUnits)
		}
		s.done = append(s.done, k)
	}
	return s
}

// bulkRun is a bulk action once asked for: its plan, then its progress.
type bulkRun struct {
	plan  *bulkPlan
	seq   int
	table string // the table written: the run and its summary show there only
	start bool   // the user agreed: it runs
	next  int    // the first item not sent yet
	queue []model.Item
	tries map[string]int
	// progress
	done     int
	calls    int
	consumed float64
	failed   []bulkFailure
	inFlight bool
	stopping bool
	finished bool
	stopped  bool
	summary  []string
}

// bulkPlanMsg carries a dry run.
type bulkPlanMsg struct {
	seq  int
	plan *bulkPlan
	err  error
}

// bulkGoMsg: the user agreed to the bulk action.
type bulkGoMsg struct{ seq int }

// bulkStepMsg carries what one command wrote.
type bulkStepMsg struct {
	seq  int
	step bulkStep
}

// bulkNextMsg: time to send again what was left unprocessed.
type bulkNextMsg struct{ seq int }

// startBulk makes the dry run of op on the marked items.
func (p *Model) startBulk(op bulkOp, attr string, value model.AttributeValue) tea.Cmd {
	if why := kit.ReadOnly(p.api); why != "" {
		return kit.Msg(kit.FlashMsg{Text: why})
	}
	if len(p.marks) == 0 {
		return kit.Msg(kit.FlashMsg{Text: "no marked items: space marks the row, * every loaded row, M what the filter matches"})
	}
	if p.bulk != nil && !p.bulk.finished {
		if p.bulk.table != p.tg.Table() {
			return kit.Msg(kit.FlashMsg{Text: "a bulk action is under way in " + p.bulk.table + ": it shows there, where esc stops it"})
		}
		return kit.Msg(kit.FlashMsg{Text: "a bulk action is under way: esc stops it"})
	}
	p.bulkSeq++
	seq, api, desc := p.bulkSeq, p.api, p.tg.Desc
	marked := p.markedItems()
	whole := p.tg.Index == "" || p.tg.Projection().ProjectionType == model.ProjectionAll
	read := !kit.IsRemote(p.api) || !whole
	p.bulk = &bulkRun{seq: seq, table: p.tg.Table()}
	return func() tea.Msg {
		plan, err := planBulk(context.Background(), api, desc, op, attr, value, marked, read)
		return bulkPlanMsg{seq: seq, plan: plan, err: err}
	}
}

// onBulkPlan asks about the dry run.
func (p *Model) onBulkPlan(msg bulkPlanMsg) tea.Cmd {
	r := p.bulk
	if r == nil || r.seq != msg.seq {
		return nil
	}
	if msg.err != nil {
		p.bulk = nil
		return kit.Msg(kit.FlashMsg{Text: "dry run failed, nothing written: " + kit.AsModelError(msg.err).Error()})
	}
	r.plan = msg.plan
	b := msg.plan
	title := fmt.Sprintf("%s %s marked in %s?", capital(b.verb()), kit.NItems(len(b.items)), b.table())
	yes := fmt.Sprintf("%s %s", b.verb(), kit.NItems(len(b.items)))
	return kit.Msg(kit.ConfirmMsg{Title: title, Yes: yes, Body: b.dryRun(kit.IsRemote(p.api)), Then: bulkGoMsg{seq: msg.seq}, Table: b.table()})
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// onBulkGo starts the writes.
func (p *Model) onBulkGo(msg bulkGoMsg) tea.Cmd {
	r := p.bulk
	if r == nil || r.seq != msg.seq || r.plan == nil || r.start {
		return nil
	}
	r.start, r.tries = true, map[string]int{}
	return p.bulkNext()
}

// bulkNext sends the next batch, or ends the run.
func (p *Model) bulkNext() tea.Cmd {
	r := p.bulk
	if r.stopping || (r.next >= len(r.plan.items) && len(r.queue) == 0) {
		return p.finishBulk()
	}
	var keys []model.Item
	for len(keys) < bulkBatch && len(r.queue) > 0 {
		keys = append(keys, r.queue[0])
		r.queue = r.queue[1:]
	}
	for len(keys) < bulkBatch && r.next < len(r.plan.items) {
		keys = append(keys, r.plan.items[r.next])
		r.next++
	}
	r.inFlight = true
	api, plan, seq := p.api, r.plan, r.seq
	return func() tea.Msg {
		return bulkStepMsg{seq: seq, step: runBulkStep(context.Background(), api, plan, keys)}
	}
}

// onBulkStep counts what a command wrote and sends the next.
func (p *Model) onBulkStep(msg bulkStepMsg) tea.Cmd {
	r := p.bulk
	if r == nil || r.seq != msg.seq {
		return nil
	}
	r.inFlight = false
	s := msg.step
	r.done += len(s.done)
	r.calls += s.calls
	r.consumed += s.consumed
	r.failed = append(r.failed, s.failed...)
	if r.table == p.tg.Table() { // the marks shown are this table's
		for _, k := range s.done {
			p.mark(k, false)
		}
	}
	for _, k := range s.retry {
		id := string(model.AppendItemJSON(nil, k))
		r.tries[id]++
		if r.tries[id] >= bulkTries {
			r.failed = append(r.failed, bulkFailure{key: k, why: fmt.Sprintf("unprocessed or throttled %d times (the table's write throughput)", bulkTries)})
			continue
		}
		r.queue = append(r.queue, k)
	}
	if len(s.done) == 0 && len(s.retry) > 0 && !r.stopping {
		// throttled: give the table's buckets time to refill
		seq := r.seq
		return tea.Tick(time.Duration(r.tries[string(model.AppendItemJSON(nil, s.retry[0]))])*p.retryDelay,
			func(time.Time) tea.Msg { return bulkNextMsg{seq: seq} })
	}
	return p.bulkNext()
}

// stopBulk stops after the call in flight.
func (p *Model) stopBulk() tea.Cmd {
	r := p.bulk
	r.stopping = true
	if r.inFlight {
		return nil
	}
	return p.finishBulk()
}

// finishBulk ends the run on its summary; the workspace reads again what
// changed.
func (p *Model) finishBulk() tea.Cmd {
	r := p.bulk
	b := r.plan
	r.finished, r.stopped = true, r.stopping
	n := len(b.items)
	past := map[bulkOp]string{bulkDelete: "Deleted", bulkSet: "Set " + b.attr + " on", bulkRemove: "Removed " + b.attr + " from"}[b.op]
	head := fmt.Sprintf("%s %s of %s in %s · %s %s · %s WCU consumed", past, kit.FmtInt(int64(r.done)), kit.NItems(n), b.table(),
		kit.FmtInt(int64(r.calls)), plural(r.calls, "call", "calls"), kit.FmtUnits(r.consumed))
	lines := []string{head}
	if r.stopped {
		left := n - r.done - len(r.failed)
		lines = append(lines, fmt.Sprintf("Stopped by you: %s not sent (still marked).", kit.NItems(left)))
	}
	if len(r.failed) == 0 {
		lines = append(lines, "Nothing failed.")
	} else {
		lines = append(lines, fmt.Sprintf("%s failed (still marked):", kit.NItems(len(r.failed))))
		byWhy := map[string][]model.Item{}
		for _, f := range r.failed {
			byWhy[f.why] = append(byWhy[f.why], f.key)
		}
		whys := kit.SortedKeys(byWhy)
		sort.SliceStable(whys, func(i, j int) bool { return len(byWhy[whys[i]]) > len(byWhy[whys[j]]) })
		names := b.keyNames()
		for _, why := range whys {
			keys := byWhy[why]
			var shown []string
			for _, k := range keys[:min(len(keys), 3)] {
				shown = append(shown, kit.KeyText(k, names...))
			}
			more := ""
			if len(keys) > 3 {
				more = fmt.Sprintf(" and %s more", kit.FmtInt(int64(len(keys)-3)))
			}
			lines = append(lines, fmt.Sprintf("  %s × %s: %s%s", kit.FmtInt(int64(len(keys))), why, strings.Join(shown, ", "), more))
		}
	}
	r.summary = lines
	return kit.Msg(kit.ChangedMsg{Table: b.table(), Note: head})
}

// bulkLine is the progress of a bulk action, for the position line.
func (p *Model) bulkLine() string {
	r := p.bulk
	b := r.plan
	what := map[bulkOp]string{bulkDelete: "deleting", bulkSet: "setting " + b.attr + " on", bulkRemove: "removing " + b.attr + " from"}[b.op]
	s := fmt.Sprintf("%s: %s of %s · %s %s · %s of ~%s WCU", what, kit.FmtInt(int64(r.done)), kit.NItems(len(b.items)),
		kit.FmtInt(int64(r.calls)), plural(r.calls, "call", "calls"), kit.FmtUnits(r.consumed), kit.FmtUnits(b.units.Total()))
	if len(r.failed) > 0 {
		s += fmt.Sprintf(" · %s failed", kit.FmtInt(int64(len(r.failed))))
	}
	if r.stopping {
		return s + " · stopping after the call in flight…"
	}
	return s + " · esc stops"
}

// bulkRunning reports whether a bulk action is writing the table shown
// (one on another table goes on unseen; its end is flashed).
func (p *Model) bulkRunning() bool {
	return p.bulk != nil && p.bulk.start && !p.bulk.finished && p.bulk.table == p.tg.Table()
}

// summaryShown reports whether the summary of the bulk action that ended
// on the table shown has the pane.
func (p *Model) summaryShown() bool {
	return p.bulk != nil && p.bulk.finished && p.bulk.table == p.tg.Table()
}
