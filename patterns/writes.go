package patterns

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// touch is one item a write touches.
type touch struct {
	action string // Put, Update, Delete, ConditionCheck
	table  string
	key    model.Item
	item   model.Item // Put: the whole item
}

// touches lists the items a write request touches.
func touches(in any) (action string, ts []touch) {
	switch in := in.(type) {
	case *model.PutItemInput:
		return "PutItem", []touch{{action: "Put", table: in.TableName, item: in.Item}}
	case *model.UpdateItemInput:
		return "UpdateItem", []touch{{action: "Update", table: in.TableName, key: in.Key}}
	case *model.DeleteItemInput:
		return "DeleteItem", []touch{{action: "Delete", table: in.TableName, key: in.Key}}
	case *model.TransactWriteItemsInput:
		for _, a := range in.TransactItems {
			action, table, item := a.Action()
			switch action {
			case "":
			case "Put":
				ts = append(ts, touch{action: action, table: table, item: item})
			default:
				ts = append(ts, touch{action: action, table: table, key: item})
			}
		}
		return "TransactWriteItems", ts
	}
	return "", nil
}

// write runs a write pattern on a scratch engine holding copies of the
// tables and of the items the write touches.
func (c *Checker) write(ctx context.Context, in any, r *Result) error {
	action, ts := touches(in)
	if action == "" {
		return fmt.Errorf("unsupported request %T", in)
	}
	r.Action = action
	scratch, err := engine.Open(engine.Options{DisableThrottling: true, DisableMetrics: true, DisableTTLSweeper: true})
	if err != nil {
		return err
	}
	defer scratch.Close()
	var tables []string
	for i := range ts {
		t := &ts[i]
		d, err := c.describe(ctx, t.table)
		if err != nil {
			return err
		}
		if t.key == nil && t.item != nil {
			t.key = keyOf(t.item, d.KeySchema)
		}
		if !contains(tables, t.table) {
			tables = append(tables, t.table)
			if _, err := scratch.CreateTable(ctx, model.ScratchTableInput(d)); err != nil {
				return fmt.Errorf("copying table %s: %w", t.table, err)
			}
		}
		// The item as it is now: what a write's units and conditions see.
		if old, err := c.WS.PeekItem(t.table, t.key); err == nil && old != nil {
			if _, err := scratch.PutItem(ctx, &model.PutItemInput{TableName: t.table, Item: old}); err != nil {
				return fmt.Errorf("copying an item of %s: %w", t.table, err)
			}
			r.LargestItem = max(r.LargestItem, int64(model.ItemSize(old)))
		}
		if pk, ok := t.key[model.HashKey(d.KeySchema)]; ok {
			if err := c.hotWrite(r, t.table, d, model.Item{model.HashKey(d.KeySchema): pk}); err != nil {
				return err
			}
		}
	}
	sort.Strings(tables)
	r.Table = strings.Join(tables, ", ")
	r.KeyCondition = showTouches(ts)
	seeded := len(scratch.RecentRequests())
	switch in := in.(type) {
	case *model.PutItemInput:
		cp := *in
		cp.ReturnConsumedCapacity = model.ReturnCapacityIndexes
		out, err := scratch.PutItem(ctx, &cp)
		if err != nil {
			return err
		}
		r.WCU = consumed(out.ConsumedCapacity)
	case *model.UpdateItemInput:
		cp := *in
		cp.ReturnConsumedCapacity = model.ReturnCapacityIndexes
		out, err := scratch.UpdateItem(ctx, &cp)
		if err != nil {
			return err
		}
		r.WCU = consumed(out.ConsumedCapacity)
	case *model.DeleteItemInput:
		cp := *in
		cp.ReturnConsumedCapacity = model.ReturnCapacityIndexes
		out, err := scratch.DeleteItem(ctx, &cp)
		if err != nil {
			return err
		}
		r.WCU = consumed(out.ConsumedCapacity)
	case *model.TransactWriteItemsInput:
		cp := *in
		cp.ReturnConsumedCapacity = model.ReturnCapacityIndexes
		out, err := scratch.TransactWriteItems(ctx, &cp)
		if err != nil {
			return err
		}
		for _, cc := range out.ConsumedCapacity {
			r.WCU += float64(cc.CapacityUnits)
		}
	}
	recs := scratch.RecentRequests()
	for _, rec := range recs[min(seeded, len(recs)):] {
		r.Lines = append(r.Lines, rec.Lines...)
	}
	// The items as the write leaves them.
	for _, t := range ts {
		if after, err := scratch.PeekItem(t.table, t.key); err == nil && after != nil {
			r.LargestItem = max(r.LargestItem, int64(model.ItemSize(after)))
		}
	}
	return nil
}

// hotWrite keeps the heaviest partition-key value a write touches.
func (c *Checker) hotWrite(r *Result, table string, d *model.TableDescription, pk model.Item) error {
	var cand Result
	cand.Collection = -1
	if err := c.hot(&cand, table, "", d, d.KeySchema, pk); err != nil {
		return err
	}
	if r.HotKey == nil || cand.HotKey.Share() > r.HotKey.Share() {
		r.HotKey = cand.HotKey
	}
	r.LargestItem = max(r.LargestItem, cand.LargestItem)
	r.Collection = max(r.Collection, cand.Collection)
	return nil
}

// keyOf cuts an item down to a key schema's attributes.
func keyOf(item model.Item, ks []model.KeySchemaElement) model.Item {
	k := model.Item{}
	for _, e := range ks {
		if v, ok := item[e.AttributeName]; ok {
			k[e.AttributeName] = v
		}
	}
	return k
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// showValue renders a value compactly: "EC2", 42, or DynamoDB JSON for the
// other types.
func showValue(v model.AttributeValue) string {
	switch v.Type {
	case model.TypeS:
		return fmt.Sprintf("%q", v.S)
	case model.TypeN:
		return v.N
	}
	return string(model.AppendJSON(nil, v))
}

// showPartition renders a partition compactly: `Id="1"`, `tenant="t1",region="eu"`.
func showPartition(p model.Item) string {
	names := make([]string, 0, len(p))
	for n := range p {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n + "=" + showValue(p[n])
	}
	return strings.Join(parts, ",")
}

// showKey renders a key: `Id = "1", Metadata = "Details"`.
func showKey(key model.Item) string {
	names := make([]string, 0, len(key))
	for n := range key {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n + " = " + showValue(key[n])
	}
	return strings.Join(parts, ", ")
}

// showValues renders the expression values a text uses: `:id = "1"`.
func showValues(vals map[string]model.AttributeValue, text string) string {
	names := make([]string, 0, len(vals))
	for n := range vals {
		if strings.Contains(text, n) {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n + " = " + showValue(vals[n])
	}
	return strings.Join(parts, ", ")
}

// showNames writes an expression with the attribute names its #name
// placeholders stand for ("#pk = :pk" saved from the builder reads
// "ForumName = :pk"); longer placeholders are replaced first (#pk1 before
// #pk).
func showNames(text string, names map[string]string) string {
	phs := make([]string, 0, len(names))
	for ph := range names {
		phs = append(phs, ph)
	}
	sort.Slice(phs, func(i, j int) bool { return len(phs[i]) > len(phs[j]) || len(phs[i]) == len(phs[j]) && phs[i] < phs[j] })
	for _, ph := range phs {
		text = strings.ReplaceAll(text, ph, names[ph])
	}
	return text
}

// showConditions renders legacy KeyConditions.
func showConditions(conds map[string]model.Condition) string {
	names := make([]string, 0, len(conds))
	for n := range conds {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		vs := make([]string, len(conds[n].AttributeValueList))
		for j, v := range conds[n].AttributeValueList {
			vs[j] = showValue(v)
		}
		parts[i] = n + " " + conds[n].ComparisonOperator + " " + strings.Join(vs, ", ")
	}
	return strings.Join(parts, " AND ")
}

// showTouches renders the keys a write touches.
func showTouches(ts []touch) string {
	if len(ts) == 1 {
		return showKey(ts[0].key)
	}
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = fmt.Sprintf("%s %s {%s}", t.action, t.table, showKey(t.key))
	}
	return strings.Join(parts, "; ")
}
