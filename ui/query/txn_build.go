package query

import (
	"sort"
	"strconv"
	"strings"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// parseItem reads `PK = "CUSTOMER#c-2001", SK = PROFILE, Points = 5` into
// an item: each attribute as name = value, the name quoted when it holds
// a comma, an equals sign or a space, the value as the builder's values
// take it (a quoted string, a number, true/false, null, DynamoDB JSON, or
// a bare word as a string).
func parseItem(text string) (model.Item, *refusal) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, refuse("item: type its attributes as name = value, separated by commas")
	}
	out := model.Item{}
	for _, part := range splitTop(text) {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, value, r := cutAssignment(part)
		if r != nil {
			return nil, refuse("item: write each attribute as name = value (got %q)", part)
		}
		if _, dup := out[name]; dup {
			return nil, refuse("item: %s is given twice", name)
		}
		av, r := literal(value)
		if r != nil {
			return nil, refuse("item: %s: %s", name, r.why)
		}
		out[name] = av
	}
	return out, nil
}

// cutAssignment splits `name = value`, the name quoted or bare.
func cutAssignment(s string) (string, string, *refusal) {
	if strings.HasPrefix(s, `"`) {
		if end := closingQuote(s); end > 0 {
			name, err := strconv.Unquote(s[:end+1])
			rest := strings.TrimSpace(s[end+1:])
			if err == nil && strings.HasPrefix(rest, "=") {
				return name, strings.TrimSpace(rest[1:]), nil
			}
		}
		return "", "", refuse("bad name")
	}
	name, value, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return "", "", refuse("no =")
	}
	return name, strings.TrimSpace(value), nil
}

// closingQuote is the index of the quote closing the string s starts with.
func closingQuote(s string) int {
	esc := false
	for i := 1; i < len(s); i++ {
		switch {
		case esc:
			esc = false
		case s[i] == '\\':
			esc = true
		case s[i] == '"':
			return i
		}
	}
	return -1
}

// itemText writes an item the way parseItem reads it: the key attributes
// first (in keys' order), the others by name.
func itemText(it model.Item, keys []string) string {
	var parts []string
	seen := map[string]bool{}
	add := func(n string) {
		v, ok := it[n]
		if !ok || seen[n] {
			return
		}
		seen[n] = true
		name := n
		if strings.ContainsAny(n, ",= \"") || n == "" {
			name = strconv.Quote(n)
		}
		parts = append(parts, name+" = "+kit.LiteralText(v))
	}
	for _, k := range keys {
		add(k)
	}
	for _, n := range kit.SortedKeys(it) {
		add(n)
	}
	return strings.Join(parts, ", ")
}

// build makes the action's request part.
func (a *txAction) build(n int) (model.TransactWriteItem, *refusal) {
	at := func(r *refusal) *refusal { return refuse("action %d: %s", n, r.why) }
	names, r := parseNames(a.names.String())
	if r != nil {
		return model.TransactWriteItem{}, at(r)
	}
	values, r := parseValues(a.values.String())
	if r != nil {
		return model.TransactWriteItem{}, at(r)
	}
	cond := strings.TrimSpace(a.condition.String())
	onFailure := ""
	if a.allOld {
		onFailure = model.ReturnValuesAllOld
	}
	if a.kind == kindPut {
		item, r := parseItem(a.item.String())
		if r != nil {
			return model.TransactWriteItem{}, at(r)
		}
		return model.TransactWriteItem{Put: &model.Put{TableName: a.table, Item: item, ConditionExpression: cond,
			ExpressionAttributeNames: names, ExpressionAttributeValues: values, ReturnValuesOnConditionCheckFailure: onFailure}}, nil
	}
	if len(a.keys) == 0 {
		return model.TransactWriteItem{}, at(refuse("the key schema of %s is not known yet", a.table))
	}
	key := model.Item{}
	for _, k := range a.keys {
		v, r := keyValue(k.name, k.typ, k.f.String())
		if r != nil {
			return model.TransactWriteItem{}, at(r)
		}
		key[k.name] = v
	}
	switch a.kind {
	case kindUpdate:
		return model.TransactWriteItem{Update: &model.Update{TableName: a.table, Key: key, UpdateExpression: strings.TrimSpace(a.update.String()),
			ConditionExpression: cond, ExpressionAttributeNames: names, ExpressionAttributeValues: values,
			ReturnValuesOnConditionCheckFailure: onFailure}}, nil
	case kindDelete:
		return model.TransactWriteItem{Delete: &model.Delete{TableName: a.table, Key: key, ConditionExpression: cond,
			ExpressionAttributeNames: names, ExpressionAttributeValues: values, ReturnValuesOnConditionCheckFailure: onFailure}}, nil
	}
	return model.TransactWriteItem{ConditionCheck: &model.ConditionCheck{TableName: a.table, Key: key, ConditionExpression: cond,
		ExpressionAttributeNames: names, ExpressionAttributeValues: values, ReturnValuesOnConditionCheckFailure: onFailure}}, nil
}

// txBuild makes the TransactWriteItems request the form describes,
// refusing only what the form can tell is wrong before sending (no
// action, unreadable items, values or placeholders); the rest is the
// engine's to answer.
func (q *Model) txBuild() (*model.TransactWriteItemsInput, *refusal) {
	if len(q.tx.actions) == 0 {
		return nil, refuse("add an action first (a)")
	}
	in := &model.TransactWriteItemsInput{ReturnConsumedCapacity: model.ReturnCapacityIndexes,
		ClientRequestToken: strings.TrimSpace(q.tx.token.String())}
	for i, a := range q.tx.actions {
		ti, r := a.build(i + 1)
		if r != nil {
			return nil, r
		}
		in.TransactItems = append(in.TransactItems, ti)
	}
	return in, nil
}

// txLoad fills the transaction form with a request (from a lesson).
func (q *Model) txLoad(in *model.TransactWriteItemsInput) {
	q.tx = txState{token: kit.NewField(in.ClientRequestToken)}
	for _, ti := range in.TransactItems {
		a := &txAction{}
		var key model.Item
		var cond, onFailure string
		var names map[string]string
		var values map[string]model.AttributeValue
		switch {
		case ti.Put != nil:
			p := ti.Put
			a.kind, a.table, cond, names, values, onFailure = kindPut, p.TableName, p.ConditionExpression, p.ExpressionAttributeNames, p.ExpressionAttributeValues, p.ReturnValuesOnConditionCheckFailure
			a.item.Set(itemText(p.Item, keyNames(q.tableDesc(p.TableName))))
		case ti.Update != nil:
			u := ti.Update
			a.kind, a.table, key, cond, names, values, onFailure = kindUpdate, u.TableName, u.Key, u.ConditionExpression, u.ExpressionAttributeNames, u.ExpressionAttributeValues, u.ReturnValuesOnConditionCheckFailure
			a.update.Set(u.UpdateExpression)
		case ti.Delete != nil:
			d := ti.Delete
			a.kind, a.table, key, cond, names, values, onFailure = kindDelete, d.TableName, d.Key, d.ConditionExpression, d.ExpressionAttributeNames, d.ExpressionAttributeValues, d.ReturnValuesOnConditionCheckFailure
		case ti.ConditionCheck != nil:
			c := ti.ConditionCheck
			a.kind, a.table, key, cond, names, values, onFailure = kindConditionCheck, c.TableName, c.Key, c.ConditionExpression, c.ExpressionAttributeNames, c.ExpressionAttributeValues, c.ReturnValuesOnConditionCheckFailure
		default:
			continue
		}
		a.condition.Set(cond)
		a.allOld = onFailure == model.ReturnValuesAllOld
		var ns []string
		for _, k := range kit.SortedKeys(names) {
			v := names[k]
			if strings.ContainsAny(v, ",= \"") {
				v = strconv.Quote(v)
			}
			ns = append(ns, k+" = "+v)
		}
		a.names.Set(strings.Join(ns, ", "))
		var vs []string
		for _, k := range kit.SortedKeys(values) {
			vs = append(vs, k+" = "+kit.LiteralText(values[k]))
		}
		a.values.Set(strings.Join(vs, ", "))
		if key != nil {
			a.keys = loadedKeys(key, q.tableDesc(a.table))
		}
		q.tx.actions = append(q.tx.actions, a)
	}
	q.tx.cur = txRow{kind: trRun}
}

// keyNames are a table's key attribute names (none when it is unknown).
func keyNames(d *model.TableDescription) []string {
	var out []string
	for _, k := range tableKeyAttrs(d) {
		out = append(out, k.name)
	}
	return out
}

// loadedKeys makes the key fields of a loaded key: in key-schema order
// when the table is known, otherwise in name order with the types of the
// values.
func loadedKeys(key model.Item, d *model.TableDescription) []keyField {
	attrs := tableKeyAttrs(d)
	if attrs == nil {
		names := kit.SortedKeys(key)
		sort.Strings(names)
		for _, n := range names {
			attrs = append(attrs, keyAttr{name: n, typ: key[n].Type.String()})
		}
	}
	out := make([]keyField, len(attrs))
	for i, ka := range attrs {
		out[i] = keyField{keyAttr: ka, f: kit.NewField(keyFieldText(key[ka.name]))}
	}
	return out
}
