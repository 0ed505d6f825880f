package engine

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// restoredSchema restores table to at into target and returns the
// restored table's GSI names and provisioned throughput.
func restoredSchema(t *testing.T, e *Engine, table, target string, at time.Time) ([]string, *model.ProvisionedThroughputDescription) {
	t.Helper()
	when := float64(at.UnixMicro()) / 1e6
	_, err := e.RestoreTableToPointInTime(ctx, &model.RestoreTableToPointInTimeInput{SourceTableName: table, TargetTableName: target, RestoreDateTime: &when})
	mustOK(t, err)
	d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: target})
	mustOK(t, err)
	var names []string
	for _, g := range d.Table.GlobalSecondaryIndexes {
		names = append(names, g.IndexName)
	}
	return names, d.Table.ProvisionedThroughput
}

// A restore to a point in time carries the table's indexes and throughput
// as they were at that instant (DynamoDB's "the same provisioned read
// capacity units and write capacity units that the source table had"
// then): before a GSI was added, none; while it existed, it, with its
// entries; after it was deleted, none. The schemas survive a reopen.
func TestRestoreToPointInTimeUsesTheSchemaOfThatTime(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	clock := NewManualClock(testStart)
	open := func() *Engine {
		e, err := Open(Options{Path: path, Sync: SyncNever, Clock: clock, DisableTTLSweeper: true, DisableThrottling: true})
		mustOK(t, err)
		return e
	}
	e := open()
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "Orders", BillingMode: model.BillingProvisioned,
		ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: i64(100), WriteCapacityUnits: i64(100)},
		AttributeDefinitions:  []model.AttributeDefinition{ad("pk", "S"), ad("sk", "S")},
		KeySchema:             []model.KeySchemaElement{hk("pk"), rk("sk")}})
	mustOK(t, err)
	enablePITR(t, e, "Orders", nil)
	for _, pk := range []string{"a", "b", "c"} {
		it := row(pk, "1", "v")
		it["g"] = sv("G")
		put(t, e, "Orders", it)
	}
	clock.Advance(time.Minute)
	beforeGSI := clock.Now()
	clock.Advance(time.Minute)
	_, err = e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "Orders", AttributeDefinitions: []model.AttributeDefinition{ad("g", "S")},
		GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Create: &model.GlobalSecondaryIndex{IndexName: "ByG",
			KeySchema: []model.KeySchemaElement{hk("g")}, Projection: model.Projection{ProjectionType: "ALL"},
			ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: i64(5), WriteCapacityUnits: i64(5)}}}}})
	mustOK(t, err)
	e.WaitBackgroundIndexWork()
	clock.Advance(time.Minute)
	_, err = e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "Orders",
		ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: i64(50), WriteCapacityUnits: i64(50)}})
	mustOK(t, err)
	clock.Advance(time.Minute)
	withGSI := clock.Now()
	clock.Advance(time.Minute)
	_, err = e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "Orders",
		GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Delete: &model.DeleteGlobalSecondaryIndex{IndexName: "ByG"}}}})
	mustOK(t, err)
	e.WaitBackgroundIndexWork()
	clock.Advance(time.Minute)
	mustOK(t, e.Close())
	e = open()
	defer e.Close()

	for _, c := range []struct {
		name, target string
		at           time.Time
		gsis         int
		rcu          int64
	}{
		{"before the GSI was added", "Before", beforeGSI, 0, 100},
		{"while it existed, throughput lowered", "During", withGSI, 1, 50},
		{"after it was deleted", "After", clock.Now(), 0, 50},
	} {
		t.Run(c.name, func(t *testing.T) {
			gsis, pt := restoredSchema(t, e, "Orders", c.target, c.at)
			if len(gsis) != c.gsis || pt == nil || pt.ReadCapacityUnits != c.rcu || pt.WriteCapacityUnits != c.rcu {
				t.Fatalf("restored %s: GSIs %v, throughput %+v; want %d GSIs, %d RCU/WCU", c.target, gsis, pt, c.gsis, c.rcu)
			}
			if c.gsis == 1 {
				q, err := e.Query(ctx, &model.QueryInput{TableName: c.target, IndexName: "ByG", KeyConditionExpression: "g = :g",
					ExpressionAttributeValues: map[string]model.AttributeValue{":g": sv("G")}})
				mustOK(t, err)
				if len(q.Items) != 3 {
					t.Errorf("ByG of the restored table: %d items, want 3", len(q.Items))
				}
			}
		})
	}
	rep, err := e.Verify()
	mustOK(t, err)
	if !rep.OK() {
		t.Errorf("drift: %s", rep.Summary())
	}
}

// The schemas a table keeps are bounded by its recovery period: the last
// one before the period's start stays (the schema at the window's start),
// older ones go; turning PITR off and on again starts over with one.
func TestPITRSchemasAreBoundedByThePeriod(t *testing.T) {
	e, clock := newTestEngine(t)
	createSimple(t, e, "Tab", "sk", "S")
	enablePITR(t, e, "Tab", intp(1))
	for i := 0; i < 3; i++ {
		clock.Advance(12 * time.Hour)
		_, err := e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "Tab", OnDemandThroughput: &model.OnDemandThroughput{MaxReadRequestUnits: i64(int64(100 + i))}})
		mustOK(t, err)
	}
	schemas := func() int {
		e.mu.RLock()
		defer e.mu.RUnlock()
		return len(e.tables["Tab"].meta.PITR.Schemas)
	}
	// at 12 h, 24 h, 36 h: the entry at 0 h is older than the one at 12 h,
	// itself at or before the cutoff (36 h - 24 h) and so kept
	if n := schemas(); n != 3 {
		t.Fatalf("%d schemas kept, want 3 (12 h, 24 h, 36 h)", n)
	}
	_, err := e.UpdateContinuousBackups(ctx, &model.UpdateContinuousBackupsInput{TableName: "Tab",
		PointInTimeRecoverySpecification: &model.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: boolp(false)}})
	mustOK(t, err)
	enablePITR(t, e, "Tab", nil)
	if n := schemas(); n != 1 {
		t.Fatalf("%d schemas after PITR off and on, want 1", n)
	}
}
