package server_test

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/export"
	"github.com/dynoscope/dynoscope/model"
)

// exportEnv is a transfer environment on a manual clock with a table
// "Music" (pk, sk; a GSI) with PITR on.
func exportEnv(t *testing.T) (*transferEnv, *engine.VirtualClock, string) {
	t.Helper()
	clock := engine.NewManualClock(time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC))
	env := newTransferEnvClock(t, clock)
	ctx := context.Background()
	out, err := env.c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String("Music"),
		AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS), keyDef("sk", types.ScalarAttributeTypeN), keyDef("genre", types.ScalarAttributeTypeS)},
		KeySchema:            []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash), keyElem("sk", types.KeyTypeRange)},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: aws.String("ByGenre"),
			KeySchema: []types.KeySchemaElement{keyElem("genre", types.KeyTypeHash)}, Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}},
		BillingMode: types.BillingModePayPerRequest,
	})
	if err != nil {
		t.Fatal(apiCode(err))
	}
	waitActive(t, env.c, "Music")
	on := true
	if _, err := env.eng.UpdateContinuousBackups(ctx, &model.UpdateContinuousBackupsInput{TableName: "Music",
		PointInTimeRecoverySpecification: &model.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: &on}}); err != nil {
		t.Fatal(err)
	}
	return env, clock, aws.ToString(out.TableDescription.TableArn)
}

func putSong(t *testing.T, c *dynamodb.Client, pk string, sk int, genre, title string) {
	t.Helper()
	item := map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: pk}, "sk": &types.AttributeValueMemberN{Value: fmt.Sprint(sk)},
		"title": &types.AttributeValueMemberS{Value: title}, "tags": &types.AttributeValueMemberSS{Value: []string{"x", "y"}},
		"raw": &types.AttributeValueMemberB{Value: []byte{0, 1, 2, byte(sk)}},
	}
	if genre != "" {
		item["genre"] = &types.AttributeValueMemberS{Value: genre}
	}
	if _, err := c.PutItem(context.Background(), &dynamodb.PutItemInput{TableName: aws.String("Music"), Item: item}); err != nil {
		t.Fatal(apiCode(err))
	}
}

// exportAndWait starts an export and returns its final description.
func (env *transferEnv) exportAndWait(t *testing.T, in *dynamodb.ExportTableToPointInTimeInput) *types.ExportDescription {
	t.Helper()
	ctx := context.Background()
	out, err := env.c.ExportTableToPointInTime(ctx, in)
	if err != nil {
		t.Fatalf("ExportTableToPointInTime: %s", apiCode(err))
	}
	if out.ExportDescription.ExportStatus != types.ExportStatusInProgress {
		t.Fatalf("export answered %s", out.ExportDescription.ExportStatus)
	}
	env.eng.WaitJobs()
	d, err := env.c.DescribeExport(ctx, &dynamodb.DescribeExportInput{ExportArn: out.ExportDescription.ExportArn})
	if err != nil {
		t.Fatal(apiCode(err))
	}
	return d.ExportDescription
}

func TestExportFullLayoutThenImportSameItems(t *testing.T) {
	env, clock, arn := exportEnv(t)
	for i := 0; i < 30; i++ {
		putSong(t, env.c, fmt.Sprintf("artist%d", i%7), i, []string{"rock", "jazz", ""}[i%3], fmt.Sprintf("Song, \"%d\"", i))
	}
	clock.Advance(time.Minute)
	before := scanJSON(t, env.eng, "Music")
	at := clock.Now()
	clock.Advance(time.Minute)
	putSong(t, env.c, "late", 1, "rock", "written after the export time")
	d := env.exportAndWait(t, &dynamodb.ExportTableToPointInTimeInput{
		TableArn: aws.String(arn), S3Bucket: aws.String("exports"), S3Prefix: aws.String("nightly"), ExportTime: aws.Time(at),
	})
	if d.ExportStatus != types.ExportStatusCompleted || aws.ToInt64(d.ItemCount) != 30 || d.ExportFormat != types.ExportFormatDynamodbJson ||
		d.ExportType != types.ExportTypeFullExport || !aws.ToTime(d.ExportTime).Equal(at) || aws.ToInt64(d.BilledSizeBytes) == 0 {
		t.Fatalf("export: %s items %d format %s type %s time %v failure %s", d.ExportStatus, aws.ToInt64(d.ItemCount), d.ExportFormat, d.ExportType, aws.ToTime(d.ExportTime), aws.ToString(d.FailureMessage))
	}
	id := strings.TrimPrefix(aws.ToString(d.ExportArn), arn+"/export/")
	root := "nightly/AWSDynamoDB/" + id + "/"
	if aws.ToString(d.ExportManifest) != root+"manifest-summary.json" {
		t.Fatalf("ExportManifest %s", aws.ToString(d.ExportManifest))
	}
	objs, err := env.s3.List("exports", root)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, o := range objs {
		k := strings.TrimPrefix(o.Key, root)
		if strings.HasPrefix(k, "data/") {
			if !strings.HasSuffix(k, ".json.gz") || len(k) != len("data/")+26+len(".json.gz") {
				t.Fatalf("data file %s", k)
			}
			k = "data/*.json.gz"
		}
		names = append(names, k)
	}
	if got := strings.Join(names, " "); got != "_started data/*.json.gz manifest-files.checksum manifest-files.json manifest-summary.checksum manifest-summary.json" {
		t.Fatalf("export layout: %s", got)
	}
	// The manifests, read as a reader of AWS's exports reads them.
	x, err := export.Open(export.NewBucket(env.s3, "exports"), root+"manifest-summary.json")
	if err != nil {
		t.Fatal(err)
	}
	s := x.Summary
	if s.Version != "2020-06-30" || s.ExportArn != aws.ToString(d.ExportArn) || s.TableArn != arn || s.S3Bucket != "exports" || aws.ToString(s.S3Prefix) != "nightly" ||
		s.ItemCount != 30 || s.OutputFormat != "DYNAMODB_JSON" || s.ExportTime != "2026-11-27T12:01:00.000Z" || s.BilledSizeBytes != aws.ToInt64(d.BilledSizeBytes) {
		t.Fatalf("summary %+v", s)
	}
	var exported []string
	if err := x.Items(func(_ export.Position, it model.Item) error {
		exported = append(exported, string(model.AppendItemJSON(nil, it)))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(exported) != 30 {
		t.Fatalf("%d items exported", len(exported))
	}
	// Import the export's data files: the same items, byte for byte.
	p := &types.TableCreationParameters{
		TableName:            aws.String("MusicCopy"),
		AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS), keyDef("sk", types.ScalarAttributeTypeN), keyDef("genre", types.ScalarAttributeTypeS)},
		KeySchema:            []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash), keyElem("sk", types.KeyTypeRange)},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: aws.String("ByGenre"),
			KeySchema: []types.KeySchemaElement{keyElem("genre", types.KeyTypeHash)}, Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}},
		BillingMode: types.BillingModePayPerRequest,
	}
	im := env.importAndWait(t, &dynamodb.ImportTableInput{
		S3BucketSource: &types.S3BucketSource{S3Bucket: aws.String("exports"), S3KeyPrefix: aws.String(root + "data/")},
		InputFormat:    types.InputFormatDynamodbJson, InputCompressionType: types.InputCompressionTypeGzip,
		TableCreationParameters: p,
	})
	if im.ImportStatus != types.ImportStatusCompleted || im.ImportedItemCount != 30 {
		t.Fatalf("import of the export: %s %d %s", im.ImportStatus, im.ImportedItemCount, aws.ToString(im.FailureMessage))
	}
	if got := scanJSON(t, env.eng, "MusicCopy"); got != before {
		t.Fatalf("imported items differ from the table at the export time:\n%s\nwant\n%s", got, before)
	}
	dt, _ := env.c.DescribeTable(context.Background(), &dynamodb.DescribeTableInput{TableName: aws.String("MusicCopy")})
	if n := aws.ToInt64(dt.Table.GlobalSecondaryIndexes[0].ItemCount); n != 20 {
		t.Fatalf("ByGenre holds %d items, want 20", n)
	}
	list, err := env.c.ListExports(context.Background(), &dynamodb.ListExportsInput{TableArn: aws.String(arn)})
	if err != nil || len(list.ExportSummaries) != 1 || list.ExportSummaries[0].ExportStatus != types.ExportStatusCompleted {
		t.Fatalf("ListExports: %v %v", list, err)
	}
}

func TestExportIncremental(t *testing.T) {
	env, clock, arn := exportEnv(t)
	ctx := context.Background()
	putSong(t, env.c, "a", 1, "rock", "v1")
	putSong(t, env.c, "gone", 1, "", "deleted later")
	clock.Advance(time.Minute)
	from := clock.Now()
	clock.Advance(time.Minute)
	putSong(t, env.c, "a", 1, "rock", "v2")
	putSong(t, env.c, "new", 1, "jazz", "new")
	putSong(t, env.c, "temp", 1, "", "inserted and deleted")
	if _, err := env.c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("Music"), Key: map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "temp"}, "sk": &types.AttributeValueMemberN{Value: "1"}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := env.c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("Music"), Key: map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "gone"}, "sk": &types.AttributeValueMemberN{Value: "1"}}}); err != nil {
		t.Fatal(err)
	}
	clock.Advance(20 * time.Minute)
	to := clock.Now()
	in := &dynamodb.ExportTableToPointInTimeInput{TableArn: aws.String(arn), S3Bucket: aws.String("exports"), ExportType: types.ExportTypeIncrementalExport,
		IncrementalExportSpecification: &types.IncrementalExportSpecification{ExportFromTime: aws.Time(from), ExportToTime: aws.Time(to)}}
	d := env.exportAndWait(t, in)
	if d.ExportStatus != types.ExportStatusCompleted || aws.ToInt64(d.ItemCount) != 3 || d.ExportType != types.ExportTypeIncrementalExport ||
		d.IncrementalExportSpecification.ExportViewType != types.ExportViewTypeNewAndOldImages {
		t.Fatalf("incremental export: %s %d %s", d.ExportStatus, aws.ToInt64(d.ItemCount), aws.ToString(d.FailureMessage))
	}
	x, err := export.Open(export.NewBucket(env.s3, "exports"), aws.ToString(d.ExportManifest))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(x.Files[0].DataFileS3Key, "AWSDynamoDB/data/") || x.Summary.ExportType != "INCREMENTAL_EXPORT" || x.Summary.OutputView != "NEW_AND_OLD_IMAGES" {
		t.Fatalf("incremental layout: %s %+v", x.Files[0].DataFileS3Key, x.Summary)
	}
	got := map[string]string{}
	if err := x.Changes(func(_ export.Position, c *export.Change) error {
		old, nw := "-", "-"
		if c.OldImage != nil {
			old = c.OldImage["title"].S
		}
		if c.NewImage != nil {
			nw = c.NewImage["title"].S
		}
		got[c.Keys["pk"].S] = old + " -> " + nw
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != "map[a:v1 -> v2 gone:deleted later -> - new:- -> new]" {
		t.Fatalf("changes %v", got)
	}
	// Too short a window, and outside the recovery window.
	in.IncrementalExportSpecification.ExportToTime = aws.Time(from.Add(time.Minute))
	if _, err := env.c.ExportTableToPointInTime(ctx, in); err == nil || !strings.HasPrefix(apiCode(err), "ValidationException: The incremental export period must be at least 15 minutes") {
		t.Fatalf("a 1-minute window: %v", err)
	}
	_, err = env.c.ExportTableToPointInTime(ctx, &dynamodb.ExportTableToPointInTimeInput{TableArn: aws.String(arn), S3Bucket: aws.String("exports"), ExportTime: aws.Time(from.Add(-time.Hour))})
	if err == nil || !strings.HasPrefix(apiCode(err), "InvalidExportTimeException") {
		t.Fatalf("an export time before PITR: %v", err)
	}
}

func TestExportRefusals(t *testing.T) {
	env, _, arn := exportEnv(t)
	ctx := context.Background()
	createTable(t, env.c, "NoPITR")
	for _, c := range []struct {
		in   *dynamodb.ExportTableToPointInTimeInput
		want string
	}{
		{&dynamodb.ExportTableToPointInTimeInput{TableArn: aws.String(strings.Replace(arn, "Music", "NoPITR", 1)), S3Bucket: aws.String("exports")},
			"PointInTimeRecoveryUnavailableException: Point in time recovery is not enabled for table 'NoPITR'"},
		{&dynamodb.ExportTableToPointInTimeInput{TableArn: aws.String(strings.Replace(arn, "Music", "Nothing", 1)), S3Bucket: aws.String("exports")},
			"TableNotFoundException: Table not found: " + strings.Replace(arn, "Music", "Nothing", 1)},
		{&dynamodb.ExportTableToPointInTimeInput{TableArn: aws.String(arn), S3Bucket: aws.String("exports"), ExportFormat: types.ExportFormatIon},
			"ValidationException: dynoscope does not export Amazon Ion (ION): no maintained Go library writes it. Export DYNAMODB_JSON"},
		{&dynamodb.ExportTableToPointInTimeInput{TableArn: aws.String(arn), S3Bucket: aws.String("../up")},
			`ValidationException: bucket name "../up": only lower-case letters, digits, dots and hyphens are allowed`},
	} {
		_, err := env.c.ExportTableToPointInTime(ctx, c.in)
		if err == nil || apiCode(err) != c.want {
			t.Errorf("export: %v\nwant %s", err, c.want)
		}
	}
	_, err := env.c.DescribeExport(ctx, &dynamodb.DescribeExportInput{ExportArn: aws.String(arn + "/export/01234567890123-abcdef01")})
	if err == nil || !strings.HasPrefix(apiCode(err), "ExportNotFoundException") {
		t.Fatalf("DescribeExport of nothing: %v", err)
	}
	_ = io.EOF
}
