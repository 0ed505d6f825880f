package items

import (
	"context"
	"fmt"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// TestItemsPanePagesAnIndexWhoseItemsShareOneKey: 2 Items on a GSI whose
// 1,234 items all share one key reads it page by page — pgdown and G —
// to the last item (issue 24 §1 asks it of every way
// the explorer pages an index).
func TestItemsPanePagesAnIndexWhoseItemsShareOneKey(t *testing.T) {
	eng, err := engine.Open(engine.Options{Clock: engine.NewManualClock(t0), DisableThrottling: true, DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	ctx := context.Background()
	_, err = eng.CreateTable(ctx, &model.CreateTableInput{TableName: "Tab", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "id", AttributeType: "S"}, {AttributeName: "g", AttributeType: "S"}},
		KeySchema:            []model.KeySchemaElement{{AttributeName: "id", KeyType: model.KeyTypeHash}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "Gix",
			KeySchema:  []model.KeySchemaElement{{AttributeName: "g", KeyType: model.KeyTypeHash}},
			Projection: model.Projection{ProjectionType: model.ProjectionAll}}}})
	if err != nil {
		t.Fatal(err)
	}
	const n = 1_234
	for i := 0; i < n; i += 25 {
		var w []model.WriteRequest
		for j := i; j < i+25 && j < n; j++ {
			w = append(w, model.WriteRequest{PutRequest: &model.PutRequest{Item: model.Item{
				"id": model.S(fmt.Sprintf("item-%05d", j)), "g": model.S("same")}}})
		}
		if _, err := eng.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"Tab": w}}); err != nil {
			t.Fatal(err)
		}
	}
	d, err := eng.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Tab"})
	if err != nil {
		t.Fatal(err)
	}
	open := func() *Model {
		p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, 0)
		p.SetSize(88, 35)
		p.SetShown(true)
		drive(p, p.SetTarget(kit.Target{Desc: d.Table, Index: "Gix"}, nil), nil)
		return p
	}

	p := open()
	for i := 0; i < 200 && !(p.atEnd && p.cursor == n-1); i++ {
		press(p, "pgdown")
	}
	if !p.atEnd || p.cursor != n-1 {
		t.Fatalf("pgdown: cursor on row %d (end %v), want the last of %d", p.cursor, p.atEnd, n)
	}
	if it, _ := p.Current(); kit.KeyText(it, "id") == "" {
		t.Fatal("no item under the cursor at the end")
	}

	p = open()
	drive(p, p.Update(keyPress("G")), nil)
	if p.toEnd || !p.atEnd || p.cursor != n-1 {
		t.Fatalf("G: reading %v, cursor on row %d (end %v), want the last of %d", p.toEnd, p.cursor, p.atEnd, n)
	}
}
