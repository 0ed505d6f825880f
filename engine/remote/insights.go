package remote

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/model"
)

// Contributor Insights and DescribeLimits on the real service: the
// Describe and List actions read; UpdateContributorInsights writes and is
// refused unless the user allowed writes.

// DescribeContributorInsights tells a table's or GSI's insights setting.
func (b *Backend) DescribeContributorInsights(ctx context.Context, in *model.DescribeContributorInsightsInput) (*model.DescribeContributorInsightsOutput, error) {
	out, err := b.ddb.DescribeContributorInsights(ctx, &dynamodb.DescribeContributorInsightsInput{TableName: optStr(in.TableName), IndexName: optStr(in.IndexName)})
	if err != nil {
		return nil, b.asError(err)
	}
	return &model.DescribeContributorInsightsOutput{TableName: deref(out.TableName), IndexName: deref(out.IndexName),
		ContributorInsightsRuleList: out.ContributorInsightsRuleList, ContributorInsightsStatus: string(out.ContributorInsightsStatus),
		ContributorInsightsMode: string(out.ContributorInsightsMode), LastUpdateDateTime: optEpochOf(out.LastUpdateDateTime)}, nil
}

// UpdateContributorInsights enables or disables insights.
func (b *Backend) UpdateContributorInsights(ctx context.Context, in *model.UpdateContributorInsightsInput) (*model.UpdateContributorInsightsOutput, error) {
	if err := b.refuseWrite(); err != nil {
		return nil, err
	}
	out, err := b.ddb.UpdateContributorInsights(ctx, &dynamodb.UpdateContributorInsightsInput{TableName: optStr(in.TableName), IndexName: optStr(in.IndexName),
		ContributorInsightsAction: types.ContributorInsightsAction(in.ContributorInsightsAction), ContributorInsightsMode: types.ContributorInsightsMode(in.ContributorInsightsMode)})
	if err != nil {
		return nil, b.asError(err)
	}
	return &model.UpdateContributorInsightsOutput{TableName: deref(out.TableName), IndexName: deref(out.IndexName),
		ContributorInsightsStatus: string(out.ContributorInsightsStatus), ContributorInsightsMode: string(out.ContributorInsightsMode)}, nil
}

// ListContributorInsights lists one page of insights settings.
func (b *Backend) ListContributorInsights(ctx context.Context, in *model.ListContributorInsightsInput) (*model.ListContributorInsightsOutput, error) {
	req := &dynamodb.ListContributorInsightsInput{TableName: optStr(in.TableName), NextToken: optStr(in.NextToken)}
	if in.MaxResults != nil {
		req.MaxResults = int32(*in.MaxResults)
	}
	out, err := b.ddb.ListContributorInsights(ctx, req)
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.ListContributorInsightsOutput{ContributorInsightsSummaries: []model.ContributorInsightsSummary{}, NextToken: deref(out.NextToken)}
	for _, s := range out.ContributorInsightsSummaries {
		res.ContributorInsightsSummaries = append(res.ContributorInsightsSummaries, model.ContributorInsightsSummary{TableName: deref(s.TableName),
			IndexName: deref(s.IndexName), ContributorInsightsStatus: string(s.ContributorInsightsStatus), ContributorInsightsMode: string(s.ContributorInsightsMode)})
	}
	return res, nil
}

// DescribeLimits reports the account's capacity quotas.
func (b *Backend) DescribeLimits(ctx context.Context, _ *model.DescribeLimitsInput) (*model.DescribeLimitsOutput, error) {
	out, err := b.ddb.DescribeLimits(ctx, &dynamodb.DescribeLimitsInput{})
	if err != nil {
		return nil, b.asError(err)
	}
	return &model.DescribeLimitsOutput{AccountMaxReadCapacityUnits: aws.ToInt64(out.AccountMaxReadCapacityUnits),
		AccountMaxWriteCapacityUnits: aws.ToInt64(out.AccountMaxWriteCapacityUnits), TableMaxReadCapacityUnits: aws.ToInt64(out.TableMaxReadCapacityUnits),
		TableMaxWriteCapacityUnits: aws.ToInt64(out.TableMaxWriteCapacityUnits)}, nil
}
