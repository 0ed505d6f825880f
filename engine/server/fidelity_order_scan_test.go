package server_test

import (
	"testing"

	"github.com/dynoscope/dynoscope/engine"
)

// TestScanSegmentAfterFilterAndStartKey: Scan checks Segment and
// TotalSegments after the parameters together, AttributesToGet's
// duplicates, the ScanFilter's conditions and the ExclusiveStartKey's
// values, and before the placeholder maps and empty expressions. The
// requests and texts are those of dynalite's scan tests (test/scan.js),
// written to pass against DynamoDB: each sends a Segment without
// TotalSegments beside the mistake DynamoDB names first. The table "abc"
// does not exist: every answer comes before the lookup.
func TestScanSegmentAfterFilterAndStartKey(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	const (
		emptyValue  = "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"
		manyTypes   = "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"
		invalid     = "One or more parameter values were invalid: "
		noTotal     = "The TotalSegments parameter is required but was not present in the request when Segment parameter is present"
		noSegment   = "The Segment parameter is required but was not present in the request when parameter TotalSegments is present"
		legacyRest  = `"Segment":1,"Limit":1,"AttributesToGet":["a","a"],"ExclusiveStartKey":{"a":{}},"ConditionalOperator":"OR","Select":"SPECIFIC_ATTRIBUTES"`
		emptyFilter = `"FilterExpression":"","ExpressionAttributeNames":{},"ExpressionAttributeValues":{}`
	)
	cases := []struct{ name, body, want string }{
		{"expression and non-expression", `{"TableName":"abc","ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{}]}},` + legacyRest + `,"FilterExpression":"","ProjectionExpression":"","ExpressionAttributeNames":{},"ExpressionAttributeValues":{}}`,
			"Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet, ScanFilter, ConditionalOperator} Expression parameters: {ProjectionExpression, FilterExpression}"},
		{"names without expression", `{"TableName":"abc","ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{}]}},"Segment":1,"AttributesToGet":["a","a"],"ExclusiveStartKey":{"a":{}},"ExpressionAttributeNames":{},"ExpressionAttributeValues":{}}`,
			"ExpressionAttributeNames can only be specified when using expressions"},
		{"AttributesToGet duplicate before ScanFilter", `{"TableName":"abc","Segment":1,"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{},{"a":""},{"S":""}]}},"ExclusiveStartKey":{"a":{}},"AttributesToGet":["a","a"]}`,
			invalid + "Duplicate value in attribute name: a"},
		{"ScanFilter empty value before start key", `{"TableName":"abc","Segment":1,"ExclusiveStartKey":{"a":{}},"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{},{"S":""}]}}}`, emptyValue},
		{"ScanFilter many types", `{"TableName":"abc","Segment":1,"ExclusiveStartKey":{"a":{}},"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"N":"1"},{"S":"a","N":"1"}]}}}`, manyTypes},
		{"ScanFilter number", `{"TableName":"abc","Segment":1,"ExclusiveStartKey":{"a":{}},"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"N":"1"},{"S":"a","N":"b"}]}}}`, "The parameter cannot be converted to a numeric value: b"},
		{"ScanFilter argument count", `{"TableName":"abc","Segment":1,"ExclusiveStartKey":{"a":{}},"ScanFilter":{"a":{"ComparisonOperator":"EQ"}}}`, invalid + "Invalid number of argument(s) for the EQ ComparisonOperator"},
		{"start key before Segment", `{"TableName":"abc","Segment":1,` + emptyFilter + `,"ExclusiveStartKey":{"a":{}}}`, "The provided starting key is invalid: " + emptyValue},
		{"start key before TotalSegments", `{"TableName":"abc","TotalSegments":1,` + emptyFilter + `,"ExclusiveStartKey":{"a":{"S":"a","N":"1"}}}`, "The provided starting key is invalid: " + manyTypes},
		{"start key number set without prefix", `{"TableName":"abc","Segment":1,` + emptyFilter + `,"ExclusiveStartKey":{"a":{"NS":[]}}}`, invalid + "An number set  may not be empty"},
		{"Segment before empty maps", `{"TableName":"abc","Segment":1,` + emptyFilter + `}`, noTotal},
		{"TotalSegments before empty maps", `{"TableName":"abc","TotalSegments":1,` + emptyFilter + `}`, noSegment},
		{"Segment not below TotalSegments", `{"TableName":"abc","Segment":1,"TotalSegments":1,` + emptyFilter + `}`,
			"The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 1 is not less than TotalSegments: 1"},
		{"empty maps after Segment", `{"TableName":"abc",` + emptyFilter + `}`, "ExpressionAttributeNames must not be empty"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv.rawError(t, "Scan", tc.body, "ValidationException", tc.want)
		})
	}
}
