package server_test

import (
	"net/http/httptest"
	"reflect"
	"sort"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/internal/awsclitest"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
)

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
	awsclitest.Need(t)
	eng, err := engine.Open(engine.Options{DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	ts := httptest.NewServer(server.New(eng, server.Options{}))
	t.Cleanup(ts.Close)
	aws := awsclitest.New(t, ts.URL).Must
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
	// The CLI (2.9.19, botocore) sends a time as whole epoch seconds
	// ("RestoreDateTime": 1795842547, seen with --debug): the time noted is
	// the next whole second after b's write, and the changes follow it.
	at := time.Now().Truncate(time.Second).Add(time.Second)
	time.Sleep(time.Until(at) + 5*time.Millisecond)
	noted := at.UTC().Format("2006-01-02T15:04:05.000Z")
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
