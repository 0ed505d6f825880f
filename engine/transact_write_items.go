package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/engine/expr"
	"github.com/dynoscope/dynoscope/model"
)

// Kinds of TransactWriteItems action, as the explanation lines name them.
const (
	actionPut            = "Put"
	actionUpdate         = "Update"
	actionDelete         = "Delete"
	actionConditionCheck = "ConditionCheck"
)

// writeAction is one action of a write transaction, validated, then resolved
// against its table and run.
type writeAction struct {
	kind      string
	tableName string
	onFailure string // ReturnValuesOnConditionCheckFailure
	item      model.Item
	key       model.Item
	exprs     *parsedExprs
	// insert makes a failed condition a DuplicateItem (PartiQL INSERT).
	insert bool

	t      *table
	w      *itemWrite
	size   int // Put: the item's size
	hash   uint32
	usage  *capacity.Usage
	reason *model.CancellationReason
}

// TransactWriteItems applies up to 100 puts, updates, deletes and condition
// checks, all or none, in one BuntDB transaction: every item, index entry,
// TTL-queue entry and stream record of every action commits together. A
// failed condition anywhere cancels all with TransactionCanceledException
// and one reason per action in request order. Each action costs twice what
// it would outside a transaction.
func (e *Engine) TransactWriteItems(ctx context.Context, in *model.TransactWriteItemsInput) (*model.TransactWriteItemsOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	if err := checkTransactWriteParams(in); err != nil {
		return nil, err
	}
	actions, err := prepareTransactWrites(in.TransactItems)
	if err != nil {
		return nil, err
	}
	if in.ClientRequestToken == "" {
		out, _, err := e.runTransactWrite(ctx, "TransactWriteItems", actions, in.ReturnConsumedCapacity, in.ReturnItemCollectionMetrics)
		return out, err
	}
	key := idempotencyKey{"TransactWriteItems", in.ClientRequestToken}
	prev, mine, err := e.tokens.begin(key, transactSignature(in.TransactItems), e.now())
	if err != nil {
		return nil, err
	}
	if prev != nil {
		cc := e.replayTransaction(ctx, "TransactWriteItems", prev, in.ReturnConsumedCapacity)
		return &model.TransactWriteItemsOutput{ConsumedCapacity: cc, ItemCollectionMetrics: prev.metrics}, nil
	}
	out, reads, err := e.runTransactWrite(ctx, "TransactWriteItems", actions, in.ReturnConsumedCapacity, in.ReturnItemCollectionMetrics)
	if err == nil {
		mine.reads, mine.metrics = reads, out.ItemCollectionMetrics
	}
	e.tokens.end(key, mine, err == nil, e.now())
	return out, err
}

// checkTransactWriteParams runs the member constraints of a
// TransactWriteItems request, all reported in one message, in the order
// DynamoDB checks them (paritysuite captures: the token, then the enums,
// ahead of anything else).
func checkTransactWriteParams(in *model.TransactWriteItemsInput) error {
	var c constraints
	if len(in.ClientRequestToken) > maxClientTokenLength {
		c.add(in.ClientRequestToken, "clientRequestToken", "Member must have length less than or equal to 36")
	}
	checkReturnCapacity(&c, in.ReturnConsumedCapacity)
	checkReturnMetrics(&c, in.ReturnItemCollectionMetrics)
	switch n := len(in.TransactItems); {
	case in.TransactItems == nil:
		c.add(nil, "transactItems", "Member must not be null")
	case n == 0:
		c.add("[]", "transactItems", "Member must have length greater than or equal to 1")
	case n > maxTransactItems:
		kinds := make([]string, n)
		for i, ti := range in.TransactItems {
			kinds[i] = writeKind(ti)
		}
		c.add(bracketList(kinds), "transactItems", "Member must have length less than or equal to 100")
	}
	for i, ti := range in.TransactItems {
		p := fmt.Sprintf("transactItems.%d.member.", i+1)
		if a := ti.ConditionCheck; a != nil {
			checkActionMembers(&c, p+"conditionCheck", a.TableName, "key", a.Key == nil, a.ReturnValuesOnConditionCheckFailure)
			if a.ConditionExpression == "" && !hasEmpty(a.EmptyExpressions(), expr.ParamCondition) {
				c.add(nil, p+"conditionCheck.conditionExpression", "Member must not be null")
			}
		}
		if a := ti.Put; a != nil {
			checkActionMembers(&c, p+"put", a.TableName, "item", a.Item == nil, a.ReturnValuesOnConditionCheckFailure)
		}
		if a := ti.Delete; a != nil {
			checkActionMembers(&c, p+"delete", a.TableName, "key", a.Key == nil, a.ReturnValuesOnConditionCheckFailure)
		}
		if a := ti.Update; a != nil {
			checkActionMembers(&c, p+"update", a.TableName, "key", a.Key == nil, a.ReturnValuesOnConditionCheckFailure)
			if a.UpdateExpression == "" && !hasEmpty(a.EmptyExpressions(), expr.ParamUpdate) {
				c.add(nil, p+"update.updateExpression", "Member must not be null")
			}
		}
	}
	if err := c.err(); err != nil {
		return err
	}
	return nil
}

// checkActionMembers checks the members every transaction action has.
func checkActionMembers(c *constraints, path, table, keyMember string, keyMissing bool, onFailure string) {
	if keyMissing {
		c.add(nil, path+"."+keyMember, "Member must not be null")
	}
	if table == "" {
		c.add(nil, path+".tableName", "Member must not be null")
	} else if len(table) > 1024 {
		c.add(table, path+".tableName", "Member must have length less than or equal to 1024")
	}
	c.enum(onFailure, path+".returnValuesOnConditionCheckFailure", model.ReturnValuesAllOld, model.ReturnValuesNone)
}

func hasEmpty(empty []string, name string) bool {
	for _, n := range empty {
		if n == name {
			return true
		}
	}
	return false
}

// writeKind names the action of a TransactWriteItem ("" when none or
// several are set).
func writeKind(ti model.TransactWriteItem) string {
	var kinds []string
	if ti.ConditionCheck != nil {
		kinds = append(kinds, actionConditionCheck)
	}
	if ti.Put != nil {
		kinds = append(kinds, actionPut)
	}
	if ti.Delete != nil {
		kinds = append(kinds, actionDelete)
	}
	if ti.Update != nil {
		kinds = append(kinds, actionUpdate)
	}
	if len(kinds) != 1 {
		return ""
	}
	return kinds[0]
}

// prepareTransactWrites validates what needs no table, action by action in
// request order (the first failing action wins): one operation per action,
// the item and key values, the expressions and their placeholders, and the
// 4 MB payload.
func prepareTransactWrites(items []model.TransactWriteItem) ([]*writeAction, error) {
	actions := make([]*writeAction, 0, len(items))
	payload := 0
	for _, ti := range items {
		n := 0
		for _, set := range []bool{ti.ConditionCheck != nil, ti.Put != nil, ti.Delete != nil, ti.Update != nil} {
			if set {
				n++
			}
		}
		switch {
		case n == 0:
			return nil, model.Validation(msgTransactNoOperation)
		case n > 1:
			return nil, model.Validation(msgTransactManyOperations)
		}
		a := &writeAction{kind: writeKind(ti)}
		var params exprParams
		switch a.kind {
		case actionPut:
			p := ti.Put
			a.tableName, a.onFailure, a.item = p.TableName, p.ReturnValuesOnConditionCheckFailure, p.Item
			if err := model.NormalizeItem(p.Item); err != nil {
				return nil, err
			}
			params = exprParams{empty: p.EmptyExpressions(), accepted: expr.PutItemParams, names: p.ExpressionAttributeNames,
				values: p.ExpressionAttributeValues, condition: p.ConditionExpression}
			payload += model.ItemSize(p.Item)
		case actionUpdate:
			p := ti.Update
			a.tableName, a.onFailure, a.key = p.TableName, p.ReturnValuesOnConditionCheckFailure, p.Key
			params = exprParams{empty: p.EmptyExpressions(), accepted: expr.UpdateItemParams, names: p.ExpressionAttributeNames,
				values: p.ExpressionAttributeValues, condition: p.ConditionExpression, update: p.UpdateExpression}
		case actionDelete:
			p := ti.Delete
			a.tableName, a.onFailure, a.key = p.TableName, p.ReturnValuesOnConditionCheckFailure, p.Key
			params = exprParams{empty: p.EmptyExpressions(), accepted: expr.DeleteItemParams, names: p.ExpressionAttributeNames,
				values: p.ExpressionAttributeValues, condition: p.ConditionExpression}
		case actionConditionCheck:
			p := ti.ConditionCheck
			a.tableName, a.onFailure, a.key = p.TableName, p.ReturnValuesOnConditionCheckFailure, p.Key
			params = exprParams{empty: p.EmptyExpressions(), accepted: expr.PutItemParams, names: p.ExpressionAttributeNames,
				values: p.ExpressionAttributeValues, condition: p.ConditionExpression}
		}
		if a.key != nil {
			if err := model.NormalizeItem(a.key); err != nil {
				return nil, err
			}
			payload += model.ItemSize(a.key)
		}
		exprs, err := params.parse()
		if err != nil {
			return nil, err
		}
		a.exprs = exprs
		payload += len(params.condition) + len(params.update)
		for k, v := range params.values {
			payload += len(k) + model.ValueSize(v)
		}
		for k, v := range params.names {
			payload += len(k) + len(v)
		}
		if payload > maxTransactBytes {
			return nil, model.Validation(msgTransactPayloadTooBig, payload)
		}
		actions = append(actions, a)
	}
	return actions, nil
}

// inputValidation reports whether a key error is one DynamoDB raises while
// reading the request (an empty or oversized key value: a top-level
// ValidationException even inside a transaction) rather than while running
// it (a wrong type or a missing attribute: a ValidationError reason). The
// split is paritysuite's capture of real DynamoDB (eu-west-2 and three
// other regions).
func inputValidation(err *model.Error) bool {
	return strings.HasPrefix(err.Message, "One or more parameter values are not valid.") ||
		strings.Contains(err.Message, "Size of hashkey has exceeded") ||
		strings.Contains(err.Message, "Aggregated size of all range keys")
}

// resolve looks up an action's table and checks its key. A top-level error
// is returned; a failure DynamoDB reports as a cancellation reason is
// recorded on the action.
func (a *writeAction) resolve(e *Engine) error {
	if a.reason != nil {
		return nil // failed while it was planned (a PartiQL statement)
	}
	t, merr := e.lookup(a.tableName)
	if merr != nil {
		return merr
	}
	a.t = t
	// A path into a key attribute is a refused expression, whatever the
	// item: top-level, as for the single-item actions.
	if err := t.checkKeyPaths(a.exprs); err != nil {
		return err
	}
	fail := func(err *model.Error) error {
		if inputValidation(err) {
			return err
		}
		r := reasonFor(err)
		a.reason = &r
		return nil
	}
	if a.kind == actionPut {
		if err := t.validateItemKey(a.item); err != nil {
			return fail(err)
		}
		if err := t.checkIndexKeysForPut(a.item); err != nil {
			return fail(err)
		}
		a.size = model.ItemSize(a.item)
		a.w = &itemWrite{key: t.itemStorageKey(a.item)}
		a.hash = partitionHash(a.w.key, t.dataPrefix)
		if a.size > model.MaxItemSize {
			return fail(model.Validation("Item size has exceeded the maximum allowed size"))
		}
		return nil
	}
	key, merr := t.validateKeyParam(a.key)
	if merr != nil {
		return fail(merr)
	}
	a.w = &itemWrite{key: key}
	a.hash = partitionHash(key, t.dataPrefix)
	if a.kind == actionUpdate {
		for _, check := range []func() error{
			func() error { return t.checkUpdateTouchesKey(a.exprs) },
			func() error { return t.checkStaticIndexKeyTypes(a.exprs.update) },
		} {
			if err := check(); err != nil {
				var me *model.Error
				if errors.As(err, &me) {
					return fail(me)
				}
				return err
			}
		}
	}
	return nil
}

// runTransactWrite resolves the actions against their tables and runs them
// in one BuntDB transaction. It returns the answer and the items written
// (for an idempotent retry's read units).
func (e *Engine) runTransactWrite(ctx context.Context, action string, actions []*writeAction, returnCapacity, returnMetrics string) (*model.TransactWriteItemsOutput, []transactRead, error) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	for _, a := range actions {
		if err := a.resolve(e); err != nil {
			return nil, nil, err
		}
	}
	seen := make(map[string]bool, len(actions))
	for _, a := range actions {
		if a.w == nil {
			continue
		}
		if seen[a.w.key] {
			return nil, nil, model.Validation(msgTransactDuplicateItem)
		}
		seen[a.w.key] = true
	}
	for _, a := range actions {
		if a.reason != nil {
			continue
		}
		if err := e.admit(a.t, false, a.hash, ""); err != nil {
			var me *model.Error
			if errors.As(err, &me) {
				r := reasonFor(me)
				a.reason = &r
				continue
			}
			return nil, nil, err
		}
	}
	effects := map[*table]*writeEffects{}
	err := e.update(func(tx *wtx) error {
		cancelled := false
		for _, a := range actions {
			if a.reason == nil {
				if err := e.evaluateAction(tx.Tx, a); err != nil {
					return err
				}
			}
			cancelled = cancelled || a.reason != nil
		}
		if cancelled {
			return errCancelled
		}
		for _, a := range actions {
			if err := e.applyAction(tx, a, effects); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		for _, fx := range effects {
			fx.revert()
		}
		if err == errCancelled {
			err = cancellation(actions)
		}
		err = asError(err)
		for _, name := range actionTables(actions) {
			traceOf(ctx).add(e.logRequest(action, name, "", nil, false, 0, err))
		}
		return nil, nil, err
	}
	for t, fx := range effects {
		e.commit(t, fx)
	}
	usages := map[string]*capacity.Usage{}
	counts := map[string]int{}
	reads := make([]transactRead, 0, len(actions))
	for _, a := range actions {
		e.charge(a.t, a.hash, a.usage)
		u := usages[a.t.name]
		if u == nil {
			u = &capacity.Usage{Table: a.t.name}
			usages[a.t.name] = u
		}
		u.Merge(a.usage)
		counts[a.t.name]++
		reads = append(reads, transactRead{table: a.t.name, key: a.w.key})
	}
	for _, name := range actionTables(actions) {
		traceOf(ctx).add(e.logRequest(action, name, "", usages[name], false, counts[name], nil))
	}
	out := &model.TransactWriteItemsOutput{ConsumedCapacity: transactReport(usages, returnCapacity, true)}
	if returnMetrics == model.ReturnItemCollectionMetricsSize {
		for _, a := range actions {
			if a.kind == actionConditionCheck {
				continue
			}
			src := a.w.new
			if src == nil {
				src = a.w.old
			}
			if src == nil {
				src = a.key
			}
			if m := a.t.collectionMetrics(e, model.ReturnItemCollectionMetricsSize, src); m != nil {
				if out.ItemCollectionMetrics == nil {
					out.ItemCollectionMetrics = map[string][]model.ItemCollectionMetrics{}
				}
				out.ItemCollectionMetrics[a.t.name] = append(out.ItemCollectionMetrics[a.t.name], *m)
			}
		}
	}
	return out, reads, nil
}

// evaluateAction reads an action's item inside the transaction, checks its
// condition and works out what it would write, recording a cancellation
// reason on failure. Nothing is written yet.
func (e *Engine) evaluateAction(tx *buntdb.Tx, a *writeAction) error {
	w := a.w
	if err := e.loadOld(tx, w, true); err != nil {
		return err
	}
	fail := func(err error) error {
		var me *model.Error
		if !errors.As(err, &me) {
			return err
		}
		r := reasonFor(me)
		a.reason = &r
		return nil
	}
	ok, err := checkCondition(a.exprs.condition, w.old)
	if err != nil {
		return fail(err)
	}
	if !ok {
		if a.insert {
			return fail(model.NewError(model.ErrDuplicateItem, msgDuplicateItem))
		}
		return fail(failedCondition(a.onFailure, w.old))
	}
	switch a.kind {
	case actionPut:
		w.new, w.newSize = a.item, a.size
	case actionUpdate:
		if w.old == nil && a.exprs.update != nil && !a.exprs.update.CreatesItem() {
			return nil // only REMOVE or DELETE: no item to create, nothing runs
		}
		base := w.old
		if base == nil {
			base = a.t.keyOf(a.key)
		}
		next := base.Clone()
		if a.exprs.update != nil {
			if next, err = a.exprs.update.Apply(base); err != nil {
				return fail(err)
			}
		}
		old := w.old
		if old == nil {
			old = model.Item{}
		}
		if err := a.t.checkIndexKeysForUpdate(old, next); err != nil {
			return fail(err)
		}
		w.new, w.newSize = next, model.ItemSize(next)
		if w.newSize > model.MaxItemSize {
			return fail(model.Validation("Item size to update has exceeded the maximum allowed size"))
		}
	}
	return nil
}

// applyAction writes one evaluated action with its index entries, TTL entry
// and stream record, and works out its capacity: twice the units of the
// same request outside a transaction.
func (e *Engine) applyAction(tx *wtx, a *writeAction, effects map[*table]*writeEffects) error {
	u := &capacity.Usage{Table: a.t.name, Items: 1}
	a.usage = u
	w := a.w
	if a.kind == actionConditionCheck {
		blocks := capacity.ReadBlocks(w.oldSize)
		u.Write = float64(blocks * transactionalFactor)
		u.Explain("TransactWriteItems ConditionCheck on %s: %s → %d × 4 KB = %d, transactional × 2 = %g WCU", a.t.name, byteCount(w.oldSize), blocks, blocks, u.Write)
		return nil
	}
	if w.new != nil || w.old != nil {
		if err := a.t.checkItemCollection(tx.Tx, w); err != nil {
			var me *model.Error
			if errors.As(err, &me) {
				r := reasonFor(me)
				a.reason = &r
				return errCancelled
			}
			return err
		}
		fx := effects[a.t]
		if fx == nil {
			fx = &writeEffects{}
			effects[a.t] = fx
		}
		if err := e.applyWrite(tx, a.t, w, u, fx); err != nil {
			return err
		}
	}
	u.Write = tableWriteUnits(w)
	single := u.Write
	doubleUsage(u)
	u.Explain("TransactWriteItems %s on %s: %s, transactional × 2 = %g WCU", a.kind, a.t.name, explainWrite(w), single*transactionalFactor)
	for _, ix := range u.Indexes {
		if ix.Write > 0 {
			u.Explain("index %s: %g WCU, as outside a transaction (an index is written after the commit: not doubled)", ix.Name, ix.Write)
		}
	}
	return nil
}

// cancellation builds the TransactionCanceledException of cancelled
// actions: their reasons in request order, None for the others.
func cancellation(actions []*writeAction) *model.Error {
	reasons := make([]model.CancellationReason, len(actions))
	for i, a := range actions {
		if a.reason != nil {
			reasons[i] = *a.reason
		} else {
			reasons[i] = model.CancellationReason{Code: model.ReasonNone}
		}
	}
	return model.TransactionCanceled(reasons)
}

// actionTables lists the tables of resolved actions in first-use order.
func actionTables(actions []*writeAction) []string {
	var names []string
	seen := map[string]bool{}
	for _, a := range actions {
		if a.t != nil && !seen[a.t.name] {
			seen[a.t.name] = true
			names = append(names, a.t.name)
		}
	}
	return names
}

// replayTransaction answers a retry of a finished transaction: nothing is
// written again; the items are read, at transactional read cost, and the
// read units reported.
func (e *Engine) replayTransaction(ctx context.Context, action string, prev *idempotentResult, returnCapacity string) []model.ConsumedCapacity {
	e.mu.RLock()
	defer e.mu.RUnlock()
	usages := map[string]*capacity.Usage{}
	var order []string
	e.db.View(func(tx *buntdb.Tx) error {
		for _, r := range prev.reads {
			t := e.tables[r.table]
			if t == nil {
				continue
			}
			size := 0
			if raw, err := tx.Get(r.key); err == nil {
				size = storedSize(raw)
			}
			units := capacity.ReadUnits(size, true) * transactionalFactor
			u := usages[t.name]
			if u == nil {
				u = &capacity.Usage{Table: t.name}
				usages[t.name] = u
				order = append(order, t.name)
			}
			u.Read += units
			e.charge(t, partitionHash(r.key, t.dataPrefix), &capacity.Usage{Table: t.name, Read: units})
		}
		return nil
	})
	for _, name := range order {
		u := usages[name]
		u.Explain("%s retried with the same ClientRequestToken: nothing written again; the items read back, strongly consistent, transactional × 2 = %g RCU", action, u.Read)
		traceOf(ctx).add(e.logRequest(action, name, "", u, true, 0, nil))
	}
	return transactReport(usages, returnCapacity, false)
}
