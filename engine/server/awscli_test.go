package server_test

import (
	"encoding/json"
	"net/http/httptest"
	"os"
	"os/exec"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
)

// awsCLI is the AWS CLI the by-hand checks of issue 26 used (Debian's
// awscli package); the test is skipped where it is not installed.
const awsCLI = "/usr/bin/aws"

// TestAWSCLIBackupsAndPointInTime runs, with the AWS CLI against the
// server: enable PITR, write, note a time, change items, restore to that
// time (exactly the old items); create a backup, change, restore from it
// (the backup's items); list the backups; and the rest of a Terraform-like
// sequence (TTL, tags, insights, limits), none answered UnknownOperation.
// Each CLI call starts a Python interpreter (about 2 minutes in all on the
// 2-core machine), so it runs only when asked:
//
//	DYNOSCOPE_AWSCLI=1 go test ./engine/server -run TestAWSCLIBackupsAndPointInTime
func TestAWSCLIBackupsAndPointInTime(t *testing.T) {
	if os.Getenv("DYNOSCOPE_AWSCLI") == "" {
		t.Skip("set DYNOSCOPE_AWSCLI=1 to run the AWS CLI checks")
	}
	if _, err := os.Stat(awsCLI); err != nil {
		t.Skip("the AWS CLI is not installed at " + awsCLI)
	}
	eng, err := engine.Open(engine.Options{DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	ts := httptest.NewServer(server.New(eng, server.Options{}))
	t.Cleanup(ts.Close)
	home := t.TempDir()
	env := append(os.Environ(), "HOME="+home, "AWS_ACCESS_KEY_ID=x", "AWS_SECRET_ACCESS_KEY=y", "AWS_DEFAULT_REGION=us-east-1",
		"AWS_CONFIG_FILE="+home+"/config", "AWS_SHARED_CREDENTIALS_FILE="+home+"/credentials", "AWS_EC2_METADATA_DISABLED=true", "AWS_PAGER=")
	aws := func(args ...string) map[string]any {
		t.Helper()
		cmd := exec.Command(awsCLI, append([]string{"dynamodb", "--endpoint-url", ts.URL, "--output", "json"}, args...)...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("aws dynamodb %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		var v map[string]any
		if len(strings.TrimSpace(string(out))) > 0 {
			if err := json.Unmarshal(out, &v); err != nil {
				t.Fatalf("aws dynamodb %s: %v\n%s", args[0], err, out)
			}
		}
		return v
	}
	items := func(table string) []string {
		t.Helper()
		var got []string
		for _, it := range aws("scan", "--table-name", table)["Items"].([]any) {
			m := it.(map[string]any)
			got = append(got, m["pk"].(map[string]any)["S"].(string)+"="+m["v"].(map[string]any)["S"].(string))
		}
		sort.Strings(got)
		return got
	}
	put := func(pk, v string) {
		aws("put-item", "--table-name", "Orders", "--item", `{"pk":{"S":"`+pk+`"},"v":{"S":"`+v+`"}}`)
	}

	aws("create-table", "--table-name", "Orders", "--billing-mode", "PAY_PER_REQUEST",
		"--attribute-definitions", "AttributeName=pk,AttributeType=S", "--key-schema", "AttributeName=pk,KeyType=HASH",
		"--stream-specification", "StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES", "--tags", "Key=env,Value=test")
	aws("update-continuous-backups", "--table-name", "Orders", "--point-in-time-recovery-specification", "PointInTimeRecoveryEnabled=true")
	put("a", "1")
	put("b", "1")
	time.Sleep(5 * time.Millisecond) // the CLI sends times to the millisecond
	noted := time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
	time.Sleep(5 * time.Millisecond)
	put("a", "2")
	aws("delete-item", "--table-name", "Orders", "--key", `{"pk":{"S":"b"}}`)
	aws("restore-table-to-point-in-time", "--source-table-name", "Orders", "--target-table-name", "OrdersThen", "--restore-date-time", noted)
	if got, want := items("OrdersThen"), []string{"a=1", "b=1"}; !reflect.DeepEqual(got, want) {
		t.Errorf("restored to %s: %v, want %v", noted, got, want)
	}

	backup := aws("create-backup", "--table-name", "Orders", "--backup-name", "snap")["BackupDetails"].(map[string]any)["BackupArn"].(string)
	put("c", "1")
	aws("restore-table-from-backup", "--target-table-name", "OrdersBack", "--backup-arn", backup)
	if got, want := items("OrdersBack"), []string{"a=2"}; !reflect.DeepEqual(got, want) {
		t.Errorf("restored from the backup: %v, want %v", got, want)
	}
	list := aws("list-backups", "--table-name", "Orders")["BackupSummaries"].([]any)
	if len(list) != 1 || list[0].(map[string]any)["BackupArn"] != backup {
		t.Errorf("list-backups = %v", list)
	}

	aws("update-time-to-live", "--table-name", "Orders", "--time-to-live-specification", "Enabled=true,AttributeName=expires")
	aws("update-contributor-insights", "--table-name", "Orders", "--contributor-insights-action", "ENABLE")
	aws("describe-table", "--table-name", "Orders")
	aws("describe-time-to-live", "--table-name", "Orders")
	if s := aws("describe-continuous-backups", "--table-name", "Orders")["ContinuousBackupsDescription"].(map[string]any)["PointInTimeRecoveryDescription"].(map[string]any)["PointInTimeRecoveryStatus"]; s != "ENABLED" {
		t.Errorf("PointInTimeRecoveryStatus = %v", s)
	}
	if s := aws("describe-contributor-insights", "--table-name", "Orders")["ContributorInsightsStatus"]; s != "ENABLED" {
		t.Errorf("ContributorInsightsStatus = %v", s)
	}
	aws("list-tags-of-resource", "--resource-arn", "arn:aws:dynamodb:us-east-1:000000000000:table/Orders")
	aws("describe-limits")
	aws("delete-backup", "--backup-arn", backup)
	aws("delete-table", "--table-name", "Orders")
}
