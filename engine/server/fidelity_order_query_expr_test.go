package server_test

import (
	"testing"

	"github.com/dynoscope/dynoscope/engine"
)

// TestQueryExpressionsBeforeTable: a Query's expressions are checked before
// the table is looked up, one after the other in the order DynamoDB parses
// them (KeyCondition, Filter, Projection), each found empty or parsed before
// the next is looked at; the constructs a key condition may not use come
// after every expression is parsed; legacy KeyConditions after that. The
// requests and texts are those of dynalite's query tests (test/query.js),
// written to pass against DynamoDB; the table "abc" does not exist.
func TestQueryExpressionsBeforeTable(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	const invalidKey = "Invalid condition in KeyConditionExpression: "
	cases := []struct{ name, body, want string }{
		// A key condition's syntax and operands, before an empty filter.
		{"syntax before empty filter", `{"TableName":"abc","FilterExpression":"","KeyConditionExpression":"things are not gonna be ok"}`,
			`Invalid KeyConditionExpression: Syntax error; token: "are", near: "things are not"`},
		{"literal number", `{"TableName":"abc","FilterExpression":"","KeyConditionExpression":"a > 4"}`,
			`Invalid KeyConditionExpression: Syntax error; token: "4", near: "> 4"`},
		{"operand type", `{"TableName":"abc","FilterExpression":"","KeyConditionExpression":"attribute_type(a, :a)","ExpressionAttributeValues":{":a":{"N":"1"}}}`,
			"Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: attribute_type, operand type: N"},
		// The constructs a key condition may not use, after the empty
		// filter and projection.
		{"empty filter before key construct", `{"TableName":"abc","KeyConditionExpression":"attribute_type(a, :a)","FilterExpression":"","ProjectionExpression":"","ExpressionAttributeValues":{":a":{"S":"N"}}}`,
			"Invalid FilterExpression: The expression can not be empty;"},
		{"empty projection before key construct", `{"TableName":"abc","KeyConditionExpression":"attribute_type(a, :a)","FilterExpression":"a > b","ProjectionExpression":"","ExpressionAttributeValues":{":a":{"S":"N"}}}`,
			"Invalid ProjectionExpression: The expression can not be empty;"},
		{"function", `{"TableName":"abc","KeyConditionExpression":"attribute_type(a, :a)","ExpressionAttributeValues":{":a":{"S":"S"}}}`,
			"Invalid operator used in KeyConditionExpression: attribute_type"},
		{"OR", `{"TableName":"abc","KeyConditionExpression":"a > b and size(b) > c or a > c"}`, "Invalid operator used in KeyConditionExpression: OR"},
		{"IN", `{"TableName":"abc","KeyConditionExpression":"a in (b, size(c), d)"}`, "Invalid operator used in KeyConditionExpression: IN"},
		{"NOT", `{"TableName":"abc","KeyConditionExpression":"not a > b"}`, "Invalid operator used in KeyConditionExpression: NOT"},
		{"<>", `{"TableName":"abc","KeyConditionExpression":"a <> b"}`, "Invalid operator used in KeyConditionExpression: <>"},
		{"key attribute not first", `{"TableName":"abc","KeyConditionExpression":"begins_with(:a, b) and a > :b","ExpressionAttributeValues":{":a":{"S":"1"},":b":{"S":"1"}}}`,
			invalidKey + "begins_with operator must have the key attribute as its first operand"},
		{"nested operation", `{"TableName":"abc","KeyConditionExpression":"a > size(b.d)"}`, "KeyConditionExpressions cannot contain nested operations"},
		{"two attribute names", `{"TableName":"abc","KeyConditionExpression":"b > a.b"}`, invalidKey + "Multiple attribute names used in one condition"},
		{"nested attribute", `{"TableName":"abc","KeyConditionExpression":"b[0] > a"}`, "KeyConditionExpressions cannot have conditions on nested attributes"},
		{"no key attribute", `{"TableName":"abc","KeyConditionExpression":":b > :a AND a < :b","ExpressionAttributeValues":{":a":{"N":"1"},":b":{"N":"1"}}}`,
			invalidKey + "No key attribute specified"},
		{"two conditions on one key", `{"TableName":"abc","KeyConditionExpression":"b > :a AND b < :a and c = :a and d = :a","ExpressionAttributeValues":{":a":{"N":"1"}}}`,
			"KeyConditionExpressions must only contain one condition per key"},
		{"BETWEEN types", `{"TableName":"abc","KeyConditionExpression":"a between :b and :a","ExpressionAttributeValues":{":a":{"S":"a"},":b":{"N":"1"}}}`,
			"Invalid KeyConditionExpression: The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {N:1}, upper bound operand: AttributeValue: {S:a}"},
		{"BETWEEN order", `{"TableName":"abc","KeyConditionExpression":"a between :b and :a","ExpressionAttributeValues":{":a":{"S":"a"},":b":{"S":"b"}}}`,
			"Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {S:b}, upper bound operand: AttributeValue: {S:a}"},
		// A ProjectionExpression is parsed before legacy KeyConditions are
		// checked.
		{"projection before KeyConditions", `{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ"}},"ProjectionExpression":"a,,b"}`,
			`Invalid ProjectionExpression: Syntax error; token: ",", near: ",,b"`},
		{"unused name before KeyConditions", `{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ"}},"ProjectionExpression":"a","ExpressionAttributeNames":{"#n":"x"}}`,
			"Value provided in ExpressionAttributeNames unused in expressions: keys: {#n}"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv.rawError(t, "Query", tc.body, "ValidationException", tc.want)
		})
	}
	// What needs the key schema waits for the table (dynalite: "should
	// check table exists before checking key validity").
	for _, body := range []string{
		`{"TableName":"abc","KeyConditions":{"z":{"ComparisonOperator":"NULL"}},"QueryFilter":{}}`,
		`{"TableName":"abc","KeyConditionExpression":"z = :a","ExpressionAttributeValues":{":a":{"N":"1"}}}`,
		`{"TableName":"abc","KeyConditionExpression":"b between :a and :b","ExpressionAttributeValues":{":a":{"N":"1"},":b":{"N":"1"}},"ExclusiveStartKey":{"b":{"S":"a"}}}`,
	} {
		srv.rawError(t, "Query", body, "ResourceNotFoundException", "Requested resource not found")
	}
}

// TestQueryScanConstraintOrder: the constraint failures of a Query or Scan
// come in one message, in the order of DynamoDB's list (dynalite's test
// "incorrect attributes", with its validations/query.js and scan.js), at
// most ten.
func TestQueryScanConstraintOrder(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	const (
		selectEnum = "Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]"
		pattern    = "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"
		capacity   = "Member must satisfy enum value set: [INDEXES, TOTAL, NONE]"
		opEnum     = "Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]"
	)
	cases := []struct{ name, action, body, want string }{
		{"Query", "Query", `{"TableName":"abc;","ReturnConsumedCapacity":"hi","AttributesToGet":[],"IndexName":"abc;","Select":"hi","Limit":-1,"KeyConditions":{"a":{},"b":{"ComparisonOperator":"XX"}},"ConditionalOperator":"AN","QueryFilter":{"a":{},"b":{"ComparisonOperator":"XX"}}}`,
			"10 validation errors detected: " +
				"Value 'hi' at 'select' failed to satisfy constraint: " + selectEnum + "; " +
				"Value 'abc;' at 'indexName' failed to satisfy constraint: " + pattern + "; " +
				"Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: " + capacity + "; " +
				"Value null at 'queryFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null; " +
				"Value 'XX' at 'queryFilter.b.member.comparisonOperator' failed to satisfy constraint: " + opEnum + "; " +
				"Value 'abc;' at 'tableName' failed to satisfy constraint: " + pattern + "; " +
				"Value 'AN' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]; " +
				"Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1; " +
				"Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1; " +
				"Value null at 'keyConditions.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null"},
		{"Query KeyConditions alone", "Query", `{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"XX","AttributeValueList":[{"S":"a"}]}}}`,
			"1 validation error detected: Value 'XX' at 'keyConditions.a.member.comparisonOperator' failed to satisfy constraint: " + opEnum},
		{"Scan", "Scan", `{"TableName":"abc;","ReturnConsumedCapacity":"hi","AttributesToGet":[],"IndexName":"abc;","Segment":-1,"TotalSegments":-1,"Select":"hi","Limit":-1,"ScanFilter":{"a":{},"b":{"ComparisonOperator":"XX"}},"ConditionalOperator":"AN"}`,
			"10 validation errors detected: " +
				"Value 'hi' at 'select' failed to satisfy constraint: " + selectEnum + "; " +
				"Value 'abc;' at 'indexName' failed to satisfy constraint: " + pattern + "; " +
				"Value '-1' at 'totalSegments' failed to satisfy constraint: Member must have value greater than or equal to 1; " +
				"Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: " + capacity + "; " +
				"Value 'abc;' at 'tableName' failed to satisfy constraint: " + pattern + "; " +
				"Value 'AN' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]; " +
				"Value null at 'scanFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null; " +
				"Value 'XX' at 'scanFilter.b.member.comparisonOperator' failed to satisfy constraint: " + opEnum + "; " +
				"Value '-1' at 'segment' failed to satisfy constraint: Member must have value greater than or equal to 0; " +
				"Value '-1' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1"},
		{"Scan AttributesToGet", "Scan", `{"TableName":"abc","AttributesToGet":[]}`,
			"1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv.rawError(t, tc.action, tc.body, "ValidationException", tc.want)
		})
	}
}

// TestQueryFilterOnKeyAttribute: a filter on a key attribute of the table or
// index queried is refused, naming the parameter as DynamoDB does — the
// legacy QueryFilter as "QueryFilter", a FilterExpression as "Filter
// Expression" (dynalite's query tests "hash key in QueryFilter", "range key
// in QueryFilter", "hash key in FilterExpression", recorded from DynamoDB).
func TestQueryFilterOnKeyAttribute(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	if status, out := srv.raw(t, "CreateTable", `{"TableName":"Keyed","BillingMode":"PAY_PER_REQUEST","AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"},{"AttributeName":"b","AttributeType":"S"}],"KeySchema":[{"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"b","KeyType":"RANGE"}]}`); status != 200 {
		t.Fatalf("CreateTable: %d %v", status, out)
	}
	cases := []struct{ name, body, want string }{
		{"hash key in QueryFilter", `{"TableName":"Keyed","KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}},"QueryFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}}}`,
			"QueryFilter can only contain non-primary key attributes: Primary key attribute: a"},
		{"range key in QueryFilter", `{"TableName":"Keyed","KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}},"QueryFilter":{"b":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}}}`,
			"QueryFilter can only contain non-primary key attributes: Primary key attribute: b"},
		{"hash key in FilterExpression", `{"TableName":"Keyed","KeyConditionExpression":"a = :a","FilterExpression":"a = :b","ExpressionAttributeValues":{":a":{"S":"1"},":b":{"N":"1"}}}`,
			"Filter Expression can only contain non-primary key attributes: Primary key attribute: a"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv.rawError(t, "Query", tc.body, "ValidationException", tc.want)
		})
	}
}
