package query

import (
	"reflect"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// skipStatusRefusal is DynamoDB's answer to a Query on PositionIndex that
// names Position without an equality condition on Status before it.
const skipStatusRefusal = "RANGE key attributes Status must have equality conditions specified in the query because a condition is present on key attribute Position"

// keyFields is the builder's key fields as "Attribute op value [why]".
func keyFields(q *Model) []string {
	var out []string
	for _, k := range q.Form().Keys {
		s := strings.TrimSpace(k.Attribute + " " + k.Op + " " + k.Value)
		if k.Disabled != "" {
			s += " [" + k.Disabled + "]"
		}
		out = append(out, s)
	}
	return out
}

// The query builder on PositionIndex (UserID; Section, Status, Position):
// one field per key attribute, in order; a sort field is disabled, saying
// why, until the ones before it have =; the disabled one takes no
// operator (the note says why, nothing is sent); the query pinned from the
// left reads positions 9 to 12 in order. A range condition on Status then
// leaves Position's condition kept but marked: run, DynamoDB's refusal
// shows verbatim; cycling the field clears it.
func TestBuilderMultiAttributeKeyLeftToRight(t *testing.T) {
	eng := uitest.DemoEngine(t, "composite-sort-keys")
	m := newBed(t, eng, 120, 40)
	m.Select("CartLines", "PositionIndex")
	q := m.q
	want := []string{"UserID =", "Section",
		"Status [needs = on Section first: none skipped]",
		"Position [needs = on Section first: none skipped]"}
	if got := keyFields(q); !reflect.DeepEqual(got, want) {
		t.Fatalf("fields %q, want %q", got, want)
	}
	for row, line := range map[string]string{
		"partition key":   "  partition key    UserID (S)  =  —",
		"sort key 1 of 3": "  sort key 1 of 3  Section (S)  ◂ (any) ▸  = < <= > >= BETWEEN begins_with",
		"sort key 2 of 3": "  sort key 2 of 3  Status (S)  — needs = on Section first: none skipped",
		"sort key 3 of 3": "  sort key 3 of 3  Position (N)  — needs = on Section first: none skipped",
	} {
		if got := strings.TrimRight(m.lineWith(row), " │"); !strings.HasSuffix(got, line) {
			t.Errorf("row %s: %q, want %q", row, got, line)
		}
	}
	before := requests(eng)
	gotoRow(t, m, "sort key 2 of 3")
	press(t, m, "l")
	if f := q.Form(); f.Keys[2].Op != "" || !f.NoteBad || f.Note != "refused: no condition on Status now: Section has no condition, and the sort attributes are pinned with = from the left, none skipped" {
		t.Fatalf("a disabled field took an operator: %+v", f)
	}
	if requests(eng) != before {
		t.Fatal("a refused choice sent a request")
	}

	gotoRow(t, m, "partition key")
	typeText(t, m, "u-1001")
	gotoRow(t, m, "sort key 1 of 3")
	press(t, m, "l") // =
	gotoRow(t, m, "value 1 of 3")
	typeText(t, m, "CART")
	if got := keyFields(q); got[2] != "Status" || got[3] != "Position [needs = on Status first: none skipped]" {
		t.Fatalf("after Section =: %q", got)
	}
	gotoRow(t, m, "sort key 2 of 3")
	press(t, m, "l")
	gotoRow(t, m, "value 2 of 3")
	typeText(t, m, "ACTIVE")
	gotoRow(t, m, "sort key 3 of 3")
	for q.Form().Keys[3].Op != ">=" {
		press(t, m, "l")
	}
	gotoRow(t, m, "value 3 of 3")
	typeText(t, m, "9")
	press(t, m, "r")
	res := q.Result()
	if res == nil || res.Err != nil || res.Count != 4 {
		t.Fatalf("result %+v", res)
	}
	var order []string
	for _, it := range res.Items {
		order = append(order, it["Position"].N)
	}
	if strings.Join(order, " ") != "9 10 11 12" {
		t.Fatalf("positions %v", order)
	}
	in := res.In.(*model.QueryInput)
	if in.KeyConditionExpression != "#pk1 = :pk1 AND #sk1 = :sk1 AND #sk2 = :sk2 AND #sk3 >= :sk3" ||
		!reflect.DeepEqual(in.ExpressionAttributeNames, map[string]string{"#pk1": "UserID", "#sk1": "Section", "#sk2": "Status", "#sk3": "Position"}) ||
		in.ExpressionAttributeValues[":sk3"].N != "9" {
		t.Fatalf("request %+v", in)
	}
	for _, s := range []string{"UserID   │ Section ▲1 │ Status ▲2 │ Position ▲3 │ SK", "#pk1 = :pk1 AND #sk1 = :sk1 AND #sk2 = :sk2 AND #sk3 >= :s"} {
		if !strings.Contains(screen(m), s) {
			t.Errorf("screen lacks %q:\n%s", s, screen(m))
		}
	}

	// a range on Status: Position's condition is kept, marked, and sent
	gotoRow(t, m, "sort key 2 of 3")
	press(t, m, "l") // <
	if got := keyFields(q); got[3] != "Position >= 9 [Status has a range condition (<): none may follow]" {
		t.Fatalf("after Status <: %q", got)
	}
	if !strings.Contains(flat(m), "DynamoDB will refuse this condition on Position: Status has a range condition (<), and only the last sort attribute named may have one") {
		t.Fatalf("no warning on Position:\n%s", screen(m))
	}
	press(t, m, "r")
	if res := q.Result(); res == nil || res.Err == nil || res.Err.Code != model.ErrValidation || res.Err.Message != skipStatusRefusal {
		t.Fatalf("result %+v", res)
	}
	if f := flat(m); !strings.Contains(f, "DynamoDB rejected the request:") || !strings.Contains(f, "RANGE key attributes Status must have equality conditions specified") {
		t.Fatalf("the refusal is not shown:\n%s", screen(m))
	}
	// cycling the disabled field clears its condition, and takes no other
	gotoRow(t, m, "sort key 3 of 3")
	press(t, m, "l")
	if f := q.Form(); f.Keys[3].Op != "" || f.NoteBad || f.Note != "cleared the condition on Position: Status has a range condition (<), and only the last sort attribute named may have one" {
		t.Fatalf("clear: %+v", f)
	}
	press(t, m, "l")
	if f := q.Form(); f.Keys[3].Op != "" || !f.NoteBad {
		t.Fatalf("a disabled field took an operator: %+v", f)
	}
}

// The PartiQL editor's verdict on a SELECT from a multi-attribute index,
// before anything runs: the engine's planner says it is a Scan, and why.
func TestPartiQLVerdictOnAMultiAttributeIndex(t *testing.T) {
	eng := uitest.DemoEngine(t, "composite-sort-keys")
	m := newBed(t, eng, 120, 40)
	toPartiQL(t, m, "CartLines", "PositionIndex")
	setStatement(t, m, `SELECT * FROM "CartLines"."PositionIndex" WHERE "UserID" = 'u-1001' AND "Section" = 'CART'`)
	pq := m.q.PartiQL()
	if pq.Plan == nil || pq.Plan.Action != "Scan" || pq.Plan.Index != "PositionIndex" || !strings.Contains(pq.Plan.Why, "multi-attribute key") {
		t.Fatalf("verdict %+v, err %v, note %q", pq.Plan, pq.PlanErr, pq.PlanNote)
	}
	if !strings.Contains(flat(m), pq.Plan.Why) {
		t.Fatalf("the verdict is not on screen:\n%s", screen(m))
	}
}
