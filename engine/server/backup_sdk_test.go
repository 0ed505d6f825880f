package server_test

import (
	"context"
	"net/http/httptest"
	"reflect"
	"sort"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
	"github.com/dynoscope/dynoscope/internal/sdkhttp"
)

// newClockedSDKClient is newSDKClient over an engine on a manual clock.
func newClockedSDKClient(tb testing.TB) (*dynamodb.Client, *engine.VirtualClock) {
	tb.Helper()
	clock := engine.NewManualClock(time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC))
	eng, err := engine.Open(engine.Options{Clock: clock, DisableTTLSweeper: true})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { eng.Close() })
	ts := httptest.NewServer(server.New(eng, server.Options{}))
	tb.Cleanup(ts.Close)
	return dynamodb.New(dynamodb.Options{
		Region:       "us-east-1",
		Credentials:  credentials.NewStaticCredentialsProvider("x", "y", ""),
		BaseEndpoint: aws.String(ts.URL),
		Retryer:      aws.NopRetryer{},
		HTTPClient:   sdkhttp.Client(),
	}), clock
}

func putVersion(tb testing.TB, c *dynamodb.Client, table, pk, v string) {
	tb.Helper()
	_, err := c.PutItem(context.Background(), &dynamodb.PutItemInput{TableName: aws.String(table),
		Item: map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: pk}, "v": &types.AttributeValueMemberS{Value: v}}})
	if err != nil {
		tb.Fatalf("PutItem %s: %v", pk, err)
	}
}

// scanPKs returns the table's items as sorted "pk=v" texts.
func scanPKs(tb testing.TB, c *dynamodb.Client, table string) []string {
	tb.Helper()
	out, err := c.Scan(context.Background(), &dynamodb.ScanInput{TableName: aws.String(table)})
	if err != nil {
		tb.Fatalf("Scan %s: %v", table, err)
	}
	var got []string
	for _, it := range out.Items {
		got = append(got, it["pk"].(*types.AttributeValueMemberS).Value+"="+it["v"].(*types.AttributeValueMemberS).Value)
	}
	sort.Strings(got)
	return got
}

func TestSDKPointInTimeRestore(t *testing.T) {
	c, clock := newClockedSDKClient(t)
	ctx := context.Background()
	createTable(t, c, "Orders")
	upd, err := c.UpdateContinuousBackups(ctx, &dynamodb.UpdateContinuousBackupsInput{TableName: aws.String("Orders"),
		PointInTimeRecoverySpecification: &types.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: aws.Bool(true), RecoveryPeriodInDays: aws.Int32(7)}})
	if err != nil {
		t.Fatal(err)
	}
	p := upd.ContinuousBackupsDescription.PointInTimeRecoveryDescription
	if p.PointInTimeRecoveryStatus != types.PointInTimeRecoveryStatusEnabled || aws.ToInt32(p.RecoveryPeriodInDays) != 7 {
		t.Fatalf("PITR = %s, %d days", p.PointInTimeRecoveryStatus, aws.ToInt32(p.RecoveryPeriodInDays))
	}
	putVersion(t, c, "Orders", "a", "1")
	putVersion(t, c, "Orders", "b", "1")
	clock.Advance(time.Minute)
	noted := clock.Now()
	want := scanPKs(t, c, "Orders")
	clock.Advance(time.Minute)
	putVersion(t, c, "Orders", "a", "2")
	putVersion(t, c, "Orders", "c", "1")
	if _, err := c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("Orders"), Key: map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: "b"}}}); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Minute)
	out, err := c.RestoreTableToPointInTime(ctx, &dynamodb.RestoreTableToPointInTimeInput{SourceTableName: aws.String("Orders"),
		TargetTableName: aws.String("OrdersThen"), RestoreDateTime: aws.Time(noted)})
	if err != nil {
		t.Fatal(err)
	}
	rs := out.TableDescription.RestoreSummary
	if rs == nil || !aws.ToBool(rs.RestoreInProgress) || !rs.RestoreDateTime.Equal(noted) || aws.ToString(rs.SourceTableArn) != "arn:aws:dynamodb:us-east-1:000000000000:table/Orders" {
		t.Fatalf("RestoreSummary = %+v", rs)
	}
	waitActive(t, c, "OrdersThen")
	if got := scanPKs(t, c, "OrdersThen"); !reflect.DeepEqual(got, want) {
		t.Errorf("restored items = %v, want %v", got, want)
	}
	if got, want := scanPKs(t, c, "Orders"), []string{"a=2", "c=1"}; !reflect.DeepEqual(got, want) {
		t.Errorf("source items = %v, want %v (a restore never changes its source)", got, want)
	}
	d, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("OrdersThen")})
	if err != nil {
		t.Fatal(err)
	}
	if rs := d.Table.RestoreSummary; rs == nil || aws.ToBool(rs.RestoreInProgress) || aws.ToInt64(d.Table.ItemCount) != 2 {
		t.Errorf("DescribeTable after the restore: RestoreSummary %+v, ItemCount %d", rs, aws.ToInt64(d.Table.ItemCount))
	}

	// By ARN, at the latest restorable time.
	_, err = c.RestoreTableToPointInTime(ctx, &dynamodb.RestoreTableToPointInTimeInput{SourceTableArn: aws.String("arn:aws:dynamodb:us-east-1:000000000000:table/Orders"),
		TargetTableName: aws.String("OrdersNow"), UseLatestRestorableTime: aws.Bool(true)})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := scanPKs(t, c, "OrdersNow"), []string{"a=2", "c=1"}; !reflect.DeepEqual(got, want) {
		t.Errorf("latest restore = %v, want %v", got, want)
	}

	errs := []struct {
		name      string
		in        dynamodb.RestoreTableToPointInTimeInput
		code, msg string
	}{
		{"before the window", dynamodb.RestoreTableToPointInTimeInput{SourceTableName: aws.String("Orders"), TargetTableName: aws.String("Target1"), RestoreDateTime: aws.Time(noted.Add(-time.Hour))},
			"InvalidRestoreTimeException", "RestoreDateTime must be between EarliestRestorableDateTime and LatestRestorableDateTime"},
		{"target exists", dynamodb.RestoreTableToPointInTimeInput{SourceTableName: aws.String("Orders"), TargetTableName: aws.String("OrdersThen"), UseLatestRestorableTime: aws.Bool(true)},
			"TableAlreadyExistsException", "Table already exists: OrdersThen"},
		{"no source", dynamodb.RestoreTableToPointInTimeInput{SourceTableName: aws.String("Nope"), TargetTableName: aws.String("Target1"), UseLatestRestorableTime: aws.Bool(true)},
			"TableNotFoundException", "Table not found: Nope"},
		{"PITR off", dynamodb.RestoreTableToPointInTimeInput{SourceTableName: aws.String("OrdersThen"), TargetTableName: aws.String("Target1"), UseLatestRestorableTime: aws.Bool(true)},
			"PointInTimeRecoveryUnavailableException", "Point in time recovery is not enabled for table 'OrdersThen'"},
		{"no time", dynamodb.RestoreTableToPointInTimeInput{SourceTableName: aws.String("Orders"), TargetTableName: aws.String("Target1")},
			"ValidationException", "Either RestoreDateTime or UseLatestRestorableTime must be specified"},
	}
	for _, e := range errs {
		_, err := c.RestoreTableToPointInTime(ctx, &e.in)
		wantAPIError(t, err, e.code, e.msg)
	}
}

func TestSDKBackupAndRestore(t *testing.T) {
	c, clock := newClockedSDKClient(t)
	ctx := context.Background()
	createTable(t, c, "Orders")
	putVersion(t, c, "Orders", "a", "1")
	putVersion(t, c, "Orders", "b", "1")
	want := scanPKs(t, c, "Orders")
	cb, err := c.CreateBackup(ctx, &dynamodb.CreateBackupInput{TableName: aws.String("Orders"), BackupName: aws.String("before-change")})
	if err != nil {
		t.Fatal(err)
	}
	arn := aws.ToString(cb.BackupDetails.BackupArn)
	if cb.BackupDetails.BackupStatus != types.BackupStatusCreating || cb.BackupDetails.BackupType != types.BackupTypeUser {
		t.Errorf("CreateBackup details = %+v", cb.BackupDetails)
	}
	clock.Advance(time.Minute)
	putVersion(t, c, "Orders", "a", "2")
	putVersion(t, c, "Orders", "c", "1")

	db, err := c.DescribeBackup(ctx, &dynamodb.DescribeBackupInput{BackupArn: aws.String(arn)})
	if err != nil {
		t.Fatal(err)
	}
	if s := db.BackupDescription.SourceTableDetails; db.BackupDescription.BackupDetails.BackupStatus != types.BackupStatusAvailable || aws.ToInt64(s.ItemCount) != 2 || aws.ToString(s.TableName) != "Orders" {
		t.Errorf("DescribeBackup = %+v / %+v", db.BackupDescription.BackupDetails, s)
	}
	_, err = c.RestoreTableFromBackup(ctx, &dynamodb.RestoreTableFromBackupInput{TargetTableName: aws.String("OrdersBack"), BackupArn: aws.String(arn),
		BillingModeOverride: types.BillingModeProvisioned, ProvisionedThroughputOverride: &types.ProvisionedThroughput{ReadCapacityUnits: aws.Int64(5), WriteCapacityUnits: aws.Int64(5)}})
	if err != nil {
		t.Fatal(err)
	}
	waitActive(t, c, "OrdersBack")
	if got := scanPKs(t, c, "OrdersBack"); !reflect.DeepEqual(got, want) {
		t.Errorf("restored items = %v, want %v", got, want)
	}
	d, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("OrdersBack")})
	if err != nil {
		t.Fatal(err)
	}
	if d.Table.BillingModeSummary.BillingMode != types.BillingModeProvisioned || aws.ToInt64(d.Table.ProvisionedThroughput.ReadCapacityUnits) != 5 ||
		aws.ToString(d.Table.RestoreSummary.SourceBackupArn) != arn {
		t.Errorf("restored table = %+v, %+v, %+v", d.Table.BillingModeSummary, d.Table.ProvisionedThroughput, d.Table.RestoreSummary)
	}

	// A second backup, then list with paging and filters.
	clock.Advance(time.Minute)
	cb2, err := c.CreateBackup(ctx, &dynamodb.CreateBackupInput{TableName: aws.String("Orders"), BackupName: aws.String("after-change")})
	if err != nil {
		t.Fatal(err)
	}
	page1, err := c.ListBackups(ctx, &dynamodb.ListBackupsInput{Limit: aws.Int32(1)})
	if err != nil {
		t.Fatal(err)
	}
	if len(page1.BackupSummaries) != 1 || aws.ToString(page1.BackupSummaries[0].BackupArn) != arn || aws.ToString(page1.LastEvaluatedBackupArn) != arn {
		t.Fatalf("ListBackups page 1 = %+v, last %v", page1.BackupSummaries, aws.ToString(page1.LastEvaluatedBackupArn))
	}
	page2, err := c.ListBackups(ctx, &dynamodb.ListBackupsInput{Limit: aws.Int32(1), ExclusiveStartBackupArn: page1.LastEvaluatedBackupArn})
	if err != nil {
		t.Fatal(err)
	}
	if len(page2.BackupSummaries) != 1 || aws.ToString(page2.BackupSummaries[0].BackupArn) != aws.ToString(cb2.BackupDetails.BackupArn) || page2.LastEvaluatedBackupArn != nil {
		t.Fatalf("ListBackups page 2 = %+v, last %v", page2.BackupSummaries, aws.ToString(page2.LastEvaluatedBackupArn))
	}
	since, err := c.ListBackups(ctx, &dynamodb.ListBackupsInput{TableName: aws.String("Orders"), TimeRangeLowerBound: aws.Time(clock.Now())})
	if err != nil {
		t.Fatal(err)
	}
	if len(since.BackupSummaries) != 1 || aws.ToString(since.BackupSummaries[0].BackupName) != "after-change" {
		t.Errorf("ListBackups since the second = %+v", since.BackupSummaries)
	}
	system, err := c.ListBackups(ctx, &dynamodb.ListBackupsInput{BackupType: types.BackupTypeFilterSystem})
	if err != nil {
		t.Fatal(err)
	}
	if len(system.BackupSummaries) != 0 {
		t.Errorf("ListBackups SYSTEM = %+v, want none", system.BackupSummaries)
	}

	// The backup outlives its table.
	if _, err := c.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String("Orders")}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.DescribeBackup(ctx, &dynamodb.DescribeBackupInput{BackupArn: aws.String(arn)}); err != nil {
		t.Fatalf("DescribeBackup after DeleteTable: %v", err)
	}
	del, err := c.DeleteBackup(ctx, &dynamodb.DeleteBackupInput{BackupArn: aws.String(arn)})
	if err != nil {
		t.Fatal(err)
	}
	if del.BackupDescription.BackupDetails.BackupStatus != types.BackupStatusDeleted {
		t.Errorf("DeleteBackup status = %s", del.BackupDescription.BackupDetails.BackupStatus)
	}
	_, err = c.DescribeBackup(ctx, &dynamodb.DescribeBackupInput{BackupArn: aws.String(arn)})
	wantAPIError(t, err, "BackupNotFoundException", "Backup not found: "+arn)
	_, err = c.RestoreTableFromBackup(ctx, &dynamodb.RestoreTableFromBackupInput{TargetTableName: aws.String("Target1"), BackupArn: aws.String(arn)})
	wantAPIError(t, err, "BackupNotFoundException", "Backup not found: "+arn)
	_, err = c.CreateBackup(ctx, &dynamodb.CreateBackupInput{TableName: aws.String("Orders"), BackupName: aws.String("b")})
	wantAPIError(t, err, "ValidationException", "1 validation error detected: Value 'b' at 'backupName' failed to satisfy constraint: Member must have length greater than or equal to 3")
	_, err = c.CreateBackup(ctx, &dynamodb.CreateBackupInput{TableName: aws.String("Orders"), BackupName: aws.String("bbb")})
	wantAPIError(t, err, "TableNotFoundException", "Table not found: Orders")
	_, err = c.ListBackups(ctx, &dynamodb.ListBackupsInput{Limit: aws.Int32(101)})
	wantAPIError(t, err, "ValidationException", "1 validation error detected: Value '101' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 100")
}
