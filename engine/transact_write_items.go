package engine

import (
	"context"
	"fmt"

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
