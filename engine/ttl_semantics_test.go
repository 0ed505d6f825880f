package engine

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// epochN is t as a Number of epoch seconds.
func epochN(t time.Time) model.AttributeValue { return model.N(strconv.FormatInt(t.Unix(), 10)) }

func enableTTL(t testing.TB, e *Engine, table, attr string) {
	t.Helper()
	_, err := e.UpdateTimeToLive(ctx, &model.UpdateTimeToLiveInput{TableName: table,
		TimeToLiveSpecification: &model.TimeToLiveSpecification{Enabled: true, AttributeName: attr}})
	mustOK(t, err)
}

func setTTL(e *Engine, table string, enabled bool, attr string) error {
	_, err := e.UpdateTimeToLive(ctx, &model.UpdateTimeToLiveInput{TableName: table,
		TimeToLiveSpecification: &model.TimeToLiveSpecification{Enabled: enabled, AttributeName: attr}})
	return err
}

func describeTTL(t testing.TB, e *Engine, table string) model.TimeToLiveDescription {
	t.Helper()
	out, err := e.DescribeTimeToLive(ctx, &model.DescribeTimeToLiveInput{TableName: table})
	mustOK(t, err)
	return *out.TimeToLiveDescription
}

func getItem(t testing.TB, e *Engine, table string, key model.Item) model.Item {
	t.Helper()
	out, err := e.GetItem(ctx, &model.GetItemInput{TableName: table, Key: key, ConsistentRead: boolp(true)})
	mustOK(t, err)
	return out.Item
}

func TestUpdateTimeToLiveRulesAndMessages(t *testing.T) {
	e, clock := newTestEngine(t)
	createSimple(t, e, "ttl-rules", "", "")
	if d := describeTTL(t, e, "ttl-rules"); d != (model.TimeToLiveDescription{TimeToLiveStatus: "DISABLED"}) {
		t.Fatalf("never-configured table: %+v", d)
	}
	wantError(t, setTTL(e, "ttl-rules", false, "exp"), model.ErrValidation, "TimeToLive is already disabled")
	enableTTL(t, e, "ttl-rules", "exp")
	if d := describeTTL(t, e, "ttl-rules"); d != (model.TimeToLiveDescription{TimeToLiveStatus: "ENABLED", AttributeName: "exp"}) {
		t.Fatalf("after enabling: %+v", d)
	}
	wantError(t, setTTL(e, "ttl-rules", true, "exp"), model.ErrValidation, "TimeToLive is already enabled")
	wantError(t, setTTL(e, "ttl-rules", true, "other"), model.ErrValidation, "TimeToLive is already enabled")
	wantError(t, setTTL(e, "ttl-rules", false, "other"), model.ErrValidation,
		"TimeToLive is active on a different AttributeName: current AttributeName is exp")
	clock.Advance(30 * time.Minute)
	wantError(t, setTTL(e, "ttl-rules", false, "exp"), model.ErrValidation,
		"Time to live has been modified multiple times within a fixed interval")
	clock.Advance(30 * time.Minute)
	mustOK(t, setTTL(e, "ttl-rules", false, "exp"))
	if d := describeTTL(t, e, "ttl-rules"); d != (model.TimeToLiveDescription{TimeToLiveStatus: "DISABLED"}) {
		t.Fatalf("after disabling: %+v", d)
	}
	wantError(t, setTTL(e, "nope-table", true, "exp"), model.ErrResourceNotFound, "Requested resource not found: Table: nope-table not found")
	_, err := e.UpdateTimeToLive(ctx, &model.UpdateTimeToLiveInput{TableName: "ttl-rules"})
	wantError(t, err, model.ErrValidation, "1 validation error detected: Value null at 'timeToLiveSpecification' failed to satisfy constraint: Member must not be null")
}

// TestTTLExpiredItemsReadableUntilSweep: DynamoDB never hides expired
// items; Get, Query and Scan return them until the sweeper deletes them,
// and IsExpiredPending tells which they are.
func TestTTLExpiredItemsReadableUntilSweep(t *testing.T) {
	e, clock := newTestEngine(t)
	createSimple(t, e, "sessions", "sk", "S")
	enableTTL(t, e, "sessions", "exp")
	now := clock.Now()
	items := []model.Item{
		{"pk": model.S("u"), "sk": model.S("expired"), "exp": epochN(now)},
		{"pk": model.S("u"), "sk": model.S("future"), "exp": epochN(now.Add(time.Hour))},
		{"pk": model.S("u"), "sk": model.S("string"), "exp": model.S(fmt.Sprint(now.Add(-time.Hour).Unix()))},
		{"pk": model.S("u"), "sk": model.S("millis"), "exp": model.N(fmt.Sprint(now.Add(-time.Hour).UnixMilli()))},
		{"pk": model.S("u"), "sk": model.S("none")},
	}
	for _, it := range items {
		put(t, e, "sessions", it)
	}
	query := func() []string {
		out, err := e.Query(ctx, &model.QueryInput{TableName: "sessions", KeyConditionExpression: "pk = :u",
			ExpressionAttributeValues: map[string]model.AttributeValue{":u": model.S("u")}})
		mustOK(t, err)
		var sks []string
		for _, it := range out.Items {
			sk := it["sk"].S
			if e.IsExpiredPending("sessions", it) {
				sk += "*"
			}
			sks = append(sks, sk)
		}
		return sks
	}
	if got := fmt.Sprint(query()); got != "[expired* future millis none string]" {
		t.Fatalf("Query before the sweep = %s", got)
	}
	if getItem(t, e, "sessions", model.Item{"pk": model.S("u"), "sk": model.S("expired")}) == nil {
		t.Fatal("GetItem hid an expired item the sweeper has not deleted")
	}
	scan, err := e.Scan(ctx, &model.ScanInput{TableName: "sessions"})
	mustOK(t, err)
	if scan.Count != 5 {
		t.Fatalf("Scan before the sweep: %d items", scan.Count)
	}
	// Within the deletion delay (15 s by default) the sweeper leaves it.
	if n := e.SweepTTL(); n != 0 {
		t.Fatalf("swept %d items within the deletion delay", n)
	}
	clock.Advance(DefaultTTLDeletionDelay)
	if n := e.SweepTTL(); n != 1 {
		t.Fatalf("swept %d items, want 1", n)
	}
	if got := fmt.Sprint(query()); got != "[future millis none string]" {
		t.Fatalf("Query after the sweep = %s", got)
	}
	if getItem(t, e, "sessions", model.Item{"pk": model.S("u"), "sk": model.S("expired")}) != nil {
		t.Fatal("GetItem still finds the swept item")
	}
}

// TestTTLWritesMoveTheQueue: an expired item can still be updated, and a
// new TTL value, a removed one or a type change is honoured.
func TestTTLWritesMoveTheQueue(t *testing.T) {
	e, clock := newTestEngine(t)
	createSimple(t, e, "ttl-moves", "", "")
	enableTTL(t, e, "ttl-moves", "exp")
	past := epochN(clock.Now().Add(-time.Hour))
	for _, k := range []string{"extended", "removed", "made-string", "became-number", "kept"} {
		put(t, e, "ttl-moves", model.Item{"pk": model.S(k), "exp": past})
	}
	put(t, e, "ttl-moves", model.Item{"pk": model.S("became-number"), "exp": model.S("soon")})
	update := func(k, expr string, vals map[string]model.AttributeValue) {
		t.Helper()
		_, err := e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "ttl-moves", Key: model.Item{"pk": model.S(k)},
			UpdateExpression: expr, ExpressionAttributeValues: vals})
		mustOK(t, err)
	}
	update("extended", "SET exp = :v", map[string]model.AttributeValue{":v": epochN(clock.Now().Add(time.Hour))})
	update("removed", "REMOVE exp", nil)
	update("made-string", "SET exp = :v", map[string]model.AttributeValue{":v": model.S("1")})
	update("became-number", "SET exp = :v", map[string]model.AttributeValue{":v": past})
	clock.Advance(time.Minute)
	if n := e.SweepTTL(); n != 2 {
		t.Fatalf("swept %d, want 2 (kept, became-number)", n)
	}
	for k, want := range map[string]bool{"extended": true, "removed": true, "made-string": true, "became-number": false, "kept": false} {
		if got := getItem(t, e, "ttl-moves", model.Item{"pk": model.S(k)}) != nil; got != want {
			t.Errorf("%s present = %v, want %v", k, got, want)
		}
	}
}

// TestTTLOlderThanFiveYearsIgnored: DynamoDB never deletes items whose TTL
// is more than five years in the past.
func TestTTLOlderThanFiveYearsIgnored(t *testing.T) {
	e, clock := newTestEngine(t)
	createSimple(t, e, "ttl-old", "", "")
	enableTTL(t, e, "ttl-old", "exp")
	put(t, e, "ttl-old", model.Item{"pk": model.S("ancient"), "exp": epochN(clock.Now().Add(-6 * 365 * 24 * time.Hour))})
	put(t, e, "ttl-old", model.Item{"pk": model.S("recent"), "exp": epochN(clock.Now().Add(-4 * 365 * 24 * time.Hour))})
	clock.Advance(time.Hour)
	if n := e.SweepTTL(); n != 1 {
		t.Fatalf("swept %d, want 1", n)
	}
	if getItem(t, e, "ttl-old", model.Item{"pk": model.S("ancient")}) == nil {
		t.Fatal("an item expired more than five years ago was deleted")
	}
	if e.IsExpiredPending("ttl-old", model.Item{"pk": model.S("ancient"), "exp": epochN(clock.Now().Add(-6 * 365 * 24 * time.Hour))}) {
		t.Fatal("IsExpiredPending is true for a value the sweeper ignores")
	}
}

// TestTTLSweepRemovesIndexEntriesAndWritesRemoveRecord: the sweep deletes
// the item, its LSI and GSI entries and writes a REMOVE record with the
// TTL service identity, all in one transaction, and charges nothing.
func TestTTLSweepRemovesIndexEntriesAndWritesRemoveRecord(t *testing.T) {
	e, clock := newTestEngine(t)
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "ttl-idx", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{hk("pk"), rk("sk")},
		AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S"), ad("sk", "S"), ad("l", "N"), ad("g", "S")},
		LocalSecondaryIndexes: []model.LocalSecondaryIndex{{IndexName: "byL", KeySchema: []model.KeySchemaElement{hk("pk"), rk("l")},
			Projection: model.Projection{ProjectionType: "ALL"}}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "byG", KeySchema: []model.KeySchemaElement{hk("g")},
			Projection: model.Projection{ProjectionType: "KEYS_ONLY"}}}})
	mustOK(t, err)
	enableTestStream(t, e, "ttl-idx", model.StreamNewAndOldImages)
	enableTTL(t, e, "ttl-idx", "exp")
	gone := model.Item{"pk": model.S("p"), "sk": model.S("gone"), "l": model.N("1"), "g": model.S("x"), "exp": epochN(clock.Now())}
	put(t, e, "ttl-idx", gone)
	put(t, e, "ttl-idx", model.Item{"pk": model.S("p"), "sk": model.S("stays"), "l": model.N("2"), "g": model.S("x")})
	it := iterator(t, e, latestStream(t, e, "ttl-idx"), model.IteratorLatest, "")
	requests := len(e.RecentRequests())
	clock.Advance(time.Minute)
	if n := e.SweepTTL(); n != 1 {
		t.Fatalf("swept %d", n)
	}
	if n := len(e.RecentRequests()); n != requests {
		t.Fatalf("the sweep logged %d requests: TTL deletes are free", n-requests)
	}
	d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "ttl-idx"})
	mustOK(t, err)
	if d.Table.ItemCount != 1 || d.Table.LocalSecondaryIndexes[0].ItemCount != 1 || d.Table.GlobalSecondaryIndexes[0].ItemCount != 1 {
		t.Fatalf("counts after the sweep: table %d, LSI %d, GSI %d", d.Table.ItemCount,
			d.Table.LocalSecondaryIndexes[0].ItemCount, d.Table.GlobalSecondaryIndexes[0].ItemCount)
	}
	for _, ix := range []string{"byL", "byG"} {
		out, err := e.Scan(ctx, &model.ScanInput{TableName: "ttl-idx", IndexName: ix})
		mustOK(t, err)
		if out.Count != 1 || out.Items[0]["sk"].S != "stays" {
			t.Fatalf("index %s after the sweep: %v", ix, out.Items)
		}
	}
	recs, _ := readAll(t, e, it)
	if len(recs) != 1 {
		t.Fatalf("%d records after the sweep, want 1", len(recs))
	}
	r := recs[0]
	if r.EventName != model.EventRemove || r.UserIdentity == nil || *r.UserIdentity != (model.Identity{Type: "Service", PrincipalID: "dynamodb.amazonaws.com"}) ||
		!model.ItemsEqual(r.Dynamodb.OldImage, gone) || r.Dynamodb.NewImage != nil {
		t.Fatalf("TTL REMOVE record = %+v %+v", r, r.Dynamodb)
	}
	del := e.RecentTTLDeletions()
	if len(del) != 1 || del[0].Table != "ttl-idx" || del[0].Key["sk"].S != "gone" {
		t.Fatalf("RecentTTLDeletions = %+v", del)
	}
}

// TestTTLSweepNothingDueReadsNoQueueKey: with 10,000 items due later, a
// sweep seeks once and visits no queue key: O(1), not a scan.
func TestTTLSweepNothingDueReadsNoQueueKey(t *testing.T) {
	e, clock := newTestEngine(t)
	createSimple(t, e, "ttl-future", "", "")
	enableTTL(t, e, "ttl-future", "exp")
	reqs := make([]model.WriteRequest, 0, 25)
	flush := func() {
		_, err := e.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"ttl-future": reqs}})
		mustOK(t, err)
		reqs = reqs[:0]
	}
	for i := 0; i < 10_000; i++ {
		exp := epochN(clock.Now().Add(time.Hour + time.Duration(i)*time.Second))
		reqs = append(reqs, model.WriteRequest{PutRequest: &model.PutRequest{Item: model.Item{"pk": model.S(fmt.Sprint(i)), "exp": exp}}})
		if len(reqs) == 25 {
			flush()
		}
	}
	before := e.ttl.queueReads.Load()
	if n := e.SweepTTL(); n != 0 {
		t.Fatalf("swept %d", n)
	}
	if reads := e.ttl.queueReads.Load() - before; reads > 1 {
		t.Fatalf("a sweep with nothing due visited %d queue keys, want at most 1", reads)
	}
	// 100 become due: the sweep visits those 100 (and at most one more).
	clock.Advance(time.Hour + 99*time.Second + DefaultTTLDeletionDelay)
	before = e.ttl.queueReads.Load()
	if n := e.SweepTTL(); n != 100 {
		t.Fatalf("swept %d, want 100", n)
	}
	if reads := e.ttl.queueReads.Load() - before; reads > 101 {
		t.Fatalf("sweeping 100 items visited %d queue keys", reads)
	}
}

// TestTTLSweepBatchesLargeBacklog sweeps more than one batch.
func TestTTLSweepBatchesLargeBacklog(t *testing.T) {
	e, clock := newTestEngine(t)
	createSimple(t, e, "ttl-many", "", "")
	enableTTL(t, e, "ttl-many", "exp")
	n := 2*ttlSweepBatch + 17
	for i := 0; i < n; i++ {
		put(t, e, "ttl-many", model.Item{"pk": model.S(fmt.Sprint(i)), "exp": epochN(clock.Now())})
	}
	clock.Advance(time.Minute)
	if got := e.SweepTTL(); got != n {
		t.Fatalf("swept %d, want %d", got, n)
	}
	d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "ttl-many"})
	mustOK(t, err)
	if d.Table.ItemCount != 0 || d.Table.TableSizeBytes != 0 {
		t.Fatalf("after the sweep: %d items, %d bytes", d.Table.ItemCount, d.Table.TableSizeBytes)
	}
}

// TestTTLEnableBuildsQueueFromExistingItems: items written before TTL was
// enabled expire too; disabling stops the sweeper.
func TestTTLEnableBuildsQueueFromExistingItems(t *testing.T) {
	e, clock := newTestEngine(t)
	createSimple(t, e, "ttl-late", "", "")
	put(t, e, "ttl-late", model.Item{"pk": model.S("a"), "exp": epochN(clock.Now())})
	put(t, e, "ttl-late", model.Item{"pk": model.S("b"), "exp": epochN(clock.Now())})
	clock.Advance(time.Minute)
	if n := e.SweepTTL(); n != 0 {
		t.Fatalf("swept %d with TTL disabled", n)
	}
	enableTTL(t, e, "ttl-late", "exp")
	if n := e.SweepTTL(); n != 2 {
		t.Fatalf("swept %d, want the 2 items written before enabling", n)
	}
	put(t, e, "ttl-late", model.Item{"pk": model.S("c"), "exp": epochN(clock.Now())})
	clock.Advance(time.Hour)
	mustOK(t, setTTL(e, "ttl-late", false, "exp"))
	clock.Advance(time.Hour)
	if n := e.SweepTTL(); n != 0 {
		t.Fatalf("swept %d after disabling TTL", n)
	}
}
