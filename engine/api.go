package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

// API is the set of DynamoDB actions. The embedded Engine implements it, and
// so does engine/remote on a real endpoint; the explorer and the HTTP server
// consume it. Every error returned is a *model.Error.
type API interface {
	CreateTable(ctx context.Context, in *model.CreateTableInput) (*model.CreateTableOutput, error)
	DescribeTable(ctx context.Context, in *model.DescribeTableInput) (*model.DescribeTableOutput, error)
	ListTables(ctx context.Context, in *model.ListTablesInput) (*model.ListTablesOutput, error)
	DeleteTable(ctx context.Context, in *model.DeleteTableInput) (*model.DeleteTableOutput, error)
	UpdateTable(ctx context.Context, in *model.UpdateTableInput) (*model.UpdateTableOutput, error)
	PutItem(ctx context.Context, in *model.PutItemInput) (*model.PutItemOutput, error)
	GetItem(ctx context.Context, in *model.GetItemInput) (*model.GetItemOutput, error)
	DeleteItem(ctx context.Context, in *model.DeleteItemInput) (*model.DeleteItemOutput, error)
	UpdateItem(ctx context.Context, in *model.UpdateItemInput) (*model.UpdateItemOutput, error)
	Query(ctx context.Context, in *model.QueryInput) (*model.QueryOutput, error)
	Scan(ctx context.Context, in *model.ScanInput) (*model.ScanOutput, error)
	BatchGetItem(ctx context.Context, in *model.BatchGetItemInput) (*model.BatchGetItemOutput, error)
	BatchWriteItem(ctx context.Context, in *model.BatchWriteItemInput) (*model.BatchWriteItemOutput, error)
	UpdateTimeToLive(ctx context.Context, in *model.UpdateTimeToLiveInput) (*model.UpdateTimeToLiveOutput, error)
	DescribeTimeToLive(ctx context.Context, in *model.DescribeTimeToLiveInput) (*model.DescribeTimeToLiveOutput, error)
	TransactWriteItems(ctx context.Context, in *model.TransactWriteItemsInput) (*model.TransactWriteItemsOutput, error)
	TransactGetItems(ctx context.Context, in *model.TransactGetItemsInput) (*model.TransactGetItemsOutput, error)
	ExecuteStatement(ctx context.Context, in *model.ExecuteStatementInput) (*model.ExecuteStatementOutput, error)
	BatchExecuteStatement(ctx context.Context, in *model.BatchExecuteStatementInput) (*model.BatchExecuteStatementOutput, error)
	ExecuteTransaction(ctx context.Context, in *model.ExecuteTransactionInput) (*model.ExecuteTransactionOutput, error)
	TagResource(ctx context.Context, in *model.TagResourceInput) (*model.TagResourceOutput, error)
	UntagResource(ctx context.Context, in *model.UntagResourceInput) (*model.UntagResourceOutput, error)
	ListTagsOfResource(ctx context.Context, in *model.ListTagsOfResourceInput) (*model.ListTagsOfResourceOutput, error)
	UpdateContinuousBackups(ctx context.Context, in *model.UpdateContinuousBackupsInput) (*model.UpdateContinuousBackupsOutput, error)
	DescribeContinuousBackups(ctx context.Context, in *model.DescribeContinuousBackupsInput) (*model.DescribeContinuousBackupsOutput, error)
	CreateBackup(ctx context.Context, in *model.CreateBackupInput) (*model.CreateBackupOutput, error)
	DescribeBackup(ctx context.Context, in *model.DescribeBackupInput) (*model.DescribeBackupOutput, error)
	DeleteBackup(ctx context.Context, in *model.DeleteBackupInput) (*model.DeleteBackupOutput, error)
	ListBackups(ctx context.Context, in *model.ListBackupsInput) (*model.ListBackupsOutput, error)
	RestoreTableFromBackup(ctx context.Context, in *model.RestoreTableFromBackupInput) (*model.RestoreTableFromBackupOutput, error)
	RestoreTableToPointInTime(ctx context.Context, in *model.RestoreTableToPointInTimeInput) (*model.RestoreTableToPointInTimeOutput, error)
	DescribeContributorInsights(ctx context.Context, in *model.DescribeContributorInsightsInput) (*model.DescribeContributorInsightsOutput, error)
	UpdateContributorInsights(ctx context.Context, in *model.UpdateContributorInsightsInput) (*model.UpdateContributorInsightsOutput, error)
	ListContributorInsights(ctx context.Context, in *model.ListContributorInsightsInput) (*model.ListContributorInsightsOutput, error)
	DescribeLimits(ctx context.Context, in *model.DescribeLimitsInput) (*model.DescribeLimitsOutput, error)
}
