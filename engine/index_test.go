package engine

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// threadTable creates the seed 000 Thread table: ForumName/Subject with the
// LastPostIndex LSI on LastPostDateTime projecting Replies.
func threadTable(t *testing.T, e *Engine) {
	t.Helper()
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "Thread",
		ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: i64(10), WriteCapacityUnits: i64(5)},
		KeySchema:             []model.KeySchemaElement{hk("ForumName"), rk("Subject")},
		AttributeDefinitions:  []model.AttributeDefinition{ad("ForumName", "S"), ad("Subject", "S"), ad("LastPostDateTime", "S")},
		LocalSecondaryIndexes: []model.LocalSecondaryIndex{{IndexName: "LastPostIndex",
			KeySchema:  []model.KeySchemaElement{hk("ForumName"), rk("LastPostDateTime")},
			Projection: model.Projection{ProjectionType: "INCLUDE", NonKeyAttributes: []string{"Replies"}}}}})
	mustOK(t, err)
}

// TestSeed000LSIQueryWithFetch is the seed's Query on LastPostIndex with a
// BETWEEN on LastPostDateTime asking for Tags, which the index does not
// project: the items are fetched from the table and each fetch is charged
// on its own, rounded up to 4 KB (4 entries of ~200 B → 4 KB, plus 4 × 4 KB).
func TestSeed000LSIQueryWithFetch(t *testing.T) {
	e, _ := newTestEngine(t)
	threadTable(t, e)
	dates := []string{"2012-08-31T10:11:00.000Z", "2012-09-02T08:40:12.000Z", "2012-10-15T12:00:00.000Z", "2012-11-20T09:30:00.000Z", "2013-01-05T00:00:00.000Z"}
	for i, d := range dates {
		put(t, e, "Thread", model.Item{
			"ForumName": model.S("EC2"), "Subject": model.S(fmt.Sprintf("Subject %d", i)),
			"LastPostDateTime": model.S(d), "Replies": model.N(fmt.Sprint(i + 1)),
			"Tags": model.SS("ec2", "pricing"), "Message": model.S(strings.Repeat("m", 100)),
		})
	}
	put(t, e, "Thread", model.Item{"ForumName": model.S("S3"), "Subject": model.S("x"), "LastPostDateTime": model.S("2012-09-01T00:00:00.000Z")})
	put(t, e, "Thread", model.Item{"ForumName": model.S("EC2"), "Subject": model.S("no date")}) // sparse: not in the LSI

	in := &model.QueryInput{TableName: "Thread", IndexName: "LastPostIndex",
		KeyConditions: map[string]model.Condition{
			"ForumName":        {ComparisonOperator: "EQ", AttributeValueList: []model.AttributeValue{model.S("EC2")}},
			"LastPostDateTime": {ComparisonOperator: "BETWEEN", AttributeValueList: []model.AttributeValue{model.S("2012-08-31T00:00:00.000Z"), model.S("2012-11-31T00:00:00.000Z")}},
		},
		AttributesToGet:        []string{"Subject", "LastPostDateTime", "Replies", "Tags"},
		ReturnConsumedCapacity: "INDEXES",
	}
	out, err := e.Query(ctx, in)
	mustOK(t, err)
	if got := strings.Join(attrValues(out.Items, "LastPostDateTime"), " "); got != strings.Join(dates[:4], " ") {
		t.Fatalf("dates = %s", got)
	}
	for _, it := range out.Items {
		if _, ok := it["Tags"]; !ok || len(it) != 4 {
			t.Fatalf("item %v: want Subject, LastPostDateTime, Replies and the fetched Tags", it)
		}
	}
	cc := out.ConsumedCapacity
	if cc.CapacityUnits != 2.5 || cc.Table.CapacityUnits != 2 || cc.LocalSecondaryIndexes["LastPostIndex"].CapacityUnits != 0.5 {
		t.Fatalf("capacity = %+v table %+v lsi %+v, want 2.5 = index 0.5 + fetches 2", cc, cc.Table, cc.LocalSecondaryIndexes)
	}
	last, _ := e.LastRequest()
	if !strings.Contains(strings.Join(last.Lines, "\n"), "table fetches of non-projected attributes: each item rounded up to 4 KB = 4 RCU") {
		t.Fatalf("explanation = %q", last.Lines)
	}
	// Strongly consistent: 5 RCU; only projected attributes: no fetches.
	in.ConsistentRead = boolp(true)
	out, err = e.Query(ctx, in)
	mustOK(t, err)
	if out.ConsumedCapacity.CapacityUnits != 5 {
		t.Fatalf("strong read = %v, want 5", out.ConsumedCapacity.CapacityUnits)
	}
	in.AttributesToGet = []string{"Subject", "Replies"}
	in.ConsistentRead = nil
	out, err = e.Query(ctx, in)
	mustOK(t, err)
	if out.ConsumedCapacity.CapacityUnits != 0.5 || out.Count != 4 {
		t.Fatalf("projected-only read = %v RCU, %d items; want 0.5, 4", out.ConsumedCapacity.CapacityUnits, out.Count)
	}
	// Default Select on an index is ALL_PROJECTED_ATTRIBUTES: the index's
	// entries, table key + index key + Replies.
	out, err = e.Query(ctx, &model.QueryInput{TableName: "Thread", IndexName: "LastPostIndex", KeyConditionExpression: "ForumName = :f",
		ExpressionAttributeValues: map[string]model.AttributeValue{":f": model.S("EC2")}, ScanIndexForward: boolp(false), Limit: i32(1)})
	mustOK(t, err)
	want := model.Item{"ForumName": model.S("EC2"), "Subject": model.S("Subject 4"), "LastPostDateTime": model.S(dates[4]), "Replies": model.N("5")}
	if len(out.Items) != 1 || !model.ItemsEqual(out.Items[0], want) {
		t.Fatalf("projected entry = %v", out.Items)
	}
	if !model.ItemsEqual(out.LastEvaluatedKey, model.Item{"ForumName": model.S("EC2"), "Subject": model.S("Subject 4"), "LastPostDateTime": model.S(dates[4])}) {
		t.Fatalf("index LastEvaluatedKey = %v, want table key + index key", out.LastEvaluatedKey)
	}
	d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Thread"})
	mustOK(t, err)
	if d.Table.ItemCount != 7 || d.Table.LocalSecondaryIndexes[0].ItemCount != 6 {
		t.Fatalf("counts: table %d, LSI %d", d.Table.ItemCount, d.Table.LocalSecondaryIndexes[0].ItemCount)
	}
}

// deviceReports creates the seed 004 sparse-index table: reports keyed by
// device and timestamp, with a GSI on EscalatedTo that only escalated
// reports carry.
func deviceReports(t *testing.T, e *Engine) {
	t.Helper()
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "DeviceReports", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{hk("DeviceId"), rk("Timestamp")},
		AttributeDefinitions: []model.AttributeDefinition{ad("DeviceId", "S"), ad("Timestamp", "S"), ad("EscalatedTo", "S")},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "EscalatedIndex",
			KeySchema: []model.KeySchemaElement{hk("EscalatedTo"), rk("Timestamp")}, Projection: model.Projection{ProjectionType: "ALL"}}}})
	mustOK(t, err)
	for i := 0; i < 300; i++ {
		it := model.Item{"DeviceId": model.S(fmt.Sprintf("device-%02d", i%30)), "Timestamp": model.S(fmt.Sprintf("2026-11-%02dT%02d:00:00Z", 1+i/24, i%24)),
			"Temperature": model.N(fmt.Sprint(20 + i%15))}
		if i%50 == 7 {
			it["EscalatedTo"] = model.S("oncall@example.com")
		}
		put(t, e, "DeviceReports", it)
	}
}

func TestSeed004SparseIndex(t *testing.T) {
	e, _ := newTestEngine(t)
	deviceReports(t, e)
	out, err := e.Query(ctx, &model.QueryInput{TableName: "DeviceReports", IndexName: "EscalatedIndex",
		KeyConditionExpression: "EscalatedTo = :who", ScanIndexForward: boolp(false),
		ExpressionAttributeValues: map[string]model.AttributeValue{":who": model.S("oncall@example.com")}, ReturnConsumedCapacity: "INDEXES"})
	mustOK(t, err)
	got := strings.Join(attrValues(out.Items, "Timestamp"), " ")
	if got != "2026-11-11T17:00:00Z 2026-11-09T15:00:00Z 2026-11-07T13:00:00Z 2026-11-05T11:00:00Z 2026-11-03T09:00:00Z 2026-11-01T07:00:00Z" {
		t.Fatalf("escalated reports, newest first = %s", got)
	}
	if g := out.ConsumedCapacity.GlobalSecondaryIndexes["EscalatedIndex"]; g.CapacityUnits != 0.5 || out.ConsumedCapacity.Table.CapacityUnits != 0 {
		t.Fatalf("GSI read capacity = %+v", out.ConsumedCapacity)
	}
	d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "DeviceReports"})
	mustOK(t, err)
	if d.Table.ItemCount != 300 || d.Table.GlobalSecondaryIndexes[0].ItemCount != 6 {
		t.Fatalf("table %d items, sparse index %d", d.Table.ItemCount, d.Table.GlobalSecondaryIndexes[0].ItemCount)
	}
	_, err = e.Query(ctx, &model.QueryInput{TableName: "DeviceReports", IndexName: "EscalatedIndex", ConsistentRead: boolp(true),
		KeyConditionExpression: "EscalatedTo = :who", ExpressionAttributeValues: map[string]model.AttributeValue{":who": model.S("x")}})
	wantError(t, err, model.ErrValidation, "Consistent reads are not supported on global secondary indexes")
}

func TestIndexWriteCapacity(t *testing.T) {
	e, _ := newTestEngine(t)
	deviceReports(t, e)
	write := func(item model.Item) *model.ConsumedCapacity {
		out, err := e.PutItem(ctx, &model.PutItemInput{TableName: "DeviceReports", Item: item, ReturnConsumedCapacity: "INDEXES"})
		mustOK(t, err)
		return out.ConsumedCapacity
	}
	base := model.Item{"DeviceId": model.S("d-new"), "Timestamp": model.S("2026-12-01T00:00:00Z")}
	with := func(kv ...any) model.Item {
		it := base.Clone()
		for i := 0; i < len(kv); i += 2 {
			it[kv[i].(string)] = kv[i+1].(model.AttributeValue)
		}
		return it
	}
	tests := []struct {
		name      string
		item      model.Item
		gsi, want float64
	}{
		{"absent before and after", with(), 0, 1},
		{"new entry", with("EscalatedTo", model.S("a")), 1, 2},
		{"projected non-key change", with("EscalatedTo", model.S("a"), "Note", model.S("n")), 1, 2},
		{"nothing projected changed", with("EscalatedTo", model.S("a"), "Note", model.S("n")), 0, 1},
		{"index key moved", with("EscalatedTo", model.S("b"), "Note", model.S("n")), 2, 3},
		{"index key removed", with("Note", model.S("n")), 1, 2},
	}
	for _, tt := range tests {
		cc := write(tt.item)
		if got := float64(cc.GlobalSecondaryIndexes["EscalatedIndex"].CapacityUnits); got != tt.gsi || float64(cc.CapacityUnits) != tt.want {
			t.Errorf("%s: GSI %v total %v, want GSI %v total %v", tt.name, got, cc.CapacityUnits, tt.gsi, tt.want)
		}
	}
}

// TestSeed001SchemaValidationOfIndexKeys is seed 001 end to end in process:
// four animals with inconsistent admitted types, a GSI on type/admitted
// created afterwards that holds only Freddie, and the writes DynamoDB
// refuses and accepts after it.
func TestSeed001SchemaValidationOfIndexKeys(t *testing.T) {
	e, _ := newTestEngine(t)
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "schema-demo", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{hk("pk")},
		AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S"), ad("ix_pk", "S")},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "gsi", KeySchema: []model.KeySchemaElement{hk("ix_pk")},
			Projection: model.Projection{ProjectionType: "ALL"}}}})
	mustOK(t, err)
	// A valid item, then an update that would make its GSI key a number.
	put(t, e, "schema-demo", model.Item{"pk": model.S("test"), "ix_pk": model.S("test")})
	_, err = e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "schema-demo", Key: model.Item{"pk": model.S("test")},
		UpdateExpression: "SET ix_pk = :ix_pk", ExpressionAttributeValues: map[string]model.AttributeValue{":ix_pk": model.N("123")}})
	wantError(t, err, model.ErrValidation, "One or more parameter values were invalid: Type mismatch for Index Key ix_pk Expected: S Actual: N IndexName: gsi")

	animals := []model.WriteRequest{
		{PutRequest: &model.PutRequest{Item: model.Item{"pk": model.S("FRE001"), "type": model.S("Dog"), "name": model.S("Freddie"), "admitted": model.N("174099600")}}},
		{PutRequest: &model.PutRequest{Item: model.Item{"pk": model.S("ZUZ001"), "type": model.S("Dog"), "name": model.S("Zuzi"), "admitted": model.S("1672563600")}}},
		{PutRequest: &model.PutRequest{Item: model.Item{"pk": model.S("OTI001"), "type": model.S("Rat"), "name": model.S("Otis"), "admitted": model.S("2024-03-27T07:00:00+0000")}}},
		{PutRequest: &model.PutRequest{Item: model.Item{"pk": model.S("ED_001"), "type": model.S("Rat"), "name": model.S("Ed")}}},
	}
	_, err = e.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"schema-demo": animals}})
	mustOK(t, err)
	up, err := e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "schema-demo",
		AttributeDefinitions: []model.AttributeDefinition{ad("type", "S"), ad("admitted", "N")},
		GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Create: &model.GlobalSecondaryIndex{IndexName: "animal_type",
			KeySchema: []model.KeySchemaElement{hk("type"), rk("admitted")}, Projection: model.Projection{ProjectionType: "ALL"}}}}})
	mustOK(t, err)
	if up.TableDescription.TableStatus != model.StatusUpdating {
		t.Fatalf("table status during GSI creation = %s", up.TableDescription.TableStatus)
	}
	g := up.TableDescription.GlobalSecondaryIndexes[1]
	if g.IndexName != "animal_type" || g.IndexStatus != model.StatusCreating || g.Backfilling == nil || *g.Backfilling {
		t.Fatalf("new GSI = %+v", g)
	}
	e.WaitBackgroundIndexWork()
	d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "schema-demo"})
	mustOK(t, err)
	if g := d.Table.GlobalSecondaryIndexes[1]; g.IndexStatus != model.StatusActive || g.Backfilling != nil || g.ItemCount != 1 {
		t.Fatalf("after backfill: %+v", g)
	}
	scan, err := e.Scan(ctx, &model.ScanInput{TableName: "schema-demo", IndexName: "animal_type"})
	mustOK(t, err)
	if scan.Count != 1 || scan.Items[0]["name"].S != "Freddie" {
		t.Fatalf("animal_type holds %v", scan.Items)
	}
	left, err := e.IndexLeftOut("schema-demo", "animal_type", 0)
	mustOK(t, err)
	var reasons []string
	for _, l := range left {
		reasons = append(reasons, fmt.Sprintf("%s: %s (violation %v)", l.Key["pk"].S, l.Reason, l.Violation))
	}
	sort.Strings(reasons)
	want := []string{
		"ED_001: no admitted (violation false)",
		"OTI001: admitted is S, index wants N (violation true)",
		"ZUZ001: admitted is S, index wants N (violation true)",
		"test: no type (violation false)",
	}
	if strings.Join(reasons, "\n") != strings.Join(want, "\n") {
		t.Fatalf("left out:\n%s", strings.Join(reasons, "\n"))
	}
	// An unrelated update of a violating item is refused, vaguely.
	_, err = e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "schema-demo", Key: model.Item{"pk": model.S("ZUZ001")},
		UpdateExpression: "SET temperament = :t", ExpressionAttributeValues: map[string]model.AttributeValue{":t": model.S("FRIENDLY")}})
	wantError(t, err, model.ErrValidation, "The update expression attempted to update the secondary index key to unsupported type")
	// Putting it back unmodified is refused with the typed message.
	zuzi := model.Item{"admitted": model.S("1672563600"), "pk": model.S("ZUZ001"), "name": model.S("Zuzi"), "type": model.S("Dog")}
	_, err = e.PutItem(ctx, &model.PutItemInput{TableName: "schema-demo", Item: zuzi})
	wantError(t, err, model.ErrValidation, "One or more parameter values were invalid: Type mismatch for Index Key admitted Expected: N Actual: S IndexName: animal_type")
	// Reads still work; a write that fixes the type succeeds and then the
	// item enters the index.
	got, err := e.GetItem(ctx, &model.GetItemInput{TableName: "schema-demo", Key: model.Item{"pk": model.S("ZUZ001")}})
	mustOK(t, err)
	if got.Item["temperament"].Type != model.TypeInvalid {
		t.Fatalf("refused update changed the item: %v", got.Item)
	}
	_, err = e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "schema-demo", Key: model.Item{"pk": model.S("ZUZ001")},
		UpdateExpression: "SET admitted = :a, temperament = :t", ExpressionAttributeValues: map[string]model.AttributeValue{":a": model.N("1672563600"), ":t": model.S("FRIENDLY")}})
	mustOK(t, err)
	// Otis is fixed by removing the attribute; Ed can be deleted.
	_, err = e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "schema-demo", Key: model.Item{"pk": model.S("OTI001")}, UpdateExpression: "REMOVE admitted"})
	mustOK(t, err)
	scan, err = e.Scan(ctx, &model.ScanInput{TableName: "schema-demo", IndexName: "animal_type"})
	mustOK(t, err)
	if scan.Count != 2 {
		t.Fatalf("animal_type after fixes holds %d", scan.Count)
	}
	// Deleting the GSI drops the definitions only it used.
	_, err = e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "schema-demo",
		GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Delete: &model.DeleteGlobalSecondaryIndex{IndexName: "animal_type"}}}})
	mustOK(t, err)
	e.WaitBackgroundIndexWork()
	d, err = e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "schema-demo"})
	mustOK(t, err)
	var defs []string
	for _, a := range d.Table.AttributeDefinitions {
		defs = append(defs, a.AttributeName)
	}
	if strings.Join(defs, ",") != "pk,ix_pk" || len(d.Table.GlobalSecondaryIndexes) != 1 {
		t.Fatalf("after delete: defs %v, GSIs %d", defs, len(d.Table.GlobalSecondaryIndexes))
	}
}

func TestItemCollectionMetricsAndLimit(t *testing.T) {
	e, err := Open(Options{Clock: NewManualClock(testStart), DisableTTLSweeper: true, DisableThrottling: true, ItemCollectionSizeLimit: 2000})
	mustOK(t, err)
	defer e.Close()
	threadTable(t, e)
	item := func(subject string, n int) model.Item {
		return model.Item{"ForumName": model.S("EC2"), "Subject": model.S(subject), "LastPostDateTime": model.S("2012"), "Body": model.S(strings.Repeat("b", n))}
	}
	out, err := e.PutItem(ctx, &model.PutItemInput{TableName: "Thread", Item: item("a", 500), ReturnItemCollectionMetrics: "SIZE"})
	mustOK(t, err)
	m := out.ItemCollectionMetrics
	if m == nil || !model.ItemsEqual(m.ItemCollectionKey, model.Item{"ForumName": model.S("EC2")}) || fmt.Sprint(m.SizeEstimateRangeGB) != "[0 1]" {
		t.Fatalf("ItemCollectionMetrics = %+v", m)
	}
	put(t, e, "Thread", item("b", 500))
	_, err = e.PutItem(ctx, &model.PutItemInput{TableName: "Thread", Item: item("c", 900)})
	wantError(t, err, model.ErrItemCollectionSizeLimit, "Collection size exceeded.")
	// Shrinking writes and other collections still work.
	put(t, e, "Thread", item("b", 10))
	put(t, e, "Thread", model.Item{"ForumName": model.S("S3"), "Subject": model.S("c"), "Body": model.S(strings.Repeat("b", 900))})
}
