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
