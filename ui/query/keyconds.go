package query

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The key fields of the Query form: one field per partition attribute,
// always =, and one condition per sort attribute (an operator, a value
// and, for BETWEEN, a second one). A table, an LSI and most GSIs have one
// of each; a GSI with a multi-attribute key (DynamoDB, November 2025) up
// to four of each, and then DynamoDB's rule applies: the sort attributes
// are pinned with = from the left, and only the last one named may take a
// range condition (<, <=, >, >=, BETWEEN, begins_with). The form enforces
// it as the user goes: a sort field whose attributes before it are not all
// = is disabled, and says why. A condition a field already held when an
// earlier one changed is kept and sent as it is, marked: DynamoDB's refusal
// then shows verbatim under the form.

// keyIndent is where the lines under a key row start: under its value.
const keyIndent = 19

// sortField is the condition on one sort attribute.
type sortField struct {
	op string
	v  kit.Field
	v2 kit.Field // BETWEEN's upper bound
}

// pkAt is the field of partition attribute i, made when first asked for.
func (f *form) pkAt(i int) *kit.Field {
	for len(f.pk) <= i {
		f.pk = append(f.pk, kit.Field{})
	}
	return &f.pk[i]
}

// skAt is the condition on sort attribute i, made when first asked for.
func (f *form) skAt(i int) *sortField {
	for len(f.sk) <= i {
		f.sk = append(f.sk, sortField{})
	}
	return &f.sk[i]
}

// keyRows are the form rows of the key: each partition attribute, then
// each sort attribute's operator with its value rows while it has one.
func (q *Model) keyRows() []formRow {
	tg := q.target()
	var rows []formRow
	for i := range tg.HashKeys() {
		rows = append(rows, formRow{kind: rowPK, k: i})
	}
	for i := range tg.RangeKeys() {
		rows = append(rows, formRow{kind: rowOp, k: i})
		switch q.f.skAt(i).op {
		case opNone:
		case opBetween:
			rows = append(rows, formRow{kind: rowSK, k: i}, formRow{kind: rowSK2, k: i})
		default:
			rows = append(rows, formRow{kind: rowSK, k: i})
		}
	}
	return rows
}

// sortBlocked is why sort attribute i takes no condition now ("" when it
// may): every sort attribute before it must be pinned with =, and a range
// condition ends the key condition. why is the short form the field shows.
func (q *Model) sortBlocked(i int) (why, long string) {
	rk := q.target().RangeKeys()
	for j := 0; j < i && j < len(rk); j++ {
		switch op := q.f.skAt(j).op; op {
		case "=":
		case opNone:
			return "needs = on " + rk[j] + " first: none skipped",
				rk[j] + " has no condition, and the sort attributes are pinned with = from the left, none skipped"
		default:
			return rk[j] + " has a range condition (" + op + "): none may follow",
				rk[j] + " has a range condition (" + op + "), and only the last sort attribute named may have one"
		}
	}
	return "", ""
}

// cycleSortOp changes sort attribute i's operator by dir; it reports
// whether the form changed as asked. A disabled field takes no operator
// (the note says why); one that still holds a condition from before is
// cleared instead.
func (q *Model) cycleSortOp(i, dir int) bool {
	tg := q.target()
	rk := tg.RangeKeys()
	if i >= len(rk) {
		return false
	}
	sf := q.f.skAt(i)
	if _, why := q.sortBlocked(i); why != "" {
		if sf.op == opNone {
			q.f.note, q.f.noteBad = "refused: no condition on "+rk[i]+" now: "+why, true
			return false
		}
		sf.op = opNone
		q.f.note, q.f.noteBad = "cleared the condition on "+rk[i]+": "+why, false
		return false
	}
	ops := sortKeyOps(tg.AttrType(rk[i]))
	j := indexOf(ops, sf.op)
	sf.op = ops[(j+dir+len(ops))%len(ops)]
	return true
}

// keyRowLabel names a key row for FormState.Row: "partition key", "sort
// key", "value", "and" where the key has one attribute of the kind;
// "partition 2 of 2", "sort key 3 of 3", "value 3 of 3", "and 3 of 3"
// where a multi-attribute key has several.
func (q *Model) keyRowLabel(r formRow) string {
	tg := q.target()
	if r.kind == rowPK {
		if n := len(tg.HashKeys()); n > 1 {
			return fmt.Sprintf("partition %d of %d", r.k+1, n)
		}
		return rowLabels[r.kind]
	}
	if n := len(tg.RangeKeys()); n > 1 {
		return fmt.Sprintf("%s %d of %d", rowLabels[r.kind], r.k+1, n)
	}
	return rowLabels[r.kind]
}

// keyRowLine draws a key row (without the cursor mark) and, for a sort
// attribute, the lines under it: why it is disabled when that does not fit
// beside it (dim), or what DynamoDB will answer to the condition it still
// holds (warn).
func (q *Model) keyRowLine(r formRow, label func(string) string, val func(*kit.Field) string, w int) (string, []string) {
	st, tg := q.st, q.target()
	indent := keyIndent
	if w-indent < 40 {
		indent = 4 // a narrow pane: more words a line
	}
	under := func(style lipgloss.Style, text string) []string {
		var out []string
		for _, l := range kit.Wrap(text, max(w-indent, 10)) {
			out = append(out, style.Render(strings.Repeat(" ", indent)+l))
		}
		return out
	}
	switch r.kind {
	case rowPK:
		hk := tg.HashKeys()[r.k]
		return label(q.keyRowLabel(r)) + st.PK.Render(hk) + " (" + tg.AttrType(hk) + ")  =  " + val(q.f.pkAt(r.k)), nil
	case rowOp:
		rk := tg.RangeKeys()[r.k]
		name := q.keyRowLabel(r)
		sf := q.f.skAt(r.k)
		why, long := q.sortBlocked(r.k)
		if why != "" && sf.op == opNone {
			line := label(name) + st.Dim.Render(rk+" ("+tg.AttrType(rk)+")  — "+why)
			if kit.Width(line)+2 <= w {
				return line, nil
			}
			return label(name) + st.Dim.Render(rk+" ("+tg.AttrType(rk)+")  — disabled:"), under(st.Dim, why)
		}
		op := sf.op
		if op == opNone {
			op = "(any)"
		}
		line := label(name) + st.SK.Render(rk) + " (" + tg.AttrType(rk) + ")  ◂ " + op + " ▸" +
			st.Dim.Render("  "+opsText(sortKeyOps(tg.AttrType(rk))))
		if why != "" {
			return line, under(st.Warn, "DynamoDB will refuse this condition on "+rk+": "+long)
		}
		return line, nil
	case rowSK:
		return label("  value") + val(&q.f.skAt(r.k).v), nil
	case rowSK2:
		return label("  and") + val(&q.f.skAt(r.k).v2), nil
	}
	return "", nil
}

// The placeholders of the key condition: #pk/:pk and #sk/:sk/:sk2 on a key
// of one attribute each (as before multi-attribute keys), numbered from 1
// on a multi-attribute key (#pk1, :pk1, #sk2, :sk2, :sk2b).
func pkName(multi bool, i int) string  { return keyPlaceholder("#pk", multi, i) }
func pkValue(multi bool, i int) string { return keyPlaceholder(":pk", multi, i) }
func skName(multi bool, i int) string  { return keyPlaceholder("#sk", multi, i) }
func skValue(multi bool, i int) string { return keyPlaceholder(":sk", multi, i) }
func skUpper(multi bool, i int) string {
	if !multi {
		return ":sk2"
	}
	return keyPlaceholder(":sk", multi, i) + "b"
}

func keyPlaceholder(base string, multi bool, i int) string {
	if !multi {
		return base
	}
	return base + strconv.Itoa(i+1)
}

// keyCondition builds the key condition of the form into names and
// values: every partition attribute with =, then each sort attribute that
// has an operator, in KeySchema order. It refuses only what the form can
// tell before sending: a placeholder of its own taken in names or values,
// an operator the attribute's type does not allow, an unreadable value.
func (q *Model) keyCondition(names map[string]string, values map[string]model.AttributeValue) (string, *refusal) {
	tg := q.target()
	multi := tg.MultiAttribute()
	claimName := func(n string) *refusal {
		if _, dup := names[n]; dup {
			return refuse("%s is used by the key condition: pick another placeholder in names", n)
		}
		return nil
	}
	claimValue := func(v string) *refusal {
		if _, dup := values[v]; dup {
			return refuse("%s is used by the key condition: pick another placeholder in values", v)
		}
		return nil
	}
	var conds []string
	for i, hk := range tg.HashKeys() {
		n, v := pkName(multi, i), pkValue(multi, i)
		if r := claimName(n); r != nil {
			return "", r
		}
		if r := claimValue(v); r != nil {
			return "", r
		}
		av, r := keyValue(hk, tg.AttrType(hk), q.f.pkAt(i).String())
		if r != nil {
			return "", r
		}
		names[n], values[v] = hk, av
		conds = append(conds, n+" = "+v)
	}
	for i, rk := range tg.RangeKeys() {
		sf := q.f.skAt(i)
		if sf.op == opNone {
			continue
		}
		typ := tg.AttrType(rk)
		if indexOf(sortKeyOps(typ), sf.op) < 0 {
			return "", refuse("%s is not allowed on %s: it is a Number, and begins_with applies only to String and Binary sort keys", sf.op, rk)
		}
		n, v, v2 := skName(multi, i), skValue(multi, i), skUpper(multi, i)
		for _, r := range []*refusal{claimName(n), claimValue(v), claimValue(v2)} {
			if r != nil {
				return "", r
			}
		}
		names[n] = rk
		av, r := keyValue(rk, typ, sf.v.String())
		if r != nil {
			return "", r
		}
		values[v] = av
		switch sf.op {
		case opBetween:
			av2, r := keyValue(rk, typ, sf.v2.String())
			if r != nil {
				return "", r
			}
			values[v2] = av2
			conds = append(conds, n+" BETWEEN "+v+" AND "+v2)
		case opBeginsWith:
			conds = append(conds, "begins_with("+n+", "+v+")")
		default:
			conds = append(conds, n+" "+sf.op+" "+v)
		}
	}
	return strings.Join(conds, " AND "), nil
}

// KeyField is one key field of the form, as text.
type KeyField struct {
	Attribute, Type string
	Sort            bool   // a sort attribute (a partition one otherwise)
	Op              string // "=" on a partition attribute; "" for none
	Value, Value2   string
	// Disabled says why a sort attribute takes no condition now (the
	// attributes before it are not all pinned with =); "" when it may.
	Disabled string
}

// keyFields lists the form's key fields.
func (q *Model) keyFields() []KeyField {
	tg := q.target()
	var out []KeyField
	for i, hk := range tg.HashKeys() {
		out = append(out, KeyField{Attribute: hk, Type: tg.AttrType(hk), Op: "=", Value: q.f.pkAt(i).String()})
	}
	for i, rk := range tg.RangeKeys() {
		sf := q.f.skAt(i)
		out = append(out, KeyField{Attribute: rk, Type: tg.AttrType(rk), Sort: true, Op: sf.op, Value: sf.v.String(),
			Value2: sf.v2.String()})
		out[len(out)-1].Disabled, _ = q.sortBlocked(i)
	}
	return out
}
