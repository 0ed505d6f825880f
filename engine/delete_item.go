package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/model"
)

// DeleteItem deletes one item by its primary key, optionally under a
// condition. Deleting a missing item succeeds and costs 1 WCU.
func (e *Engine) DeleteItem(ctx context.Context, in *model.DeleteItemInput) (*model.DeleteItemOutput, error) {
	req := deleteRequest(in)
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
		traceOf(ctx).add(e.logRequest("DeleteItem", t.name, "", nil, false, 0, err))
		return nil, err
	}
	var fx writeEffects
	needOld := exprs.condition != nil || in.ReturnValues == model.ReturnValuesAllOld || t.needsOldImage()
	err = e.update(func(tx *wtx) error {
		if err := e.loadOld(tx.Tx, w, needOld); err != nil {
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
		usage.Write = tableWriteUnits(w)
		if w.old == nil {
			return nil
		}
		return e.applyWrite(tx, t, w, usage, &fx)
	})
	if err := e.finishWrite(ctx, "DeleteItem", t, hash, w, usage, &fx, err); err != nil {
		return nil, err
	}
	out := &model.DeleteItemOutput{ConsumedCapacity: usage.Report(in.ReturnConsumedCapacity)}
	if in.ReturnValues == model.ReturnValuesAllOld && w.old != nil {
		out.Attributes = w.old
	}
	out.ItemCollectionMetrics = t.collectionMetrics(e, in.ReturnItemCollectionMetrics, in.Key)
	return out, nil
}
