package engine

import (
	"context"
	"errors"
	"fmt"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/engine/expr"
	"github.com/dynoscope/dynoscope/model"
)

// msgTransactResponseTooBig refuses a read transaction whose items exceed
// 4 MB (DynamoDB Local's LocalDBClientExceptionMessage; unconfirmed for the
// service).
const msgTransactResponseTooBig = "Payload in response is too large."

// getAction is one Get of a read transaction.
type getAction struct {
	tableName string
	key       model.Item
	exprs     *parsedExprs
	// project replaces the ProjectionExpression (PartiQL's named columns).
	project func(model.Item) model.Item

	t      *table
	skey   string
	hash   uint32
	reason *model.CancellationReason
}

// TransactGetItems reads up to 100 items from one or more tables as one
// consistent snapshot (a single BuntDB read transaction), each Get with its
// own ProjectionExpression. Each item costs twice a strongly consistent
// read.
func (e *Engine) TransactGetItems(ctx context.Context, in *model.TransactGetItemsInput) (*model.TransactGetItemsOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	checkReturnCapacity(&c, in.ReturnConsumedCapacity)
	switch n := len(in.TransactItems); {
	case in.TransactItems == nil:
		c.add(nil, "transactItems", "Member must not be null")
	case n == 0:
		c.add("[]", "transactItems", "Member must have length greater than or equal to 1")
	case n > maxTransactItems:
		kinds := make([]string, n)
		for i := range kinds {
			kinds[i] = "Get"
		}
		c.add(bracketList(kinds), "transactItems", "Member must have length less than or equal to 100")
	}
	for i, ti := range in.TransactItems {
		p := fmt.Sprintf("transactItems.%d.member.get", i+1)
		if ti.Get == nil {
			c.add(nil, p, "Member must not be null")
			continue
		}
		checkActionMembers(&c, p, ti.Get.TableName, "key", ti.Get.Key == nil, "")
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	gets := make([]*getAction, len(in.TransactItems))
	for i, ti := range in.TransactItems {
		g := ti.Get
		if err := model.NormalizeItem(g.Key); err != nil {
			return nil, err
		}
		params := exprParams{empty: g.EmptyExpressions(), accepted: expr.GetItemParams, names: g.ExpressionAttributeNames, projection: g.ProjectionExpression}
		exprs, err := params.parse()
		if err != nil {
			return nil, err
		}
		gets[i] = &getAction{tableName: g.TableName, key: g.Key, exprs: exprs}
	}
	out, err := e.runTransactGet(traceOf(ctx), "TransactGetItems", gets, in.ReturnConsumedCapacity)
	if err != nil {
		return nil, err
	}
	return &model.TransactGetItemsOutput{Responses: out.responses, ConsumedCapacity: out.consumed}, nil
}

// transactGetResult is the answer of a read transaction.
type transactGetResult struct {
	responses []model.ItemResponse
	consumed  []model.ConsumedCapacity
}

// runTransactGet resolves the Gets and reads them in one snapshot.
func (e *Engine) runTransactGet(trace *RequestTrace, action string, gets []*getAction, returnCapacity string) (*transactGetResult, error) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	seen := make(map[string]bool, len(gets))
	for _, g := range gets {
		if g.reason != nil {
			continue // failed while it was planned (a PartiQL statement)
		}
		t, merr := e.lookup(g.tableName)
		if merr != nil {
			return nil, merr
		}
		g.t = t
		key, merr := t.validateKeyParam(g.key)
		if merr != nil {
			if inputValidation(merr) {
				return nil, merr
			}
			r := reasonFor(merr)
			g.reason = &r
			continue
		}
		g.skey, g.hash = key, partitionHash(key, t.dataPrefix)
		if seen[key] {
			return nil, model.Validation(msgTransactDuplicateItem)
		}
		seen[key] = true
	}
	cancelled := false
	for _, g := range gets {
		if g.reason != nil {
			cancelled = true
			continue
		}
		if err := e.admit(g.t, true, g.hash, "", g.skey); err != nil {
			var me *model.Error
			if !errors.As(err, &me) {
				return nil, err
			}
			r := reasonFor(me)
			g.reason, cancelled = &r, true
		}
	}
	if cancelled {
		reasons := make([]model.CancellationReason, len(gets))
		for i, g := range gets {
			reasons[i] = model.CancellationReason{Code: model.ReasonNone}
			if g.reason != nil {
				reasons[i] = *g.reason
			}
		}
		err := model.TransactionCanceled(reasons)
		for _, name := range getTables(gets) {
			trace.add(e.logRequest(action, name, "", nil, true, 0, err))
		}
		return nil, err
	}
	items := make([]model.Item, len(gets))
	sizes := make([]int, len(gets))
	err := e.db.View(func(tx *buntdb.Tx) error {
		for i, g := range gets {
			raw, err := tx.Get(g.skey)
			if err == buntdb.ErrNotFound {
				continue
			}
			if err != nil {
				return err
			}
			if items[i], sizes[i], err = decodeStored(raw); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, asError(err)
	}
	res := &transactGetResult{responses: make([]model.ItemResponse, len(gets))}
	payload := 0
	for i, g := range gets {
		item := items[i]
		switch {
		case item != nil && g.project != nil:
			item = g.project(item)
		case item != nil && g.exprs.projection != nil:
			item = g.exprs.projection.Apply(item)
		}
		res.responses[i] = model.ItemResponse{Item: item}
		if item != nil {
			payload += 4 + model.ItemSize(item)
		}
	}
	if payload > maxTransactBytes {
		return nil, model.Validation(msgTransactResponseTooBig)
	}
	usages := map[string]*capacity.Usage{}
	counts := map[string]int{}
	for i, g := range gets {
		blocks := capacity.ReadBlocks(sizes[i])
		gu := &capacity.Usage{Table: g.t.name, Read: float64(blocks * transactionalFactor), Items: min(1, len(items[i]))}
		gu.Explain("%s Get on %s: %s → %d × 4 KB = %d RCU (strongly consistent), transactional × 2 = %g RCU", action, g.t.name, byteCount(sizes[i]), blocks, blocks, gu.Read)
		e.charge(g.t, g.hash, gu, "", g.skey)
		u := usages[g.t.name]
		if u == nil {
			u = &capacity.Usage{Table: g.t.name}
			usages[g.t.name] = u
		}
		u.Merge(gu)
		if items[i] != nil {
			counts[g.t.name]++
		}
	}
	for _, name := range getTables(gets) {
		trace.add(e.logRequest(action, name, "", usages[name], true, counts[name], nil))
	}
	res.consumed = transactReport(usages, returnCapacity, false)
	return res, nil
}

// getTables lists the tables of resolved Gets in first-use order.
func getTables(gets []*getAction) []string {
	var names []string
	seen := map[string]bool{}
	for _, g := range gets {
		if g.t != nil && !seen[g.t.name] {
			seen[g.t.name] = true
			names = append(names, g.t.name)
		}
	}
	return names
}
