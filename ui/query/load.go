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
		q.f.note, q.f.noteBad = note, true
	}
	return note
}

// loadRequest fills the form with a Query or Scan input (the builder's
// target already set to its table or index). It returns a note when part
// of the request cannot be shown in the form.
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
	if len(note) > 0 {
		return "from the lesson: " + strings.Join(note, "; ")
	}
	return ""
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
	kcBetween = regexp.MustCompile(`(?i)^\s*(#?[\w.-]+)\s+BETWEEN\s+(:[\w-]+)\s+AND\s+(:[\w-]+)\s*$`)
	kcBegins  = regexp.MustCompile(`^\s*begins_with\s*\(\s*(#?[\w.-]+)\s*,\s*(:[\w-]+)\s*\)\s*$`)
	kcAnd     = regexp.MustCompile(`(?i)\s+AND\s+`)
)

// fillKey fills the key rows from a Query's key condition (an expression
// or the legacy KeyConditions) and returns the value placeholders it used.
func (q *Model) fillKey(in *model.QueryInput) (map[string]bool, string) {
	tg := q.target()
	hk, rk := tg.HashKey(), tg.RangeKey()
	used := map[string]bool{}
	if len(in.KeyConditions) > 0 {
		for name, c := range in.KeyConditions {
			if len(c.AttributeValueList) == 0 {
				continue
			}
			switch name {
			case hk:
				q.f.pk.Set(keyFieldText(c.AttributeValueList[0]))
			case rk:
				q.f.op = legacyOp(c.ComparisonOperator)
				q.f.sk.Set(keyFieldText(c.AttributeValueList[0]))
				if len(c.AttributeValueList) > 1 {
					q.f.sk2.Set(keyFieldText(c.AttributeValueList[1]))
				}
			}
		}
		return used, ""
	}
	resolve := func(n string) string {
		if strings.HasPrefix(n, "#") {
			return in.ExpressionAttributeNames[n]
		}
		return n
	}
	val := func(p string) string {
		used[p] = true
		return keyFieldText(in.ExpressionAttributeValues[p])
	}
	parts := kcAnd.Split(in.KeyConditionExpression, -1)
	// the partition key condition first or last; BETWEEN holds an AND too
	var hash, sort string
	switch {
	case len(parts) == 1:
		hash = parts[0]
	case kcEq.MatchString(parts[0]) && resolveName(kcEq, parts[0], resolve) == hk:
		hash, sort = parts[0], strings.Join(parts[1:], " AND ")
	default:
		hash, sort = parts[len(parts)-1], strings.Join(parts[:len(parts)-1], " AND ")
	}
	m := kcEq.FindStringSubmatch(hash)
	if m == nil || m[2] != "=" || resolve(m[1]) != hk {
		return used, "the key condition is not in a form the builder shows"
	}
	q.f.pk.Set(val(m[3]))
	if sort == "" {
		return used, ""
	}
	switch {
	case kcBetween.MatchString(sort):
		m := kcBetween.FindStringSubmatch(sort)
		q.f.op = opBetween
		q.f.sk.Set(val(m[2]))
		q.f.sk2.Set(val(m[3]))
	case kcBegins.MatchString(sort):
		m := kcBegins.FindStringSubmatch(sort)
		q.f.op = opBeginsWith
		q.f.sk.Set(val(m[2]))
	case kcEq.MatchString(sort):
		m := kcEq.FindStringSubmatch(sort)
		q.f.op = m[2]
		q.f.sk.Set(val(m[3]))
	default:
		return used, "the sort key condition is not in a form the builder shows"
	}
	return used, ""
}

// resolveName is the attribute a comparison's left side names.
func resolveName(re *regexp.Regexp, s string, resolve func(string) string) string {
	m := re.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	return resolve(m[1])
}

// legacyOp maps a KeyConditions ComparisonOperator to the builder's.
func legacyOp(op string) string {
	ops := map[string]string{"EQ": "=", "LT": "<", "LE": "<=", "GT": ">", "GE": ">=", "BETWEEN": opBetween, "BEGINS_WITH": opBeginsWith}
	if o, ok := ops[op]; ok {
		return o
	}
	return opNone
}
