package remote

import (
	"context"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// Transactions and PartiQL through the backend and on the twin engine:
// the same answers, cancellation reasons (with items) and per-statement
// errors included.
func TestTransactionsAndPartiQLLikeTheEngine(t *testing.T) {
	tw := newTwins(t)
	ctx := context.Background()
	for _, e := range []*engine.Engine{tw.served, tw.twin} {
		if _, err := e.CreateTable(ctx, ordersTable()); err != nil {
			t.Fatal(err)
		}
		for _, k := range [][2]string{{"a", "1"}, {"a", "2"}, {"b", "1"}} {
			if _, err := e.PutItem(ctx, &model.PutItemInput{TableName: "Orders", Item: allTypes(k[0], k[1])}); err != nil {
				t.Fatal(err)
			}
		}
	}
	key := func(pk, sk string) model.Item { return model.Item{"pk": model.S(pk), "sk": model.N(sk)} }
	vals := func(kv ...any) map[string]model.AttributeValue {
		m := map[string]model.AttributeValue{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1].(model.AttributeValue)
		}
		return m
	}
	steps := []step{
		{name: "TransactWriteItems: put, update, check, delete", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.TransactWriteItems(ctx, &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{
				{Put: &model.Put{TableName: "Orders", Item: allTypes("c", "1"), ConditionExpression: "attribute_not_exists(pk)"}},
				{Update: &model.Update{TableName: "Orders", Key: key("a", "1"), UpdateExpression: "SET s = :s", ExpressionAttributeValues: vals(":s", model.S("tx"))}},
				{ConditionCheck: &model.ConditionCheck{TableName: "Orders", Key: key("a", "2"), ConditionExpression: "#t = :t",
					ExpressionAttributeNames: map[string]string{"#t": "t"}, ExpressionAttributeValues: vals(":t", model.Bool(true))}},
				{Delete: &model.Delete{TableName: "Orders", Key: key("b", "1")}},
			}, ReturnConsumedCapacity: model.ReturnCapacityIndexes, ReturnItemCollectionMetrics: model.ReturnItemCollectionMetricsSize,
				ClientRequestToken: "token-1"})
		}},
		{name: "TransactWriteItems cancelled, with the old item", wantErr: model.ErrTransactionCanceled, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.TransactWriteItems(ctx, &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{
				{Put: &model.Put{TableName: "Orders", Item: allTypes("d", "1")}},
				{ConditionCheck: &model.ConditionCheck{TableName: "Orders", Key: key("a", "1"), ConditionExpression: "s = :no",
					ExpressionAttributeValues: vals(":no", model.S("no")), ReturnValuesOnConditionCheckFailure: model.ReturnValuesAllOld}},
			}})
		}},
		{name: "TransactWriteItems touching one item twice", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.TransactWriteItems(ctx, &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{
				{Delete: &model.Delete{TableName: "Orders", Key: key("a", "1")}},
				{Delete: &model.Delete{TableName: "Orders", Key: key("a", "1")}},
			}})
		}},
		{name: "TransactGetItems: an item, a missing one, a projection of nothing", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.TransactGetItems(ctx, &model.TransactGetItemsInput{TransactItems: []model.TransactGetItem{
				{Get: &model.Get{TableName: "Orders", Key: key("a", "1"), ProjectionExpression: "s, ns, bs"}},
				{Get: &model.Get{TableName: "Orders", Key: key("zz", "1")}},
				{Get: &model.Get{TableName: "Orders", Key: key("a", "2"), ProjectionExpression: "nothere"}},
			}, ReturnConsumedCapacity: model.ReturnCapacityIndexes})
		}},
		{name: "TransactGetItems from a missing table", wantErr: model.ErrResourceNotFound, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.TransactGetItems(ctx, &model.TransactGetItemsInput{TransactItems: []model.TransactGetItem{
				{Get: &model.Get{TableName: "Nope", Key: model.Item{"id": model.S("x")}}}}})
		}},
		{name: "ExecuteStatement SELECT, paged", call: func(ctx context.Context, api engine.API) (any, error) {
			first, err := api.ExecuteStatement(ctx, &model.ExecuteStatementInput{Statement: `SELECT pk, sk, s FROM "Orders" WHERE pk = ?`,
				Parameters: []model.AttributeValue{model.S("a")}, Limit: ptr(int32(1)), ReturnConsumedCapacity: model.ReturnCapacityIndexes})
			if err != nil {
				return nil, err
			}
			second, err := api.ExecuteStatement(ctx, &model.ExecuteStatementInput{Statement: `SELECT pk, sk, s FROM "Orders" WHERE pk = ?`,
				Parameters: []model.AttributeValue{model.S("a")}, NextToken: first.NextToken, ConsistentRead: ptr(true)})
			if err != nil {
				return nil, err
			}
			first.NextToken, second.NextToken = "…", "…" // opaque, of each engine's own
			return []any{first, second}, nil
		}},
		{name: "ExecuteStatement INSERT, UPDATE, DELETE", call: func(ctx context.Context, api engine.API) (any, error) {
			var outs []any
			for _, st := range []model.ExecuteStatementInput{
				{Statement: `INSERT INTO "Orders" VALUE {'pk': ?, 'sk': 7, 'note': 'new'}`, Parameters: []model.AttributeValue{model.S("e")}},
				{Statement: `UPDATE "Orders" SET note = 'changed' WHERE pk = 'e' AND sk = 7 RETURNING ALL NEW *`},
				{Statement: `DELETE FROM "Orders" WHERE pk = 'e' AND sk = 7`, ReturnConsumedCapacity: model.ReturnCapacityTotal},
			} {
				out, err := api.ExecuteStatement(ctx, &st)
				if err != nil {
					return nil, err
				}
				outs = append(outs, out)
			}
			return outs, nil
		}},
		{name: "ExecuteStatement INSERT of an item that exists", wantErr: model.ErrDuplicateItem, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.ExecuteStatement(ctx, &model.ExecuteStatementInput{Statement: `INSERT INTO "Orders" VALUE {'pk': 'a', 'sk': 1}`})
		}},
		{name: "ExecuteStatement with a syntax error", wantErr: model.ErrValidation, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.ExecuteStatement(ctx, &model.ExecuteStatementInput{Statement: `SELEC * FROM "Orders"`})
		}},
		{name: "BatchExecuteStatement reads, one of a missing table", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.BatchExecuteStatement(ctx, &model.BatchExecuteStatementInput{Statements: []model.BatchStatementRequest{
				{Statement: `SELECT * FROM "Orders" WHERE pk = ? AND sk = ?`, Parameters: []model.AttributeValue{model.S("a"), model.N("1")}},
				{Statement: `SELECT * FROM "Orders" WHERE pk = 'zz' AND sk = 1`},
				{Statement: `SELECT * FROM "Nope" WHERE id = 'x'`},
			}, ReturnConsumedCapacity: model.ReturnCapacityTotal})
		}},
		{name: "BatchExecuteStatement writes, one failing its condition", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.BatchExecuteStatement(ctx, &model.BatchExecuteStatementInput{Statements: []model.BatchStatementRequest{
				{Statement: `UPDATE "Orders" SET note = 'x' WHERE pk = 'a' AND sk = 1`},
				{Statement: `DELETE FROM "Orders" WHERE pk = 'a' AND sk = 2 AND s = 'no'`, ReturnValuesOnConditionCheckFailure: model.ReturnValuesAllOld},
			}})
		}},
		{name: "ExecuteTransaction reads", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.ExecuteTransaction(ctx, &model.ExecuteTransactionInput{TransactStatements: []model.ParameterizedStatement{
				{Statement: `SELECT s, t FROM "Orders" WHERE pk = 'a' AND sk = 1`},
				{Statement: `SELECT * FROM "Orders" WHERE pk = 'zz' AND sk = 1`},
			}, ReturnConsumedCapacity: model.ReturnCapacityIndexes})
		}},
		{name: "ExecuteTransaction writes with EXISTS", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.ExecuteTransaction(ctx, &model.ExecuteTransactionInput{TransactStatements: []model.ParameterizedStatement{
				{Statement: `EXISTS(SELECT * FROM "Orders" WHERE pk = 'a' AND sk = 2 AND t = true)`},
				{Statement: `UPDATE "Orders" SET note = ? WHERE pk = 'a' AND sk = 1`, Parameters: []model.AttributeValue{model.S("in tx")}},
			}, ClientRequestToken: "token-2", ReturnConsumedCapacity: model.ReturnCapacityTotal})
		}},
		{name: "ExecuteTransaction cancelled", wantErr: model.ErrTransactionCanceled, call: func(ctx context.Context, api engine.API) (any, error) {
			return api.ExecuteTransaction(ctx, &model.ExecuteTransactionInput{TransactStatements: []model.ParameterizedStatement{
				{Statement: `EXISTS(SELECT * FROM "Orders" WHERE pk = 'a' AND sk = 2 AND t = false)`},
				{Statement: `DELETE FROM "Orders" WHERE pk = 'a' AND sk = 1`},
			}})
		}},
		{name: "the items after all that", call: func(ctx context.Context, api engine.API) (any, error) {
			return api.Scan(ctx, &model.ScanInput{TableName: "Orders"})
		}},
	}
	runSteps(t, tw, steps)
}

// A read-only backend refuses transactions and statements that write,
// whatever their case or the comments before them, and lets reads through.
func TestReadOnlyTransactionsAndStatements(t *testing.T) {
	tw := newTwins(t)
	ctx := context.Background()
	if _, err := tw.served.CreateTable(ctx, plainTable()); err != nil {
		t.Fatal(err)
	}
	refused := []struct {
		name string
		call func() error
	}{
		{"TransactWriteItems", func() error {
			_, err := tw.ro.TransactWriteItems(ctx, &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{
				{Put: &model.Put{TableName: "Plain", Item: model.Item{"id": model.S("x")}}}}})
			return err
		}},
		{"ExecuteStatement INSERT", func() error {
			_, err := tw.ro.ExecuteStatement(ctx, &model.ExecuteStatementInput{Statement: `INSERT INTO "Plain" VALUE {'id': 'x'}`})
			return err
		}},
		{"ExecuteStatement update after a comment", func() error {
			_, err := tw.ro.ExecuteStatement(ctx, &model.ExecuteStatementInput{Statement: "-- fix\n /* note */ update \"Plain\" SET a = 1 WHERE id = 'x'"})
			return err
		}},
		{"BatchExecuteStatement with one DELETE", func() error {
			_, err := tw.ro.BatchExecuteStatement(ctx, &model.BatchExecuteStatementInput{Statements: []model.BatchStatementRequest{
				{Statement: `SELECT * FROM "Plain" WHERE id = 'x'`}, {Statement: `DELETE FROM "Plain" WHERE id = 'x'`}}})
			return err
		}},
		{"ExecuteTransaction with one write", func() error {
			_, err := tw.ro.ExecuteTransaction(ctx, &model.ExecuteTransactionInput{TransactStatements: []model.ParameterizedStatement{
				{Statement: `EXISTS(SELECT * FROM "Plain" WHERE id = 'y')`}, {Statement: `Delete FROM "Plain" WHERE id = 'x'`}}})
			return err
		}},
	}
	for _, r := range refused {
		if err := r.call(); err == nil || err.Error() != "read-only: start with --write to change this table" {
			t.Errorf("%s: %v", r.name, err)
		}
	}
	if _, err := tw.ro.ExecuteStatement(ctx, &model.ExecuteStatementInput{Statement: `/* read */ SELECT * FROM "Plain"`}); err != nil {
		t.Errorf("SELECT on a read-only backend: %v", err)
	}
	if _, err := tw.ro.TransactGetItems(ctx, &model.TransactGetItemsInput{TransactItems: []model.TransactGetItem{
		{Get: &model.Get{TableName: "Plain", Key: model.Item{"id": model.S("x")}}}}}); err != nil {
		t.Errorf("TransactGetItems on a read-only backend: %v", err)
	}
	if n := len(scanAll(t, tw.served, "Plain")); n != 0 {
		t.Fatalf("refused writes wrote %d items", n)
	}
}

func TestWritesStatement(t *testing.T) {
	for stmt, want := range map[string]bool{
		`SELECT * FROM "T"`:                      false,
		`  select * from T`:                      false,
		`EXISTS(SELECT * FROM T WHERE a = 1)`:    false,
		`INSERT INTO T VALUE {'a': 1}`:           true,
		"\t\nupdate T SET a = 1":                 true,
		`DELETE FROM T WHERE a = 1`:              true,
		"-- a comment\nDELETE FROM T":            true,
		"/* SELECT */ Insert INTO T VALUE {}":    true,
		"/* never closed DELETE":                 false,
		"-- only a comment":                      false,
		`UPSERT INTO T VALUE {'a': 1}`:           true,
		`"DELETE"`:                               false,
		``:                                       false,
		`SELECTED`:                               false,
		`DELETED FROM T`:                         false,
		`UPDATE"T" SET a = 1 WHERE k = 'x'`:      true,
		"/* a */ /* b */ -- c\n  REPLACE INTO T": true,
	} {
		if got := writesStatement(stmt); got != want {
			t.Errorf("writesStatement(%q) = %v, want %v", stmt, got, want)
		}
	}
}

// writesStatement reads any text without failing, and comments before a
// statement change nothing. Seeds in testdata/fuzz/FuzzWritesStatement.
func FuzzWritesStatement(f *testing.F) {
	f.Fuzz(func(t *testing.T, stmt string) {
		w := writesStatement(stmt)
		if strings.Contains(stmt, "*/") {
			return
		}
		if got := writesStatement("/* " + stmt + " */ SELECT 1"); got {
			t.Fatalf("a commented-out statement writes: %q", stmt)
		}
		if got := writesStatement("-- note\n /* x */" + stmt); got != w {
			t.Fatalf("comments changed %q: %v then %v", stmt, w, got)
		}
	})
}
