package server_test

import (
	"context"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
)

// TestSDKTerraformLikeSequence runs what a Terraform apply, refresh,
// change and destroy of a table with PITR, TTL, tags, a stream and
// Contributor Insights calls (the aws provider's aws_dynamodb_table and
// aws_dynamodb_contributor_insights resources), and checks that every call
// is served (no UnknownOperationException) and reads back what was set.
func TestSDKTerraformLikeSequence(t *testing.T) {
	c, _ := newClockedSDKClient(t)
	ctx := context.Background()
	name := aws.String("tf-table")
	must := func(what string, err error) {
		t.Helper()
		var apiErr smithy.APIError
		if errors.As(err, &apiErr) && apiErr.ErrorCode() == "UnknownOperationException" {
			t.Fatalf("%s: UnknownOperationException", what)
		}
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}

	// Create.
	created, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: name, BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS), keyDef("sk", types.ScalarAttributeTypeS), keyDef("g", types.ScalarAttributeTypeS)},
		KeySchema:            []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash), keyElem("sk", types.KeyTypeRange)},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: aws.String("by-g"), KeySchema: []types.KeySchemaElement{keyElem("g", types.KeyTypeHash)},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}},
		StreamSpecification: &types.StreamSpecification{StreamEnabled: aws.Bool(true), StreamViewType: types.StreamViewTypeNewAndOldImages},
		Tags:                []types.Tag{{Key: aws.String("env"), Value: aws.String("test")}}})
	must("CreateTable", err)
	arn := created.TableDescription.TableArn
	waitActive(t, c, "tf-table")
	_, err = c.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{TableName: name, TimeToLiveSpecification: &types.TimeToLiveSpecification{Enabled: aws.Bool(true), AttributeName: aws.String("expires")}})
	must("UpdateTimeToLive", err)
	_, err = c.UpdateContinuousBackups(ctx, &dynamodb.UpdateContinuousBackupsInput{TableName: name, PointInTimeRecoverySpecification: &types.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: aws.Bool(true)}})
	must("UpdateContinuousBackups", err)
	_, err = c.UpdateContributorInsights(ctx, &dynamodb.UpdateContributorInsightsInput{TableName: name, ContributorInsightsAction: types.ContributorInsightsActionEnable})
	must("UpdateContributorInsights", err)
	_, err = c.UpdateContributorInsights(ctx, &dynamodb.UpdateContributorInsightsInput{TableName: name, IndexName: aws.String("by-g"), ContributorInsightsAction: types.ContributorInsightsActionEnable, ContributorInsightsMode: types.ContributorInsightsModeThrottledKeys})
	must("UpdateContributorInsights (GSI)", err)

	// Refresh: read back everything.
	d, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: name})
	must("DescribeTable", err)
	if !aws.ToBool(d.Table.StreamSpecification.StreamEnabled) || len(d.Table.GlobalSecondaryIndexes) != 1 {
		t.Errorf("DescribeTable = stream %+v, GSIs %d", d.Table.StreamSpecification, len(d.Table.GlobalSecondaryIndexes))
	}
	ttl, err := c.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: name})
	must("DescribeTimeToLive", err)
	if ttl.TimeToLiveDescription.TimeToLiveStatus != types.TimeToLiveStatusEnabled || aws.ToString(ttl.TimeToLiveDescription.AttributeName) != "expires" {
		t.Errorf("DescribeTimeToLive = %+v", ttl.TimeToLiveDescription)
	}
	cb, err := c.DescribeContinuousBackups(ctx, &dynamodb.DescribeContinuousBackupsInput{TableName: name})
	must("DescribeContinuousBackups", err)
	p := cb.ContinuousBackupsDescription.PointInTimeRecoveryDescription
	if cb.ContinuousBackupsDescription.ContinuousBackupsStatus != types.ContinuousBackupsStatusEnabled || p.PointInTimeRecoveryStatus != types.PointInTimeRecoveryStatusEnabled ||
		aws.ToInt32(p.RecoveryPeriodInDays) != 35 || p.EarliestRestorableDateTime == nil || p.LatestRestorableDateTime == nil {
		t.Errorf("DescribeContinuousBackups = %+v / %+v", cb.ContinuousBackupsDescription, p)
	}
	tags, err := c.ListTagsOfResource(ctx, &dynamodb.ListTagsOfResourceInput{ResourceArn: arn})
	must("ListTagsOfResource", err)
	if len(tags.Tags) != 1 || aws.ToString(tags.Tags[0].Key) != "env" {
		t.Errorf("ListTagsOfResource = %+v", tags.Tags)
	}
	ci, err := c.DescribeContributorInsights(ctx, &dynamodb.DescribeContributorInsightsInput{TableName: name})
	must("DescribeContributorInsights", err)
	if ci.ContributorInsightsStatus != types.ContributorInsightsStatusEnabled || ci.ContributorInsightsMode != types.ContributorInsightsModeAccessedAndThrottledKeys || len(ci.ContributorInsightsRuleList) != 4 {
		t.Errorf("DescribeContributorInsights = %s %s %v", ci.ContributorInsightsStatus, ci.ContributorInsightsMode, ci.ContributorInsightsRuleList)
	}
	gci, err := c.DescribeContributorInsights(ctx, &dynamodb.DescribeContributorInsightsInput{TableName: name, IndexName: aws.String("by-g")})
	must("DescribeContributorInsights (GSI)", err)
	if gci.ContributorInsightsMode != types.ContributorInsightsModeThrottledKeys || len(gci.ContributorInsightsRuleList) != 1 {
		t.Errorf("DescribeContributorInsights (GSI) = %s %v", gci.ContributorInsightsMode, gci.ContributorInsightsRuleList)
	}
	list, err := c.ListContributorInsights(ctx, &dynamodb.ListContributorInsightsInput{TableName: name})
	must("ListContributorInsights", err)
	if len(list.ContributorInsightsSummaries) != 2 {
		t.Errorf("ListContributorInsights = %+v", list.ContributorInsightsSummaries)
	}
	lim, err := c.DescribeLimits(ctx, &dynamodb.DescribeLimitsInput{})
	must("DescribeLimits", err)
	if aws.ToInt64(lim.AccountMaxReadCapacityUnits) != 80000 || aws.ToInt64(lim.TableMaxWriteCapacityUnits) != 40000 {
		t.Errorf("DescribeLimits = %+v", lim)
	}
	ep, err := c.DescribeEndpoints(ctx, &dynamodb.DescribeEndpointsInput{})
	must("DescribeEndpoints", err)
	if len(ep.Endpoints) != 1 || ep.Endpoints[0].CachePeriodInMinutes != 1440 {
		t.Errorf("DescribeEndpoints = %+v", ep.Endpoints)
	}

	// Change.
	_, err = c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: name, BillingMode: types.BillingModeProvisioned,
		ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: aws.Int64(5), WriteCapacityUnits: aws.Int64(5)},
		GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Update: &types.UpdateGlobalSecondaryIndexAction{IndexName: aws.String("by-g"),
			ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: aws.Int64(5), WriteCapacityUnits: aws.Int64(5)}}}}})
	must("UpdateTable", err)
	waitActive(t, c, "tf-table")
	_, err = c.TagResource(ctx, &dynamodb.TagResourceInput{ResourceArn: arn, Tags: []types.Tag{{Key: aws.String("team"), Value: aws.String("data")}}})
	must("TagResource", err)
	_, err = c.UntagResource(ctx, &dynamodb.UntagResourceInput{ResourceArn: arn, TagKeys: []string{"env"}})
	must("UntagResource", err)
	_, err = c.UpdateContinuousBackups(ctx, &dynamodb.UpdateContinuousBackupsInput{TableName: name, PointInTimeRecoverySpecification: &types.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: aws.Bool(true), RecoveryPeriodInDays: aws.Int32(7)}})
	must("UpdateContinuousBackups (period)", err)
	cb, err = c.DescribeContinuousBackups(ctx, &dynamodb.DescribeContinuousBackupsInput{TableName: name})
	must("DescribeContinuousBackups", err)
	if aws.ToInt32(cb.ContinuousBackupsDescription.PointInTimeRecoveryDescription.RecoveryPeriodInDays) != 7 {
		t.Errorf("RecoveryPeriodInDays after the change = %d", aws.ToInt32(cb.ContinuousBackupsDescription.PointInTimeRecoveryDescription.RecoveryPeriodInDays))
	}

	// Destroy.
	_, err = c.UpdateContributorInsights(ctx, &dynamodb.UpdateContributorInsightsInput{TableName: name, ContributorInsightsAction: types.ContributorInsightsActionDisable})
	must("UpdateContributorInsights (disable)", err)
	_, err = c.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: name})
	must("DeleteTable", err)
	_, err = c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: name})
	wantAPIError(t, err, "ResourceNotFoundException", "Requested resource not found: Table: tf-table not found")
	_, err = c.DescribeContinuousBackups(ctx, &dynamodb.DescribeContinuousBackupsInput{TableName: name})
	wantAPIError(t, err, "TableNotFoundException", "Table not found: tf-table")
}
