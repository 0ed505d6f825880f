package kit

import (
	"context"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// StatementPlanner is the embedded engine's view into PartiQL: what a
// statement becomes (a Query or a Scan, a PutItem, …) before it runs, and
// the plan it ran with. DynamoDB has no call for either; on a backend
// without them the query builder runs statements with ExecuteStatement and
// says it cannot tell the verdict beforehand.
type StatementPlanner interface {
	PlanStatement(ctx context.Context, statement string, params []model.AttributeValue) (*engine.StatementPlan, error)
	ExecuteStatementPlanned(ctx context.Context, in *model.ExecuteStatementInput) (*model.ExecuteStatementOutput, *engine.StatementPlan, error)
}

// RequestsFor returns the newest logged request of action for each of
// tables, in the order of tables: a transaction logs one record per table
// it touches. ok is false when the backend keeps no log.
func RequestsFor(api engine.API, action string, tables []string) ([]engine.RequestRecord, bool) {
	if _, ok := api.(RequestLogger); !ok {
		return nil, false
	}
	var out []engine.RequestRecord
	for _, t := range tables {
		if rec, ok := FindRequest(api, action, t, ""); ok {
			out = append(out, rec)
		}
	}
	return out, true
}
