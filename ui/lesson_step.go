package ui

import (
	"context"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/model"
)

// A lesson walks through one data-modeling building block on its demo data
// set, a few steps each. A step is a short explanation and one action the
// user runs with enter: a prepared Query or Scan (which o also opens in the
// query builder), a write, a clock jump, a traffic run, a look at the
// stream or at the items an index leaves out. The action runs as a tea.Cmd
// against the engine like any client's request, and its result comes back
// with the capacity it consumed and the engine's itemised explanation.

// lesson is one building block.
type lesson struct {
	title   string
	dataset string // fixtures data set the lesson uses
	table   string // the table it works on
	steps   []step
}

// step is one explanation and its action.
type step struct {
	title string
	text  string
	act   action
}

// action is what enter runs. Exactly one of its parts is set, except that
// a clock jump may be followed by a read.
type action struct {
	label string // what enter does, shown on the step ("Query ShoppingCart …")
	// read is a Query or Scan input (*model.QueryInput or *model.ScanInput)
	// built at the engine's time; o opens it in the query builder.
	read func(now time.Time) any
	// write is a PutItem, UpdateItem, DeleteItem or BatchGetItem input.
	write func(now time.Time) any
	// advance jumps the engine clock, then the TTL pass runs when sweep is
	// set (the background deletion, which DynamoDB runs on its own).
	advance time.Duration
	sweep   bool
	// traffic runs a workload for trafficSeconds of engine time, stepping
	// the clock a second at a time.
	traffic        *engine.Workload
	trafficSeconds int
	// stream reads the table's change stream and lists its REMOVE records.
	stream string
	// leftOut lists the items an index leaves out; o opens them in 2 Items.
	leftOut [2]string
	// then runs after this action; the result shows the last one's, with
	// the earlier titles as notes.
	then *action
}

// example returns a fixture example's request, resolved at now (examples
// with RelativeTime move their times to the clock).
func example(dataset, name string) func(now time.Time) any {
	return func(now time.Time) any {
		ds, ok := fixtures.Get(dataset)
		if !ok {
			return nil
		}
		ex, ok := ds.Example(name, now)
		if !ok {
			return nil
		}
		if ex.Query != nil {
			q := *ex.Query
			return &q
		}
		s := *ex.Scan
		return &s
	}
}

// lessonResult is what an action did: a title line, the engine's
// explanation of the charge, notes, the items read (or plain rows), and
// DynamoDB's error when the request was rejected.
type lessonResult struct {
	title   string
	before  []string // what happened first (a clock jump, earlier requests)
	lines   []string
	notes   []string
	items   []model.Item
	tg      target
	rows    []string
	err     *model.Error
	changed bool // the workspace changed: panes reload
}

// lessonMsg carries the result of running lesson li's step si.
type lessonMsg struct {
	li, si int
	res    *lessonResult
}

func (lessonMsg) work() {}

// Small interfaces over the embedded engine's extra powers the lessons use
// (a remote backend without them gets a note instead).
type (
	clockJumper  interface{ Advance(d time.Duration) }
	ttlSweeper   interface{ SweepTTL() int }
	streamReader interface {
		ListStreams(ctx context.Context, in *model.ListStreamsInput) (*model.ListStreamsOutput, error)
		DescribeStream(ctx context.Context, in *model.DescribeStreamInput) (*model.DescribeStreamOutput, error)
		GetShardIterator(ctx context.Context, in *model.GetShardIteratorInput) (*model.GetShardIteratorOutput, error)
		GetRecords(ctx context.Context, in *model.GetRecordsInput) (*model.GetRecordsOutput, error)
	}
	workloadRunner interface {
		NewTraffic(w engine.Workload) (*engine.Traffic, error)
	}
)

// engineNow is the engine's time (the wall clock for a backend without one).
func engineNow(api engine.API) time.Time {
	if c, ok := api.(clocked); ok {
		return c.Clock().Now()
	}
	return time.Now()
}

// jumper is the engine clock when it can jump.
func jumper(api engine.API) clockJumper {
	if c, ok := api.(clocked); ok {
		if j, ok := c.Clock().(clockJumper); ok {
			return j
		}
	}
	return nil
}

// runStep runs a step's action as a command.
func runStep(api engine.API, li, si int, a action) tea.Cmd {
	return func() tea.Msg {
		return lessonMsg{li: li, si: si, res: doAction(api, a)}
	}
}

// doAction runs an action against the engine.
func doAction(api engine.API, a action) *lessonResult {
	res := &lessonResult{}
	if a.advance > 0 {
		j := jumper(api)
		if j == nil {
			return &lessonResult{title: "clock jump", err: &model.Error{Code: "not available", Message: "this backend's clock cannot jump (a real DynamoDB endpoint)"}}
		}
		j.Advance(a.advance)
		res.before = append(res.before, "engine clock +"+a.advance.String()+" → "+engineNow(api).UTC().Format("2006-01-02 15:04:05"))
		res.changed = true
		if a.sweep {
			if s, ok := api.(ttlSweeper); ok {
				n := s.SweepTTL()
				res.before = append(res.before, fmt.Sprintf("TTL pass: %d expired item(s) deleted (free: TTL deletes consume no WCU)", n))
			}
		}
	}
	now := engineNow(api)
	var r *lessonResult
	switch {
	case a.read != nil:
		r = doRead(api, a.read(now))
	case a.write != nil:
		r = doWrite(api, a.write(now))
	case a.traffic != nil:
		r = doTraffic(api, *a.traffic, a.trafficSeconds)
	case a.stream != "":
		r = doStream(api, a.stream)
	case a.leftOut[0] != "":
		r = doLeftOut(api, a.leftOut[0], a.leftOut[1])
	default:
		res.title = "clock jump"
		r = res
		res = &lessonResult{}
	}
	r.before = append(res.before, r.before...)
	r.changed = r.changed || res.changed
	if a.then != nil && r.err == nil {
		next := doAction(api, *a.then)
		next.before = append(append(append(r.before, "✓ "+r.title), r.notes...), next.before...)
		next.changed = next.changed || r.changed
		return next
	}
	return r
}

// describeTarget is the target a request reads, described by the engine.
func describeTarget(api engine.API, table, index string) target {
	out, err := api.DescribeTable(bg, &model.DescribeTableInput{TableName: table})
	if err != nil {
		return target{}
	}
	return target{desc: out.Table, index: index}
}

// doRead sends a Query or Scan with the capacity reported per index, and
// gathers the items, counts and the engine's explanation of the charge.
func doRead(api engine.API, in any) *lessonResult {
	res := &lessonResult{}
	var table, index, action string
	var items []model.Item
	var count, scanned int32
	var lek model.Item
	var cc *model.ConsumedCapacity
	var err error
	switch in := in.(type) {
	case *model.QueryInput:
		table, index, action = in.TableName, in.IndexName, "Query"
		in.ReturnConsumedCapacity = model.ReturnCapacityIndexes
		var out *model.QueryOutput
		if out, err = api.Query(bg, in); err == nil {
			items, count, scanned, lek, cc = out.Items, out.Count, out.ScannedCount, out.LastEvaluatedKey, out.ConsumedCapacity
		}
	case *model.ScanInput:
		table, index, action = in.TableName, in.IndexName, "Scan"
		in.ReturnConsumedCapacity = model.ReturnCapacityIndexes
		var out *model.ScanOutput
		if out, err = api.Scan(bg, in); err == nil {
			items, count, scanned, lek, cc = out.Items, out.Count, out.ScannedCount, out.LastEvaluatedKey, out.ConsumedCapacity
		}
	default:
		return &lessonResult{title: "nothing to run", err: &model.Error{Code: "not available", Message: "the lesson's data set or example is missing from this build"}}
	}
	where := table
	if index != "" {
		where += "/" + index
	}
	if err != nil {
		res.title = action + " " + where
		res.err = asModelError(err)
		return res
	}
	res.title = fmt.Sprintf("%s %s · %d items (scanned %d)", action, where, count, scanned)
	if cc != nil {
		res.title += " · " + units(float64(cc.CapacityUnits)) + " RCU"
	}
	if rec, ok := findRequest(api, action, table, index); ok {
		res.lines = rec.Lines
	}
	if lek != nil {
		res.notes = append(res.notes, "LastEvaluatedKey "+keyText(lek, sortedKeys(lek)...)+": more to read from there")
	}
	res.items = items
	res.tg = describeTarget(api, table, index)
	return res
}

// doWrite sends a write (or a BatchGetItem) and reports what it consumed,
// or DynamoDB's error.
func doWrite(api engine.API, in any) *lessonResult {
	res := &lessonResult{}
	var table string
	var err error
	var cc *model.ConsumedCapacity
	var item model.Item
	action := ""
	switch in := in.(type) {
	case *model.PutItemInput:
		action, table = "PutItem", in.TableName
		in.ReturnConsumedCapacity = model.ReturnCapacityIndexes
		var out *model.PutItemOutput
		if out, err = api.PutItem(bg, in); err == nil {
			cc, item = out.ConsumedCapacity, in.Item
		}
	case *model.UpdateItemInput:
		action, table = "UpdateItem", in.TableName
		in.ReturnConsumedCapacity = model.ReturnCapacityIndexes
		in.ReturnValues = "ALL_NEW"
		var out *model.UpdateItemOutput
		if out, err = api.UpdateItem(bg, in); err == nil {
			cc, item = out.ConsumedCapacity, out.Attributes
		}
	case *model.DeleteItemInput:
		action, table = "DeleteItem", in.TableName
		in.ReturnConsumedCapacity = model.ReturnCapacityIndexes
		in.ReturnValues = "ALL_OLD"
		var out *model.DeleteItemOutput
		if out, err = api.DeleteItem(bg, in); err == nil {
			cc, item = out.ConsumedCapacity, out.Attributes
		}
	case *model.BatchGetItemInput:
		return doBatchGet(api, in)
	default:
		return &lessonResult{title: "nothing to run"}
	}
	res.title = action + " " + table
	if err != nil {
		res.err = asModelError(err)
		res.notes = append(res.notes, "nothing was written")
		return res
	}
	res.changed = true
	res.title += wcuText(cc)
	if rec, ok := findRequest(api, action, table, ""); ok {
		res.lines = rec.Lines
	}
	if item != nil {
		res.items = []model.Item{item}
		res.tg = describeTarget(api, table, "")
		if action == "DeleteItem" {
			res.notes = append(res.notes, "deleted (ReturnValues ALL_OLD shows what it was):")
		}
	} else if action == "DeleteItem" {
		res.notes = append(res.notes, "no item had that key: nothing was deleted (a delete of nothing still costs 1 WCU)")
	}
	return res
}

// doBatchGet reads items by key and reports the read units.
func doBatchGet(api engine.API, in *model.BatchGetItemInput) *lessonResult {
	in.ReturnConsumedCapacity = model.ReturnCapacityTotal
	res := &lessonResult{}
	var table string
	for t := range in.RequestItems {
		table = t
	}
	n := len(in.RequestItems[table].Keys)
	out, err := api.BatchGetItem(bg, in)
	res.title = fmt.Sprintf("BatchGetItem %s · %d keys", table, n)
	if err != nil {
		res.err = asModelError(err)
		return res
	}
	var u float64
	for _, c := range out.ConsumedCapacity {
		u += float64(c.CapacityUnits)
	}
	res.title += fmt.Sprintf(" · %d items · %s RCU", len(out.Responses[table]), units(u))
	if rec, ok := findRequest(api, "BatchGetItem", table, ""); ok {
		res.lines = rec.Lines
	}
	res.items = out.Responses[table]
	res.tg = describeTarget(api, table, "")
	return res
}

// doTraffic runs a workload for a few seconds of engine time, jumping the
// clock one second at a time, and counts what was throttled.
func doTraffic(api engine.API, w engine.Workload, seconds int) *lessonResult {
	res := &lessonResult{title: "traffic: " + w.Name() + " on " + w.Table, changed: true}
	tm, ok := api.(workloadRunner)
	j := jumper(api)
	if !ok || j == nil {
		res.err = &model.Error{Code: "not available", Message: "this backend cannot generate traffic on the engine clock"}
		return res
	}
	tr, err := tm.NewTraffic(w)
	if err != nil {
		res.err = asModelError(err)
		return res
	}
	for i := 0; i < seconds; i++ {
		j.Advance(time.Second)
		before := tr.Stats()
		tr.Step()
		after := tr.Stats()
		res.rows = append(res.rows, fmt.Sprintf("second %d: %5d sent · %5d ok · %5d throttled", i+1,
			after.Sent-before.Sent, after.OK-before.OK, after.Throttled-before.Throttled))
	}
	st := tr.Stats()
	res.title = fmt.Sprintf("%s · %d s of engine time", res.title, seconds)
	res.notes = append(res.notes, fmt.Sprintf("%d requests: %d ok, %d throttled, %d failed", st.Sent, st.OK, st.Throttled, st.Failed))
	if st.LastError != "" {
		res.notes = append(res.notes, "last error: "+st.LastError)
	}
	return res
}

// doStream reads a table's change stream from the trim horizon and lists
// its REMOVE records, newest last, telling TTL deletions (userIdentity
// dynamodb.amazonaws.com) from deletes sent by a client.
func doStream(api engine.API, table string) *lessonResult {
	res := &lessonResult{title: "stream of " + table}
	sr, ok := api.(streamReader)
	if !ok {
		res.err = &model.Error{Code: "not available", Message: "this backend has no Streams API"}
		return res
	}
	recs, err := readStream(sr, table)
	if err != nil {
		res.err = asModelError(err)
		return res
	}
	counts := map[string]int{}
	var removes []model.Record
	for _, r := range recs {
		counts[r.EventName]++
		if r.EventName == model.EventRemove {
			removes = append(removes, r)
		}
	}
	res.title = fmt.Sprintf("stream of %s · %d records: %d INSERT · %d MODIFY · %d REMOVE", table, len(recs),
		counts[model.EventInsert], counts[model.EventModify], counts[model.EventRemove])
	if len(removes) > 8 {
		removes = removes[len(removes)-8:]
	}
	keys := describeTarget(api, table, "").tableKeyNames()
	for _, r := range removes {
		who := "userIdentity —  (a client's DeleteItem)"
		if id := r.UserIdentity; id != nil {
			who = "userIdentity " + id.Type + " " + id.PrincipalID
		}
		var vals []string
		if r.Dynamodb != nil {
			for _, k := range keys {
				if v, ok := r.Dynamodb.Keys[k]; ok && k != "" {
					vals = append(vals, cell(v))
				}
			}
		}
		res.rows = append(res.rows, "REMOVE  "+fit(who, 44)+" "+strings.Join(vals, " · "))
	}
	if len(removes) == 0 {
		res.notes = append(res.notes, "no REMOVE records yet")
	}
	return res
}

// readStream reads every record of a table's latest stream.
func readStream(sr streamReader, table string) ([]model.Record, error) {
	ls, err := sr.ListStreams(bg, &model.ListStreamsInput{TableName: table})
	if err != nil {
		return nil, err
	}
	if len(ls.Streams) == 0 {
		return nil, &model.Error{Code: "no stream", Message: table + " has no stream: enable one with StreamSpecification"}
	}
	arn := ls.Streams[len(ls.Streams)-1].StreamArn
	ds, err := sr.DescribeStream(bg, &model.DescribeStreamInput{StreamArn: arn})
	if err != nil {
		return nil, err
	}
	var out []model.Record
	limit := int32(1000)
	for _, sh := range ds.StreamDescription.Shards {
		it, err := sr.GetShardIterator(bg, &model.GetShardIteratorInput{StreamArn: arn, ShardId: sh.ShardId, ShardIteratorType: "TRIM_HORIZON"})
		if err != nil {
			return nil, err
		}
		iter := it.ShardIterator
		for n := 0; iter != "" && n < 100; n++ {
			gr, err := sr.GetRecords(bg, &model.GetRecordsInput{ShardIterator: iter, Limit: &limit})
			if err != nil {
				return nil, err
			}
			out = append(out, gr.Records...)
			if len(gr.Records) == 0 {
				break
			}
			iter = gr.NextShardIterator
		}
	}
	return out, nil
}

// doLeftOut lists the items an index leaves out, with the engine's reasons.
func doLeftOut(api engine.API, table, index string) *lessonResult {
	res := &lessonResult{title: "left out of " + table + "/" + index}
	lo, ok := api.(leftOutLister)
	if !ok {
		res.err = &model.Error{Code: "not available", Message: "this backend cannot tell which items an index leaves out"}
		return res
	}
	items, err := lo.IndexLeftOut(table, index, leftOutLimit)
	if err != nil {
		res.err = asModelError(err)
		return res
	}
	res.title = fmt.Sprintf("%s · %d items", res.title, len(items))
	for _, l := range items {
		mark := "  "
		if l.Violation {
			mark = "! "
		}
		res.rows = append(res.rows, mark+fit(l.Reason, 34)+"  "+keyText(l.Key, sortedKeys(l.Key)...))
	}
	if hasViolation(items) {
		res.notes = append(res.notes, "! a key attribute of the wrong type: the backfill skipped the item, and writes that keep it so are refused")
	}
	return res
}

// epoch is t as a Number of epoch seconds.
func epoch(t time.Time) model.AttributeValue { return model.N(fmt.Sprint(t.Unix())) }

// rfc3339 is t as a String in UTC, to the second.
func rfc3339(t time.Time) model.AttributeValue { return model.S(t.UTC().Format(time.RFC3339)) }

// joinLines joins non-empty parts with " · ".
func joinLines(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, " · ")
}
