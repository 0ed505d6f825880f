package query

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// toPartiQL shows the query builder of table (and index) in PartiQL mode.
func toPartiQL(t *testing.T, m *bed, table, index string) {
	t.Helper()
	m.Select(table, index)
	press(t, m, "M") // M goes back from Query to PartiQL
	if mode := m.q.Mode(); mode != ModePartiQL {
		t.Fatalf("M from Query: mode %v", mode)
	}
}

// gotoPQRow moves the PartiQL editor's cursor to the row named row.
func gotoPQRow(t testing.TB, m *bed, row string) {
	t.Helper()
	press(t, m, "g")
	for i := 0; i < 10 && m.q.PartiQL().Row != row; i++ {
		press(t, m, "j")
	}
	if got := m.q.PartiQL().Row; got != row {
		t.Fatalf("cannot reach row %q (on %q)", row, got)
	}
}

// setStatement replaces the statement in the editor.
func setStatement(t *testing.T, m *bed, s string) {
	t.Helper()
	gotoPQRow(t, m, "statement")
	press(t, m, "enter", "ctrl+u")
	typeIn(t, m, s)
	press(t, m, "enter")
}

// statementsRun counts the ExecuteStatement requests the engine logged.
func statementsRun(eng *engine.Engine) int {
	n := 0
	for _, r := range eng.RecentRequests() {
		if r.Action == "ExecuteStatement" {
			n++
		}
	}
	return n
}

// The verdict comes before anything runs: the builder's own statement for
// the table is a Scan; pinning the partition key with = or IN makes it a
// Query with its key reads; a statement ExecuteStatement would refuse
// shows DynamoDB's error. Running it then reads exactly what the engine
// reads for the same request, as the verdict said.
func TestPartiQLVerdictBeforeRunning(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	m := newBed(t, eng, 120, 40)
	toPartiQL(t, m, "Thread", "")
	q := m.q
	pq := q.PartiQL()
	if pq.Statement != `SELECT * FROM "Thread"` || pq.Plan == nil || pq.Plan.Action != "Scan" {
		t.Fatalf("the builder's statement: %+v", pq)
	}
	if !strings.Contains(flat(m), "⚠ Scan of Thread, every item read and paid for: there is no WHERE") {
		t.Fatalf("no Scan verdict:\n%s", screen(m))
	}
	cases := []struct {
		stmt, action string
		reads        []string
		screen       string
	}{
		{`SELECT * FROM "Thread" WHERE ForumName = 'EC2'`, "Query", []string{"ForumName = 'EC2'"},
			"✓ Query on Thread: the WHERE pins the partition key ForumName with =: a Query reads only the 1 matching key range(s) of Thread"},
		{`SELECT * FROM "Thread" WHERE ForumName IN ['EC2', 'RDS'] AND Subject > 'M'`, "Query",
			[]string{"ForumName = 'EC2' AND Subject > 'M'", "ForumName = 'RDS' AND Subject > 'M'"}, "reads ForumName = 'RDS' AND Subject > 'M'"},
		{`SELECT * FROM "Thread" WHERE Views > 100`, "Scan", nil, "then keeps Views > 100"},
		{`SELECT * FROM "Thread"."LastPostIndex" WHERE ForumName = 'RDS'`, "Query", []string{"ForumName = 'RDS'"}, "✓ Query on Thread.LastPostIndex"},
	}
	for _, c := range cases {
		setStatement(t, m, c.stmt)
		p := q.PartiQL().Plan
		if p == nil || p.Action != c.action || strings.Join(p.Reads, "|") != strings.Join(c.reads, "|") {
			t.Errorf("%s: plan %+v", c.stmt, p)
		}
		if !strings.Contains(flat(m), c.screen) {
			t.Errorf("%s: screen lacks %q:\n%s", c.stmt, c.screen, screen(m))
		}
	}
	if n := statementsRun(eng); n != 0 {
		t.Fatalf("the verdicts ran %d statements", n)
	}
	setStatement(t, m, `SELECT * FROM "Thread" WHERE`)
	pq = q.PartiQL()
	if pq.PlanErr == nil || pq.PlanErr.Code != model.ErrValidation || pq.Plan != nil {
		t.Fatalf("a broken statement: %+v", pq)
	}
	_, direct := eng.ExecuteStatement(context.Background(), &model.ExecuteStatementInput{Statement: `SELECT * FROM "Thread" WHERE`})
	if direct == nil || direct.Error() != pq.PlanErr.Error() {
		t.Fatalf("verdict %v, ExecuteStatement %v", pq.PlanErr, direct)
	}
	if !strings.Contains(flat(m), "✗ ValidationException: "+pq.PlanErr.Message) || !strings.Contains(flat(m), "nothing was sent") {
		t.Fatalf("the error is not shown:\n%s", screen(m))
	}
	// run: what it ran as, the items and the capacity the engine gives
	// the same request
	setStatement(t, m, `SELECT * FROM "Thread" WHERE ForumName = ?`)
	gotoPQRow(t, m, "parameters")
	typeText(t, m, `"EC2"`)
	if p := q.PartiQL().Plan; p == nil || p.Action != "Query" {
		t.Fatalf("with its parameter: %+v", p)
	}
	press(t, m, "r")
	res := q.PartiQL().Result
	in := &model.ExecuteStatementInput{Statement: `SELECT * FROM "Thread" WHERE ForumName = ?`,
		Parameters: []model.AttributeValue{model.S("EC2")}, ReturnConsumedCapacity: model.ReturnCapacityIndexes}
	out, plan, err := eng.ExecuteStatementPlanned(context.Background(), in)
	if err != nil || res == nil || res.Err != nil || res.Plan == nil || res.Plan.Action != "Query" || plan.Action != "Query" {
		t.Fatalf("result %+v (engine %v)", res, err)
	}
	if len(res.Items) != len(out.Items) || len(res.Items) == 0 || res.Units != float64(out.ConsumedCapacity.CapacityUnits) {
		t.Fatalf("%d items %v RCU, engine %d items %v RCU", len(res.Items), res.Units, len(out.Items), out.ConsumedCapacity.CapacityUnits)
	}
	if len(res.Lines) == 0 || !strings.HasPrefix(res.Lines[0], "Query on Thread: ") {
		t.Fatalf("lines %q", res.Lines)
	}
	f := flat(m)
	for _, s := range []string{"Query · " + kit.NItems(len(res.Items)), "last page (no NextToken)", res.Lines[0]} {
		if !strings.Contains(f, s) {
			t.Errorf("screen lacks %q:\n%s", s, screen(m))
		}
	}
	want := `aws dynamodb execute-statement --statement 'SELECT * FROM "Thread" WHERE ForumName = ?' --parameters '[{"S":"EC2"}]' --return-consumed-capacity INDEXES`
	if cli := CLIText(res.In, ""); cli != want {
		t.Errorf("cli %s\nwant %s", cli, want)
	}
}

// NextToken pages: a Limit of 10 reads ten items a page, n reads the
// next, and the pages together are the partition, in order, as the
// engine's Query returns it.
func TestPartiQLPagesWithNextToken(t *testing.T) {
	eng := uitest.DemoEngine(t, "iot-device-reports")
	m := newBed(t, eng, 120, 40)
	toPartiQL(t, m, "DeviceReports", "")
	q := m.q
	setStatement(t, m, `SELECT * FROM "DeviceReports" WHERE DeviceID = ?`)
	gotoPQRow(t, m, "parameters")
	typeText(t, m, `"d#1001"`)
	gotoPQRow(t, m, "limit")
	typeText(t, m, "10")
	press(t, m, "r")
	var got []string
	for page := 0; ; page++ {
		res := q.PartiQL().Result
		if res == nil || res.Err != nil || res.Page != page {
			t.Fatalf("page %d: %+v", page+1, res)
		}
		for _, it := range res.Items {
			got = append(got, it["Timestamp"].S)
		}
		if page > 0 && !strings.Contains(flat(m), "Query · page "+strconv.Itoa(page+1)+" · ") {
			t.Errorf("page %d is not on screen:\n%s", page+1, screen(m))
		}
		if res.NextToken == "" {
			if !strings.Contains(flat(m), "last page (no NextToken)") {
				t.Errorf("the last page does not say so:\n%s", screen(m))
			}
			break
		}
		if len(res.Items) != 10 || !strings.Contains(flat(m), "[n] next page (NextToken)") {
			t.Fatalf("page %d: %d items\n%s", page+1, len(res.Items), screen(m))
		}
		if page == 0 && !strings.Contains(CLIText(res.In, ""), "--limit 10") {
			t.Errorf("cli %s", CLIText(res.In, ""))
		}
		press(t, m, "n")
		if page == 0 {
			if cli := CLIText(q.PartiQL().Result.In, ""); !strings.Contains(cli, "--next-token ") {
				t.Errorf("the second page's CLI line has no --next-token: %s", cli)
			}
		}
	}
	all, err := eng.Query(context.Background(), &model.QueryInput{TableName: "DeviceReports", KeyConditionExpression: "DeviceID = :d",
		ExpressionAttributeValues: map[string]model.AttributeValue{":d": model.S("d#1001")}})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(all.Items) || len(got) <= 10 {
		t.Fatalf("pages hold %d items, the partition %d", len(got), len(all.Items))
	}
	for i, it := range all.Items {
		if got[i] != it["Timestamp"].S {
			t.Fatalf("item %d: %s, want %s", i, got[i], it["Timestamp"].S)
		}
	}
}

// The editor offers the names being typed: tables after FROM, the
// attributes of the statement's table elsewhere; tab completes the first
// (a table name quoted).
func TestPartiQLOffersNames(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	m := newBed(t, eng, 120, 40)
	toPartiQL(t, m, "Reply", "")
	q := m.q
	gotoPQRow(t, m, "statement")
	press(t, m, "enter", "ctrl+u")
	typeIn(t, m, "SELECT * FROM Thr")
	if pq := q.PartiQL(); pq.Offering != "tables" || strings.Join(pq.Suggestions, ",") != "Thread" {
		t.Fatalf("after FROM: %q %v", pq.Offering, pq.Suggestions)
	}
	press(t, m, "tab")
	typeIn(t, m, " WHERE Fo")
	pq := q.PartiQL()
	if pq.Statement != `SELECT * FROM "Thread" WHERE Fo` || pq.Offering != "attributes of Thread" || strings.Join(pq.Suggestions, ",") != "ForumName" {
		t.Fatalf("statement %q, %q %v", pq.Statement, pq.Offering, pq.Suggestions)
	}
	if !strings.Contains(flat(m), "attributes of Thread: ForumName · tab completes") {
		t.Fatalf("the names are not offered on screen:\n%s", screen(m))
	}
	press(t, m, "tab")
	typeIn(t, m, " = 'EC2' AND T")
	pq = q.PartiQL()
	if !strings.HasSuffix(pq.Statement, `WHERE ForumName = 'EC2' AND T`) || strings.Join(pq.Suggestions, ",") != "Tags" {
		t.Fatalf("statement %q, offers %v", pq.Statement, pq.Suggestions)
	}
	// a name is completed case-insensitively; "Tags" is offered from the
	// sample of items (not a key attribute)
	press(t, m, "backspace")
	typeIn(t, m, "ta")
	press(t, m, "tab", "enter")
	if pq := q.PartiQL(); !strings.HasSuffix(pq.Statement, "AND Tags") || q.Capturing() {
		t.Fatalf("statement %q", pq.Statement)
	}
}

// plainBackend is a backend with DynamoDB's API and none of the
// embedded engine's extras (a real endpoint).
type plainBackend struct{ engine.API }

// On a backend that cannot plan a statement the editor says it cannot
// tell the verdict, and runs the statement all the same. A DELETE asks
// first.
func TestPartiQLWithoutPlannerAndDelete(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	m := newBed(t, plainBackend{eng}, 120, 40)
	toPartiQL(t, m, "Thread", "")
	q := m.q
	if pq := q.PartiQL(); pq.Plan != nil || !strings.HasPrefix(pq.PlanNote, "this backend cannot tell before running whether a SELECT becomes a Query or a Scan") {
		t.Fatalf("verdict %+v", pq)
	}
	press(t, m, "r")
	if res := q.PartiQL().Result; res == nil || res.Err != nil || len(res.Items) != 22 || res.Plan != nil {
		t.Fatalf("result %+v", res)
	}
	key := model.Item{"ForumName": model.S("EC2"), "Subject": model.S("EC2 API rate limits")}
	setStatement(t, m, `DELETE FROM "Thread" WHERE ForumName = 'EC2' AND Subject = 'EC2 API rate limits'`)
	press(t, m, "r")
	if m.Question == nil {
		t.Fatalf("a DELETE did not ask:\n%s", screen(m))
	}
	press(t, m, "n")
	if uitest.GetItem(t, eng, "Thread", key) == nil {
		t.Fatal("n deleted")
	}
	press(t, m, "r", "y")
	if res := q.PartiQL().Result; res == nil || res.Err != nil || uitest.GetItem(t, eng, "Thread", key) != nil {
		t.Fatalf("y: %+v", res)
	}
}
