package model

import (
	"encoding/json"
	"strings"
)

// Exceptions of the transaction and PartiQL actions (beside those in
// errors.go).
const (
	ErrDuplicateItem         = "DuplicateItemException"
	ErrTransactionInProgress = "TransactionInProgressException"
)

// Cancellation reason codes, as TransactionCanceledException lists them
// (API Reference, TransactionCanceledException).
const (
	ReasonNone                            = "None"
	ReasonConditionalCheckFailed          = "ConditionalCheckFailed"
	ReasonItemCollectionSizeLimitExceeded = "ItemCollectionSizeLimitExceeded"
	ReasonTransactionConflict             = "TransactionConflict"
	ReasonProvisionedThroughputExceeded   = "ProvisionedThroughputExceeded"
	ReasonThrottlingError                 = "ThrottlingError"
	ReasonValidationError                 = "ValidationError"
	ReasonResourceNotFound                = "ResourceNotFound"
	ReasonDuplicateItem                   = "DuplicateItem"
)

// TransactionCanceled is the TransactionCanceledException of a transaction
// whose reasons (one per action, in request order) name at least one
// failure. The message lists every code in order, as DynamoDB writes it:
// "Transaction cancelled, please refer cancellation reasons for specific
// reasons [ConditionalCheckFailed, None]".
func TransactionCanceled(reasons []CancellationReason) *Error {
	codes := make([]string, len(reasons))
	for i, r := range reasons {
		codes[i] = r.Code
	}
	return &Error{Code: ErrTransactionCanceled,
		Message:             "Transaction cancelled, please refer cancellation reasons for specific reasons [" + strings.Join(codes, ", ") + "]",
		CancellationReasons: reasons}
}

// ConditionCheck is a TransactWriteItems action that checks a condition on
// an item it does not write.
type ConditionCheck struct {
	emptyExprs
	Key                                 Item                      `json:"Key"`
	TableName                           string                    `json:"TableName"`
	ConditionExpression                 string                    `json:"ConditionExpression,omitempty"`
	ExpressionAttributeNames            map[string]string         `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues           map[string]AttributeValue `json:"ExpressionAttributeValues,omitempty"`
	ReturnValuesOnConditionCheckFailure string                    `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
}

// Put is a TransactWriteItems action that writes a whole item.
type Put struct {
	emptyExprs
	Item                                Item                      `json:"Item"`
	TableName                           string                    `json:"TableName"`
	ConditionExpression                 string                    `json:"ConditionExpression,omitempty"`
	ExpressionAttributeNames            map[string]string         `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues           map[string]AttributeValue `json:"ExpressionAttributeValues,omitempty"`
	ReturnValuesOnConditionCheckFailure string                    `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
}

// Update is a TransactWriteItems action that edits an item.
type Update struct {
	emptyExprs
	Key                                 Item                      `json:"Key"`
	UpdateExpression                    string                    `json:"UpdateExpression,omitempty"`
	TableName                           string                    `json:"TableName"`
	ConditionExpression                 string                    `json:"ConditionExpression,omitempty"`
	ExpressionAttributeNames            map[string]string         `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues           map[string]AttributeValue `json:"ExpressionAttributeValues,omitempty"`
	ReturnValuesOnConditionCheckFailure string                    `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
}

// Delete is a TransactWriteItems action that deletes an item.
type Delete struct {
	emptyExprs
	Key                                 Item                      `json:"Key"`
	TableName                           string                    `json:"TableName"`
	ConditionExpression                 string                    `json:"ConditionExpression,omitempty"`
	ExpressionAttributeNames            map[string]string         `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues           map[string]AttributeValue `json:"ExpressionAttributeValues,omitempty"`
	ReturnValuesOnConditionCheckFailure string                    `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
}

// TransactWriteItem is one action of TransactWriteItems: exactly one of its
// members is set.
type TransactWriteItem struct {
	ConditionCheck *ConditionCheck `json:"ConditionCheck,omitempty"`
	Put            *Put            `json:"Put,omitempty"`
	Delete         *Delete         `json:"Delete,omitempty"`
	Update         *Update         `json:"Update,omitempty"`
}

// Action is what a TransactWriteItem holds: its action's name ("Put",
// "Update", "Delete" or "ConditionCheck"), the table it names, and the
// item it writes (Put) or the key it is on; all empty when none is set.
// Of several set (a request DynamoDB refuses), the first in that order.
func (ti TransactWriteItem) Action() (action, table string, item Item) {
	switch {
	case ti.Put != nil:
		return "Put", ti.Put.TableName, ti.Put.Item
	case ti.Update != nil:
		return "Update", ti.Update.TableName, ti.Update.Key
	case ti.Delete != nil:
		return "Delete", ti.Delete.TableName, ti.Delete.Key
	case ti.ConditionCheck != nil:
		return "ConditionCheck", ti.ConditionCheck.TableName, ti.ConditionCheck.Key
	}
	return "", "", nil
}

// TransactWriteItemsInput is TransactWriteItems' request.
type TransactWriteItemsInput struct {
	TransactItems               []TransactWriteItem `json:"TransactItems"`
	ReturnConsumedCapacity      string              `json:"ReturnConsumedCapacity,omitempty"`
	ReturnItemCollectionMetrics string              `json:"ReturnItemCollectionMetrics,omitempty"`
	ClientRequestToken          string              `json:"ClientRequestToken,omitempty"`
}

// TransactWriteItemsOutput is TransactWriteItems' response.
type TransactWriteItemsOutput struct {
	ConsumedCapacity      []ConsumedCapacity                 `json:"ConsumedCapacity,omitempty"`
	ItemCollectionMetrics map[string][]ItemCollectionMetrics `json:"ItemCollectionMetrics,omitempty"`
}

// Get is the one action of a TransactGetItems entry.
type Get struct {
	emptyExprs
	Key                      Item              `json:"Key"`
	TableName                string            `json:"TableName"`
	ProjectionExpression     string            `json:"ProjectionExpression,omitempty"`
	ExpressionAttributeNames map[string]string `json:"ExpressionAttributeNames,omitempty"`
}

// TransactGetItem is one entry of TransactGetItems.
type TransactGetItem struct {
	Get *Get `json:"Get"`
}

// TransactGetItemsInput is TransactGetItems' request.
type TransactGetItemsInput struct {
	TransactItems          []TransactGetItem `json:"TransactItems"`
	ReturnConsumedCapacity string            `json:"ReturnConsumedCapacity,omitempty"`
}

// ItemResponse is one read of a transaction: the item, absent when there is
// none. An item of which no projected attribute exists is an empty Item ({}),
// not an absent one.
type ItemResponse struct {
	Item Item
}

// MarshalJSON writes {"Item":{...}}, {"Item":{}} for a projection that kept
// nothing, and {} when there is no item; < > & unescaped (marshalReply).
func (r ItemResponse) MarshalJSON() ([]byte, error) {
	if r.Item == nil {
		return []byte("{}"), nil
	}
	return marshalReply(struct {
		Item Item `json:"Item"`
	}{r.Item})
}

// UnmarshalJSON reads an ItemResponse (engine/remote decodes replies).
func (r *ItemResponse) UnmarshalJSON(b []byte) error {
	var v struct {
		Item Item `json:"Item"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	r.Item = v.Item
	return nil
}

// TransactGetItemsOutput is TransactGetItems' response.
type TransactGetItemsOutput struct {
	ConsumedCapacity []ConsumedCapacity `json:"ConsumedCapacity,omitempty"`
	Responses        []ItemResponse     `json:"Responses"`
}

// UnmarshalJSON decodes the action and notes empty expressions.
func (in *ConditionCheck) UnmarshalJSON(b []byte) error {
	type plain ConditionCheck
	if err := json.Unmarshal(b, (*plain)(in)); err != nil {
		return literalTypeError(b, err)
	}
	in.emptyExprs.names = emptyExpressions(b)
	return nil
}

// UnmarshalJSON decodes the action and notes empty expressions.
func (in *Put) UnmarshalJSON(b []byte) error {
	type plain Put
	if err := json.Unmarshal(b, (*plain)(in)); err != nil {
		return literalTypeError(b, err)
	}
	in.emptyExprs.names = emptyExpressions(b)
	return nil
}

// UnmarshalJSON decodes the action and notes empty expressions.
func (in *Update) UnmarshalJSON(b []byte) error {
	type plain Update
	if err := json.Unmarshal(b, (*plain)(in)); err != nil {
		return literalTypeError(b, err)
	}
	in.emptyExprs.names = emptyExpressions(b)
	return nil
}

// UnmarshalJSON decodes the action and notes empty expressions.
func (in *Delete) UnmarshalJSON(b []byte) error {
	type plain Delete
	if err := json.Unmarshal(b, (*plain)(in)); err != nil {
		return literalTypeError(b, err)
	}
	in.emptyExprs.names = emptyExpressions(b)
	return nil
}

// UnmarshalJSON decodes the action and notes empty expressions.
func (in *Get) UnmarshalJSON(b []byte) error {
	type plain Get
	if err := json.Unmarshal(b, (*plain)(in)); err != nil {
		return literalTypeError(b, err)
	}
	in.emptyExprs.names = emptyExpressions(b)
	return nil
}
