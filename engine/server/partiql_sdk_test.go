package server_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// createMusic makes "Music" (Artist S, SongTitle S) with a GSI byYear
// (Year N, ALL) and four songs.
func createMusic(t *testing.T, eng *engine.Engine) {
	t.Helper()
	ctx := context.Background()
	_, err := eng.CreateTable(ctx, &model.CreateTableInput{TableName: "Music", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{{AttributeName: "Artist", KeyType: "HASH"}, {AttributeName: "SongTitle", KeyType: "RANGE"}},
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "Artist", AttributeType: "S"}, {AttributeName: "SongTitle", AttributeType: "S"},
			{AttributeName: "Year", AttributeType: "N"}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "byYear",
			KeySchema: []model.KeySchemaElement{{AttributeName: "Year", KeyType: "HASH"}}, Projection: model.Projection{ProjectionType: "ALL"}}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct{ artist, title, year string }{
		{"Acme Band", "Happy Day", "2020"}, {"Acme Band", "PartiQL Rocks", "2021"},
		{"No One You Know", "Call Me Today", "2020"}, {"No One You Know", "Somewhat Famous", "2019"},
	} {
		if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: "Music", Item: model.Item{"Artist": model.S(s.artist),
			"SongTitle": model.S(s.title), "Year": model.N(s.year)}}); err != nil {
			t.Fatal(err)
		}
	}
}

func titles(items []map[string]types.AttributeValue) string {
	var out []string
	for _, it := range items {
		out = append(out, avText(it["SongTitle"]))
	}
	return strings.Join(out, ", ")
}

func TestSDKExecuteStatement(t *testing.T) {
	eng, c := sdkEngine(t)
	createMusic(t, eng)
	ctx := context.Background()
	run := func(statement string, params ...types.AttributeValue) (*dynamodb.ExecuteStatementOutput, error) {
		return c.ExecuteStatement(ctx, &dynamodb.ExecuteStatementInput{Statement: aws.String(statement), Parameters: params,
			ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal})
	}
	// With the partition key: a Query of one partition; without: a Scan of
	// every item, filtered. Same items, different costs.
	out, err := run(`SELECT * FROM "Music" WHERE Artist = ? AND "Year" >= 2020`, avS("Acme Band"))
	if err != nil {
		t.Fatal(err)
	}
	if titles(out.Items) != "Happy Day, PartiQL Rocks" || *out.ConsumedCapacity.CapacityUnits != 0.5 {
		t.Fatalf("query %s %g", titles(out.Items), *out.ConsumedCapacity.CapacityUnits)
	}
	plan, err := eng.PlanStatement(ctx, `SELECT * FROM "Music" WHERE "Year" = 2020`, nil)
	if err != nil || plan.Action != "Scan" || !plan.FullScan() {
		t.Fatalf("plan %+v %v", plan, err)
	}
	out, err = run(`SELECT SongTitle FROM "Music"."byYear" WHERE "Year" = 2020`)
	if err != nil || len(out.Items) != 2 || len(out.Items[0]) != 1 {
		t.Fatalf("index read %v %v", out.Items, err)
	}
	// Paging.
	var pages []string
	in := &dynamodb.ExecuteStatementInput{Statement: aws.String(`SELECT * FROM Music WHERE Artist IN ['No One You Know', 'Acme Band']`), Limit: aws.Int32(3)}
	for {
		page, err := c.ExecuteStatement(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, titles(page.Items))
		if page.NextToken == nil {
			break
		}
		in.NextToken = page.NextToken
	}
	if got := strings.Join(pages, " | "); got != "Call Me Today, Somewhat Famous, Happy Day | PartiQL Rocks" {
		t.Fatalf("pages %q", got)
	}
	// Writes.
	out, err = run(`INSERT INTO Music VALUE {'Artist': 'Acme Band', 'SongTitle': 'Best Song', 'Awards': <<'Grammy'>>}`)
	if err != nil || len(out.Items) != 0 || *out.ConsumedCapacity.CapacityUnits != 1 {
		t.Fatalf("insert %v %v", out, err)
	}
	_, err = run(`INSERT INTO Music VALUE {'Artist': 'Acme Band', 'SongTitle': 'Best Song'}`)
	var dup *types.DuplicateItemException
	if !errors.As(err, &dup) || dup.ErrorMessage() != "Duplicate primary key exists in table" {
		t.Fatalf("duplicate insert: %v", err)
	}
	out, err = run(`UPDATE Music SET Plays = 1 REMOVE Awards WHERE Artist = 'Acme Band' AND SongTitle = 'Best Song' RETURNING ALL NEW *`)
	if err != nil || len(out.Items) != 1 || avText(out.Items[0]["Plays"]) != "1" || out.Items[0]["Awards"] != nil {
		t.Fatalf("update %v %v", out, err)
	}
	_, err = c.ExecuteStatement(ctx, &dynamodb.ExecuteStatementInput{Statement: aws.String(`UPDATE Music SET Plays = 2 WHERE Artist = 'Acme Band' AND SongTitle = 'Best Song' AND Plays = 5`),
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld})
	var ccf *types.ConditionalCheckFailedException
	if !errors.As(err, &ccf) || avText(ccf.Item["Plays"]) != "1" {
		t.Fatalf("failed update: %v", err)
	}
	cases := []struct{ statement, code, msg string }{
		{`SELECT * FROM Music WHERE Artist = 'x' foo`, "ValidationException", "Statement wasn't well formed, can't be processed: Unexpected token after expression"},
		{`SELECT * FROM Music m`, "ValidationException", "Aliasing is not supported"},
		{`SELECT * FROM Nope`, "ResourceNotFoundException", "Requested resource not found"},
		{`DELETE FROM Music WHERE Artist = 'x'`, "ValidationException", "Where clause does not contain a mandatory equality on all key attributes"},
		{`SELECT * FROM Music WHERE Artist IN ['a', 'a']`, "ValidationException", "Overlapping conditions with range keys are not supported in where clause"},
		{strings.Repeat(" ", 8193), "ValidationException", "1 validation error detected: Value '" + strings.Repeat(" ", 8193) + "' at 'statement' failed to satisfy constraint: Member must have length less than or equal to 8192"},
	}
	for _, tc := range cases {
		_, err := run(tc.statement)
		wantAPIError(t, err, tc.code, tc.msg)
	}
}

func TestSDKBatchExecuteStatement(t *testing.T) {
	eng, c := sdkEngine(t)
	createMusic(t, eng)
	ctx := context.Background()
	out, err := c.BatchExecuteStatement(ctx, &dynamodb.BatchExecuteStatementInput{ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal,
		Statements: []types.BatchStatementRequest{
			{Statement: aws.String(`SELECT SongTitle, "Year" FROM Music WHERE Artist = ? AND SongTitle = ?`), Parameters: []types.AttributeValue{avS("Acme Band"), avS("Happy Day")}},
			{Statement: aws.String(`SELECT * FROM Music WHERE Artist = 'Acme Band'`)},
			{Statement: aws.String(`SELECT * FROM Music WHERE Artist = 'Nobody' AND SongTitle = 'x'`), ConsistentRead: aws.Bool(true)},
		}})
	if err != nil {
		t.Fatal(err)
	}
	r := out.Responses
	if len(r) != 3 || *r[0].TableName != "Music" || len(r[0].Item) != 2 || avText(r[0].Item["Year"]) != "2020" ||
		r[1].Error.Code != types.BatchStatementErrorCodeEnumValidationError ||
		*r[1].Error.Message != "Select statements within BatchExecuteStatement must specify the primary key in the where clause." ||
		r[2].Error != nil || r[2].Item != nil {
		t.Fatalf("responses %+v", r)
	}
	// An eventually consistent read (0.5) and a strongly consistent one (1).
	if len(out.ConsumedCapacity) != 1 || *out.ConsumedCapacity[0].CapacityUnits != 1.5 {
		t.Fatalf("capacity %+v", out.ConsumedCapacity)
	}
	out, err = c.BatchExecuteStatement(ctx, &dynamodb.BatchExecuteStatementInput{Statements: []types.BatchStatementRequest{
		{Statement: aws.String(`INSERT INTO Music VALUE {'Artist': 'Acme Band', 'SongTitle': 'Happy Day'}`)},
		{Statement: aws.String(`UPDATE Music SET Plays = 1 WHERE Artist = 'Acme Band' AND SongTitle = 'Happy Day'`)},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if out.Responses[0].Error.Code != types.BatchStatementErrorCodeEnumDuplicateItem || out.Responses[1].Error != nil {
		t.Fatalf("responses %+v", out.Responses)
	}
	many := make([]types.BatchStatementRequest, 26)
	for i := range many {
		many[i] = types.BatchStatementRequest{Statement: aws.String(`SELECT * FROM Music WHERE Artist = 'a' AND SongTitle = 'b'`)}
	}
	_, err = c.BatchExecuteStatement(ctx, &dynamodb.BatchExecuteStatementInput{Statements: many})
	wantAPIError(t, err, "ValidationException", "1 validation error detected: Value '[26 statements]' at 'statements' failed to satisfy constraint: Member must have length less than or equal to 25")
	_, err = c.BatchExecuteStatement(ctx, &dynamodb.BatchExecuteStatementInput{Statements: []types.BatchStatementRequest{
		{Statement: aws.String(`SELECT * FROM Music WHERE Artist = 'a' AND SongTitle = 'b'`)},
		{Statement: aws.String(`DELETE FROM Music WHERE Artist = 'a' AND SongTitle = 'b'`)},
	}})
	wantAPIError(t, err, "ValidationException", "Read and write requests together in the same batch is not supported.")
}

// TestSDKExecuteTransactionUniqueness is the uniqueness-constraint pattern
// in PartiQL: the second sign-up with the same email is cancelled and the
// reasons say which statement failed.
func TestSDKExecuteTransactionUniqueness(t *testing.T) {
	eng, c := sdkEngine(t)
	createTransactTables(t, eng)
	ctx := context.Background()
	signUp := func(user, email string) *dynamodb.ExecuteTransactionInput {
		return &dynamodb.ExecuteTransactionInput{ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal, TransactStatements: []types.ParameterizedStatement{
			{Statement: aws.String(`INSERT INTO users VALUE {'pk': ?, 'sk': 'PROFILE', 'email': ?}`), Parameters: []types.AttributeValue{avS("USER#" + user), avS(email)}},
			{Statement: aws.String(`INSERT INTO emails VALUE {'pk': ?, 'user': ?}`), Parameters: []types.AttributeValue{avS("EMAIL#" + email), avS(user)}},
		}}
	}
	out, err := c.ExecuteTransaction(ctx, signUp("ann", "ann@example.com"))
	if err != nil {
		t.Fatal(err)
	}
	units := map[string]float64{}
	for _, cc := range out.ConsumedCapacity {
		units[*cc.TableName] = *cc.CapacityUnits
	}
	// users: 1 ×2 on the table, 1 on its index (index writes are not
	// doubled in a transaction: nubo-db/dynoxide#188, docs/FIDELITY.md).
	if len(out.Responses) != 0 || units["users"] != 3 || units["emails"] != 2 {
		t.Fatalf("answer %+v %v", out.Responses, units)
	}
	_, err = c.ExecuteTransaction(ctx, signUp("bob", "ann@example.com"))
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) || tce.ErrorMessage() != "Transaction cancelled, please refer cancellation reasons for specific reasons [None, DuplicateItem]" ||
		*tce.CancellationReasons[1].Message != "Duplicate primary key exists in table" {
		t.Fatalf("error %v", err)
	}
	read, err := c.ExecuteTransaction(ctx, &dynamodb.ExecuteTransactionInput{TransactStatements: []types.ParameterizedStatement{
		{Statement: aws.String(`SELECT email FROM users WHERE pk = 'USER#ann' AND sk = 'PROFILE'`)},
		{Statement: aws.String(`SELECT * FROM users WHERE pk = 'USER#bob' AND sk = 'PROFILE'`)},
	}})
	if err != nil || len(read.Responses) != 2 || avText(read.Responses[0].Item["email"]) != "ann@example.com" || read.Responses[1].Item != nil {
		t.Fatalf("reads %+v %v", read, err)
	}
	statements := make([]types.ParameterizedStatement, 101)
	for i := range statements {
		statements[i] = types.ParameterizedStatement{Statement: aws.String(fmt.Sprintf(`DELETE FROM emails WHERE pk = '%d'`, i))}
	}
	_, err = c.ExecuteTransaction(ctx, &dynamodb.ExecuteTransactionInput{TransactStatements: statements})
	wantAPIError(t, err, "ValidationException", "1 validation error detected: Value '[101 statements]' at 'transactStatements' failed to satisfy constraint: Member must have length less than or equal to 100")
	_, err = c.ExecuteTransaction(ctx, &dynamodb.ExecuteTransactionInput{TransactStatements: []types.ParameterizedStatement{
		{Statement: aws.String(`SELECT * FROM users WHERE pk = 'USER#ann' AND sk = 'PROFILE'`)},
		{Statement: aws.String(`DELETE FROM emails WHERE pk = 'x'`)},
	}})
	wantAPIError(t, err, "ValidationException", "ExecuteTransaction API does not support both read and write operations in the same request.")
	for _, tc := range []struct{ statement, msg string }{
		{`UPDATE emails SET n = 1 WHERE pk = 'x' RETURNING ALL NEW *`, "Validation failed in TransactStatements[0]: RETURNING clause is not supported in ExecuteTransaction."},
		{`EXISTS(SELECT * FROM emails WHERE pk = 'x')`, "Validation failed in TransactStatements[0]: EXISTS() must contain a single item read with additional condition"},
		{`SELECT * FROM users WHERE pk = 'USER#ann'`, "Validation failed in TransactStatements[0]: Select statements within ExecuteTransaction must specify the primary key in the where clause."},
		{`SELECT * FROM "users"."byEmail" WHERE pk = 'USER#ann' AND email = 'a'`, "Validation failed in TransactStatements[0]: Reads on indices are not supported within transactions."},
	} {
		_, err = c.ExecuteTransaction(ctx, &dynamodb.ExecuteTransactionInput{TransactStatements: []types.ParameterizedStatement{{Statement: aws.String(tc.statement)}}})
		wantAPIError(t, err, "ValidationException", tc.msg)
	}
	tok := &dynamodb.ExecuteTransactionInput{ClientRequestToken: aws.String("t-1"), TransactStatements: []types.ParameterizedStatement{
		{Statement: aws.String(`UPDATE emails SET n = 1 WHERE pk = 'EMAIL#ann@example.com'`)}}}
	if _, err := c.ExecuteTransaction(ctx, tok); err != nil {
		t.Fatal(err)
	}
	tok.TransactStatements[0].Statement = aws.String(`UPDATE emails SET n = 2 WHERE pk = 'EMAIL#ann@example.com'`)
	_, err = c.ExecuteTransaction(ctx, tok)
	var mismatch *types.IdempotentParameterMismatchException
	if !errors.As(err, &mismatch) {
		t.Fatalf("error %v", err)
	}
}
