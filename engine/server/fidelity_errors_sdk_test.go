package server_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
)

// TestSDKValidateBeforeLookup: a malformed request to a table that does not
// exist gets the ValidationException, as DynamoDB answers it, not
// ResourceNotFoundException.
func TestSDKValidateBeforeLookup(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	table := aws.String("NoSuchTable")
	emptySet := &types.AttributeValueMemberSS{Value: []string{}}
	badNumber := nv("1e200")
	key := map[string]types.AttributeValue{"pk": sv("a")}
	const overflow = "Number overflow. Attempting to store a number with magnitude larger than supported range"
	tests := []struct {
		name, msg string
		call      func() error
	}{
		{"PutItem ReturnValues", "1 validation error detected: Value 'BOGUS' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]",
			func() error {
				_, err := srv.c.PutItem(bg, &dynamodb.PutItemInput{TableName: table, Item: key, ReturnValues: "BOGUS"})
				return err
			}},
		{"PutItem ReturnValues UPDATED_NEW", "ReturnValues can only be ALL_OLD or NONE",
			func() error {
				_, err := srv.c.PutItem(bg, &dynamodb.PutItemInput{TableName: table, Item: key, ReturnValues: types.ReturnValueUpdatedNew})
				return err
			}},
		{"GetItem key value", "One or more parameter values were invalid: An string set  may not be empty",
			func() error {
				_, err := srv.c.GetItem(bg, &dynamodb.GetItemInput{TableName: table, Key: map[string]types.AttributeValue{"pk": emptySet}})
				return err
			}},
		{"UpdateItem key number", overflow,
			func() error {
				_, err := srv.c.UpdateItem(bg, &dynamodb.UpdateItemInput{TableName: table, Key: map[string]types.AttributeValue{"pk": badNumber}})
				return err
			}},
		{"DeleteItem condition syntax", `Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "="`,
			func() error {
				_, err := srv.c.DeleteItem(bg, &dynamodb.DeleteItemInput{TableName: table, Key: key, ConditionExpression: aws.String("a =")})
				return err
			}},
		{"UpdateItem AttributeUpdates empty set", "One or more parameter values were invalid: An string set  may not be empty",
			func() error {
				_, err := srv.c.UpdateItem(bg, &dynamodb.UpdateItemInput{TableName: table, Key: key,
					AttributeUpdates: map[string]types.AttributeValueUpdate{"s": {Action: types.AttributeActionPut, Value: emptySet}}})
				return err
			}},
		{"Query ConditionalOperator", "ConditionalOperator can only be used when Filter or Expected has two or more elements",
			func() error {
				_, err := srv.c.Query(bg, &dynamodb.QueryInput{TableName: table, ConditionalOperator: types.ConditionalOperatorAnd,
					KeyConditions: map[string]types.Condition{"pk": {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{sv("a")}}}})
				return err
			}},
		{"Query expression value", "ExpressionAttributeValues contains invalid value: " + overflow + " for key :p",
			func() error {
				_, err := srv.c.Query(bg, &dynamodb.QueryInput{TableName: table, KeyConditionExpression: aws.String("pk = :p"),
					ExpressionAttributeValues: map[string]types.AttributeValue{":p": badNumber}})
				return err
			}},
		// With DynamoDB's start-key prefix (dynalite's "invalid values in
		// ExclusiveStartKey", issue 24 §2).
		{"Query start key value", "The provided starting key is invalid: One or more parameter values were invalid: An string set  may not be empty",
			func() error {
				_, err := srv.c.Query(bg, &dynamodb.QueryInput{TableName: table, KeyConditionExpression: aws.String("pk = :p"),
					ExpressionAttributeValues: map[string]types.AttributeValue{":p": sv("a")}, ExclusiveStartKey: map[string]types.AttributeValue{"pk": emptySet}})
				return err
			}},
		{"Scan filter", "Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: <, operand type: BOOL",
			func() error {
				_, err := srv.c.Scan(bg, &dynamodb.ScanInput{TableName: table, FilterExpression: aws.String("a < :t"),
					ExpressionAttributeValues: map[string]types.AttributeValue{":t": &types.AttributeValueMemberBOOL{Value: true}}})
				return err
			}},
		{"BatchGetItem key value", overflow,
			func() error {
				_, err := srv.c.BatchGetItem(bg, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{
					"AnotherTable": {Keys: []map[string]types.AttributeValue{key}},
					"NoSuchTable":  {Keys: []map[string]types.AttributeValue{{"pk": badNumber}}}}})
				return err
			}},
		{"BatchWriteItem item value", "One or more parameter values were invalid: An string set  may not be empty",
			func() error {
				_, err := srv.c.BatchWriteItem(bg, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{
					"AnotherTable": {{PutRequest: &types.PutRequest{Item: key}}},
					"NoSuchTable":  {{PutRequest: &types.PutRequest{Item: map[string]types.AttributeValue{"pk": sv("a"), "s": emptySet}}}}}})
				return err
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { wantAPIError(t, tt.call(), "ValidationException", tt.msg) })
	}
}

// TestSDKConstraintMessages: every constraint failure in one message, in
// DynamoDB's form and order; an empty TableName is a length error, a
// missing one null.
func TestSDKConstraintMessages(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	const (
		nullTable  = "Value null at 'tableName' failed to satisfy constraint: Member must not be null"
		emptyTable = "Value '' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 1"
		nullKey    = "Value null at 'key' failed to satisfy constraint: Member must not be null"
	)
	// What the SDK sends: TableName "".
	_, err := srv.c.GetItem(bg, &dynamodb.GetItemInput{TableName: aws.String(""), Key: map[string]types.AttributeValue{"pk": sv("a")}})
	wantAPIError(t, err, "ValidationException", "1 validation error detected: "+emptyTable)
	_, err = srv.c.DescribeTable(bg, &dynamodb.DescribeTableInput{TableName: aws.String("")})
	wantAPIError(t, err, "ValidationException", "1 validation error detected: "+emptyTable)
	_, err = srv.c.Scan(bg, &dynamodb.ScanInput{TableName: aws.String(""), ReturnConsumedCapacity: "ALL"})
	wantAPIError(t, err, "ValidationException", "2 validation errors detected: Value 'ALL' at 'returnConsumedCapacity' failed to satisfy constraint: "+
		"Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; "+emptyTable)
	_, err = srv.c.Query(bg, &dynamodb.QueryInput{TableName: aws.String("x!"), KeyConditionExpression: aws.String("pk = :p"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":p": sv("a")}})
	wantAPIError(t, err, "ValidationException", "2 validation errors detected: "+
		"Value 'x!' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; "+
		"Value 'x!' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3")
	// What only raw JSON can say: members left out.
	for _, tt := range []struct{ action, body, msg string }{
		{"PutItem", `{}`, "2 validation errors detected: " + nullTable + "; Value null at 'item' failed to satisfy constraint: Member must not be null"},
		{"GetItem", `{}`, "2 validation errors detected: " + nullTable + "; " + nullKey},
		{"DeleteItem", `{"TableName":"t1"}`, "2 validation errors detected: Value 't1' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3; " + nullKey},
		{"UpdateItem", `{"TableName":"","UpdateExpression":"SET a = :a","ExpressionAttributeValues":{":a":{"S":"x"}}}`, "2 validation errors detected: " + emptyTable + "; " + nullKey},
		{"UpdateItem", `{"TableName":"","ReturnConsumedCapacity":"INVALID","ReturnValues":"INVALID"}`, "4 validation errors detected: " +
			"Value 'INVALID' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; " + emptyTable + "; " +
			"Value 'INVALID' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]; " + nullKey},
		{"UpdateItem", `{"TableName":"NoSuchTable","AttributeUpdates":{"x":{"Action":"PUT","Value":{"S":"1"}}},"Expected":{"a":{"Exists":false},"b":{"Exists":false}},"ConditionalOperator":"XOR"}`,
			"2 validation errors detected: Value 'XOR' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]; " + nullKey},
		{"Scan", `{}`, "1 validation error detected: " + nullTable},
		{"DescribeTable", `{}`, "1 validation error detected: " + nullTable},
		{"DeleteTable", `{"TableName":""}`, "1 validation error detected: " + emptyTable},
		{"DescribeTimeToLive", `{"TableName":""}`, "1 validation error detected: " + emptyTable},
	} {
		srv.rawError(t, tt.action, tt.body, "ValidationException", tt.msg)
	}
}

// TestSDKBatchWriteKeyTexts: a BatchWriteItem put whose key attribute is
// missing or of the wrong type reads "The provided key element does not
// match the schema", unlike PutItem.
func TestSDKBatchWriteKeyTexts(t *testing.T) {
	srv := fidelityTable(t)
	write := func(reqs ...types.WriteRequest) error {
		_, err := srv.c.BatchWriteItem(bg, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{"Things": reqs}})
		return err
	}
	put := func(item map[string]types.AttributeValue) types.WriteRequest {
		return types.WriteRequest{PutRequest: &types.PutRequest{Item: item}}
	}
	const schema = "The provided key element does not match the schema"
	wantAPIError(t, write(put(map[string]types.AttributeValue{"pk": nv("5")})), "ValidationException", schema)
	wantAPIError(t, write(put(map[string]types.AttributeValue{"other": sv("x")})), "ValidationException", schema)
	wantAPIError(t, write(put(map[string]types.AttributeValue{"pk": &types.AttributeValueMemberL{Value: []types.AttributeValue{sv("x")}}})), "ValidationException", schema)
	wantAPIError(t, write(types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: map[string]types.AttributeValue{"other": sv("x")}}}), "ValidationException", schema)
	wantAPIError(t, write(put(map[string]types.AttributeValue{"pk": sv("")})), "ValidationException",
		"One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk")
	wantAPIError(t, write(put(map[string]types.AttributeValue{"pk": sv("ok")}), put(map[string]types.AttributeValue{"pk": nv("5")})), "ValidationException", schema)
	if got := srv.get(t, "ok"); got != nil {
		t.Fatalf("a refused batch wrote %v", got)
	}
	// PutItem keeps its own texts.
	_, err := srv.c.PutItem(bg, &dynamodb.PutItemInput{TableName: aws.String("Things"), Item: map[string]types.AttributeValue{"pk": nv("5")}})
	wantAPIError(t, err, "ValidationException", "One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N")
}

// TestSDKTableTexts: the texts of a redefined attribute type, duplicate
// NonKeyAttributes, duplicate attribute definitions and an
// ExclusiveStartKey a Query cannot restart from.
func TestSDKTableTexts(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	base := func(name string) *dynamodb.CreateTableInput {
		return &dynamodb.CreateTableInput{TableName: aws.String(name), BillingMode: types.BillingModePayPerRequest,
			KeySchema:            []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)},
			AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS)}}
	}
	in := base("Dupes")
	in.AttributeDefinitions = append(in.AttributeDefinitions, keyDef("g", types.ScalarAttributeTypeS))
	in.GlobalSecondaryIndexes = []types.GlobalSecondaryIndex{{IndexName: aws.String("byG"), KeySchema: []types.KeySchemaElement{keyElem("g", types.KeyTypeHash)},
		Projection: &types.Projection{ProjectionType: types.ProjectionTypeInclude, NonKeyAttributes: []string{"a", "b", "a"}}}}
	_, err := srv.c.CreateTable(bg, in)
	wantAPIError(t, err, "ValidationException", "One or more parameter values were invalid: Duplicate value in attribute name: a")
	in = base("Dupes")
	in.AttributeDefinitions = append(in.AttributeDefinitions, keyDef("pk", types.ScalarAttributeTypeN))
	_, err = srv.c.CreateTable(bg, in)
	wantAPIError(t, err, "ValidationException", "Attribute Name is duplicated: pk")

	// The same NonKeyAttributes text for a GSI added by UpdateTable.
	if _, err := srv.c.CreateTable(bg, base("Plain")); err != nil {
		t.Fatal(err)
	}
	_, err = srv.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: aws.String("Plain"), AttributeDefinitions: []types.AttributeDefinition{keyDef("g", types.ScalarAttributeTypeS)},
		GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Create: &types.CreateGlobalSecondaryIndexAction{IndexName: aws.String("byG"),
			KeySchema: []types.KeySchemaElement{keyElem("g", types.KeyTypeHash)}, Projection: &types.Projection{ProjectionType: types.ProjectionTypeInclude, NonKeyAttributes: []string{"x", "x"}}}}}})
	wantAPIError(t, err, "ValidationException", "One or more parameter values were invalid: Duplicate value in attribute name: x")

	// Query start keys, in DynamoDB's order of checks.
	tableWithLSI(t, srv)
	query := func(table, cond string, values, esk map[string]types.AttributeValue) error {
		_, err := srv.c.Query(bg, &dynamodb.QueryInput{TableName: aws.String(table), KeyConditionExpression: aws.String(cond),
			ExpressionAttributeValues: values, ExclusiveStartKey: esk})
		return err
	}
	post := func(forum, subject string) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{"forum": sv(forum), "subject": sv(subject)}
	}
	s3 := map[string]types.AttributeValue{":f": sv("S3")}
	s3m := map[string]types.AttributeValue{":f": sv("S3"), ":s": sv("m")}
	const oneRow = "The query can return at most one row and cannot be restarted"
	for _, tt := range []struct {
		name, table, cond string
		values, esk       map[string]types.AttributeValue
		msg               string
	}{
		{"hash-only table", "Plain", "pk = :f", s3, map[string]types.AttributeValue{"pk": sv("S3")}, oneRow},
		{"another partition", "Posts", "forum = :f", s3, post("EC2", "a"), "The provided starting key is outside query boundaries based on provided conditions"},
		{"outside the sort-key condition", "Posts", "forum = :f AND subject > :s", s3m, post("S3", "a"), "The provided starting key does not match the range key predicate"},
		{"another partition, sort key inside", "Posts", "forum = :f AND subject > :s", s3m, post("EC2", "z"), oneRow},
		{"an equality on the sort key", "Posts", "forum = :f AND subject = :s", s3m, post("S3", "m"), oneRow},
		// The short text for a key without the schema's attributes
		// (dynalite test/query.js; dynamodb-conformance tier3
		// query.test.ts, 2026), before the key condition is looked at.
		{"not the key schema", "Posts", "forum = :f", s3, map[string]types.AttributeValue{"forum": sv("S3")},
			"The provided starting key is invalid"},
		{"not the key schema, key condition invalid", "Posts", "nope = :f", s3, map[string]types.AttributeValue{"forum": sv("S3")},
			"The provided starting key is invalid"},
		{"hash-only table, malformed", "Plain", "pk = :f", s3, map[string]types.AttributeValue{"pk": sv("S3"), "x": sv("a")},
			"The provided starting key is invalid"},
		{"hash-only table, wrong type", "Plain", "pk = :f", s3, map[string]types.AttributeValue{"pk": nv("3")},
			"The provided starting key is invalid: The provided key element does not match the schema"},
		{"hash-only table, another partition", "Plain", "pk = :f", s3, map[string]types.AttributeValue{"pk": sv("EC2")},
			"The provided starting key is outside query boundaries based on provided conditions"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			wantAPIError(t, query(tt.table, tt.cond, tt.values, tt.esk), "ValidationException", tt.msg)
		})
	}
	if err := query("Posts", "forum = :f AND subject > :s", s3m, post("S3", "n")); err != nil {
		t.Fatalf("a start key inside the condition: %v", err)
	}
}

// TestSDKDeleteTableDescription: DeleteTable's TableDescription holds only
// what DynamoDB returns there: no key schema, attribute definitions,
// creation time or indexes.
func TestSDKDeleteTableDescription(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	five := aws.Int64(5)
	created, err := srv.c.CreateTable(bg, &dynamodb.CreateTableInput{TableName: aws.String("Gone"),
		KeySchema:             []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)},
		AttributeDefinitions:  []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS), keyDef("g", types.ScalarAttributeTypeS)},
		ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: five, WriteCapacityUnits: five},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: aws.String("byG"), KeySchema: []types.KeySchemaElement{keyElem("g", types.KeyTypeHash)},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}, ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: five, WriteCapacityUnits: five}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	status, body := srv.raw(t, "DeleteTable", `{"TableName":"Gone"}`)
	want := `{"TableDescription":{"BillingModeSummary":{"BillingMode":"PROVISIONED"},"ItemCount":0,` +
		`"ProvisionedThroughput":{"NumberOfDecreasesToday":0,"ReadCapacityUnits":5,"WriteCapacityUnits":5},` +
		`"TableArn":"arn:aws:dynamodb:us-east-1:000000000000:table/Gone","TableId":"` + aws.ToString(created.TableDescription.TableId) + `",` +
		`"TableName":"Gone","TableSizeBytes":0,"TableStatus":"DELETING"}}`
	if got := jsonOf(t, body); status != 200 || got != want {
		t.Errorf("DeleteTable reply %d\n got  %s\n want %s", status, got, want)
	}
}

// TestSDKExpressionValueErrorByName: when several ExpressionAttributeValues
// are invalid, the one reported is the smallest placeholder's, as for the
// attributes of an item, whatever the order the map is walked in.
func TestSDKExpressionValueErrorByName(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	values := map[string]types.AttributeValue{":a": &types.AttributeValueMemberSS{Value: []string{}}}
	for _, k := range []string{":b", ":c", ":d", ":e", ":f", ":g", ":h"} {
		values[k] = nv("1e200")
	}
	const want = "ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: An string set  may not be empty for key :a"
	for range 20 {
		_, err := srv.c.Query(bg, &dynamodb.QueryInput{TableName: aws.String("NoSuchTable"),
			KeyConditionExpression: aws.String("pk = :a AND sk BETWEEN :b AND :c"),
			FilterExpression:       aws.String("x IN (:d, :e, :f, :g, :h)"), ExpressionAttributeValues: values})
		wantAPIError(t, err, "ValidationException", want)
	}
}
