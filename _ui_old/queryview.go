package ui

import (
	"fmt"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// View draws the form, then the results, scrolled so the cursor row shows.
func (q queryPane) View(focused bool) string {
	st := q.st
	w := q.w
	tg := q.target()
	if !tg.valid() {
		return st.Dim.Render("No table selected: pick one in the sidebar.")
	}
	var out []string
	cursorLine := 0
	mode := "Query"
	if q.scan {
		mode = "Scan"
	}
	hints := "[s] query/scan  [c] copy as CLI  [r] run"
	if w < 100 {
		hints = "[r] run"
	}
	out = append(out, spread(st.Title.Render(mode)+"  "+tg.label()+" ("+tg.kind()+")", hints, w))
	const lw = 17
	label := func(s string) string { return fit(s, lw) }
	for i, r := range q.rows() {
		mark := "  "
		on := i == q.row
		if on {
			mark = "▸ "
			cursorLine = len(out)
		}
		editing := on && q.editing
		val := func(f *field) string {
			s := f.View(editing, w-lw-4)
			if s == "" && !editing {
				return st.Dim.Render("—")
			}
			return s
		}
		var line string
		switch r {
		case rowTarget:
			line = label("read from") + "◂ " + tg.label() + " (" + tg.kind() + ") ▸"
			if tg.index != "" {
				line += st.Dim.Render("  " + projectionText(tg.projection()))
			}
		case rowMode:
			line = label("operation") + "◂ " + mode + " ▸"
			if q.scan {
				line += st.Dim.Render("  reads every item; filters after reading")
			}
		case rowPK:
			hk := tg.hashKey()
			line = label("partition key") + st.PK.Render(hk) + " (" + tg.attrType(hk) + ")  =  " + val(&q.pk)
		case rowOp:
			rk := tg.rangeKey()
			op := q.op
			if op == opNone {
				op = "(any)"
			}
			line = label("sort key") + st.SK.Render(rk) + " (" + tg.attrType(rk) + ")  ◂ " + op + " ▸" +
				st.Dim.Render("  "+opsText(sortKeyOps(tg.attrType(rk))))
		case rowSK:
			line = label("  value") + val(&q.sk)
		case rowSK2:
			line = label("  and") + val(&q.sk2)
		case rowFilter:
			line = label("filter") + val(&q.filter)
		case rowNames:
			line = label("  #names") + val(&q.names)
			if !editing && q.names.String() == "" {
				line += st.Dim.Render("   e.g. #v = Views")
			}
		case rowValues:
			line = label("  :values") + val(&q.values)
			if !editing && q.values.String() == "" {
				line += st.Dim.Render(`   e.g. :min = 5, :tag = "aws"`)
			}
		case rowProjection:
			line = label("projection") + val(&q.projection)
			if !editing && q.projection.String() == "" {
				line += st.Dim.Render("   all attributes")
			}
		case rowOrder:
			if q.descending {
				line = label("order") + "◂ ▼ descending ▸"
			} else {
				line = label("order") + "◂ ▲ ascending ▸"
			}
		case rowConsistent:
			box := "☐ eventually consistent"
			if q.consistent {
				box = "☑ strongly consistent"
			}
			line = label("consistent read") + box
			if tg.global() {
				line = label("consistent read") + st.Dim.Render("☐ not on a GSI (its entries are copied asynchronously)")
			}
		case rowLimit:
			line = label("limit") + val(&q.limit)
		case rowRun:
			line = label("") + st.Key.Render("[ run ▶ ]")
			if q.running {
				line += st.Dim.Render("  running…")
			}
		}
		line = fit(mark+line, w)
		if on && focused && !q.editing {
			line = st.Cursor.Render(line)
		}
		out = append(out, line)
	}
	if q.note != "" {
		s := st.Dim
		if q.noteBad {
			s = st.Warn
		}
		for _, l := range wrap(q.note, w-2) {
			out = append(out, s.Render("  "+l))
		}
	}
	if q.res != nil {
		lines, cur := q.resultLines(focused)
		if cur >= 0 {
			cursorLine = len(out) + cur
		}
		out = append(out, lines...)
	}
	if in, r := q.build(); r == nil {
		out = append(out, st.Dim.Render(strings.Repeat("─", w)), st.Dim.Render("the same request with the AWS CLI:"))
		for _, l := range wrapCommand(cliCommand(in, q.endpoint), w) {
			out = append(out, hardWrap(l, w)...)
		}
	}
	q.top = window(q.top, cursorLine, len(out), q.h)
	// keep the results in view when the form is short enough
	end := q.top + q.h
	if end > len(out) {
		end = len(out)
	}
	return strings.Join(out[q.top:end], "\n")
}

// hardWrap cuts s into pieces of w cells, keeping every space (a command
// line must paste back exactly).
func hardWrap(s string, w int) []string {
	if w <= 0 {
		return []string{s}
	}
	var out []string
	r := []rune(s)
	for len(r) > w {
		out = append(out, string(r[:w]))
		r = r[w:]
	}
	return append(out, string(r))
}

func opsText(ops []string) string {
	var parts []string
	for _, o := range ops {
		if o != opNone {
			parts = append(parts, o)
		}
	}
	return strings.Join(parts, " ")
}

// resultLines draws the outcome: the error box, or the counts, the capacity
// with its explanation, and the items; cur is the line of the cursor row.
func (q queryPane) resultLines(focused bool) ([]string, int) {
	st, res, w := q.st, q.res, q.w
	out := []string{st.Dim.Render(strings.Repeat("─", w))}
	if res.err != nil {
		out = append(out, st.Error.Render("DynamoDB rejected the request:"))
		return append(out, errorBox(st, res.err, w)...), -1
	}
	page := ""
	if res.page > 0 {
		page = fmt.Sprintf("page %d · ", res.page+1)
	}
	summary := fmt.Sprintf("%s%d items (Count %d, ScannedCount %d) · %s RCU", page, len(res.items), res.count, res.scanned, units(res.units))
	next := "last page (no LastEvaluatedKey)"
	if res.lek != nil {
		next = "[n] next page"
	}
	out = append(out, spread(st.Bold.Render(summary), next, w))
	if res.lek != nil {
		out = append(out, st.Dim.Render(cut("LastEvaluatedKey "+string(model.AppendItemJSON(nil, res.lek)), w)))
	}
	for _, l := range res.lines {
		out = append(out, st.Dim.Render(cut("  "+l, w)))
	}
	if len(res.items) == 0 {
		return append(out, "  no items"), -1
	}
	cur := q.resultIndex()
	rows := res.g.render(st, nil, 0, len(res.items), cur, 0, w, focused)
	start := len(out) + 1
	out = append(out, rows...)
	if cur >= 0 {
		return out, start + cur
	}
	return out, -1
}
