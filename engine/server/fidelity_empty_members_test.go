package server_test

import (
	"testing"

	"github.com/dynoscope/dynoscope/engine"
)

// TestQueryScanEmptyMembers: an IndexName or a condition's
// ComparisonOperator sent as "" is not one left out. DynamoDB checks "" like
// any other value: IndexName against its pattern and minimum length, the
// operator against its enum; left out, an IndexName is no index and an
// operator "must not be null". Texts as dynalite's query and scan tests
// ("empty IndexName", "incorrect attributes") recorded them from DynamoDB.
func TestQueryScanEmptyMembers(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	const (
		pattern = "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"
		minLen  = "Member must have length greater than or equal to 3"
		opEnum  = "Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]"
		null    = "Member must not be null"
	)
	cases := []struct{ name, action, body, want string }{
		{"Query IndexName empty", "Query", `{"TableName":"abc","IndexName":""}`,
			"2 validation errors detected: Value '' at 'indexName' failed to satisfy constraint: " + pattern +
				"; Value '' at 'indexName' failed to satisfy constraint: " + minLen},
		{"Scan IndexName empty", "Scan", `{"TableName":"abc","IndexName":""}`,
			"2 validation errors detected: Value '' at 'indexName' failed to satisfy constraint: " + pattern +
				"; Value '' at 'indexName' failed to satisfy constraint: " + minLen},
		{"Query IndexName empty, SDK-shaped", "Query", `{"TableName":"abc","IndexName":"","KeyConditionExpression":"a = :a","ExpressionAttributeValues":{":a":{"S":"x"}}}`,
			"2 validation errors detected: Value '' at 'indexName' failed to satisfy constraint: " + pattern +
				"; Value '' at 'indexName' failed to satisfy constraint: " + minLen},
		{"Query KeyConditions operator empty", "Query", `{"TableName":"abc","KeyConditions":{"b":{"ComparisonOperator":""}}}`,
			"1 validation error detected: Value '' at 'keyConditions.b.member.comparisonOperator' failed to satisfy constraint: " + opEnum},
		{"Query QueryFilter operator empty and left out", "Query", `{"TableName":"abc","QueryFilter":{"a":{},"b":{"ComparisonOperator":""}}}`,
			"2 validation errors detected: Value null at 'queryFilter.a.member.comparisonOperator' failed to satisfy constraint: " + null +
				"; Value '' at 'queryFilter.b.member.comparisonOperator' failed to satisfy constraint: " + opEnum},
		{"Scan ScanFilter operator empty and left out", "Scan", `{"TableName":"abc","ScanFilter":{"a":{},"b":{"ComparisonOperator":""}}}`,
			"2 validation errors detected: Value null at 'scanFilter.a.member.comparisonOperator' failed to satisfy constraint: " + null +
				"; Value '' at 'scanFilter.b.member.comparisonOperator' failed to satisfy constraint: " + opEnum},
		// dynalite's "incorrect attributes" bodies, "" operators and all.
		{"Query incorrect attributes", "Query", `{"TableName":"abc;","ReturnConsumedCapacity":"hi","AttributesToGet":[],"IndexName":"abc;","Select":"hi","Limit":-1,"KeyConditions":{"a":{},"b":{"ComparisonOperator":""}},"ConditionalOperator":"AN","QueryFilter":{"a":{},"b":{"ComparisonOperator":""}}}`,
			"10 validation errors detected: " +
				"Value 'hi' at 'select' failed to satisfy constraint: Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]; " +
				"Value 'abc;' at 'indexName' failed to satisfy constraint: " + pattern + "; " +
				"Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; " +
				"Value null at 'queryFilter.a.member.comparisonOperator' failed to satisfy constraint: " + null + "; " +
				"Value '' at 'queryFilter.b.member.comparisonOperator' failed to satisfy constraint: " + opEnum + "; " +
				"Value 'abc;' at 'tableName' failed to satisfy constraint: " + pattern + "; " +
				"Value 'AN' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]; " +
				"Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1; " +
				"Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1; " +
				"Value null at 'keyConditions.a.member.comparisonOperator' failed to satisfy constraint: " + null},
		{"Scan incorrect attributes", "Scan", `{"TableName":"abc;","ReturnConsumedCapacity":"hi","AttributesToGet":[],"IndexName":"abc;","Segment":-1,"TotalSegments":-1,"Select":"hi","Limit":-1,"ScanFilter":{"a":{},"b":{"ComparisonOperator":""}},"ConditionalOperator":"AN"}`,
			"10 validation errors detected: " +
				"Value 'hi' at 'select' failed to satisfy constraint: Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]; " +
				"Value 'abc;' at 'indexName' failed to satisfy constraint: " + pattern + "; " +
				"Value '-1' at 'totalSegments' failed to satisfy constraint: Member must have value greater than or equal to 1; " +
				"Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; " +
				"Value 'abc;' at 'tableName' failed to satisfy constraint: " + pattern + "; " +
				"Value 'AN' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]; " +
				"Value null at 'scanFilter.a.member.comparisonOperator' failed to satisfy constraint: " + null + "; " +
				"Value '' at 'scanFilter.b.member.comparisonOperator' failed to satisfy constraint: " + opEnum + "; " +
				"Value '-1' at 'segment' failed to satisfy constraint: Member must have value greater than or equal to 0; " +
				"Value '-1' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv.rawError(t, tc.action, tc.body, "ValidationException", tc.want)
		})
	}
}
