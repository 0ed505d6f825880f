package patterns

import (
	"fmt"
	"strings"

	"github.com/dynoscope/dynoscope/designs"
	pat "github.com/dynoscope/dynoscope/patterns"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// View draws the title, the list of patterns with their verdicts, and the
// pattern under the cursor in detail.
func (m *Model) View() string {
	st, w := m.st, m.w
	if !m.Capable() {
		out := []string{st.Title.Render("Access patterns"), ""}
		why := "Access patterns are saved with the tables of the embedded engine and checked with its extras (key spreads, the itemised capacity of every request): this backend has none of them. C copies a slice of a table into a local sandbox, where 8 Patterns works."
		return strings.Join(append(out, kit.Wrap(why, w)...), "\n")
	}
	out := []string{m.titleLine()}
	if m.listErr != "" {
		out = append(out, "")
		out = append(out, kit.ErrorBox(st, kit.AsModelError(fmt.Errorf("%s", m.listErr)), w)...)
		return strings.Join(out, "\n")
	}
	if len(m.rows) == 0 {
		if m.running || !m.checked {
			return strings.Join(append(out, st.Dim.Render("reading the saved patterns…")), "\n")
		}
		out = append(out, "")
		for _, p := range []string{
			"No access patterns are saved in this workspace.",
			"Declare them in a pattern file (YAML or JSON: a name, an operation, its request with ${placeholders}, their values and a budget): dynoscope --model FILE loads FILE.patterns.yaml beside the model, and dynoscope load PATTERNS.yaml adds them to a workspace.",
			"Or build a request in 3 Query and save it with P.",
		} {
			out = append(out, kit.Wrap(p, w)...)
			out = append(out, "")
		}
		return strings.Join(out, "\n")
	}
	listH := m.listHeight()
	m.top = kit.Window(m.top, m.cursor, len(m.rows), listH)
	for i := m.top; i < m.top+listH && i < len(m.rows); i++ {
		out = append(out, m.rowLine(i))
	}
	out = append(out, st.Dim.Render(strings.Repeat("─", max(w, 0))))
	out = append(out, m.noteLines()...)
	details := m.details(m.cursor)
	avail, scrolls := m.detailsRoom(len(details))
	if !scrolls {
		m.dtop = 0
		return strings.Join(append(out, details...), "\n")
	}
	m.dtop = max(min(m.dtop, len(details)-avail), 0)
	end := min(m.dtop+avail, len(details))
	out = append(out, details[m.dtop:end]...)
	out = append(out, st.Dim.Render(kit.Cut(fmt.Sprintf("lines %d–%d of %d · pgdn/pgup scroll", m.dtop+1, end, len(details)), w)))
	return strings.Join(out, "\n")
}

// listHeight is how many rows of the list show.
func (m *Model) listHeight() int { return min(len(m.rows), max(3, (m.h-1)/3)) }

// noteLines draw the note under the list.
func (m *Model) noteLines() []string {
	if m.note == "" {
		return nil
	}
	s := m.st.Dim
	if m.noteBad {
		s = m.st.Warn
	}
	var out []string
	for _, l := range kit.Wrap(m.note, m.w) {
		out = append(out, s.Render(l))
	}
	return out
}

// detailsRoom is how many lines of n lines of details show under the
// title, the list, its rule and the note, and whether they scroll (a line
// then says where they are).
func (m *Model) detailsRoom(n int) (int, bool) {
	room := m.h - 1 - m.listHeight() - 1 - len(m.noteLines())
	if n <= room || room < 2 {
		return room, false
	}
	return room - 1, true
}

// detailsMax is the last first line of the details on screen.
func (m *Model) detailsMax() int {
	n := len(m.details(m.cursor))
	avail, scrolls := m.detailsRoom(n)
	if !scrolls {
		return 0
	}
	return n - avail
}

// titleLine counts the verdicts and says what the check is doing.
func (m *Model) titleLine() string {
	st := m.st
	passed, failed, warned := 0, 0, 0
	tables := map[string]bool{}
	var order []string
	for _, r := range m.rows {
		if t := r.p.Table(); t != "" && !tables[t] {
			tables[t] = true
			order = append(order, t)
		}
		switch {
		case r.res == nil:
		case !r.res.OK():
			failed++
		case len(r.res.Risks) > 0:
			warned++
			passed++
		default:
			passed++
		}
	}
	left := st.Title.Render("Access patterns")
	short := left // at 80 columns: the counts before the tables
	if len(m.rows) > 0 {
		on := strings.Join(order, ", ")
		if len(order) > 2 {
			on = kit.Itoa(len(order)) + " tables"
		}
		counts := " · " + st.OK.Render(kit.Itoa(passed)+" passed")
		if failed > 0 {
			counts += " · " + st.Error.Render(kit.Itoa(failed)+" failed")
		}
		n := kit.Plural(int64(len(m.rows)), "pattern", "")
		left += "  " + n + " on " + on + counts
		short = st.Title.Render("Patterns") + "  " + n + counts
	}
	right := st.Dim.Render("[r] check again")
	switch {
	case m.running && len(m.rows) > 0:
		right = st.Dim.Render(fmt.Sprintf("checking %d of %d…", m.at+1, len(m.rows)))
	case m.running:
		right = st.Dim.Render("checking…")
	case m.stale:
		right = st.Warn.Render("the data changed: r checks again")
	}
	if kit.Width(left)+kit.Width(right)+2 > m.w {
		right = ""
	}
	if kit.Width(left) > m.w {
		left = short
	}
	return kit.Spread(left, right, m.w)
}

// rowLine is pattern i in the list: its verdict, name, what serves it and
// what one call costs.
func (m *Model) rowLine(i int) string {
	st, w := m.st, m.w
	r := m.rows[i]
	mark := "  "
	if i == m.cursor {
		mark = "▸ "
	}
	verdict, vs := "… ", st.Dim
	served, cost, word := r.p.Operation+" on "+r.p.Table(), "", "…"
	if res := r.res; res != nil {
		served = res.Action + " on " + res.Served()
		if res.Scan {
			served = res.Action + " on " + res.Served() + " (scan)"
		}
		cost = costText(*res)
		switch {
		case !res.OK():
			verdict, vs, word = "✗ ", st.Error, "FAIL"
		case len(res.Risks) > 0:
			verdict, vs, word = "! ", st.Warn, "warn"
		default:
			verdict, vs, word = "✓ ", st.OK, "ok"
		}
	}
	nameW := min(max(w/3, 12), 30)
	tail := kit.PadLeft(cost, 10) + "  " + kit.Fit(word, 4)
	if w < 60 {
		tail = kit.PadLeft(cost, 9)
	}
	servedW := max(w-2-2-nameW-1-kit.Width(tail)-1, 4)
	rest := kit.Fit(r.p.Name, nameW) + " " + kit.Fit(served, servedW) + " " + tail
	switch {
	case i == m.cursor && m.focused:
		return st.Cursor.Render(kit.Fit(mark+verdict+rest, w))
	case i == m.cursor:
		return st.Selected.Render(kit.Fit(mark+verdict+rest, w))
	case r.old || r.res == nil:
		return st.Dim.Render(kit.Fit(mark+verdict+rest, w))
	}
	return kit.Fit(mark+vs.Render(verdict)+rest, w)
}

// isRead reports whether an action reads (its units are RCU).
func isRead(action string) bool {
	return action == "GetItem" || action == "Query" || action == "Scan" || strings.HasPrefix(action, "ExecuteStatement")
}

// isSelect reports whether a PartiQL statement is a SELECT.
func isSelect(stmt string) bool {
	f := strings.Fields(stmt)
	return len(f) > 0 && strings.EqualFold(f[0], "SELECT")
}

// costText is what one call consumed: "5.5 RCU", "2 WCU", or a vector
// search's request bytes, "30.4 KB".
func costText(r pat.Result) string {
	if r.Error != "" {
		return "failed"
	}
	if r.Action == "SearchVectors" {
		return kit.HumanBytes(int64(r.SearchBytes))
	}
	if isRead(r.Action) {
		return kit.Units(r.RCU) + " RCU"
	}
	return kit.Units(r.WCU) + " WCU"
}

// details are the lines about pattern i, wrapped to the pane.
func (m *Model) details(i int) []string {
	st, w := m.st, m.w
	if i >= len(m.rows) {
		return nil
	}
	r := m.rows[i]
	const lw = 11
	var out []string
	add := func(label, text string, style func(...string) string) {
		for j, l := range kit.Wrap(text, max(w-lw, 10)) {
			if j == 0 {
				out = append(out, kit.Fit(label, lw)+style(l))
			} else {
				out = append(out, strings.Repeat(" ", lw)+style(l))
			}
		}
	}
	plain := func(s ...string) string { return strings.Join(s, "") }
	head := st.Bold.Render(kit.Cut(r.p.Name, w))
	if r.p.Description != "" {
		head = st.Bold.Render(r.p.Name) + st.Dim.Render(" · "+r.p.Description)
	}
	out = append(out, kit.Cut(head, w))
	res := r.res
	if res == nil {
		return append(out, st.Dim.Render("checking…"))
	}
	if r.old {
		out = append(out, st.Dim.Render(kit.Cut("(the last check's verdict; checking again…)", w)))
	}
	if res.Error != "" && res.Table == "" {
		add("request", res.Action+" (did not run)", plain)
	} else {
		add("request", res.Action+" on "+res.Served(), plain)
	}
	switch {
	case res.Scan && strings.HasPrefix(res.Action, "ExecuteStatement"):
		add("scan", "the statement becomes a Scan: it reads every item of "+res.Served()+why(res.Advice), st.Warn.Render)
	case res.Scan:
		add("scan", "reads every item of "+res.Served()+why(res.Advice), st.Warn.Render)
	case res.KeyCondition != "":
		add("key", res.KeyCondition, plain)
	}
	if res.ItemsRead >= 0 || res.ItemsReturned >= 0 {
		items := ""
		switch {
		case res.ItemsRead >= 0 && res.ItemsReturned >= 0:
			items = fmt.Sprintf("%s read · %s returned", kit.NItems(res.ItemsRead), kit.FmtInt(int64(res.ItemsReturned)))
		case res.ItemsReturned >= 0:
			items = kit.NItems(res.ItemsReturned) + " returned"
		default:
			items = kit.NItems(res.ItemsRead) + " read"
		}
		if res.More {
			items += " · more to read (LastEvaluatedKey)"
		}
		add("items", items, plain)
	}
	if res.Error == "" {
		cost := costText(*res)
		if res.Action == "SearchVectors" {
			cost = kit.FmtInt(int64(res.SearchBytes)) + " vector search request bytes"
		}
		add("capacity", cost+" per call", st.Bold.Render)
		for _, l := range res.Lines {
			add("", l, st.Dim.Render)
		}
	}
	if h := res.HotKey; h != nil {
		where := h.Table
		if h.Index != "" {
			where += "/" + h.Index
		}
		add("hot key", fmt.Sprintf("%s: %s of the %s items of %s, %s of %s (%.0f%%)", kit.KeyText(h.Partition),
			kit.FmtInt(h.Items), kit.FmtInt(h.TotalItems), where, kit.HumanBytes(h.Bytes), kit.HumanBytes(h.TotalBytes), h.Share()*100), plain)
	}
	if res.LargestItem > 0 {
		add("largest", kit.HumanBytes(res.LargestItem)+" (an item is at most 400 KB)", plain)
	}
	if res.Collection >= 0 {
		add("collection", kit.HumanBytes(res.Collection)+" (at most 10 GB with a local secondary index)", plain)
	}
	for _, k := range res.Risks {
		add("warning", k, st.Warn.Render)
	}
	add("budget", budgetText(r.p), plain)
	if res.OK() {
		add("verdict", "✓ passed", st.OK.Render)
	}
	for j, f := range res.Failures {
		label := ""
		if j == 0 {
			label = "verdict"
		}
		add(label, "✗ "+f, st.Error.Render)
	}
	return out
}

// why joins a scan's advice to the sentence before it.
func why(advice string) string {
	if advice == "" {
		return ""
	}
	return ": " + advice
}

// budgetText says what one call may cost.
func budgetText(p designs.Pattern) string {
	b := p.Budget
	var parts []string
	if b.MaxRCU != nil {
		parts = append(parts, "at most "+kit.Units(*b.MaxRCU)+" RCU a call")
	}
	if b.MaxWCU != nil {
		parts = append(parts, "at most "+kit.Units(*b.MaxWCU)+" WCU a call")
	}
	if b.AllowScan {
		parts = append(parts, "a scan is allowed")
	} else {
		parts = append(parts, "a scan fails")
	}
	return strings.Join(parts, " · ")
}
