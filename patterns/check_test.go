package patterns_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/designs"
	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/patterns"
)

const (
	musicModel    = "../designs/testdata/workbench-3.0-music.json"
	musicPatterns = "../designs/testdata/workbench-3.0-music.patterns.yaml"
)

func musicWorkspace(t *testing.T) *engine.Engine {
	t.Helper()
	e, err := engine.Open(engine.Options{Clock: engine.NewManualClock(testStart), DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	if _, err := (fixtures.Loader{API: e}).Files(context.Background(), []string{musicModel}); err != nil {
		t.Fatal(err)
	}
	return e
}

func readPatterns(t *testing.T, path string) []designs.Pattern {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pf, err := designs.ReadPatternFile(b, path)
	if err != nil {
		t.Fatal(err)
	}
	return pf.Patterns
}

// row is what a test pins of a result.
type row struct {
	action, served, key string
	scan                bool
	read, returned      int
	rcu, wcu            float64
	hot                 string
	ok                  bool
	failures, risks     []string
}

func rowOf(r patterns.Result) row {
	return row{r.Action, r.Served(), r.KeyCondition, r.Scan, r.ItemsRead, r.ItemsReturned, r.RCU, r.WCU, r.HotKeyText(), r.OK(), r.Failures, r.Risks}
}

func TestCheckMusicPatterns(t *testing.T) {
	e := musicWorkspace(t)
	ps := readPatterns(t, musicPatterns)
	c := &patterns.Checker{WS: e}
	rs := c.Check(context.Background(), ps)
	want := []row{
		{action: "GetItem", served: "Songs", key: `Id = "1", Metadata = "Details"`, read: 1, returned: 1, rcu: 0.5, hot: `Id="1" 84%`, ok: true},
		{action: "Query", served: "Songs", key: `Id = :id AND begins_with(Metadata, :d) (:d = "Download#", :id = "1")`, read: 2, returned: 2, rcu: 0.5, hot: `Id="1" 84%`, ok: true},
		{action: "Query", served: "Songs/DownloadsByMonth", key: `DownloadMonth = :m (:m = "2026-01")`, read: 1, returned: 1, rcu: 0.5, hot: `DownloadMonth="2026-01" 100%`, ok: true},
		{action: "Scan", served: "Songs", scan: true, read: 5, returned: 2, rcu: 0.5, hot: `Id="1" 84%`, ok: false,
			failures: []string{"it scans: index ByArtist has partition key Artist: a Query on it reads only the matching items"},
			risks:    []string{"the filter discards 3 of the 5 items read (paid for all 5)"}},
		{action: "PutItem", served: "Songs", key: `Id = "1", Metadata = "Download#0003"`, read: -1, returned: -1, wcu: 1, hot: `Id="1" 84%`, ok: true},
	}
	if len(rs) != len(want) {
		t.Fatalf("%d results", len(rs))
	}
	for i, w := range want {
		got := rowOf(rs[i])
		if gj, wj := mustJSON(got), mustJSON(w); gj != wj {
			t.Errorf("%s:\n got  %s\n want %s", ps[i].Name, gj, wj)
		}
		if len(rs[i].Lines) == 0 {
			t.Errorf("%s: no itemised capacity", ps[i].Name)
		}
	}
	if l := strings.Join(rs[4].Lines, "\n"); !strings.Contains(l, "PutItem on Songs") {
		t.Errorf("PutItem lines = %s", l)
	}
	// The write ran on a copy: the workspace still holds 5 songs.
	out, err := e.DescribeTable(context.Background(), &model.DescribeTableInput{TableName: "Songs"})
	if err != nil {
		t.Fatal(err)
	}
	if out.Table.ItemCount != 5 {
		t.Errorf("Songs holds %d items after the check", out.Table.ItemCount)
	}
	var buf bytes.Buffer
	if err := patterns.WriteTable(&buf, rs); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		"PATTERN", "Songs by an artist", "FAIL",
		"pattern \"Songs by an artist\" (../designs/testdata/workbench-3.0-music.patterns.yaml:38): Scan on Songs, a scan: index ByArtist has partition key Artist: a Query on it reads only the matching items",
		"  FAIL: it scans: index ByArtist has partition key Artist",
		"5 patterns: 4 passed, 1 failed",
	} {
		if !strings.Contains(buf.String(), s) {
			t.Errorf("table lacks %q:\n%s", s, buf.String())
		}
	}
}

// mustJSON shows a value with its field names (row's fields are not
// exported, so this is %+v, not JSON).
func mustJSON(v any) string { return fmt.Sprintf("%+v", v) }

func pattern(t *testing.T, src string) designs.Pattern {
	t.Helper()
	pf, err := designs.ReadPatternFile([]byte("Patterns:\n"+src), "p.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return pf.Patterns[0]
}

func TestCheckBudgetsAndRisks(t *testing.T) {
	e := musicWorkspace(t)
	ctx := context.Background()
	big := model.Item{"Id": model.S("9"), "Metadata": model.S("Details"), "Title": model.S(strings.Repeat("x", 320*1024))}
	if _, err := e.PutItem(ctx, &model.PutItemInput{TableName: "Songs", Item: big}); err != nil {
		t.Fatal(err)
	}
	c := &patterns.Checker{WS: e}
	for _, tc := range []struct {
		name, src string
		want      row
	}{
		{"over budget", `
  - Name: strong read
    Operation: GetItem
    Request: {TableName: Songs, Key: {Id: {S: "9"}, Metadata: {S: Details}}, ConsistentRead: true}
    Budget: {MaxRCU: 10}`,
			row{action: "GetItem", served: "Songs", key: `Id = "9", Metadata = "Details"`, read: 1, returned: 1, rcu: 81, hot: `Id="9" 100%`,
				failures: []string{"81 RCU per call, over its budget of 10"}, risks: []string{"an item of 320.0 KB, 80% of the 400 KB item limit"}}},
		{"scan allowed", `
  - Name: export
    Operation: Scan
    Request: {TableName: Artists}
    Budget: {AllowScan: true}`,
			row{action: "Scan", served: "Artists", scan: true, read: 1, returned: 1, rcu: 0.5, hot: `Name="The Rolling Stones" 100%`, ok: true}},
		{"no index for the filter", `
  - Name: by title
    Operation: Scan
    Request: {TableName: Songs, FilterExpression: "Title = :t", ExpressionAttributeValues: {":t": {S: x}}, Limit: 2}`,
			row{action: "Scan", served: "Songs", scan: true, read: 2, returned: 0, rcu: 40.5, hot: `Id="9" 100%`,
				failures: []string{"it scans: no index has partition key Title"},
				risks:    []string{"the filter discards 2 of the 2 items read (paid for all 2)", "an item of 320.0 KB, 80% of the 400 KB item limit"}}},
		{"missing table", `
  - Name: nowhere
    Operation: GetItem
    Request: {TableName: Nowhere, Key: {Id: {S: "1"}}}`,
			row{action: "GetItem", served: "Nowhere", key: `Id = "1"`, read: -1, returned: -1, hot: "-",
				failures: []string{"the request failed: ResourceNotFoundException: Requested resource not found: Table: Nowhere not found"}}},
		{"transaction", `
  - Name: rename and count
    Operation: TransactWriteItems
    Request:
      TransactItems:
        - Update: {TableName: Songs, Key: {Id: {S: "2"}, Metadata: {S: Details}}, UpdateExpression: "SET Title = :t", ExpressionAttributeValues: {":t": {S: Paint It, Black}}}
        - Put: {TableName: Artists, Item: {Name: {S: "${artist}"}, Founded: {N: "1962"}}}
    Values: {artist: The Stones}
    Budget: {MaxWCU: 3}`,
			row{action: "TransactWriteItems", served: "Artists, Songs", key: `Update Songs {Id = "2", Metadata = "Details"}; Put Artists {Name = "The Stones"}`,
				read: -1, returned: -1, wcu: 4, hot: `Id="2" 0%`, failures: []string{"4 WCU per call, over its budget of 3"}}},
		{"statement", `
  - Name: partiql
    Operation: ExecuteStatement
    Request: {Statement: "SELECT * FROM \"Songs\" WHERE Id = ?", Parameters: [{S: "${id}"}]}
    Values: {id: "1"}`,
			row{action: "ExecuteStatement (Query)", served: "Songs", key: `Id = '1'`, read: -1, returned: 4, rcu: 0.5, ok: true, hot: "-"}},
	} {
		r := c.CheckOne(ctx, pattern(t, tc.src))
		if g, w := mustJSON(rowOf(r)), mustJSON(tc.want); g != w {
			t.Errorf("%s:\n got  %s\n want %s\n lines %q", tc.name, g, w, r.Lines)
		}
	}
}

var testStart = time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)

// TestCheckItemCollection: on a table with a local secondary index, a
// pattern reports the size of the item collection it touches.
func TestCheckItemCollection(t *testing.T) {
	e, err := engine.Open(engine.Options{Clock: engine.NewManualClock(testStart), DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ctx := context.Background()
	if _, err := (fixtures.Loader{API: e, Params: map[string]string{"AWS::StackName": "shop"}}).Files(ctx, []string{"../designs/testdata/template.yaml"}); err != nil {
		t.Fatal(err)
	}
	item := model.Item{"customer": model.S("c1"), "orderedAt": model.N("1"), "total": model.N("10"), "status": model.S("NEW")}
	if _, err := e.PutItem(ctx, &model.PutItemInput{TableName: "shop-orders-dev", Item: item}); err != nil {
		t.Fatal(err)
	}
	r := (&patterns.Checker{WS: e}).CheckOne(ctx, pattern(t, `
  - Name: orders of a customer by total
    Operation: Query
    Request: {TableName: shop-orders-dev, IndexName: ByTotal, KeyConditionExpression: "customer = :c", ExpressionAttributeValues: {":c": {S: c1}}}`))
	// The collection: the item and its KEYS_ONLY entry in ByTotal.
	want := int64(model.ItemSize(item) + model.ItemSize(model.Item{"customer": item["customer"], "orderedAt": item["orderedAt"], "total": item["total"]}))
	if !r.OK() || r.Collection != want || r.Served() != "shop-orders-dev/ByTotal" {
		t.Errorf("result = %+v, collection %d, want %d", r, r.Collection, want)
	}
}

// TestCheckMultiAttributeIndex: a Query on a GSI whose partition is two
// attributes is served by it, with the pair as its hot key; a Scan that
// filters on both is pointed at it.
func TestCheckMultiAttributeIndex(t *testing.T) {
	e, err := engine.Open(engine.Options{Clock: engine.NewManualClock(testStart), DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ctx := context.Background()
	_, err = e.CreateTable(ctx, &model.CreateTableInput{TableName: "Orders", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{{AttributeName: "id", KeyType: "HASH"}},
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "id", AttributeType: "S"}, {AttributeName: "tenant", AttributeType: "S"}, {AttributeName: "loc", AttributeType: "S"}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "byTR", Projection: model.Projection{ProjectionType: "ALL"},
			KeySchema: []model.KeySchemaElement{{AttributeName: "tenant", KeyType: "HASH"}, {AttributeName: "loc", KeyType: "HASH"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	for i, tr := range [][2]string{{"t1", "eu"}, {"t1", "eu"}, {"t2", "us"}} {
		if _, err := e.PutItem(ctx, &model.PutItemInput{TableName: "Orders", Item: model.Item{"id": model.S(fmt.Sprint(i)), "tenant": model.S(tr[0]), "loc": model.S(tr[1])}}); err != nil {
			t.Fatal(err)
		}
	}
	c := &patterns.Checker{WS: e}
	r := c.CheckOne(ctx, pattern(t, `
  - Name: orders of a tenant in a region
    Operation: Query
    Request: {TableName: Orders, IndexName: byTR, KeyConditionExpression: "tenant = :t AND loc = :r", ExpressionAttributeValues: {":t": {S: t1}, ":r": {S: eu}}}`))
	if !r.OK() || r.Served() != "Orders/byTR" || r.ItemsReturned != 2 || r.HotKeyText() != `loc="eu",tenant="t1" 67%` {
		t.Errorf("query = %+v (hot %s)", r, r.HotKeyText())
	}
	r = c.CheckOne(ctx, pattern(t, `
  - Name: scan for them
    Operation: Scan
    Request: {TableName: Orders, FilterExpression: "tenant = :t AND loc = :r", ExpressionAttributeValues: {":t": {S: t1}, ":r": {S: eu}}}`))
	if want := "index byTR has partition key (tenant, loc): a Query on it reads only the matching items"; r.Advice != want {
		t.Errorf("advice = %q", r.Advice)
	}
}
