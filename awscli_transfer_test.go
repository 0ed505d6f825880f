package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/internal/awsclitest"
)

// TestServeChildForAWSCLI is the child of TestAWSCLIExportImport: it runs
// `dynoscope serve` with the arguments in DYNOSCOPE_SERVE_CHILD (separated
// by newlines) until it is killed.
func TestServeChildForAWSCLI(t *testing.T) {
	args := os.Getenv("DYNOSCOPE_SERVE_CHILD")
	if args == "" {
		t.Skip("only runs as the child of TestAWSCLIExportImport")
	}
	if err := run(strings.Split(args, "\n"), os.Stdout, os.Stderr); err != nil {
		t.Fatal(err)
	}
}

// The "done when" checks of export and import, through the AWS CLI
// against `dynoscope serve --s3-dir DIR` (a child process): an export
// written in AWS's layout with its manifests; import-table of that export
// gives the same items, byte for byte; import-table of a CSV with a quoted
// comma gives the exact values. (The same as SDK tests:
// engine/server TestExportFullLayoutThenImportSameItems and
// TestImportTableCSVQuotedComma.)
//
//	DYNOSCOPE_AWSCLI=1 go test . -run TestAWSCLIExportImport -v
func TestAWSCLIExportImport(t *testing.T) {
	awsclitest.Need(t)
	dir := t.TempDir()
	s3 := filepath.Join(dir, "s3")
	child := exec.Command(os.Args[0], "-test.run=^TestServeChildForAWSCLI$")
	child.Env = append(os.Environ(), "DYNOSCOPE_SERVE_CHILD="+strings.Join([]string{"serve", "--addr", "127.0.0.1:0", "--s3-dir", s3}, "\n"))
	out, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	child.Stderr = os.Stderr
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { child.Process.Kill(); child.Wait() })
	sc := bufio.NewScanner(out)
	endpoint, said := "", ""
	for (endpoint == "" || said == "") && sc.Scan() {
		line := sc.Text()
		if i := strings.Index(line, "serving DynamoDB on "); i >= 0 {
			endpoint = strings.Fields(line[i+len("serving DynamoDB on "):])[0]
		}
		if strings.Contains(line, "S3 stand-in: "+s3) {
			said = line
		}
	}
	if endpoint == "" || said == "" {
		t.Fatalf("serve did not say where it serves (%q) and where S3 is (%q)", endpoint, said)
	}
	go func() {
		for sc.Scan() {
		}
	}()

	aws := awsclitest.New(t, endpoint).Must
	// items is every item of table, as DynamoDB JSON texts, sorted.
	items := func(table string) []string {
		t.Helper()
		var got []string
		for _, it := range aws("scan", "--table-name", table)["Items"].([]any) {
			b, _ := json.Marshal(it)
			got = append(got, string(b))
		}
		sort.Strings(got)
		return got
	}
	// wait describes a job until it leaves IN_PROGRESS.
	wait := func(what string, describe func() map[string]any, status string) map[string]any {
		t.Helper()
		for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			d := describe()
			if d[status] != "IN_PROGRESS" {
				return d
			}
		}
		t.Fatalf("%s still IN_PROGRESS after a minute", what)
		return nil
	}

	aws("create-table", "--table-name", "Music", "--billing-mode", "PAY_PER_REQUEST",
		"--attribute-definitions", "AttributeName=pk,AttributeType=S", "AttributeName=sk,AttributeType=N",
		"--key-schema", "AttributeName=pk,KeyType=HASH", "AttributeName=sk,KeyType=RANGE")
	aws("update-continuous-backups", "--table-name", "Music", "--point-in-time-recovery-specification", "PointInTimeRecoveryEnabled=true")
	for _, item := range []string{
		`{"pk":{"S":"Acme Band"},"sk":{"N":"1"},"title":{"S":"Hello, \"World\""},"tags":{"SS":["rock","live"]}}`,
		`{"pk":{"S":"Acme Band"},"sk":{"N":"2.50"},"plays":{"NS":["1","20","300"]},"meta":{"M":{"year":{"N":"1999"},"ok":{"BOOL":true},"none":{"NULL":true}}}}`,
		`{"pk":{"S":"Zed"},"sk":{"N":"-7"},"cover":{"B":"AAEC/w=="},"notes":{"L":[{"S":"a"},{"N":"1"},{"L":[]}]}}`,
	} {
		aws("put-item", "--table-name", "Music", "--item", item)
	}
	want := items("Music")
	arn := aws("describe-table", "--table-name", "Music")["Table"].(map[string]any)["TableArn"].(string)

	// export → AWS's layout with manifests
	x := aws("export-table-to-point-in-time", "--table-arn", arn, "--s3-bucket", "exports", "--s3-prefix", "nightly")["ExportDescription"].(map[string]any)
	exportArn := x["ExportArn"].(string)
	x = wait("the export", func() map[string]any {
		return aws("describe-export", "--export-arn", exportArn)["ExportDescription"].(map[string]any)
	}, "ExportStatus")
	if x["ExportStatus"] != "COMPLETED" || x["ItemCount"] != float64(3) || x["ExportFormat"] != "DYNAMODB_JSON" {
		t.Fatalf("describe-export: %v", x)
	}
	id := exportArn[strings.LastIndex(exportArn, "/")+1:]
	root := filepath.Join(s3, "exports", "nightly", "AWSDynamoDB", id)
	if x["ExportManifest"] != "nightly/AWSDynamoDB/"+id+"/manifest-summary.json" {
		t.Fatalf("ExportManifest %v", x["ExportManifest"])
	}
	var files []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			if strings.HasPrefix(rel, "data"+string(filepath.Separator)) && strings.HasSuffix(rel, ".json.gz") {
				rel = "data/*.json.gz"
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	files = dedupe(files)
	if got := strings.Join(files, " "); got != "_started data/*.json.gz manifest-files.checksum manifest-files.json manifest-summary.checksum manifest-summary.json" {
		t.Fatalf("export layout under %s: %s", root, got)
	}
	var summary map[string]any
	b, err := os.ReadFile(filepath.Join(root, "manifest-summary.json"))
	if err != nil || json.Unmarshal(b, &summary) != nil {
		t.Fatalf("manifest-summary.json: %v %s", err, b)
	}
	if summary["itemCount"] != float64(3) || summary["outputFormat"] != "DYNAMODB_JSON" || summary["exportArn"] != exportArn || summary["manifestFilesS3Key"] != "nightly/AWSDynamoDB/"+id+"/manifest-files.json" {
		t.Fatalf("manifest-summary.json: %s", b)
	}

	// import-table of that export → the same items
	params := `{"TableName":"MusicCopy","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"}],` +
		`"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],"BillingMode":"PAY_PER_REQUEST"}`
	im := aws("import-table", "--s3-bucket-source", "S3Bucket=exports,S3KeyPrefix=nightly/AWSDynamoDB/"+id+"/data/",
		"--input-format", "DYNAMODB_JSON", "--input-compression-type", "GZIP", "--table-creation-parameters", params)["ImportTableDescription"].(map[string]any)
	importArn := im["ImportArn"].(string)
	im = wait("the import", func() map[string]any {
		return aws("describe-import", "--import-arn", importArn)["ImportTableDescription"].(map[string]any)
	}, "ImportStatus")
	if im["ImportStatus"] != "COMPLETED" || im["ImportedItemCount"] != float64(3) || im["ErrorCount"] != float64(0) {
		t.Fatalf("describe-import: %v", im)
	}
	if got := items("MusicCopy"); !reflect.DeepEqual(got, want) {
		t.Fatalf("imported items:\n%v\nwant\n%v", got, want)
	}

	// import-table of a CSV with a quoted comma → exact values
	csv := filepath.Join(s3, "imports", "people", "part-1.csv")
	os.MkdirAll(filepath.Dir(csv), 0o755)
	if err := os.WriteFile(csv, []byte("id,name,city\n1,\"Smith, John\",\"Paris \"\"Left\"\" Bank\"\n2,Ann,Oslo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	people := `{"TableName":"People","AttributeDefinitions":[{"AttributeName":"id","AttributeType":"N"}],` +
		`"KeySchema":[{"AttributeName":"id","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}`
	im = aws("import-table", "--s3-bucket-source", "S3Bucket=imports,S3KeyPrefix=people/", "--input-format", "CSV",
		"--table-creation-parameters", people)["ImportTableDescription"].(map[string]any)
	importArn = im["ImportArn"].(string)
	im = wait("the CSV import", func() map[string]any {
		return aws("describe-import", "--import-arn", importArn)["ImportTableDescription"].(map[string]any)
	}, "ImportStatus")
	if im["ImportStatus"] != "COMPLETED" || im["ImportedItemCount"] != float64(2) {
		t.Fatalf("describe-import of the CSV: %v", im)
	}
	wantPeople := []string{
		`{"city":{"S":"Oslo"},"id":{"N":"2"},"name":{"S":"Ann"}}`,
		`{"city":{"S":"Paris \"Left\" Bank"},"id":{"N":"1"},"name":{"S":"Smith, John"}}`,
	}
	if got := items("People"); !reflect.DeepEqual(got, wantPeople) {
		t.Fatalf("CSV items:\n%v\nwant\n%v", got, wantPeople)
	}
}

// dedupe drops repeated neighbours of a sorted list.
func dedupe(s []string) []string {
	sort.Strings(s)
	var out []string
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}
