package query

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/ui/kit"
)

type keys struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Edit, Done, Cycle, CycleBack, Run, ScanMode, NextPage, CopyCLI, Open key.Binding
	Mode, ModeBack, AddAction, RemoveAction, Complete                                                             key.Binding
	CodeLang, SavePattern                                                                                         key.Binding
	// Export writes every page of the result's request to a file (the
	// ui/transfer dialog).
	Export                                                                key.Binding
	Accept, Cancel, Back, PrevField, NextField                            key.Binding
	HistPrev, HistNext, HistSearch, Forget, SaveRequest, ListUp, ListDown key.Binding
	// The root's keys a letter typed on a field leaves to it (TakesText).
	Quit, Help, PaneDigits key.Binding
}

// keyMap enables the bindings that apply where the cursor is.
func (q *Model) keyMap() keys {
	k := q.keys
	var isText, isChoice, onResult, hasNext bool
	switch q.alt {
	case ModeTransaction:
		isText, isChoice = q.txField() != nil, q.txIsChoice()
	case ModePartiQL:
		isText = q.pqField() != nil
		isChoice = q.pq.row == pqMode || q.pq.row == pqConsistent
		onResult = q.pqResultIndex() >= 0
		hasNext = q.pq.res != nil && q.pq.res.next != ""
	default:
		r := q.currentRow()
		isText = q.fieldFor(r) != nil
		isChoice = r.kind == rowTarget || r.kind == rowMode || r.kind == rowOp || r.kind == rowOrder || r.kind == rowConsistent
		onResult = r.kind < 0
		hasNext = q.f.res != nil && q.f.res.lek != nil
	}
	for _, b := range []*key.Binding{&k.Up, &k.Down, &k.PageUp, &k.PageDown, &k.Top, &k.Bottom, &k.CopyCLI, &k.Mode, &k.ModeBack} {
		b.SetEnabled(!q.editing)
	}
	k.ScanMode.SetEnabled(!q.editing && q.formMode())
	k.AddAction.SetEnabled(!q.editing && q.alt == ModeTransaction)
	k.RemoveAction.SetEnabled(!q.editing && q.alt == ModeTransaction && q.tx.cur.kind.isActionRow())
	k.Complete.SetEnabled(q.editing && q.alt == ModePartiQL && q.pq.row == pqStatement)
	k.Edit.SetEnabled(isText && !q.editing)
	k.Done.SetEnabled(q.editing)
	k.Cycle.SetEnabled(isChoice && !q.editing)
	k.CycleBack.SetEnabled(isChoice && !q.editing)
	k.NextPage.SetEnabled(!q.editing && hasNext)
	k.Export.SetEnabled(!q.editing && q.formMode() && q.f.res != nil && q.f.res.err == nil)
	k.Open.SetEnabled(!q.editing && onResult)
	if q.editing {
		k.Run.SetKeys("ctrl+r")
		k.Run.SetHelp("ctrl+r", "run")
	}
	k.CodeLang.SetEnabled(!q.editing)
	k.SavePattern.SetEnabled(!q.editing && q.lang == 0)
	k.HistSearch.SetEnabled(!q.editing)
	k.HistPrev.SetHelp("ctrl+p", "previous request run")
	k.HistNext.SetHelp("ctrl+n", "next request run")
	if q.atTop() && !q.editing {
		k.HistPrev.SetHelp("↑/ctrl+p", "previous request run")
	}
	if q.hist.at > 0 {
		k.HistNext.SetHelp("↓/ctrl+n", "next request run (past the newest: what you typed)")
	}
	if isText && !q.editing && !q.armed() { // a letter typed here is text: the pane's letter commands wait
		for _, b := range []*key.Binding{&k.ScanMode, &k.CopyCLI, &k.NextPage, &k.AddAction, &k.RemoveAction, &k.CodeLang, &k.SavePattern, &k.Export} {
			b.SetEnabled(false)
		}
		k.Run.SetKeys("ctrl+r")
		k.Run.SetHelp("ctrl+r", "run (letters here are typed)")
	}
	if q.lang > 0 { // the program has the pane: the list keys scroll it
		for _, b := range []*key.Binding{&k.Edit, &k.Done, &k.Complete, &k.Cycle, &k.CycleBack, &k.AddAction, &k.RemoveAction,
			&k.Run, &k.Mode, &k.ModeBack, &k.ScanMode, &k.NextPage, &k.Open, &k.HistPrev, &k.HistNext, &k.HistSearch, &k.SaveRequest, &k.Export} {
			b.SetEnabled(false)
		}
		k.CopyCLI.SetHelp("c", "copy the "+shortLang(q.lang)+" program")
		k.CodeLang.SetHelp("L", "show it as "+shortLang((q.lang+1)%len(codeLangs)))
	}
	return k
}

// ShortHelp is the pane's keys for the help line.
func (q *Model) ShortHelp() []key.Binding {
	if q.alt == ModeVector && !q.naming && q.lang == 0 {
		return q.vecShortHelp()
	}
	k := q.keyMap()
	if q.naming {
		save := q.keys.Accept
		save.SetHelp("enter", "save the pattern")
		return []key.Binding{save, q.keys.Cancel}
	}
	if q.hist.naming {
		save := q.keys.Accept
		save.SetHelp("enter", "save the request")
		return []key.Binding{save, q.keys.Cancel}
	}
	if q.hist.list.open {
		return q.listHelp()
	}
	if q.lang == 0 {
		k.CodeLang.SetHelp("L", "code")
		k.SavePattern.SetHelp("P", "save pattern")
	}
	// the history's keys in short; while a field is edited, its keys only
	k.HistPrev.SetHelp(k.HistPrev.Help().Key, "history")
	k.HistSearch.SetHelp("/", "search history")
	k.SaveRequest.SetHelp("ctrl+s", "save request")
	if q.editing {
		k.HistPrev.SetEnabled(false)
		k.SaveRequest.SetEnabled(false)
	}
	return []key.Binding{k.Up, k.Down, k.Edit, k.Done, k.Complete, k.Cycle, k.AddAction, k.RemoveAction, k.Run, k.Mode,
		k.NextPage, k.PageDown, k.CopyCLI, k.CodeLang, k.HistPrev, k.HistSearch, k.SaveRequest, k.SavePattern}
}

// listHelp is the keys of the history list.
func (q *Model) listHelp() []key.Binding {
	k := q.keys
	up, down, show, closeList := k.ListUp, k.ListDown, k.Accept, k.Cancel
	up.SetHelp("↑", "up")
	down.SetHelp("↓", "down")
	show.SetHelp("enter", "show it in the builder")
	closeList.SetHelp("esc", "close")
	return []key.Binding{up, down, show, k.Forget, closeList}
}

// FullHelp is every key of the pane.
func (q *Model) FullHelp() [][]key.Binding {
	if q.alt == ModeVector && q.lang == 0 {
		return q.vecFullHelp()
	}
	k := q.keyMap()
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {k.Edit, k.Done, k.Complete, k.Cycle, k.CycleBack},
		{k.Run, k.Mode, k.ModeBack, k.ScanMode, k.AddAction, k.RemoveAction, k.NextPage, k.CopyCLI, k.Open, k.Export},
		{k.HistPrev, k.HistNext, k.HistSearch, k.SaveRequest, k.CodeLang, k.SavePattern}}
}

// editKey handles a key while a field has the keyboard.
func (q *Model) editKey(msg tea.KeyPressMsg) tea.Cmd {
	k := q.keyMap()
	switch {
	case key.Matches(msg, k.HistPrev):
		q.editing = false
		return q.histStep(-1, false)
	case key.Matches(msg, k.HistNext):
		q.editing = false
		return q.histStep(1, false)
	case key.Matches(msg, k.SaveRequest):
		q.editing = false
		q.startSave()
	case key.Matches(msg, k.Run):
		q.editing = false
		q.armedAt = q.rowKey()
		return q.runMode()
	case key.Matches(msg, k.Complete) && q.complete():
		return q.fieldChanged()
	case key.Matches(msg, k.Done):
		q.editing = false
		q.armedAt = q.rowKey()
	case key.Matches(msg, k.PrevField):
		q.editing = false
		q.moveCur(-1)
	case key.Matches(msg, k.NextField):
		q.editing = false
		q.moveCur(1)
	default:
		if f := q.curField(); f != nil {
			before := f.String()
			if f.Update(msg) && f.String() != before {
				return q.fieldChanged()
			}
		}
	}
	return nil
}

// page is how many rows pgup and pgdn move.
func (q *Model) page() int { return max(q.h-4, 1) }

// TakesText reports whether a key is text typed on a text field that
// does not have the keyboard; such a key starts editing the field and is
// typed into it, so a letter meant as text never fires a command of the
// pane or of the root (a } clock jump, S, C). On a field the cursor moved
// to, every printable key is text but the keys that move (↑ ↓ j k g G),
// edit (enter e i), change the mode (m M), search the history (/) and the
// root's quit, help and pane digits: r, L, s, c, … are typed, not obeyed.
// On the field just finished with enter or esc, keys are commands again
// (enter, then r runs; enter, then L shows the code).
func (q *Model) TakesText(msg tea.KeyPressMsg) bool {
	if q.alt == ModeVector || q.editing || q.naming || q.hist.naming || q.hist.list.open || q.lang > 0 || !kit.Typed(msg) || q.curField() == nil || q.armed() {
		return false
	}
	k := q.keyMap()
	keep := []key.Binding{k.Up, k.Down, k.Top, k.Bottom, k.Edit, k.Mode, k.ModeBack, k.HistSearch,
		q.keys.Quit, q.keys.Help, q.keys.PaneDigits}
	for _, b := range keep {
		if b.Enabled() && key.Matches(msg, b) {
			return false
		}
	}
	return true
}

// rowKey names the row under the cursor in the mode.
func (q *Model) rowKey() string {
	switch q.alt {
	case ModeTransaction:
		return fmt.Sprintf("tx %d %d %d", q.tx.cur.kind, q.tx.cur.a, q.tx.cur.k)
	case ModePartiQL:
		return fmt.Sprintf("pq %d", q.pq.row)
	}
	return fmt.Sprintf("form %s %d", q.target().Key(), q.row)
}

// armed reports whether the field under the cursor is the one just
// finished with enter or esc: the pane's letters are commands there.
func (q *Model) armed() bool { return q.armedAt != "" && q.armedAt == q.rowKey() }

// key handles a key on the form or the results.
func (q *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := q.keyMap()
	if q.TakesText(msg) {
		f := q.curField()
		q.editing = true
		f.Update(msg)
		return tea.Batch(q.startedEditing(), q.fieldChanged())
	}
	switch {
	case key.Matches(msg, k.HistPrev):
		return q.histStep(-1, false)
	case key.Matches(msg, k.HistNext):
		return q.histStep(1, false)
	case key.Matches(msg, k.Up) && q.atTop():
		return q.histStep(-1, q.hist.at == 0)
	case key.Matches(msg, k.Down) && q.hist.at > 0:
		return q.histStep(1, false)
	}
	q.hist.at, q.hist.draft = 0, nil // any other key keeps the request shown
	switch {
	case key.Matches(msg, k.HistSearch):
		q.openList()
	case key.Matches(msg, k.SaveRequest):
		q.startSave()
	case key.Matches(msg, k.Mode):
		return q.SetMode(q.nextMode(1))
	case key.Matches(msg, k.ModeBack):
		return q.SetMode(q.nextMode(-1))
	case key.Matches(msg, k.Up):
		q.moveCur(-1)
	case key.Matches(msg, k.Down):
		q.moveCur(1)
	case key.Matches(msg, k.PageUp):
		q.moveCur(-q.page())
	case key.Matches(msg, k.PageDown):
		q.moveCur(q.page())
	case key.Matches(msg, k.Top):
		q.toEnd(false)
	case key.Matches(msg, k.Bottom):
		q.toEnd(true)
	case key.Matches(msg, k.Open):
		return q.openResult()
	case key.Matches(msg, k.Edit):
		if q.curField() != nil {
			q.editing = true
			return q.startedEditing()
		}
	case key.Matches(msg, k.Cycle):
		return q.cycleCur(1)
	case key.Matches(msg, k.CycleBack):
		return q.cycleCur(-1)
	case key.Matches(msg, k.Accept) && q.onRunRow():
		return q.runMode()
	case key.Matches(msg, k.Accept) && q.alt == ModeTransaction && q.tx.cur.kind == trAdd:
		q.txAdd()
	case key.Matches(msg, k.Accept):
		return q.cycleCur(1)
	case key.Matches(msg, k.Run):
		return q.runMode()
	case key.Matches(msg, k.ScanMode):
		q.f.scan = !q.f.scan
		q.edited()
		q.clearStaleError()
		q.move(0)
	case key.Matches(msg, k.Export):
		return q.exportResult()
	case key.Matches(msg, k.AddAction):
		q.txAdd()
	case key.Matches(msg, k.RemoveAction):
		q.txRemove()
	case key.Matches(msg, k.NextPage):
		if q.alt == ModePartiQL {
			return q.pqNext()
		}
		if q.f.res != nil && q.f.res.lek != nil {
			return q.runFrom(q.f.res)
		}
	case key.Matches(msg, k.CopyCLI):
		return q.copyCLI()
	case key.Matches(msg, k.CodeLang):
		q.nextLang()
	case key.Matches(msg, k.SavePattern):
		return q.savePattern()
	}
	return nil
}
