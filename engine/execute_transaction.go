package engine

import (
	"context"
	"fmt"

	"github.com/dynoscope/dynoscope/engine/expr"
	"github.com/dynoscope/dynoscope/engine/partiql"
	"github.com/dynoscope/dynoscope/model"
)

// ExecuteTransaction texts (captured from DynamoDB by floci's PartiQL
// edge-case tests, except msgMixedTransaction, DynamoDB Local's).
const (
	msgStatementInvalid   = "Validation failed in TransactStatements[%d]: %s"
	msgReturningInTx      = "RETURNING clause is not supported in ExecuteTransaction."
	msgMixedTransaction   = "ExecuteTransaction API does not support both read and write operations in the same request."
	maxTransactStatements = 100
)

// ExecuteTransaction runs up to 100 PartiQL statements as one transaction:
// all reads (a TransactGetItems of the items their WHEREs name) or all
// writes (a TransactWriteItems: INSERT as a Put that fails on an existing
// key, UPDATE, DELETE, and EXISTS(SELECT …) as a ConditionCheck), with the
// same cancellation reasons, idempotency and doubled capacity.
func (e *Engine) ExecuteTransaction(ctx context.Context, in *model.ExecuteTransactionInput) (*model.ExecuteTransactionOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	if len(in.ClientRequestToken) > maxClientTokenLength {
		c.add(in.ClientRequestToken, "clientRequestToken", "Member must have length less than or equal to 36")
	}
	checkReturnCapacity(&c, in.ReturnConsumedCapacity)
	checkStatementList(&c, "transactStatements", in.TransactStatements == nil, len(in.TransactStatements), maxTransactStatements)
	for i, st := range in.TransactStatements {
		checkListedStatement(&c, "transactStatements", i, st.Statement, st.Parameters, st.ReturnValuesOnConditionCheckFailure)
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	for _, st := range in.TransactStatements {
		if err := normalizeParams(st.Parameters); err != nil {
			return nil, err
		}
	}
	plans, reads, err := e.planTransaction(in.TransactStatements)
	if err != nil {
		return nil, err
	}
	if reads {
		gets := make([]*getAction, len(plans))
		for i, ps := range plans {
			gets[i] = ps.getAction()
		}
		res, err := e.runTransactGet(traceOf(ctx), "ExecuteTransaction", gets, in.ReturnConsumedCapacity)
		if err != nil {
			return nil, err
		}
		return &model.ExecuteTransactionOutput{Responses: res.responses, ConsumedCapacity: res.consumed}, nil
	}
	actions := make([]*writeAction, len(plans))
	for i, ps := range plans {
		if actions[i], err = ps.writeAction(in.TransactStatements[i].ReturnValuesOnConditionCheckFailure); err != nil {
			return nil, err
		}
	}
	run := func() (*model.ExecuteTransactionOutput, []transactRead, error) {
		out, reads, err := e.runTransactWrite(ctx, "ExecuteTransaction", actions, in.ReturnConsumedCapacity, "")
		if err != nil {
			return nil, nil, err
		}
		return &model.ExecuteTransactionOutput{Responses: []model.ItemResponse{}, ConsumedCapacity: out.ConsumedCapacity}, reads, nil
	}
	if in.ClientRequestToken == "" {
		out, _, err := run()
		return out, err
	}
	key := idempotencyKey{"ExecuteTransaction", in.ClientRequestToken}
	prev, mine, err := e.tokens.begin(key, transactSignature(in.TransactStatements), e.now())
	if err != nil {
		return nil, err
	}
	if prev != nil {
		cc := e.replayTransaction(ctx, "ExecuteTransaction", prev, in.ReturnConsumedCapacity)
		return &model.ExecuteTransactionOutput{Responses: []model.ItemResponse{}, ConsumedCapacity: cc}, nil
	}
	out, written, err := run()
	if err == nil {
		mine.reads = written
	}
	e.tokens.end(key, mine, err == nil, e.now())
	return out, err
}

// planTransaction plans every statement of a transaction, refusing one
// that does not fit ("Validation failed in TransactStatements[i]: …") and
// a mix of reads and writes.
func (e *Engine) planTransaction(statements []model.ParameterizedStatement) ([]*plannedStatement, bool, error) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	plans := make([]*plannedStatement, len(statements))
	nreads := 0
	for i, st := range statements {
		ps, err := e.planStatement(st.Statement, st.Parameters, useTransaction, false)
		if err == nil && ps.returning != partiql.ReturnNone {
			err = validationText(msgReturningInTx)
		}
		if err != nil {
			if me, ok := err.(*model.Error); ok && me.Code == model.ErrValidation {
				return nil, false, validationText(fmt.Sprintf(msgStatementInvalid, i, me.Message))
			}
			return nil, false, err
		}
		plans[i] = ps
		if ps.isRead() {
			nreads++
		}
	}
	if nreads > 0 && nreads < len(plans) {
		return nil, false, validationText(msgMixedTransaction)
	}
	return plans, nreads > 0, nil
}

// plannedReason is the cancellation reason a statement met while it was
// planned: a missing table or a WHERE that names no single item.
func (ps *plannedStatement) plannedReason() *model.CancellationReason {
	switch {
	case ps.missingTable:
		return &model.CancellationReason{Code: model.ReasonResourceNotFound, Message: "Requested resource not found"}
	case ps.keyProblem != nil:
		return &model.CancellationReason{Code: model.ReasonValidationError, Message: ps.keyProblem.Message}
	}
	return nil
}

// getAction turns a planned SELECT into the Get of a read transaction.
func (ps *plannedStatement) getAction() *getAction {
	g := &getAction{tableName: ps.plan.Table, key: ps.key, exprs: &parsedExprs{}, reason: ps.plannedReason()}
	if cols := ps.columns; cols != nil {
		g.project = func(item model.Item) model.Item { return columns(item, cols) }
	}
	return g
}

// writeAction turns a planned INSERT, UPDATE, DELETE or EXISTS into an
// action of a write transaction.
func (ps *plannedStatement) writeAction(onFailure string) (*writeAction, error) {
	a := &writeAction{tableName: ps.plan.Table, onFailure: onFailure, key: ps.key, item: ps.item, reason: ps.plannedReason(), exprs: &parsedExprs{}}
	switch ps.stmt.(type) {
	case *partiql.Insert:
		a.kind, a.insert = actionPut, true
	case *partiql.Update:
		a.kind = actionUpdate
	case *partiql.Delete:
		a.kind = actionDelete
	case *partiql.Exists:
		a.kind = actionConditionCheck
	}
	if a.reason != nil {
		return a, nil
	}
	ctx, err := expr.NewContext(ps.names, ps.values)
	if err != nil {
		return nil, partiqlError(err, ps.names)
	}
	if ps.update != "" {
		if a.exprs.update, err = ctx.ParseUpdate(ps.update); err != nil {
			return nil, partiqlError(err, ps.names)
		}
	}
	if ps.condition != "" {
		if a.exprs.condition, err = ctx.ParseCondition(expr.ParamCondition, ps.condition); err != nil {
			return nil, partiqlError(err, ps.names)
		}
	}
	return a, nil
}
