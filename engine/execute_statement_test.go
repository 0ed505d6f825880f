package engine

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// createOrders makes "Orders" (pk S, sk N) with a GSI byStatus (status S,
// KEYS_ONLY) and fills it: pk c1 and c2, sk 1..5, status NEW for odd sk.
func createOrders(t *testing.T, e *Engine) {
	t.Helper()
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "Orders", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{hk("pk"), rk("sk")},
		AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S"), ad("sk", "N"), ad("status", "S")},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "byStatus", KeySchema: []model.KeySchemaElement{hk("status")},
			Projection: model.Projection{ProjectionType: "KEYS_ONLY"}}}})
	mustOK(t, err)
	for _, c := range []string{"c1", "c2"} {
		for i := 1; i <= 5; i++ {
			it := model.Item{"pk": model.S(c), "sk": model.N(fmt.Sprint(i)), "total": model.N(fmt.Sprint(i * 10)),
				"m": model.M(map[string]model.AttributeValue{"k": model.L(model.S("x"), model.S("y"))})}
			if i%2 == 1 {
				it["status"] = model.S("NEW")
			}
			put(t, e, "Orders", it)
		}
	}
}

func stmt(s string, params ...model.AttributeValue) *model.ExecuteStatementInput {
	in := &model.ExecuteStatementInput{Statement: s, ReturnConsumedCapacity: "TOTAL", ConsistentRead: boolp(true)}
	if len(params) > 0 {
		in.Parameters = params
	}
	return in
}

// keysOf lists pk/sk of items as "c1/3".
func keysOf(items []model.Item) string {
	var out []string
	for _, it := range items {
		out = append(out, it["pk"].S+"/"+it["sk"].N)
	}
	return strings.Join(out, " ")
}

func TestExecuteStatementSelectQueryOrScan(t *testing.T) {
	e, _ := newTestEngine(t)
	createOrders(t, e)
	cases := []struct {
		statement string
		action    string
		reads     []string
		keys      string
		units     float64
	}{
		{`SELECT * FROM Orders WHERE pk = 'c1'`, "Query", []string{"pk = 'c1'"}, "c1/1 c1/2 c1/3 c1/4 c1/5", 1},
		{`SELECT * FROM "Orders" WHERE pk = 'c1' AND sk >= 4`, "Query", []string{"pk = 'c1' AND sk >= 4"}, "c1/4 c1/5", 1},
		{`SELECT * FROM Orders WHERE 2 < sk AND pk = 'c2' AND total > 30`, "Query", []string{"pk = 'c2' AND sk > 2"}, "c2/4 c2/5", 1},
		{`SELECT * FROM Orders WHERE pk IN ['c2', 'c1'] AND sk BETWEEN 2 AND 3`, "Query",
			[]string{"pk = 'c2' AND sk BETWEEN 2 AND 3", "pk = 'c1' AND sk BETWEEN 2 AND 3"}, "c2/2 c2/3 c1/2 c1/3", 2},
		{`SELECT * FROM Orders WHERE pk = 'c1' AND sk = 1 OR pk = 'c2' AND sk IN [5, 4]`, "Query",
			[]string{"pk = 'c1' AND sk = 1", "pk = 'c2' AND sk = 5", "pk = 'c2' AND sk = 4"}, "c1/1 c2/5 c2/4", 3},
		{`SELECT * FROM Orders WHERE pk = 'c1' AND pk = 'c2'`, "Query", nil, "", 0},
		{`SELECT * FROM Orders WHERE pk = 'c1' OR total = 50`, "Scan", nil, "", 1},
		{`SELECT * FROM Orders WHERE pk > 'c1'`, "Scan", nil, "c2/1 c2/2 c2/3 c2/4 c2/5", 1},
		{`SELECT * FROM Orders`, "Scan", nil, "", 1},
		{`SELECT * FROM Orders WHERE pk = 'c1' AND NOT sk = 1 OR pk = 'c1' AND sk = 2`, "Query", []string{"pk = 'c1'"}, "c1/2 c1/3 c1/4 c1/5", 1},
	}
	for _, tc := range cases {
		t.Run(tc.statement, func(t *testing.T) {
			plan, err := e.PlanStatement(ctx, tc.statement, nil)
			mustOK(t, err)
			if plan.Action != tc.action || !reflect.DeepEqual(plan.Reads, tc.reads) {
				t.Fatalf("plan %+v", plan)
			}
			out, ran, err := e.ExecuteStatementPlanned(ctx, stmt(tc.statement))
			mustOK(t, err)
			if ran.Action != tc.action {
				t.Fatalf("ran %+v", ran)
			}
			if tc.keys != "" && keysOf(out.Items) != tc.keys {
				t.Fatalf("items %s", keysOf(out.Items))
			}
			if float64(out.ConsumedCapacity.CapacityUnits) != tc.units {
				t.Fatalf("units %g", out.ConsumedCapacity.CapacityUnits)
			}
		})
	}
	// The same read as a Query costs what Query costs.
	q, err := e.Query(ctx, &model.QueryInput{TableName: "Orders", KeyConditionExpression: "pk = :p", ConsistentRead: boolp(true),
		ExpressionAttributeValues: vals(":p", model.S("c1")), ReturnConsumedCapacity: "TOTAL"})
	mustOK(t, err)
	out, err := e.ExecuteStatement(ctx, stmt(`SELECT * FROM Orders WHERE pk = 'c1'`))
	mustOK(t, err)
	if q.ConsumedCapacity.CapacityUnits != out.ConsumedCapacity.CapacityUnits || len(q.Items) != len(out.Items) {
		t.Fatalf("Query %v vs statement %v", q.ConsumedCapacity, out.ConsumedCapacity)
	}
	last := lastRequestOf(t, e, "ExecuteStatement")
	if !strings.HasPrefix(last.Lines[0], "Query on Orders: 5 items") {
		t.Fatalf("lines %q", last.Lines)
	}
	e.ExecuteStatement(ctx, stmt(`SELECT * FROM Orders WHERE total > 10`))
	last = lastRequestOf(t, e, "ExecuteStatement")
	if !strings.HasPrefix(last.Lines[0], "Scan on Orders: 10 items") {
		t.Fatalf("lines %q", last.Lines)
	}
}

func TestExecuteStatementProjectionIndexOrder(t *testing.T) {
	e, _ := newTestEngine(t)
	createOrders(t, e)
	out, err := e.ExecuteStatement(ctx, stmt(`SELECT sk, m.k[1], "total", absent FROM Orders WHERE pk = 'c1' AND sk = 2`))
	mustOK(t, err)
	want := []model.Item{{"sk": model.N("2"), "k[1]": model.S("y"), "total": model.N("20")}}
	if !reflect.DeepEqual(out.Items, want) {
		t.Fatalf("items %v", out.Items)
	}
	out, err = e.ExecuteStatement(ctx, stmt(`SELECT * FROM Orders WHERE pk = 'c2' ORDER BY sk DESC`))
	mustOK(t, err)
	if keysOf(out.Items) != "c2/5 c2/4 c2/3 c2/2 c2/1" {
		t.Fatalf("order %s", keysOf(out.Items))
	}
	out, err = e.ExecuteStatement(ctx, stmt(`SELECT * FROM Orders WHERE pk = 'c1' AND sk IN [5, 2, 4] ORDER BY sk`))
	mustOK(t, err)
	if keysOf(out.Items) != "c1/2 c1/4 c1/5" {
		t.Fatalf("order %s", keysOf(out.Items))
	}
	out, err = e.ExecuteStatement(ctx, stmt(`SELECT * FROM Orders WHERE pk = 'c1' AND (sk < 2 OR sk > 4) ORDER BY sk DESC`))
	mustOK(t, err)
	if keysOf(out.Items) != "c1/5 c1/1" {
		t.Fatalf("order %s", keysOf(out.Items))
	}
	out, err = e.ExecuteStatement(ctx, stmt(`SELECT * FROM Orders WHERE pk IN ['c2', 'c1'] AND sk = 1 ORDER BY pk ASC, sk`))
	mustOK(t, err)
	if keysOf(out.Items) != "c1/1 c2/1" {
		t.Fatalf("order %s", keysOf(out.Items))
	}
	in := stmt(`SELECT * FROM "Orders"."byStatus" WHERE status = 'NEW'`)
	in.ConsistentRead = nil
	out, err = e.ExecuteStatement(ctx, in)
	mustOK(t, err)
	if len(out.Items) != 6 || out.Items[0]["total"].Type != model.TypeInvalid {
		t.Fatalf("index items %v", out.Items)
	}
	errs := []struct{ statement, msg string }{
		{`SELECT * FROM Orders WHERE pk IN ['c1', 'c1']`, "Overlapping conditions with range keys are not supported in where clause"},
		{`SELECT * FROM Orders WHERE pk = 'c1' AND (sk > 1 OR sk < 5)`, "Overlapping conditions with range keys are not supported in where clause"},
		{`SELECT * FROM Orders WHERE pk = 'c1' AND (sk = 1 OR total = 2)`, "Overlapping conditions with range keys are not supported in where clause"},
		{`SELECT * FROM Orders WHERE pk = 1 OR pk = 'c1'`, "Key attribute's data type should match its data type in table's schema: Key pk"},
		{`SELECT * FROM Orders WHERE pk = 'c1' AND sk IN [1, '2']`, "Key attribute's data type should match its data type in table's schema: Key sk"},
		{`SELECT * FROM Orders WHERE pk IN [` + inList(51) + `]`, "Too many decomposed read operations for a given query."},
		{`SELECT * FROM Orders WHERE pk = 'c1' AND total IN [` + inList(101) + `]`, "The IN operator is provided with too many operands; number of operands: 101"},
		{`SELECT * FROM Orders ORDER BY sk`, "Must have WHERE clause in the statement when using ORDER BY clause."},
		{`SELECT * FROM Orders WHERE total > 1 ORDER BY sk`, "Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause."},
		{`SELECT * FROM Orders WHERE pk = 'c1' ORDER BY total`, "Variable reference total in ORDER BY clause must be part of the primary key"},
		{`SELECT * FROM Orders WHERE pk IN ['c1', 'c2'] ORDER BY sk`, "Must have hash key in ORDER BY clause when more than one hash key condition specified in WHERE clause."},
		{`SELECT * FROM "Orders"."byStatus" WHERE status = 'NEW'`, "Strongly consistent read is not supported on Global Secondary Indexes"},
		{`SELECT * FROM Orders WHERE attribute_exists('total')`, "Operator or function requires a document path; operator or function: attribute_exists"},
		{`SELECT * FROM Orders WHERE attribute_type(total, 1)`, "Incorrect operand type for operator or function; operator or function: attribute_type, operand type: N"},
		{`SELECT * FROM Orders WHERE EXISTS(total)`, "Unrecognized function: exists at 1:28:6"},
		{`SELECT * FROM Orders WHERE attribute_exists()`, "Incorrect number of operands for operator or function; operator or function: attribute_exists, number of operands: 0"},
		{`SELECT * FROM Nope`, "Requested resource not found"},
		{`SELECT * FROM Orders WHERE pk = ?`, "Number of parameters in request and statement don't match."},
	}
	for _, tc := range errs {
		t.Run(tc.statement, func(t *testing.T) {
			_, err := e.ExecuteStatement(ctx, stmt(tc.statement))
			me, ok := err.(*model.Error)
			if !ok || me.Message != tc.msg {
				t.Fatalf("error %v\nwant %s", err, tc.msg)
			}
		})
	}
}

func inList(n int) string {
	vals := make([]string, n)
	for i := range vals {
		vals[i] = fmt.Sprintf("'v%d'", i)
	}
	return strings.Join(vals, ",")
}

func TestExecuteStatementPaging(t *testing.T) {
	e, _ := newTestEngine(t)
	createOrders(t, e)
	pagesOf := func(statement string, limit int32) []string {
		var pages []string
		in := stmt(statement)
		in.Limit = &limit
		for {
			out, err := e.ExecuteStatement(ctx, in)
			mustOK(t, err)
			pages = append(pages, keysOf(out.Items))
			if out.NextToken == "" {
				return pages
			}
			if len(pages) > 10 {
				t.Fatal("no end")
			}
			if out.LastEvaluatedKey == nil && len(pages) == 1 {
				t.Fatal("a page cut by Limit has no LastEvaluatedKey")
			}
			in.NextToken = out.NextToken
		}
	}
	// Limit counts the items evaluated on a page, across the key reads.
	if got := strings.Join(pagesOf(`SELECT * FROM Orders WHERE pk IN ['c1', 'c2'] AND sk < 4`, 2), " | "); got != "c1/1 c1/2 | c1/3 c2/1 | c2/2 c2/3 | " {
		t.Fatalf("query pages %q", got)
	}
	// A Scan evaluates every item: 10 items, 4 a page, 3 pages; the two
	// matches come back once each.
	pages := pagesOf(`SELECT * FROM Orders WHERE sk = 3`, 4)
	found := strings.Fields(strings.Join(pages, " "))
	sort.Strings(found)
	if len(pages) != 3 || strings.Join(found, " ") != "c1/3 c2/3" {
		t.Fatalf("scan pages %q", pages)
	}
	in := stmt(`SELECT * FROM Orders WHERE pk = 'c1'`)
	in.NextToken = "garbage"
	_, err := e.ExecuteStatement(ctx, in)
	wantError(t, err, "ValidationException", "Invalid NextToken")
	lim := int32(1)
	in.NextToken, in.Limit = "", &lim
	out, _ := e.ExecuteStatement(ctx, in)
	other := stmt(`SELECT * FROM Orders WHERE pk = 'c2'`)
	other.NextToken = out.NextToken
	_, err = e.ExecuteStatement(ctx, other)
	wantError(t, err, "ValidationException", "NextToken does not match request")
}

func TestExecuteStatementWrites(t *testing.T) {
	e, _ := newTestEngine(t)
	createOrders(t, e)
	run := func(s string, params ...model.AttributeValue) (*model.ExecuteStatementOutput, error) {
		return e.ExecuteStatement(ctx, stmt(s, params...))
	}
	out, err := run(`INSERT INTO Orders VALUE {'pk': 'c3', 'sk': ?, 'tags': <<'a', 'b'>>, 'size': 3}`, model.N("1"))
	mustOK(t, err)
	if len(out.Items) != 0 || out.Items == nil || out.ConsumedCapacity.CapacityUnits != 1 {
		t.Fatalf("insert answer %+v", out)
	}
	got := getItem(t, e, "Orders", model.Item{"pk": model.S("c3"), "sk": model.N("1")})
	if got["size"].N != "3" || len(got["tags"].SS) != 2 {
		t.Fatalf("inserted %v", got)
	}
	_, err = run(`INSERT INTO Orders VALUE {'pk': 'c3', 'sk': 1}`)
	wantError(t, err, "DuplicateItemException", "Duplicate primary key exists in table")

	out, err = run(`UPDATE Orders SET total = total + 5, tags = set_add(tags, <<'c'>>) REMOVE m SET note = 'x' WHERE pk = 'c1' AND sk = 1 AND total = 10 RETURNING MODIFIED NEW *`)
	mustOK(t, err)
	want := model.Item{"total": model.N("15"), "tags": model.SS("c"), "note": model.S("x")}
	if len(out.Items) != 1 || !model.ItemsEqual(out.Items[0], want) {
		t.Fatalf("returning %v", out.Items)
	}
	_, err = run(`UPDATE Orders SET total = 0 WHERE pk = 'c1' AND sk = 1 AND total = 10`)
	wantError(t, err, "ConditionalCheckFailedException", "The conditional request failed")
	_, err = run(`UPDATE Orders SET total = 0 WHERE pk = 'c9' AND sk = 1`)
	wantError(t, err, "ConditionalCheckFailedException", "The conditional request failed")
	if getItem(t, e, "Orders", model.Item{"pk": model.S("c9"), "sk": model.N("1")}) != nil {
		t.Fatal("UPDATE created an item")
	}
	out, err = run(`DELETE FROM Orders WHERE pk = 'c1' AND sk = 2 RETURNING ALL OLD *`)
	mustOK(t, err)
	if len(out.Items) != 1 || out.Items[0]["total"].N != "20" {
		t.Fatalf("deleted %v", out.Items)
	}
	out, err = run(`DELETE FROM Orders WHERE pk = 'c1' AND sk = 2`)
	mustOK(t, err)
	if len(out.Items) != 0 {
		t.Fatalf("%v", out.Items)
	}
	errs := []struct{ statement, msg string }{
		{`UPDATE Orders SET a = 1 WHERE pk = 'c1'`, "Where clause does not contain a mandatory equality on all key attributes"},
		{`UPDATE Orders SET a = 1 WHERE pk = 'c1' AND sk = 1 AND pk = 'c2'`, "Multiple conditions on same key pk. Only single item Update/Insert/Delete are supported"},
		{`UPDATE Orders SET a = 1 WHERE pk = 'c1' AND sk = '1'`, "The provided key element does not match the schema"},
		{`UPDATE Orders SET sk = 1 WHERE pk = 'c1' AND sk = 1`, "One or more parameter values were invalid: Cannot update attribute sk. This attribute is part of the key"},
		{`UPDATE Orders SET total = 'a' + 1 WHERE pk = 'c1' AND sk = 1`, "Incorrect operand type for operator or function; operator or function: +, operand type: S"},
		{`UPDATE Orders SET t = set_add(tags, <<'x'>>) WHERE pk = 'c1' AND sk = 1`, "The first argument to SET_ADD must equal the assignment value at 1:23:7"},
		{`UPDATE Orders SET tags = set_add(tags, 'x') WHERE pk = 'c1' AND sk = 1`, "The second argument to SET_ADD must be a value with type SET at 1:34:4"},
		{`UPDATE Orders SET tags = set_add(tags) WHERE pk = 'c1' AND sk = 1`, "SET_ADD must have exactly two arguments at 1:26:7"},
		{`DELETE FROM Orders WHERE pk = 'c1' AND sk = 1 RETURNING ALL NEW *`, "Invalid returning clause: RETURNING ALL NEW *. Only RETURNING ALL OLD * is allowed in DELETE statements."},
		{`INSERT INTO Orders VALUE {'pk': 'c4'}`, "One or more parameter values were invalid: Missing the key sk in the item"},
		{`EXISTS(SELECT * FROM Orders WHERE pk = 'c1' AND sk = 1 AND total = 1)`, "EXISTS can only be used in ExecuteTransaction write requests."},
	}
	for _, tc := range errs {
		t.Run(tc.statement, func(t *testing.T) {
			_, err := run(tc.statement)
			me, ok := err.(*model.Error)
			if !ok || me.Message != tc.msg {
				t.Fatalf("error %v\nwant %s", err, tc.msg)
			}
		})
	}
	checkIndexesMatchTable(t, e, "Orders")
}

// TestPlanStatementSaysWhyItScans: the reason names an OR branch only when
// the WHERE has several.
func TestPlanStatementSaysWhyItScans(t *testing.T) {
	e, _ := newTestEngine(t)
	createOrders(t, e)
	for _, tc := range []struct{ statement, why string }{
		{`SELECT * FROM Orders WHERE total > 1`, "the WHERE does not pin the partition key pk with = or IN: a Scan reads every item of Orders and filters"},
		{`SELECT * FROM Orders WHERE pk = 'c1' OR total = 50`, "an OR branch of the WHERE does not pin the partition key pk with = or IN: a Scan reads every item of Orders and filters"},
		{`SELECT * FROM Orders`, "there is no WHERE: a Scan reads every item of Orders"},
	} {
		plan, err := e.PlanStatement(ctx, tc.statement, nil)
		mustOK(t, err)
		if plan.Why != tc.why {
			t.Errorf("%s\n why %q\nwant %q", tc.statement, plan.Why, tc.why)
		}
	}
}

// TestPartiQLErrorsNameAttributes: a WHERE that is no condition is refused
// naming the attribute, never the placeholder the translation wrote.
func TestPartiQLErrorsNameAttributes(t *testing.T) {
	e, _ := newTestEngine(t)
	createOrders(t, e)
	_, err := e.ExecuteStatement(ctx, stmt(`SELECT * FROM Orders WHERE total`))
	var me *model.Error
	if !errors.As(err, &me) || me.Code != model.ErrValidation || strings.Contains(me.Message, "#n") || !strings.Contains(me.Message, `"total"`) {
		t.Fatalf("error %v", err)
	}
}
