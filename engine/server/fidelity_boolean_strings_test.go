package server_test

import (
	"encoding/json"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
)

// TestBooleanStrings: where an AttributeValue holds a Boolean (BOOL, NULL),
// DynamoDB's deserializer also takes the strings "true", "1", "yes",
// "false", "0" and "no", in any case; any other string is a type error.
// dynalite's tests record {"NULL":"no"} answered as NULL false and
// {"NULL":"23"} as "Unexpected token received from parser".
func TestBooleanStrings(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	mustCreate(t, srv, "Flags")
	refusals := []struct{ name, body, code, want string }{
		{"NULL no (dynalite's body)", `{"TableName":"abc","Item":{"a":{"NULL":"no"}},"ExpressionAttributeNames":{},"ExpressionAttributeValues":{},"ConditionExpression":""}`,
			"ValidationException", "One or more parameter values were invalid: Null attribute value types must have the value of true"},
		{"NULL 0", `{"TableName":"abc","Item":{"a":{"NULL":"0"}}}`,
			"ValidationException", "One or more parameter values were invalid: Null attribute value types must have the value of true"},
		{"BOOL 23", `{"TableName":"abc","Item":{"a":{"BOOL":"23"}}}`,
			"SerializationException", "Unexpected token received from parser"},
		{"NULL nope", `{"TableName":"abc","Item":{"a":{"NULL":"nope"}}}`,
			"SerializationException", "Unexpected token received from parser"},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			srv.rawError(t, "PutItem", tc.body, tc.code, tc.want)
		})
	}
	// Accepted, and stored as the Boolean they stand for.
	if status, out := srv.raw(t, "PutItem", `{"TableName":"Flags","Item":{"pk":{"S":"k"},"yes":{"BOOL":"Yes"},"one":{"BOOL":"1"},"no":{"BOOL":"NO"},"null":{"NULL":"true"}}}`); status != 200 {
		t.Fatalf("PutItem: %d %v", status, out)
	}
	_, out := srv.raw(t, "GetItem", `{"TableName":"Flags","Key":{"pk":{"S":"k"}}}`)
	got, _ := json.Marshal(out["Item"])
	const want = `{"no":{"BOOL":false},"null":{"NULL":true},"one":{"BOOL":true},"pk":{"S":"k"},"yes":{"BOOL":true}}`
	if string(got) != want {
		t.Errorf("GetItem: %s\nwant %s", got, want)
	}
}
