package server_test

import (
	"testing"

	"github.com/dynoscope/dynoscope/engine"
)

// TestBatchGetItemEmptyProjection: a KeysAndAttributes' ProjectionExpression
// sent as "" counts as given, as for GetItem: it mixes with AttributesToGet,
// lets the placeholder maps be checked, and is found empty — all before the
// table is looked up. Bodies and texts of dynalite's batchGetItem tests,
// recorded from DynamoDB; the table does not exist.
func TestBatchGetItemEmptyProjection(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	cases := []struct{ name, body, want string }{
		{"with AttributesToGet", `{"RequestItems":{"abc":{"Keys":[{}],"AttributesToGet":["a"],"ExpressionAttributeNames":{},"ProjectionExpression":""}}}`,
			"Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}"},
		{"empty names", `{"RequestItems":{"abc":{"Keys":[{}],"ExpressionAttributeNames":{},"ProjectionExpression":""}}}`,
			"ExpressionAttributeNames must not be empty"},
		{"invalid name", `{"RequestItems":{"abc":{"Keys":[{}],"ExpressionAttributeNames":{"a":"a"},"ProjectionExpression":""}}}`,
			`ExpressionAttributeNames contains invalid key: Syntax error; key: "a"`},
		{"empty projection", `{"RequestItems":{"abc":{"Keys":[{}],"ProjectionExpression":""}}}`,
			"Invalid ProjectionExpression: The expression can not be empty;"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv.rawError(t, "BatchGetItem", tc.body, "ValidationException", tc.want)
		})
	}
}
