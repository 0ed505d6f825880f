package query

import (
	"fmt"
	"strings"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// labelWidth is the width of the form's labels.
const labelWidth = 17

// txView draws the transaction form, its result and the CLI line,
// scrolled so the cursor row shows.
func (q *Model) txView() string {
	st, w := q.st, q.w
	n := len(q.tx.actions)
	hints := "[m] mode  [a] add  [x] remove  [c] copy as CLI  [r] run"
	if w < 100 {
		hints = "[a] add  [r] run"
	}
	title := st.Title.Render("Transaction") + "  TransactWriteItems · " + kit.Plural(int64(n), "action", "")
	out := []string{kit.Spread(title, hints, w)}
	label := func(s string) string { return kit.Fit(s, labelWidth) }
	rows := q.txRows()
	cur := q.txIndex(rows)
	cursorLine, runLine, resultStart := 0, 0, -1
	var results []string
	for i, r := range rows {
		if r.kind == trResult {
			if resultStart < 0 {
				if q.tx.note != "" {
					out = append(out, q.noteLines(q.tx.note, q.tx.noteBad)...)
				}
				resultStart = len(out)
				results = q.txResultLines()
				out = append(out, results...)
			}
			if i == cur {
				cursorLine = resultStart + r.k
			}
			continue
		}
		on := i == cur
		editing := on && q.editing
		mark := "  "
		if on {
			mark = "▸ "
			cursorLine = len(out)
			if i == 0 {
				cursorLine = 0 // the title shows with the first row
			}
		}
		val := func(f *kit.Field) string {
			s := f.View(editing, w-labelWidth-4)
			if s == "" && !editing {
				return st.Dim.Render("—")
			}
			return s
		}
		hint := func(f *kit.Field, s string) string {
			if editing || f.String() != "" || s == "" {
				return ""
			}
			return st.Dim.Render("   " + s)
		}
		var line string
		var a *txAction
		if r.kind.isActionRow() && r.a < n {
			a = q.tx.actions[r.a]
		}
		switch r.kind {
		case trMode:
			line = label("operation") + "◂ Transaction ▸" + st.Dim.Render("  all or nothing; each action costs twice")
		case trHeader:
			line = q.txHeaderLine(r.a, r.a == q.txOpen(), w-2)
		case trTable:
			line = label("  table") + "◂ " + a.table + " ▸"
			if a.table == "" {
				line = label("  table") + st.Dim.Render("◂ no table yet ▸")
			}
		case trItem:
			eg := `e.g. PK = "CUSTOMER#c-2001", SK = PROFILE, Points = 5`
			if ks := keyNames(q.tableDesc(a.table)); len(ks) > 0 {
				eg = "e.g. " + ks[0] + ` = "…"`
				if len(ks) > 1 {
					eg += ", " + ks[1] + ` = "…"`
				}
				eg += `, Name = "Ana", Points = 5`
			}
			line = label("  item") + val(&a.item) + hint(&a.item, eg)
		case trKey:
			k := a.keys[r.k]
			name := st.PK.Render(k.name)
			lab := "  key"
			if r.k > 0 {
				name, lab = st.SK.Render(k.name), ""
			}
			line = label(lab) + name + " (" + k.typ + ")  =  " + val(&k.f)
		case trUpdate:
			line = label("  update") + val(&a.update) + hint(&a.update, "e.g. SET Points = Points + :n")
		case trCondition:
			eg := "none: the action always applies"
			if a.kind == kindConditionCheck {
				eg = "required, e.g. attribute_exists(PK)"
			}
			line = label("  condition") + val(&a.condition) + hint(&a.condition, eg)
		case trNames:
			line = label("    #names") + val(&a.names) + hint(&a.names, "e.g. #s = Status")
		case trValues:
			line = label("    :values") + val(&a.values) + hint(&a.values, `e.g. :n = 5, :email = "ana@example.com"`)
		case trOnFailure:
			choice := "◂ return nothing ▸"
			if a.allOld {
				choice = "◂ return the item (ALL_OLD) ▸"
			}
			line = label("  on failure") + choice
		case trAdd:
			line = label("") + st.Key.Render("[ + add action ]")
			if n == 0 {
				line += st.Dim.Render("  enter or a: Put, Update, Delete or ConditionCheck on any table")
			}
		case trToken:
			line = label("token") + val(&q.tx.token) + hint(&q.tx.token, "ClientRequestToken: a retry within 10 minutes writes nothing again")
		case trRun:
			runLine = len(out)
			line = label("") + st.Key.Render("[ run ▶ ]")
			if q.running {
				line += st.Dim.Render("  running…")
			}
		}
		line = kit.Fit(mark+line, w)
		if on && q.focused && !q.editing {
			line = st.Cursor.Render(line)
		}
		out = append(out, line)
	}
	if resultStart < 0 && q.tx.note != "" {
		out = append(out, q.noteLines(q.tx.note, q.tx.noteBad)...)
	}
	if q.tablesErr != "" {
		out = append(out, q.noteLines("the workspace's tables could not be read (actions can name the table on screen): "+q.tablesErr, true)...)
	}
	if in, r := q.txBuild(); r == nil {
		out = append(out, q.cliLines(in)...)
	}
	if q.tx.reveal && resultStart >= 0 {
		// the result arrived: show it from the run row down
		q.tx.top, q.tx.reveal = runLine, false
	}
	q.tx.top = kit.Window(q.tx.top, cursorLine, len(out), q.h)
	end := min(q.tx.top+q.h, len(out))
	return strings.Join(out[q.tx.top:end], "\n")
}

// noteLines is a note about the form, wrapped.
func (q *Model) noteLines(note string, bad bool) []string {
	s := q.st.Dim
	if bad {
		s = q.st.Warn
	}
	var out []string
	for _, l := range kit.Wrap(note, q.w-2) {
		out = append(out, s.Render("  "+l))
	}
	return out
}

// txHeaderLine is an action's first row: its number and kind, and when it
// is closed a summary of it; its outcome in the last result at the right.
func (q *Model) txHeaderLine(i int, open bool, w int) string {
	st := q.st
	a := q.tx.actions[i]
	left := kit.Fit(fmt.Sprintf("action %d", i+1), labelWidth) + "◂ " + a.kind + " ▸"
	if !open {
		left = kit.Fit(fmt.Sprintf("action %d", i+1), labelWidth) + st.Bold.Render(a.kind) + " " + a.table + "  " + st.Dim.Render(q.txSummary(a))
	}
	text, bad, ok := q.txOutcome(i)
	if !ok {
		return left
	}
	s := st.OK
	switch {
	case bad:
		s = st.Error
	case strings.HasPrefix(text, "○"):
		s = st.Dim
	}
	return kit.Spread(kit.Cut(left, max(w-kit.Width(text)-2, 10)), s.Render(text), w)
}

// txSummary is a closed action in a few words: its key or item, and its
// condition.
func (q *Model) txSummary(a *txAction) string {
	var s string
	if a.kind == kindPut {
		s = a.item.String()
	} else {
		var parts []string
		for _, k := range a.keys {
			parts = append(parts, k.name+"="+k.f.String())
		}
		s = strings.Join(parts, " · ")
	}
	if a.kind == kindUpdate && a.update.String() != "" {
		s += "  " + a.update.String()
	}
	if c := a.condition.String(); c != "" {
		s += "  if " + c
	}
	return s
}

// txResultLines draws the last result: what was written and what it
// cost, itemised; or the cancellation reasons in request order with the
// actions that failed; or DynamoDB's error.
func (q *Model) txResultLines() []string {
	res := q.tx.res
	if res == nil {
		return nil
	}
	st, w := q.st, q.w
	out := []string{st.Dim.Render(strings.Repeat("─", w))}
	wrap := func(style func(...string) string, indent, text string) {
		for _, l := range kit.Wrap(text, max(w-len(indent), 10)) {
			out = append(out, style(indent+l))
		}
	}
	plain := func(s ...string) string { return strings.Join(s, "") }
	n := len(res.in.TransactItems)
	switch {
	case res.err == nil:
		wrap(st.OK.Render, "", fmt.Sprintf("✓ TransactWriteItems: %s, all written · %s WCU", kit.Plural(int64(n), "action", ""), kit.Units(res.units)))
		for _, t := range res.perTbl {
			wrap(plain, "  ", t)
		}
		for _, l := range res.lines {
			wrap(st.Dim.Render, "  ", l)
		}
		if res.logless {
			wrap(st.Dim.Render, "  ", "(this backend keeps no request log: the charge is not itemised)")
		}
	case res.cancelled():
		wrap(st.Error.Render, "", "✗ "+res.err.Code+": nothing was written")
		wrap(st.Dim.Render, "  ", res.err.Message)
		out = append(out, st.Bold.Render("  CancellationReasons, in request order:"))
		for i, c := range res.err.CancellationReasons {
			if i >= n {
				break
			}
			ti := res.in.TransactItems[i]
			kind, t, _ := ti.Action()
			who := fmt.Sprintf("%d %s %s %s", i+1, kind, t, kit.KeyText(txKey(ti, res.keys[t]), res.keys[t]...))
			if c.Code == model.ReasonNone {
				wrap(st.Dim.Render, "  ", who+"  → None")
				continue
			}
			wrap(st.Error.Render, "  ", who+"  → "+c.Code+"  ◂ this action failed")
			if c.Message != "" {
				wrap(plain, "      ", c.Message)
			}
			if c.Item != nil {
				wrap(st.Dim.Render, "      ", "Item (ALL_OLD): "+kit.KeyText(c.Item, res.keys[t]...))
			}
		}
	default:
		out = append(out, st.Error.Render(rejectedHead(res.err, "request")))
		out = append(out, kit.ErrorBox(st, res.err, w)...)
	}
	return out
}
