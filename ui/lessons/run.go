package lessons

import (
	"fmt"
	"strings"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The actions of lesson steps, each sent to the engine like any client's
// request, with what it consumed and the engine's explanation of the
// charge gathered for the lessons pane.

// describeTarget is the target a request reads, described by the engine.
func describeTarget(api engine.API, table, index string) kit.Target {
	out, err := api.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: table})
	if err != nil {
		return kit.Target{}
	}
	return kit.Target{Desc: out.Table, Index: index}
}

// tracedLines are the itemised lines of the requests made with the trace's
// context (engine.WithRequestTrace), in the order they ended: a step shows
// the charge of its own requests, never another's from the request log.
func tracedLines(trace *engine.RequestTrace) []string {
	var out []string
	for _, r := range trace.Records() {
		out = append(out, r.Lines...)
	}
	return out
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
	ctx, trace := engine.WithRequestTrace(kit.Bg)
	switch in := in.(type) {
	case *model.QueryInput:
		table, index, action = in.TableName, in.IndexName, "Query"
		in.ReturnConsumedCapacity = model.ReturnCapacityIndexes
		var out *model.QueryOutput
		if out, err = api.Query(ctx, in); err == nil {
			items, count, scanned, lek, cc = out.Items, out.Count, out.ScannedCount, out.LastEvaluatedKey, out.ConsumedCapacity
		}
	case *model.ScanInput:
		table, index, action = in.TableName, in.IndexName, "Scan"
		in.ReturnConsumedCapacity = model.ReturnCapacityIndexes
		var out *model.ScanOutput
		if out, err = api.Scan(ctx, in); err == nil {
			items, count, scanned, lek, cc = out.Items, out.Count, out.ScannedCount, out.LastEvaluatedKey, out.ConsumedCapacity
		}
	case *model.SearchVectorsInput:
		return doSearch(api, in) // content_vectors.go
	default:
		return &lessonResult{title: "nothing to run", err: &model.Error{Code: "not available", Message: "the lesson's data set or example is missing from this build"}}
	}
	where := table
	if index != "" {
		where += "/" + index
	}
	if err != nil {
		res.title = action + " " + where
		res.err = kit.AsModelError(err)
		return res
	}
	res.title = fmt.Sprintf("%s %s · %s (scanned %d)", action, where, kit.NItems(int(count)), scanned)
	if cc != nil {
		res.title += " · " + kit.Units(float64(cc.CapacityUnits)) + " RCU"
	}
	res.lines = tracedLines(trace)
	if lek != nil {
		res.notes = append(res.notes, "LastEvaluatedKey "+kit.KeyText(lek, kit.SortedKeys(lek)...)+": more to read from there")
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
	ctx, trace := engine.WithRequestTrace(kit.Bg)
	switch in := in.(type) {
	case *model.PutItemInput:
		action, table = "PutItem", in.TableName
		in.ReturnConsumedCapacity = model.ReturnCapacityIndexes
		var out *model.PutItemOutput
		if out, err = api.PutItem(ctx, in); err == nil {
			cc, item = out.ConsumedCapacity, in.Item
		}
	case *model.UpdateItemInput:
		action, table = "UpdateItem", in.TableName
		in.ReturnConsumedCapacity = model.ReturnCapacityIndexes
		in.ReturnValues = "ALL_NEW"
		var out *model.UpdateItemOutput
		if out, err = api.UpdateItem(ctx, in); err == nil {
			cc, item = out.ConsumedCapacity, out.Attributes
		}
	case *model.DeleteItemInput:
		action, table = "DeleteItem", in.TableName
		in.ReturnConsumedCapacity = model.ReturnCapacityIndexes
		in.ReturnValues = "ALL_OLD"
		var out *model.DeleteItemOutput
		if out, err = api.DeleteItem(ctx, in); err == nil {
			cc, item = out.ConsumedCapacity, out.Attributes
		}
	case *model.BatchGetItemInput:
		return doBatchGet(api, in)
	default:
		return &lessonResult{title: "nothing to run"}
	}
	res.title = action + " " + table
	if err != nil {
		res.err = kit.AsModelError(err)
		res.notes = append(res.notes, "nothing was written")
		return res
	}
	res.changed = true
	res.title += kit.WCUText(cc)
	res.lines = tracedLines(trace)
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
	ctx, trace := engine.WithRequestTrace(kit.Bg)
	out, err := api.BatchGetItem(ctx, in)
	res.title = fmt.Sprintf("BatchGetItem %s · %d keys", table, n)
	if err != nil {
		res.err = kit.AsModelError(err)
		return res
	}
	var u float64
	for _, c := range out.ConsumedCapacity {
		u += float64(c.CapacityUnits)
	}
	res.title += fmt.Sprintf(" · %s · %s RCU", kit.NItems(len(out.Responses[table])), kit.Units(u))
	res.lines = tracedLines(trace)
	res.items = out.Responses[table]
	res.tg = describeTarget(api, table, "")
	return res
}

// doTraffic runs a workload for a few seconds of engine time, jumping the
// clock one second at a time, and counts what was throttled.
func doTraffic(api engine.API, w engine.Workload, seconds int) *lessonResult {
	res := &lessonResult{title: "traffic: " + w.Name() + " on " + w.Table, changed: true}
	tm, ok := api.(kit.TrafficMaker)
	j := jumper(api)
	if !ok || j == nil {
		res.err = &model.Error{Code: "not available", Message: "this backend cannot generate traffic on the engine clock"}
		return res
	}
	tr, err := tm.NewTraffic(w)
	if err != nil {
		res.err = kit.AsModelError(err)
		return res
	}
	var reasons []model.ThrottlingReason
	start := engineNow(api)
	for i := 0; i < seconds; i++ {
		j.Advance(time.Second)
		before := tr.Stats()
		tr.Step()
		after := tr.Stats()
		row := fmt.Sprintf("second %d: %5d sent · %5d ok · %5d throttled", i+1,
			after.Sent-before.Sent, after.OK-before.OK, after.Throttled-before.Throttled)
		if by := throttledThisSecond(api, w.Table); by != "" {
			row += " · " + by
		}
		res.rows = append(res.rows, row)
		reasons = append(reasons, lastReasons(api, w.Table, start)...)
	}
	st := tr.Stats()
	res.title = fmt.Sprintf("%s · %d s of engine time", res.title, seconds)
	res.notes = append(res.notes, fmt.Sprintf("%d requests: %d ok, %d throttled, %d failed", st.Sent, st.OK, st.Throttled, st.Failed))
	switch {
	case len(reasons) > 0:
		r := reasons[len(reasons)-1]
		res.wrapped = append(res.wrapped, "the last throttle's ThrottlingReason: "+r.Reason, "  resource "+r.Resource)
	case st.LastError != "":
		res.notes = append(res.notes, "last error: "+st.LastError)
	}
	return res
}

// throttledThisSecond names why the table's requests of the engine's
// current second were throttled ("KeyRangeThroughputExceeded"), from the
// meter's per-second metrics; "" when none was.
func throttledThisSecond(api engine.API, table string) string {
	ms, ok := api.(kit.MeterSource)
	if !ok {
		return ""
	}
	snap := ms.Meter().Series(table, engineNow(api))
	if len(snap.Points) == 0 {
		return ""
	}
	last := snap.Points[len(snap.Points)-1]
	var names []string
	for _, l := range (last.ReadThrottledBy | last.WriteThrottledBy).List() {
		names = append(names, l.String())
	}
	return strings.Join(names, ", ")
}

// lastReasons is the ThrottlingReasons of the newest throttled request on
// table since the given engine time in the engine's request log (nil when
// none is there).
func lastReasons(api engine.API, table string, since time.Time) []model.ThrottlingReason {
	rl, ok := api.(kit.RequestLogger)
	if !ok {
		return nil
	}
	recs := rl.RecentRequests()
	for i := len(recs) - 1; i >= 0; i-- {
		if recs[i].At.Before(since) {
			break
		}
		if recs[i].Table == table && len(recs[i].ThrottlingReasons) > 0 {
			return recs[i].ThrottlingReasons
		}
	}
	return nil
}

// doStream reads a table's change stream from the trim horizon and lists
// its REMOVE records, newest last, telling TTL deletions (userIdentity
// dynamodb.amazonaws.com) from deletes sent by a client.
func doStream(api engine.API, table string) *lessonResult {
	res := &lessonResult{title: "stream of " + table}
	sr, ok := api.(kit.StreamsAPI)
	if !ok {
		res.err = &model.Error{Code: "not available", Message: "this backend has no Streams API"}
		return res
	}
	recs, err := readStream(sr, table)
	if err != nil {
		res.err = kit.AsModelError(err)
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
	keys := describeTarget(api, table, "").TableKeyNames()
	for _, r := range removes {
		who := "userIdentity —  (a client's DeleteItem)"
		if id := r.UserIdentity; id != nil {
			who = "userIdentity " + id.Type + " " + id.PrincipalID
		}
		var vals []string
		if r.Dynamodb != nil {
			for _, k := range keys {
				if v, ok := r.Dynamodb.Keys[k]; ok && k != "" {
					vals = append(vals, kit.Cell(v))
				}
			}
		}
		res.rows = append(res.rows, "REMOVE  "+kit.Fit(who, 44)+" "+strings.Join(vals, " · "))
	}
	if len(removes) == 0 {
		res.notes = append(res.notes, "no REMOVE records yet")
	}
	return res
}

// readStream reads every record of a table's latest stream.
func readStream(sr kit.StreamsAPI, table string) ([]model.Record, error) {
	ls, err := sr.ListStreams(kit.Bg, &model.ListStreamsInput{TableName: table})
	if err != nil {
		return nil, err
	}
	if len(ls.Streams) == 0 {
		return nil, &model.Error{Code: "no stream", Message: table + " has no stream: enable one with StreamSpecification"}
	}
	arn := ls.Streams[len(ls.Streams)-1].StreamArn
	ds, err := sr.DescribeStream(kit.Bg, &model.DescribeStreamInput{StreamArn: arn})
	if err != nil {
		return nil, err
	}
	var out []model.Record
	limit := int32(1000)
	for _, sh := range ds.StreamDescription.Shards {
		it, err := sr.GetShardIterator(kit.Bg, &model.GetShardIteratorInput{StreamArn: arn, ShardId: sh.ShardId, ShardIteratorType: "TRIM_HORIZON"})
		if err != nil {
			return nil, err
		}
		iter := it.ShardIterator
		for n := 0; iter != "" && n < 100; n++ {
			gr, err := sr.GetRecords(kit.Bg, &model.GetRecordsInput{ShardIterator: iter, Limit: &limit})
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
	lo, ok := api.(kit.LeftOutLister)
	if !ok {
		res.err = &model.Error{Code: "not available", Message: "this backend cannot tell which items an index leaves out"}
		return res
	}
	items, err := lo.IndexLeftOut(table, index, kit.LeftOutLimit)
	if err != nil {
		res.err = kit.AsModelError(err)
		return res
	}
	res.title = fmt.Sprintf("%s · %s", res.title, kit.NItems(len(items)))
	reasonWidth := 0 // the longest reason, at most 34: a short one leaves the key room
	for _, l := range items {
		reasonWidth = max(reasonWidth, min(kit.Width(l.Reason), 34))
	}
	for _, l := range items {
		mark := "  "
		if l.Violation {
			mark = "! "
		}
		res.rows = append(res.rows, mark+kit.Fit(l.Reason, reasonWidth)+"  "+kit.KeyText(l.Key, kit.SortedKeys(l.Key)...))
	}
	if kit.HasViolation(items) {
		res.notes = append(res.notes, "! a key attribute of the wrong type: the backfill skipped the item, and writes that keep it so are refused")
	}
	return res
}

// doSide runs reads one after the other and sets them side by side: per
// read its name and what it returned and cost, the values of the
// attributes show in the order returned ("Position 1 10 11 12 2 …"), and
// the engine's explanation of the charge; a refused read shows DynamoDB's
// error in its place. The title sums up each: "then 12 items, 0.5 RCU ·
// now 12 items, 0.5 RCU".
func doSide(api engine.API, reads []sideRead, show []string, now time.Time) *lessonResult {
	res := &lessonResult{}
	var sums []string
	for _, sr := range reads {
		r := doRead(api, sr.read(now))
		if r.err != nil {
			sums = append(sums, sr.label+" refused")
			res.wrapped = append(res.wrapped, "✗ "+sr.label+" · "+r.title+" refused: "+r.err.Code, "  "+r.err.Message)
			continue
		}
		units := "0 RCU"
		if i := strings.LastIndex(r.title, " · "); i >= 0 {
			units = r.title[i+len(" · "):]
		}
		sums = append(sums, sr.label+" "+kit.NItems(len(r.items))+", "+units)
		res.wrapped = append(res.wrapped, sr.label+" · "+r.title, "  "+strings.Join(show, ", ")+" in the order returned: "+valuesInOrder(r.items, show))
		for _, l := range r.lines {
			res.wrapped = append(res.wrapped, "  "+l)
		}
	}
	res.title = strings.Join(sums, " · ")
	return res
}

// valuesInOrder is the values of attributes in items, in order: "1 10 11"
// for one attribute, "ACTIVE 1, ACTIVE 10, SAVED 1" for several ("—" for
// an attribute an item lacks).
func valuesInOrder(items []model.Item, attrs []string) string {
	sep := " "
	if len(attrs) > 1 {
		sep = ", "
	}
	var out []string
	for _, it := range items {
		var vs []string
		for _, a := range attrs {
			v, ok := it[a]
			if !ok {
				vs = append(vs, "—")
				continue
			}
			vs = append(vs, kit.Cell(v))
		}
		out = append(out, strings.Join(vs, " "))
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, sep)
}
