package server_test

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
)

// TestItemSizeBeforeTable: an item over 400 KB is refused on its face —
// before Expected and before the table is looked up — by PutItem and by
// BatchWriteItem, as dynalite's "item is too big" tests recorded DynamoDB
// answering for a table that does not exist; an item of exactly 400 KB
// goes on to the table.
func TestItemSizeBeforeTable(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	const tooBig = "Item size has exceeded the maximum allowed size"
	// "a" + "k" + "b" + the value: 409,600 bytes is the limit itself.
	item := func(size int) string {
		return `{"a":{"S":"k"},"b":{"S":"` + strings.Repeat("x", size-3) + `"}}`
	}
	cases := []struct{ name, action, body, code, want string }{
		{"PutItem over the limit", "PutItem", `{"TableName":"aaa","Item":` + item(409601) + `}`,
			"ValidationException", tooBig},
		{"PutItem over the limit, Expected wrong too", "PutItem", `{"TableName":"aaa","Item":` + item(409601) + `,"Expected":{"a":{}}}`,
			"ValidationException", tooBig},
		{"PutItem at the limit", "PutItem", `{"TableName":"aaa","Item":` + item(409600) + `}`,
			"ResourceNotFoundException", "Requested resource not found"},
		{"BatchWriteItem over the limit", "BatchWriteItem", `{"RequestItems":{"abc":[{"PutRequest":{"Item":` + item(409601) + `}}]}}`,
			"ValidationException", tooBig},
		{"BatchWriteItem at the limit", "BatchWriteItem", `{"RequestItems":{"abc":[{"PutRequest":{"Item":` + item(409600) + `}}]}}`,
			"ResourceNotFoundException", "Requested resource not found"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv.rawError(t, tc.action, tc.body, tc.code, tc.want)
		})
	}
}
