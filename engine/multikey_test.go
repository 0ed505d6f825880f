package engine

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// TestMultiAttributePartiQLScansTheIndex: a SELECT on a multi-attribute
// index reads the index with a Scan and the WHERE as filter, and says so.
func TestMultiAttributePartiQLScansTheIndex(t *testing.T) {
	e, _ := newTestEngine(t)
	createMultiKeyTable(t, e)
	for i, v := range []string{"1", "2", "3"} {
		put(t, e, "prop", model.Item{"id": model.S("i" + v), "h1": model.S("a"), "h2": model.N("1"),
			"r1": model.N(v), "r2": model.S("x"), "r3": model.B([]byte{byte(i + 1)})})
	}
	put(t, e, "prop", model.Item{"id": model.S("other"), "h1": model.S("b"), "h2": model.N("1"), "r1": model.N("1"), "r2": model.S("x"), "r3": model.B([]byte{1})})
	stmt := `SELECT id FROM "prop"."gsi" WHERE h1 = 'a' AND h2 = 1 AND r1 >= 2`
	plan, err := e.PlanStatement(ctx, stmt, nil)
	mustOK(t, err)
	if plan.Action != "Scan" || !strings.Contains(plan.Why, "multi-attribute key") {
		t.Errorf("plan %+v", plan)
	}
	out, err := e.ExecuteStatement(ctx, &model.ExecuteStatementInput{Statement: stmt})
	mustOK(t, err)
	var ids []string
	for _, it := range out.Items {
		ids = append(ids, it["id"].S)
	}
	if strings.Join(ids, ",") != "i2,i3" {
		t.Errorf("SELECT returned %v", ids)
	}
}

// TestMultiAttributeIndexStats: the index counts its entries and bytes as
// items come and go, and ExplainItem names the key attributes concerned.
func TestMultiAttributeIndexStats(t *testing.T) {
	e, _ := newTestEngine(t)
	createMultiKeyTable(t, e)
	full := model.Item{"id": model.S("a"), "h1": model.S("a"), "h2": model.N("1"), "r1": model.N("1"), "r2": model.S("x"), "r3": model.B([]byte{1})}
	put(t, e, "prop", full)
	partial := full.Clone()
	partial["id"] = model.S("b")
	delete(partial, "r3")
	put(t, e, "prop", partial)
	d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "prop"})
	mustOK(t, err)
	if g := d.Table.GlobalSecondaryIndexes[0]; g.ItemCount != 1 || g.IndexSizeBytes == 0 || len(g.KeySchema) != 5 {
		t.Errorf("index %+v", g)
	}
	// Removing a sort attribute takes the item out of the index.
	_, err = e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "prop", Key: model.Item{"id": model.S("a")}, UpdateExpression: "REMOVE r2"})
	mustOK(t, err)
	d, err = e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "prop"})
	mustOK(t, err)
	if g := d.Table.GlobalSecondaryIndexes[0]; g.ItemCount != 0 || g.IndexSizeBytes != 0 {
		t.Errorf("after REMOVE r2: %d entries, %d bytes", g.ItemCount, g.IndexSizeBytes)
	}
	ms, err := e.ExplainItem("prop", partial)
	mustOK(t, err)
	if ms[0].In || ms[0].Reason != "no r3" || ms[0].Attribute != "r3" {
		t.Errorf("ExplainItem %+v", ms[0])
	}
	none := model.Item{"id": model.S("c"), "h1": model.S("a")}
	ms, err = e.ExplainItem("prop", none)
	mustOK(t, err)
	if ms[0].Reason != "no h2, r1, r2, r3" || strings.Join(ms[0].Missing, ",") != "h2,r1,r2,r3" {
		t.Errorf("ExplainItem %+v", ms[0])
	}
	bad := full.Clone()
	bad["r2"] = model.N("7")
	ms, err = e.ExplainItem("prop", bad)
	mustOK(t, err)
	if !ms[0].Violation || ms[0].Reason != "r2 is N, index wants S" || ms[0].Attribute != "r2" {
		t.Errorf("ExplainItem %+v", ms[0])
	}
}
