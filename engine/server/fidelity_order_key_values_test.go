package server_test

import (
	"testing"

	"github.com/dynoscope/dynoscope/engine"
)

// TestKeyValuesBeforeExpressions: GetItem, UpdateItem and DeleteItem check
// the key's attribute values after the parameters together and before the
// placeholder maps and the expressions, as dynalite's getItem, updateItem
// and deleteItem tests record it from DynamoDB ("unsupported datatype in
// Key", sent with empty expressions and placeholder maps). The table "abc"
// does not exist.
func TestKeyValuesBeforeExpressions(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	const emptyValue = "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"
	values := []string{`{}`, `{"a":""}`, `{"M":{"a":{}}}`, `{"L":[{}]}`, `{"L":[{"a":{}}]}`}
	for _, v := range values {
		cases := []struct{ action, body string }{
			{"GetItem", `{"TableName":"abc","Key":{"a":` + v + `},"ProjectionExpression":"","ExpressionAttributeNames":{}}`},
			{"UpdateItem", `{"TableName":"abc","Key":{"a":` + v + `},"ConditionExpression":"","UpdateExpression":"","ExpressionAttributeNames":{},"ExpressionAttributeValues":{}}`},
			{"DeleteItem", `{"TableName":"abc","Key":{"a":` + v + `},"ConditionExpression":"","ExpressionAttributeNames":{},"ExpressionAttributeValues":{}}`},
		}
		for _, tc := range cases {
			t.Run(tc.action+" "+v, func(t *testing.T) {
				srv.rawError(t, tc.action, tc.body, "ValidationException", emptyValue)
			})
		}
	}
	// The parameters together still come first.
	srv.rawError(t, "GetItem", `{"TableName":"abc","Key":{"a":{}},"AttributesToGet":["a"],"ProjectionExpression":""}`, "ValidationException",
		"Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}")
	srv.rawError(t, "UpdateItem", `{"TableName":"abc","Key":{"a":{}},"AttributeUpdates":{},"UpdateExpression":""}`, "ValidationException",
		"Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributeUpdates} Expression parameters: {UpdateExpression}")
}
