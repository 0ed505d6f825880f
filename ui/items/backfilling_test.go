package items

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// While a GSI is built, the items its backfill has not reached are
// pending, not left out: the header says the count is so far and offers
// the list by the key schema (it used to offer "show left-out (N)" with
// every pending item in N), and the list's title counts the items the
// key schema leaves out.
func TestBackfillingIndexDoesNotCallPendingItemsLeftOut(t *testing.T) {
	eng, err := engine.Open(engine.Options{DisableTTLSweeper: true, DisableThrottling: true, BackfillBatchSize: 10, BackfillPause: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	ctx := context.Background()
	if _, err := eng.CreateTable(ctx, &model.CreateTableInput{TableName: "Big", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}},
		KeySchema:            []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}}}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 50; i++ {
		it := model.Item{"pk": model.S(fmt.Sprint(i))}
		if i%5 != 0 {
			it["g"] = model.S("x")
		}
		if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: "Big", Item: it}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := eng.UpdateTable(ctx, &model.UpdateTableInput{TableName: "Big",
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "g", AttributeType: "S"}},
		GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Create: &model.GlobalSecondaryIndex{IndexName: "byG",
			KeySchema: []model.KeySchemaElement{{AttributeName: "g", KeyType: "HASH"}}, Projection: model.Projection{ProjectionType: "ALL"}}}}}); err != nil {
		t.Fatal(err)
	}
	d, err := eng.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Big"})
	if err != nil {
		t.Fatal(err)
	}
	tg := kit.Target{Desc: d.Table, Index: "byG"}
	if s := tg.Status(); s == model.StatusActive {
		t.Fatalf("the index is %s: the build should be paced for an hour", s)
	}
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, 0)
	p.SetSize(120, 35)
	p.SetShown(true)
	drive(p, p.SetTarget(tg, nil), nil)
	head := p.HeaderLine()
	if strings.Contains(head, "show left-out") || !strings.Contains(head, "[o] left-out (by the key schema)") ||
		!strings.Contains(head, "of 50 items so far ("+tg.Status()+")") {
		t.Fatalf("header while the index is built: %q", head)
	}
	drive(p, p.OpenLeftOut(), nil)
	v := view(p)
	if !strings.Contains(v, "left out: 10 of 50 table items") || !strings.Contains(v, "pending, not left out") {
		t.Fatalf("the left-out list while the index is built:\n%s", v)
	}
}
