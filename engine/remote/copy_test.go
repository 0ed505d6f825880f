package remote

import (
	"context"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

func newSandbox(t *testing.T) *engine.Engine {
	t.Helper()
	e, err := engine.Open(engine.Options{DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

// schemaOf is the part of a description a copy must keep.
func schemaOf(d *model.TableDescription) model.TableDescription {
	s := model.TableDescription{AttributeDefinitions: d.AttributeDefinitions, KeySchema: d.KeySchema, TableClassSummary: d.TableClassSummary,
		StreamSpecification: d.StreamSpecification, BillingModeSummary: &model.BillingModeSummary{BillingMode: d.BillingModeSummary.BillingMode}}
	if pt := d.ProvisionedThroughput; pt != nil {
		s.ProvisionedThroughput = &model.ProvisionedThroughputDescription{ReadCapacityUnits: pt.ReadCapacityUnits, WriteCapacityUnits: pt.WriteCapacityUnits}
	}
	for _, l := range d.LocalSecondaryIndexes {
		s.LocalSecondaryIndexes = append(s.LocalSecondaryIndexes, model.LocalSecondaryIndexDescription{IndexName: l.IndexName, KeySchema: l.KeySchema, Projection: l.Projection})
	}
	for _, g := range d.GlobalSecondaryIndexes {
		gs := model.GlobalSecondaryIndexDescription{IndexName: g.IndexName, KeySchema: g.KeySchema, Projection: g.Projection, IndexStatus: g.IndexStatus}
		if pt := g.ProvisionedThroughput; pt != nil {
			gs.ProvisionedThroughput = &model.ProvisionedThroughputDescription{ReadCapacityUnits: pt.ReadCapacityUnits, WriteCapacityUnits: pt.WriteCapacityUnits}
		}
		s.GlobalSecondaryIndexes = append(s.GlobalSecondaryIndexes, gs)
	}
	return s
}

func describe(t *testing.T, api engine.API, table string) *model.TableDescription {
	t.Helper()
	d, err := api.DescribeTable(context.Background(), &model.DescribeTableInput{TableName: table})
	if err != nil {
		t.Fatal(err)
	}
	return d.Table
}

func scanAll(t *testing.T, api engine.API, table string) []model.Item {
	t.Helper()
	var items []model.Item
	if _, err := ReadTable(context.Background(), api, ReadInput{Table: table}, func(page []model.Item) error {
		items = append(items, page...)
		return nil
	}, nil); err != nil {
		t.Fatal(err)
	}
	return items
}

// CopySlice copies the schema (keys, LSIs, GSIs, billing, throughput,
// table class, TTL, stream) and the items through a read-only backend into
// a sandbox; the copy's stream starts empty.
func TestCopySlice(t *testing.T) {
	tw := newTwins(t)
	ctx := context.Background()
	if _, err := tw.served.CreateTable(ctx, ordersTable()); err != nil {
		t.Fatal(err)
	}
	if _, err := tw.served.UpdateTimeToLive(ctx, &model.UpdateTimeToLiveInput{TableName: "Orders",
		TimeToLiveSpecification: &model.TimeToLiveSpecification{Enabled: true, AttributeName: "exp"}}); err != nil {
		t.Fatal(err)
	}
	for _, k := range [][2]string{{"a", "1"}, {"a", "2"}, {"b", "1"}, {"c", "5"}} {
		if _, err := tw.served.PutItem(ctx, &model.PutItemInput{TableName: "Orders", Item: allTypes(k[0], k[1])}); err != nil {
			t.Fatal(err)
		}
	}
	sb := newSandbox(t)
	var progress []CopyProgress
	rep, err := CopySlice(ctx, tw.ro, sb, CopyOptions{Table: "Orders", Progress: func(p CopyProgress) { progress = append(progress, p) }})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Items != 4 || rep.More || rep.Limit != DefaultCopyLimit || rep.Units <= 0 || rep.Pages != 1 || len(progress) != 1 {
		t.Fatalf("report %+v, progress %+v", rep, progress)
	}
	// The copy is a bulk load: no request, no capacity, on the sandbox.
	if got := sb.RecentRequests(); len(got) != 0 {
		t.Fatalf("the copy logged requests: %+v", got)
	}
	src, dst := describe(t, tw.served, "Orders"), describe(t, sb, "Orders")
	if g, w := canonical(t, schemaOf(dst), nil), canonical(t, schemaOf(src), nil); g != w {
		t.Fatalf("copy's schema\n%s\nsource's\n%s", g, w)
	}
	if g, w := canonical(t, scanAll(t, sb, "Orders"), nil), canonical(t, scanAll(t, tw.served, "Orders"), nil); g != w {
		t.Fatalf("copy's items\n%s\nsource's\n%s", g, w)
	}
	ttl, err := sb.DescribeTimeToLive(ctx, &model.DescribeTimeToLiveInput{TableName: "Orders"})
	if err != nil || ttl.TimeToLiveDescription.TimeToLiveStatus != "ENABLED" || ttl.TimeToLiveDescription.AttributeName != "exp" {
		t.Fatalf("copy's TTL %+v (%v)", ttl, err)
	}
	tail, err := NewTail(ctx, sb, "Orders")
	if err != nil {
		t.Fatal(err)
	}
	it, err := sb.GetShardIterator(ctx, &model.GetShardIteratorInput{StreamArn: tail.StreamArn(), ShardId: tail.Shards()[0].ShardID,
		ShardIteratorType: model.IteratorTrimHorizon})
	if err != nil {
		t.Fatal(err)
	}
	if recs, err := sb.GetRecords(ctx, &model.GetRecordsInput{ShardIterator: it.ShardIterator}); err != nil || len(recs.Records) != 0 {
		t.Fatalf("the copy's stream has %d records (%v)", len(recs.Records), err)
	}

	// A copy never replaces a table.
	_, err = CopySlice(ctx, tw.ro, sb, CopyOptions{Table: "Orders", Limit: 1})
	if me, ok := err.(*model.Error); !ok || me.Code != model.ErrResourceInUse {
		t.Fatalf("copy onto an existing table: %#v", err)
	}
	if n := len(scanAll(t, sb, "Orders")); n != 4 {
		t.Fatalf("the refused copy changed the table: %d items", n)
	}
}

// A Query or a filtered Scan picks the items; Limit bounds them; a failure
// leaves no half copy behind.
func TestCopySliceQueryAndLimit(t *testing.T) {
	tw := newTwins(t)
	ctx := context.Background()
	bigTable(t, tw, 300, 10_000)
	if _, err := tw.served.CreateTable(ctx, ordersTable()); err != nil {
		t.Fatal(err)
	}
	for _, k := range [][2]string{{"a", "1"}, {"a", "2"}, {"a", "3"}, {"b", "1"}} {
		if _, err := tw.served.PutItem(ctx, &model.PutItemInput{TableName: "Orders", Item: allTypes(k[0], k[1])}); err != nil {
			t.Fatal(err)
		}
	}
	sb := newSandbox(t)
	tests := []struct {
		name     string
		opts     CopyOptions
		items    int
		more     bool
		sortKeys string // of the copied items, descending
	}{
		{"first 250 of a Scan over 1 MB pages", CopyOptions{Table: "Big", Target: "Big250", Limit: 250}, 250, true, ""},
		{"a Query, two items", CopyOptions{Table: "Orders", Target: "QueryTwo", Limit: 2, Query: &model.QueryInput{KeyConditionExpression: "pk = :p",
			ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("a")}, ScanIndexForward: ptr(false)}}, 2, true, "3 2"},
		{"a Query, all it has", CopyOptions{Table: "Orders", Target: "QueryAll", Query: &model.QueryInput{KeyConditionExpression: "pk = :p",
			ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("a")}}}, 3, false, "3 2 1"},
		{"a filtered Scan", CopyOptions{Table: "Orders", Target: "Filtered", Scan: &model.ScanInput{FilterExpression: "pk = :b",
			ExpressionAttributeValues: map[string]model.AttributeValue{":b": model.S("b")}}}, 1, false, "1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := CopySlice(ctx, tw.ro, sb, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			items := scanAll(t, sb, tt.opts.Target)
			if rep.Items != tt.items || len(items) != tt.items || rep.More != tt.more {
				t.Fatalf("report %+v, %d items in the copy", rep, len(items))
			}
			if tt.sortKeys != "" {
				q, err := sb.Query(ctx, &model.QueryInput{TableName: tt.opts.Target, KeyConditionExpression: "pk = :p", ScanIndexForward: ptr(false),
					ExpressionAttributeValues: map[string]model.AttributeValue{":p": items[0]["pk"]}, ProjectionExpression: "sk"})
				if err != nil {
					t.Fatal(err)
				}
				var sks []string
				for _, it := range q.Items {
					sks = append(sks, it["sk"].N)
				}
				if strings.Join(sks, " ") != tt.sortKeys {
					t.Fatalf("copied sort keys %v", sks)
				}
			}
		})
	}
	// The Query fails after the table was made: the copy is deleted again.
	_, err := CopySlice(ctx, tw.ro, sb, CopyOptions{Table: "Orders", Target: "Broken", Query: &model.QueryInput{KeyConditionExpression: "pk = "}})
	if me, ok := err.(*model.Error); !ok || me.Code != model.ErrValidation {
		t.Fatalf("err = %#v", err)
	}
	if _, err := sb.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Broken"}); err == nil {
		t.Fatal("a failed copy left its table")
	}
	// On demand stays on demand.
	if d := describe(t, sb, "Big250"); d.BillingModeSummary.BillingMode != model.BillingPayPerRequest {
		t.Fatalf("billing %+v", d.BillingModeSummary)
	}
}
