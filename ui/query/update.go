package query

import (
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Update takes the results, keys, wheel and pastes.
func (q *Model) Update(msg tea.Msg) tea.Cmd {
	if cmd, ok := q.vecUpdate(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case queryMsg:
		if msg.gen != q.gen {
			return nil
		}
		q.running = false
		if msg.key != q.target().Key() {
			f := q.saved[msg.key]
			f.res = msg.res
			q.saved[msg.key] = f
			return nil
		}
		q.f.res = msg.res
		q.move(0)
		return rejected(msg.res)
	case txMsg:
		if msg.gen != q.gen {
			return nil
		}
		q.running = false
		q.tx.res, q.tx.dirty, q.tx.reveal = msg.res, false, true
		if msg.res.err == nil {
			return kit.Msg(kit.ChangedMsg{Note: "transaction written: " + kit.Plural(int64(len(msg.res.in.TransactItems)), "action", "")})
		}
		return nil
	case txConfirmed:
		return q.txSend(msg.in)
	case pqMsg:
		if msg.gen != q.gen {
			return nil
		}
		q.running = false
		q.pq.res, q.pq.reveal = msg.res, true
		q.pqMove(0)
		if p := msg.res.plan; msg.res.err == nil && p != nil && p.Action != "Query" && p.Action != "Scan" {
			return kit.Msg(kit.ChangedMsg{Table: p.Table, Note: "statement run: " + p.Action + " on " + p.Table})
		}
		return nil
	case pqConfirmed:
		return q.pqSend(msg.in, 0)
	case scanConfirmed:
		return q.send(msg.in, 0)
	case planMsg:
		q.onPlan(msg)
		return nil
	case tablesMsg:
		q.onTables(msg)
		return nil
	case attrsMsg:
		q.onAttrs(msg)
		return nil
	case copiedMsg:
		note, bad := "copied "+msg.what+" to the clipboard (OSC 52) · paste to check: a terminal without clipboard access (tmux: set -g set-clipboard on) drops it silently", false
		if msg.err != nil {
			note, bad = "copy failed: "+msg.err.Error(), true
		}
		q.setCodeNote(note, bad)
		return nil
	case savedMsg:
		return q.onSaved(msg)
	case histLoadedMsg:
		q.onHistLoaded(msg)
		return nil
	case histWrittenMsg:
		q.onHistWritten(msg)
		return nil
	case tea.PasteMsg:
		if q.hist.naming {
			q.hist.name.Paste(msg.Content)
			return nil
		}
		if q.hist.list.open {
			q.hist.list.filter.Paste(msg.Content)
			q.hist.list.cur, q.hist.list.top = 0, 0
			return nil
		}
		if q.naming {
			q.name.Paste(msg.Content)
			return nil
		}
		if q.lang > 0 {
			return nil // the program has the pane: nothing to paste into
		}
		if f := q.curField(); f != nil {
			q.editing = true
			f.Paste(msg.Content)
			return tea.Batch(q.startedEditing(), q.fieldChanged())
		}
		return nil
	case kit.ClickMsg:
		return q.click(msg)
	case tea.MouseWheelMsg:
		switch {
		case q.lang > 0 && msg.Button == tea.MouseWheelUp:
			q.codeTop = max(q.codeTop-3, 0)
		case q.lang > 0 && msg.Button == tea.MouseWheelDown:
			q.codeTop = min(q.codeTop+3, q.codeMax())
		case msg.Button == tea.MouseWheelUp:
			q.moveCur(-1)
		case msg.Button == tea.MouseWheelDown:
			q.moveCur(1)
		}
		return nil
	case tea.KeyPressMsg:
		switch {
		case q.hist.naming:
			return q.saveKey(msg)
		case q.hist.list.open:
			return q.listKey(msg)
		case q.naming:
			return q.nameKey(msg)
		case q.lang > 0:
			return q.codeKey(msg)
		case q.editing:
			return q.editKey(msg)
		}
		return q.key(msg)
	}
	return nil
}

// setNote puts a note under the form of the mode.
func (q *Model) setNote(note string, bad bool) {
	switch q.alt {
	case ModeTransaction:
		q.tx.note, q.tx.noteBad = note, bad
	case ModePartiQL:
		q.pq.note, q.pq.noteBad = note, bad
	case ModeVector:
		q.vec.note, q.vec.noteBad = note, bad
	default:
		q.f.note, q.f.noteBad = note, bad
	}
}

// fieldChanged follows a change of the text under the cursor.
func (q *Model) fieldChanged() tea.Cmd {
	switch q.alt {
	case ModeTransaction:
		q.txEdited()
	case ModePartiQL:
		return q.pqEdited()
	default:
		q.edited()
	}
	return nil
}

// startedEditing reads what editing the field needs: the attribute names
// of the statement's table.
func (q *Model) startedEditing() tea.Cmd {
	if q.alt == ModePartiQL {
		return q.pqAttrs()
	}
	return nil
}

// rejected tells the root a Query or Scan DynamoDB rejected (not one it
// throttled: the engine logs those), for its status bar.
func rejected(res *result) tea.Cmd {
	if res == nil || res.err == nil || capacity.IsThrottle(res.err) {
		return nil
	}
	msg := kit.RejectedMsg{Err: res.err}
	switch in := res.in.(type) {
	case *model.QueryInput:
		msg.Action, msg.Table, msg.Index = "Query", in.TableName, in.IndexName
	case *model.ScanInput:
		msg.Action, msg.Table, msg.Index = "Scan", in.TableName, in.IndexName
	default:
		return nil
	}
	return kit.Msg(msg)
}
