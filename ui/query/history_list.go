package query

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/internal/history"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The list / opens over the pane: the saved requests (★, by name), then
// every request run, newest first, each on one line — when, what action
// on which table, and the request in short. What is typed filters it (by
// name, action, table or text of the request); enter shows the request in
// the builder without running it, on its table (the sidebar follows) or
// in its mode; delete forgets a saved one; esc closes the list.

// listState is the open list.
type listState struct {
	open   bool
	filter kit.Field
	cur    int
	top    int
	// summaries caches each record's line (by action and request).
	summaries map[string]string
}

// listRow is one line of the list.
type listRow struct {
	e     history.Entry
	saved bool
}

// openList opens the list, its filter empty.
func (q *Model) openList() {
	q.hist.list.open, q.hist.list.cur, q.hist.list.top = true, 0, 0
	q.hist.list.filter = kit.Field{}
	q.editing = false
}

// listRows are the records the filter keeps: saved first, then the runs
// newest first.
func (q *Model) listRows() []listRow {
	words := strings.Fields(strings.ToLower(q.hist.list.filter.String()))
	keep := func(e history.Entry) bool {
		text := strings.ToLower(e.Saved + " " + e.Op + " " + where(e.Table, e.Index) + " " + q.entrySummary(e))
		for _, w := range words {
			if !strings.Contains(text, w) {
				return false
			}
		}
		return true
	}
	var out []listRow
	for _, e := range q.hist.saved {
		if keep(e) {
			out = append(out, listRow{e: e, saved: true})
		}
	}
	for i := len(q.hist.runs) - 1; i >= 0; i-- {
		if e := q.hist.runs[i]; keep(e) {
			out = append(out, listRow{e: e})
		}
	}
	return out
}

// entrySummary is a record's request in short: "ForumName = :f · :f = "S3"",
// a statement and its parameters, a transaction's actions.
func (q *Model) entrySummary(e history.Entry) string {
	k := e.Op + "\x00" + string(e.Request)
	if s, ok := q.hist.list.summaries[k]; ok {
		return s
	}
	s := summarize(e)
	if q.hist.list.summaries == nil {
		q.hist.list.summaries = map[string]string{}
	}
	q.hist.list.summaries[k] = s
	return s
}

func summarize(e history.Entry) string {
	in, err := requestOf(e)
	if err != nil {
		return err.Error()
	}
	var parts []string
	values := func(vs map[string]model.AttributeValue) {
		for _, k := range kit.SortedKeys(vs) {
			parts = append(parts, k+" = "+kit.LiteralText(vs[k]))
		}
	}
	switch in := in.(type) {
	case *model.QueryInput:
		parts = append(parts, in.KeyConditionExpression)
		if in.FilterExpression != "" {
			parts = append(parts, "filter "+in.FilterExpression)
		}
		values(in.ExpressionAttributeValues)
	case *model.ScanInput:
		if in.FilterExpression != "" {
			parts = append(parts, "filter "+in.FilterExpression)
		} else {
			parts = append(parts, "every item")
		}
		values(in.ExpressionAttributeValues)
	case *model.ExecuteStatementInput:
		parts = append(parts, strings.Join(strings.Fields(in.Statement), " "))
		if len(in.Parameters) > 0 {
			parts = append(parts, "parameters "+paramsText(in.Parameters))
		}
	case *model.SearchVectorsInput:
		parts = append(parts, "TopK "+fmt.Sprint(derefInt(in.TopK))+" · "+kit.Plural(int64(len(in.SearchVector)), "dimension", ""))
		if c := in.SearchConditionExpression; c != nil && *c != "" {
			parts = append(parts, "condition "+*c)
		}
	case *model.TransactWriteItemsInput:
		var kinds []string
		for _, ti := range in.TransactItems {
			a, t, _ := ti.Action()
			kinds = append(kinds, a+" "+t)
		}
		parts = append(parts, kit.Plural(int64(len(in.TransactItems)), "action", "")+": "+strings.Join(kinds, ", "))
	}
	return strings.Join(parts, " · ")
}

// paramsText writes a statement's parameters as the builder takes them.
func paramsText(ps []model.AttributeValue) string {
	var out []string
	for _, p := range ps {
		out = append(out, kit.LiteralText(p))
	}
	return strings.Join(out, ", ")
}

// listKey handles a key while the list is open.
func (q *Model) listKey(msg tea.KeyPressMsg) tea.Cmd {
	l := &q.hist.list
	rows := q.listRows()
	switch {
	case key.Matches(msg, q.keys.Cancel):
		l.open = false
	case key.Matches(msg, q.keys.ListUp):
		l.cur = max(l.cur-1, 0)
	case key.Matches(msg, q.keys.ListDown):
		l.cur = max(min(l.cur+1, len(rows)-1), 0)
	case key.Matches(msg, q.keys.Accept):
		if l.cur >= len(rows) {
			return nil
		}
		l.open = false
		return q.openEntry(rows[l.cur].e)
	case key.Matches(msg, q.keys.Forget):
		if l.cur < len(rows) && rows[l.cur].saved {
			return q.forget(rows[l.cur].e.Saved)
		}
	default:
		before := l.filter.String()
		if l.filter.Update(msg) && l.filter.String() != before {
			l.cur, l.top = 0, 0
		}
	}
	return nil
}

// forget removes a saved request.
func (q *Model) forget(name string) tea.Cmd {
	for i, e := range q.hist.saved {
		if e.Saved == name {
			q.hist.saved = append(q.hist.saved[:i], q.hist.saved[i+1:]...)
			break
		}
	}
	q.hist.list.cur = max(min(q.hist.list.cur, len(q.listRows())-1), 0)
	return q.writeHistory(history.Entry{At: time.Now().UTC().Truncate(time.Second), Unsaved: name}, "")
}

// openEntry shows a record's request in the builder: a statement or a
// transaction in its mode, a Query or Scan of the form's table or index
// in the form, one of another table or index through the root, which
// selects it first (its description is the root's).
func (q *Model) openEntry(e history.Entry) tea.Cmd {
	q.hist.at, q.hist.draft = 0, nil
	in, err := requestOf(e)
	if err != nil {
		q.setNote(err.Error(), true)
		return nil
	}
	note := "from history"
	if e.Saved != "" {
		note = fmt.Sprintf("saved request %q", e.Saved)
	}
	switch in.(type) {
	case *model.QueryInput, *model.ScanInput, *model.SearchVectorsInput:
		if tg := q.target(); !tg.Valid() || e.Table != tg.Table() || e.Index != tg.Index {
			return kit.Msg(kit.OpenQueryMsg{In: in, NoRun: true})
		}
	}
	return q.showEntry(e, note)
}

// listView draws the list over the pane.
func (q *Model) listView() string {
	st, w, l := q.st, q.w, &q.hist.list
	rows := q.listRows()
	total := len(q.hist.saved) + len(q.hist.runs)
	count := fmt.Sprintf("%d of %d", len(rows), total)
	about := "saved requests, then the last " + kit.Itoa(history.Keep) + " run"
	if w < 90 {
		about = "saved, then run"
	}
	out := []string{kit.Spread(st.Title.Render("History")+"  "+st.Dim.Render(about), count, w)}
	out = append(out, kit.Fit("filter: "+l.filter.View(true, max(w-10, 10)), w))
	switch {
	case q.hist.loadErr != "":
		out = append(out, kit.WrapStyled(st.Warn, "history not read: "+q.hist.loadErr, w)...)
	case !q.hist.loaded:
		out = append(out, st.Dim.Render("reading the history…"))
	}
	hint := "enter shows it in the builder (not run) · delete forgets a saved one · esc closes"
	if w < 90 {
		hint = "enter shows it · del forgets saved · esc closes"
	}
	room := max(q.h-len(out)-1, 1)
	if len(rows) == 0 {
		msg := "nothing run yet: every request 3 Query sends is kept here, and ctrl+s saves one by name"
		if total > 0 {
			msg = "nothing matches the filter"
		}
		out = append(out, kit.WrapStyled(st.Dim, msg, w)...)
	}
	l.cur = max(min(l.cur, len(rows)-1), 0)
	if l.cur < len(rows) { // the row under the cursor takes the lines it wraps to
		r := rows[l.cur]
		room = max(room-len(kit.Wrap("▸ "+kit.Fit(r.e.Saved, 14)+"  "+opLabel(r.e.Op)+" "+where(r.e.Table, r.e.Index)+"  "+q.entrySummary(r.e), w))+1, 1)
	}
	l.top = kit.Window(l.top, l.cur, len(rows), room)
	today := time.Now().Local().Format("Jan 02")
	for i := l.top; i < min(l.top+room, len(rows)); i++ {
		r := rows[i]
		at := r.e.At.Local()
		head, headStyle := at.Format("Jan 02"), st.Dim
		if head == today {
			head = at.Format("15:04:05")
		}
		head = kit.Fit(head, 8)
		if r.saved {
			head, headStyle = "★ "+kit.Fit(r.e.Saved, 12), st.Key
		}
		what, sum := opLabel(r.e.Op)+" "+where(r.e.Table, r.e.Index), q.entrySummary(r.e)
		if i != l.cur {
			out = append(out, kit.Fit("  "+headStyle.Render(head)+"  "+st.Bold.Render(what)+"  "+sum, w))
			continue
		}
		// the row under the cursor is shown whole, wrapped
		for j, line := range kit.Wrap("▸ "+head+"  "+what+"  "+sum, w) {
			if j > 0 {
				line = "  " + line
			}
			line = kit.Fit(line, w)
			if q.focused {
				line = st.Cursor.Render(line)
			}
			out = append(out, line)
		}
	}
	out = out[:min(len(out), max(q.h-1, 1))]
	for len(out) < q.h-1 {
		out = append(out, "")
	}
	out = append(out, st.Dim.Render(kit.Cut(hint, w)))
	return strings.Join(out, "\n")
}

func derefInt(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// opLabel names an action as the builder's modes do.
func opLabel(op string) string {
	switch op {
	case "ExecuteStatement":
		return "PartiQL"
	case "TransactWriteItems":
		return "Transaction"
	case "SearchVectors":
		return "Vector"
	}
	return op
}
