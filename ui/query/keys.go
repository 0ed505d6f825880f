package query

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

type keys struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Edit, Done, Cycle, CycleBack, Run, ScanMode, NextPage, CopyCLI, Open key.Binding
	Mode, ModeBack, AddAction, RemoveAction, Complete                                                             key.Binding
	CodeLang, SavePattern                                                                                         key.Binding
	Accept, Cancel, Back, PrevField, NextField                                                                    key.Binding
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
	k.Open.SetEnabled(!q.editing && onResult)
	if q.editing {
		k.Run.SetKeys("ctrl+r")
		k.Run.SetHelp("ctrl+r", "run")
	}
	k.CodeLang.SetEnabled(!q.editing)
	k.SavePattern.SetEnabled(!q.editing && q.lang == 0)
	if q.lang > 0 { // the program has the pane: the list keys scroll it
		for _, b := range []*key.Binding{&k.Edit, &k.Done, &k.Complete, &k.Cycle, &k.CycleBack, &k.AddAction, &k.RemoveAction,
			&k.Run, &k.Mode, &k.ModeBack, &k.ScanMode, &k.NextPage, &k.Open} {
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
	if q.lang == 0 {
		k.CodeLang.SetHelp("L", "code")
		k.SavePattern.SetHelp("P", "save pattern")
	}
	return []key.Binding{k.Up, k.Down, k.Edit, k.Done, k.Complete, k.Cycle, k.AddAction, k.RemoveAction, k.Run, k.Mode,
		k.NextPage, k.PageDown, k.CopyCLI, k.CodeLang, k.SavePattern}
}

// FullHelp is every key of the pane.
func (q *Model) FullHelp() [][]key.Binding {
	if q.alt == ModeVector && q.lang == 0 {
		return q.vecFullHelp()
	}
	k := q.keyMap()
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {k.Edit, k.Done, k.Complete, k.Cycle, k.CycleBack},
		{k.Run, k.Mode, k.ModeBack, k.ScanMode, k.AddAction, k.RemoveAction, k.NextPage, k.CopyCLI, k.Open},
		{k.CodeLang, k.SavePattern}}
}

// editKey handles a key while a field has the keyboard.
func (q *Model) editKey(msg tea.KeyPressMsg) tea.Cmd {
	k := q.keyMap()
	switch {
	case key.Matches(msg, k.Run):
		q.editing = false
		return q.runMode()
	case key.Matches(msg, k.Complete) && q.complete():
		return q.fieldChanged()
	case key.Matches(msg, k.Done):
		q.editing = false
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

// key handles a key on the form or the results.
func (q *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := q.keyMap()
	switch {
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
		q.move(0)
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
