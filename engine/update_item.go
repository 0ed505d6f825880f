package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/engine/expr"
	"github.com/dynoscope/dynoscope/model"
)

// UpdateItem edits an item's attributes, creating the item when it does not
// exist (unless the update only removes), optionally under a condition.
func (e *Engine) UpdateItem(ctx context.Context, in *model.UpdateItemInput) (*model.UpdateItemOutput, error) {
	req := updateRequest(in)
	if err := e.checkWriteRequest(ctx, &req); err != nil {
		return nil, err
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	t, err := e.writeTable(&req)
	if err != nil {
		return nil, err
	}
	exprs, key := req.parsed, req.key
	w := &itemWrite{key: key}
	usage := &capacity.Usage{Table: t.name}
	hash := partitionHash(key, t.dataPrefix)
	if err := e.admit(t, false, hash, "", key); err != nil {
		traceOf(ctx).add(e.logRequest("UpdateItem", t.name, "", nil, false, 0, err))
		return nil, err
	}
	var fx writeEffects
	err = e.update(func(tx *wtx) error {
		if err := e.loadOld(tx.Tx, w, true); err != nil {
			return err
		}
		ok, err := checkCondition(exprs.condition, w.old)
		if err != nil {
			return err
		}
		if !ok {
			usage.Write = capacity.WriteUnits(w.oldSize)
			return failedCondition(in.ReturnValuesOnConditionCheckFailure, w.old)
		}
		if w.old == nil && exprs.update != nil && !exprs.update.CreatesItem() {
			// An update made only of REMOVE or DELETE (legacy DELETE too)
			// does not create the item, and does not run: REMOVE a.b is
			// no error here.
			usage.Write = capacity.WriteUnits(0)
			return nil
		}
		base := w.old
		if base == nil {
			base = t.keyOf(in.Key)
		}
		next := base.Clone()
		if exprs.update != nil {
			if next, err = exprs.update.Apply(base); err != nil {
				return err
			}
		}
		if w.old != nil {
			if err := t.checkIndexKeysForUpdate(w.old, next); err != nil {
				return err
			}
		} else if err := t.checkIndexKeysForUpdate(model.Item{}, next); err != nil {
			return err
		}
		w.new = next
		w.newSize = model.ItemSize(next)
		if err := model.CheckItemNesting(next); err != nil {
			return err
		}
		if w.newSize > model.MaxItemSize {
			return model.Validation("Item size to update has exceeded the maximum allowed size")
		}
		if err := t.checkItemCollection(tx.Tx, w); err != nil {
			return err
		}
		usage.Write = tableWriteUnits(w)
		return e.applyWrite(tx, t, w, usage, &fx)
	})
	if err := e.finishWrite(ctx, "UpdateItem", t, hash, w, usage, &fx, err); err != nil {
		return nil, err
	}
	out := &model.UpdateItemOutput{ConsumedCapacity: usage.Report(in.ReturnConsumedCapacity)}
	switch in.ReturnValues {
	case model.ReturnValuesAllOld:
		out.Attributes = w.old
	case model.ReturnValuesAllNew:
		out.Attributes = w.new
	case model.ReturnValuesUpdatedOld:
		if w.old != nil && exprs.update != nil {
			out.Attributes = exprs.update.UpdatedAttributes(w.old)
		}
	case model.ReturnValuesUpdatedNew:
		if w.new != nil && exprs.update != nil {
			out.Attributes = exprs.update.UpdatedAttributes(w.new)
		}
	}
	if len(out.Attributes) == 0 {
		out.Attributes = nil
	}
	if w.new != nil {
		out.ItemCollectionMetrics = t.collectionMetrics(e, in.ReturnItemCollectionMetrics, w.new)
	}
	return out, nil
}

// checkUpdateTouchesKey rejects updates of primary-key attributes and
// document paths into key attributes (table keys, then index keys).
func (t *table) checkUpdateTouchesKey(exprs *parsedExprs) error {
	if exprs.update == nil {
		return nil
	}
	tableKeys := []string{t.hash.name}
	if t.rng.name != "" {
		tableKeys = append(tableKeys, t.rng.name)
	}
	var indexKeys []string
	for _, ix := range t.indexes {
		for _, ka := range ix.keys {
			if !t.isKeyAttr(ka.name) {
				indexKeys = append(indexKeys, ka.name)
			}
		}
	}
	return exprs.update.CheckKeys(tableKeys, indexKeys)
}

// checkStaticIndexKeyTypes refuses, before the update runs, an action that
// gives an index key attribute a type other than its declared one whatever
// the item holds: SET to a value of another type, arithmetic (N) or
// list_append (L), ADD or DELETE of a set. DynamoDB answers with the typed
// message of seed 001, as for a SET of a wrong value.
func (t *table) checkStaticIndexKeyTypes(u *expr.Update) error {
	if u == nil {
		return nil
	}
	for _, st := range u.StaticTypes() {
		for _, ix := range t.indexes {
			for _, ka := range ix.keys {
				if ka.name == st.Attr && ka.typ != st.Type {
					return model.InvalidParameter("Type mismatch for Index Key %s Expected: %s Actual: %s IndexName: %s", ka.name, ka.typ, st.Type, ix.name)
				}
			}
		}
	}
	return nil
}
