package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine/s3dir"
	"github.com/dynoscope/dynoscope/model"
)

// TestCrashDuringImport cuts the workspace file at sampled offsets of an
// ImportTable of 5,000 items (three transactions of items, then the
// commit): each cut opens with no drift, and either without the table (the
// import reads FAILED, or was never recorded) or with all of it (the
// import reads COMPLETED): never half a table.
func TestCrashDuringImport(t *testing.T) {
	dir := memDir(t)
	s3 := filepath.Join(dir, "s3")
	st, err := s3dir.Open(s3)
	mustOK(t, err)
	var lines strings.Builder
	const n = 5000
	for i := 0; i < n; i++ {
		fmt.Fprintf(&lines, `{"Item":{"pk":{"S":"k%05d"},"v":{"S":"%s"}}}`+"\n", i, strings.Repeat("x", 100))
	}
	mustOK(t, st.Put("src", "data/items.json", []byte(lines.String())))
	st.Close()
	path := filepath.Join(dir, "w.db")
	e, err := Open(Options{Path: path, Sync: SyncNever, Clock: NewManualClock(testStart), DisableTTLSweeper: true, S3Dir: s3})
	mustOK(t, err)
	from := e.store.file.Size()
	format := "DYNAMODB_JSON"
	out, err := e.ImportTable(ctx, &model.ImportTableInput{
		S3BucketSource: &model.S3BucketSource{S3Bucket: "src", S3KeyPrefix: "data/"}, InputFormat: &format,
		TableCreationParameters: &model.TableCreationParameters{TableName: "Imported",
			AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}},
			KeySchema:            []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}}, BillingMode: "PAY_PER_REQUEST"},
	})
	mustOK(t, err)
	arn := out.ImportTableDescription.ImportArn
	e.WaitJobs()
	mustOK(t, e.Close())
	data, err := os.ReadFile(path)
	mustOK(t, err)
	to := int64(len(data))
	cut := filepath.Join(dir, "cut.db")
	step := max((to-from)/40, 1)
	seen := map[string]int{}
	for c := from + 1; c <= to; c += step {
		mustOK(t, os.WriteFile(cut, data[:c], 0o644))
		e, err := Open(Options{Path: cut, Sync: SyncNever, Clock: NewManualClock(testStart), DisableTTLSweeper: true, S3Dir: s3})
		if err != nil {
			t.Fatalf("cut at %d of [%d, %d): %v", c, from, to, err)
		}
		mustVerify(t, e)
		items := int64(-1)
		if tb := e.tables["Imported"]; tb != nil {
			items = tb.stats.items.Load()
		}
		status := "none"
		if d, err := e.DescribeImport(ctx, &model.DescribeImportInput{ImportArn: &arn}); err == nil {
			status = d.ImportTableDescription.ImportStatus
		}
		switch {
		case items == -1 && (status == "none" || status == statusFailed):
		case items == n && status == statusCompleted:
		default:
			t.Fatalf("cut at %d of [%d, %d): table with %d items, import %s", c, from, to, items, status)
		}
		seen[status]++
		e.Close()
	}
	if seen[statusFailed] == 0 || seen[statusCompleted] == 0 {
		t.Fatalf("the cuts did not meet both ends: %v", seen)
	}
}

// TestCrashDuringExport: an export interrupted (the process killed while
// it runs: the workspace file ends anywhere after its first record) reads
// FAILED when the workspace opens again, with no drift and the table as it
// was; the whole file reads COMPLETED.
func TestCrashDuringExport(t *testing.T) {
	dir := memDir(t)
	path := filepath.Join(dir, "w.db")
	clock := NewManualClock(testStart)
	e, err := Open(Options{Path: path, Sync: SyncNever, Clock: clock, DisableTTLSweeper: true, S3Dir: filepath.Join(dir, "s3")})
	mustOK(t, err)
	createSimple(t, e, "tbl", "", "")
	on := true
	_, err = e.UpdateContinuousBackups(ctx, &model.UpdateContinuousBackupsInput{TableName: "tbl", PointInTimeRecoverySpecification: &model.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: &on}})
	mustOK(t, err)
	for _, req := range putReqs(0, 50, nil) {
		_, err := e.PutItem(ctx, &model.PutItemInput{TableName: "tbl", Item: req.PutRequest.Item})
		mustOK(t, err)
	}
	size := e.store.file.Size()
	arn := e.tables["tbl"].meta.Desc.TableArn
	bucket := "exports"
	out, err := e.ExportTableToPointInTime(ctx, &model.ExportTableToPointInTimeInput{TableArn: &arn, S3Bucket: &bucket})
	mustOK(t, err)
	e.WaitJobs()
	mustOK(t, e.Close())
	data, err := os.ReadFile(path)
	mustOK(t, err)
	seen := map[string]int{}
	for end := size + 1; end <= int64(len(data)); end += max((int64(len(data))-size)/20, 1) {
		mustOK(t, os.WriteFile(path, data[:end], 0o644))
		e2, err := Open(Options{Path: path, Sync: SyncNever, Clock: clock, DisableTTLSweeper: true})
		mustOK(t, err)
		mustVerify(t, e2)
		if n := e2.tables["tbl"].stats.items.Load(); n != 50 {
			t.Fatalf("cut at %d: the table holds %d items", end, n)
		}
		status := "none"
		if d, err := e2.DescribeExport(ctx, &model.DescribeExportInput{ExportArn: &out.ExportDescription.ExportArn}); err == nil {
			status = d.ExportDescription.ExportStatus
		}
		if status == statusInProgress {
			t.Fatalf("cut at %d: an interrupted export reads IN_PROGRESS", end)
		}
		seen[status]++
		e2.Close()
	}
	mustOK(t, os.WriteFile(path, data, 0o644))
	e3, err := Open(Options{Path: path, Sync: SyncNever, Clock: clock, DisableTTLSweeper: true})
	mustOK(t, err)
	defer e3.Close()
	d, err := e3.DescribeExport(ctx, &model.DescribeExportInput{ExportArn: &out.ExportDescription.ExportArn})
	mustOK(t, err)
	if d.ExportDescription.ExportStatus != statusCompleted || seen[statusFailed] == 0 {
		t.Fatalf("whole file: %s; cuts %v", d.ExportDescription.ExportStatus, seen)
	}
}
