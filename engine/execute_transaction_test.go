package engine

import (
	"reflect"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

func tx(statements ...string) *model.ExecuteTransactionInput {
	in := &model.ExecuteTransactionInput{ReturnConsumedCapacity: "TOTAL"}
	for _, s := range statements {
		in.TransactStatements = append(in.TransactStatements, model.ParameterizedStatement{Statement: s})
	}
	return in
}

func TestExecuteTransactionWrites(t *testing.T) {
	e, clock := newTestEngine(t)
	createOrders(t, e)
	out, err := e.ExecuteTransaction(ctx, tx(
		`EXISTS(SELECT * FROM Orders WHERE pk = 'c1' AND sk = 1 AND status = 'NEW')`,
		`INSERT INTO Orders VALUE {'pk': 'c3', 'sk': 1, 'total': 5}`,
		`UPDATE Orders SET total = total + 1 WHERE pk = 'c1' AND sk = 2`,
		`DELETE FROM Orders WHERE pk = 'c2' AND sk = 5`,
	))
	mustOK(t, err)
	// ConditionCheck 1 ×2, Put 1 ×2, Update 1 ×2, Delete 1 ×2 + its GSI
	// entry? sk 5 is NEW: the KEYS_ONLY entry goes, 1 (index writes are not
	// doubled: measured against DynamoDB in nubo-db/dynoxide#188, see
	// docs/FIDELITY.md).
	if !reflect.DeepEqual(out.Responses, []model.ItemResponse{}) || len(out.ConsumedCapacity) != 1 || out.ConsumedCapacity[0].CapacityUnits != 9 {
		t.Fatalf("answer %+v %s", out.Responses, dump(out.ConsumedCapacity))
	}
	if getItem(t, e, "Orders", model.Item{"pk": model.S("c1"), "sk": model.N("2")})["total"].N != "21" ||
		getItem(t, e, "Orders", model.Item{"pk": model.S("c3"), "sk": model.N("1")}) == nil ||
		getItem(t, e, "Orders", model.Item{"pk": model.S("c2"), "sk": model.N("5")}) != nil {
		t.Fatal("writes not applied")
	}
	checkIndexesMatchTable(t, e, "Orders")

	// The INSERT of a taken key and a failed EXISTS cancel everything.
	_, err = e.ExecuteTransaction(ctx, tx(
		`UPDATE Orders SET total = 0 WHERE pk = 'c1' AND sk = 3`,
		`INSERT INTO Orders VALUE {'pk': 'c3', 'sk': 1}`,
		`EXISTS(SELECT * FROM Orders WHERE pk = 'c1' AND sk = 4 AND status = 'NEW')`,
		`UPDATE Nope SET a = 1 WHERE pk = 'x'`,
		`DELETE FROM Orders WHERE pk = 'c1'`,
	))
	me, ok := err.(*model.Error)
	if !ok || me.Message != "Transaction cancelled, please refer cancellation reasons for specific reasons [None, DuplicateItem, ConditionalCheckFailed, ResourceNotFound, ValidationError]" {
		t.Fatalf("error %v", err)
	}
	want := []model.CancellationReason{{Code: "None"},
		{Code: "DuplicateItem", Message: "Duplicate primary key exists in table"},
		{Code: "ConditionalCheckFailed", Message: "The conditional request failed"},
		{Code: "ResourceNotFound", Message: "Requested resource not found"},
		{Code: "ValidationError", Message: "The provided key element does not match the schema"}}
	if !reflect.DeepEqual(me.CancellationReasons, want) {
		t.Fatalf("reasons %+v", me.CancellationReasons)
	}
	if getItem(t, e, "Orders", model.Item{"pk": model.S("c1"), "sk": model.N("3")})["total"].N != "30" {
		t.Fatal("a cancelled update was kept")
	}
	errs := []struct {
		in  *model.ExecuteTransactionInput
		msg string
	}{
		{tx(`SELECT * FROM Orders WHERE pk = 'c1' AND sk = 1`, `DELETE FROM Orders WHERE pk = 'c1' AND sk = 1`),
			"ExecuteTransaction API does not support both read and write operations in the same request."},
		{tx(`UPDATE Orders SET a = 1 WHERE pk = 'c1' AND sk = 1`, `UPDATE Orders SET a = 1 WHERE pk = 'c1' AND sk = 2 RETURNING ALL NEW *`),
			"Validation failed in TransactStatements[1]: RETURNING clause is not supported in ExecuteTransaction."},
		{tx(`EXISTS(SELECT * FROM Orders WHERE pk = 'c1' AND sk = 1)`),
			"Validation failed in TransactStatements[0]: EXISTS() must contain a single item read with additional condition"},
		{tx(`SELECT * FROM Orders WHERE pk = 'c1' AND sk = 1 AND total = 10`),
			"Validation failed in TransactStatements[0]: Select statements within ExecuteTransaction must specify the primary key in the where clause."},
		{tx(`SELECT * FROM Orders WHERE pk = 'c1' AND sk = 1`, `SELECT * FROM "Orders"."byStatus" WHERE status = 'NEW'`),
			"Validation failed in TransactStatements[1]: Reads on indices are not supported within transactions."},
		{tx(`UPDATE Orders SET a = 1 WHERE pk = 'c1' AND sk = 1 garbage`),
			"Validation failed in TransactStatements[0]: Statement wasn't well formed, can't be processed: Unexpected token after expression"},
		{tx(`UPDATE Orders SET a = 1 WHERE pk = 'c1' AND sk = 1`, `UPDATE Orders SET b = 1 WHERE sk = 1 AND pk = 'c1'`),
			"Transaction request cannot include multiple operations on one item"},
	}
	for _, tc := range errs {
		_, err := e.ExecuteTransaction(ctx, tc.in)
		wantError(t, err, "ValidationException", tc.msg)
	}

	// A token makes a retry answer without writing again.
	in := tx(`UPDATE Orders SET total = total + 1 WHERE pk = 'c1' AND sk = 4`)
	in.ClientRequestToken = "pq-1"
	for i := 0; i < 2; i++ {
		_, err := e.ExecuteTransaction(ctx, in)
		mustOK(t, err)
	}
	if n := getItem(t, e, "Orders", model.Item{"pk": model.S("c1"), "sk": model.N("4")})["total"].N; n != "41" {
		t.Fatalf("total %s", n)
	}
	other := tx(`UPDATE Orders SET total = total + 2 WHERE pk = 'c1' AND sk = 4`)
	other.ClientRequestToken = "pq-1"
	_, err = e.ExecuteTransaction(ctx, other)
	wantError(t, err, "IdempotentParameterMismatchException", "Specified idempotent token was used with different request parameters within the idempotency window")
	clock.Advance(11 * time.Minute)
	_, err = e.ExecuteTransaction(ctx, other)
	mustOK(t, err)
}

func TestExecuteTransactionReads(t *testing.T) {
	e, _ := newTestEngine(t)
	createOrders(t, e)
	out, err := e.ExecuteTransaction(ctx, tx(
		`SELECT * FROM Orders WHERE pk = 'c1' AND sk = 1`,
		`SELECT absent FROM Orders WHERE pk = 'c1' AND sk = 2`,
		`SELECT total FROM Orders WHERE sk IN [3] AND pk = 'c9'`,
		`SELECT total, m.k[0] FROM Orders WHERE (sk = 3) AND pk IN ['c2'] AND pk = 'c2'`,
	))
	mustOK(t, err)
	if len(out.Responses) != 4 || out.Responses[0].Item["total"].N != "10" || out.Responses[1].Item == nil || len(out.Responses[1].Item) != 0 ||
		out.Responses[2].Item != nil || !reflect.DeepEqual(out.Responses[3].Item, model.Item{"total": model.N("30"), "k[0]": model.S("x")}) {
		t.Fatalf("responses %+v", out.Responses)
	}
	if out.ConsumedCapacity[0].CapacityUnits != 8 || *out.ConsumedCapacity[0].ReadCapacityUnits != 8 {
		t.Fatalf("capacity %s", dump(out.ConsumedCapacity))
	}
	_, err = e.ExecuteTransaction(ctx, tx(`SELECT * FROM Orders WHERE pk = 'c1' AND sk = 1`, `SELECT * FROM Orders WHERE pk = 1 AND sk = 1`,
		`SELECT * FROM Gone WHERE pk = 'x' AND sk = 1`))
	me := err.(*model.Error)
	if me.Message != "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError, ResourceNotFound]" {
		t.Fatalf("error %v", err)
	}
}

func TestBatchExecuteStatement(t *testing.T) {
	e, _ := newTestEngine(t)
	createOrders(t, e)
	batch := func(statements ...string) *model.BatchExecuteStatementInput {
		in := &model.BatchExecuteStatementInput{ReturnConsumedCapacity: "TOTAL"}
		for _, s := range statements {
			in.Statements = append(in.Statements, model.BatchStatementRequest{Statement: s})
		}
		return in
	}
	out, err := e.BatchExecuteStatement(ctx, batch(
		`SELECT total FROM Orders WHERE pk = 'c1' AND sk = 1`,
		`SELECT * FROM Orders WHERE pk = 'c1' AND sk = 9`,
		`SELECT * FROM Orders WHERE pk = 'c1'`,
		`SELECT * FROM Orders WHERE pk = 'c1' AND sk = 1 garbage`,
		`SELECT * FROM Gone WHERE pk = 'c1' AND sk = 1`,
	))
	mustOK(t, err)
	want := []model.BatchStatementResponse{
		{TableName: "Orders", Item: model.Item{"total": model.N("10")}},
		{TableName: "Orders"},
		{TableName: "Orders", Error: &model.BatchStatementError{Code: "ValidationError", Message: "Select statements within BatchExecuteStatement must specify the primary key in the where clause."}},
		{Error: &model.BatchStatementError{Code: "ValidationError", Message: "Statement wasn't well formed, can't be processed: Unexpected token after expression"}},
		{TableName: "Gone", Error: &model.BatchStatementError{Code: "ResourceNotFound", Message: "Requested resource not found"}},
	}
	if !reflect.DeepEqual(out.Responses, want) {
		t.Fatalf("responses\n got %+v\nwant %+v", out.Responses, want)
	}
	// Two eventually consistent reads of ≤ 4 KB.
	if len(out.ConsumedCapacity) != 1 || out.ConsumedCapacity[0].CapacityUnits != 1 {
		t.Fatalf("capacity %s", dump(out.ConsumedCapacity))
	}
	out, err = e.BatchExecuteStatement(ctx, batch(
		`INSERT INTO Orders VALUE {'pk': 'c1', 'sk': 1}`,
		`INSERT INTO Orders VALUE {'pk': 'c4', 'sk': 1}`,
		`UPDATE Orders SET total = 0 WHERE pk = 'c1' AND sk = 2 AND total = 99`,
		`DELETE FROM Orders WHERE pk = 'c2' AND sk = 1`,
	))
	mustOK(t, err)
	want = []model.BatchStatementResponse{
		{TableName: "Orders", Error: &model.BatchStatementError{Code: "DuplicateItem", Message: "Duplicate primary key exists in table"}},
		{TableName: "Orders"},
		{TableName: "Orders", Error: &model.BatchStatementError{Code: "ConditionalCheckFailed", Message: "The conditional request failed"}},
		{TableName: "Orders"},
	}
	if !reflect.DeepEqual(out.Responses, want) {
		t.Fatalf("responses\n got %+v\nwant %+v", out.Responses, want)
	}
	if getItem(t, e, "Orders", model.Item{"pk": model.S("c4"), "sk": model.N("1")}) == nil || getItem(t, e, "Orders", model.Item{"pk": model.S("c2"), "sk": model.N("1")}) != nil {
		t.Fatal("the batch's good writes were not applied")
	}
	_, err = e.BatchExecuteStatement(ctx, batch(`SELECT * FROM Orders WHERE pk = 'c1' AND sk = 1`, `DELETE FROM Orders WHERE pk = 'c1' AND sk = 1`))
	wantError(t, err, "ValidationException", "Read and write requests together in the same batch is not supported.")
	many := batch()
	for i := 0; i < 26; i++ {
		many.Statements = append(many.Statements, model.BatchStatementRequest{Statement: `SELECT * FROM Orders WHERE pk = 'c1' AND sk = 1`})
	}
	_, err = e.BatchExecuteStatement(ctx, many)
	wantError(t, err, "ValidationException", "1 validation error detected: Value '[26 statements]' at 'statements' failed to satisfy constraint: Member must have length less than or equal to 25")
	checkIndexesMatchTable(t, e, "Orders")
}
