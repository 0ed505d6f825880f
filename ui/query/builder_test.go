package query

import (
	"context"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// TestBuilderRefusesBeforeSending: on a GSI whose sort key is a Number the
// builder never offers begins_with and refuses ConsistentRead, with the
// reason, and sends nothing.
func TestBuilderRefusesBeforeSending(t *testing.T) {
	eng := uitest.DemoEngine(t, "schema-demo")
	m := newBed(t, eng, 120, 40)
	m.Select("schema-demo", "animal_type")
	q := m.q
	if !q.Target().Global() || q.Target().AttrType(q.Target().RangeKey()) != "N" {
		t.Fatalf("target %s", q.Target().Label())
	}

	gotoRow(t, m, "sort key")
	seen := map[string]bool{}
	for i := 0; i < 10; i++ {
		seen[q.Form().Op] = true
		press(t, m, "l")
	}
	want := []string{"", "=", "<", "<=", ">", ">=", "BETWEEN"}
	if len(seen) != len(want) {
		t.Fatalf("operators offered on a Number sort key: %v", seen)
	}
	for _, op := range want {
		if !seen[op] {
			t.Errorf("operator %q not offered", op)
		}
	}
	if seen["begins_with"] {
		t.Error("begins_with offered on a Number sort key")
	}
	if !strings.Contains(screen(m), "= < <= > >= BETWEEN") || strings.Contains(screen(m), "begins_with") {
		t.Errorf("the operator row should list exactly = < <= > >= BETWEEN:\n%s", screen(m))
	}

	before := requests(eng)
	gotoRow(t, m, "consistent read")
	press(t, m, "space")
	f := q.Form()
	if f.Consistent || !f.NoteBad || !strings.Contains(f.Note, "refused: ConsistentRead is not available on a global secondary index") {
		t.Fatalf("consistent %v note %q", f.Consistent, f.Note)
	}
	if !strings.Contains(screen(m), "not on a GSI") {
		t.Errorf("the consistent-read row should say why it is off:\n%s", screen(m))
	}
	if requests(eng) != before || q.Result() != nil {
		t.Fatal("a refused choice sent a request")
	}
}

// Form state belongs to its table or index: what is typed for the table
// is not carried to an index with another key schema, and comes back when
// the table is chosen again — from the builder's own target row or from
// the sidebar. (Before, Reply's key value ended up in DeviceReports' GSI
// field, and begins_with on a String sort key was carried to a Number one.)
func TestBuilderFormBelongsToItsTarget(t *testing.T) {
	eng := uitest.DemoEngine(t, "schema-demo", "forum", "iot-device-reports")
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
	m := newBed(t, eng, 120, 40)
	m.Select("Scores", "")
	q := m.q
	gotoRow(t, m, "partition key")
	typeText(t, m, "ana")
	gotoRow(t, m, "sort key")
	for q.Form().Op != "begins_with" {
		press(t, m, "l")
	}
	gotoRow(t, m, "consistent read")
	press(t, m, "space")
	gotoRow(t, m, "values")
	typeText(t, m, ":x = 1")
	if f := q.Form(); !f.Consistent || f.PK != "ana" {
		t.Fatalf("table form %+v", f)
	}
	gotoRow(t, m, "read from")
	press(t, m, "l")
	if q.Target().Index != "by-score" {
		t.Fatalf("target %q", q.Target().Index)
	}
	if f := q.Form(); f.PK != "" || f.Op != "" || f.Consistent || f.Values != "" {
		t.Fatalf("the GSI got the table's form: %+v", f)
	}
	press(t, m, "h") // back to the table
	if f := q.Form(); f.PK != "ana" || f.Op != "begins_with" || !f.Consistent || f.Values != ":x = 1" {
		t.Fatalf("the table's form did not come back: %+v", f)
	}
	// The same through the sidebar, across tables.
	m.Select("Reply", "")
	gotoRow(t, m, "partition key")
	typeText(t, m, "Amazon DynamoDB#DynamoDB Thread 1")
	m.Select("DeviceReports", "EscalatedTo-index")
	if f := q.Form(); f.PK != "" || f.Values != "" {
		t.Fatalf("DeviceReports' GSI got Reply's form: %+v", f)
	}
	m.Select("Reply", "")
	if f := q.Form(); f.PK != "Amazon DynamoDB#DynamoDB Thread 1" {
		t.Fatalf("Reply's form did not come back: %+v", f)
	}
}

// A refusal or a note about the form goes as soon as a field is edited:
// it was about what the form held before.
func TestBuilderNoteClearsWhenEdited(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	m := newBed(t, eng, 120, 40)
	m.Select("Thread", "")
	q := m.q
	gotoRow(t, m, "values")
	typeText(t, m, "oops")
	press(t, m, "r")
	if f := q.Form(); !f.NoteBad || !strings.Contains(f.Note, "refused before sending") {
		t.Fatalf("note %q", f.Note)
	}
	press(t, m, "enter", "backspace")
	if f := q.Form(); f.Note != "" {
		t.Fatalf("the note stayed after the field was edited: %q", f.Note)
	}
	if strings.Contains(screen(m), "refused before sending") {
		t.Fatalf("the screen still says it:\n%s", screen(m))
	}
}

// TestBuilderShowsDynamoDBError: a request the form lets through but
// DynamoDB rejects shows DynamoDB's exception and message verbatim.
func TestBuilderShowsDynamoDBError(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	m := newBed(t, eng, 120, 40)
	m.Select("Thread", "")
	q := m.q
	gotoRow(t, m, "partition key")
	typeText(t, m, "EC2")
	gotoRow(t, m, "filter")
	typeText(t, m, "ForumName = :f")
	gotoRow(t, m, "values")
	typeText(t, m, ":f = EC2")
	press(t, m, "r")
	res := q.Result()
	if res == nil || res.Err == nil {
		t.Fatalf("result %+v", res)
	}
	// The same request straight to the engine fails the same way.
	in, _ := q.Request()
	_, direct := eng.Query(context.Background(), in.(*model.QueryInput))
	want := &model.Error{Code: model.ErrValidation, Message: "Filter Expression can only contain non-primary key attributes: Primary key attribute: ForumName"}
	if res.Err.Code != want.Code || res.Err.Message != want.Message || direct.Error() != want.Error() {
		t.Fatalf("error %v (engine: %v), want %v", res.Err, direct, want)
	}
	view := screen(m)
	for _, s := range []string{"DynamoDB rejected the request:", "ValidationException", "Filter Expression can only contain non-primary key attributes: Primary key"} {
		if !strings.Contains(view, s) {
			t.Errorf("screen lacks %q:\n%s", s, view)
		}
	}
}

// At 80x24 the results scroll: pgdn and G reach the last of 25 rows, and
// the rows on screen follow the cursor. (Before, one of 25 rows showed and
// pgdn and G did nothing there.)
func TestBuilderResultsScrollAt80x24(t *testing.T) {
	eng := uitest.DemoEngine(t, "iot-device-reports")
	m := newBed(t, eng, 80, 24)
	m.Select("DeviceReports", "")
	gotoRow(t, m, "partition key")
	typeText(t, m, "d#1001")
	press(t, m, "r")
	res := m.q.Result()
	if res == nil || len(res.Items) != 25 {
		t.Fatalf("want 25 results, got %+v", res)
	}
	press(t, m, "G")
	if r := m.q.ResultRow(); r != 24 {
		t.Fatalf("G: cursor on result row %d, want 24", r)
	}
	last := res.Items[24]["Timestamp"].S
	if !strings.Contains(screen(m), last) {
		t.Fatalf("the last row (%s) is not on screen:\n%s", last, screen(m))
	}
	press(t, m, "g", "pgdown", "pgdown")
	if r := m.q.ResultRow(); r < 0 {
		t.Fatalf("pgdown twice from the top: still on the form (%q)", m.q.Form().Row)
	}
	shown := 0
	for _, it := range res.Items {
		if strings.Contains(screen(m), it["Timestamp"].S) {
			shown++
		}
	}
	if shown < 8 {
		t.Fatalf("only %d result rows on screen once scrolled to them:\n%s", shown, screen(m))
	}
}
