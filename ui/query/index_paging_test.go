package query

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// sharedKeyEngine holds table Tab with a hash-only GSI Gix and a
// hash+range GSI GixRange on which all n items share one key, the shape
// whose Query could not be continued (issue 24 §1).
func sharedKeyEngine(t *testing.T, n int) *engine.Engine {
	t.Helper()
	eng, err := engine.Open(engine.Options{Clock: engine.NewManualClock(time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)), DisableThrottling: true, DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	ctx := context.Background()
	s := func(name string) model.AttributeDefinition {
		return model.AttributeDefinition{AttributeName: name, AttributeType: "S"}
	}
	all := model.Projection{ProjectionType: model.ProjectionAll}
	_, err = eng.CreateTable(ctx, &model.CreateTableInput{TableName: "Tab", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{s("pk"), s("g"), s("gs")},
		KeySchema:            []model.KeySchemaElement{{AttributeName: "pk", KeyType: model.KeyTypeHash}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{
			{IndexName: "Gix", KeySchema: []model.KeySchemaElement{{AttributeName: "g", KeyType: model.KeyTypeHash}}, Projection: all},
			{IndexName: "GixRange", KeySchema: []model.KeySchemaElement{{AttributeName: "g", KeyType: model.KeyTypeHash},
				{AttributeName: "gs", KeyType: model.KeyTypeRange}}, Projection: all},
		}})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: "Tab", Item: model.Item{
			"pk": model.S(fmt.Sprintf("p%03d", i)), "g": model.S("same"), "gs": model.S("same")}}); err != nil {
			t.Fatal(err)
		}
	}
	return eng
}

// TestQueryPaneNextPageOnAnIndex: 3 Query on a GSI whose items share one
// key, two items a page: n reads every page to the last, and together they
// hold what one Query returns, in its order.
func TestQueryPaneNextPageOnAnIndex(t *testing.T) {
	for _, tc := range []struct{ index, sortKey string }{{"Gix", ""}, {"GixRange", "same"}} {
		t.Run(tc.index, func(t *testing.T) {
			eng := sharedKeyEngine(t, 7)
			m := newBed(t, eng, 120, 40)
			m.Select("Tab", tc.index)
			q := m.q
			gotoRow(t, m, "partition key")
			typeText(t, m, "same")
			if tc.sortKey != "" {
				gotoRow(t, m, "sort key")
				for i := 0; i < 10 && q.Form().Op != "="; i++ {
					press(t, m, "l")
				}
				gotoRow(t, m, "value")
				typeText(t, m, tc.sortKey)
			}
			gotoRow(t, m, "limit")
			typeText(t, m, "2")
			press(t, m, "r")
			var got []string
			for page := 1; ; page++ {
				res := q.Result()
				if res == nil || res.Err != nil {
					t.Fatalf("page %d: %+v\n%s", page, res, screen(m))
				}
				if res.Page != page-1 {
					t.Fatalf("page %d shown as page %d", page, res.Page+1)
				}
				for _, it := range res.Items {
					got = append(got, it["pk"].S)
				}
				if res.LEK == nil {
					break
				}
				if page > 10 {
					t.Fatalf("more than 10 pages of 2 for 7 items")
				}
				press(t, m, "n")
			}
			in, _ := q.Request()
			whole := *in.(*model.QueryInput)
			whole.Limit, whole.ExclusiveStartKey = nil, nil
			out, err := eng.Query(context.Background(), &whole)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, it := range out.Items {
				want = append(want, it["pk"].S)
			}
			if len(want) != 7 || !slices.Equal(got, want) {
				t.Fatalf("pages read %v, one Query %v", got, want)
			}
			if strings.Contains(screen(m), "cannot be restarted") {
				t.Fatalf("the last page shows a refusal:\n%s", screen(m))
			}
		})
	}
}
