package engine

import (
	"reflect"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// TestRestoreKeepsOrDropsIndexes restores a table with a GSI and an LSI
// from a backup three ways (indexes kept, the GSI dropped by an empty
// override, billing switched to provisioned) and checks the items, the
// indexes' entries and that nothing drifted.
func TestRestoreKeepsOrDropsIndexes(t *testing.T) {
	e, clock := newTestEngine(t)
	in := &model.CreateTableInput{TableName: "Src", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}, {AttributeName: "sk", AttributeType: "S"},
			{AttributeName: "g", AttributeType: "S"}, {AttributeName: "l", AttributeType: "S"}},
		KeySchema: []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}, {AttributeName: "sk", KeyType: "RANGE"}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "ByG", KeySchema: []model.KeySchemaElement{{AttributeName: "g", KeyType: "HASH"}},
			Projection: model.Projection{ProjectionType: "ALL"}}},
		LocalSecondaryIndexes: []model.LocalSecondaryIndex{{IndexName: "ByL", KeySchema: []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}, {AttributeName: "l", KeyType: "RANGE"}},
			Projection: model.Projection{ProjectionType: "KEYS_ONLY"}}}}
	_, err := e.CreateTable(ctx, in)
	mustOK(t, err)
	for i, pk := range []string{"a", "b", "c"} {
		it := row(pk, "1", "v")
		it["g"] = sv("G")
		if i != 1 {
			it["l"] = sv("L" + pk)
		}
		put(t, e, "Src", it)
	}
	b, err := e.CreateBackup(ctx, &model.CreateBackupInput{TableName: "Src", BackupName: "snap1"})
	mustOK(t, err)
	clock.Advance(time.Second)
	arn := b.BackupDetails.BackupArn
	cases := []struct {
		name       string
		in         model.RestoreTableFromBackupInput
		gsis, lsis int
		billing    string
	}{
		{"kept", model.RestoreTableFromBackupInput{TargetTableName: "Kept", BackupArn: arn}, 1, 1, model.BillingPayPerRequest},
		{"GSI dropped", model.RestoreTableFromBackupInput{TargetTableName: "NoGSI", BackupArn: arn, GlobalSecondaryIndexOverride: []model.GlobalSecondaryIndex{}}, 0, 1, model.BillingPayPerRequest},
		{"provisioned", model.RestoreTableFromBackupInput{TargetTableName: "Prov", BackupArn: arn, BillingModeOverride: model.BillingProvisioned,
			ProvisionedThroughputOverride: &model.ProvisionedThroughput{ReadCapacityUnits: i64(3), WriteCapacityUnits: i64(4)}}, 1, 1, model.BillingProvisioned},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := e.RestoreTableFromBackup(ctx, &c.in)
			mustOK(t, err)
			if out.TableDescription.TableStatus != model.StatusCreating || !out.TableDescription.RestoreSummary.RestoreInProgress {
				t.Errorf("answer: %s, %+v", out.TableDescription.TableStatus, out.TableDescription.RestoreSummary)
			}
			d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: c.in.TargetTableName})
			mustOK(t, err)
			if len(d.Table.GlobalSecondaryIndexes) != c.gsis || len(d.Table.LocalSecondaryIndexes) != c.lsis || d.Table.BillingModeSummary.BillingMode != c.billing {
				t.Fatalf("restored table: %d GSIs, %d LSIs, %s", len(d.Table.GlobalSecondaryIndexes), len(d.Table.LocalSecondaryIndexes), d.Table.BillingModeSummary.BillingMode)
			}
			if d.Table.StreamSpecification != nil || d.Table.RestoreSummary.RestoreInProgress || d.Table.RestoreSummary.SourceBackupArn != arn {
				t.Errorf("restored table: stream %+v, summary %+v", d.Table.StreamSpecification, d.Table.RestoreSummary)
			}
			if got, want := scanTexts(t, e, c.in.TargetTableName), scanTexts(t, e, "Src"); !reflect.DeepEqual(got, want) {
				t.Errorf("items = %v, want %v", got, want)
			}
			if c.gsis == 1 {
				q, err := e.Query(ctx, &model.QueryInput{TableName: c.in.TargetTableName, IndexName: "ByG", KeyConditionExpression: "g = :g",
					ExpressionAttributeValues: map[string]model.AttributeValue{":g": sv("G")}})
				mustOK(t, err)
				if len(q.Items) != 3 {
					t.Errorf("GSI query: %d items, want 3", len(q.Items))
				}
			}
			q, err := e.Query(ctx, &model.QueryInput{TableName: c.in.TargetTableName, IndexName: "ByL", KeyConditionExpression: "pk = :p",
				ExpressionAttributeValues: map[string]model.AttributeValue{":p": sv("a")}})
			mustOK(t, err)
			if len(q.Items) != 1 {
				t.Errorf("LSI query: %d items, want 1", len(q.Items))
			}
		})
	}
	rep, err := e.Verify()
	mustOK(t, err)
	if !rep.OK() {
		t.Errorf("drift: %s", rep.Summary())
	}
}

// TestDeletingAPITRTableKeepsASystemBackup deletes a table with PITR on:
// a SYSTEM backup named <table>$DeletedTableBackup is kept for 35 days,
// restorable, then gone.
func TestDeletingAPITRTableKeepsASystemBackup(t *testing.T) {
	e, clock := newTestEngine(t)
	createSimple(t, e, "Orders", "sk", "S")
	enablePITR(t, e, "Orders", nil)
	put(t, e, "Orders", row("a", "1", "v"))
	want := scanTexts(t, e, "Orders")
	_, err := e.DeleteTable(ctx, &model.DeleteTableInput{TableName: "Orders"})
	mustOK(t, err)
	list, err := e.ListBackups(ctx, &model.ListBackupsInput{BackupType: model.BackupTypeSystem})
	mustOK(t, err)
	if len(list.BackupSummaries) != 1 {
		t.Fatalf("SYSTEM backups = %+v, want 1", list.BackupSummaries)
	}
	s := list.BackupSummaries[0]
	if s.BackupName != "Orders$DeletedTableBackup" || s.BackupType != model.BackupTypeSystem || s.BackupExpiryDateTime == nil ||
		*s.BackupExpiryDateTime != epoch(clock.Now().Add(35*24*time.Hour)) {
		t.Errorf("system backup = %+v", s)
	}
	if user, _ := e.ListBackups(ctx, &model.ListBackupsInput{}); len(user.BackupSummaries) != 0 {
		t.Errorf("USER backups (the default filter) = %+v, want none", user.BackupSummaries)
	}
	_, err = e.RestoreTableFromBackup(ctx, &model.RestoreTableFromBackupInput{TargetTableName: "Orders", BackupArn: s.BackupArn})
	mustOK(t, err)
	if got := scanTexts(t, e, "Orders"); !reflect.DeepEqual(got, want) {
		t.Errorf("restored = %v, want %v", got, want)
	}
	clock.Advance(35*24*time.Hour + time.Second)
	_, err = e.DescribeBackup(ctx, &model.DescribeBackupInput{BackupArn: s.BackupArn})
	wantError(t, err, model.ErrBackupNotFound, "Backup not found: "+s.BackupArn)
	all, err := e.ListBackups(ctx, &model.ListBackupsInput{BackupType: model.BackupTypeAll})
	mustOK(t, err)
	if len(all.BackupSummaries) != 0 {
		t.Errorf("backups after 35 days = %+v, want none", all.BackupSummaries)
	}
}
