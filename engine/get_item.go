package engine

import (
	"context"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/engine/expr"
	"github.com/dynoscope/dynoscope/model"
)

// GetItem reads one item by its full primary key.
func (e *Engine) GetItem(ctx context.Context, in *model.GetItemInput) (*model.GetItemOutput, error) {
	return e.getItem(ctx, in, false)
}

// getItem is GetItem; encoded asks for the item as stored when it is
// returned whole (see EncodedReader).
func (e *Engine) getItem(ctx context.Context, in *model.GetItemInput, encoded bool) (*model.GetItemOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	checkReturnCapacity(&c, in.ReturnConsumedCapacity)
	c.tableName(in.TableName, in.EmptyTableName())
	if in.Key == nil {
		c.add(nil, "key", "Member must not be null")
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	params := exprParams{empty: in.EmptyExpressions(), accepted: expr.GetItemParams, names: in.ExpressionAttributeNames, projection: in.ProjectionExpression, attributesToGet: in.AttributesToGet}
	// The parameters together, the key's values, then the expressions
	// (dynalite's validations/getItem.js and getItem tests).
	if err := params.prepareParams(); err != nil {
		return nil, err
	}
	if err := model.NormalizeItem(in.Key); err != nil {
		return nil, err
	}
	exprs, err := params.parse()
	if err != nil {
		return nil, err
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	t, merr := e.lookup(in.TableName)
	if merr != nil {
		return nil, merr
	}
	if err := t.checkKeyPaths(exprs); err != nil {
		return nil, err
	}
	key, merr := t.validateKeyParam(in.Key)
	if merr != nil {
		return nil, merr
	}
	consistent := in.ConsistentRead != nil && *in.ConsistentRead
	hash := partitionHash(key, t.dataPrefix)
	if err := e.admit(t, true, hash, "", key); err != nil {
		traceOf(ctx).add(e.logRequest("GetItem", t.name, "", nil, true, 0, err))
		return nil, err
	}
	encoded = encoded && exprs.projection == nil
	var item model.Item
	var stored model.EncodedItem
	var size int
	found := false
	err = e.db.View(func(tx *buntdb.Tx) error {
		raw, err := tx.Get(key)
		if err == buntdb.ErrNotFound {
			return nil
		}
		if err != nil {
			return err
		}
		found = true
		if encoded {
			n, w := uvarintString(raw)
			if w == 0 {
				return errCorrupt
			}
			size, stored = int(n), model.EncodedItem(raw[w:])
			return nil
		}
		item, size, err = decodeStored(raw)
		return err
	})
	if err != nil {
		return nil, asError(err)
	}
	usage := &capacity.Usage{Table: t.name, Read: capacity.ReadUnits(size, consistent)}
	usage.Explain("GetItem on %s: %s", t.name, explainRead(size, consistent))
	e.charge(t, hash, usage, "", key)
	found1 := 0
	if found {
		found1 = 1
	}
	traceOf(ctx).add(e.logRequest("GetItem", t.name, "", usage, true, found1, nil))
	out := &model.GetItemOutput{ConsumedCapacity: usage.Report(in.ReturnConsumedCapacity), EncodedItem: stored}
	if item != nil {
		if exprs.projection != nil {
			item = exprs.projection.Apply(item)
		}
		if item == nil {
			item = model.Item{} // an existing item, nothing projected: "Item": {}
		}
		out.Item = item
	}
	return out, nil
}

// readNote describes a read charge when formatted.
type readNote struct {
	size       int
	consistent bool
}

// explainRead describes a read charge of size bytes (lazily).
func explainRead(size int, consistent bool) readNote { return readNote{size, consistent} }

func (n readNote) String() string {
	size, consistent := n.size, n.consistent
	blocks := capacity.ReadBlocks(size)
	s := formatBytes(size) + " → " + capacity.FormatUnits(float64(blocks)) + " × 4 KB"
	if consistent {
		return s + " = " + capacity.FormatUnits(float64(blocks)) + " RCU (strongly consistent)"
	}
	return s + ", eventually consistent × 0.5 = " + capacity.FormatUnits(float64(blocks)/2) + " RCU"
}
