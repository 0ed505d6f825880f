package engine

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// createTxnTables makes "accounts" (pk S, GSI byOwner on owner, stream NEW_AND_OLD_IMAGES)
// and "emails" (pk S).
func createTxnTables(t *testing.T, e *Engine) {
	t.Helper()
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "accounts", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{hk("pk")}, AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S"), ad("owner", "S")},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "byOwner", KeySchema: []model.KeySchemaElement{hk("owner")},
			Projection: model.Projection{ProjectionType: "ALL"}}},
		StreamSpecification: &model.StreamSpecification{StreamEnabled: true, StreamViewType: model.StreamNewAndOldImages}})
	mustOK(t, err)
	createSimple(t, e, "emails", "", "")
}

func pk(v string) model.Item { return model.Item{"pk": model.S(v)} }

func vals(kv ...any) map[string]model.AttributeValue {
	m := map[string]model.AttributeValue{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1].(model.AttributeValue)
	}
	return m
}

func TestTransactWriteAllOrNothing(t *testing.T) {
	e, _ := newTestEngine(t)
	createTxnTables(t, e)
	put(t, e, "accounts", model.Item{"pk": model.S("a1"), "owner": model.S("ann"), "balance": model.N("100")})
	put(t, e, "accounts", model.Item{"pk": model.S("a2"), "owner": model.S("bob"), "balance": model.N("5")})
	put(t, e, "emails", model.Item{"pk": model.S("gone@x")})
	events, stop := e.Subscribe(64)
	defer stop()

	out, err := e.TransactWriteItems(ctx, &model.TransactWriteItemsInput{ReturnConsumedCapacity: "INDEXES", TransactItems: []model.TransactWriteItem{
		{Update: &model.Update{TableName: "accounts", Key: pk("a1"), UpdateExpression: "SET balance = balance - :d",
			ConditionExpression: "balance >= :d", ExpressionAttributeValues: vals(":d", model.N("30"))}},
		{Update: &model.Update{TableName: "accounts", Key: pk("a2"), UpdateExpression: "SET balance = balance + :d",
			ExpressionAttributeValues: vals(":d", model.N("30"))}},
		{Put: &model.Put{TableName: "emails", Item: model.Item{"pk": model.S("ann@x"), "user": model.S("a1")},
			ConditionExpression: "attribute_not_exists(pk)"}},
		{Delete: &model.Delete{TableName: "emails", Key: pk("gone@x")}},
		{ConditionCheck: &model.ConditionCheck{TableName: "emails", Key: pk("nobody@x"), ConditionExpression: "attribute_not_exists(pk)"}},
	}})
	mustOK(t, err)
	if got := getItem(t, e, "accounts", pk("a1"))["balance"]; got.N != "70" {
		t.Fatalf("a1 balance %v", got)
	}
	if got := getItem(t, e, "accounts", pk("a2"))["balance"]; got.N != "35" {
		t.Fatalf("a2 balance %v", got)
	}
	if getItem(t, e, "emails", pk("ann@x")) == nil || getItem(t, e, "emails", pk("gone@x")) != nil {
		t.Fatal("emails not written as asked")
	}
	// Every item under 1 KB: each write 1 WCU ×2 on the table; each update
	// rewrites its ALL-projected GSI entry, 1 WCU as outside a transaction
	// (the ×2 is the table's only: nubo-db/dynoxide#188, measured against
	// DynamoDB; docs/FIDELITY.md). The delete costs 1 ×2, the condition
	// check a 4 KB read's unit ×2.
	want := []model.ConsumedCapacity{
		{TableName: "accounts", CapacityUnits: 6, WriteCapacityUnits: unitsPtr(6),
			Table:                  &model.Capacity{CapacityUnits: 4, WriteCapacityUnits: unitsPtr(4)},
			GlobalSecondaryIndexes: map[string]model.Capacity{"byOwner": {CapacityUnits: 2, WriteCapacityUnits: unitsPtr(2)}}},
		{TableName: "emails", CapacityUnits: 6, WriteCapacityUnits: unitsPtr(6),
			Table: &model.Capacity{CapacityUnits: 6, WriteCapacityUnits: unitsPtr(6)}},
	}
	if !reflect.DeepEqual(out.ConsumedCapacity, want) {
		t.Fatalf("capacity\n got %s\nwant %s", dump(out.ConsumedCapacity), dump(want))
	}
	checkIndexesMatchTable(t, e, "accounts")
	// Two stream records (the two updates), published after the commit.
	var recs []string
	timeout := time.After(2 * time.Second)
	for len(recs) < 2 {
		select {
		case ev := <-events:
			if ev.Kind == EventStream && ev.Table == "accounts" {
				recs = append(recs, ev.Record.EventName+" "+ev.Record.Dynamodb.Keys["pk"].S)
			}
		case <-timeout:
			t.Fatalf("stream records %v", recs)
		}
	}
	if strings.Join(recs, ",") != "MODIFY a1,MODIFY a2" {
		t.Fatalf("stream records %v", recs)
	}
	last := lastRequestOf(t, e, "TransactWriteItems")
	if last.Table != "emails" || last.Units != 6 {
		t.Fatalf("last request %+v", last)
	}
	if !strings.Contains(strings.Join(last.Lines, "\n"), "transactional × 2") {
		t.Fatalf("lines %q", last.Lines)
	}
	// The index writes are itemised apart, not doubled.
	var accounts RequestRecord
	for _, r := range e.RecentRequests() {
		if r.Action == "TransactWriteItems" && r.Table == "accounts" {
			accounts = r
		}
	}
	if lines := strings.Join(accounts.Lines, "\n"); !strings.Contains(lines, "index byOwner: 1 WCU, as outside a transaction (an index is written after the commit: not doubled)") {
		t.Fatalf("lines %q", accounts.Lines)
	}
}

// lastRequestOf returns the most recent logged request of an action.
func lastRequestOf(t *testing.T, e *Engine, action string) RequestRecord {
	t.Helper()
	recs := e.RecentRequests()
	for i := len(recs) - 1; i >= 0; i-- {
		if recs[i].Action == action {
			return recs[i]
		}
	}
	t.Fatalf("no %s in the request log", action)
	return RequestRecord{}
}

func unitsPtr(v float64) *model.Units { u := model.Units(v); return &u }

func dump(v any) string { return fmt.Sprintf("%+v", v) }

func TestTransactWriteCancellation(t *testing.T) {
	e, _ := newTestEngine(t)
	createTxnTables(t, e)
	put(t, e, "accounts", model.Item{"pk": model.S("a1"), "owner": model.S("ann"), "balance": model.N("10")})
	put(t, e, "emails", model.Item{"pk": model.S("taken@x"), "user": model.S("a9")})
	in := &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{
		{Put: &model.Put{TableName: "accounts", Item: model.Item{"pk": model.S("a2"), "owner": model.S("cy")}}},
		{Update: &model.Update{TableName: "accounts", Key: pk("a1"), UpdateExpression: "SET balance = balance - :d",
			ConditionExpression: "balance >= :d", ExpressionAttributeValues: vals(":d", model.N("30"))}},
		{Put: &model.Put{TableName: "emails", Item: model.Item{"pk": model.S("taken@x"), "user": model.S("a2")},
			ConditionExpression: "attribute_not_exists(pk)", ReturnValuesOnConditionCheckFailure: "ALL_OLD"}},
	}}
	_, err := e.TransactWriteItems(ctx, in)
	me := err.(*model.Error)
	if me.Code != model.ErrTransactionCanceled ||
		me.Message != "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed, ConditionalCheckFailed]" {
		t.Fatalf("error %v", err)
	}
	want := []model.CancellationReason{
		{Code: "None"},
		{Code: "ConditionalCheckFailed", Message: "The conditional request failed"},
		{Code: "ConditionalCheckFailed", Message: "The conditional request failed", Item: model.Item{"pk": model.S("taken@x"), "user": model.S("a9")}},
	}
	if !reflect.DeepEqual(me.CancellationReasons, want) {
		t.Fatalf("reasons\n got %+v\nwant %+v", me.CancellationReasons, want)
	}
	if getItem(t, e, "accounts", pk("a2")) != nil {
		t.Fatal("the first put was kept")
	}
	if getItem(t, e, "accounts", pk("a1"))["balance"].N != "10" {
		t.Fatal("balance changed")
	}
	checkIndexesMatchTable(t, e, "accounts")
	d, _ := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "accounts"})
	if d.Table.ItemCount != 1 {
		t.Fatalf("ItemCount %d", d.Table.ItemCount)
	}
	last := lastRequestOf(t, e, "TransactWriteItems")
	if !strings.HasPrefix(last.Error, "TransactionCanceledException") {
		t.Fatalf("last request %+v", last)
	}
}

func TestTransactWriteRunTimeValidationErrors(t *testing.T) {
	e, _ := newTestEngine(t)
	createTxnTables(t, e)
	put(t, e, "accounts", model.Item{"pk": model.S("a1"), "owner": model.S("ann")})
	cases := []struct {
		name   string
		item   model.TransactWriteItem
		reason model.CancellationReason
	}{
		{"put key of the wrong type", model.TransactWriteItem{Put: &model.Put{TableName: "emails", Item: model.Item{"pk": model.N("5")}}},
			model.CancellationReason{Code: "ValidationError", Message: "One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N"}},
		{"put without the key", model.TransactWriteItem{Put: &model.Put{TableName: "emails", Item: model.Item{"x": model.N("5")}}},
			model.CancellationReason{Code: "ValidationError", Message: "One or more parameter values were invalid: Missing the key pk in the item"}},
		{"index key of the wrong type", model.TransactWriteItem{Put: &model.Put{TableName: "accounts", Item: model.Item{"pk": model.S("a3"), "owner": model.N("1")}}},
			model.CancellationReason{Code: "ValidationError", Message: "One or more parameter values were invalid: Type mismatch for Index Key owner Expected: S Actual: N IndexName: byOwner"}},
		{"delete key of the wrong type", model.TransactWriteItem{Delete: &model.Delete{TableName: "emails", Key: model.Item{"pk": model.N("5")}}},
			model.CancellationReason{Code: "ValidationError", Message: "The provided key element does not match the schema"}},
		{"update of a missing attribute", model.TransactWriteItem{Update: &model.Update{TableName: "accounts", Key: pk("a1"), UpdateExpression: "SET n = nope + :one",
			ExpressionAttributeValues: vals(":one", model.N("1"))}},
			model.CancellationReason{Code: "ValidationError", Message: "The provided expression refers to an attribute that does not exist in the item"}},
		{"update giving an index key another type", model.TransactWriteItem{Update: &model.Update{TableName: "accounts", Key: pk("a1"), UpdateExpression: "SET #o = :v",
			ExpressionAttributeNames: map[string]string{"#o": "owner"}, ExpressionAttributeValues: vals(":v", model.N("1"))}},
			model.CancellationReason{Code: "ValidationError", Message: "One or more parameter values were invalid: Type mismatch for Index Key owner Expected: S Actual: N IndexName: byOwner"}},
		{"update of the key", model.TransactWriteItem{Update: &model.Update{TableName: "accounts", Key: pk("a1"), UpdateExpression: "SET pk = :v",
			ExpressionAttributeValues: vals(":v", model.S("x"))}},
			model.CancellationReason{Code: "ValidationError", Message: "One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := e.TransactWriteItems(ctx, &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{
				{Put: &model.Put{TableName: "emails", Item: model.Item{"pk": model.S("fine@x")}}}, tc.item}})
			me, ok := err.(*model.Error)
			if !ok || me.Code != model.ErrTransactionCanceled {
				t.Fatalf("error %v", err)
			}
			want := []model.CancellationReason{{Code: "None"}, tc.reason}
			if !reflect.DeepEqual(me.CancellationReasons, want) {
				t.Fatalf("reasons\n got %+v\nwant %+v", me.CancellationReasons, want)
			}
			if getItem(t, e, "emails", pk("fine@x")) != nil {
				t.Fatal("the valid action was written")
			}
		})
	}
}

func TestTransactWriteRequestErrors(t *testing.T) {
	e, _ := newTestEngine(t)
	createTxnTables(t, e)
	putA := func(table, key string) model.TransactWriteItem {
		return model.TransactWriteItem{Put: &model.Put{TableName: table, Item: pk(key)}}
	}
	many := make([]model.TransactWriteItem, 101)
	for i := range many {
		many[i] = putA("emails", fmt.Sprint(i))
	}
	big := func(key string) model.TransactWriteItem {
		return model.TransactWriteItem{Put: &model.Put{TableName: "emails", Item: sized(pk(key), 400*1024)}}
	}
	var tooBig []model.TransactWriteItem
	for i := 0; i < 11; i++ {
		tooBig = append(tooBig, big(fmt.Sprint(i)))
	}
	cases := []struct {
		name string
		in   *model.TransactWriteItemsInput
		code string
		msg  string
	}{
		{"null list", &model.TransactWriteItemsInput{}, "ValidationException",
			"1 validation error detected: Value null at 'transactItems' failed to satisfy constraint: Member must not be null"},
		{"empty list", &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{}}, "ValidationException",
			"1 validation error detected: Value '[]' at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1"},
		{"101 actions", &model.TransactWriteItemsInput{TransactItems: many}, "ValidationException",
			"1 validation error detected: Value '[" + strings.TrimSuffix(strings.Repeat("Put, ", 101), ", ") + "]' at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100"},
		{"token too long and enums", &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{putA("emails", "a")},
			ClientRequestToken: strings.Repeat("x", 37), ReturnConsumedCapacity: "BOGUS", ReturnItemCollectionMetrics: "BOGUS2"}, "ValidationException",
			"3 validation errors detected: Value '" + strings.Repeat("x", 37) + "' at 'clientRequestToken' failed to satisfy constraint: Member must have length less than or equal to 36; " +
				"Value 'BOGUS' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; " +
				"Value 'BOGUS2' at 'returnItemCollectionMetrics' failed to satisfy constraint: Member must satisfy enum value set: [SIZE, NONE]"},
		{"members missing", &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{
			{Put: &model.Put{}}, {Update: &model.Update{TableName: "emails", Key: pk("a")}}, {ConditionCheck: &model.ConditionCheck{TableName: "emails", Key: pk("a"), ReturnValuesOnConditionCheckFailure: "ALL_NEW"}}}},
			"ValidationException", "5 validation errors detected: Value null at 'transactItems.1.member.put.item' failed to satisfy constraint: Member must not be null; " +
				"Value null at 'transactItems.1.member.put.tableName' failed to satisfy constraint: Member must not be null; " +
				"Value null at 'transactItems.2.member.update.updateExpression' failed to satisfy constraint: Member must not be null; " +
				"Value 'ALL_NEW' at 'transactItems.3.member.conditionCheck.returnValuesOnConditionCheckFailure' failed to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]; " +
				"Value null at 'transactItems.3.member.conditionCheck.conditionExpression' failed to satisfy constraint: Member must not be null"},
		{"no operation", &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{{}}}, "ValidationException",
			"Invalid Request: TransactWriteRequest should contain Delete or Put or Update request"},
		{"two operations", &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{{Put: &model.Put{TableName: "emails", Item: pk("a")},
			Delete: &model.Delete{TableName: "emails", Key: pk("a")}}}}, "ValidationException",
			"TransactItems can only contain one of Check, Put, Update or Delete"},
		{"same item twice", &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{putA("emails", "a"),
			{ConditionCheck: &model.ConditionCheck{TableName: "emails", Key: pk("a"), ConditionExpression: "attribute_exists(pk)"}}}},
			"ValidationException", "Transaction request cannot include multiple operations on one item"},
		{"missing table", &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{putA("nope", "a")}},
			"ResourceNotFoundException", "Requested resource not found"},
		{"malformed condition before a missing table", &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{putA("nope", "a"),
			{ConditionCheck: &model.ConditionCheck{TableName: "emails", Key: pk("b"), ConditionExpression: "attribute_not_exists("}}}},
			"ValidationException", `Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "("`},
		{"unused value", &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{putA("nope", "a"),
			{ConditionCheck: &model.ConditionCheck{TableName: "emails", Key: pk("b"), ConditionExpression: "attribute_not_exists(pk)", ExpressionAttributeValues: vals(":v", model.S("x"))}}}},
			"ValidationException", "Value provided in ExpressionAttributeValues unused in expressions: keys: {:v}"},
		{"a path into a key attribute", &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{
			{ConditionCheck: &model.ConditionCheck{TableName: "emails", Key: pk("b"), ConditionExpression: "attribute_exists(pk.x)"}}}},
			"ValidationException", "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: pk"},
		{"empty key value", &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{
			{Delete: &model.Delete{TableName: "emails", Key: pk("")}}}}, "ValidationException",
			"One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk"},
		{"4 MB", &model.TransactWriteItemsInput{TransactItems: tooBig}, "ValidationException",
			fmt.Sprintf("Transaction payload size cannot exceed 4MB. Payload Size: %d", 11*400*1024)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := e.TransactWriteItems(ctx, tc.in)
			wantError(t, err, tc.code, tc.msg)
		})
	}
	d, _ := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "emails"})
	if d.Table.ItemCount != 0 {
		t.Fatalf("%d items written by refused requests", d.Table.ItemCount)
	}
}

func TestTransactWriteIdempotency(t *testing.T) {
	e, clock := newTestEngine(t)
	createTxnTables(t, e)
	put(t, e, "accounts", model.Item{"pk": model.S("a1"), "owner": model.S("ann"), "n": model.N("0")})
	in := func(add string) *model.TransactWriteItemsInput {
		return &model.TransactWriteItemsInput{ClientRequestToken: "tok-1", ReturnConsumedCapacity: "TOTAL", TransactItems: []model.TransactWriteItem{
			{Update: &model.Update{TableName: "accounts", Key: pk("a1"), UpdateExpression: "ADD n :d", ExpressionAttributeValues: vals(":d", model.N(add))}},
			{Put: &model.Put{TableName: "emails", Item: sized(pk("e1"), 5000)}},
		}}
	}
	first, err := e.TransactWriteItems(ctx, in("1"))
	mustOK(t, err)
	// accounts: 1 WCU ×2 on the table, 1 on the GSI (not doubled,
	// docs/FIDELITY.md); emails: 5 KB → 5 ×2.
	if first.ConsumedCapacity[0].CapacityUnits != 3 || first.ConsumedCapacity[1].CapacityUnits != 10 ||
		*first.ConsumedCapacity[1].WriteCapacityUnits != 10 || first.ConsumedCapacity[1].ReadCapacityUnits != nil {
		t.Fatalf("first capacity %s", dump(first.ConsumedCapacity))
	}
	clock.Advance(9 * time.Minute)
	again, err := e.TransactWriteItems(ctx, in("1"))
	mustOK(t, err)
	if n := getItem(t, e, "accounts", pk("a1"))["n"].N; n != "1" {
		t.Fatalf("the retry wrote again: n = %s", n)
	}
	// The retry reads the items back: ≤ 4 KB → 1 ×2, 5 KB → 2 ×2, as read units.
	want := []model.ConsumedCapacity{
		{TableName: "accounts", CapacityUnits: 2, ReadCapacityUnits: unitsPtr(2)},
		{TableName: "emails", CapacityUnits: 4, ReadCapacityUnits: unitsPtr(4)},
	}
	if !reflect.DeepEqual(again.ConsumedCapacity, want) {
		t.Fatalf("retry capacity\n got %s\nwant %s", dump(again.ConsumedCapacity), dump(want))
	}
	_, err = e.TransactWriteItems(ctx, in("2"))
	wantError(t, err, "IdempotentParameterMismatchException",
		"Specified idempotent token was used with different request parameters within the idempotency window")
	// Ten minutes after the first finished, the token is new again.
	clock.Advance(time.Minute)
	_, err = e.TransactWriteItems(ctx, in("2"))
	mustOK(t, err)
	if n := getItem(t, e, "accounts", pk("a1"))["n"].N; n != "3" {
		t.Fatalf("n = %s after the token expired", n)
	}
	// A cancelled transaction does not keep its token.
	bad := &model.TransactWriteItemsInput{ClientRequestToken: "tok-2", TransactItems: []model.TransactWriteItem{
		{ConditionCheck: &model.ConditionCheck{TableName: "emails", Key: pk("later"), ConditionExpression: "attribute_exists(pk)"}}}}
	_, err = e.TransactWriteItems(ctx, bad)
	if err.(*model.Error).Code != model.ErrTransactionCanceled {
		t.Fatal(err)
	}
	put(t, e, "emails", pk("later"))
	_, err = e.TransactWriteItems(ctx, bad)
	mustOK(t, err)
}

func TestTransactGetItems(t *testing.T) {
	e, _ := newTestEngine(t)
	createTxnTables(t, e)
	put(t, e, "accounts", model.Item{"pk": model.S("a1"), "owner": model.S("ann"), "m": model.M(map[string]model.AttributeValue{"x": model.N("1"), "y": model.N("2")})})
	put(t, e, "emails", sized(pk("big"), 9000))
	out, err := e.TransactGetItems(ctx, &model.TransactGetItemsInput{ReturnConsumedCapacity: "TOTAL", TransactItems: []model.TransactGetItem{
		{Get: &model.Get{TableName: "accounts", Key: pk("a1"), ProjectionExpression: "#m.y, pk", ExpressionAttributeNames: map[string]string{"#m": "m"}}},
		{Get: &model.Get{TableName: "emails", Key: pk("missing")}},
		{Get: &model.Get{TableName: "emails", Key: pk("big"), ProjectionExpression: "nothing"}},
	}})
	mustOK(t, err)
	want := []model.ItemResponse{
		{Item: model.Item{"pk": model.S("a1"), "m": model.M(map[string]model.AttributeValue{"y": model.N("2")})}},
		{},
		{Item: model.Item{}},
	}
	if !reflect.DeepEqual(out.Responses, want) {
		t.Fatalf("responses %+v", out.Responses)
	}
	// accounts: ≤ 4 KB → 1 ×2; emails: missing → 1 ×2, 9000 B → 3 ×2.
	wantCC := []model.ConsumedCapacity{
		{TableName: "accounts", CapacityUnits: 2, ReadCapacityUnits: unitsPtr(2)},
		{TableName: "emails", CapacityUnits: 8, ReadCapacityUnits: unitsPtr(8)},
	}
	if !reflect.DeepEqual(out.ConsumedCapacity, wantCC) {
		t.Fatalf("capacity %s", dump(out.ConsumedCapacity))
	}
	_, err = e.TransactGetItems(ctx, &model.TransactGetItemsInput{TransactItems: []model.TransactGetItem{
		{Get: &model.Get{TableName: "emails", Key: pk("big")}}, {Get: &model.Get{TableName: "emails", Key: model.Item{}}}}})
	me := err.(*model.Error)
	if me.Message != "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError]" ||
		!reflect.DeepEqual(me.CancellationReasons[1], model.CancellationReason{Code: "ValidationError", Message: "The provided key element does not match the schema"}) {
		t.Fatalf("error %v %+v", err, me.CancellationReasons)
	}
	_, err = e.TransactGetItems(ctx, &model.TransactGetItemsInput{TransactItems: []model.TransactGetItem{
		{Get: &model.Get{TableName: "emails", Key: pk("big")}}, {Get: &model.Get{TableName: "emails", Key: pk("big")}}}})
	wantError(t, err, "ValidationException", "Transaction request cannot include multiple operations on one item")
	_, err = e.TransactGetItems(ctx, &model.TransactGetItemsInput{TransactItems: []model.TransactGetItem{
		{Get: &model.Get{TableName: "emails", Key: pk("big"), ProjectionExpression: "!!!"}}}})
	wantError(t, err, "ValidationException", `Invalid ProjectionExpression: Syntax error; token: "!", near: "!!"`)
	_, err = e.TransactGetItems(ctx, &model.TransactGetItemsInput{TransactItems: []model.TransactGetItem{{}}})
	wantError(t, err, "ValidationException", "1 validation error detected: Value null at 'transactItems.1.member.get' failed to satisfy constraint: Member must not be null")
}
