package query

import (
	"strconv"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// FormState is what the form holds, as text: what the root and the tests
// read of the builder.
type FormState struct {
	Scan bool
	// PK, Op, SK and SK2 are the first partition attribute's value and the
	// first sort attribute's condition; Keys has every key field (more
	// than one of each on a GSI with a multi-attribute key).
	PK, Op, SK, SK2, Filter, Names, Values, Projection string
	Keys                                               []KeyField
	Limit                                              string
	Descending, Consistent                             bool
	// Note is why the last action was refused (NoteBad) or what happened.
	Note    string
	NoteBad bool
	// Row names the row under the cursor ("partition key", "sort key",
	// …, "result" on a result row).
	Row string
}

// rowLabels name the form rows.
var rowLabels = map[int]string{rowTarget: "read from", rowMode: "operation", rowPK: "partition key", rowOp: "sort key",
	rowSK: "value", rowSK2: "and", rowFilter: "filter", rowNames: "names", rowValues: "values", rowProjection: "projection",
	rowOrder: "order", rowConsistent: "consistent read", rowLimit: "limit", rowRun: "run", resultRow: "result"}

// Form returns what the form holds.
func (q *Model) Form() FormState {
	f := &q.f
	sk := f.skAt(0)
	out := FormState{Scan: f.scan, PK: f.pkAt(0).String(), Op: sk.op, SK: sk.v.String(), SK2: sk.v2.String(),
		Filter: f.filter.String(), Names: f.names.String(), Values: f.values.String(), Projection: f.projection.String(),
		Limit: f.limit.String(), Descending: f.descending, Consistent: f.consistent, Note: f.note, NoteBad: f.noteBad,
		Keys: q.keyFields()}
	switch r := q.currentRow(); r.kind {
	case rowPK, rowOp, rowSK, rowSK2:
		out.Row = q.keyRowLabel(r)
	default:
		out.Row = rowLabels[r.kind]
	}
	return out
}

// Result is what the last request of the form returned.
type Result struct {
	In             any // *model.QueryInput or *model.ScanInput
	Page           int
	Items          []model.Item
	Count, Scanned int32
	LEK            model.Item
	Units          float64
	Lines          []string // the engine's explanation of the charge
	Err            *model.Error
}

// Result returns the form's last result (nil before one).
func (q *Model) Result() *Result {
	r := q.f.res
	if r == nil {
		return nil
	}
	return &Result{In: r.in, Page: r.page, Items: r.items, Count: r.count, Scanned: r.scanned, LEK: r.lek,
		Units: r.units, Lines: r.lines, Err: r.err}
}

// Request is the request the form describes, or why it is not one.
func (q *Model) Request() (any, string) {
	in, r := q.build()
	if r != nil {
		return nil, r.why
	}
	return in, ""
}

// ResultRow is the result row under the cursor, or -1.
func (q *Model) ResultRow() int { return q.resultIndex() }

// Operators is the sort-key operators offered for the target, "" being
// none.
func (q *Model) Operators() []string {
	tg := q.target()
	return sortKeyOps(tg.AttrType(tg.RangeKey()))
}

// TxAction is one action of the transaction, as text.
type TxAction struct {
	Kind, Table                            string
	Item, Update, Condition, Names, Values string
	Keys                                   map[string]string // typed per key attribute
	AllOld                                 bool
	// Outcome is what became of the action in the last result, while the
	// transaction is as it was run ("✓ written", "✗ ConditionalCheckFailed").
	Outcome string
}

// TxState is what the transaction form holds.
type TxState struct {
	Actions []TxAction
	// Row names the row under the cursor: "operation", "action 2",
	// "table", "item", "key PK", "update", "condition", "names",
	// "values", "on failure", "add", "token", "run", "result".
	Row     string
	Token   string
	Note    string
	NoteBad bool
	Result  *TxResult
}

// TxResult is what the last transaction returned.
type TxResult struct {
	In    *model.TransactWriteItemsInput
	Err   *model.Error // CancellationReasons when it was cancelled
	Units float64
	Lines []string // the engine's explanation of the charge
}

// txRowLabels name the transaction rows.
var txRowLabels = map[txRowKind]string{trMode: "operation", trTable: "table", trItem: "item", trUpdate: "update",
	trCondition: "condition", trNames: "names", trValues: "values", trOnFailure: "on failure", trAdd: "add",
	trToken: "token", trRun: "run", trResult: "result"}

// Transaction returns what the transaction form holds.
func (q *Model) Transaction() TxState {
	out := TxState{Token: q.tx.token.String(), Note: q.tx.note, NoteBad: q.tx.noteBad}
	for i, a := range q.tx.actions {
		ta := TxAction{Kind: a.kind, Table: a.table, Item: a.item.String(), Update: a.update.String(),
			Condition: a.condition.String(), Names: a.names.String(), Values: a.values.String(), AllOld: a.allOld,
			Keys: map[string]string{}}
		for _, k := range a.keys {
			ta.Keys[k.name] = k.f.String()
		}
		ta.Outcome, _, _ = q.txOutcome(i)
		out.Actions = append(out.Actions, ta)
	}
	rows := q.txRows()
	c := rows[q.txIndex(rows)]
	switch c.kind {
	case trHeader:
		out.Row = "action " + strconv.Itoa(c.a+1)
	case trKey:
		out.Row = "key " + q.tx.actions[c.a].keys[c.k].name
	default:
		out.Row = txRowLabels[c.kind]
	}
	if r := q.tx.res; r != nil {
		out.Result = &TxResult{In: r.in, Err: r.err, Units: r.units, Lines: r.lines}
	}
	return out
}

// PQState is what the PartiQL editor holds.
type PQState struct {
	Statement, Params, Limit string
	Consistent               bool
	// Row names the row under the cursor: "operation", "statement",
	// "parameters", "consistent read", "limit", "run", "result".
	Row string
	// The verdict on the statement in the editor, before it runs: the plan
	// or the error ExecuteStatement would answer; PlanNote says why there
	// is neither.
	Plan     *engine.StatementPlan
	PlanErr  *model.Error
	PlanNote string
	// Suggestions are the names offered for what is being typed, and
	// what they are ("tables", "attributes of Thread").
	Suggestions []string
	Offering    string
	Note        string
	NoteBad     bool
	Result      *PQResult
}

// PQResult is what the last statement returned.
type PQResult struct {
	In        *model.ExecuteStatementInput
	Page      int
	Plan      *engine.StatementPlan // what it ran as
	Items     []model.Item
	NextToken string
	Units     float64
	Lines     []string
	Err       *model.Error
}

var pqRowLabels = [...]string{"operation", "statement", "parameters", "consistent read", "limit", "run"}

// PartiQL returns what the PartiQL editor holds.
func (q *Model) PartiQL() PQState {
	out := PQState{Statement: q.pq.stmt.String(), Params: q.pq.params.String(), Limit: q.pq.limit.String(),
		Consistent: q.pq.consistent, PlanNote: q.pq.planNote, Note: q.pq.note, NoteBad: q.pq.noteBad, Row: "result"}
	if q.pq.row < pqRows {
		out.Row = pqRowLabels[q.pq.row]
	}
	if q.pq.planFor == q.pqKey() {
		out.Plan, out.PlanErr = q.pq.plan, q.pq.planErr
	}
	out.Suggestions, out.Offering = q.suggestions()
	if r := q.pq.res; r != nil {
		out.Result = &PQResult{In: r.in, Page: r.page, Plan: r.plan, Items: r.items, NextToken: r.next, Units: r.units,
			Lines: r.lines, Err: r.err}
	}
	return out
}
