package query

import (
	"encoding/base64"
	"regexp"
	"strconv"
	"strings"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// LoadRequest shows a request in the builder and returns a note when part
// of it cannot be shown; Run then sends it. A Query or Scan input fills
// the form of its table or index (which becomes the target); a
// TransactWriteItems input the transaction, an ExecuteStatement input
// the PartiQL editor.
func (q *Model) LoadRequest(tg kit.Target, in any) string {
	if q.loadSpecial(tg, in) {
		return ""
	}
	q.switchTo(tg)
	q.alt = ModeQuery
	q.f = form{}
	note := q.loadRequest(in)
	if note != "" {
		note = "from the lesson: " + note
		q.f.note, q.f.noteBad = note, true
	}
	return note
}

// loadRequest fills the form with a Query or Scan input (the builder's
// target already set to its table or index). It returns what part of the
// request cannot be shown in the form ("" when all of it is).
func (q *Model) loadRequest(in any) string {
	q.row, q.editing = 0, false
	var note []string
	switch in := in.(type) {
	case *model.ScanInput:
		q.f.scan = true
		q.fillCommon(in.FilterExpression, in.ProjectionExpression, in.AttributesToGet, in.ExpressionAttributeNames, in.ExpressionAttributeValues, nil, in.ConsistentRead, in.Limit)
		if in.Select == model.SelectCount {
			note = append(note, "Select COUNT is not in the form: it returns the items")
		}
	case *model.QueryInput:
		q.f.scan = false
		used, n := q.fillKey(in)
		if n != "" {
			note = append(note, n)
		}
		q.fillCommon(in.FilterExpression, in.ProjectionExpression, in.AttributesToGet, in.ExpressionAttributeNames, in.ExpressionAttributeValues, used, in.ConsistentRead, in.Limit)
		q.f.descending = in.ScanIndexForward != nil && !*in.ScanIndexForward
		if in.Select == model.SelectCount {
			note = append(note, "Select COUNT is not in the form: it returns the items")
		}
		if len(in.QueryFilter) > 0 {
			note = append(note, "the legacy QueryFilter is not in the form")
		}
	}
	return strings.Join(note, "; ")
}

// fillCommon fills filter, names, values, projection, consistency and
// limit; values used only by the key condition are left out.
func (q *Model) fillCommon(filter, proj string, attrs []string, nm map[string]string, vs map[string]model.AttributeValue,
	keyOnly map[string]bool, consistent *bool, limit *int32) {
	q.f.filter.Set(filter)
	if proj == "" && len(attrs) > 0 {
		proj = strings.Join(attrs, ", ")
	}
	q.f.projection.Set(proj)
	rest := filter + " " + proj
	var ns []string
	for _, k := range kit.SortedKeys(nm) {
		if strings.Contains(rest, k) {
			v := nm[k]
			if strings.ContainsAny(v, ",= \"") {
				v = strconv.Quote(v)
			}
			ns = append(ns, k+" = "+v)
		}
	}
	q.f.names.Set(strings.Join(ns, ", "))
	var vals []string
	for _, k := range kit.SortedKeys(vs) {
		if keyOnly[k] && !strings.Contains(rest, k) {
			continue
		}
		vals = append(vals, k+" = "+kit.LiteralText(vs[k]))
	}
	q.f.values.Set(strings.Join(vals, ", "))
	q.f.consistent = consistent != nil && *consistent
	if limit != nil {
		q.f.limit.Set(strconv.Itoa(int(*limit)))
	}
}

// keyFieldText is a key value as the builder's key fields take it.
func keyFieldText(v model.AttributeValue) string {
	switch v.Type {
	case model.TypeN:
		return v.N
	case model.TypeB:
		return base64.StdEncoding.EncodeToString(v.B)
	}
	return v.S
}

// Key condition forms the builder can show.
var (
	kcEq      = regexp.MustCompile(`^\s*(#?[\w.-]+)\s*(=|<=|>=|<|>)\s*(:[\w-]+)\s*$`)
	kcBetween = regexp.MustCompile(`(?i)^\s*(#?[\w.-]+)\s+BETWEEN\s+(:[\w-]+)\s*$`)
	kcValue   = regexp.MustCompile(`^\s*(:[\w-]+)\s*$`)
	kcBegins  = regexp.MustCompile(`^\s*begins_with\s*\(\s*(#?[\w.-]+)\s*,\s*(:[\w-]+)\s*\)\s*$`)
	kcAnd     = regexp.MustCompile(`(?i)\s+AND\s+`)
)

// keyCond is one condition of a key condition: the attribute (a name or a
// #placeholder), the operator and the value placeholders.
type keyCond struct {
	attr, op string
	values   []string
}

// splitKeyCondition reads "a = :a AND b BETWEEN :x AND :y AND
// begins_with(c, :c)" into its conditions (false when a part is not one
// the builder shows).
func splitKeyCondition(kce string) ([]keyCond, bool) {
	parts := kcAnd.Split(kce, -1)
	var out []keyCond
	for i := 0; i < len(parts); i++ {
		p := parts[i]
		switch {
		case kcBetween.MatchString(p) && i+1 < len(parts) && kcValue.MatchString(parts[i+1]):
			m := kcBetween.FindStringSubmatch(p)
			out = append(out, keyCond{attr: m[1], op: opBetween, values: []string{m[2], kcValue.FindStringSubmatch(parts[i+1])[1]}})
			i++
		case kcBegins.MatchString(p):
			m := kcBegins.FindStringSubmatch(p)
			out = append(out, keyCond{attr: m[1], op: opBeginsWith, values: []string{m[2]}})
		case kcEq.MatchString(p):
			m := kcEq.FindStringSubmatch(p)
			out = append(out, keyCond{attr: m[1], op: m[2], values: []string{m[3]}})
		default:
			return nil, false
		}
	}
	return out, true
}

// fillKey fills the key rows from a Query's key condition (an expression
// or the legacy KeyConditions), every partition and sort attribute it
// names, and returns the value placeholders it used.
func (q *Model) fillKey(in *model.QueryInput) (map[string]bool, string) {
	tg := q.target()
	hks, rks := tg.HashKeys(), tg.RangeKeys()
	used := map[string]bool{}
	if len(in.KeyConditions) > 0 {
		for name, c := range in.KeyConditions {
			if len(c.AttributeValueList) == 0 {
				continue
			}
			if contains(hks, name) {
				q.f.pkAt(indexOf(hks, name)).Set(keyFieldText(c.AttributeValueList[0]))
				continue
			}
			if contains(rks, name) {
				sf := q.f.skAt(indexOf(rks, name))
				sf.op = legacyOp(c.ComparisonOperator)
				sf.v.Set(keyFieldText(c.AttributeValueList[0]))
				if len(c.AttributeValueList) > 1 {
					sf.v2.Set(keyFieldText(c.AttributeValueList[1]))
				}
			}
		}
		return used, ""
	}
	conds, ok := splitKeyCondition(in.KeyConditionExpression)
	if !ok {
		return used, "the key condition is not in a form the builder shows"
	}
	val := func(p string) string {
		used[p] = true
		return keyFieldText(in.ExpressionAttributeValues[p])
	}
	var odd []string
	for _, c := range conds {
		name := c.attr
		if strings.HasPrefix(name, "#") {
			name = in.ExpressionAttributeNames[name]
		}
		switch {
		case contains(hks, name) && c.op == "=":
			q.f.pkAt(indexOf(hks, name)).Set(val(c.values[0]))
		case contains(rks, name):
			sf := q.f.skAt(indexOf(rks, name))
			sf.op = c.op
			sf.v.Set(val(c.values[0]))
			if len(c.values) > 1 {
				sf.v2.Set(val(c.values[1]))
			}
		default:
			odd = append(odd, name)
		}
	}
	if len(odd) > 0 {
		return used, "the key condition on " + strings.Join(odd, ", ") + " is not in a form the builder shows"
	}
	return used, ""
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// legacyOp maps a KeyConditions ComparisonOperator to the builder's.
func legacyOp(op string) string {
	ops := map[string]string{"EQ": "=", "LT": "<", "LE": "<=", "GT": ">", "GE": ">=", "BETWEEN": opBetween, "BEGINS_WITH": opBeginsWith}
	if o, ok := ops[op]; ok {
		return o
	}
	return opNone
}
