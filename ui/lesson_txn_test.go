package ui

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/query"
)

// The uniqueness lesson on its copy of CustomerDocuments: the sign-up's
// two puts go through at 2 × 2 WCU; the second sign-up with the same email
// is cancelled, its reasons in request order say the email item failed
// (with the item that holds it) and the profile did not, and nothing of it
// is written; the same lookup in PartiQL is a Query reading one item with
// the partition key and a Scan reading every item without; the email
// moves in three actions, and the freed address takes the second sign-up.
// The user's workspace is as it was. o opens a step's transaction or
// statement in the builder, on the copy.
func TestLessonUniquenessConstraint(t *testing.T) {
	eng := demoEngine(t, "vertical-partitioning")
	before := snapshot(t, eng)
	m := newTestModel(t, eng, 120, 40)
	openLesson(t, m, 10)
	if title, table := m.lessons.Title(); title != "Uniqueness constraint" || table != "CustomerDocuments" {
		t.Fatalf("lesson 10 is %q on %s", title, table)
	}
	expectResult(t, m, runCurrent(t, m), "TransactWriteItems · 2 actions · all written · 4 WCU",
		"TransactWriteItems Put on CustomerDocuments: 65 B (new item) → 1 × 1 KB = 1 WCU, transactional × 2 = 2 WCU",
		"1 Put CUSTOMER#c-2001 · PROFILE ✓", "2 Put EMAIL#ana.costa@example.com · EMAIL ✓")

	press(t, m, "right")
	res := runCurrent(t, m)
	if res.err == nil || res.err.Code != model.ErrTransactionCanceled ||
		res.err.Message != "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]" {
		t.Fatalf("step 2: %+v", res)
	}
	f := flat(m)
	for _, s := range []string{"✗ TransactWriteItems · 2 actions: TransactionCanceledException",
		"1 Put CUSTOMER#c-2002 · PROFILE → None",
		"✗ 2 Put EMAIL#ana.costa@example.com · EMAIL → ConditionalCheckFailed (this action failed)",
		"The conditional request failed", "the item it met (ALL_OLD): PK=EMAIL#ana.costa@example.com · SK=EMAIL · CustomerId=c-2001",
		"nothing was written (all or nothing)"} {
		if !strings.Contains(f, s) {
			t.Errorf("step 2: screen lacks %q:\n%s", s, screen(m))
		}
	}
	// the reasons come before DynamoDB's message, in request order
	if i, j := strings.Index(f, "1 Put CUSTOMER#c-2002"), strings.Index(f, "✗ 2 Put EMAIL#"); i < 0 || j < i {
		t.Errorf("reasons out of order:\n%s", screen(m))
	}
	// o: the transaction in the builder, on the copy: run again there,
	// cancelled again, the outcomes beside the actions
	press(t, m, "o")
	q := m.ws.query
	if m.pane != paneQuery || q.Mode() != query.ModeTransaction {
		t.Fatalf("o on step 2: pane %d mode %v", m.pane, q.Mode())
	}
	tx := q.Transaction()
	if len(tx.Actions) != 2 || tx.Actions[1].Item != `PK = "EMAIL#ana.costa@example.com", SK = "EMAIL", CustomerId = "c-2002"` ||
		tx.Actions[1].Condition != "attribute_not_exists(PK)" || !tx.Actions[1].AllOld || tx.Result == nil || tx.Result.Err == nil {
		t.Fatalf("the builder: %+v", tx)
	}
	if tx.Actions[0].Outcome != "○ None · not written" || tx.Actions[1].Outcome != "✗ ConditionalCheckFailed" {
		t.Fatalf("outcomes %q %q", tx.Actions[0].Outcome, tx.Actions[1].Outcome)
	}
	press(t, m, "7")

	press(t, m, "right")
	expectResult(t, m, runCurrent(t, m), "Query CustomerDocuments · 0 items (scanned 0) · 0.5 RCU")

	press(t, m, "right")
	expectResult(t, m, runCurrent(t, m), "Query read 1 item, 0.5 RCU · Scan read 21 items, 0.5 RCU",
		`Query ← SELECT * FROM "CustomerDocuments" WHERE PK = 'EMAIL#ana.costa@example.com'`,
		"the WHERE pins the partition key PK with =",
		`Scan ← SELECT * FROM "CustomerDocuments" WHERE Email = 'ana.costa@example.com'`,
		"the WHERE does not pin the partition key PK with = or IN: a Scan reads every item of CustomerDocuments",
		"Scan on CustomerDocuments: 21 items,", "1 item returned · 0.5 RCU")
	// o: the statement with the key, in the PartiQL editor on the copy,
	// its verdict shown and run
	press(t, m, "o")
	if m.pane != paneQuery || m.ws == m.home || q.Mode() != query.ModePartiQL {
		t.Fatalf("o: pane %d, mode %v, home %v", m.pane, q.Mode(), m.ws == m.home)
	}
	pq := q.PartiQL()
	if pq.Statement != `SELECT * FROM "CustomerDocuments" WHERE PK = 'EMAIL#ana.costa@example.com'` || pq.Plan == nil ||
		pq.Plan.Action != "Query" || pq.Result == nil || len(pq.Result.Items) != 1 || pq.Result.Items[0]["CustomerId"].S != "c-2001" {
		t.Fatalf("the editor: %+v", pq)
	}
	press(t, m, "7", "right")
	expectResult(t, m, runCurrent(t, m), "TransactWriteItems · 3 actions · all written · 6 WCU",
		"1 Update CUSTOMER#c-2001 · PROFILE ✓", "2 Delete EMAIL#ana.costa@example.com · EMAIL ✓", "3 Put EMAIL#ana@costa.example · EMAIL ✓")
	press(t, m, "right")
	expectResult(t, m, runCurrent(t, m), "TransactWriteItems · 2 actions · all written · 4 WCU", "1 Put CUSTOMER#c-2002 · PROFILE ✓")

	sameSnapshot(t, before, snapshot(t, eng))
}
