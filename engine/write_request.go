package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/engine/expr"
	"github.com/dynoscope/dynoscope/model"
)

// singleWrite tells which single-item write a writeRequest is.
type singleWrite uint8

const (
	writePut singleWrite = iota
	writeUpdate
	writeDelete
)

// writeRequest is a PutItem, UpdateItem or DeleteItem request as the three
// are validated: one shared step (checkWriteRequest, then writeTable) runs
// every check before the write, so that each action reads as its DynamoDB
// semantics.
type writeRequest struct {
	kind           singleWrite
	table          string
	emptyTable     bool // TableName sent as ""
	returnCapacity string
	returnMetrics  string
	conditionalOp  string
	returnValues   string
	onFailure      string
	// values is the item (PutItem) or the key (UpdateItem, DeleteItem).
	values model.Item
	// exprs are the request's expression parameters, legacy ones included.
	exprs exprParams

	// Set by the checks:
	parsed   *parsedExprs
	itemSize int    // PutItem: the size of the item
	key      string // UpdateItem, DeleteItem: the storage key
}

// member names the item or key in constraint messages.
func (r *writeRequest) member() string {
	if r.kind == writePut {
		return "item"
	}
	return "key"
}

// putRequest, updateRequest and deleteRequest gather what the shared step
// checks of each action's input.
func putRequest(in *model.PutItemInput) writeRequest {
	return writeRequest{kind: writePut, table: in.TableName, emptyTable: in.EmptyTableName(),
		returnCapacity: in.ReturnConsumedCapacity, returnMetrics: in.ReturnItemCollectionMetrics, conditionalOp: in.ConditionalOperator,
		returnValues: in.ReturnValues, onFailure: in.ReturnValuesOnConditionCheckFailure, values: in.Item,
		exprs: exprParams{empty: in.EmptyExpressions(), accepted: expr.PutItemParams, names: in.ExpressionAttributeNames, values: in.ExpressionAttributeValues,
			condition: in.ConditionExpression, expected: in.Expected, conditionalOp: in.ConditionalOperator}}
}

func updateRequest(in *model.UpdateItemInput) writeRequest {
	return writeRequest{kind: writeUpdate, table: in.TableName, emptyTable: in.EmptyTableName(),
		returnCapacity: in.ReturnConsumedCapacity, returnMetrics: in.ReturnItemCollectionMetrics, conditionalOp: in.ConditionalOperator,
		returnValues: in.ReturnValues, onFailure: in.ReturnValuesOnConditionCheckFailure, values: in.Key,
		exprs: exprParams{empty: in.EmptyExpressions(), accepted: expr.UpdateItemParams, names: in.ExpressionAttributeNames, values: in.ExpressionAttributeValues,
			condition: in.ConditionExpression, expected: in.Expected, conditionalOp: in.ConditionalOperator,
			update: in.UpdateExpression, attributeUpdates: in.AttributeUpdates, hasUpdates: in.AttributeUpdates != nil}}
}

func deleteRequest(in *model.DeleteItemInput) writeRequest {
	return writeRequest{kind: writeDelete, table: in.TableName, emptyTable: in.EmptyTableName(),
		returnCapacity: in.ReturnConsumedCapacity, returnMetrics: in.ReturnItemCollectionMetrics, conditionalOp: in.ConditionalOperator,
		returnValues: in.ReturnValues, onFailure: in.ReturnValuesOnConditionCheckFailure, values: in.Key,
		exprs: exprParams{empty: in.EmptyExpressions(), accepted: expr.DeleteItemParams, names: in.ExpressionAttributeNames, values: in.ExpressionAttributeValues,
			condition: in.ConditionExpression, expected: in.Expected, conditionalOp: in.ConditionalOperator}}
}

// checkWriteRequest runs, in DynamoDB's order, every check of a single-item
// write that needs no table, so that a request invalid on its face gets its
// ValidationException even when the table does not exist: an open engine;
// every parameter constraint in one "N validation errors detected" message,
// in the order DynamoDB lists them (captured from DynamoDB by
// paritysuite/dynamodb-conformance, tests/tier3/validation-ordering/
// updateItem.test.ts: returnConsumedCapacity, tableName, returnValues, key);
// the parameters together; the item's or key's attribute values; the
// ReturnValues PutItem and DeleteItem do not take; then the expressions and
// legacy parameters.
func (e *Engine) checkWriteRequest(ctx context.Context, r *writeRequest) error {
	if err := e.checkOpen(ctx); err != nil {
		return err
	}
	var c constraints
	checkReturnCapacity(&c, r.returnCapacity)
	checkReturnMetrics(&c, r.returnMetrics)
	c.enum(r.conditionalOp, "conditionalOperator", "OR", "AND")
	c.tableName(r.table, r.emptyTable)
	c.enum(r.returnValues, "returnValues", model.ReturnValuesAllNew, model.ReturnValuesUpdatedOld, model.ReturnValuesAllOld, model.ReturnValuesNone, model.ReturnValuesUpdatedNew)
	returnValuesOnFailure(&c, r.onFailure)
	if r.values == nil {
		c.add(nil, r.member(), "Member must not be null")
	}
	if err := c.err(); err != nil {
		return err
	}
	// Expressions and legacy parameters mixed, the item's or key's values,
	// ReturnValues, then Expected's own rules and the expressions
	// (dynalite's validations/putItem.js, updateItem.js and deleteItem.js
	// and their tests, written to pass against DynamoDB).
	if err := r.exprs.prepareParams(); err != nil {
		return err
	}
	if r.kind == writePut {
		size, merr := model.NormalizeItemSize(r.values)
		if merr != nil {
			return merr
		}
		r.itemSize = size
	} else if merr := model.NormalizeItem(r.values); merr != nil {
		return merr
	}
	if r.kind != writeUpdate {
		if err := returnValuesPutDelete(r.returnValues); err != nil {
			return err
		}
	}
	// An item over 400 KB is refused on its face, before Expected and the
	// expressions and before the table is looked up (dynalite's
	// validations/putItem.js and its "item is too big" tests, recorded
	// from DynamoDB against a table that does not exist).
	if r.kind == writePut && r.itemSize > model.MaxItemSize {
		return model.Validation("Item size has exceeded the maximum allowed size")
	}
	parsed, err := r.exprs.parse()
	if err != nil {
		return err
	}
	r.parsed = parsed
	return nil
}

// writeTable looks up the table of a checked write request and runs the
// checks that need its key schema, in the order each action has them: for
// PutItem, document paths into key attributes, the item's key, the index key
// types and the item's size; for DeleteItem, the paths then the key; for
// UpdateItem, the key, an update of a key attribute, the paths and the index
// key types the update would set. The caller holds e.mu for reading.
func (e *Engine) writeTable(r *writeRequest) (*table, error) {
	t, merr := e.lookup(r.table)
	if merr != nil {
		return nil, merr
	}
	switch r.kind {
	case writePut:
		if err := t.checkKeyPaths(r.parsed); err != nil {
			return nil, err
		}
		if err := t.validateItemKey(r.values); err != nil {
			return nil, err
		}
		if err := t.checkIndexKeysForPut(r.values); err != nil {
			return nil, err
		}
	case writeDelete:
		if err := t.checkKeyPaths(r.parsed); err != nil {
			return nil, err
		}
		key, merr := t.validateKeyParam(r.values)
		if merr != nil {
			return nil, merr
		}
		r.key = key
	case writeUpdate:
		key, merr := t.validateKeyParam(r.values)
		if merr != nil {
			return nil, merr
		}
		r.key = key
		if err := t.checkUpdateTouchesKey(r.parsed); err != nil {
			return nil, err
		}
		if err := t.checkKeyPaths(r.parsed); err != nil {
			return nil, err
		}
		if err := t.checkStaticIndexKeyTypes(r.parsed.update); err != nil {
			return nil, err
		}
	}
	return t, nil
}
