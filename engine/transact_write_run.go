package engine

import (
	"context"
	"errors"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/model"
	"github.com/tidwall/buntdb"
)

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
		if err := e.admit(a.t, false, a.hash, "", a.w.key); err != nil {
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
		e.charge(a.t, a.hash, a.usage, "", a.w.key)
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
			e.charge(t, partitionHash(r.key, t.dataPrefix), &capacity.Usage{Table: t.name, Read: units}, "", r.key)
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
