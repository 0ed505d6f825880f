package model

// ExecuteStatementInput is ExecuteStatement's request. Parameters is nil
// when absent and empty (not nil) when sent as [].
type ExecuteStatementInput struct {
	Statement                           string           `json:"Statement"`
	Parameters                          []AttributeValue `json:"Parameters,omitempty"`
	ConsistentRead                      *bool            `json:"ConsistentRead,omitempty"`
	NextToken                           string           `json:"NextToken,omitempty"`
	ReturnConsumedCapacity              string           `json:"ReturnConsumedCapacity,omitempty"`
	Limit                               *int32           `json:"Limit,omitempty"`
	ReturnValuesOnConditionCheckFailure string           `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
}

// ExecuteStatementOutput is ExecuteStatement's response. Items is always
// written: a write without RETURNING answers "Items": [].
type ExecuteStatementOutput struct {
	Items            []Item            `json:"Items"`
	NextToken        string            `json:"NextToken,omitempty"`
	ConsumedCapacity *ConsumedCapacity `json:"ConsumedCapacity,omitempty"`
	LastEvaluatedKey Item              `json:"LastEvaluatedKey,omitempty"`
}

// BatchStatementRequest is one statement of BatchExecuteStatement.
type BatchStatementRequest struct {
	Statement                           string           `json:"Statement"`
	Parameters                          []AttributeValue `json:"Parameters,omitempty"`
	ConsistentRead                      *bool            `json:"ConsistentRead,omitempty"`
	ReturnValuesOnConditionCheckFailure string           `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
}

// BatchExecuteStatementInput is BatchExecuteStatement's request.
type BatchExecuteStatementInput struct {
	Statements             []BatchStatementRequest `json:"Statements"`
	ReturnConsumedCapacity string                  `json:"ReturnConsumedCapacity,omitempty"`
}

// BatchStatementError is the failure of one statement of a batch.
type BatchStatementError struct {
	Code    string `json:"Code"`
	Message string `json:"Message,omitempty"`
	Item    Item   `json:"Item,omitempty"`
}

// BatchStatementResponse is the result of one statement of a batch: an
// Error, or the item a read found (none when there is no such item).
type BatchStatementResponse struct {
	Error     *BatchStatementError `json:"Error,omitempty"`
	TableName string               `json:"TableName,omitempty"`
	Item      Item                 `json:"Item,omitempty"`
}

// MarshalJSON writes an Item that a projection left empty as "Item": {};
// < > & unescaped (marshalReply).
func (r BatchStatementResponse) MarshalJSON() ([]byte, error) {
	type plain BatchStatementResponse
	if r.Item == nil || len(r.Item) > 0 {
		return marshalReply(plain(r))
	}
	return marshalReply(struct {
		Error     *BatchStatementError `json:"Error,omitempty"`
		TableName string               `json:"TableName,omitempty"`
		Item      Item                 `json:"Item"`
	}{r.Error, r.TableName, r.Item})
}

// BatchExecuteStatementOutput is BatchExecuteStatement's response.
type BatchExecuteStatementOutput struct {
	Responses        []BatchStatementResponse `json:"Responses"`
	ConsumedCapacity []ConsumedCapacity       `json:"ConsumedCapacity,omitempty"`
}

// ParameterizedStatement is one statement of ExecuteTransaction.
type ParameterizedStatement struct {
	Statement                           string           `json:"Statement"`
	Parameters                          []AttributeValue `json:"Parameters,omitempty"`
	ReturnValuesOnConditionCheckFailure string           `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
}

// ExecuteTransactionInput is ExecuteTransaction's request.
type ExecuteTransactionInput struct {
	TransactStatements     []ParameterizedStatement `json:"TransactStatements"`
	ClientRequestToken     string                   `json:"ClientRequestToken,omitempty"`
	ReturnConsumedCapacity string                   `json:"ReturnConsumedCapacity,omitempty"`
}

// ExecuteTransactionOutput is ExecuteTransaction's response: one response
// per statement for reads, an empty list for writes.
type ExecuteTransactionOutput struct {
	Responses        []ItemResponse     `json:"Responses"`
	ConsumedCapacity []ConsumedCapacity `json:"ConsumedCapacity,omitempty"`
}
