package query

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// toTransaction shows the query builder of table in Transaction mode.
func toTransaction(t *testing.T, m *bed, table string) {
	t.Helper()
	m.Select(table, "")
	press(t, m, "m", "m")
	if mode := m.q.Mode(); mode != ModeTransaction {
		t.Fatalf("m m from Query: mode %v", mode)
	}
}

// gotoTxRow moves the transaction form's cursor down to the row named
// row ("action 2", "item", "key PK", …), from the top when it is not
// below; rows after the first are looked for below the one before
// (gotoTxRow(t, m, "action 2", "table")).
func gotoTxRow(t testing.TB, m *bed, rows ...string) {
	t.Helper()
	down := func(row string) bool {
		for i := 0; i < 400 && m.q.Transaction().Row != row; i++ {
			if m.q.Transaction().Row == "result" {
				break
			}
			press(t, m, "j")
		}
		return m.q.Transaction().Row == row
	}
	for i, row := range rows {
		if down(row) {
			continue
		}
		if i == 0 {
			press(t, m, "g")
			if down(row) {
				continue
			}
		}
		t.Fatalf("cannot reach row %q (on %q)", row, m.q.Transaction().Row)
	}
}

// Actions are added after the one under the cursor (the same kind on the
// same table), removed with x, their kind and table changed in place;
// each key attribute of the action's table is its own field, and at most
// 100 actions are offered.
func TestTransactionAddAndRemoveActions(t *testing.T) {
	eng := uitest.DemoEngine(t, "vertical-partitioning", "iot-device-reports")
	m := newBed(t, eng, 120, 40)
	toTransaction(t, m, "CustomerDocuments")
	q := m.q
	if tx := q.Transaction(); len(tx.Actions) != 0 || tx.Row != "add" {
		t.Fatalf("a new transaction: %+v", tx)
	}
	press(t, m, "enter") // on "[ + add action ]"
	press(t, m, "a")
	tx := q.Transaction()
	if len(tx.Actions) != 2 || tx.Row != "action 2" {
		t.Fatalf("two adds: %+v", tx)
	}
	for i, a := range tx.Actions {
		if a.Kind != "Put" || a.Table != "CustomerDocuments" {
			t.Fatalf("action %d: %+v", i+1, a)
		}
	}
	// the kind of action 2, in place: Update has a field per key attribute
	press(t, m, "l")
	if a := q.Transaction().Actions[1]; a.Kind != "Update" || len(a.Keys) != 2 {
		t.Fatalf("l on the kind: %+v", a)
	}
	gotoTxRow(t, m, "key PK")
	typeText(t, m, "CUSTOMER#c-1001")
	press(t, m, "j")
	if row := q.Transaction().Row; row != "key SK" {
		t.Fatalf("after the partition key: %q", row)
	}
	typeText(t, m, "LOYALTY")
	if k := q.Transaction().Actions[1].Keys; k["PK"] != "CUSTOMER#c-1001" || k["SK"] != "LOYALTY" {
		t.Fatalf("keys %v", k)
	}
	// another table: its own key attributes; back: what was typed for
	// attributes of the same name stays
	gotoTxRow(t, m, "action 2", "table")
	press(t, m, "l")
	if a := q.Transaction().Actions[1]; a.Table != "DeviceReports" || len(a.Keys) != 2 || a.Keys["DeviceID"] != "" || a.Keys["Timestamp"] != "" {
		t.Fatalf("the next table: %+v", a)
	}
	if !strings.Contains(screen(m), "DeviceID (S)  =") {
		t.Fatalf("no DeviceID field:\n%s", screen(m))
	}
	press(t, m, "h")
	if a := q.Transaction().Actions[1]; a.Table != "CustomerDocuments" || a.Keys["PK"] != "" {
		t.Fatalf("back to CustomerDocuments: %+v", a)
	}
	// a third after action 1, then x removes the one under the cursor
	press(t, m, "g", "j")
	if row := q.Transaction().Row; row != "action 1" {
		t.Fatalf("row %q", row)
	}
	press(t, m, "a")
	if tx := q.Transaction(); len(tx.Actions) != 3 || tx.Row != "action 2" || tx.Actions[1].Kind != "Put" || tx.Actions[2].Kind != "Update" {
		t.Fatalf("added after action 1: %+v", tx)
	}
	press(t, m, "x")
	if tx := q.Transaction(); len(tx.Actions) != 2 || tx.Actions[1].Kind != "Update" {
		t.Fatalf("x: %+v", tx)
	}
	// only the action under the cursor is open; the others are one line
	if strings.Count(screen(m), "table          ◂") != 1 {
		t.Fatalf("more than one action open:\n%s", screen(m))
	}
	for len(q.Transaction().Actions) < 100 {
		press(t, m, "a")
	}
	press(t, m, "a")
	if tx := q.Transaction(); len(tx.Actions) != 100 || !tx.NoteBad || tx.Note != "refused: TransactWriteItems takes at most 100 actions" {
		t.Fatalf("the 101st: %d actions, note %q", len(tx.Actions), tx.Note)
	}
}

// fillPut types a Put's item and condition into the open action.
func fillPut(t *testing.T, m *bed, item, cond string) {
	t.Helper()
	gotoTxRow(t, m, "item")
	typeText(t, m, item)
	gotoTxRow(t, m, "condition")
	typeText(t, m, cond)
}

// A cancelled transaction: each action shows its reason beside it, the
// reasons are listed in request order with the action that failed
// marked, its message and the item it met (ALL_OLD), exactly what
// DynamoDB answers the same request; nothing is written. Editing the
// transaction takes the outcomes away from the actions.
func TestTransactionCancelledShowsReasons(t *testing.T) {
	eng := uitest.DemoEngine(t, "vertical-partitioning")
	m := newBed(t, eng, 120, 40)
	toTransaction(t, m, "CustomerDocuments")
	q := m.q
	press(t, m, "a")
	fillPut(t, m, `PK = "CUSTOMER#c-2002", SK = PROFILE, Email = "m.dekker@example.com"`, "attribute_not_exists(PK)")
	press(t, m, "a")
	press(t, m, "l", "l", "l") // Put → Update → Delete → ConditionCheck
	gotoTxRow(t, m, "key PK")
	typeText(t, m, "CUSTOMER#c-1001")
	press(t, m, "j")
	typeText(t, m, "PROFILE")
	gotoTxRow(t, m, "condition")
	typeText(t, m, "Email <> :e")
	gotoTxRow(t, m, "values")
	typeText(t, m, `:e = "m.dekker@example.com"`)
	gotoTxRow(t, m, "on failure")
	press(t, m, "l")
	if a := q.Transaction().Actions[1]; a.Kind != "ConditionCheck" || !a.AllOld {
		t.Fatalf("action 2: %+v", a)
	}
	before := requests(eng)
	press(t, m, "r")
	tx := q.Transaction()
	res := tx.Result
	if res == nil || res.Err == nil || res.Err.Code != model.ErrTransactionCanceled {
		t.Fatalf("result %+v", res)
	}
	_, direct := eng.TransactWriteItems(context.Background(), res.In)
	var de *model.Error
	if !errors.As(direct, &de) || de.Message != res.Err.Message || len(de.CancellationReasons) != 2 {
		t.Fatalf("the same request to the engine: %v", direct)
	}
	want := "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]"
	if res.Err.Message != want {
		t.Fatalf("message %q", res.Err.Message)
	}
	r := res.Err.CancellationReasons
	if r[0].Code != "None" || r[1].Code != "ConditionalCheckFailed" || r[1].Message != "The conditional request failed" ||
		r[1].Item["Name"].S != "Marieke Dekker" {
		t.Fatalf("reasons %+v", r)
	}
	if tx.Actions[0].Outcome != "○ None · not written" || tx.Actions[1].Outcome != "✗ ConditionalCheckFailed" {
		t.Fatalf("outcomes %q, %q", tx.Actions[0].Outcome, tx.Actions[1].Outcome)
	}
	f := flat(m)
	for _, s := range []string{"✗ TransactionCanceledException: nothing was written", want, "CancellationReasons, in request order:",
		"1 Put CustomerDocuments PK=CUSTOMER#c-2002 · SK=PROFILE → None",
		"2 ConditionCheck CustomerDocuments PK=CUSTOMER#c-1001 · SK=PROFILE → ConditionalCheckFailed ◂ this action failed",
		"The conditional request failed", "Item (ALL_OLD): PK=CUSTOMER#c-1001 · SK=PROFILE · BirthDate=1988-09-02",
		"○ None · not written", "✗ ConditionalCheckFailed"} {
		if !strings.Contains(f, s) {
			t.Errorf("screen lacks %q:\n%s", s, screen(m))
		}
	}
	if requests(eng) != before+2 { // the builder's and this test's
		t.Fatalf("%d requests", requests(eng)-before)
	}
	if it := uitest.GetItem(t, eng, "CustomerDocuments", model.Item{"PK": model.S("CUSTOMER#c-2002"), "SK": model.S("PROFILE")}); it != nil {
		t.Fatalf("a cancelled transaction wrote %v", it)
	}
	// an edit: the outcomes were about the transaction as it was
	gotoTxRow(t, m, "action 2", "values")
	press(t, m, "enter", "backspace", "enter")
	if a := q.Transaction().Actions; a[0].Outcome != "" || a[1].Outcome != "" {
		t.Fatalf("outcomes after an edit: %+v", a)
	}
}

// A transaction that goes through: written, at twice the units of the
// same writes, itemised per action ("transactional × 2"), the capacity
// per table as ReturnConsumedCapacity INDEXES gives it, and the AWS CLI
// line of the request.
func TestTransactionWrittenWithCapacity(t *testing.T) {
	eng := uitest.DemoEngine(t, "vertical-partitioning")
	m := newBed(t, eng, 120, 40)
	toTransaction(t, m, "CustomerDocuments")
	q := m.q
	press(t, m, "a")
	fillPut(t, m, `PK = "CUSTOMER#c-2001", SK = PROFILE, Email = "ana.costa@example.com"`, "attribute_not_exists(PK)")
	press(t, m, "a")
	fillPut(t, m, `PK = "EMAIL#ana.costa@example.com", SK = EMAIL, CustomerId = c-2001`, "attribute_not_exists(PK)")
	gotoTxRow(t, m, "token")
	typeText(t, m, "signup-c-2001")
	press(t, m, "r")
	res := q.Transaction().Result
	if res == nil || res.Err != nil || res.Units != 4 {
		t.Fatalf("result %+v", res)
	}
	if len(res.Lines) != 2 || !strings.Contains(res.Lines[0], "TransactWriteItems Put on CustomerDocuments") ||
		!strings.HasSuffix(res.Lines[0], "transactional × 2 = 2 WCU") || !strings.HasSuffix(res.Lines[1], "transactional × 2 = 2 WCU") {
		t.Fatalf("lines %q", res.Lines)
	}
	if it := uitest.GetItem(t, eng, "CustomerDocuments", model.Item{"PK": model.S("EMAIL#ana.costa@example.com"), "SK": model.S("EMAIL")}); it["CustomerId"].S != "c-2001" {
		t.Fatalf("email item %v", it)
	}
	f := flat(m)
	for _, s := range []string{"✓ TransactWriteItems: 2 actions, all written · 4 WCU", "CustomerDocuments · 4 WCU",
		"transactional × 2 = 2 WCU", "✓ condition held · written", "aws dynamodb transact-write-items",
		"--client-request-token signup-c-2001 --return-consumed-capacity INDEXES"} {
		if !strings.Contains(f, s) {
			t.Errorf("screen lacks %q:\n%s", s, screen(m))
		}
	}
	cli := CLIText(res.In, "")
	if want := `aws dynamodb transact-write-items --transact-items '[{"Put":{"Item":{"Email":{"S":"ana.costa@example.com"},"PK":{"S":"CUSTOMER#c-2001"},"SK":{"S":"PROFILE"}},"TableName":"CustomerDocuments","ConditionExpression":"attribute_not_exists(PK)"}},{"Put":{"Item":{"CustomerId":{"S":"c-2001"},"PK":{"S":"EMAIL#ana.costa@example.com"},"SK":{"S":"EMAIL"}},"TableName":"CustomerDocuments","ConditionExpression":"attribute_not_exists(PK)"}}]' --client-request-token signup-c-2001 --return-consumed-capacity INDEXES`; cli != want {
		t.Errorf("cli\n%s\nwant\n%s", cli, want)
	}
	if !strings.Contains(strings.ReplaceAll(screen(m), "│", ""), "ConditionExpressi") {
		t.Errorf("the CLI line is not on screen:\n%s", screen(m))
	}
	if !strings.Contains(m.Flash, "transaction written: 2 actions") {
		t.Errorf("status %q", m.Flash)
	}
	// the same token again: DynamoDB's idempotent answer, nothing written twice
	press(t, m, "r")
	if res := q.Transaction().Result; res == nil || res.Err != nil {
		t.Fatalf("the retry: %+v", res)
	}
}

// Refused before sending: no action, an item the form cannot read. A
// transaction that deletes asks first; no sends nothing.
func TestTransactionRefusalsAndDeleteQuestion(t *testing.T) {
	eng := uitest.DemoEngine(t, "vertical-partitioning")
	m := newBed(t, eng, 120, 40)
	toTransaction(t, m, "CustomerDocuments")
	q := m.q
	before := requests(eng)
	press(t, m, "r")
	if tx := q.Transaction(); !tx.NoteBad || tx.Note != "refused before sending: add an action first (a)" {
		t.Fatalf("note %q", tx.Note)
	}
	press(t, m, "a")
	gotoTxRow(t, m, "item")
	typeText(t, m, `PK "CUSTOMER#c-9"`)
	press(t, m, "r")
	if tx := q.Transaction(); !tx.NoteBad || !strings.HasPrefix(tx.Note, "refused before sending: action 1: item: write each attribute as name = value") {
		t.Fatalf("note %q", tx.Note)
	}
	if requests(eng) != before {
		t.Fatal("a refused transaction was sent")
	}
	press(t, m, "g", "j", "l", "l") // Put → Update → Delete
	gotoTxRow(t, m, "key PK")
	typeText(t, m, "CUSTOMER#c-1003")
	press(t, m, "j")
	typeText(t, m, "PROFILE")
	key := model.Item{"PK": model.S("CUSTOMER#c-1003"), "SK": model.S("PROFILE")}
	press(t, m, "r")
	if m.Question == nil || !strings.Contains(flat(m), "action 1 deletes PK=CUSTOMER#c-1003 · SK=PROFILE from CustomerDocuments") {
		t.Fatalf("no question:\n%s", screen(m))
	}
	press(t, m, "n")
	if m.Question != nil || uitest.GetItem(t, eng, "CustomerDocuments", key) == nil || requests(eng) != before+1 { // getItem's
		t.Fatalf("n: modal %v, %d requests", m.Question != nil, requests(eng)-before)
	}
	press(t, m, "r", "y")
	if res := q.Transaction().Result; res == nil || res.Err != nil || uitest.GetItem(t, eng, "CustomerDocuments", key) != nil {
		t.Fatalf("y: %+v", res)
	}
}
