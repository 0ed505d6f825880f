package engine

import (
	"context"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/model"
)

// PutItem creates or replaces an item, optionally under a condition.
func (e *Engine) PutItem(ctx context.Context, in *model.PutItemInput) (*model.PutItemOutput, error) {
	req := putRequest(in)
	if err := e.checkWriteRequest(ctx, &req); err != nil {
		return nil, err
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	t, err := e.writeTable(&req)
	if err != nil {
		return nil, err
	}
	exprs := req.parsed
	w := &itemWrite{key: t.itemStorageKey(in.Item), new: in.Item, newSize: req.itemSize}
	// Without a condition, ALL_OLD or an item collection to check, the
	// item replaced is learnt from the write itself.
	w.late = exprs.condition == nil && in.ReturnValues != model.ReturnValuesAllOld && !t.hasLSI()
	usage := &capacity.Usage{Table: t.name}
	hash := partitionHash(w.key, t.dataPrefix)
	if err := e.admit(t, false, hash, "", w.key); err != nil {
		traceOf(ctx).add(e.logRequest("PutItem", t.name, "", nil, false, 0, err))
		return nil, err
	}
	var fx writeEffects
	needOld := exprs.condition != nil || in.ReturnValues == model.ReturnValuesAllOld || t.needsOldImage()
	err = e.update(func(tx *wtx) error {
		if !w.late {
			if err := e.loadOld(tx.Tx, w, needOld); err != nil {
				return err
			}
		}
		ok, err := checkCondition(exprs.condition, w.old)
		if err != nil {
			return err
		}
		if !ok {
			usage.Write = capacity.WriteUnits(w.oldSize)
			return failedCondition(in.ReturnValuesOnConditionCheckFailure, w.old)
		}
		if err := t.checkItemCollection(tx.Tx, w); err != nil {
			return err
		}
		err = e.applyWrite(tx, t, w, usage, &fx)
		usage.Write = tableWriteUnits(w)
		return err
	})
	if err := e.finishWrite(ctx, "PutItem", t, hash, w, usage, &fx, err); err != nil {
		return nil, err
	}
	out := &model.PutItemOutput{ConsumedCapacity: usage.Report(in.ReturnConsumedCapacity)}
	if in.ReturnValues == model.ReturnValuesAllOld && w.old != nil {
		out.Attributes = w.old
	}
	out.ItemCollectionMetrics = t.collectionMetrics(e, in.ReturnItemCollectionMetrics, in.Item)
	return out, nil
}

// needsOldImage reports whether writes to the table must read the previous
// item: indexes, a stream or TTL depend on it.
func (t *table) needsOldImage() bool {
	if len(t.indexes) > 0 {
		return true
	}
	if _, ok := t.streamEnabled(); ok {
		return true
	}
	_, ok := t.ttlAttr()
	return ok
}

// loadOld reads the current item at w.key: always its size, and the item
// itself when decode is true.
func (e *Engine) loadOld(tx *buntdb.Tx, w *itemWrite, decode bool) error {
	raw, err := tx.Get(w.key)
	if err == buntdb.ErrNotFound {
		return nil
	}
	if err != nil {
		return err
	}
	if !decode {
		w.oldSize = storedSize(raw)
		w.old = model.Item{} // present, contents not needed
		return nil
	}
	item, size, err := decodeStored(raw)
	if err != nil {
		return err
	}
	w.old, w.oldSize = item, size
	return nil
}

// writeNote describes a write's table charge when formatted.
type writeNote struct {
	oldSize, newSize int
	none             bool
	created, deleted bool
}

// explainWrite describes a write's table charge (lazily).
func explainWrite(w *itemWrite) writeNote {
	return writeNote{oldSize: w.oldSize, newSize: w.newSize, none: w.old == nil && w.new == nil,
		created: w.old == nil && w.new != nil, deleted: w.new == nil && w.old != nil}
}

// String is "1.2 KB (item after the write) → 2 × 1 KB = 2 WCU": the size
// charged is the larger of the item before and after the write, and which
// one it was is said so, not "new item" for an update of one that exists.
func (n writeNote) String() string {
	if n.none {
		return "no item, 1 WCU minimum"
	}
	size, which := n.newSize, "item after the write"
	switch {
	case n.created:
		which = "new item"
	case n.deleted:
		size, which = n.oldSize, "item deleted"
	case n.oldSize > size:
		size, which = n.oldSize, "item before the write"
	}
	u := capacity.FormatUnits(capacity.WriteUnits(size))
	return formatBytes(size) + " (" + which + ") → " + u + " × 1 KB = " + u + " WCU"
}
