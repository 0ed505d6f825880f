package query

import (
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/ui/kit"
)

// formRow is one row of the form: its kind and, on a key row, which
// partition or sort attribute (from 0, in KeySchema order).
type formRow struct{ kind, k int }

// resultRow is the kind of the rows past the form: the results.
const resultRow = -1

// rows lists the form rows shown for the current mode and key schema.
func (q *Model) rows() []formRow {
	tg := q.target()
	rows := []formRow{{kind: rowTarget}, {kind: rowMode}}
	if !q.f.scan {
		rows = append(rows, q.keyRows()...)
	}
	rows = append(rows, formRow{kind: rowFilter}, formRow{kind: rowNames}, formRow{kind: rowValues}, formRow{kind: rowProjection})
	if !q.f.scan && tg.RangeKey() != "" {
		rows = append(rows, formRow{kind: rowOrder})
	}
	return append(rows, formRow{kind: rowConsistent}, formRow{kind: rowLimit}, formRow{kind: rowRun})
}

// currentRow is the form row under the cursor, of kind resultRow on a
// result row.
func (q *Model) currentRow() formRow {
	rows := q.rows()
	if q.row < len(rows) {
		return rows[q.row]
	}
	return formRow{kind: resultRow}
}

// resultIndex is the result row under the cursor, or -1.
func (q *Model) resultIndex() int {
	n := len(q.rows())
	if q.row < n || q.f.res == nil {
		return -1
	}
	return q.row - n
}

func (q *Model) fieldFor(row formRow) *kit.Field {
	switch row.kind {
	case rowPK:
		return q.f.pkAt(row.k)
	case rowSK:
		return &q.f.skAt(row.k).v
	case rowSK2:
		return &q.f.skAt(row.k).v2
	case rowFilter:
		return &q.f.filter
	case rowNames:
		return &q.f.names
	case rowValues:
		return &q.f.values
	case rowProjection:
		return &q.f.projection
	case rowLimit:
		return &q.f.limit
	}
	return nil
}

func (q *Model) maxRow() int {
	n := len(q.rows())
	if q.f.res != nil {
		n += len(q.f.res.items)
	}
	return n - 1
}

func (q *Model) move(n int) {
	q.row = max(min(q.row+n, q.maxRow()), 0)
}

// cycle changes the choice on the current row by dir (+1 or -1).
func (q *Model) cycle(dir int) {
	tg := q.target()
	r := q.currentRow()
	switch r.kind {
	case rowTarget:
		if tg.Desc == nil {
			return
		}
		choices := append([]string{""}, kit.IndexNames(tg.Desc)...)
		i := indexOf(choices, q.index)
		q.switchTo(kit.Target{Desc: tg.Desc, Index: choices[(i+dir+len(choices))%len(choices)]})
		q.row = 0
		return
	case rowMode:
		q.f.scan = !q.f.scan
		q.clearStaleError()
	case rowOp:
		if !q.cycleSortOp(r.k, dir) {
			return
		}
	case rowOrder:
		q.f.descending = !q.f.descending
	case rowConsistent:
		q.toggleConsistent()
		return
	default:
		return
	}
	q.edited()
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return 0
}

// edited clears a note about the form once the form changes: it was about
// what was there before.
func (q *Model) edited() { q.f.note, q.f.noteBad = "", false }

// toggleConsistent turns consistent read on or off; on a GSI it refuses.
func (q *Model) toggleConsistent() {
	if !q.f.consistent && q.target().Global() {
		q.f.note, q.f.noteBad = "refused: "+consistentOnGSI, true
		return
	}
	q.f.consistent = !q.f.consistent
	q.edited()
}

// curField is the text field under the cursor in the mode, or nil.
func (q *Model) curField() *kit.Field {
	switch q.alt {
	case ModeTransaction:
		return q.txField()
	case ModePartiQL:
		return q.pqField()
	}
	return q.fieldFor(q.currentRow())
}

// moveCur moves the cursor of the mode n rows.
func (q *Model) moveCur(n int) {
	switch q.alt {
	case ModeTransaction:
		q.txMove(n)
	case ModePartiQL:
		q.pqMove(n)
	default:
		q.move(n)
	}
}

// toEnd puts the cursor on the first row, or on the last.
func (q *Model) toEnd(last bool) {
	switch q.alt {
	case ModeTransaction:
		q.tx.cur = txRow{kind: trMode}
		if last {
			rows := q.txRows()
			q.tx.cur = rows[len(rows)-1]
		}
	case ModePartiQL:
		q.pq.row = 0
		if last {
			q.pq.row = q.pqMax()
		}
	default:
		q.row = 0
		if last {
			q.row = q.maxRow()
		}
	}
}

// onRunRow reports whether the cursor is on the run button.
func (q *Model) onRunRow() bool {
	switch q.alt {
	case ModeTransaction:
		return q.tx.cur.kind == trRun
	case ModePartiQL:
		return q.pq.row == pqRun
	}
	return q.currentRow().kind == rowRun
}

// cycleCur changes the choice under the cursor by dir; on the operation
// row it changes the mode.
func (q *Model) cycleCur(dir int) tea.Cmd {
	switch q.alt {
	case ModeTransaction:
		if q.tx.cur.kind == trMode {
			return q.SetMode(q.nextMode(dir))
		}
		q.txCycle(dir)
	case ModePartiQL:
		switch q.pq.row {
		case pqMode:
			return q.SetMode(q.nextMode(dir))
		case pqConsistent:
			q.pq.consistent = !q.pq.consistent
			q.pq.note = ""
		}
	default:
		if q.currentRow().kind == rowMode {
			return q.SetMode(q.nextMode(dir))
		}
		q.cycle(dir)
	}
	return nil
}
