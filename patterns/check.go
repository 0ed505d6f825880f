// Package patterns checks access patterns against a workspace's live data:
// each pattern's request runs on the engine, and the result says which
// table or index serves it and by which key condition (or that it scans,
// and why), how many items it read and returned, the capacity one call
// consumes with the engine's itemised explanation, the hottest
// partition-key value it touches and that value's share of the table or
// index, and how close its items and item collections are to DynamoDB's
// 400 KB and 10 GB limits. A pattern fails when it scans without
// Budget.AllowScan, exceeds its Budget, or the request fails.
//
// Reads (GetItem, Query, Scan, a PartiQL SELECT) run on the workspace
// itself, consuming capacity as any request does. Writes (PutItem,
// UpdateItem, DeleteItem, TransactWriteItems) never change the workspace:
// each runs on a scratch in-memory engine holding the same table
// definitions and a copy of the items it touches (read without consuming
// capacity), which is everything a write's units depend on. Item-collection
// limits are not enforced there: the collection size is reported instead.
package patterns

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/dynoscope/dynoscope/designs"
	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/expr"
	"github.com/dynoscope/dynoscope/model"
)

// Limits the risks are measured against.
const (
	maxItemSize       = 400 * 1024
	maxCollectionSize = 10 << 30
	// nearShare is the share of a limit from which an item or collection is
	// reported as near it.
	nearShare = 0.75
)

// Workspace is what a check needs of a workspace; *engine.Engine has it.
type Workspace interface {
	engine.API
	KeySpread(table, index string, top int) (engine.KeySpread, error)
	KeyLoad(table, index string, partition model.Item) (engine.KeyLoad, error)
	ItemCollectionSize(table string, value model.AttributeValue) (int64, bool, error)
	PeekItem(table string, key model.Item) (model.Item, error)
	RecentRequests() []engine.RequestRecord
	PlanStatement(ctx context.Context, statement string, params []model.AttributeValue) (*engine.StatementPlan, error)
}

// HotKey is the heaviest partition-key value a pattern touches.
type HotKey struct {
	Table, Index string
	// Partition holds the partition attributes and their values (one, or
	// up to four for a GSI with a multi-attribute key).
	Partition model.Item
	// Items and Bytes under the value, of TotalItems and TotalBytes in the
	// table or index.
	Items, TotalItems int64
	Bytes, TotalBytes int64
}

// Share is the value's share of the table's (index's) bytes, 0 to 1: what
// its reads and writes weigh against the rest (units follow bytes).
func (h HotKey) Share() float64 {
	if h.TotalBytes == 0 {
		return 0
	}
	return float64(h.Bytes) / float64(h.TotalBytes)
}

// Result is what checking one pattern found.
type Result struct {
	Pattern designs.Pattern
	// Action is the request that ran: GetItem, Query, Scan, PutItem, ...
	Action string
	// Table and Index serve the pattern (Index "" for the table; for a
	// transaction, Table lists the tables).
	Table, Index string
	// KeyCondition is how the table or index is reached: the key condition
	// of a Query, the key of a single-item request; "" for a Scan.
	KeyCondition string
	Scan         bool
	// Advice says why a Scan scans and what would serve the pattern
	// instead.
	Advice string
	// ItemsRead and ItemsReturned: what one call read and returned (-1
	// when the request does not tell).
	ItemsRead, ItemsReturned int
	// More is set when the call stopped with more to read (a next page).
	More     bool
	RCU, WCU float64
	// SearchBytes is a SearchVectors call's vector search request bytes
	// (it consumes no read units).
	SearchBytes float64
	// Lines itemise the capacity of the call.
	Lines  []string
	HotKey *HotKey
	// LargestItem is the largest item the pattern touches, in bytes;
	// Collection the largest item collection it touches (tables with LSIs;
	// -1 otherwise).
	LargestItem int64
	Collection  int64
	// Risks are warnings (items or collections near their limit, reads a
	// filter throws away); Failures make the check fail.
	Risks    []string
	Error    string
	Failures []string
}

// OK reports whether the pattern passed.
func (r Result) OK() bool { return len(r.Failures) == 0 }

// Checker checks patterns against one workspace.
type Checker struct {
	WS Workspace
	// Values override placeholder values of every pattern.
	Values map[string]string
	spread map[string]engine.KeySpread
	desc   map[string]*model.TableDescription
}

// Check checks every pattern, in order.
func (c *Checker) Check(ctx context.Context, ps []designs.Pattern) []Result {
	out := make([]Result, len(ps))
	for i, p := range ps {
		out[i] = c.CheckOne(ctx, p)
	}
	return out
}

// CheckOne checks one pattern.
func (c *Checker) CheckOne(ctx context.Context, p designs.Pattern) Result {
	r := Result{Pattern: p, Action: p.Operation, ItemsRead: -1, ItemsReturned: -1, Collection: -1}
	in, err := p.Input(c.Values)
	if err == nil {
		switch in := in.(type) {
		case *model.GetItemInput:
			err = c.getItem(ctx, in, &r)
		case *model.QueryInput:
			err = c.query(ctx, in, &r)
		case *model.ScanInput:
			err = c.scan(ctx, in, &r)
		case *model.ExecuteStatementInput:
			err = c.statement(ctx, in, &r)
		case *model.SearchVectorsInput:
			err = c.searchVectors(ctx, in, &r)
		default:
			err = c.write(ctx, in, &r)
		}
	}
	if err != nil {
		r.Error = err.Error()
		r.Failures = append(r.Failures, "the request failed: "+r.Error)
	}
	c.judge(&r)
	return r
}

// judge adds the risks and the budget's verdict.
func (c *Checker) judge(r *Result) {
	b := r.Pattern.Budget
	if r.Error == "" {
		if r.Scan && !b.AllowScan {
			msg := "it scans"
			if r.Advice != "" {
				msg += ": " + r.Advice
			}
			r.Failures = append(r.Failures, msg)
		}
		if b.MaxRCU != nil && r.RCU > *b.MaxRCU {
			r.Failures = append(r.Failures, fmt.Sprintf("%s RCU per call, over its budget of %s", units(r.RCU), units(*b.MaxRCU)))
		}
		if b.MaxWCU != nil && r.WCU > *b.MaxWCU {
			r.Failures = append(r.Failures, fmt.Sprintf("%s WCU per call, over its budget of %s", units(r.WCU), units(*b.MaxWCU)))
		}
	}
	if r.ItemsRead > 0 && r.ItemsReturned >= 0 && r.ItemsReturned < r.ItemsRead {
		r.Risks = append(r.Risks, fmt.Sprintf("the filter discards %s of the %s items read (paid for all %s)", thousands(int64(r.ItemsRead-r.ItemsReturned)), thousands(int64(r.ItemsRead)), thousands(int64(r.ItemsRead))))
	}
	if r.LargestItem >= int64(nearShare*maxItemSize) {
		r.Risks = append(r.Risks, fmt.Sprintf("an item of %s, %d%% of the 400 KB item limit", kb(r.LargestItem), r.LargestItem*100/maxItemSize))
	}
	if r.Collection >= int64(nearShare*maxCollectionSize) {
		r.Risks = append(r.Risks, fmt.Sprintf("an item collection of %s, %d%% of the 10 GB limit of tables with local secondary indexes", kb(r.Collection), r.Collection*100/maxCollectionSize))
	}
}

// units renders capacity units as DynamoDB does ("0.5", "3").
func units(u float64) string { return fmt.Sprintf("%g", u) }

// kb renders a size: "812 B", "3.2 KB", "1.5 MB", "2.1 GB".
func kb(n int64) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KB", float64(n)/1024)
	case n < 1<<30:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
}

// thousands is a count with thousands separators: "12,345".
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// describe returns (and caches) a table's description.
func (c *Checker) describe(ctx context.Context, table string) (*model.TableDescription, error) {
	if d, ok := c.desc[table]; ok {
		return d, nil
	}
	out, err := c.WS.DescribeTable(ctx, &model.DescribeTableInput{TableName: table})
	if err != nil {
		return nil, err
	}
	if c.desc == nil {
		c.desc = map[string]*model.TableDescription{}
	}
	c.desc[table] = out.Table
	return out.Table, nil
}

// keySpread returns (and caches) the spread of a table or index.
func (c *Checker) keySpread(table, index string) (engine.KeySpread, error) {
	k := table + "\x00" + index
	if s, ok := c.spread[k]; ok {
		return s, nil
	}
	s, err := c.WS.KeySpread(table, index, 1)
	if err != nil {
		return s, err
	}
	if c.spread == nil {
		c.spread = map[string]engine.KeySpread{}
	}
	c.spread[k] = s
	return s, nil
}

// keySchemaOf returns the key schema of a table or one of its indexes.
func keySchemaOf(d *model.TableDescription, index string) ([]model.KeySchemaElement, bool) {
	if index == "" {
		return d.KeySchema, true
	}
	for _, g := range d.GlobalSecondaryIndexes {
		if g.IndexName == index {
			return g.KeySchema, true
		}
	}
	for _, l := range d.LocalSecondaryIndexes {
		if l.IndexName == index {
			return l.KeySchema, true
		}
	}
	return nil, false
}

// exprSchema is the expr view of a key schema (a multi-attribute one
// when it has more than one partition or sort attribute).
func exprSchema(d *model.TableDescription, ks []model.KeySchemaElement) expr.KeySchema {
	types := map[string]model.Type{}
	for _, a := range d.AttributeDefinitions {
		t, _ := model.ParseType(a.AttributeType)
		types[a.AttributeName] = t
	}
	h, r := model.HashKey(ks), model.RangeKey(ks)
	s := expr.KeySchema{HashKey: h, HashType: types[h], RangeKey: r, RangeType: types[r]}
	var hs, rs []expr.KeyPart
	for _, k := range ks {
		part := expr.KeyPart{Name: k.AttributeName, Type: types[k.AttributeName]}
		if k.KeyType == model.KeyTypeHash {
			hs = append(hs, part)
		} else {
			rs = append(rs, part)
		}
	}
	if len(hs) > 1 || len(rs) > 1 {
		s.HashKeys, s.RangeKeys = hs, rs
	}
	return s
}

// partitionNames lists the partition attributes of a key schema.
func partitionNames(ks []model.KeySchemaElement) []string {
	var out []string
	for _, k := range ks {
		if k.KeyType == model.KeyTypeHash {
			out = append(out, k.AttributeName)
		}
	}
	return out
}

// record finds the log record of the request that just ran: the newest of
// the action on the table and index with the units it reported (requests
// of others may have run meanwhile).
func record(ws interface {
	RecentRequests() []engine.RequestRecord
}, action, table, index string, total float64) []string {
	recs := ws.RecentRequests()
	for i := len(recs) - 1; i >= 0; i-- {
		rec := recs[i]
		if rec.Action == action && rec.Table == table && rec.Index == index && rec.Error == "" && math.Abs(rec.Units-total) < 1e-9 {
			return rec.Lines
		}
	}
	return nil
}

// consumed is the total of a ConsumedCapacity (nil: 0).
func consumed(cc *model.ConsumedCapacity) float64 {
	if cc == nil {
		return 0
	}
	return float64(cc.CapacityUnits)
}

// hot fills r's hot key from one partition-key value of a table or index.
func (c *Checker) hot(r *Result, table, index string, d *model.TableDescription, ks []model.KeySchemaElement, partition model.Item) error {
	load, err := c.WS.KeyLoad(table, index, partition)
	if err != nil {
		return err
	}
	spread, err := c.keySpread(table, index)
	if err != nil {
		return err
	}
	r.HotKey = &HotKey{Table: table, Index: index, Partition: load.Partition, Items: load.Items, TotalItems: spread.Items,
		Bytes: load.Bytes, TotalBytes: spread.Bytes}
	r.LargestItem = max(r.LargestItem, load.Largest)
	if v, ok := load.Partition[model.HashKey(d.KeySchema)]; ok && len(load.Partition) == 1 && len(d.LocalSecondaryIndexes) > 0 {
		if n, ok, err := c.WS.ItemCollectionSize(table, v); err == nil && ok {
			r.Collection = max(r.Collection, n)
		}
	}
	return nil
}

func (c *Checker) getItem(ctx context.Context, in *model.GetItemInput, r *Result) error {
	cp := *in
	cp.ReturnConsumedCapacity = model.ReturnCapacityIndexes
	r.Table = in.TableName
	r.KeyCondition = showKey(in.Key)
	d, err := c.describe(ctx, in.TableName)
	if err != nil {
		return err
	}
	out, err := c.WS.GetItem(ctx, &cp)
	if err != nil {
		return err
	}
	r.RCU = consumed(out.ConsumedCapacity)
	r.Lines = record(c.WS, "GetItem", in.TableName, "", r.RCU)
	r.ItemsRead, r.ItemsReturned = 0, 0
	if out.Item != nil {
		r.ItemsRead, r.ItemsReturned = 1, 1
	}
	pk := model.HashKey(d.KeySchema)
	return c.hot(r, in.TableName, "", d, d.KeySchema, model.Item{pk: in.Key[pk]})
}

func (c *Checker) query(ctx context.Context, in *model.QueryInput, r *Result) error {
	cp := *in
	cp.ReturnConsumedCapacity = model.ReturnCapacityIndexes
	r.Table, r.Index = in.TableName, in.IndexName
	r.KeyCondition = showNames(in.KeyConditionExpression, in.ExpressionAttributeNames)
	if vs := showValues(in.ExpressionAttributeValues, in.KeyConditionExpression); vs != "" {
		r.KeyCondition += " (" + vs + ")"
	}
	out, err := c.WS.Query(ctx, &cp)
	if err != nil {
		return err
	}
	r.RCU = consumed(out.ConsumedCapacity)
	r.Lines = record(c.WS, "Query", in.TableName, in.IndexName, r.RCU)
	r.ItemsRead, r.ItemsReturned, r.More = int(out.ScannedCount), int(out.Count), out.LastEvaluatedKey != nil
	d, err := c.describe(ctx, in.TableName)
	if err != nil {
		return err
	}
	ks, _ := keySchemaOf(d, in.IndexName)
	schema := exprSchema(d, ks)
	partition := model.Item{}
	if in.KeyConditionExpression != "" {
		ectx, err := expr.NewContext(in.ExpressionAttributeNames, in.ExpressionAttributeValues)
		if err != nil {
			return err
		}
		if schema.MultiAttribute() {
			mk, err := ectx.ParseMultiKeyCondition(in.KeyConditionExpression, schema)
			if err != nil {
				return err
			}
			for i, name := range partitionNames(ks) {
				partition[name] = mk.HashValues[i]
			}
		} else {
			kc, err := ectx.ParseKeyCondition(in.KeyConditionExpression, schema)
			if err != nil {
				return err
			}
			partition[schema.HashKey] = kc.HashValue
		}
	} else {
		kc, err := expr.FromKeyConditions(in.KeyConditions, schema)
		if err != nil {
			return err
		}
		partition[schema.HashKey] = kc.HashValue
		r.KeyCondition = showConditions(in.KeyConditions)
	}
	return c.hot(r, in.TableName, in.IndexName, d, ks, partition)
}

func (c *Checker) scan(ctx context.Context, in *model.ScanInput, r *Result) error {
	cp := *in
	cp.ReturnConsumedCapacity = model.ReturnCapacityIndexes
	r.Table, r.Index, r.Scan = in.TableName, in.IndexName, true
	out, err := c.WS.Scan(ctx, &cp)
	if err != nil {
		return err
	}
	r.RCU = consumed(out.ConsumedCapacity)
	r.Lines = record(c.WS, "Scan", in.TableName, in.IndexName, r.RCU)
	r.ItemsRead, r.ItemsReturned, r.More = int(out.ScannedCount), int(out.Count), out.LastEvaluatedKey != nil
	d, err := c.describe(ctx, in.TableName)
	if err != nil {
		return err
	}
	var names []string
	if in.FilterExpression != "" {
		ectx, err := expr.NewContext(in.ExpressionAttributeNames, in.ExpressionAttributeValues)
		if err != nil {
			return err
		}
		cond, err := ectx.ParseCondition(expr.ParamFilter, in.FilterExpression)
		if err != nil {
			return err
		}
		names = cond.TopLevelNames()
	}
	for n := range in.ScanFilter {
		names = append(names, n)
	}
	r.Advice = scanAdvice(d, names)
	spread, err := c.keySpread(in.TableName, in.IndexName)
	if err != nil {
		return err
	}
	if len(spread.Top) > 0 {
		top := spread.Top[0]
		r.HotKey = &HotKey{Table: in.TableName, Index: in.IndexName, Partition: top.Partition,
			Items: top.Items, TotalItems: spread.Items, Bytes: top.Bytes, TotalBytes: spread.Bytes}
	}
	r.LargestItem = spread.LargestItem
	if in.IndexName == "" && len(d.LocalSecondaryIndexes) > 0 {
		r.Collection = spread.LargestCollection.Bytes
	}
	return nil
}

// scanAdvice says why a Scan reads everything: which index could serve
// the attributes it filters on, or that none has them as partition key.
func scanAdvice(d *model.TableDescription, filtered []string) string {
	if len(filtered) == 0 {
		return "no filter: it reads every item"
	}
	sort.Strings(filtered)
	type idx struct {
		name string
		pks  []string
	}
	all := []idx{{"", partitionNames(d.KeySchema)}}
	for _, g := range d.GlobalSecondaryIndexes {
		if g.IndexStatus == model.StatusDeleting {
			continue // going away: it serves nothing
		}
		all = append(all, idx{g.IndexName, partitionNames(g.KeySchema)})
	}
	for _, ix := range all {
		covered := len(ix.pks) > 0
		for _, pk := range ix.pks {
			covered = covered && contains(filtered, pk)
		}
		if !covered {
			continue
		}
		key := strings.Join(ix.pks, ", ")
		if len(ix.pks) > 1 {
			key = "(" + key + ")"
		}
		if ix.name == "" {
			return fmt.Sprintf("the table's partition key is %s: a Query on the table reads only the matching items", key)
		}
		return fmt.Sprintf("index %s has partition key %s: a Query on it reads only the matching items", ix.name, key)
	}
	if len(filtered) == 1 {
		return fmt.Sprintf("no index has partition key %s", filtered[0])
	}
	return fmt.Sprintf("no index has partition key %s", oneOf(filtered))
}

func oneOf(s []string) string {
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

func (c *Checker) statement(ctx context.Context, in *model.ExecuteStatementInput, r *Result) error {
	plan, err := c.WS.PlanStatement(ctx, in.Statement, in.Parameters)
	if err != nil {
		return err
	}
	r.Table, r.Index, r.Action = plan.Table, plan.Index, "ExecuteStatement ("+plan.Action+")"
	switch plan.Action {
	case "Query", "Scan", "GetItem":
	default:
		return fmt.Errorf("a PartiQL %s is not checked: write the pattern as %s, which the checker runs on a copy of the items", plan.Action, plan.Action)
	}
	r.Scan = plan.Action == "Scan"
	r.KeyCondition = strings.Join(plan.Reads, "; ")
	if r.Scan {
		r.Advice = plan.Why
	}
	cp := *in
	cp.ReturnConsumedCapacity = model.ReturnCapacityIndexes
	out, err := c.WS.ExecuteStatement(ctx, &cp)
	if err != nil {
		return err
	}
	r.RCU = consumed(out.ConsumedCapacity)
	r.Lines = record(c.WS, "ExecuteStatement", plan.Table, plan.Index, r.RCU)
	r.ItemsReturned, r.More = len(out.Items), out.NextToken != ""
	return nil
}
