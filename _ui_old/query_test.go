package ui

import (
	"context"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

func requests(eng *engine.Engine) int { return len(eng.RecentRequests()) }

// gotoRow moves the query builder's cursor to a form row.
func gotoRow(t *testing.T, m *Model, row int) {
	t.Helper()
	for i := 0; i < 40 && m.query.currentRow() != row; i++ {
		if m.query.currentRow() > row || m.query.currentRow() < 0 {
			press(t, m, "k")
		} else {
			press(t, m, "j")
		}
	}
	if m.query.currentRow() != row {
		t.Fatalf("cannot reach row %d", row)
	}
}

// TestBuilderRefusesBeforeSending: on a GSI whose sort key is a Number the
// builder never offers begins_with and refuses ConsistentRead; a stale
// begins_with or ConsistentRead is refused at run time without a request.
func TestBuilderRefusesBeforeSending(t *testing.T) {
	eng := demoEngine(t, "schema-demo")
	m := newTestModel(t, eng, 120, 40)
	selectInSidebar(t, m, "schema-demo", "animal_type")
	press(t, m, "3")
	q := &m.query
	if !q.target().global() || q.target().attrType(q.target().rangeKey()) != "N" {
		t.Fatalf("target %s", q.target().label())
	}

	gotoRow(t, m, rowOp)
	seen := map[string]bool{}
	for i := 0; i < 10; i++ {
		seen[q.op] = true
		press(t, m, "l")
	}
	want := []string{opNone, "=", "<", "<=", ">", ">=", opBetween}
	if len(seen) != len(want) {
		t.Fatalf("operators offered on a Number sort key: %v", seen)
	}
	for _, op := range want {
		if !seen[op] {
			t.Errorf("operator %q not offered", op)
		}
	}
	if seen[opBeginsWith] {
		t.Error("begins_with offered on a Number sort key")
	}
	if !strings.Contains(screen(m), "= < <= > >= BETWEEN") || strings.Contains(screen(m), "begins_with") {
		t.Errorf("the operator row should list exactly = < <= > >= BETWEEN:\n%s", screen(m))
	}

	gotoRow(t, m, rowConsistent)
	press(t, m, "space")
	if q.consistent || !q.noteBad || !strings.Contains(q.note, "refused: ConsistentRead is not available on a global secondary index") {
		t.Fatalf("consistent %v note %q", q.consistent, q.note)
	}
	if !strings.Contains(screen(m), "not on a GSI") {
		t.Errorf("the consistent-read row should say why it is off:\n%s", screen(m))
	}

	// State that cannot be chosen on this index (say, left from another
	// target) is refused at run time, before any request is sent.
	before := requests(eng)
	q.op = opBeginsWith
	press(t, m, "r")
	if requests(eng) != before || q.res != nil {
		t.Fatal("begins_with on a Number sort key was sent")
	}
	if want := "refused before sending: begins_with is not allowed on admitted: it is a Number, and begins_with applies only to String and Binary sort keys"; q.note != want {
		t.Fatalf("note %q\nwant %q", q.note, want)
	}
	q.op = "="
	q.consistent = true
	press(t, m, "r")
	if requests(eng) != before || q.res != nil {
		t.Fatal("ConsistentRead on a GSI was sent")
	}
	if !strings.HasPrefix(q.note, "refused before sending: ConsistentRead is not available on a global secondary index") {
		t.Fatalf("note %q", q.note)
	}
}

// TestBuilderSwitchToNumericSortKey: begins_with chosen on a String sort
// key is reset, with a note, when the target becomes an index whose sort
// key is a Number; consistent read is turned off on a GSI the same way.
func TestBuilderSwitchToNumericSortKey(t *testing.T) {
	eng := demoEngine(t, "schema-demo")
	_, err := eng.CreateTable(context.Background(), &model.CreateTableInput{
		TableName: "Scores", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{{AttributeName: "user", KeyType: "HASH"}, {AttributeName: "game", KeyType: "RANGE"}},
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "user", AttributeType: "S"},
			{AttributeName: "game", AttributeType: "S"}, {AttributeName: "score", AttributeType: "N"}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "by-score",
			KeySchema:  []model.KeySchemaElement{{AttributeName: "game", KeyType: "HASH"}, {AttributeName: "score", KeyType: "RANGE"}},
			Projection: model.Projection{ProjectionType: model.ProjectionKeysOnly}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	m := newTestModel(t, eng, 120, 40)
	selectInSidebar(t, m, "Scores", "")
	press(t, m, "3")
	q := &m.query
	gotoRow(t, m, rowOp)
	for q.op != opBeginsWith {
		press(t, m, "l")
	}
	gotoRow(t, m, rowConsistent)
	press(t, m, "space")
	if !q.consistent {
		t.Fatal("consistent read on a table")
	}
	gotoRow(t, m, rowTarget)
	press(t, m, "l")
	if q.index != "by-score" {
		t.Fatalf("target %q", q.index)
	}
	if q.op != "=" || q.consistent {
		t.Fatalf("op %q consistent %v after switching to the GSI", q.op, q.consistent)
	}
	if !strings.Contains(q.note, "begins_with does not apply to score (a Number): operator reset to =") {
		t.Fatalf("note %q", q.note)
	}
}

// TestBuilderShowsDynamoDBError: a request the form lets through but
// DynamoDB rejects shows DynamoDB's exception and message verbatim.
func TestBuilderShowsDynamoDBError(t *testing.T) {
	eng := demoEngine(t, "forum")
	m := newTestModel(t, eng, 120, 40)
	selectInSidebar(t, m, "Thread", "")
	press(t, m, "3")
	q := &m.query
	gotoRow(t, m, rowPK)
	typeText(t, m, "EC2")
	gotoRow(t, m, rowFilter)
	typeText(t, m, "ForumName = :f")
	gotoRow(t, m, rowValues)
	typeText(t, m, ":f = EC2")
	press(t, m, "r")
	if q.res == nil || q.res.err == nil {
		t.Fatalf("result %+v", q.res)
	}
	// The same request straight to the engine fails the same way.
	in, _ := q.build()
	_, direct := eng.Query(context.Background(), in.(*model.QueryInput))
	want := &model.Error{Code: model.ErrValidation, Message: "Filter Expression can only contain non-primary key attributes: Primary key attribute: ForumName"}
	if q.res.err.Code != want.Code || q.res.err.Message != want.Message || direct.Error() != want.Error() {
		t.Fatalf("error %v (engine: %v), want %v", q.res.err, direct, want)
	}
	view := screen(m)
	for _, s := range []string{"DynamoDB rejected the request:", "ValidationException", "Filter Expression can only contain non-primary key attributes: Primary key"} {
		if !strings.Contains(view, s) {
			t.Errorf("screen lacks %q:\n%s", s, view)
		}
	}
}
