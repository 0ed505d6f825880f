package engine

import (
	"errors"
	"strings"

	"github.com/dynoscope/dynoscope/engine/expr"
	"github.com/dynoscope/dynoscope/model"
)

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
