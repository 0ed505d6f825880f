package query

import (
	"fmt"
	"strings"

	"github.com/dynoscope/dynoscope/ui/kit"
)

// maxStatementLines bounds the lines the statement takes on screen.
const maxStatementLines = 8

// pqView draws the PartiQL editor, the verdict, the result and the CLI
// line, scrolled so the cursor row shows.
func (q *Model) pqView() string {
	st, w := q.st, q.w
	hints := "[m] mode  [c] copy as CLI  [r] run"
	if w < 100 {
		hints = "[r] run"
	}
	out := []string{kit.Spread(st.Title.Render("PartiQL")+"  ExecuteStatement", hints, w)}
	label := func(s string) string { return kit.Fit(s, labelWidth) }
	cursorLine, runLine := 0, 0
	fw := w - labelWidth - 2
	for r := 0; r < pqRows; r++ {
		on := r == q.pq.row
		editing := on && q.editing
		mark := "  "
		if on {
			mark = "▸ "
			cursorLine = len(out)
			if r == 0 {
				cursorLine = 0 // the title shows with the first row
			}
		}
		val := func(f *kit.Field) string {
			s := f.View(editing, fw-2)
			if s == "" && !editing {
				return st.Dim.Render("—")
			}
			return s
		}
		lines := []string{}
		switch r {
		case pqMode:
			lines = append(lines, label("operation")+"◂ PartiQL ▸"+st.Dim.Render("  SELECT, INSERT, UPDATE, DELETE with ? parameters"))
		case pqStatement:
			text := q.pq.stmt.String()
			if editing {
				text = q.pq.stmt.View(true, 1<<20)
			}
			parts := softWrap(text, fw)
			if len(parts) > maxStatementLines {
				parts = parts[:maxStatementLines]
				parts[maxStatementLines-1] = kit.Cut(parts[maxStatementLines-1], fw-1) + "…"
			}
			if text == "" {
				parts = []string{st.Dim.Render("—   e.g. SELECT * FROM \"Table\" WHERE PK = ?")}
			}
			for i, p := range parts {
				l := label("")
				if i == 0 {
					l = label("statement")
				}
				lines = append(lines, l+p)
			}
			if editing {
				lines = append(lines, q.suggestionLine(fw))
			}
		case pqParams:
			l := label("parameters") + val(&q.pq.params)
			if !editing && q.pq.params.String() == "" {
				l += st.Dim.Render(`   one per ?, e.g. "CUSTOMER#c-1001", 5`)
			}
			lines = append(lines, l)
		case pqConsistent:
			box := "☐ eventually consistent"
			if q.pq.consistent {
				box = "☑ strongly consistent"
			}
			lines = append(lines, label("consistent read")+box)
		case pqLimit:
			l := label("limit") + val(&q.pq.limit)
			if !editing && q.pq.limit.String() == "" {
				l += st.Dim.Render("   items evaluated per page")
			}
			lines = append(lines, l)
		case pqRun:
			runLine = len(out)
			l := label("") + st.Key.Render("[ run ▶ ]")
			if q.running {
				l += st.Dim.Render("  running…")
			}
			lines = append(lines, l)
		}
		for i, l := range lines {
			m := "  "
			if i == 0 {
				m = mark
			}
			l = kit.Fit(m+l, w)
			if on && q.focused && !q.editing {
				l = st.Cursor.Render(l)
			}
			out = append(out, l)
		}
	}
	out = append(out, q.verdictLines()...)
	if q.pq.note != "" {
		out = append(out, q.noteLines(q.pq.note, q.pq.noteBad)...)
	}
	if q.pq.res != nil {
		lines, cur := q.pqResultLines()
		if cur >= 0 {
			cursorLine = len(out) + cur
		}
		out = append(out, lines...)
	}
	if in, r := q.pqBuild(); r == nil {
		out = append(out, q.cliLines(in)...)
	}
	if ri := q.pqResultIndex(); ri >= 0 && len(out) > q.h && q.pq.res.err == nil {
		return q.pqResultsView(ri)
	}
	if q.pq.reveal && q.pq.res != nil {
		// the result arrived: show it from the run row down
		q.pq.top, q.pq.reveal = runLine, false
	}
	q.pq.top = kit.Window(q.pq.top, cursorLine, len(out), q.h)
	end := min(q.pq.top+q.h, len(out))
	return strings.Join(out[q.pq.top:end], "\n")
}

// suggestionLine lists the names offered for what is being typed, as
// many as fit.
func (q *Model) suggestionLine(w int) string {
	st := q.st
	names, what, whole := q.suggestionsFor()
	word, _ := q.pq.stmt.WordBefore()
	before := q.pq.stmt.TextBefore()
	if !namingAt(word, before[:len(before)-len(word)]) {
		word = ""
	}
	head := what + ": "
	switch {
	case w < 60 && word != "":
		head = "" // the names being completed matter more than whose
	case w < 60:
		head = strings.TrimPrefix(what, "attributes of ") + ": "
	}
	pad := kit.Fit("", labelWidth+2)
	if len(names) == 0 {
		if word != "" && whole {
			return pad + st.Dim.Render(kit.Cut(head+word, w))
		}
		if word != "" {
			return pad + st.Dim.Render(kit.Cut(head+"none starts with "+word, w))
		}
		return pad + st.Dim.Render(kit.Cut(head+"—", w))
	}
	tail := ""
	switch {
	case word != "" && w < 60:
		tail = "· tab"
	case word != "":
		tail = "· tab completes"
	}
	room := w - kit.Width(head) - kit.Width(tail) - 5 // "+NN "
	line, shown := "", 0
	for _, n := range names {
		if kit.Width(line)+kit.Width(n)+1 > room {
			break
		}
		line += n + " "
		shown++
	}
	if shown < len(names) {
		line += fmt.Sprintf("+%d ", len(names)-shown)
	}
	return pad + st.Dim.Render(kit.Cut(head+line+tail, w))
}

// verdictLines say what the statement becomes, before it runs: a Query
// and the key ranges it reads, a Scan of everything and why, or the
// write; or the error ExecuteStatement would answer.
func (q *Model) verdictLines() []string {
	st, w := q.st, q.w
	var out []string
	add := func(render func(...string) string, indent, text string) {
		for _, l := range kit.Wrap(text, max(w-len(indent), 10)) {
			out = append(out, render(indent+l))
		}
	}
	p := q.pq.plan
	switch {
	case strings.TrimSpace(q.pq.stmt.String()) == "":
	case q.pq.planNote != "":
		add(st.Dim.Render, "  ", q.pq.planNote)
	case q.pq.planFor != q.pqKey():
		add(st.Dim.Render, "  ", "…")
	case q.pq.planErr != nil:
		add(st.Warn.Render, "  ", "✗ "+q.pq.planErr.Code+": "+q.pq.planErr.Message)
		add(st.Dim.Render, "    ", "(what ExecuteStatement would answer; nothing was sent)")
	case p != nil:
		where := p.Table
		if p.Index != "" {
			where += "." + p.Index
		}
		switch p.Action {
		case "Query":
			add(st.OK.Render, "  ", "✓ Query on "+where+": "+p.Why)
			for i, r := range p.Reads {
				if i == 4 && len(p.Reads) > 5 {
					add(st.Dim.Render, "      ", fmt.Sprintf("… and %d more key reads", len(p.Reads)-4))
					break
				}
				add(st.Dim.Render, "      ", "reads "+r)
			}
		case "Scan":
			add(st.Warn.Render, "  ", "⚠ Scan of "+where+", every item read and paid for: "+p.Why)
			if p.Filter != "" {
				add(st.Dim.Render, "      ", "then keeps "+p.Filter)
			}
		default:
			add(st.Bold.Render, "  ", "→ "+p.Action+" on "+where+": "+p.Why)
		}
	}
	return out
}

// pqSummary is "Query · page 2 · 3 items · 0.5 RCU" and what follows the
// page.
func (q *Model) pqSummary() (string, string) {
	res := q.pq.res
	s := ""
	if res.plan != nil {
		s = res.plan.Action + " · "
	}
	if res.page > 0 {
		s += fmt.Sprintf("page %d · ", res.page+1)
	}
	unit := "RCU"
	switch {
	case res.plan != nil && res.plan.Action != "Query" && res.plan.Action != "Scan":
		unit = "WCU"
	case res.plan == nil && statementVerb(res.in.Statement) != "": // a backend that does not say what it ran as
		unit = "WCU"
	}
	s += kit.NItems(len(res.items)) + " · " + kit.Units(res.units) + " " + unit
	next := "last page (no NextToken)"
	if kit.Width(s)+kit.Width(next)+2 > q.w {
		next = "last page"
	}
	if res.next != "" {
		next = "[n] next page (NextToken)"
	}
	return s, next
}

// pqResultLines draws the outcome: the error box, or the summary, the
// capacity with its explanation, and the items; cur is the line of the
// cursor row.
func (q *Model) pqResultLines() ([]string, int) {
	st, res, w := q.st, q.pq.res, q.w
	out := []string{st.Dim.Render(strings.Repeat("─", w))}
	if res.err != nil {
		out = append(out, st.Error.Render(rejectedHead(res.err, "statement")))
		return append(out, kit.ErrorBox(st, res.err, w)...), -1
	}
	summary, next := q.pqSummary()
	out = append(out, kit.SpreadOrStack(st.Bold, summary, next, w)...)
	for _, l := range res.lines {
		out = append(out, kit.WrapIndented(st.Dim, "  ", l, w)...)
	}
	if len(res.items) == 0 {
		return append(out, "  no items"), -1
	}
	cur := q.pqResultIndex()
	start := len(out) + 1
	out = append(out, res.g.Render(st, nil, 0, len(res.items), cur, 0, w, q.focused)...)
	if cur >= 0 {
		return out, start + cur
	}
	return out, -1
}

// pqResultsView gives the items the whole pane while the cursor is on
// them and everything does not fit.
func (q *Model) pqResultsView(cursor int) string {
	st, res, w := q.st, q.pq.res, q.w
	out := []string{kit.Spread(st.Title.Render("PartiQL")+"  ExecuteStatement", st.Dim.Render("g: back to the editor"), w)}
	summary, next := q.pqSummary()
	out = append(out, kit.SpreadOrStack(st.Bold, summary, next, w)...)
	rows := max(q.h-len(out)-1, 1)
	q.pq.rtop = kit.Window(q.pq.rtop, cursor, len(res.items), rows)
	out = append(out, res.g.Render(st, nil, q.pq.rtop, rows, cursor, 0, w, q.focused)...)
	return strings.Join(out, "\n")
}

// softWrap cuts s into lines of at most w cells, after a space where it
// can, keeping every character (what is typed must read back exactly).
func softWrap(s string, w int) []string {
	if w <= 1 {
		return []string{s}
	}
	r := []rune(s)
	var out []string
	for kit.Width(string(r)) > w {
		cut := 0
		for i := range r {
			if kit.Width(string(r[:i+1])) > w {
				break
			}
			cut = i + 1
		}
		for i := cut; i > cut/2; i-- {
			if r[i-1] == ' ' {
				cut = i
				break
			}
		}
		if cut == 0 {
			cut = 1
		}
		out = append(out, string(r[:cut]))
		r = r[cut:]
	}
	return append(out, string(r))
}
