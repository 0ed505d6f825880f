package engine

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

func enableInsights(t *testing.T, e *Engine, table, index, mode string) {
	t.Helper()
	_, err := e.UpdateContributorInsights(ctx, &model.UpdateContributorInsightsInput{TableName: table, IndexName: index,
		ContributorInsightsAction: model.InsightsEnable, ContributorInsightsMode: mode})
	mustOK(t, err)
}

// Contributor Insights' report is the engine's own key heat: the capacity
// units each key consumed and the requests throttled on it, by partition
// key (PKC, PKT) and by whole key (SKC, SKT), over the last 15 minutes of
// engine time; nothing is counted while insights are off.
func TestContributorInsightsReportIsKeyHeat(t *testing.T) {
	e, clock := newTestEngine(t)
	createSimple(t, e, "Orders", "n", "N")
	item := func(pk string, n string) model.Item {
		return model.Item{"pk": model.S(pk), "n": model.N(n), "pad": model.S(string(make([]byte, 1500)))}
	}
	put(t, e, "Orders", item("before", "1")) // insights off: not counted
	if _, ok := e.ContributorInsightsReport("Orders", "", 10); ok {
		t.Fatal("a report while insights are off")
	}
	enableInsights(t, e, "Orders", "", "")
	for i := 0; i < 3; i++ {
		put(t, e, "Orders", item("hot", "1.50")) // 2 WCU each (1.5 KB)
	}
	put(t, e, "Orders", item("hot", "-7"))
	put(t, e, "Orders", item("cold", "0"))
	_, err := e.GetItem(ctx, &model.GetItemInput{TableName: "Orders", Key: model.Item{"pk": model.S("hot"), "n": model.N("1.5")}})
	mustOK(t, err)
	_, err = e.Query(ctx, &model.QueryInput{TableName: "Orders", KeyConditionExpression: "pk = :p",
		ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("cold")}})
	mustOK(t, err)

	r, ok := e.ContributorInsightsReport("Orders", "", 10)
	if !ok {
		t.Fatal("no report with insights on")
	}
	want := &InsightsReport{TableName: "Orders", Mode: model.InsightsAccessedAndThrottled, Window: 15 * time.Minute, HasSortKey: true,
		// hot: 4 puts of 2 WCU + a 0.5 RCU get; cold: a put and a 0.5 RCU query
		MostAccessedPartitions: []KeyHeat{{PartitionKey: "hot", Units: 8.5}, {PartitionKey: "cold", Units: 2.5}},
		MostAccessedKeys:       []KeyHeat{{PartitionKey: "hot", SortKey: "1.5", Units: 6.5}, {PartitionKey: "cold", SortKey: "0", Units: 2}, {PartitionKey: "hot", SortKey: "-7", Units: 2}},
	}
	if !reflect.DeepEqual(r, want) {
		t.Fatalf("report =\n%+v\nwant\n%+v", r, want)
	}
	if r, _ := e.ContributorInsightsReport("Orders", "", 1); len(r.MostAccessedKeys) != 1 || r.MostAccessedKeys[0].SortKey != "1.5" {
		t.Errorf("top 1 = %+v", r.MostAccessedKeys)
	}
	// The window moves on the engine clock: 15 minutes later it is empty.
	clock.Advance(15 * time.Minute)
	if r, _ := e.ContributorInsightsReport("Orders", "", 10); len(r.MostAccessedPartitions) != 0 {
		t.Errorf("after 15 minutes: %+v", r.MostAccessedPartitions)
	}
	// Disabled, the counts go.
	_, err = e.UpdateContributorInsights(ctx, &model.UpdateContributorInsightsInput{TableName: "Orders", ContributorInsightsAction: model.InsightsDisable})
	mustOK(t, err)
	if _, ok := e.ContributorInsightsReport("Orders", "", 10); ok {
		t.Error("a report after insights were disabled")
	}
}

// Throttled requests count against their keys (PKT, SKT); in
// THROTTLED_KEYS mode only they are counted.
func TestContributorInsightsThrottledKeys(t *testing.T) {
	clock := NewManualClock(testStart)
	e, err := Open(Options{Clock: clock, DisableTTLSweeper: true})
	mustOK(t, err)
	t.Cleanup(func() { e.Close() })
	_, err = e.CreateTable(ctx, &model.CreateTableInput{TableName: "Tiny", BillingMode: model.BillingProvisioned,
		AttributeDefinitions:  []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "B"}},
		KeySchema:             []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}},
		ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: i64(1), WriteCapacityUnits: i64(1)}})
	mustOK(t, err)
	enableInsights(t, e, "Tiny", "", model.InsightsThrottledOnly)
	throttled := 0
	for i := 0; i < 400; i++ { // 300 s of burst at 1 WCU, then throttles
		_, err := e.PutItem(ctx, &model.PutItemInput{TableName: "Tiny", Item: model.Item{"pk": model.B([]byte{0, 'k'})}})
		if err != nil {
			throttled++
		}
	}
	if throttled == 0 {
		t.Fatal("nothing was throttled")
	}
	r, ok := e.ContributorInsightsReport("Tiny", "", 10)
	if !ok {
		t.Fatal("no report")
	}
	want := &InsightsReport{TableName: "Tiny", Mode: model.InsightsThrottledOnly, Window: 15 * time.Minute,
		MostThrottledPartitions: []KeyHeat{{PartitionKey: "AGs=", Throttles: int64(throttled)}}}
	if !reflect.DeepEqual(r, want) {
		t.Fatalf("report =\n%+v\nwant\n%+v", r, want)
	}
}

// The key text decoder reads back what the key encoding writes.
func TestDecodeKeyValues(t *testing.T) {
	keys := []keyAttr{{"a", model.TypeS}, {"b", model.TypeN}, {"c", model.TypeB}, {"d", model.TypeN}, {"e", model.TypeN}}
	var buf []byte
	for _, v := range []model.AttributeValue{model.S("x\x00y"), model.N("-12.5e-3"), model.B([]byte("hi")), model.N("0"), model.N("123456789012345678901234567890")} {
		buf = appendKeyValue(buf, v)
	}
	got := decodeKeyValues(string(buf), keys)
	want := []string{"x\x00y", "-0.0125", "aGk=", "0", "123456789012345678901234567890"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("decoded %q, want %q", got, want)
	}
}

// A GSI's key heat is its own: the write units each base-table write
// charged to it, by GSI key, and its Query reads, by GSI partition key.
func TestContributorInsightsGSIKeyHeat(t *testing.T) {
	e, _ := newTestEngine(t)
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "Orders", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}, {AttributeName: "g", AttributeType: "S"}, {AttributeName: "gs", AttributeType: "N"}},
		KeySchema:            []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "by-g", Projection: model.Projection{ProjectionType: model.ProjectionAll},
			KeySchema: []model.KeySchemaElement{{AttributeName: "g", KeyType: "HASH"}, {AttributeName: "gs", KeyType: "RANGE"}}}}})
	mustOK(t, err)
	enableInsights(t, e, "Orders", "by-g", "")
	for i, g := range []string{"red", "red", "red", "blue"} {
		put(t, e, "Orders", model.Item{"pk": model.S(fmt.Sprint("item", i)), "g": model.S(g), "gs": model.N("1")})
	}
	put(t, e, "Orders", model.Item{"pk": model.S("item0"), "g": model.S("blue"), "gs": model.N("2")}) // moves item0's entry: 2 WCU
	_, err = e.Query(ctx, &model.QueryInput{TableName: "Orders", IndexName: "by-g", KeyConditionExpression: "g = :g",
		ExpressionAttributeValues: map[string]model.AttributeValue{":g": model.S("blue")}})
	mustOK(t, err)
	if _, ok := e.ContributorInsightsReport("Orders", "", 10); ok {
		t.Error("a table report with insights on the GSI only")
	}
	r, ok := e.ContributorInsightsReport("Orders", "by-g", 10)
	if !ok {
		t.Fatal("no GSI report")
	}
	want := &InsightsReport{TableName: "Orders", IndexName: "by-g", Mode: model.InsightsAccessedAndThrottled, Window: 15 * time.Minute, HasSortKey: true,
		// red: three new entries; blue: one new entry, one moved in (2 WCU), a 0.5 RCU query
		MostAccessedPartitions: []KeyHeat{{PartitionKey: "blue", Units: 3.5}, {PartitionKey: "red", Units: 3}},
		MostAccessedKeys:       []KeyHeat{{PartitionKey: "red", SortKey: "1", Units: 3}, {PartitionKey: "blue", SortKey: "2", Units: 2}, {PartitionKey: "blue", SortKey: "1", Units: 1}},
	}
	if !reflect.DeepEqual(r, want) {
		t.Fatalf("report =\n%+v\nwant\n%+v", r, want)
	}
}
