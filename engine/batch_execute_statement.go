package engine

import (
	"context"
	"errors"
	"sort"

	"github.com/dynoscope/dynoscope/model"
)

// maxBatchStatements is BatchExecuteStatement's limit (API Reference,
// PartiQLBatchRequest: 1–25).
const maxBatchStatements = 25

// msgMixedBatch refuses a batch of reads and writes (DynamoDB Local's
// BatchExecuteStatement text; the API Reference: "The entire batch must
// consist of either read statements or write statements").
const msgMixedBatch = "Read and write requests together in the same batch is not supported."

// BatchExecuteStatement runs up to 25 PartiQL statements, all reads (each a
// GetItem of the one item its WHERE names) or all writes (each its own
// single-item write; the batch is no transaction). A statement that fails
// gets an Error in its response; the call itself succeeds.
func (e *Engine) BatchExecuteStatement(ctx context.Context, in *model.BatchExecuteStatementInput) (*model.BatchExecuteStatementOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	checkReturnCapacity(&c, in.ReturnConsumedCapacity)
	checkStatementList(&c, "statements", in.Statements == nil, len(in.Statements), maxBatchStatements)
	for i, st := range in.Statements {
		checkListedStatement(&c, "statements", i, st.Statement, st.Parameters, st.ReturnValuesOnConditionCheckFailure)
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	out := &model.BatchExecuteStatementOutput{Responses: make([]model.BatchStatementResponse, len(in.Statements))}
	plans := make([]*plannedStatement, len(in.Statements))
	reads, writes := 0, 0
	e.mu.RLock()
	for i, st := range in.Statements {
		err := normalizeParams(st.Parameters)
		var ps *plannedStatement
		if err == nil {
			consistent := st.ConsistentRead != nil && *st.ConsistentRead
			ps, err = e.planStatement(st.Statement, st.Parameters, useBatch, consistent)
		}
		if err != nil {
			out.Responses[i] = batchError(err)
			continue
		}
		plans[i] = ps
		out.Responses[i].TableName = ps.plan.Table
		if ps.isRead() {
			reads++
		} else {
			writes++
		}
	}
	e.mu.RUnlock()
	if reads > 0 && writes > 0 {
		return nil, validationText(msgMixedBatch)
	}
	usages := map[string]*model.ConsumedCapacity{}
	tally := func(cc *model.ConsumedCapacity) {
		if cc != nil {
			mergeCapacity(usages, cc)
		}
	}
	mode := ""
	if in.ReturnConsumedCapacity == model.ReturnCapacityTotal || in.ReturnConsumedCapacity == model.ReturnCapacityIndexes {
		mode = model.ReturnCapacityIndexes
	}
	for i, ps := range plans {
		if ps == nil {
			continue
		}
		st := in.Statements[i]
		if r := ps.plannedReason(); r != nil {
			out.Responses[i].Error = &model.BatchStatementError{Code: r.Code, Message: r.Message}
			continue
		}
		if ps.isRead() {
			res, err := e.GetItem(ctx, &model.GetItemInput{TableName: ps.t.name, Key: ps.key, ConsistentRead: st.ConsistentRead, ReturnConsumedCapacity: mode})
			if err != nil {
				out.Responses[i].Error = batchError(err).Error
				continue
			}
			tally(res.ConsumedCapacity)
			item := res.Item
			if item != nil && ps.columns != nil {
				item = columns(item, ps.columns)
			}
			out.Responses[i].Item = item
			continue
		}
		res, err := e.runWriteStatement(ctx, ps, mode, st.ReturnValuesOnConditionCheckFailure)
		if err != nil {
			out.Responses[i].Error = batchError(err).Error
			continue
		}
		tally(res.ConsumedCapacity)
	}
	out.ConsumedCapacity = reportCapacities(usages, in.ReturnConsumedCapacity)
	return out, nil
}

// batchError is the response of a statement that failed, its code as
// BatchStatementError names it.
func batchError(err error) model.BatchStatementResponse {
	var me *model.Error
	if !errors.As(err, &me) {
		return model.BatchStatementResponse{Error: &model.BatchStatementError{Code: "InternalServerError", Message: err.Error()}}
	}
	if me.Code == model.ErrInternalServer {
		return model.BatchStatementResponse{Error: &model.BatchStatementError{Code: "InternalServerError", Message: me.Message}}
	}
	r := reasonFor(me)
	return model.BatchStatementResponse{Error: &model.BatchStatementError{Code: r.Code, Message: r.Message, Item: r.Item}}
}

// mergeCapacity adds one request's ConsumedCapacity (INDEXES form) to the
// per-table totals.
func mergeCapacity(totals map[string]*model.ConsumedCapacity, cc *model.ConsumedCapacity) {
	t := totals[cc.TableName]
	if t == nil {
		t = &model.ConsumedCapacity{TableName: cc.TableName, Table: &model.Capacity{}}
		totals[cc.TableName] = t
	}
	t.CapacityUnits += cc.CapacityUnits
	if cc.Table != nil {
		t.Table.CapacityUnits += cc.Table.CapacityUnits
	}
	add := func(dst *map[string]model.Capacity, src map[string]model.Capacity) {
		for name, c := range src {
			if *dst == nil {
				*dst = map[string]model.Capacity{}
			}
			d := (*dst)[name]
			d.CapacityUnits += c.CapacityUnits
			(*dst)[name] = d
		}
	}
	add(&t.GlobalSecondaryIndexes, cc.GlobalSecondaryIndexes)
	add(&t.LocalSecondaryIndexes, cc.LocalSecondaryIndexes)
}

// reportCapacities lays out per-table totals for mode, ordered by table.
func reportCapacities(totals map[string]*model.ConsumedCapacity, mode string) []model.ConsumedCapacity {
	if mode != model.ReturnCapacityTotal && mode != model.ReturnCapacityIndexes {
		return nil
	}
	names := make([]string, 0, len(totals))
	for n := range totals {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]model.ConsumedCapacity, 0, len(names))
	for _, n := range names {
		cc := *totals[n]
		if mode == model.ReturnCapacityTotal {
			cc = model.ConsumedCapacity{TableName: cc.TableName, CapacityUnits: cc.CapacityUnits}
		}
		out = append(out, cc)
	}
	return out
}
