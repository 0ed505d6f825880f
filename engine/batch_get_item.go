package engine

import (
	"context"
	"sort"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/engine/expr"
	"github.com/dynoscope/dynoscope/model"
)

// Batch limits.
const (
	maxBatchGetKeys       = 100
	maxBatchWriteRequests = 25
	maxBatchResponseBytes = 16 << 20
)

// BatchGetItem reads up to 100 items from one or more tables. Items come back
// in no particular order; what does not fit in 16 MB is returned as
// UnprocessedKeys.
func (e *Engine) BatchGetItem(ctx context.Context, in *model.BatchGetItemInput) (*model.BatchGetItemOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	checkReturnCapacity(&c, in.ReturnConsumedCapacity)
	tables := sortedKeys(in.RequestItems)
	total := 0
	for _, name := range tables {
		ka := in.RequestItems[name]
		if n := len(ka.Keys); n == 0 {
			c.add("[]", "requestItems."+name+".member.keys", "Member must have length greater than or equal to 1")
		} else if n > maxBatchGetKeys {
			// The newer framework's form, captured from DynamoDB in 2026
			// (docs/FIDELITY.md, BatchGetItem).
			c.addUnvalued("RequestItems."+name+".member.Keys", "Member must have length less than or equal to 100")
		}
		total += len(ka.Keys)
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	if len(in.RequestItems) == 0 {
		return nil, errRequestItemsRequired("BatchGetItem")
	}
	if total > maxBatchGetKeys {
		return nil, model.Validation("Too many items requested for the BatchGetItem call")
	}
	type plan struct {
		t          *table
		keys       []string
		params     model.KeysAndAttributes
		exprs      *parsedExprs
		consistent bool
	}
	// Everything that needs no table is checked before any table is looked
	// up: the names, the projections and the keys' attribute values.
	parsed := make(map[string]*parsedExprs, len(tables))
	for _, name := range tables {
		ka := in.RequestItems[name]
		if err := validateTableNameParam(name); err != nil {
			return nil, err
		}
		params := exprParams{accepted: expr.GetItemParams, names: ka.ExpressionAttributeNames, projection: ka.ProjectionExpression, attributesToGet: ka.AttributesToGet}
		if in.EmptyProjection(name) {
			params.empty = []string{expr.ParamProjection}
		}
		exprs, err := params.parse()
		if err != nil {
			return nil, err
		}
		parsed[name] = exprs
		for _, k := range ka.Keys {
			if err := model.NormalizeItem(k); err != nil {
				return nil, err
			}
		}
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	plans := make([]plan, 0, len(tables))
	for _, name := range tables {
		ka := in.RequestItems[name]
		exprs := parsed[name]
		t, merr := e.lookup(name)
		if merr != nil {
			return nil, merr
		}
		if err := t.checkKeyPaths(exprs); err != nil {
			return nil, err
		}
		p := plan{t: t, params: ka, exprs: exprs, consistent: ka.ConsistentRead != nil && *ka.ConsistentRead}
		seen := make(map[string]bool, len(ka.Keys))
		for _, k := range ka.Keys {
			sk, merr := t.validateKeyParam(k)
			if merr != nil {
				return nil, merr
			}
			if seen[sk] {
				return nil, model.Validation("Provided list of item keys contains duplicates")
			}
			seen[sk] = true
			p.keys = append(p.keys, sk)
		}
		plans = append(plans, p)
	}
	out := &model.BatchGetItemOutput{Responses: map[string][]model.Item{}, UnprocessedKeys: map[string]model.KeysAndAttributes{}}
	usages := map[string]*capacity.Usage{}
	responseBytes := 0
	admitted := 0
	var throttle error
	err := e.db.View(func(tx *buntdb.Tx) error {
		for _, p := range plans {
			u := &capacity.Usage{Table: p.t.name}
			usages[p.t.name] = u
			items := []model.Item{}
			var unprocessed []model.Item
			for i, key := range p.keys {
				if responseBytes >= maxBatchResponseBytes {
					unprocessed = append(unprocessed, p.params.Keys[i:]...)
					break
				}
				hash := partitionHash(key, p.t.dataPrefix)
				if err := e.admit(p.t, true, hash, "", key); err != nil {
					throttle = err
					unprocessed = append(unprocessed, p.params.Keys[i])
					continue
				}
				admitted++
				raw, err := tx.Get(key)
				size := 0
				if err == nil {
					item, sz, derr := decodeStored(raw)
					if derr != nil {
						return derr
					}
					size = sz
					responseBytes += sz
					if p.exprs.projection != nil {
						item = p.exprs.projection.Apply(item)
					}
					items = append(items, item)
				} else if err != buntdb.ErrNotFound {
					return err
				}
				units := capacity.ReadUnits(size, p.consistent)
				u.Read += units
				e.charge(p.t, hash, &capacity.Usage{Table: p.t.name, Read: units}, "", key)
			}
			if len(unprocessed) > 0 {
				un := p.params
				un.Keys = unprocessed
				out.UnprocessedKeys[p.t.name] = un
			}
			u.Explain("BatchGetItem on %s: %d keys, each rounded up to 4 KB%s = %g RCU", p.t.name, len(p.keys), consistencyNote(p.consistent), u.Read)
			out.Responses[p.t.name] = items
		}
		return nil
	})
	if err != nil {
		return nil, asError(err)
	}
	if admitted == 0 && throttle != nil {
		return nil, throttle
	}
	out.ConsumedCapacity = capacity.ReportAll(usages, in.ReturnConsumedCapacity)
	trace := traceOf(ctx)
	for _, p := range plans {
		trace.add(e.logRequest("BatchGetItem", p.t.name, "", usages[p.t.name], true, len(out.Responses[p.t.name]), nil))
	}
	return out, nil
}

func consistencyNote(consistent bool) string {
	if consistent {
		return ", strongly consistent"
	}
	return ", eventually consistent × 0.5"
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
