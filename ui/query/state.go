package query

import (
	"github.com/dynoscope/dynoscope/model"
)

// FormState is what the form holds, as text: what the root and the tests
// read of the builder.
type FormState struct {
	Scan                                               bool
	PK, Op, SK, SK2, Filter, Names, Values, Projection string
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
	rowOrder: "order", rowConsistent: "consistent read", rowLimit: "limit", rowRun: "run", -1: "result"}

// Form returns what the form holds.
func (q *Model) Form() FormState {
	f := &q.f
	return FormState{Scan: f.scan, PK: f.pk.String(), Op: f.op, SK: f.sk.String(), SK2: f.sk2.String(),
		Filter: f.filter.String(), Names: f.names.String(), Values: f.values.String(), Projection: f.projection.String(),
		Limit: f.limit.String(), Descending: f.descending, Consistent: f.consistent, Note: f.note, NoteBad: f.noteBad,
		Row: rowLabels[q.currentRow()]}
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
