package capacity

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// insightsTraffic enables Contributor Insights on the forum's Thread table
// and sends it requests: in one second of the manual clock 1,100 puts of
// one thread (the partition's 1,000 WCU a second throttles the rest); in
// the next, three puts of another and a read of a third.
func insightsTraffic(t *testing.T, eng *engine.Engine, clk *engine.VirtualClock) {
	t.Helper()
	ctx := context.Background()
	if _, err := eng.UpdateContributorInsights(ctx, &model.UpdateContributorInsightsInput{TableName: "Thread",
		ContributorInsightsAction: model.InsightsEnable}); err != nil {
		t.Fatal(err)
	}
	thread := func(subject string) model.Item {
		return model.Item{"ForumName": model.S("Amazon DynamoDB"), "Subject": model.S(subject)}
	}
	for i := 0; i < 1100; i++ {
		eng.PutItem(ctx, &model.PutItemInput{TableName: "Thread", Item: thread("hot thread")}) // throttled past 1,000
	}
	clk.Advance(time.Second)
	for i := 0; i < 3; i++ {
		if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: "Thread", Item: thread("quiet thread")}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := eng.GetItem(ctx, &model.GetItemInput{TableName: "Thread", Key: thread("DynamoDB Thread 1")}); err != nil {
		t.Fatal(err)
	}
}

// The Capacity pane reads the selected table's Contributor Insights with
// its metrics (in the fetch command) and shows its most accessed and most
// throttled keys; a table without insights has no such section.
func TestCapacityShowsContributorInsightsKeys(t *testing.T) {
	eng, clk := uitest.LiveEngine(t, "forum")
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, "", false)
	p.SetSize(uitest.PaneW, uitest.PaneH)
	tg, info := uitest.Target(t, eng, "Thread", "")
	uitest.Drive(t, p, p.SetTarget(tg, info))
	uitest.Drive(t, p, p.SetShown(true))
	if view := ansi.Strip(p.View()); strings.Contains(view, "Contributor Insights") {
		t.Fatalf("a Contributor Insights section with insights off:\n%s", view)
	}

	insightsTraffic(t, eng, clk)
	msgs := uitest.Drive(t, p, p.Refresh())
	if len(msgs) != 1 {
		t.Fatalf("Refresh handed the pane %d messages, want the one fetch", len(msgs))
	}
	f, ok := msgs[0].(fetchMsg)
	if !ok || len(f.data.insights) != 1 || f.data.insights[0].TableName != "Thread" {
		t.Fatalf("fetch = %#v, want Thread's insights", msgs[0])
	}
	r := f.data.insights[0]
	wantKeys := []engine.KeyHeat{{PartitionKey: "Amazon DynamoDB", SortKey: "hot thread", Units: 1000, Throttles: 100},
		{PartitionKey: "Amazon DynamoDB", SortKey: "quiet thread", Units: 3},
		{PartitionKey: "Amazon DynamoDB", SortKey: "DynamoDB Thread 1", Units: 0.5}}
	if !reflect.DeepEqual(r.MostAccessedKeys, wantKeys) {
		t.Errorf("most accessed keys = %+v, want %+v", r.MostAccessedKeys, wantKeys)
	}
	view := ansi.Strip(p.View())
	for _, want := range []string{
		"Contributor Insights  most accessed and most throttled keys, last 15 min\n",
		"table    accessed  Amazon DynamoDB/hot thread 1,000 · Amazon DynamoDB/quiet thread 3 · …\n",
		"         throttled Amazon DynamoDB/hot thread ✗ 100",
	} {
		if !strings.Contains(view, want) {
			t.Errorf("no line %q in\n%s", want, view)
		}
	}
}

// The pane with Thread's Contributor Insights, at the usual pane size.
func TestGoldenCapacityInsights(t *testing.T) {
	eng, clk := uitest.LiveEngine(t, "forum")
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, "", false)
	p.SetSize(uitest.PaneW, uitest.PaneH)
	tg, info := uitest.Target(t, eng, "Thread", "")
	uitest.Drive(t, p, p.SetTarget(tg, info))
	insightsTraffic(t, eng, clk)
	uitest.Drive(t, p, p.SetShown(true))
	uitest.Golden(t, p, uitest.PaneW, uitest.PaneH)
}
