package query

import (
	"fmt"
	"strings"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// View draws the form, then the results, then the CLI line, scrolled so
// the cursor row shows.
func (q *Model) View() string {
	if v, ok := q.overView(); ok {
		return v
	}
	switch q.alt {
	case ModeTransaction:
		return q.txView()
	case ModePartiQL:
		return q.pqView()
	case ModeVector:
		return q.vecView()
	}
	st := q.st
	w := q.w
	focused := q.focused
	tg := q.target()
	if !tg.Valid() {
		return st.Dim.Render("No table selected: pick one in the sidebar.")
	}
	var out []string
	cursorLine := 0
	mode := "Query"
	if q.f.scan {
		mode = "Scan"
	}
	hints := "[m] mode  [s] query/scan  [c] copy as CLI  [r] run"
	if w < 100 {
		hints = "[r] run"
	}
	out = append(out, kit.Spread(st.Title.Render(mode)+"  "+tg.Label()+" ("+tg.Kind()+")", hints, w))
	const lw = 17
	label := func(s string) string { return kit.Fit(s, lw) }
	for i, r := range q.rows() {
		mark := "  "
		on := i == q.row
		if on {
			mark = "▸ "
			cursorLine = len(out)
			if i == 0 {
				cursorLine = 0 // the title shows with the first row
			}
		}
		editing := on && q.editing
		val := func(f *kit.Field) string {
			s := f.View(editing, w-lw-4)
			if s == "" && !editing {
				return st.Dim.Render("—")
			}
			return s
		}
		var line string
		var under []string
		switch r.kind {
		case rowTarget:
			line = label("read from") + "◂ " + tg.Label() + " (" + tg.Kind() + ") ▸"
			if tg.Index != "" {
				line += st.Dim.Render("  " + kit.ProjectionText(tg.Projection()))
			}
		case rowMode:
			line = label("operation") + "◂ " + mode + " ▸"
			if q.f.scan {
				line += st.Dim.Render("  reads every item; filters after reading")
			}
		case rowPK, rowOp, rowSK, rowSK2:
			line, under = q.keyRowLine(r, label, val, w)
		case rowFilter:
			line = label("filter") + val(&q.f.filter)
		case rowNames:
			line = label("  #names") + val(&q.f.names)
			if !editing && q.f.names.String() == "" {
				line += st.Dim.Render("   e.g. #v = Views")
			}
		case rowValues:
			line = label("  :values") + val(&q.f.values)
			if !editing && q.f.values.String() == "" {
				line += st.Dim.Render(`   e.g. :min = 5, :tag = "aws"`)
			}
		case rowProjection:
			line = label("projection") + val(&q.f.projection)
			if !editing && q.f.projection.String() == "" {
				line += st.Dim.Render("   all attributes")
			}
		case rowOrder:
			if q.f.descending {
				line = label("order") + "◂ ▼ descending ▸"
			} else {
				line = label("order") + "◂ ▲ ascending ▸"
			}
		case rowConsistent:
			box := "☐ eventually consistent"
			if q.f.consistent {
				box = "☑ strongly consistent"
			}
			line = label("consistent read") + box
			if tg.Global() {
				line = label("consistent read") + st.Dim.Render("☐ not on a GSI (its entries are copied asynchronously)")
			}
		case rowLimit:
			line = label("limit") + val(&q.f.limit)
		case rowRun:
			line = label("") + st.Key.Render("[ run ▶ ]")
			if q.running {
				line += st.Dim.Render("  running…")
			}
		}
		line = kit.Fit(mark+line, w)
		if on && focused && !q.editing {
			line = st.Cursor.Render(line)
		}
		out = append(out, line)
		out = append(out, under...)
	}
	if q.f.note != "" {
		s := st.Dim
		if q.f.noteBad {
			s = st.Warn
		}
		for _, l := range kit.Wrap(q.f.note, w-2) {
			out = append(out, s.Render("  "+l))
		}
	}
	if q.f.res != nil {
		lines, cur := q.resultLines(focused)
		if cur >= 0 {
			cursorLine = len(out) + cur
		}
		out = append(out, lines...)
	}
	if in, r := q.build(); r == nil {
		out = append(out, q.cliLines(in)...)
	}
	if ri := q.resultIndex(); ri >= 0 && len(out) > q.h && q.f.res.err == nil {
		return q.resultsView(ri, mode)
	}
	q.top = kit.Window(q.top, cursorLine, len(out), q.h)
	end := min(q.top+q.h, len(out))
	return strings.Join(out[q.top:end], "\n")
}

// resultsView gives the results the whole pane while the cursor is on
// them and everything does not fit: a title, the counts and what it cost,
// then the rows (column header kept) scrolled to the cursor.
func (q *Model) resultsView(cursor int, mode string) string {
	st, res, w := q.st, q.f.res, q.w
	tg := q.target()
	out := []string{kit.Spread(st.Title.Render(mode)+"  "+tg.Label()+" ("+tg.Kind()+")", st.Dim.Render("g: back to the form"), w)}
	summary, next := q.summary()
	out = append(out, kit.SpreadOrStack(st.Bold, summary, next, w)...)
	rows := max(q.h-len(out)-1, 1)
	q.rtop = kit.Window(q.rtop, cursor, len(res.items), rows)
	out = append(out, res.g.Render(st, nil, q.rtop, rows, cursor, 0, w, q.focused)...)
	return strings.Join(out, "\n")
}

// summary is "25 items (Count 25, ScannedCount 25) · 0.5 RCU" and what
// follows the page.
func (q *Model) summary() (string, string) {
	res := q.f.res
	page := ""
	if res.page > 0 {
		page = fmt.Sprintf("page %d · ", res.page+1)
	}
	summary := fmt.Sprintf("%s%s (Count %d, ScannedCount %d) · %s RCU", page, kit.NItems(len(res.items)), res.count, res.scanned, kit.Units(res.units))
	next := "last page (no LastEvaluatedKey)"
	if kit.Width(summary)+kit.Width(next)+2 > q.w {
		next = "last page"
	}
	if res.lek != nil {
		next = "[n] next page"
	}
	return summary, next
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

// hardWrapContinued is hardWrap for a line of a command that ends in the
// continuation " \": the mark stays on a piece with the end of the text,
// never alone on a line of its own.
func hardWrapContinued(s string, w int) []string {
	body, cont := strings.CutSuffix(s, " \\")
	if !cont || w < 4 || len([]rune(s)) <= w {
		return hardWrap(s, w)
	}
	r := []rune(body)
	var out []string
	for len(r) > w-2 {
		n := min(w, len(r)-1)
		out = append(out, string(r[:n]))
		r = r[n:]
	}
	return append(out, string(r)+" \\")
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
func (q *Model) resultLines(focused bool) ([]string, int) {
	st, res, w := q.st, q.f.res, q.w
	out := []string{st.Dim.Render(strings.Repeat("─", w))}
	if res.err != nil {
		out = append(out, st.Error.Render("DynamoDB rejected the request:"))
		return append(out, kit.ErrorBox(st, res.err, w)...), -1
	}
	summary, next := q.summary()
	out = append(out, kit.SpreadOrStack(st.Bold, summary, next, w)...)
	if res.lek != nil {
		out = append(out, st.Dim.Render(kit.Cut("LastEvaluatedKey "+string(model.AppendItemJSON(nil, res.lek)), w)))
	}
	for _, l := range res.lines {
		out = append(out, kit.WrapIndented(st.Dim, "  ", l, w)...)
	}
	if len(res.items) == 0 {
		return append(out, "  no items"), -1
	}
	cur := q.resultIndex()
	rows := res.g.Render(st, nil, 0, len(res.items), cur, 0, w, focused)
	start := len(out) + 1
	out = append(out, rows...)
	if cur >= 0 {
		return out, start + cur
	}
	return out, -1
}
