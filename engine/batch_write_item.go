package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/model"
)

// BatchWriteItem puts and deletes up to 25 items over one or more tables.
// Every request is validated before any is applied: an unknown table, a bad
// key, a duplicate key or an oversized item fails the whole call.
func (e *Engine) BatchWriteItem(ctx context.Context, in *model.BatchWriteItemInput) (*model.BatchWriteItemOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	checkReturnCapacity(&c, in.ReturnConsumedCapacity)
	checkReturnMetrics(&c, in.ReturnItemCollectionMetrics)
	tables := sortedKeys(in.RequestItems)
	total := 0
	for _, name := range tables {
		n := len(in.RequestItems[name])
		if n == 0 || n > maxBatchWriteRequests {
			// One failure per table out of bounds, each echoing the
			// whole map as DynamoDB prints it (javaWriteRequests).
			c.add(javaWriteRequests(in.RequestItems), "requestItems",
				"Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]")
		}
		total += n
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	if len(in.RequestItems) == 0 {
		return nil, errRequestItemsRequired("BatchWriteItem")
	}
	if total > maxBatchWriteRequests {
		return nil, model.Validation("Too many items requested for the BatchWriteItem call")
	}
	// Everything that needs no table is checked before any table is looked
	// up: the names, the requests' shape and their attribute values.
	for _, name := range tables {
		if err := validateTableNameParam(name); err != nil {
			return nil, err
		}
		for _, req := range in.RequestItems[name] {
			if err := checkWriteRequest(name, req); err != nil {
				return nil, err
			}
		}
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	type op struct {
		t   *table
		w   *itemWrite
		req model.WriteRequest
	}
	ops := make([]op, 0, total)
	for _, name := range tables {
		t, merr := e.lookup(name)
		if merr != nil {
			return nil, merr
		}
		seen := map[string]bool{}
		for _, req := range in.RequestItems[name] {
			w, err := t.batchWrite(req)
			if err != nil {
				return nil, err
			}
			if seen[w.key] {
				return nil, model.Validation("Provided list of item keys contains duplicates")
			}
			seen[w.key] = true
			ops = append(ops, op{t, w, req})
		}
	}
	// Throughput is checked request by request as the batch runs: what the
	// table cannot take now comes back as UnprocessedItems; only when nothing
	// could be written does the call fail with the throttling error.
	unprocessed := map[string][]model.WriteRequest{}
	var throttle error
	usages := map[string]*capacity.Usage{}
	effects := map[*table]*writeEffects{}
	var done []op
	err := e.update(func(tx *wtx) error {
		for _, o := range ops {
			hash := partitionHash(o.w.key, o.t.dataPrefix)
			if err := e.admit(o.t, false, hash, "", o.w.key); err != nil {
				throttle = err
				unprocessed[o.t.name] = append(unprocessed[o.t.name], o.req)
				continue
			}
			// A put learns the item it replaces from the write itself
			// (itemWrite.late) unless an item collection is checked.
			o.w.late = o.w.new != nil && !o.t.hasLSI()
			if !o.w.late {
				if err := e.loadOld(tx.Tx, o.w, o.t.needsOldImage()); err != nil {
					return err
				}
			}
			if err := o.t.checkItemCollection(tx.Tx, o.w); err != nil {
				return err
			}
			fx := effects[o.t]
			if fx == nil {
				fx = &writeEffects{}
				effects[o.t] = fx
			}
			ou := &capacity.Usage{Table: o.t.name}
			if o.w.new != nil || o.w.old != nil {
				if err := e.applyWrite(tx, o.t, o.w, ou, fx); err != nil {
					return err
				}
			}
			ou.Write = tableWriteUnits(o.w)
			e.charge(o.t, hash, ou, "", o.w.key)
			if usages[o.t.name] == nil {
				usages[o.t.name] = &capacity.Usage{Table: o.t.name}
			}
			usages[o.t.name].Merge(ou)
			done = append(done, o)
		}
		return nil
	})
	if err != nil {
		for _, fx := range effects {
			fx.revert()
		}
		return nil, asError(err)
	}
	if len(done) == 0 && throttle != nil {
		for _, name := range tables {
			traceOf(ctx).add(e.logRequest("BatchWriteItem", name, "", nil, false, 0, throttle))
		}
		return nil, throttle
	}
	for t, fx := range effects {
		e.commit(t, fx)
	}
	for _, name := range sortedKeys(usages) {
		u := usages[name]
		u.Explain("BatchWriteItem on %s: each item rounded up to 1 KB = %g WCU", u.Table, u.Write)
		traceOf(ctx).add(e.logRequest("BatchWriteItem", name, "", u, false, len(in.RequestItems[name])-len(unprocessed[name]), nil))
	}
	out := &model.BatchWriteItemOutput{
		UnprocessedItems: unprocessed,
		ConsumedCapacity: capacity.ReportAll(usages, in.ReturnConsumedCapacity),
	}
	if in.ReturnItemCollectionMetrics == model.ReturnItemCollectionMetricsSize {
		for _, o := range done {
			src := o.w.new
			if src == nil {
				src = o.w.old
			}
			if m := o.t.collectionMetrics(e, model.ReturnItemCollectionMetricsSize, src); m != nil {
				if out.ItemCollectionMetrics == nil {
					out.ItemCollectionMetrics = map[string][]model.ItemCollectionMetrics{}
				}
				out.ItemCollectionMetrics[o.t.name] = append(out.ItemCollectionMetrics[o.t.name], *m)
			}
		}
	}
	return out, nil
}

// checkWriteRequest checks what one BatchWriteItem request is, without its
// table: a put or a delete, with its item or key, whose attribute values it
// normalises, and a put's item size.
func checkWriteRequest(table string, req model.WriteRequest) *model.Error {
	switch {
	case req.PutRequest != nil && req.DeleteRequest != nil, req.PutRequest == nil && req.DeleteRequest == nil:
		return model.Validation("Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes")
	case req.PutRequest != nil:
		if req.PutRequest.Item == nil {
			return model.Validation("1 validation error detected: Value null at 'requestItems.%s.member.putRequest.item' failed to satisfy constraint: Member must not be null", table)
		}
		size, err := model.NormalizeItemSize(req.PutRequest.Item)
		if err != nil {
			return err
		}
		// Before the table, as DynamoDB checks it (dynalite's
		// validations/batchWriteItem.js and its "item is too big" tests).
		if size > model.MaxItemSize {
			return model.Validation("Item size has exceeded the maximum allowed size")
		}
		return nil
	default:
		if req.DeleteRequest.Key == nil {
			return model.Validation("1 validation error detected: Value null at 'requestItems.%s.member.deleteRequest.key' failed to satisfy constraint: Member must not be null", table)
		}
		return model.NormalizeItem(req.DeleteRequest.Key)
	}
}

// batchWrite validates one BatchWriteItem request (already checked by
// checkWriteRequest) against its table and returns its write.
func (t *table) batchWrite(req model.WriteRequest) (*itemWrite, *model.Error) {
	switch {
	case req.PutRequest != nil:
		item := req.PutRequest.Item
		if err := t.validateBatchItemKey(item); err != nil {
			return nil, err
		}
		if err := t.checkIndexKeysForPut(item); err != nil {
			return nil, err
		}
		size := model.ItemSize(item)
		if size > model.MaxItemSize {
			return nil, model.Validation("Item size has exceeded the maximum allowed size")
		}
		return &itemWrite{key: t.itemStorageKey(item), new: item, newSize: size}, nil
	default:
		key, err := t.validateKeyParam(req.DeleteRequest.Key)
		if err != nil {
			return nil, err
		}
		return &itemWrite{key: key}, nil
	}
}

// validateBatchItemKey checks the key of a BatchWriteItem put. Unlike
// PutItem's ("Missing the key …", "Type mismatch for key …"), a missing or
// wrong-typed key attribute reads "The provided key element does not match
// the schema" here (captured from DynamoDB in four regions by
// paritysuite/dynamodb-conformance, tests/tier3/error-messages/
// batchWriteItem.test.ts); empty and oversized values read as elsewhere.
func (t *table) validateBatchItemKey(item model.Item) *model.Error {
	for _, ka := range []keyAttr{t.hash, t.rng} {
		if ka.name == "" {
			continue
		}
		v, ok := item[ka.name]
		if !ok || v.Type != ka.typ {
			return model.Validation("The provided key element does not match the schema")
		}
		if err := checkKeyValue(ka, v, ka == t.hash); err != nil {
			return err
		}
	}
	return nil
}
