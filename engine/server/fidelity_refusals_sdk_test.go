package server_test

import (
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
)

// TestSDKCreateTableAttributeDefinitionConstraints: an AttributeDefinition
// without AttributeType is null, an empty AttributeName too short.
func TestSDKCreateTableAttributeDefinitionConstraints(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	create := func(defs []types.AttributeDefinition) error {
		_, err := srv.c.CreateTable(bg, &dynamodb.CreateTableInput{TableName: aws.String("Defs"), BillingMode: types.BillingModePayPerRequest,
			KeySchema: []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)}, AttributeDefinitions: defs})
		return err
	}
	// The SDK will not send a definition without AttributeType: raw JSON.
	srv.rawError(t, "CreateTable", `{"TableName":"Defs","BillingMode":"PAY_PER_REQUEST","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],`+
		`"AttributeDefinitions":[{"AttributeName":"pk"}]}`, "ValidationException",
		"1 validation error detected: Value null at 'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: Member must not be null")
	wantAPIError(t, create([]types.AttributeDefinition{{AttributeName: aws.String(""), AttributeType: types.ScalarAttributeTypeS}}), "ValidationException",
		"1 validation error detected: Value '' at 'attributeDefinitions.1.member.attributeName' failed to satisfy constraint: Member must have length greater than or equal to 1")
	wantAPIError(t, create([]types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS), {AttributeName: aws.String(""), AttributeType: "X"}}), "ValidationException",
		"2 validation errors detected: Value 'X' at 'attributeDefinitions.2.member.attributeType' failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]; "+
			"Value '' at 'attributeDefinitions.2.member.attributeName' failed to satisfy constraint: Member must have length greater than or equal to 1")
	srv.rawError(t, "CreateTable", `{"TableName":"Defs","BillingMode":"PAY_PER_REQUEST","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],`+
		`"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":""},{"AttributeType":"S"}]}`, "ValidationException",
		"2 validation errors detected: Value '' at 'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]; "+
			"Value null at 'attributeDefinitions.2.member.attributeName' failed to satisfy constraint: Member must not be null")
	if _, err := srv.c.DescribeTable(bg, &dynamodb.DescribeTableInput{TableName: aws.String("Defs")}); err == nil {
		t.Fatal("a refused CreateTable created its table")
	}
}

// tableWithLSI creates Posts (forum HASH, subject RANGE, LSI byDate on
// date) and a GSI byAuthor on author (S).
func tableWithLSI(t *testing.T, srv *fidelityServer) {
	t.Helper()
	_, err := srv.c.CreateTable(bg, &dynamodb.CreateTableInput{TableName: aws.String("Posts"), BillingMode: types.BillingModePayPerRequest,
		KeySchema: []types.KeySchemaElement{keyElem("forum", types.KeyTypeHash), keyElem("subject", types.KeyTypeRange)},
		AttributeDefinitions: []types.AttributeDefinition{keyDef("forum", types.ScalarAttributeTypeS), keyDef("subject", types.ScalarAttributeTypeS),
			keyDef("date", types.ScalarAttributeTypeS), keyDef("author", types.ScalarAttributeTypeS)},
		LocalSecondaryIndexes: []types.LocalSecondaryIndex{{IndexName: aws.String("byDate"),
			KeySchema:  []types.KeySchemaElement{keyElem("forum", types.KeyTypeHash), keyElem("date", types.KeyTypeRange)},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeKeysOnly}}},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: aws.String("byAuthor"),
			KeySchema: []types.KeySchemaElement{keyElem("author", types.KeyTypeHash)}, Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}},
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestSDKUpdateTableIndexUpdateShapes: an empty GSI update, one with both
// Create and Delete, an index named twice, a new GSI named like an LSI, and
// a redefined attribute type are refused; nothing changes.
func TestSDKUpdateTableIndexUpdateShapes(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	tableWithLSI(t, srv)
	create := func(name, attr string) *types.CreateGlobalSecondaryIndexAction {
		return &types.CreateGlobalSecondaryIndexAction{IndexName: aws.String(name),
			KeySchema: []types.KeySchemaElement{keyElem(attr, types.KeyTypeHash)}, Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}
	}
	update := func(defs []types.AttributeDefinition, updates ...types.GlobalSecondaryIndexUpdate) error {
		_, err := srv.c.UpdateTable(bg, &dynamodb.UpdateTableInput{TableName: aws.String("Posts"), AttributeDefinitions: defs, GlobalSecondaryIndexUpdates: updates})
		return err
	}
	n := []types.AttributeDefinition{keyDef("rank", types.ScalarAttributeTypeN)}
	tests := []struct {
		name, msg string
		err       error
	}{
		{"empty update", "One or more parameter values were invalid: One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete must not be null",
			update(nil, types.GlobalSecondaryIndexUpdate{})},
		{"create and delete in one update", "One or more parameter values were invalid: Only one of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete can be specified",
			update(n, types.GlobalSecondaryIndexUpdate{Create: create("byRank", "rank"), Delete: &types.DeleteGlobalSecondaryIndexAction{IndexName: aws.String("byAuthor")}})},
		{"one index twice", "One or more parameter values were invalid: Only one global secondary index update per index is allowed simultaneously. Index: byAuthor",
			update(nil, types.GlobalSecondaryIndexUpdate{Delete: &types.DeleteGlobalSecondaryIndexAction{IndexName: aws.String("byAuthor")}},
				types.GlobalSecondaryIndexUpdate{Delete: &types.DeleteGlobalSecondaryIndexAction{IndexName: aws.String("byAuthor")}})},
		{"a GSI named like the LSI", "One or more parameter values were invalid: Index byDate already exists",
			update(n, types.GlobalSecondaryIndexUpdate{Create: create("byDate", "rank")})},
		{"a key attribute redefined", "One or more parameter values were invalid: Attributes cannot be redefined. Please check that your attribute has the same type as previously defined. " +
			"Existing schema: Schema:[SchemaElement: key{author:S:HASH}] New schema: Schema:[SchemaElement: key{author:N:HASH}]",
			update([]types.AttributeDefinition{keyDef("author", types.ScalarAttributeTypeN)}, types.GlobalSecondaryIndexUpdate{Create: create("byAuthorN", "author")})},
		{"a table key redefined", "One or more parameter values were invalid: Attributes cannot be redefined. Please check that your attribute has the same type as previously defined. " +
			"Existing schema: Schema:[SchemaElement: key{forum:S:HASH}, SchemaElement: key{subject:S:RANGE}] New schema: Schema:[SchemaElement: key{subject:B:HASH}]",
			update([]types.AttributeDefinition{keyDef("subject", types.ScalarAttributeTypeB)}, types.GlobalSecondaryIndexUpdate{Create: create("bySubject", "subject")})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { wantAPIError(t, tt.err, "ValidationException", tt.msg) })
	}
	d := sdkDescribe(t, srv.c, "Posts")
	if len(d.GlobalSecondaryIndexes) != 1 || d.TableStatus != types.TableStatusActive || len(d.AttributeDefinitions) != 4 {
		t.Fatalf("refused updates changed the table: %d GSIs, %s, %v", len(d.GlobalSecondaryIndexes), d.TableStatus, attributeDefs(d))
	}
	// A conflicting definition of an attribute the new index does not use
	// is ignored, as DynamoDB ignores it.
	if err := update([]types.AttributeDefinition{keyDef("forum", types.ScalarAttributeTypeN), keyDef("rank", types.ScalarAttributeTypeN)},
		types.GlobalSecondaryIndexUpdate{Create: create("byRank", "rank")}); err != nil {
		t.Fatal(err)
	}
	if got := attributeDefs(sdkDescribe(t, srv.c, "Posts")); jsonOf(t, got) != `["forum:S","subject:S","date:S","author:S","rank:N"]` {
		t.Fatalf("attribute definitions %v", got)
	}
}

// TestSDKConditionalOperatorNeedsTwoConditions: ConditionalOperator without
// an Expected, QueryFilter or ScanFilter of two conditions or more.
func TestSDKConditionalOperatorNeedsTwoConditions(t *testing.T) {
	srv := fidelityTable(t)
	const msg = "ConditionalOperator can only be used when Filter or Expected has two or more elements"
	key := map[string]types.AttributeValue{"pk": sv("a")}
	item := map[string]types.AttributeValue{"pk": sv("a")}
	one := map[string]types.ExpectedAttributeValue{"x": {Exists: aws.Bool(false)}}
	two := map[string]types.ExpectedAttributeValue{"x": {Exists: aws.Bool(false)}, "y": {Exists: aws.Bool(false)}}
	put := func(exp map[string]types.ExpectedAttributeValue) error {
		_, err := srv.c.PutItem(bg, &dynamodb.PutItemInput{TableName: aws.String("Things"), Item: item, Expected: exp, ConditionalOperator: types.ConditionalOperatorOr})
		return err
	}
	wantAPIError(t, put(nil), "ValidationException", msg)
	wantAPIError(t, put(map[string]types.ExpectedAttributeValue{}), "ValidationException", msg)
	wantAPIError(t, put(one), "ValidationException", msg)
	if err := put(two); err != nil {
		t.Fatalf("two conditions: %v", err)
	}
	_, err := srv.c.UpdateItem(bg, &dynamodb.UpdateItemInput{TableName: aws.String("Things"), Key: key, ConditionalOperator: types.ConditionalOperatorAnd,
		AttributeUpdates: map[string]types.AttributeValueUpdate{"z": {Action: types.AttributeActionPut, Value: nv("1")}}})
	wantAPIError(t, err, "ValidationException", msg)
	_, err = srv.c.DeleteItem(bg, &dynamodb.DeleteItemInput{TableName: aws.String("Things"), Key: key, Expected: one, ConditionalOperator: types.ConditionalOperatorAnd})
	wantAPIError(t, err, "ValidationException", msg)
	_, err = srv.c.Scan(bg, &dynamodb.ScanInput{TableName: aws.String("Things"), ConditionalOperator: types.ConditionalOperatorAnd,
		ScanFilter: map[string]types.Condition{"x": {ComparisonOperator: types.ComparisonOperatorNull}}})
	wantAPIError(t, err, "ValidationException", msg)
	_, err = srv.c.Query(bg, &dynamodb.QueryInput{TableName: aws.String("Things"), ConditionalOperator: types.ConditionalOperatorOr,
		KeyConditions: map[string]types.Condition{"pk": {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{sv("a")}}}})
	wantAPIError(t, err, "ValidationException", msg)
	if got := srv.get(t, "a"); len(got) != 1 {
		t.Fatalf("item %v", got)
	}
}

// TestSDKNamesStartWithALetter: an unquoted name starting with _ is a
// syntax error in every expression.
func TestSDKNamesStartWithALetter(t *testing.T) {
	srv := fidelityTable(t)
	key := map[string]types.AttributeValue{"pk": sv("a")}
	_, err := srv.c.UpdateItem(bg, &dynamodb.UpdateItemInput{TableName: aws.String("Things"), Key: key, UpdateExpression: aws.String("SET _a = :v"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":v": nv("1")}})
	wantAPIError(t, err, "ValidationException", `Invalid UpdateExpression: Syntax error; token: "_", near: "SET _a"`)
	_, err = srv.c.PutItem(bg, &dynamodb.PutItemInput{TableName: aws.String("Things"), Item: key, ConditionExpression: aws.String("attribute_exists(_a)")})
	wantAPIError(t, err, "ValidationException", `Invalid ConditionExpression: Syntax error; token: "_", near: "(_a"`)
	_, err = srv.c.Scan(bg, &dynamodb.ScanInput{TableName: aws.String("Things"), ProjectionExpression: aws.String("pk, _a")})
	wantAPIError(t, err, "ValidationException", `Invalid ProjectionExpression: Syntax error; token: "_", near: ", _a"`)
	// A #placeholder may start with _, and so may the name it stands for.
	if _, err := srv.c.UpdateItem(bg, &dynamodb.UpdateItemInput{TableName: aws.String("Things"), Key: key, UpdateExpression: aws.String("SET #_a = :v"),
		ExpressionAttributeNames: map[string]string{"#_a": "_a"}, ExpressionAttributeValues: map[string]types.AttributeValue{":v": nv("1")}}); err != nil {
		t.Fatal(err)
	}
	if got := srv.get(t, "a"); got["_a"] == nil {
		t.Fatalf("item %v", got)
	}
}

// TestSDKPathsIntoKeys: a projection, filter or condition path into a key
// attribute is refused, table keys with Key:, index keys with IndexKey:.
func TestSDKPathsIntoKeys(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	tableWithLSI(t, srv)
	const scalars = "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: "
	key := map[string]types.AttributeValue{"forum": sv("S3"), "subject": sv("a")}
	get := func(proj string) error {
		_, err := srv.c.GetItem(bg, &dynamodb.GetItemInput{TableName: aws.String("Posts"), Key: key, ProjectionExpression: aws.String(proj)})
		return err
	}
	wantAPIError(t, get("forum.x"), "ValidationException", scalars+"Key: forum")
	wantAPIError(t, get("subject[0]"), "ValidationException", scalars+"Key: subject")
	getNamed := func(proj string) error {
		_, err := srv.c.GetItem(bg, &dynamodb.GetItemInput{TableName: aws.String("Posts"), Key: key, ProjectionExpression: aws.String(proj),
			ExpressionAttributeNames: map[string]string{"#d": "date"}})
		return err
	}
	wantAPIError(t, getNamed("a, #d.x"), "ValidationException", scalars+"IndexKey: date")
	wantAPIError(t, get("author[1].x, subject.y"), "ValidationException", scalars+"Key: subject")
	_, err := srv.c.Query(bg, &dynamodb.QueryInput{TableName: aws.String("Posts"), KeyConditionExpression: aws.String("forum = :f"),
		ProjectionExpression: aws.String("#f.x"), ExpressionAttributeNames: map[string]string{"#f": "forum"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":f": sv("S3")}})
	wantAPIError(t, err, "ValidationException", scalars+"Key: forum")
	_, err = srv.c.Scan(bg, &dynamodb.ScanInput{TableName: aws.String("Posts"), FilterExpression: aws.String("attribute_exists(author.x)")})
	wantAPIError(t, err, "ValidationException", scalars+"IndexKey: author")
	_, err = srv.c.Scan(bg, &dynamodb.ScanInput{TableName: aws.String("Posts"), ProjectionExpression: aws.String("subject[0]")})
	wantAPIError(t, err, "ValidationException", scalars+"Key: subject")
	_, err = srv.c.PutItem(bg, &dynamodb.PutItemInput{TableName: aws.String("Posts"), Item: key, ConditionExpression: aws.String("attribute_not_exists(forum.x)")})
	wantAPIError(t, err, "ValidationException", scalars+"Key: forum")
	_, err = srv.c.BatchGetItem(bg, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{
		"Posts": {Keys: []map[string]types.AttributeValue{key}, ProjectionExpression: aws.String("#d[0]"), ExpressionAttributeNames: map[string]string{"#d": "date"}}}})
	wantAPIError(t, err, "ValidationException", scalars+"IndexKey: date")
}

// TestSDKParallelScanStartKeySegment: a parallel Scan's ExclusiveStartKey
// must belong to its Segment.
func TestSDKParallelScanStartKeySegment(t *testing.T) {
	srv := fidelityTable(t)
	for _, k := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		srv.put(t, map[string]types.AttributeValue{"pk": sv(k)})
	}
	seg1, err := srv.c.Scan(bg, &dynamodb.ScanInput{TableName: aws.String("Things"), Segment: aws.Int32(1), TotalSegments: aws.Int32(2)})
	if err != nil || len(seg1.Items) == 0 {
		t.Fatalf("segment 1: %v, %d items", err, len(seg1.Items))
	}
	esk := map[string]types.AttributeValue{"pk": seg1.Items[0]["pk"]}
	_, err = srv.c.Scan(bg, &dynamodb.ScanInput{TableName: aws.String("Things"), Segment: aws.Int32(0), TotalSegments: aws.Int32(2), ExclusiveStartKey: esk})
	wantAPIError(t, err, "ValidationException",
		"The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. TotalSegments: 2 Segment: 0")
	if _, err := srv.c.Scan(bg, &dynamodb.ScanInput{TableName: aws.String("Things"), Segment: aws.Int32(1), TotalSegments: aws.Int32(2), ExclusiveStartKey: esk}); err != nil {
		t.Fatalf("its own segment: %v", err)
	}
}

// TestSDKCreatingTableIsNotFound: data-plane calls on a table still
// CREATING answer ResourceNotFoundException, as DynamoDB does.
func TestSDKCreatingTableIsNotFound(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{TableCreateDelay: time.Hour})
	out, err := srv.c.CreateTable(bg, &dynamodb.CreateTableInput{TableName: aws.String("Soon"), BillingMode: types.BillingModePayPerRequest,
		KeySchema: []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)}, AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS)}})
	if err != nil || out.TableDescription.TableStatus != types.TableStatusCreating {
		t.Fatalf("CreateTable: %v", err)
	}
	if d := sdkDescribe(t, srv.c, "Soon"); d.TableStatus != types.TableStatusCreating {
		t.Fatalf("status %s", d.TableStatus)
	}
	key := map[string]types.AttributeValue{"pk": sv("a")}
	table := aws.String("Soon")
	calls := map[string]func() error{
		"PutItem": func() error {
			_, err := srv.c.PutItem(bg, &dynamodb.PutItemInput{TableName: table, Item: key})
			return err
		},
		"GetItem": func() error {
			_, err := srv.c.GetItem(bg, &dynamodb.GetItemInput{TableName: table, Key: key})
			return err
		},
		"UpdateItem": func() error {
			_, err := srv.c.UpdateItem(bg, &dynamodb.UpdateItemInput{TableName: table, Key: key})
			return err
		},
		"DeleteItem": func() error {
			_, err := srv.c.DeleteItem(bg, &dynamodb.DeleteItemInput{TableName: table, Key: key})
			return err
		},
		"Query": func() error {
			_, err := srv.c.Query(bg, &dynamodb.QueryInput{TableName: table, KeyConditionExpression: aws.String("pk = :p"),
				ExpressionAttributeValues: map[string]types.AttributeValue{":p": sv("a")}})
			return err
		},
		"Scan": func() error { _, err := srv.c.Scan(bg, &dynamodb.ScanInput{TableName: table}); return err },
		"BatchGetItem": func() error {
			_, err := srv.c.BatchGetItem(bg, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{"Soon": {Keys: []map[string]types.AttributeValue{key}}}})
			return err
		},
		"BatchWriteItem": func() error {
			_, err := srv.c.BatchWriteItem(bg, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{"Soon": {{PutRequest: &types.PutRequest{Item: key}}}}})
			return err
		},
	}
	for name, call := range calls {
		t.Run(name, func(t *testing.T) {
			wantAPIError(t, call(), "ResourceNotFoundException", "Requested resource not found")
		})
	}
}
