package server_test

import (
	"testing"

	"github.com/dynoscope/dynoscope/engine"
)

// TestQueryScanOrderBeforeTable: the checks of a Query or Scan that need no
// table come before the table lookup and in DynamoDB's order, so a request
// to a missing table ("abc") answers the ValidationException. The requests
// and texts are those of dynalite's query and scan tests, written to pass
// against DynamoDB (docs/FIDELITY.md, "Order of checks").
func TestQueryScanOrderBeforeTable(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	const v = "ValidationException"
	const (
		emptyValue = "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"
		manyTypes  = "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"
		startKey   = "The provided starting key is invalid: "
		invalid    = "One or more parameter values were invalid: "
	)
	// Everything a QueryFilter check must come before.
	const rest = `"ExclusiveStartKey":{"a":{}},"AttributesToGet":["a","a"],"KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{}]}}`
	cases := []struct {
		name, action, body, want string
	}{
		// 1. QueryFilter's conditions, before AttributesToGet, the start
		// key, KeyConditions and the table.
		{"QueryFilter empty value", "Query", `{"TableName":"abc",` + rest + `,"QueryFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{},{"S":""}]}}}`, emptyValue},
		{"QueryFilter many types", "Query", `{"TableName":"abc",` + rest + `,"QueryFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"N":"1"},{"S":"a","N":"1"}]}}}`, manyTypes},
		{"QueryFilter empty string set", "Query", `{"TableName":"abc",` + rest + `,"QueryFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"N":"1"},{"SS":[]},{}]}}}`, invalid + "An string set  may not be empty"},
		{"QueryFilter argument count", "Query", `{"TableName":"abc",` + rest + `,"QueryFilter":{"a":{"ComparisonOperator":"BETWEEN","AttributeValueList":[{"S":"a"}]}}}`, invalid + "Invalid number of argument(s) for the BETWEEN ComparisonOperator"},
		// 4. AttributesToGet duplicates, before the start key.
		{"AttributesToGet duplicate", "Query", `{"TableName":"abc","QueryFilter":{},"ExclusiveStartKey":{"a":{}},"AttributesToGet":["a","a"]}`, invalid + "Duplicate value in attribute name: a"},
		// 2. The start key's values, with DynamoDB's prefix where it
		// gives one, before a bad KeyConditions or empty expression.
		{"start key empty value", "Query", `{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ"}},"ExclusiveStartKey":{"a":{}}}`, startKey + emptyValue},
		{"start key empty nested value", "Query", `{"TableName":"abc","KeyConditionExpression":"","ExpressionAttributeNames":{},"ExpressionAttributeValues":{},"ExclusiveStartKey":{"a":{"L":[{}]}}}`, startKey + emptyValue},
		{"start key many types", "Query", `{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{}]}},"ExclusiveStartKey":{"a":{"S":"a","N":"1"}}}`, startKey + manyTypes},
		{"start key NULL false", "Query", `{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{},{}]}},"ExclusiveStartKey":{"a":{"NULL":false}}}`, startKey + invalid + "Null attribute value types must have the value of true"},
		{"start key empty string set", "Query", `{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{},{}]}},"ExclusiveStartKey":{"a":{"SS":[]}}}`, startKey + invalid + "An string set  may not be empty"},
		{"start key empty binary set", "Query", `{"TableName":"abc","KeyConditionExpression":"","ExpressionAttributeNames":{},"ExpressionAttributeValues":{},"ExclusiveStartKey":{"a":{"BS":[]}}}`, startKey + invalid + "Binary sets should not be empty"},
		// ... and without it where DynamoDB gives none.
		{"start key empty number set", "Query", `{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{},{}]}},"ExclusiveStartKey":{"a":{"NS":[]}}}`, invalid + "An number set  may not be empty"},
		{"start key string set duplicates", "Query", `{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{},{}]}},"ExclusiveStartKey":{"a":{"SS":["a","a"]}}}`, invalid + "Input collection [a, a] contains duplicates."},
		{"start key number", "Query", `{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{}]}},"ExclusiveStartKey":{"a":{"N":"1e126"}}}`, "Number overflow. Attempting to store a number with magnitude larger than supported range"},
		{"scan start key empty value", "Scan", `{"TableName":"abc","ExclusiveStartKey":{"a":{}}}`, startKey + emptyValue},
		{"scan start key empty string set", "Scan", `{"TableName":"abc","ExclusiveStartKey":{"a":{"SS":[]}}}`, startKey + invalid + "An string set  may not be empty"},
		// 1. KeyConditions' values and count, before the table.
		{"KeyConditions empty value", "Query", `{"TableName":"abc","QueryFilter":{},"KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{},{"S":""}]}}}`, emptyValue},
		{"KeyConditions many types", "Query", `{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"N":"1"},{"S":"a","N":"1"}]}}}`, manyTypes},
		{"KeyConditions string set duplicates", "Query", `{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"N":"1"},{"SS":["a","a"]},{}]}}}`, invalid + "Input collection [a, a] contains duplicates."},
		{"KeyConditions argument count", "Query", `{"TableName":"abc","QueryFilter":{},"KeyConditions":{"a":{"ComparisonOperator":"EQ"}}}`, invalid + "Invalid number of argument(s) for the EQ ComparisonOperator"},
		{"KeyConditions none", "Query", `{"TableName":"abc","QueryFilter":{},"KeyConditions":{}}`, "Conditions can be of length 1 or 2 only"},
		// ScanFilter, as QueryFilter.
		{"ScanFilter empty value", "Scan", `{"TableName":"abc","ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{}]}}}`, emptyValue},
		{"ScanFilter argument count", "Scan", `{"TableName":"abc","ScanFilter":{"a":{"ComparisonOperator":"NULL","AttributeValueList":[{"S":"a"}]}}}`, invalid + "Invalid number of argument(s) for the NULL ComparisonOperator"},
		// 4. IndexName's constraints, listed before ReturnConsumedCapacity's.
		{"IndexName pattern", "Query", `{"TableName":"abc","IndexName":"abc;","ReturnConsumedCapacity":"hi","KeyConditionExpression":"a = :a"}`,
			"2 validation errors detected: Value 'abc;' at 'indexName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; " +
				"Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv.rawError(t, tc.action, tc.body, v, tc.want)
		})
	}
}

// TestQueryKeyConditionsCountOnTable: more than two KeyConditions on a
// single-attribute key are refused once the table is known, with the text
// DynamoDB gives on a missing table for none.
func TestQueryKeyConditionsCountOnTable(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	mustCreate(t, srv, "Things")
	srv.rawError(t, "Query", `{"TableName":"Things","KeyConditions":{"a":{"ComparisonOperator":"NULL"},"b":{"ComparisonOperator":"NULL"},"c":{"ComparisonOperator":"NULL"}}}`,
		"ValidationException", "Conditions can be of length 1 or 2 only")
}
