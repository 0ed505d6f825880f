package remote

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// shopTable creates "Shop" on the served engine: key id, two sparse GSIs
// (status S, rank N), TTL on exp, and items in every index and TTL state.
func shopTable(t *testing.T, tw *twins) {
	t.Helper()
	ctx := context.Background()
	gsi := func(name, attr string) model.GlobalSecondaryIndex {
		return model.GlobalSecondaryIndex{IndexName: name, KeySchema: []model.KeySchemaElement{{AttributeName: attr, KeyType: "HASH"}},
			Projection: model.Projection{ProjectionType: "ALL"}}
	}
	in := &model.CreateTableInput{TableName: "Shop", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "id", AttributeType: "S"},
			{AttributeName: "status", AttributeType: "S"}, {AttributeName: "rank", AttributeType: "N"}},
		KeySchema:              []model.KeySchemaElement{{AttributeName: "id", KeyType: "HASH"}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{gsi("byStatus", "status"), gsi("byRank", "rank")}}
	if _, err := tw.served.CreateTable(ctx, in); err != nil {
		t.Fatal(err)
	}
	if _, err := tw.served.UpdateTimeToLive(ctx, &model.UpdateTimeToLiveInput{TableName: "Shop",
		TimeToLiveSpecification: &model.TimeToLiveSpecification{Enabled: true, AttributeName: "exp"}}); err != nil {
		t.Fatal(err)
	}
	epoch := func(d time.Duration) model.AttributeValue {
		return model.N(strconv.FormatInt(testStart.Add(d).Unix(), 10))
	}
	items := []model.Item{
		{"id": model.S("1"), "status": model.S("open"), "rank": model.N("1"), "exp": epoch(time.Hour)},
		{"id": model.S("2"), "status": model.S("open"), "exp": epoch(-time.Hour)},
		{"id": model.S("3"), "rank": model.N("2"), "exp": epoch(-6 * 365 * 24 * time.Hour)},
		{"id": model.S("4"), "exp": model.S("tomorrow")},
		{"id": model.S("5"), "status": model.S("shipped")},
		{"id": model.S("6")},
	}
	for _, it := range items {
		if _, err := tw.served.PutItem(ctx, &model.PutItemInput{TableName: "Shop", Item: it}); err != nil {
			t.Fatal(err)
		}
	}
}

// SurveyTable reads the whole table through the backend and finds what the
// engine itself says: the items each index leaves out, with the reasons,
// and the TTL state of every item.
func TestSurveyTable(t *testing.T) {
	tw := newTwins(t)
	shopTable(t, tw)
	ctx := context.Background()
	var seen []ReadProgress
	s, err := tw.ro.SurveyTable(ctx, "Shop", SurveyOptions{PageSize: 2, Now: testStart}, func(p ReadProgress) { seen = append(seen, p) })
	if err != nil {
		t.Fatal(err)
	}
	if !s.Complete || s.Items != 6 || len(s.Indexes) != 2 {
		t.Fatalf("survey %+v", s)
	}
	for _, ix := range s.Indexes {
		want, err := tw.served.IndexLeftOut("Shop", ix.Index, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(ix.LeftOut, want) || ix.LeftOutCount != int64(len(want)) || ix.In+ix.LeftOutCount != 6 || ix.Violations != 0 {
			t.Fatalf("index %s: survey %+v, engine says %+v", ix.Index, ix, want)
		}
	}
	if r := s.Indexes[0].Ratio(); s.Indexes[0].Index != "byStatus" || r != 0.5 {
		t.Fatalf("byStatus holds %v of the items", r)
	}
	view, err := tw.served.TTLView("Shop", 100)
	if err != nil {
		t.Fatal(err)
	}
	wantCounts := map[string]int64{engine.TTLDueLater: int64(view.Counts.DueLater), engine.TTLExpiredPending: int64(view.Counts.ExpiredPending),
		engine.TTLTooOld: int64(view.Counts.TooOld), engine.TTLNotNumber: int64(view.Counts.NotNumber)}
	if !reflect.DeepEqual(s.TTL.Counts, wantCounts) || s.TTL.Without != 2 || s.TTL.AttributeName != "exp" || s.TTL.Status != "ENABLED" {
		t.Fatalf("TTL survey %+v, engine counts %+v", s.TTL, view.Counts)
	}
	for state, want := range wantCounts {
		if want != 1 || len(s.TTL.Items[state]) != 1 {
			t.Fatalf("state %s: %d counted, %v listed", state, want, s.TTL.Items[state])
		}
	}
	if got := s.TTL.Items[engine.TTLExpiredPending][0]; got.Key["id"].S != "2" || !got.Expiry.Equal(testStart.Add(-time.Hour)) {
		t.Fatalf("expired item %+v", got)
	}
	// Pages of two: 6 items, then the empty page after a full one.
	if len(seen) != 4 || !seen[3].Done || seen[3].Items != 6 || seen[0].Items != 2 || seen[0].EstimatedItems != 6 {
		t.Fatalf("progress %+v", seen)
	}
	if f := seen[0].Fraction(); f != 2.0/6 {
		t.Fatalf("fraction after the first page %v", f)
	}
}

// Cancelling the context stops the read after the page in progress; the
// survey of what was read comes back with the context's error.
func TestSurveyStops(t *testing.T) {
	tw := newTwins(t)
	shopTable(t, tw)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := tw.ro.SurveyTable(ctx, "Shop", SurveyOptions{PageSize: 2, Now: testStart}, func(ReadProgress) { cancel() })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
	if s.Complete || s.Items != 2 || s.Progress.Pages != 1 {
		t.Fatalf("survey after stop %+v", s)
	}
}

// The cost of a whole-table Scan is said from DescribeTable's counts
// before anything is read.
func TestEstimateScan(t *testing.T) {
	tests := []struct {
		name  string
		desc  model.TableDescription
		index string
		want  string
		units float64
	}{
		{"provisioned table", model.TableDescription{TableName: "Orders", ItemCount: 48_213, TableSizeBytes: 12_000_000,
			ProvisionedThroughput: &model.ProvisionedThroughputDescription{ReadCapacityUnits: 100}},
			"", "Scan of Orders: ~48,000 items, ~1,500 RCU eventually consistent (~15s at the provisioned 100 RCU)", 1470.5},
		{"on demand", model.TableDescription{TableName: "Events", ItemCount: 7, TableSizeBytes: 900,
			BillingModeSummary:    &model.BillingModeSummary{BillingMode: model.BillingPayPerRequest},
			ProvisionedThroughput: &model.ProvisionedThroughputDescription{}},
			"", "Scan of Events: ~7 items, ~0.5 read request units eventually consistent", 0.5},
		{"empty table", model.TableDescription{TableName: "Empty", ProvisionedThroughput: &model.ProvisionedThroughputDescription{ReadCapacityUnits: 5}},
			"", "Scan of Empty: ~0 items, ~0.5 RCU eventually consistent (~1s at the provisioned 5 RCU)", 0.5},
		{"a GSI", model.TableDescription{TableName: "Orders", ItemCount: 10, TableSizeBytes: 100_000,
			ProvisionedThroughput: &model.ProvisionedThroughputDescription{ReadCapacityUnits: 100},
			GlobalSecondaryIndexes: []model.GlobalSecondaryIndexDescription{{IndexName: "byDate", ItemCount: 1234, IndexSizeBytes: 40_960,
				ProvisionedThroughput: &model.ProvisionedThroughputDescription{ReadCapacityUnits: 1}}}},
			"byDate", "Scan of Orders index byDate: ~1,200 items, ~5 RCU eventually consistent (~5s at the provisioned 1 RCU)", 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := EstimateScanOf(&tt.desc, tt.index)
			if err != nil {
				t.Fatal(err)
			}
			if e.String() != tt.want || e.EventualUnits != tt.units || e.StrongUnits != 2*tt.units {
				t.Fatalf("%q (%v, %v units)", e.String(), e.EventualUnits, e.StrongUnits)
			}
		})
	}
	if _, err := EstimateScanOf(&tests[0].desc, "nope"); err == nil || err.Error() != "ValidationException: The table does not have the specified index: nope" {
		t.Fatalf("err = %v", err)
	}
	// Through the backend, from the served table's description.
	tw := newTwins(t)
	bigTable(t, tw, 300, 10_000)
	e, err := tw.ro.EstimateScan(context.Background(), "Big", "")
	if err != nil {
		t.Fatal(err)
	}
	d, _ := tw.served.DescribeTable(context.Background(), &model.DescribeTableInput{TableName: "Big"})
	if e.Items != 300 || e.Bytes != d.Table.TableSizeBytes || e.Pages != 3 || !e.OnDemand {
		t.Fatalf("estimate %+v", e)
	}
	// The estimate bounds what the Scan consumed, closely (the size leaves
	// out the 100 bytes of storage overhead per item, as reads do).
	p, err := ReadTable(context.Background(), tw.ro, ReadInput{Table: "Big"}, nil, nil)
	if err != nil || p.Units > e.EventualUnits || p.Units < 0.95*e.EventualUnits {
		t.Fatalf("read %+v (%v), estimate %v", p, err, e.EventualUnits)
	}
}

// A whole-table estimate is close to what the Scan then consumes, not 2-3
// times it: DescribeTable's size leaves out the 100 bytes of storage
// overhead per item, as DynamoDB's does and as reads are charged; and an
// estimate from a first page's item sizes agrees.
func TestEstimateScanCloseToTheRead(t *testing.T) {
	tw := newTwins(t)
	bigTable(t, tw, 2000, 40) // small items: the overhead would be most of the size
	ctx := context.Background()
	e, err := tw.ro.EstimateScan(ctx, "Big", "")
	if err != nil {
		t.Fatal(err)
	}
	p, err := ReadTable(ctx, tw.ro, ReadInput{Table: "Big"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.Units > e.EventualUnits || e.EventualUnits > 1.1*p.Units {
		t.Fatalf("estimate %v RCU, the Scan consumed %v", e.EventualUnits, p.Units)
	}
	d, _ := tw.ro.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Big"})
	first, err := tw.ro.Scan(ctx, &model.ScanInput{TableName: "Big", Limit: new(int32(100))})
	if err != nil {
		t.Fatal(err)
	}
	fe, err := EstimateScanFromPage(d.Table, "", first.Items, len(first.LastEvaluatedKey) > 0)
	if err != nil {
		t.Fatal(err)
	}
	if fe.Items != 2000 || fe.Measured != 100 || p.Units > 1.05*fe.EventualUnits || fe.EventualUnits > 1.1*p.Units {
		t.Fatalf("from a first page: %+v, the Scan consumed %v", fe, p.Units)
	}
	if !strings.HasSuffix(fe.String(), "; item sizes measured on a first page of 100") {
		t.Fatalf("%q", fe.String())
	}
	// A page that ended the Scan is the whole table.
	all, _ := tw.ro.Scan(ctx, &model.ScanInput{TableName: "Big", Limit: new(int32(3000))})
	if len(all.LastEvaluatedKey) == 0 {
		whole, _ := EstimateScanFromPage(d.Table, "", all.Items, false)
		if whole.Items != int64(len(all.Items)) {
			t.Fatalf("whole table: %+v", whole)
		}
	}
}
