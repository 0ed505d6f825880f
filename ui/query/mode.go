package query

import (
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Mode is what the builder builds: a Query or a Scan of the table or
// index on screen, a transaction of writes across the workspace's tables,
// or a PartiQL statement.
type Mode int

// The builder's modes, in the order m goes through them.
const (
	ModeQuery Mode = iota
	ModeScan
	ModeTransaction
	ModeVector // SearchVectors on a vector index of the table (mode_vector.go)
	ModePartiQL
	numModes
)

var modeNames = [...]string{"Query", "Scan", "Transaction", "Vector", "PartiQL"}

func (m Mode) String() string { return modeNames[m] }

// Mode is the builder's mode.
func (q *Model) Mode() Mode {
	if q.alt != ModeQuery {
		return q.alt
	}
	if q.f.scan {
		return ModeScan
	}
	return ModeQuery
}

// formMode reports whether the mode is the Query/Scan form.
func (q *Model) formMode() bool { return q.alt == ModeQuery }

// SetMode changes the mode (Query and Scan belong to the form of the
// table or index on screen; Transaction and PartiQL are one each). The
// command reads what the mode needs: the workspace's tables, the
// statement's verdict.
func (q *Model) SetMode(m Mode) tea.Cmd {
	q.editing = false
	switch m {
	case ModeQuery, ModeScan:
		q.alt = ModeQuery
		if q.f.scan != (m == ModeScan) {
			q.f.scan = m == ModeScan
			q.edited()
			q.clearStaleError()
		}
		q.move(0)
		return nil
	case ModeTransaction:
		q.alt = m
		if len(q.tx.actions) == 0 && q.tx.cur.kind == trMode {
			q.tx.cur = txRow{kind: trAdd}
		}
		return q.loadTables()
	case ModePartiQL:
		q.alt = m
		q.pqFollow()
		return tea.Batch(q.loadTables(), q.pqPlan())
	case ModeVector:
		q.alt = m
		q.vecFollow(q.target())
	}
	return nil
}

// nextMode is the mode dir steps from the current one.
func (q *Model) nextMode(dir int) Mode {
	return Mode((int(q.Mode()) + dir + int(numModes)) % int(numModes))
}

// RequestTarget is the table and index a request works on, for the root
// to select before the builder shows it: a Query's or Scan's, a
// statement's (FROM, INTO or UPDATE), a transaction's first action's.
func RequestTarget(in any) (table, index string) {
	switch in := in.(type) {
	case *model.QueryInput:
		return in.TableName, in.IndexName
	case *model.ScanInput:
		return in.TableName, in.IndexName
	case *model.ExecuteStatementInput:
		return statementTarget(in.Statement)
	case *model.SearchVectorsInput:
		if in.IndexName != nil {
			return in.TableName, *in.IndexName
		}
		return in.TableName, ""
	case *model.TransactWriteItemsInput:
		if len(in.TransactItems) > 0 {
			return txTable(in.TransactItems[0]), ""
		}
	}
	return "", ""
}

// loadSpecial shows a transaction or a statement in its mode; ok is
// false for other requests.
func (q *Model) loadSpecial(tg kit.Target, in any) bool {
	switch in := in.(type) {
	case *model.TransactWriteItemsInput:
		q.switchTo(tg)
		q.alt = ModeTransaction
		q.txLoad(in)
	case *model.ExecuteStatementInput:
		q.switchTo(tg)
		q.alt = ModePartiQL
		q.pqLoad(in)
	case *model.SearchVectorsInput:
		q.switchTo(tg)
		q.alt = ModeVector
		q.vecLoad(in)
	default:
		return false
	}
	q.editing = false
	return true
}
