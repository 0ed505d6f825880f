package server_test

import (
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
)

// The wording tests of issue 24 §3 and the CreateTable order of §2, each
// text with its source in docs/FIDELITY.md ("Order and wording of
// refusals").

// TestSDKBatchRequestItemsRequired: an empty or absent RequestItems is
// "The requestItems parameter is required for <action>", after the other
// constraints.
func TestSDKBatchRequestItemsRequired(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	const v = "ValidationException"
	for _, action := range []string{"BatchGetItem", "BatchWriteItem"} {
		want := "The requestItems parameter is required for " + action
		srv.rawError(t, action, `{"RequestItems":{}}`, v, want)
		srv.rawError(t, action, `{}`, v, want)
		// A constraint of another member comes first.
		srv.rawError(t, action, `{"RequestItems":{},"ReturnConsumedCapacity":"ALL"}`, v,
			"1 validation error detected: Value 'ALL' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]")
	}
	// Through the SDK, which sends an empty map as {}.
	_, err := srv.c.BatchGetItem(bg, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{}})
	wantAPIError(t, err, v, "The requestItems parameter is required for BatchGetItem")
	_, err = srv.c.BatchWriteItem(bg, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{}})
	wantAPIError(t, err, v, "The requestItems parameter is required for BatchWriteItem")
}

// TestSDKConstraintWordingByMember: the members DynamoDB answers in the
// newer framework's form (no value, the member capitalised) and those it
// still answers in the older one.
func TestSDKConstraintWordingByMember(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	mustCreate(t, srv, "Things")
	keys := make([]map[string]types.AttributeValue, 101)
	for i := range keys {
		keys[i] = map[string]types.AttributeValue{"pk": sv(strings.Repeat("k", i+1))}
	}
	_, err := srv.c.BatchGetItem(bg, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{"Things": {Keys: keys}}})
	wantAPIError(t, err, "ValidationException",
		"1 validation error detected: Value at 'RequestItems.Things.member.Keys' failed to satisfy constraint: Member must have length less than or equal to 100")
	_, err = srv.c.Query(bg, &dynamodb.QueryInput{TableName: aws.String("Things"), KeyConditionExpression: aws.String("pk = :p"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":p": sv("a")}, Limit: aws.Int32(0)})
	wantAPIError(t, err, "ValidationException",
		"1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1")
	// Scan keeps the older form, which most regions answer.
	_, err = srv.c.Scan(bg, &dynamodb.ScanInput{TableName: aws.String("Things"), Limit: aws.Int32(0)})
	wantAPIError(t, err, "ValidationException",
		"1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1")
}

// mustCreate creates an on-demand table keyed on pk (S).
func mustCreate(t *testing.T, srv *fidelityServer, name string) {
	t.Helper()
	_, err := srv.c.CreateTable(bg, &dynamodb.CreateTableInput{TableName: aws.String(name), BillingMode: types.BillingModePayPerRequest,
		KeySchema:            []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)},
		AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS)}})
	if err != nil {
		t.Fatal(err)
	}
}

// TestSDKCreateTableOrder: CreateTable's schema checks in the order
// dynalite recorded from DynamoDB, with DynamoDB's texts.
func TestSDKCreateTableOrder(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	const v = "ValidationException"
	all := &types.Projection{ProjectionType: types.ProjectionTypeAll}
	ad := func(names ...string) []types.AttributeDefinition {
		var out []types.AttributeDefinition
		for _, n := range names {
			out = append(out, keyDef(n, types.ScalarAttributeTypeS))
		}
		return out
	}
	tests := []struct {
		name string
		in   dynamodb.CreateTableInput
		msg  string
	}{
		{"one attribute twice, one definition", dynamodb.CreateTableInput{KeySchema: keySchemaOf("pk", "HASH", "pk", "RANGE"), AttributeDefinitions: ad("pk")},
			"Invalid KeySchema: Some index key attribute have no definition"},
		{"undefined key before its structure", dynamodb.CreateTableInput{KeySchema: keySchemaOf("a", "RANGE"), AttributeDefinitions: ad("b")},
			"One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [a], AttributeDefinitions: [b]"},
		{"same name before the second element's type", dynamodb.CreateTableInput{KeySchema: keySchemaOf("a", "HASH", "a", "HASH"), AttributeDefinitions: ad("a", "b")},
			"Both the Hash Key and the Range Key element in the KeySchema have the same name"},
		{"GSI key undefined before its structure", dynamodb.CreateTableInput{KeySchema: keySchemaOf("a", "HASH"), AttributeDefinitions: ad("a", "b"),
			GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: aws.String("abc"), KeySchema: keySchemaOf("c", "RANGE"), Projection: all}}},
			"One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [c], AttributeDefinitions: [a, b]"},
		{"LSI keys listed whole", dynamodb.CreateTableInput{KeySchema: keySchemaOf("a", "HASH", "b", "RANGE"), AttributeDefinitions: ad("a", "b"),
			LocalSecondaryIndexes: []types.LocalSecondaryIndex{{IndexName: aws.String("abc"), KeySchema: keySchemaOf("a", "HASH", "c", "RANGE"), Projection: all}}},
			"One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [a, c], AttributeDefinitions: [a, b]"},
		{"a definition no key uses, with an index", dynamodb.CreateTableInput{KeySchema: keySchemaOf("a", "HASH"), AttributeDefinitions: ad("x", "a", "g"),
			GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: aws.String("byG"), KeySchema: keySchemaOf("g", "HASH"), Projection: all}}},
			"One or more parameter values were invalid: Some AttributeDefinitions are not used. AttributeDefinitions: [x, a, g], keys used: [a, g]"},
		{"three table key elements", dynamodb.CreateTableInput{KeySchema: keySchemaOf("pk", "HASH", "sk", "RANGE", "extra", "RANGE"), AttributeDefinitions: ad("pk", "sk", "extra")},
			"1 validation error detected: Value '[KeySchemaElement(attributeName=pk, keyType=HASH), KeySchemaElement(attributeName=sk, keyType=RANGE), KeySchemaElement(attributeName=extra, keyType=RANGE)]' at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.in
			in.TableName, in.BillingMode = aws.String("Order"), types.BillingModePayPerRequest
			_, err := srv.c.CreateTable(bg, &in)
			wantAPIError(t, err, v, tc.msg)
		})
	}
	// TableName left out: the required-parameter text, before any other.
	srv.rawError(t, "CreateTable", `{"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"BillingMode":"PAY_PER_REQUEST"}`,
		v, "The parameter 'TableName' is required but was not present in the request")
	if _, err := srv.c.DescribeTable(bg, &dynamodb.DescribeTableInput{TableName: aws.String("Order")}); err == nil {
		t.Fatal("a refused CreateTable created its table")
	}
}

// TestSDKCreateTableUnsupportedParameters: a parameter that would make the
// table something dynoscope does not model is refused, never dropped.
func TestSDKCreateTableUnsupportedParameters(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	base := `"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"BillingMode":"PAY_PER_REQUEST"`
	const prefix = "One or more parameter values were invalid: dynoscope does not support "
	tests := []struct{ name, extra, msg string }{
		{"KMS encryption", `"SSESpecification":{"Enabled":true,"SSEType":"KMS"}`,
			prefix + "SSESpecification: encryption at rest with a KMS key is not modelled; leave SSESpecification out (or Enabled false) for the AWS-owned key"},
		{"a KMS key alone", `"SSESpecification":{"KMSMasterKeyId":"alias/mine"}`,
			prefix + "SSESpecification: encryption at rest with a KMS key is not modelled; leave SSESpecification out (or Enabled false) for the AWS-owned key"},
		{"resource policy", `"ResourcePolicy":"{\"Version\":\"2012-10-17\",\"Statement\":[]}"`,
			prefix + "ResourcePolicy: resource-based policies are not modelled (credentials are not checked)"},
		{"multi-account global table", `"GlobalTableSourceArn":"arn:aws:dynamodb:us-east-1:111122223333:table/Src"`,
			prefix + "GlobalTableSourceArn: global tables (replicas) are not modelled"},
	}
	for _, tc := range tests {
		srv.rawError(t, "CreateTable", `{"TableName":"Enc",`+base+`,`+tc.extra+`}`, "ValidationException", tc.msg)
	}
	if _, err := srv.c.DescribeTable(bg, &dynamodb.DescribeTableInput{TableName: aws.String("Enc")}); err == nil {
		t.Fatal("a refused CreateTable created its table")
	}
	// The default, an AWS-owned key, is what dynoscope models: accepted.
	status, out := srv.raw(t, "CreateTable", `{"TableName":"Enc",`+base+`,"SSESpecification":{"Enabled":false}}`)
	if status != 200 || out["TableDescription"] == nil {
		t.Fatalf("SSESpecification Enabled false: %d %v", status, out)
	}
}

// TestSDKSmallRefusals: UpdateTimeToLive's empty AttributeName, a list
// index out of range, and a GSI named like an LSI added by UpdateTable.
func TestSDKSmallRefusals(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	mustCreate(t, srv, "Things")
	_, err := srv.c.UpdateTimeToLive(bg, &dynamodb.UpdateTimeToLiveInput{TableName: aws.String("Things"),
		TimeToLiveSpecification: &types.TimeToLiveSpecification{Enabled: aws.Bool(true), AttributeName: aws.String("")}})
	wantAPIError(t, err, "ValidationException",
		"1 validation error detected: Value '' at 'timeToLiveSpecification.attributeName' failed to satisfy constraint: Member must have length greater than or equal to 1")
	srv.rawError(t, "UpdateTimeToLive", `{"TableName":"Things","TimeToLiveSpecification":{"Enabled":true}}`, "ValidationException",
		"1 validation error detected: Value null at 'timeToLiveSpecification.attributeName' failed to satisfy constraint: Member must not be null")

	for _, expr := range []string{"a[99999999999999]", "a[4294967295]", "a[0].b[12345678901]"} {
		_, err = srv.c.Scan(bg, &dynamodb.ScanInput{TableName: aws.String("Things"), ProjectionExpression: aws.String(expr)})
		idx := expr[strings.LastIndex(expr, "[")+1 : len(expr)-1]
		wantAPIError(t, err, "ValidationException", "Invalid ProjectionExpression: List index is not within the allowable range; index: ["+idx+"]")
	}
	_, err = srv.c.UpdateItem(bg, &dynamodb.UpdateItemInput{TableName: aws.String("Things"), Key: map[string]types.AttributeValue{"pk": sv("a")},
		UpdateExpression: aws.String("SET l[99999999999] = :v"), ExpressionAttributeValues: map[string]types.AttributeValue{":v": sv("x")}})
	wantAPIError(t, err, "ValidationException", "Invalid UpdateExpression: List index is not within the allowable range; index: [99999999999]")
	// The largest index accepted reads nothing.
	out, err := srv.c.Scan(bg, &dynamodb.ScanInput{TableName: aws.String("Things"), ProjectionExpression: aws.String("a[4294967294]")})
	if err != nil || out.Count != 0 {
		t.Fatalf("a[4294967294]: %v %v", out, err)
	}

	_, err = srv.c.CreateTable(bg, &dynamodb.CreateTableInput{TableName: aws.String("WithLSI"), BillingMode: types.BillingModePayPerRequest,
		KeySchema:            keySchemaOf("pk", "HASH", "sk", "RANGE"),
		AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", "S"), keyDef("sk", "S"), keyDef("l", "S")},
		LocalSecondaryIndexes: []types.LocalSecondaryIndex{{IndexName: aws.String("byL"), KeySchema: keySchemaOf("pk", "HASH", "l", "RANGE"),
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = srv.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: aws.String("WithLSI"), AttributeDefinitions: []types.AttributeDefinition{keyDef("g", "S")},
		GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Create: &types.CreateGlobalSecondaryIndexAction{IndexName: aws.String("byL"),
			KeySchema: keySchemaOf("g", "HASH"), Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}}}})
	wantAPIError(t, err, "ValidationException", "One or more parameter values were invalid: Index byL already exists")
	d, err := srv.c.DescribeTable(bg, &dynamodb.DescribeTableInput{TableName: aws.String("WithLSI")})
	if err != nil || len(d.Table.GlobalSecondaryIndexes) != 0 {
		t.Fatalf("after the refused UpdateTable: %v %v", d, err)
	}
}

// TestExpressionChecksInDynamoDBOrder: the checks of a request's
// expression parameters in DynamoDB's order (dynalite's
// validations/index.js, recorded from DynamoDB): the parameters together,
// then the placeholder maps, then each expression as it is parsed, an empty
// one only then. All to a table that does not exist: the
// ValidationException comes first.
func TestExpressionChecksInDynamoDBOrder(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	const v = "ValidationException"
	for _, tc := range []struct{ action, body, msg string }{
		{"PutItem", `{"TableName":"Nope","Item":{"pk":{"S":"a"}},"ConditionExpression":"","Expected":{"a":{"Exists":false}}}`,
			"Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}"},
		{"PutItem", `{"TableName":"Nope","Item":{"pk":{"S":"a"}},"ConditionExpression":"","ExpressionAttributeNames":{}}`,
			"ExpressionAttributeNames must not be empty"},
		{"DeleteItem", `{"TableName":"Nope","Key":{"pk":{"S":"a"}},"ConditionExpression":"","ExpressionAttributeValues":{"b":{"S":"x"}}}`,
			`ExpressionAttributeValues contains invalid key: Syntax error; key: "b"`},
		{"GetItem", `{"TableName":"Nope","Key":{"pk":{"S":"a"}},"ProjectionExpression":"","ExpressionAttributeNames":{"a":"b"}}`,
			`ExpressionAttributeNames contains invalid key: Syntax error; key: "a"`},
		{"UpdateItem", `{"TableName":"Nope","Key":{"pk":{"S":"a"}},"UpdateExpression":"","ConditionExpression":"","ExpressionAttributeValues":{":v":{"SS":[]}}}`,
			"ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: An string set  may not be empty for key :v"},
		{"UpdateItem", `{"TableName":"Nope","Key":{"pk":{"S":"a"}},"ConditionExpression":"","UpdateExpression":""}`,
			"Invalid UpdateExpression: The expression can not be empty;"},
		{"Query", `{"TableName":"Nope","KeyConditionExpression":"","ExpressionAttributeValues":{}}`,
			"ExpressionAttributeValues must not be empty"},
		{"Query", `{"TableName":"Nope","FilterExpression":"","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}}}`,
			"Invalid FilterExpression: The expression can not be empty;"}, // KeyConditions go with expressions
		{"Query", `{"TableName":"Nope","FilterExpression":""}`,
			"Either the KeyConditions or KeyConditionExpression parameter must be specified in the request."},
		{"Query", `{"TableName":"Nope","KeyConditionExpression":"","FilterExpression":""}`,
			"Invalid KeyConditionExpression: The expression can not be empty;"},
		{"Scan", `{"TableName":"Nope","FilterExpression":"","ScanFilter":{"a":{"ComparisonOperator":"NULL"}}}`,
			"Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {ScanFilter} Expression parameters: {FilterExpression}"},
	} {
		srv.rawError(t, tc.action, tc.body, v, tc.msg)
	}
}
