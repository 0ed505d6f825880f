package server_test

import (
	"testing"

	"github.com/dynoscope/dynoscope/engine"
)

// TestUpdateItemAttributeUpdatesBeforeExpected: UpdateItem's legacy
// AttributeUpdates are checked before its Expected, as DynamoDB answers
// (dynalite's validations/updateItem.js and its test "update has no
// value", recorded from DynamoDB). The table does not exist: both are
// checked before it is looked up.
func TestUpdateItemAttributeUpdatesBeforeExpected(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	const invalid = "One or more parameter values were invalid: "
	cases := []struct{ name, body, want string }{
		{"no value (dynalite's body)", `{"TableName":"abc","Key":{},"Expected":{"a":{}},"AttributeUpdates":{"a":{"x":"whatever"}}}`,
			invalid + "Only DELETE action is allowed when no attribute value is specified"},
		{"DELETE of a string", `{"TableName":"abc","Key":{},"Expected":{"a":{}},"AttributeUpdates":{"a":{"Action":"DELETE","Value":{"S":"x"}}}}`,
			invalid + "DELETE action with value is not supported for the type S"},
		{"ADD of a string", `{"TableName":"abc","Key":{},"Expected":{"a":{}},"AttributeUpdates":{"a":{"Action":"ADD","Value":{"S":"x"}}}}`,
			invalid + "ADD action is not supported for the type S"},
		{"Expected in the body first", `{"TableName":"abc","Key":{},"AttributeUpdates":{"a":{}},"Expected":{"a":{"Exists":false,"Value":{"S":"x"}}}}`,
			invalid + "Only DELETE action is allowed when no attribute value is specified"},
		{"AttributeUpdates fine: Expected's mistake", `{"TableName":"abc","Key":{},"Expected":{"a":{}},"AttributeUpdates":{"a":{"Value":{"S":"x"}}}}`,
			invalid + "Value must be provided when Exists is null for Attribute: a"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv.rawError(t, "UpdateItem", tc.body, "ValidationException", tc.want)
		})
	}
}

// TestUpdateItemLegacyTypeMismatch: a legacy ADD or DELETE on an attribute
// of another type is DynamoDB's bare "Type mismatch for attribute to
// update" (dynalite's updateItem test "trying to delete/add incorrect
// types"; the API Reference lists the text so), not prefixed with "One or
// more parameter values were invalid: ".
func TestUpdateItemLegacyTypeMismatch(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	mustCreate(t, srv, "Legacy")
	if status, out := srv.raw(t, "PutItem", `{"TableName":"Legacy","Item":{"pk":{"S":"k"},"b":{"S":"x"},"c":{"N":"1"},"d":{"SS":["1"]}}}`); status != 200 {
		t.Fatalf("PutItem: %d %v", status, out)
	}
	for _, updates := range []string{
		`{"b":{"Action":"DELETE","Value":{"NS":["1"]}}}`,
		`{"c":{"Action":"DELETE","Value":{"NS":["1"]}}}`,
		`{"d":{"Action":"DELETE","Value":{"NS":["1"]}}}`,
		`{"b":{"Action":"ADD","Value":{"NS":["1"]}}}`,
		`{"d":{"Action":"ADD","Value":{"N":"1"}}}`,
	} {
		srv.rawError(t, "UpdateItem", `{"TableName":"Legacy","Key":{"pk":{"S":"k"}},"AttributeUpdates":`+updates+`}`,
			"ValidationException", "Type mismatch for attribute to update")
	}
}
