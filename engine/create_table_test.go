package engine

import (
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

func ad(name, typ string) model.AttributeDefinition {
	return model.AttributeDefinition{AttributeName: name, AttributeType: typ}
}

func hk(name string) model.KeySchemaElement {
	return model.KeySchemaElement{AttributeName: name, KeyType: model.KeyTypeHash}
}

func rk(name string) model.KeySchemaElement {
	return model.KeySchemaElement{AttributeName: name, KeyType: model.KeyTypeRange}
}

func TestCreateTableValidation(t *testing.T) {
	onDemand := model.BillingPayPerRequest
	all := model.Projection{ProjectionType: model.ProjectionAll}
	tests := []struct {
		name string
		in   model.CreateTableInput
		code string
		msg  string
	}{
		{
			name: "seed 001: attribute definition used by no key",
			in: model.CreateTableInput{TableName: "schema-demo", BillingMode: onDemand,
				KeySchema:            []model.KeySchemaElement{hk("pk")},
				AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S"), ad("ix_pk", "S")}},
			code: model.ErrValidation,
			msg:  "One or more parameter values were invalid: Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions",
		},
		// More key elements than definitions comes first (dynalite's
		// createTable tests "missing key attr definition when double and
		// valid"; the 2026 capture of dynamodb-conformance
		// tests/tier3/error-messages/createTable.test.ts "duplicate
		// attribute in KeySchema" gives the same text for [a HASH, a RANGE]).
		{
			name: "key attribute not defined",
			in: model.CreateTableInput{TableName: "t1t", BillingMode: onDemand,
				KeySchema:            []model.KeySchemaElement{hk("a"), rk("b")},
				AttributeDefinitions: []model.AttributeDefinition{ad("a", "S")}},
			code: model.ErrValidation,
			msg:  "Invalid KeySchema: Some index key attribute have no definition",
		},
		{
			name: "key attribute not defined, as many definitions",
			in: model.CreateTableInput{TableName: "t1t", BillingMode: onDemand,
				KeySchema:            []model.KeySchemaElement{hk("a"), rk("b")},
				AttributeDefinitions: []model.AttributeDefinition{ad("a", "S"), ad("c", "S")}},
			code: model.ErrValidation,
			msg:  "One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [a, b], AttributeDefinitions: [a, c]",
		},
		{
			name: "same hash and range name, one definition",
			in: model.CreateTableInput{TableName: "abc", BillingMode: onDemand,
				KeySchema:            []model.KeySchemaElement{hk("a"), rk("a")},
				AttributeDefinitions: []model.AttributeDefinition{ad("a", "S")}},
			code: model.ErrValidation,
			msg:  "Invalid KeySchema: Some index key attribute have no definition",
		},
		{
			name: "same hash and range name",
			in: model.CreateTableInput{TableName: "abc", BillingMode: onDemand,
				KeySchema:            []model.KeySchemaElement{hk("a"), rk("a")},
				AttributeDefinitions: []model.AttributeDefinition{ad("a", "S"), ad("b", "S")}},
			code: model.ErrValidation,
			msg:  "Both the Hash Key and the Range Key element in the KeySchema have the same name",
		},
		{
			name: "first element not HASH",
			in: model.CreateTableInput{TableName: "abc", BillingMode: onDemand,
				KeySchema:            []model.KeySchemaElement{rk("a")},
				AttributeDefinitions: []model.AttributeDefinition{ad("a", "S")}},
			code: model.ErrValidation,
			msg:  "Invalid KeySchema: The first KeySchemaElement is not a HASH key type",
		},
		{
			name: "second element not RANGE",
			in: model.CreateTableInput{TableName: "abc", BillingMode: onDemand,
				KeySchema:            []model.KeySchemaElement{hk("a"), hk("b")},
				AttributeDefinitions: []model.AttributeDefinition{ad("a", "S"), ad("b", "S")}},
			code: model.ErrValidation,
			msg:  "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type",
		},
		{
			name: "short table name",
			in: model.CreateTableInput{TableName: "ab", BillingMode: onDemand,
				KeySchema: []model.KeySchemaElement{hk("a")}, AttributeDefinitions: []model.AttributeDefinition{ad("a", "S")}},
			code: model.ErrValidation,
			msg:  "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
		},
		{
			name: "bad characters and short",
			in: model.CreateTableInput{TableName: "a!", BillingMode: onDemand,
				KeySchema: []model.KeySchemaElement{hk("a")}, AttributeDefinitions: []model.AttributeDefinition{ad("a", "S")}},
			code: model.ErrValidation,
			msg:  "2 validation errors detected: Value 'a!' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value 'a!' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
		},
		{
			name: "attribute type not S N B",
			in: model.CreateTableInput{TableName: "abc", BillingMode: onDemand,
				KeySchema: []model.KeySchemaElement{hk("a")}, AttributeDefinitions: []model.AttributeDefinition{ad("a", "BOOL")}},
			code: model.ErrValidation,
			msg:  "1 validation error detected: Value 'BOOL' at 'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]",
		},
		{
			name: "provisioned without throughput",
			in: model.CreateTableInput{TableName: "abc",
				KeySchema: []model.KeySchemaElement{hk("a")}, AttributeDefinitions: []model.AttributeDefinition{ad("a", "S")}},
			code: model.ErrValidation,
			msg:  "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED",
		},
		{
			name: "on-demand with throughput",
			in: model.CreateTableInput{TableName: "abc", BillingMode: onDemand,
				ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: i64(1), WriteCapacityUnits: i64(1)},
				KeySchema:             []model.KeySchemaElement{hk("a")}, AttributeDefinitions: []model.AttributeDefinition{ad("a", "S")}},
			code: model.ErrValidation,
			msg:  "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST",
		},
		{
			name: "LSI on a hash-only table",
			in: model.CreateTableInput{TableName: "abc", BillingMode: onDemand,
				KeySchema: []model.KeySchemaElement{hk("a")}, AttributeDefinitions: []model.AttributeDefinition{ad("a", "S"), ad("c", "S")},
				LocalSecondaryIndexes: []model.LocalSecondaryIndex{{IndexName: "lsi", KeySchema: []model.KeySchemaElement{hk("a"), rk("c")}, Projection: all}}},
			code: model.ErrValidation,
			msg:  "One or more parameter values were invalid: Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex",
		},
		{
			name: "LSI with another hash key",
			in: model.CreateTableInput{TableName: "abc", BillingMode: onDemand,
				KeySchema:             []model.KeySchemaElement{hk("a"), rk("b")},
				AttributeDefinitions:  []model.AttributeDefinition{ad("a", "S"), ad("b", "S"), ad("c", "S")},
				LocalSecondaryIndexes: []model.LocalSecondaryIndex{{IndexName: "lsi", KeySchema: []model.KeySchemaElement{hk("c"), rk("b")}, Projection: all}}},
			code: model.ErrValidation,
			msg:  "One or more parameter values were invalid: Index KeySchema does not have the same leading hash key as table KeySchema for index: lsi. index hash key: c, table hash key: a",
		},
		{
			name: "LSI without range key",
			in: model.CreateTableInput{TableName: "abc", BillingMode: onDemand,
				KeySchema:             []model.KeySchemaElement{hk("a"), rk("b")},
				AttributeDefinitions:  []model.AttributeDefinition{ad("a", "S"), ad("b", "S")},
				LocalSecondaryIndexes: []model.LocalSecondaryIndex{{IndexName: "lsi", KeySchema: []model.KeySchemaElement{hk("a")}, Projection: all}}},
			code: model.ErrValidation,
			msg:  "One or more parameter values were invalid: Index KeySchema does not have a range key for index: lsi",
		},
		{
			name: "KEYS_ONLY with NonKeyAttributes",
			in: model.CreateTableInput{TableName: "abc", BillingMode: onDemand,
				KeySchema:              []model.KeySchemaElement{hk("a")},
				AttributeDefinitions:   []model.AttributeDefinition{ad("a", "S"), ad("g", "S")},
				GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "gsi", KeySchema: []model.KeySchemaElement{hk("g")}, Projection: model.Projection{ProjectionType: "KEYS_ONLY", NonKeyAttributes: []string{"x"}}}}},
			code: model.ErrValidation,
			msg:  "One or more parameter values were invalid: ProjectionType is KEYS_ONLY, but NonKeyAttributes is specified",
		},
		{
			name: "duplicate index name",
			in: model.CreateTableInput{TableName: "abc", BillingMode: onDemand,
				KeySchema:            []model.KeySchemaElement{hk("a")},
				AttributeDefinitions: []model.AttributeDefinition{ad("a", "S"), ad("g", "S")},
				GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{
					{IndexName: "gsi", KeySchema: []model.KeySchemaElement{hk("g")}, Projection: all},
					{IndexName: "gsi", KeySchema: []model.KeySchemaElement{hk("g")}, Projection: all}}},
			code: model.ErrValidation,
			msg:  "One or more parameter values were invalid: Duplicate index name: gsi",
		},
		{
			name: "provisioned GSI without throughput",
			in: model.CreateTableInput{TableName: "abc",
				ProvisionedThroughput:  &model.ProvisionedThroughput{ReadCapacityUnits: i64(1), WriteCapacityUnits: i64(1)},
				KeySchema:              []model.KeySchemaElement{hk("a")},
				AttributeDefinitions:   []model.AttributeDefinition{ad("a", "S"), ad("g", "S")},
				GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "gsi", KeySchema: []model.KeySchemaElement{hk("g")}, Projection: all}}},
			code: model.ErrValidation,
			msg:  "One or more parameter values were invalid: ProvisionedThroughput must be specified for index: gsi",
		},
		{
			name: "zero capacity",
			in: model.CreateTableInput{TableName: "abc",
				ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: i64(0), WriteCapacityUnits: i64(1)},
				KeySchema:             []model.KeySchemaElement{hk("a")}, AttributeDefinitions: []model.AttributeDefinition{ad("a", "S")}},
			code: model.ErrValidation,
			msg:  "1 validation error detected: Value '0' at 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member must have value greater than or equal to 1",
		},
	}
	six := model.CreateTableInput{TableName: "abc", BillingMode: onDemand,
		KeySchema: []model.KeySchemaElement{hk("a"), rk("b")}, AttributeDefinitions: []model.AttributeDefinition{ad("a", "S"), ad("b", "S"), ad("c", "S")}}
	for i := 0; i < 6; i++ {
		six.LocalSecondaryIndexes = append(six.LocalSecondaryIndexes, model.LocalSecondaryIndex{
			IndexName: "lsi" + string(rune('a'+i)), KeySchema: []model.KeySchemaElement{hk("a"), rk("c")}, Projection: all})
	}
	tests = append(tests, struct {
		name string
		in   model.CreateTableInput
		code string
		msg  string
	}{"six LSIs", six, model.ErrValidation, "One or more parameter values were invalid: Number of LocalSecondaryIndexes exceeds per-table limit of 5"})

	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, _ := newTestEngine(t)
			_, err := e.CreateTable(ctx, &tt.in)
			wantError(t, err, tt.code, tt.msg)
			out, err := e.ListTables(ctx, &model.ListTablesInput{})
			mustOK(t, err)
			if len(out.TableNames) != 0 {
				t.Fatalf("a rejected CreateTable left tables %v", out.TableNames)
			}
		})
	}
}

func TestCreateTableLifecycle(t *testing.T) {
	e, _ := newTestEngine(t)
	in := &model.CreateTableInput{TableName: "Thread",
		ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: i64(10), WriteCapacityUnits: i64(5)},
		KeySchema:             []model.KeySchemaElement{hk("ForumName"), rk("Subject")},
		AttributeDefinitions:  []model.AttributeDefinition{ad("ForumName", "S"), ad("Subject", "S"), ad("LastPostDateTime", "S")},
		LocalSecondaryIndexes: []model.LocalSecondaryIndex{{IndexName: "LastPostIndex",
			KeySchema:  []model.KeySchemaElement{hk("ForumName"), rk("LastPostDateTime")},
			Projection: model.Projection{ProjectionType: "INCLUDE", NonKeyAttributes: []string{"Replies"}}}},
	}
	out, err := e.CreateTable(ctx, in)
	mustOK(t, err)
	d := out.TableDescription
	if d.TableStatus != model.StatusCreating {
		t.Fatalf("CreateTable status = %s, want CREATING", d.TableStatus)
	}
	if d.TableArn != "arn:aws:dynamodb:us-east-1:000000000000:table/Thread" {
		t.Fatalf("TableArn = %s", d.TableArn)
	}
	if got := d.LocalSecondaryIndexes[0].IndexArn; got != "arn:aws:dynamodb:us-east-1:000000000000:table/Thread/index/LastPostIndex" {
		t.Fatalf("IndexArn = %s", got)
	}
	desc, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Thread"})
	mustOK(t, err)
	if desc.Table.TableStatus != model.StatusActive {
		t.Fatalf("DescribeTable status = %s, want ACTIVE", desc.Table.TableStatus)
	}
	if pt := desc.Table.ProvisionedThroughput; pt.ReadCapacityUnits != 10 || pt.WriteCapacityUnits != 5 {
		t.Fatalf("throughput = %+v", pt)
	}
	_, err = e.CreateTable(ctx, in)
	wantError(t, err, model.ErrResourceInUse, "Table already exists: Thread")

	del, err := e.DeleteTable(ctx, &model.DeleteTableInput{TableName: "Thread"})
	mustOK(t, err)
	if del.TableDescription.TableStatus != model.StatusDeleting {
		t.Fatalf("DeleteTable status = %s", del.TableDescription.TableStatus)
	}
	_, err = e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Thread"})
	wantError(t, err, model.ErrResourceNotFound, "Requested resource not found: Table: Thread not found")
	_, err = e.GetItem(ctx, &model.GetItemInput{TableName: "Thread", Key: model.Item{"ForumName": model.S("a"), "Subject": model.S("b")}})
	wantError(t, err, model.ErrResourceNotFound, "Requested resource not found")
}

func TestListTablesPaging(t *testing.T) {
	e, _ := newTestEngine(t)
	for _, n := range []string{"ccc", "aaa", "bbb", "ddd"} {
		createSimple(t, e, n, "", "")
	}
	out, err := e.ListTables(ctx, &model.ListTablesInput{Limit: i32(2)})
	mustOK(t, err)
	if len(out.TableNames) != 2 || out.TableNames[0] != "aaa" || out.TableNames[1] != "bbb" || out.LastEvaluatedTableName != "bbb" {
		t.Fatalf("page 1 = %+v", out)
	}
	out, err = e.ListTables(ctx, &model.ListTablesInput{Limit: i32(2), ExclusiveStartTableName: "bbb"})
	mustOK(t, err)
	if len(out.TableNames) != 2 || out.TableNames[0] != "ccc" || out.TableNames[1] != "ddd" || out.LastEvaluatedTableName != "" {
		t.Fatalf("page 2 = %+v", out)
	}
	_, err = e.ListTables(ctx, &model.ListTablesInput{Limit: i32(101)})
	wantError(t, err, model.ErrValidation, "1 validation error detected: Value '101' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 100")
}
