package query

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

var ec2Key = model.Item{"ForumName": model.S("EC2"), "Subject": model.S("EC2 API rate limits")}

const bumpViews = `UPDATE "Thread" SET Views = Views + 1 WHERE ForumName = 'EC2' AND Subject = 'EC2 API rate limits'`

// A letter typed on a field the cursor moved to (not in edit mode) is
// text: it starts editing the field and goes into it, so L, s or a } clock
// jump never fire from it, and r never runs. After enter finishes a field
// the keys are commands again there (enter, then r runs).
func TestLettersOnAFieldAreText(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	q := newPane(t, eng, "Thread", "")
	toRow(t, q, "filter")
	if !q.TakesText(uitest.Rune('}')) {
		t.Error("} on the filter row would go to the root (a clock jump)")
	}
	msgs := pressQ(t, q, "Level r")
	if f := q.Form(); f.Filter != "Level r" || q.Lang() != "CLI" || !q.Capturing() || q.Result() != nil || len(msgs) != 0 {
		t.Fatalf("typed on the filter row: filter %q, code %s, editing %v, result %v, messages %v", f.Filter, q.Lang(), q.Capturing(), q.Result(), msgs)
	}
	pressQ(t, q, "ctrl+u", "enter") // done: the filter is empty again
	toRow(t, q, "partition key")
	typeField(t, q, "EC2")
	if q.TakesText(uitest.Rune('}')) || q.TakesText(uitest.Rune('r')) {
		t.Error("after enter the keys on the field are not commands")
	}
	pressQ(t, q, "r")
	if res := q.Result(); res == nil || res.Err != nil || len(res.Items) == 0 {
		t.Fatalf("enter, then r: %+v", res)
	}
	toRow(t, q, "projection")
	pressQ(t, q, "L") // moved to another field: text again
	if q.Lang() != "CLI" || q.Form().Projection != "L" {
		t.Fatalf("L on the projection field the cursor moved to: code %s, projection %q", q.Lang(), q.Form().Projection)
	}
}

// enter (or r) on [ run ▶ ] after a write ran asks before running the same
// write again: a key pressed twice never writes twice.
func TestTheSameWriteAgainAsks(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	q := newPane(t, eng, "Thread", "")
	toMode(t, q, ModePartiQL)
	writeStatement(t, q, bumpViews)
	if ask := confirmOf(pressQ(t, q, "r")); ask != nil {
		t.Fatalf("a local UPDATE asked: %+v", ask)
	}
	if v := getItem(t, eng, "Thread", ec2Key)["Views"]; v.N != "257" {
		t.Fatalf("Views after the UPDATE: %v", v)
	}
	if q.PartiQL().Row != "run" {
		t.Fatalf("the cursor is on %q", q.PartiQL().Row)
	}
	ask := confirmOf(pressQ(t, q, "enter"))
	if ask == nil || ask.Title != "Run the same UPDATE again?" || ask.Table != "Thread" {
		t.Fatalf("enter on run after the UPDATE: %+v", ask)
	}
	if v := getItem(t, eng, "Thread", ec2Key)["Views"]; v.N != "257" {
		t.Fatalf("enter wrote again: Views %v", v)
	}
	answerYes(t, q, ask)
	if v := getItem(t, eng, "Thread", ec2Key)["Views"]; v.N != "258" {
		t.Fatalf("y did not write: Views %v", v)
	}

	// a transaction too
	toMode(t, q, ModeTransaction)
	tx := &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{{Update: &model.Update{TableName: "Thread", Key: ec2Key,
		UpdateExpression: "SET #v = #v + :one", ExpressionAttributeNames: map[string]string{"#v": "Views"},
		ExpressionAttributeValues: map[string]model.AttributeValue{":one": model.N("1")}}}}}
	q.LoadRequest(q.Target(), tx)
	uitest.Drive(t, q, q.Run())
	if v := getItem(t, eng, "Thread", ec2Key)["Views"]; v.N != "259" {
		t.Fatalf("the transaction: Views %v (%+v)", v, q.Transaction().Result.Err)
	}
	if ask := confirmOf(pressQ(t, q, "enter")); ask == nil || ask.Title != "Run the same transaction again?" {
		t.Fatalf("enter on run after the transaction: %+v", ask)
	}
	if v := getItem(t, eng, "Thread", ec2Key)["Views"]; v.N != "259" {
		t.Fatalf("enter wrote again: Views %v", v)
	}
}

// On a remote backend that may write, a PartiQL UPDATE or INSERT and any
// transaction ask with the table named (the root has its name typed, as
// for a/e in 2 Items) before anything is sent; the UPDATE's units are
// write units (WCU).
func TestRemoteWritesAskFirst(t *testing.T) {
	r := newRemoteLike(t, true)
	q := newPane(t, r, "Thread", "")
	toMode(t, q, ModePartiQL)
	writeStatement(t, q, bumpViews)
	ask := confirmOf(pressQ(t, q, "r"))
	if ask == nil || ask.Table != "Thread" || ask.Title != "Run the UPDATE" {
		t.Fatalf("a remote UPDATE did not ask: %+v", ask)
	}
	if v := getItem(t, r, "Thread", ec2Key)["Views"]; v.N != "256" || q.PartiQL().Result != nil {
		t.Fatalf("written before the answer: Views %v", v)
	}
	answerYes(t, q, ask)
	res := q.PartiQL().Result
	if v := getItem(t, r, "Thread", ec2Key)["Views"]; v.N != "257" || res == nil || res.Err != nil {
		t.Fatalf("after the answer: Views %v, result %+v", v, res)
	}
	if !viewHas(q, "0 items · "+kit.Units(res.Units)+" WCU") || viewHas(q, "RCU") {
		t.Fatalf("the write's units:\n%s", q.View())
	}
	writeStatement(t, q, `INSERT INTO "Thread" VALUE {'ForumName': 'S3', 'Subject': 'new'}`)
	if ask := confirmOf(pressQ(t, q, "r")); ask == nil || ask.Table != "Thread" {
		t.Fatalf("a remote INSERT did not ask: %+v", ask)
	}

	toMode(t, q, ModeTransaction)
	q.LoadRequest(q.Target(), &model.TransactWriteItemsInput{TransactItems: []model.TransactWriteItem{{Put: &model.Put{TableName: "Thread",
		Item: model.Item{"ForumName": model.S("S3"), "Subject": model.S("tx")}}}}})
	ask = confirmOf(uitest.Drive(t, q, q.Run()))
	if ask == nil || ask.Table != "Thread" || !strings.Contains(strings.Join(ask.Body, "\n"), "action 1: Put") {
		t.Fatalf("a remote transaction did not ask: %+v", ask)
	}
	if getItem(t, r, "Thread", model.Item{"ForumName": model.S("S3"), "Subject": model.S("tx")}) != nil {
		t.Fatal("the transaction was written before the answer")
	}
}

// A DELETE's question shows the values of its parameters, not only the ?.
func TestDeleteQuestionShowsTheParameters(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	q := newPane(t, eng, "Thread", "")
	toMode(t, q, ModePartiQL)
	writeStatement(t, q, `DELETE FROM "Thread" WHERE ForumName = ? AND Subject = ?`)
	toPQRow(t, q, "parameters")
	typeField(t, q, `"EC2", "EC2 API rate limits"`)
	ask := confirmOf(pressQ(t, q, "r"))
	if ask == nil {
		t.Fatal("the DELETE did not ask")
	}
	body := strings.Join(ask.Body, "\n")
	for _, want := range []string{`DELETE FROM "Thread" WHERE ForumName = ? AND Subject = ?`, `? 1 = "EC2"`, `? 2 = "EC2 API rate limits"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the question has no %q:\n%s", want, body)
		}
	}
	if getItem(t, eng, "Thread", ec2Key) == nil {
		t.Fatal("deleted before the answer")
	}
}

// A Scan run from 3 Query on a remote table asks what it may cost first,
// as G does in 2 Items; nothing is read before the answer.
func TestRemoteScanAsksItsCost(t *testing.T) {
	r := newRemoteLike(t, false)
	q := newPane(t, r, "Thread", "")
	toMode(t, q, ModeScan)
	before := *r.scans
	ask := confirmOf(pressQ(t, q, "g", "r"))
	if ask == nil || ask.Title != "Scan Thread?" || *r.scans != before || q.Result() != nil {
		t.Fatalf("the Scan did not ask first (%d Scans sent): %+v", *r.scans-before, ask)
	}
	body := strings.Join(ask.Body, "\n")
	for _, want := range []string{"Scan of Thread: ~22 items", "This Scan reads one page: up to 1 MB, about"} {
		if !strings.Contains(body, want) {
			t.Errorf("the question has no %q:\n%s", want, body)
		}
	}
	answerYes(t, q, ask)
	if res := q.Result(); res == nil || res.Err != nil || len(res.Items) != 22 || *r.scans != before+1 {
		t.Fatalf("after the answer: %+v", res)
	}
}

// The error box of a Query goes when the form switches to Scan: it was
// about another request.
func TestErrorBoxGoesAtQueryToScan(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	q := newPane(t, eng, "Thread", "")
	toRow(t, q, "partition key")
	typeField(t, q, "EC2")
	toRow(t, q, "filter")
	typeField(t, q, "ForumName = :f")
	toRow(t, q, "values")
	typeField(t, q, `:f = "EC2"`)
	pressQ(t, q, "r")
	if res := q.Result(); res == nil || res.Err == nil || !viewHas(q, "DynamoDB rejected the request") {
		t.Fatalf("a filter on the key: %+v", res)
	}
	pressQ(t, q, "g", "j", "l") // operation ◂ Scan ▸
	if q.Mode() != ModeScan || q.Result() != nil || viewHas(q, "DynamoDB rejected the request") {
		t.Fatalf("after the switch to Scan: mode %v, result %+v\n%s", q.Mode(), q.Result(), q.View())
	}
}

// On a remote table the statement editor reads no item to offer names: a
// Scan the user did not ask for would cost and be counted with theirs.
func TestNoHiddenScanOnARemoteTable(t *testing.T) {
	r := newRemoteLike(t, false)
	q := newPane(t, r, "Thread", "")
	toMode(t, q, ModePartiQL)
	before := *r.scans
	toPQRow(t, q, "statement")
	pressQ(t, q, "enter", " WHERE Fo")
	if *r.scans != before {
		t.Fatalf("%d Scans sent while a statement was typed", *r.scans-before)
	}
	if pq := q.PartiQL(); len(pq.Suggestions) == 0 || pq.Suggestions[0] != "ForumName" {
		t.Fatalf("the key attributes are not offered: %+v", pq.Suggestions)
	}
}

// A write a read-only backend refuses without sending it is not a
// request run: the history does not keep it.
func TestRefusedWriteIsNotKept(t *testing.T) {
	r := newRemoteLike(t, false)
	q := newPane(t, r, "Thread", "")
	toMode(t, q, ModePartiQL)
	writeStatement(t, q, bumpViews)
	pressQ(t, q, "r")
	if res := q.PartiQL().Result; res == nil || res.Err == nil || res.Err.Code != "read-only" ||
		!viewHas(q, "Not sent: this endpoint is open read-only.") || viewHas(q, "DynamoDB rejected") {
		t.Fatalf("read-only: %+v\n%s", res, q.View())
	}
	if len(q.hist.runs) != 0 {
		t.Fatalf("the refused statement is kept as run: %+v", q.hist.runs)
	}
	writeStatement(t, q, `SELECT * FROM "Thread" WHERE ForumName = 'EC2'`)
	pressQ(t, q, "r")
	if len(q.hist.runs) != 1 {
		t.Fatalf("the SELECT sent is not kept: %+v", q.hist.runs)
	}
}
