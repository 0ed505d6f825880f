package ui

import (
	"encoding/base64"
	"regexp"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/model"
)

// A lesson step's result can be shown in the real panes: a Query or Scan
// is filled into the query builder (and run there), the items an index
// leaves out open in the items pane.

// openQueryMsg asks the root to fill the query builder with a request and
// run it.
type openQueryMsg struct{ in any }

// openItemsMsg asks the root to browse a table or index in the items pane,
// optionally on its left-out list.
type openItemsMsg struct {
	table, index string
	leftOut      bool
}

func (openQueryMsg) work() {}
func (openItemsMsg) work() {}

// openQuery selects the request's table or index, fills the builder and
// runs it.
func (m *Model) openQuery(msg openQueryMsg) tea.Cmd {
	table, index := requestTarget(msg.in)
	if table == "" {
		return nil
	}
	if !m.sidebar.selectByName(table, index) {
		m.flash = "no table " + table + " in this workspace"
		return nil
	}
	sel := m.selectionChanged()
	m.item = nil
	m.setPane(paneQuery)
	note := m.query.loadRequest(msg.in)
	run := m.query.run(nil, 0)
	if note != "" {
		m.query.note, m.query.noteBad = note, true
	}
	return tea.Batch(sel, run)
}

// openItems browses a table or index, on its left-out list if asked.
func (m *Model) openItems(msg openItemsMsg) tea.Cmd {
	if !m.sidebar.selectByName(msg.table, msg.index) {
		m.flash = "no table " + msg.table + " in this workspace"
		return nil
	}
	cmd := m.selectionChanged()
	m.item = nil
	m.setPane(paneItems)
	if msg.leftOut && msg.index != "" {
		cmd = tea.Batch(cmd, m.items.openLeftOut())
	}
	return cmd
}

// requestTarget is the table and index a Query or Scan reads.
func requestTarget(in any) (string, string) {
	switch in := in.(type) {
	case *model.QueryInput:
		return in.TableName, in.IndexName
	case *model.ScanInput:
		return in.TableName, in.IndexName
	}
	return "", ""
}

// loadRequest fills the form with a Query or Scan input (the builder's
// target already set to its table or index). It returns a note when part
// of the request cannot be shown in the form.
func (q *queryPane) loadRequest(in any) string {
	q.row, q.editing, q.res = 0, false, nil
	q.filter, q.names, q.values, q.projection, q.limit = field{}, field{}, field{}, field{}, field{}
	q.pk, q.sk, q.sk2 = field{}, field{}, field{}
	q.op, q.descending, q.consistent = opNone, false, false
	var note []string
	switch in := in.(type) {
	case *model.ScanInput:
		q.scan = true
		q.fillCommon(in.FilterExpression, in.ProjectionExpression, in.AttributesToGet, in.ExpressionAttributeNames, in.ExpressionAttributeValues, nil, in.ConsistentRead, in.Limit)
		if in.Select == model.SelectCount {
			note = append(note, "Select COUNT is not in the form: it returns the items")
		}
	case *model.QueryInput:
		q.scan = false
		used, n := q.fillKey(in)
		if n != "" {
			note = append(note, n)
		}
		q.fillCommon(in.FilterExpression, in.ProjectionExpression, in.AttributesToGet, in.ExpressionAttributeNames, in.ExpressionAttributeValues, used, in.ConsistentRead, in.Limit)
		q.descending = in.ScanIndexForward != nil && !*in.ScanIndexForward
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
func (q *queryPane) fillCommon(filter, proj string, attrs []string, nm map[string]string, vs map[string]model.AttributeValue,
	keyOnly map[string]bool, consistent *bool, limit *int32) {
	q.filter.Set(filter)
	if proj == "" && len(attrs) > 0 {
		proj = strings.Join(attrs, ", ")
	}
	q.projection.Set(proj)
	rest := filter + " " + proj
	var ns []string
	for _, k := range sortedKeys(nm) {
		if strings.Contains(rest, k) {
			v := nm[k]
			if strings.ContainsAny(v, ",= \"") {
				v = strconv.Quote(v)
			}
			ns = append(ns, k+" = "+v)
		}
	}
	q.names.Set(strings.Join(ns, ", "))
	var vals []string
	for _, k := range sortedKeys(vs) {
		if keyOnly[k] && !strings.Contains(rest, k) {
			continue
		}
		vals = append(vals, k+" = "+literalText(vs[k]))
	}
	q.values.Set(strings.Join(vals, ", "))
	q.consistent = consistent != nil && *consistent
	if limit != nil {
		q.limit.Set(strconv.Itoa(int(*limit)))
	}
}

// literalText writes a value the way the builder's values field reads it.
func literalText(v model.AttributeValue) string {
	switch v.Type {
	case model.TypeS:
		return strconv.Quote(v.S)
	case model.TypeN:
		return v.N
	case model.TypeBOOL:
		return strconv.FormatBool(v.BOOL)
	case model.TypeNULL:
		return "null"
	}
	return string(model.AppendJSON(nil, v))
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
func (q *queryPane) fillKey(in *model.QueryInput) (map[string]bool, string) {
	tg := q.target()
	hk, rk := tg.hashKey(), tg.rangeKey()
	used := map[string]bool{}
	if len(in.KeyConditions) > 0 {
		for name, c := range in.KeyConditions {
			if len(c.AttributeValueList) == 0 {
				continue
			}
			switch name {
			case hk:
				q.pk.Set(keyFieldText(c.AttributeValueList[0]))
			case rk:
				q.op = legacyOp(c.ComparisonOperator)
				q.sk.Set(keyFieldText(c.AttributeValueList[0]))
				if len(c.AttributeValueList) > 1 {
					q.sk2.Set(keyFieldText(c.AttributeValueList[1]))
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
	q.pk.Set(val(m[3]))
	if sort == "" {
		return used, ""
	}
	switch {
	case kcBetween.MatchString(sort):
		m := kcBetween.FindStringSubmatch(sort)
		q.op = opBetween
		q.sk.Set(val(m[2]))
		q.sk2.Set(val(m[3]))
	case kcBegins.MatchString(sort):
		m := kcBegins.FindStringSubmatch(sort)
		q.op = opBeginsWith
		q.sk.Set(val(m[2]))
	case kcEq.MatchString(sort):
		m := kcEq.FindStringSubmatch(sort)
		q.op = m[2]
		q.sk.Set(val(m[3]))
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
