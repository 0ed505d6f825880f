package query

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

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
	if !q.target().Valid() {
		return q.st.Dim.Render("No table selected: pick one in the sidebar.")
	}
	out, _, cursorLine := q.formLines()
	if ri := q.resultIndex(); ri >= 0 && len(out) > q.h && q.f.res.err == nil {
		return q.resultsView(ri, q.modeName())
	}
	q.top = kit.Window(q.top, cursorLine, len(out), q.h)
	end := min(q.top+q.h, len(out))
	return strings.Join(out[q.top:end], "\n")
}

// modeName is "Query" or "Scan".
func (q *Model) modeName() string {
	if q.f.scan {
		return "Scan"
	}
	return "Query"
}

// formLines draws the form, the results and the CLI line whole; rowOf
// gives each line's cursor row (a form row, then the result rows after
// them, as q.row counts) or -1 for a line that is no row; cursorLine is
// the line the cursor is on.
func (q *Model) formLines() (out []string, rowOf []int, cursorLine int) {
	st := q.st
	w := q.w
	focused := q.focused
	tg := q.target()
	markRows := func(row int) {
		for len(rowOf) < len(out) {
			rowOf = append(rowOf, row)
		}
	}
	mode := q.modeName()
	hints := "[m] mode  [s] query/scan  [c] copy as CLI  [r] run"
	if w < 100 {
		hints = "[r] run"
	}
	out = append(out, kit.Spread(st.Title.Render(mode)+"  "+tg.Label()+" ("+tg.Kind()+")", hints, w))
	markRows(-1)
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
		markRows(i)
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
	markRows(-1)
	if q.f.res != nil {
		lines, cur, first := q.resultLines(focused)
		if cur >= 0 {
			cursorLine = len(out) + cur
		}
		n := len(q.rows())
		for i := range lines {
			r := -1
			if first >= 0 && i >= first {
				r = n + i - first
			}
			rowOf = append(rowOf, r)
		}
		out = append(out, lines...)
	}
	if in, r := q.build(); r == nil {
		out = append(out, q.cliLines(in)...)
	}
	markRows(-1)
	return out, rowOf, cursorLine
}

// click takes a left click on line y of the pane: on a row of the form
// or of the results the cursor goes there (a field being edited is left);
// a click on the row the cursor is on already does what enter does there
// (edits the field, changes the choice, runs, opens the item).
func (q *Model) click(msg kit.ClickMsg) tea.Cmd {
	if q.alt != ModeQuery || q.lang > 0 || q.naming || q.hist.naming || q.hist.list.open || !q.target().Valid() {
		return nil
	}
	row := q.rowAtLine(msg.Y)
	if row < 0 {
		return nil
	}
	if row == q.row {
		if q.editing {
			return nil // the field has the keyboard already
		}
		return q.key(tea.KeyPressMsg{Code: tea.KeyEnter})
	}
	q.editing = false
	q.hist.at, q.hist.draft = 0, nil
	q.row = row
	return nil
}

// rowAtLine is the cursor row drawn on line y of the pane as View drew
// it last, or -1.
func (q *Model) rowAtLine(y int) int {
	out, rowOf, _ := q.formLines()
	if ri := q.resultIndex(); ri >= 0 && len(out) > q.h && q.f.res.err == nil {
		// the results have the pane: title, summary, column header, rows
		summary, next := q.summary()
		head := 1 + len(kit.SpreadOrStack(q.st.Bold, summary, next, q.w)) + 1
		i := q.rtop + y - head
		if y < head || i >= len(q.f.res.items) || y >= q.h {
			return -1
		}
		return len(q.rows()) + i
	}
	at := q.top + y
	if y < 0 || y >= q.h || at >= len(rowOf) {
		return -1
	}
	return rowOf[at]
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
// first is the line of the first item row, or -1.
func (q *Model) resultLines(focused bool) ([]string, int, int) {
	st, res, w := q.st, q.f.res, q.w
	out := []string{st.Dim.Render(strings.Repeat("─", w))}
	if res.err != nil {
		out = append(out, st.Error.Render("DynamoDB rejected the request:"))
		return append(out, kit.ErrorBox(st, res.err, w)...), -1, -1
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
		return append(out, "  no items"), -1, -1
	}
	cur := q.resultIndex()
	rows := res.g.Render(st, nil, 0, len(res.items), cur, 0, w, focused)
	start := len(out) + 1
	out = append(out, rows...)
	if cur >= 0 {
		return out, start + cur, start
	}
	return out, -1, start
}
