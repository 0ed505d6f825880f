package engine

// Export of a million ~300-byte items to the S3 stand-in, and an import of
// that export into a new table (issue 26 §5): one setup (a bulk load, then
// PITR on), then each timed as DynamoDB's clients see them, from the
// request to the job's end.
//
//	go test ./engine/ -run '^$' -bench 'ExportImport' -benchtime 1x -count 3 -timeout 30m

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

func BenchmarkExportImport(b *testing.B) {
	if testing.Short() {
		b.Skip("skipped under -short")
	}
	n := benchN()
	e, err := Open(Options{DisableTTLSweeper: true, S3Dir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	ctx := context.Background()
	createBenchTable(b, e, "src")
	ld := e.BeginLoad()
	for i := 0; i < n; i += 10_000 {
		reqs := make([]model.WriteRequest, 0, 10_000)
		for j := i; j < i+10_000; j++ {
			reqs = append(reqs, model.WriteRequest{PutRequest: &model.PutRequest{Item: benchItem(j, n/benchPartition)}})
		}
		if err := ld.Write(ctx, "src", reqs); err != nil {
			b.Fatal(err)
		}
	}
	if err := ld.Commit(ctx); err != nil {
		b.Fatal(err)
	}
	on := true
	if _, err := e.UpdateContinuousBackups(ctx, &model.UpdateContinuousBackupsInput{TableName: "src",
		PointInTimeRecoverySpecification: &model.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: &on}}); err != nil {
		b.Fatal(err)
	}
	arn := e.tables["src"].meta.Desc.TableArn
	var manifest string
	var bytes int64
	b.Run(fmt.Sprintf("export/items=%d", n), func(b *testing.B) {
		cpu := processCPU()
		for i := 0; b.Loop(); i++ {
			bucket := fmt.Sprintf("bench-%d", i)
			out, err := e.ExportTableToPointInTime(ctx, &model.ExportTableToPointInTimeInput{TableArn: &arn, S3Bucket: &bucket})
			if err != nil {
				b.Fatal(err)
			}
			e.WaitJobs()
			d, _ := e.DescribeExport(ctx, &model.DescribeExportInput{ExportArn: &out.ExportDescription.ExportArn})
			x := d.ExportDescription
			if x.ExportStatus != statusCompleted || *x.ItemCount != int64(n) {
				b.Fatalf("export %s %s", x.ExportStatus, x.FailureMessage)
			}
			manifest, bytes = bucket+"/"+x.ExportManifest, *x.BilledSizeBytes
		}
		b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "items/s")
		b.ReportMetric(float64(bytes)/(1<<20), "table-MB")
		b.ReportMetric((processCPU()-cpu).Seconds()/float64(b.N), "cpu-s/op")
	})
	if manifest == "" {
		return
	}
	bucket, key := manifest[:len("bench-0")], manifest[len("bench-0/"):]
	prefix := key[:len(key)-len("manifest-summary.json")] + "data/"
	b.Run(fmt.Sprintf("import/items=%d", n), func(b *testing.B) {
		cpu := processCPU()
		for i := 0; b.Loop(); i++ {
			name := fmt.Sprintf("copy%d", i)
			format, gz := "DYNAMODB_JSON", "GZIP"
			out, err := e.ImportTable(ctx, &model.ImportTableInput{
				S3BucketSource: &model.S3BucketSource{S3Bucket: bucket, S3KeyPrefix: prefix},
				InputFormat:    &format, InputCompressionType: &gz,
				TableCreationParameters: &model.TableCreationParameters{TableName: name,
					AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}, {AttributeName: "sk", AttributeType: "N"}},
					KeySchema:            []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}, {AttributeName: "sk", KeyType: "RANGE"}},
					BillingMode:          "PAY_PER_REQUEST"},
			})
			if err != nil {
				b.Fatal(err)
			}
			e.WaitJobs()
			d, _ := e.DescribeImport(ctx, &model.DescribeImportInput{ImportArn: &out.ImportTableDescription.ImportArn})
			if x := d.ImportTableDescription; x.ImportStatus != statusCompleted || x.ImportedItemCount != int64(n) {
				b.Fatalf("import %s %d %s", x.ImportStatus, x.ImportedItemCount, x.FailureMessage)
			}
		}
		b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "items/s")
		b.ReportMetric((processCPU()-cpu).Seconds()/float64(b.N), "cpu-s/op")
	})
}

// benchN is the benchmark's item count: 1,000,000, or DYNOSCOPE_BENCH_N.
func benchN() int {
	if v, err := strconv.Atoi(os.Getenv("DYNOSCOPE_BENCH_N")); err == nil && v > 0 {
		return v
	}
	return 1_000_000
}
