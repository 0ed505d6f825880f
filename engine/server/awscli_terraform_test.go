package server_test

import (
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/internal/awsclitest"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
)

// TestAWSCLITerraformLikeSequence runs with the AWS CLI what Terraform's
// aws_dynamodb_table and aws_dynamodb_contributor_insights resources call
// for a table with a GSI, PITR, TTL, tags, a stream and Contributor
// Insights: create and configure, read everything back, change it, and
// destroy it — every call served (none answers UnknownOperationException:
// any error fails the test) and every read-back what was set. The SDK
// twin is TestSDKTerraformLikeSequence.
//
//	DYNOSCOPE_AWSCLI=1 go test ./engine/server -run TestAWSCLITerraformLikeSequence
func TestAWSCLITerraformLikeSequence(t *testing.T) {
	awsclitest.Need(t)
	clock := engine.NewManualClock(time.Now())
	eng, err := engine.Open(engine.Options{DisableTTLSweeper: true, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	ts := httptest.NewServer(server.New(eng, server.Options{}))
	t.Cleanup(ts.Close)
	cli := awsclitest.New(t, ts.URL)
	run, aws := cli.Run, cli.Must
	get := func(v any, path ...string) any {
		t.Helper()
		for _, p := range path {
			m, ok := v.(map[string]any)
			if !ok {
				t.Fatalf("no %s in %v", p, v)
			}
			v = m[p]
		}
		return v
	}
	tags := func(arn string) map[string]string {
		t.Helper()
		out := map[string]string{}
		for _, tg := range aws("list-tags-of-resource", "--resource-arn", arn)["Tags"].([]any) {
			out[get(tg, "Key").(string)] = get(tg, "Value").(string)
		}
		return out
	}

	// Create (terraform apply).
	created := aws("create-table", "--table-name", "tf-table", "--billing-mode", "PAY_PER_REQUEST",
		"--attribute-definitions", "AttributeName=pk,AttributeType=S", "AttributeName=sk,AttributeType=S", "AttributeName=g,AttributeType=S",
		"--key-schema", "AttributeName=pk,KeyType=HASH", "AttributeName=sk,KeyType=RANGE",
		"--global-secondary-indexes", `[{"IndexName":"by-g","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}]`,
		"--stream-specification", "StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES",
		"--tags", "Key=env,Value=test", "Key=team,Value=data")
	arn := get(created, "TableDescription", "TableArn").(string)
	aws("wait", "table-exists", "--table-name", "tf-table")
	aws("update-time-to-live", "--table-name", "tf-table", "--time-to-live-specification", "Enabled=true,AttributeName=expires")
	aws("update-continuous-backups", "--table-name", "tf-table", "--point-in-time-recovery-specification", "PointInTimeRecoveryEnabled=true")
	aws("update-contributor-insights", "--table-name", "tf-table", "--contributor-insights-action", "ENABLE")
	aws("update-contributor-insights", "--table-name", "tf-table", "--index-name", "by-g", "--contributor-insights-action", "ENABLE")

	// Read everything back (terraform refresh).
	d := aws("describe-table", "--table-name", "tf-table")["Table"]
	if get(d, "TableStatus") != "ACTIVE" || get(d, "StreamSpecification", "StreamEnabled") != true ||
		get(d, "StreamSpecification", "StreamViewType") != "NEW_AND_OLD_IMAGES" || get(d, "BillingModeSummary", "BillingMode") != "PAY_PER_REQUEST" ||
		len(get(d, "GlobalSecondaryIndexes").([]any)) != 1 || get(d, "LatestStreamArn") == nil {
		t.Errorf("describe-table = %v", d)
	}
	ttl := aws("describe-time-to-live", "--table-name", "tf-table")["TimeToLiveDescription"]
	if get(ttl, "TimeToLiveStatus") != "ENABLED" || get(ttl, "AttributeName") != "expires" {
		t.Errorf("describe-time-to-live = %v", ttl)
	}
	pitr := get(aws("describe-continuous-backups", "--table-name", "tf-table"), "ContinuousBackupsDescription")
	if get(pitr, "ContinuousBackupsStatus") != "ENABLED" || get(pitr, "PointInTimeRecoveryDescription", "PointInTimeRecoveryStatus") != "ENABLED" {
		t.Errorf("describe-continuous-backups = %v", pitr)
	}
	ci := aws("describe-contributor-insights", "--table-name", "tf-table")
	if ci["ContributorInsightsStatus"] != "ENABLED" || len(ci["ContributorInsightsRuleList"].([]any)) != 4 ||
		!strings.HasPrefix(ci["ContributorInsightsRuleList"].([]any)[0].(string), "DynamoDBContributorInsights-PKC-tf-table-") {
		t.Errorf("describe-contributor-insights = %v", ci)
	}
	gci := aws("describe-contributor-insights", "--table-name", "tf-table", "--index-name", "by-g")
	if gci["ContributorInsightsStatus"] != "ENABLED" || len(gci["ContributorInsightsRuleList"].([]any)) != 2 ||
		!strings.HasPrefix(gci["ContributorInsightsRuleList"].([]any)[0].(string), "DynamoDBContributorInsights-PKC-tf-table-by-g-") {
		t.Errorf("describe-contributor-insights (GSI) = %v", gci)
	}
	if n := len(aws("list-contributor-insights", "--table-name", "tf-table")["ContributorInsightsSummaries"].([]any)); n != 2 {
		t.Errorf("list-contributor-insights: %d summaries, want 2", n)
	}
	if got, want := tags(arn), map[string]string{"env": "test", "team": "data"}; !reflect.DeepEqual(got, want) {
		t.Errorf("tags = %v, want %v", got, want)
	}
	aws("describe-endpoints")
	aws("describe-limits")

	// Change it (terraform apply after an edit, two hours later: DynamoDB
	// refuses a second TTL change within the hour).
	clock.Advance(2 * time.Hour)
	aws("update-table", "--table-name", "tf-table", "--billing-mode", "PROVISIONED",
		"--provisioned-throughput", "ReadCapacityUnits=5,WriteCapacityUnits=5",
		"--global-secondary-index-updates", `[{"Update":{"IndexName":"by-g","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}}}]`)
	aws("wait", "table-exists", "--table-name", "tf-table")
	aws("tag-resource", "--resource-arn", arn, "--tags", "Key=env,Value=prod")
	aws("untag-resource", "--resource-arn", arn, "--tag-keys", "team")
	aws("update-contributor-insights", "--table-name", "tf-table", "--index-name", "by-g", "--contributor-insights-action", "DISABLE")
	aws("update-time-to-live", "--table-name", "tf-table", "--time-to-live-specification", "Enabled=false,AttributeName=expires")
	aws("update-continuous-backups", "--table-name", "tf-table", "--point-in-time-recovery-specification", "PointInTimeRecoveryEnabled=false")
	d = aws("describe-table", "--table-name", "tf-table")["Table"]
	if get(d, "BillingModeSummary", "BillingMode") != "PROVISIONED" || get(d, "ProvisionedThroughput", "WriteCapacityUnits") != 5.0 {
		t.Errorf("describe-table after update-table = %v", d)
	}
	if got, want := tags(arn), map[string]string{"env": "prod"}; !reflect.DeepEqual(got, want) {
		t.Errorf("tags after the update = %v, want %v", got, want)
	}
	if s := get(aws("describe-time-to-live", "--table-name", "tf-table"), "TimeToLiveDescription", "TimeToLiveStatus"); s != "DISABLED" {
		t.Errorf("TimeToLiveStatus after disabling = %v", s)
	}
	if s := get(aws("describe-continuous-backups", "--table-name", "tf-table"), "ContinuousBackupsDescription", "PointInTimeRecoveryDescription", "PointInTimeRecoveryStatus"); s != "DISABLED" {
		t.Errorf("PointInTimeRecoveryStatus after disabling = %v", s)
	}
	if s := aws("describe-contributor-insights", "--table-name", "tf-table", "--index-name", "by-g")["ContributorInsightsStatus"]; s != "DISABLED" {
		t.Errorf("GSI ContributorInsightsStatus after disabling = %v", s)
	}

	// Destroy (terraform destroy): the insights, then the table.
	aws("update-contributor-insights", "--table-name", "tf-table", "--contributor-insights-action", "DISABLE")
	aws("delete-table", "--table-name", "tf-table")
	aws("wait", "table-not-exists", "--table-name", "tf-table")
	if _, out, err := run("describe-table", "--table-name", "tf-table"); err == nil || !strings.Contains(out, "ResourceNotFoundException") {
		t.Errorf("describe-table after delete-table: %v\n%s", err, out)
	}
}
