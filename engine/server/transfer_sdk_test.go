package server_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	"github.com/klauspost/compress/zstd"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/s3dir"
	"github.com/dynoscope/dynoscope/engine/server"
	"github.com/dynoscope/dynoscope/internal/sdkhttp"
	"github.com/dynoscope/dynoscope/model"
)

// transferEnv is an engine with an S3 folder, served, with an SDK client.
type transferEnv struct {
	eng   *engine.Engine
	c     *dynamodb.Client
	s3    *s3dir.Store
	s3dir string
}

func newTransferEnv(t *testing.T) *transferEnv {
	return newTransferEnvClock(t, nil)
}

func newTransferEnvClock(t *testing.T, clock engine.Clock) *transferEnv {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "s3")
	eng, err := engine.Open(engine.Options{S3Dir: dir, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	ts := newTestServer(t, eng)
	st, err := s3dir.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	c := dynamodb.New(dynamodb.Options{
		Region: "us-east-1", Credentials: credentials.NewStaticCredentialsProvider("x", "y", ""),
		BaseEndpoint: aws.String(ts), Retryer: aws.NopRetryer{}, HTTPClient: sdkhttp.Client(),
	})
	return &transferEnv{eng: eng, c: c, s3: st, s3dir: dir}
}

func newTestServer(t *testing.T, eng *engine.Engine) string {
	ts := httptest.NewServer(server.New(eng, server.Options{}))
	t.Cleanup(ts.Close)
	return ts.URL
}

func put(t *testing.T, st *s3dir.Store, bucket, key string, data []byte) {
	t.Helper()
	if err := st.Put(bucket, key, data); err != nil {
		t.Fatal(err)
	}
}

func gz(s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.Bytes()
}

func zst(s string) []byte {
	w, _ := zstd.NewWriter(nil)
	return w.EncodeAll([]byte(s), nil)
}

func apiCode(err error) string {
	var ae smithy.APIError
	if errors.As(err, &ae) {
		return ae.ErrorCode() + ": " + ae.ErrorMessage()
	}
	return err.Error()
}

// importAndWait runs an ImportTable and returns its final description.
func (env *transferEnv) importAndWait(t *testing.T, in *dynamodb.ImportTableInput) *types.ImportTableDescription {
	t.Helper()
	ctx := context.Background()
	out, err := env.c.ImportTable(ctx, in)
	if err != nil {
		t.Fatalf("ImportTable: %s", apiCode(err))
	}
	if out.ImportTableDescription.ImportStatus != types.ImportStatusInProgress {
		t.Fatalf("ImportTable answered %s, want IN_PROGRESS", out.ImportTableDescription.ImportStatus)
	}
	env.eng.WaitJobs()
	d, err := env.c.DescribeImport(ctx, &dynamodb.DescribeImportInput{ImportArn: out.ImportTableDescription.ImportArn})
	if err != nil {
		t.Fatal(apiCode(err))
	}
	return d.ImportTableDescription
}

func tableParams(name string, gsi bool) *types.TableCreationParameters {
	p := &types.TableCreationParameters{
		TableName:            aws.String(name),
		AttributeDefinitions: []types.AttributeDefinition{keyDef("id", types.ScalarAttributeTypeN)},
		KeySchema:            []types.KeySchemaElement{keyElem("id", types.KeyTypeHash)},
		BillingMode:          types.BillingModePayPerRequest,
	}
	if gsi {
		p.AttributeDefinitions = append(p.AttributeDefinitions, keyDef("city", types.ScalarAttributeTypeS))
		p.GlobalSecondaryIndexes = []types.GlobalSecondaryIndex{{
			IndexName: aws.String("ByCity"), KeySchema: []types.KeySchemaElement{keyElem("city", types.KeyTypeHash)},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
		}}
	}
	return p
}

// scanJSON returns a table's items as DynamoDB JSON lines, sorted.
func scanJSON(t *testing.T, eng *engine.Engine, table string) string {
	t.Helper()
	out, err := eng.Scan(context.Background(), &model.ScanInput{TableName: table})
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, it := range out.Items {
		lines = append(lines, string(model.AppendItemJSON(nil, it)))
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func TestImportTableCSVQuotedComma(t *testing.T) {
	env := newTransferEnv(t)
	put(t, env.s3, "imports", "people/part-1.csv", []byte("id,name,city\n1,\"Smith, John\",\"Paris \"\"Left\"\" Bank\"\n2,Ann,Oslo\n"))
	d := env.importAndWait(t, &dynamodb.ImportTableInput{
		S3BucketSource:          &types.S3BucketSource{S3Bucket: aws.String("imports"), S3KeyPrefix: aws.String("people/")},
		InputFormat:             types.InputFormatCsv,
		TableCreationParameters: tableParams("People", true),
	})
	if d.ImportStatus != types.ImportStatusCompleted || d.ImportedItemCount != 2 || d.ProcessedItemCount != 2 || d.ErrorCount != 0 || d.InputCompressionType != types.InputCompressionTypeNone {
		t.Fatalf("import %s: imported %d processed %d errors %d %s %s", d.ImportStatus, d.ImportedItemCount, d.ProcessedItemCount, d.ErrorCount, aws.ToString(d.FailureCode), aws.ToString(d.FailureMessage))
	}
	want := `{"city":{"S":"Oslo"},"id":{"N":"2"},"name":{"S":"Ann"}}` + "\n" + `{"city":{"S":"Paris \"Left\" Bank"},"id":{"N":"1"},"name":{"S":"Smith, John"}}`
	if got := scanJSON(t, env.eng, "People"); got != want {
		t.Fatalf("items:\n%s\nwant\n%s", got, want)
	}
	q, err := env.c.Query(context.Background(), &dynamodb.QueryInput{
		TableName: aws.String("People"), IndexName: aws.String("ByCity"), KeyConditionExpression: aws.String("city = :c"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":c": &types.AttributeValueMemberS{Value: "Oslo"}},
	})
	if err != nil || q.Count != 1 {
		t.Fatalf("the GSI after an import: %v %v", q, err)
	}
	// A header list and another delimiter.
	put(t, env.s3, "imports", "tabs/a.tsv", []byte("3\tZoe\tRome\n"))
	d = env.importAndWait(t, &dynamodb.ImportTableInput{
		S3BucketSource: &types.S3BucketSource{S3Bucket: aws.String("imports"), S3KeyPrefix: aws.String("tabs/")},
		InputFormat:    types.InputFormatCsv,
		InputFormatOptions: &types.InputFormatOptions{Csv: &types.CsvOptions{
			Delimiter: aws.String("\t"), HeaderList: []string{"id", "name", "city"}}},
		TableCreationParameters: tableParams("Tabs", false),
	})
	if d.ImportStatus != types.ImportStatusCompleted || scanJSON(t, env.eng, "Tabs") != `{"city":{"S":"Rome"},"id":{"N":"3"},"name":{"S":"Zoe"}}` {
		t.Fatalf("header list import: %s %s", d.ImportStatus, scanJSON(t, env.eng, "Tabs"))
	}
}

func TestImportTableDynamoDBJSONCompressions(t *testing.T) {
	env := newTransferEnv(t)
	lines := `{"Item":{"id":{"N":"1"},"city":{"S":"Oslo"},"tags":{"SS":["a","b"]}}}` + "\n" + `{"Item":{"id":{"N":"2"},"m":{"M":{"x":{"L":[{"NULL":true}]}}}}}` + "\n"
	for _, c := range []struct {
		ct   types.InputCompressionType
		data []byte
	}{{types.InputCompressionTypeGzip, gz(lines)}, {types.InputCompressionTypeZstd, zst(lines)}, {types.InputCompressionTypeNone, []byte(lines)}} {
		put(t, env.s3, "imports", string(c.ct)+"/data.json", c.data)
		name := "T" + string(c.ct)
		d := env.importAndWait(t, &dynamodb.ImportTableInput{
			S3BucketSource: &types.S3BucketSource{S3Bucket: aws.String("imports"), S3KeyPrefix: aws.String(string(c.ct) + "/")},
			InputFormat:    types.InputFormatDynamodbJson, InputCompressionType: c.ct,
			TableCreationParameters: tableParams(name, true),
		})
		if d.ImportStatus != types.ImportStatusCompleted || d.ImportedItemCount != 2 {
			t.Fatalf("%s: %s %d %s", c.ct, d.ImportStatus, d.ImportedItemCount, aws.ToString(d.FailureMessage))
		}
		want := `{"city":{"S":"Oslo"},"id":{"N":"1"},"tags":{"SS":["a","b"]}}` + "\n" + `{"id":{"N":"2"},"m":{"M":{"x":{"L":[{"NULL":true}]}}}}`
		if got := scanJSON(t, env.eng, name); got != want {
			t.Fatalf("%s items:\n%s", c.ct, got)
		}
	}
	list, err := env.c.ListImports(context.Background(), &dynamodb.ListImportsInput{PageSize: aws.Int32(2)})
	if err != nil || len(list.ImportSummaryList) != 2 || list.NextToken == nil {
		t.Fatalf("ListImports page 1: %v %v", list, err)
	}
	list, err = env.c.ListImports(context.Background(), &dynamodb.ListImportsInput{PageSize: aws.Int32(2), NextToken: list.NextToken})
	if err != nil || len(list.ImportSummaryList) != 1 || list.NextToken != nil {
		t.Fatalf("ListImports page 2: %v %v", list, err)
	}
}

func TestImportTableBadItemsFailWithNoTable(t *testing.T) {
	env := newTransferEnv(t)
	data := `{"Item":{"id":{"N":"1"}}}` + "\n" + `{"Item":{"name":{"S":"no key"}}}` + "\n" + `not json` + "\n" + `{"Item":{"id":{"N":"4"}}}` + "\n"
	put(t, env.s3, "imports", "bad/data.json", []byte(data))
	d := env.importAndWait(t, &dynamodb.ImportTableInput{
		S3BucketSource:          &types.S3BucketSource{S3Bucket: aws.String("imports"), S3KeyPrefix: aws.String("bad/")},
		InputFormat:             types.InputFormatDynamodbJson,
		TableCreationParameters: tableParams("Bad", false),
	})
	if d.ImportStatus != types.ImportStatusFailed || aws.ToString(d.FailureCode) != "ItemValidationError" ||
		aws.ToString(d.FailureMessage) != "Some of the items failed validation checks and were not imported. Please check CloudWatch error logs for more details." ||
		d.ErrorCount != 2 || d.ProcessedItemCount != 4 || d.ImportedItemCount != 0 {
		t.Fatalf("import: %s %s %s errors %d processed %d imported %d", d.ImportStatus, aws.ToString(d.FailureCode), aws.ToString(d.FailureMessage), d.ErrorCount, d.ProcessedItemCount, d.ImportedItemCount)
	}
	if _, err := env.c.DescribeTable(context.Background(), &dynamodb.DescribeTableInput{TableName: aws.String("Bad")}); err == nil {
		t.Fatal("a failed import left its table behind")
	}
	log, err := os.ReadFile(env.eng.ImportErrorLog(aws.ToString(d.ImportArn)))
	if err != nil {
		t.Fatal(err)
	}
	arn := aws.ToString(d.ImportArn)
	want := `{"itemS3Pointer":{"bucket":"imports","key":"bad/data.json","itemIndex":1},"importArn":"` + arn + `","errorMessages":["One or more parameter values were invalid: Missing the key id in the item"]}` + "\n" +
		`{"itemS3Pointer":{"bucket":"imports","key":"bad/data.json","itemIndex":2},"importArn":"` + arn + `","errorMessages":["the line is not a JSON object"]}` + "\n"
	if string(log) != want {
		t.Fatalf("error log:\n%s\nwant\n%s", log, want)
	}
	// A bucket that does not exist: FAILED before any table is kept.
	d = env.importAndWait(t, &dynamodb.ImportTableInput{
		S3BucketSource:          &types.S3BucketSource{S3Bucket: aws.String("no-such-bucket")},
		InputFormat:             types.InputFormatCsv,
		TableCreationParameters: tableParams("NoBucket", false),
	})
	if d.ImportStatus != types.ImportStatusFailed || aws.ToString(d.FailureCode) != "S3NoSuchBucket" {
		t.Fatalf("missing bucket: %s %s", d.ImportStatus, aws.ToString(d.FailureCode))
	}
	if _, err := env.c.DescribeTable(context.Background(), &dynamodb.DescribeTableInput{TableName: aws.String("NoBucket")}); err == nil {
		t.Fatal("a failed import left its table behind")
	}
}

func TestImportTableRefusals(t *testing.T) {
	env := newTransferEnv(t)
	ctx := context.Background()
	createTable(t, env.c, "Taken")
	for _, c := range []struct {
		in   *dynamodb.ImportTableInput
		want string
	}{
		{&dynamodb.ImportTableInput{S3BucketSource: &types.S3BucketSource{S3Bucket: aws.String("b")}, InputFormat: types.InputFormatCsv, TableCreationParameters: tableParams("Taken", false)},
			"ResourceInUseException: Table already exists: Taken"},
		{&dynamodb.ImportTableInput{S3BucketSource: &types.S3BucketSource{S3Bucket: aws.String("b")}, InputFormat: types.InputFormatIon, TableCreationParameters: tableParams("Ion", false)},
			"ValidationException: dynoscope does not import Amazon Ion (ION): no maintained Go library reads it. Import DYNAMODB_JSON or CSV"},
		{&dynamodb.ImportTableInput{S3BucketSource: &types.S3BucketSource{S3Bucket: aws.String("b")}, InputFormat: types.InputFormatCsv,
			InputFormatOptions: &types.InputFormatOptions{Csv: &types.CsvOptions{Delimiter: aws.String("#")}}, TableCreationParameters: tableParams("X1", false)},
			"ValidationException: 1 validation error detected: Value '#' at 'inputFormatOptions.csv.delimiter' failed to satisfy constraint: Member must satisfy regular expression pattern: [,;:|\\t ]"},
	} {
		_, err := env.c.ImportTable(ctx, c.in)
		if err == nil || apiCode(err) != c.want {
			t.Errorf("ImportTable: %v, want %s", err, c.want)
		}
	}
	if _, err := env.c.DescribeImport(ctx, &dynamodb.DescribeImportInput{ImportArn: aws.String("arn:aws:dynamodb:us-east-1:000000000000:table/T/import/01234567890123-abcdef01")}); err == nil || !strings.HasPrefix(apiCode(err), "ImportNotFoundException") {
		t.Fatalf("DescribeImport of nothing: %v", err)
	}
}

func TestBulkPutItems(t *testing.T) {
	env := newTransferEnv(t)
	ctx := context.Background()
	createTable(t, env.c, "Bulk")
	if _, err := env.c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("Bulk"), Item: map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "a"}, "old": &types.AttributeValueMemberS{Value: "replaced"}}}); err != nil {
		t.Fatal(err)
	}
	put(t, env.s3, "input", "load/1.json.gz", gz(`{"Item":{"pk":{"S":"a"},"v":{"N":"1"}}}`+"\n"+`{"Item":{"v":{"N":"2"}}}`+"\n"))
	put(t, env.s3, "input", "load/2.json.gz", gz(`{"Item":{"pk":{"S":"b"},"v":{"N":"3"}}}`+"\n"+`{"Item":{"pk":{"S":"b"},"v":{"N":"4"}}}`+"\n"))
	out, err := env.c.StartBulkPutItems(ctx, &dynamodb.StartBulkPutItemsInput{
		TableName: aws.String("Bulk"),
		InputS3Configuration: &types.InputS3Configuration{S3Bucket: aws.String("input"), S3KeyPrefix: aws.String("load/"),
			InputFormat: types.BulkOperationInputFormatDynamodbJson, InputCompressionType: types.InputCompressionTypeGzip},
		OutputS3Configuration: &types.OutputS3Configuration{S3Bucket: aws.String("output"), S3KeyPrefix: aws.String("reports"), OutputType: []types.OutputTypeEnum{types.OutputTypeEnumError}},
	})
	if err != nil {
		t.Fatal(apiCode(err))
	}
	d0 := out.BulkOperationDescription
	if d0.BulkOperationStatus != types.BulkOperationStatusInProgress || d0.PerformanceTier != types.BulkOperationPerformanceTierStandard {
		t.Fatalf("start: %+v", d0)
	}
	env.eng.WaitJobs()
	dd, err := env.c.DescribeBulkOperation(ctx, &dynamodb.DescribeBulkOperationInput{BulkOperationArn: d0.BulkOperationArn})
	if err != nil {
		t.Fatal(apiCode(err))
	}
	d := dd.BulkOperationDescription
	if d.BulkOperationStatus != types.BulkOperationStatusCompletedWithErrors || d.ProcessedItemCount != 4 || d.FailedItemCount != 1 ||
		aws.ToInt64(d.ProcessedInputBytes) != aws.ToInt64(d.TotalInputBytes) || d.EndTime == nil {
		t.Fatalf("describe: %s processed %d failed %d bytes %d/%d", d.BulkOperationStatus, d.ProcessedItemCount, d.FailedItemCount, aws.ToInt64(d.ProcessedInputBytes), aws.ToInt64(d.TotalInputBytes))
	}
	if got, want := scanJSON(t, env.eng, "Bulk"), `{"pk":{"S":"a"},"v":{"N":"1"}}`+"\n"+`{"pk":{"S":"b"},"v":{"N":"4"}}`; got != want {
		t.Fatalf("items:\n%s\nwant\n%s", got, want)
	}
	id := aws.ToString(d0.BulkOperationArn)
	id = id[strings.LastIndex(id, "/")+1:]
	objs, err := env.s3.List("output", "reports/BulkOperations/"+id+"/")
	if err != nil || len(objs) != 1 {
		t.Fatalf("ERROR report: %v %v", objs, err)
	}
	list, err := env.c.ListBulkOperations(ctx, &dynamodb.ListBulkOperationsInput{})
	if err != nil || len(list.BulkOperationsSummaryList) != 1 || list.BulkOperationsSummaryList[0].BulkOperationStatus != types.BulkOperationStatusCompletedWithErrors {
		t.Fatalf("list: %v %v", list, err)
	}
	if _, err := env.c.CancelBulkOperation(ctx, &dynamodb.CancelBulkOperationInput{BulkOperationArn: d0.BulkOperationArn}); err == nil {
		t.Fatal("cancelled an operation that had ended")
	}
	_, err = env.c.StartBulkPutItems(ctx, &dynamodb.StartBulkPutItemsInput{
		TableName:             aws.String("Missing"),
		InputS3Configuration:  &types.InputS3Configuration{S3Bucket: aws.String("input"), InputFormat: types.BulkOperationInputFormatDynamodbJson},
		OutputS3Configuration: &types.OutputS3Configuration{OutputType: []types.OutputTypeEnum{types.OutputTypeEnumError}},
	})
	if err == nil || !strings.HasPrefix(apiCode(err), "ResourceNotFoundException") {
		t.Fatalf("bulk put into a missing table: %v", err)
	}
	_, err = env.c.StartBulkPutItems(ctx, &dynamodb.StartBulkPutItemsInput{
		TableName: aws.String("Bulk"), MaxWriteRequestUnits: aws.Int64(10),
		InputS3Configuration:  &types.InputS3Configuration{S3Bucket: aws.String("input"), InputFormat: types.BulkOperationInputFormatDynamodbJson},
		OutputS3Configuration: &types.OutputS3Configuration{OutputType: []types.OutputTypeEnum{types.OutputTypeEnumError}},
	})
	if err == nil || apiCode(err) != "ValidationException: 1 validation error detected: Value '10' at 'maxWriteRequestUnits' failed to satisfy constraint: Member must have value greater than or equal to 1024" {
		t.Fatalf("MaxWriteRequestUnits 10: %v", err)
	}
}
