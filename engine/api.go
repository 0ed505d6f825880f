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
	SearchVectors(ctx context.Context, in *model.SearchVectorsInput) (*model.SearchVectorsOutput, error)
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

// ImportAPI is ImportTable and its descriptions: a new table filled from
// Amazon S3 (the S3 stand-in). Implemented by *Engine; the HTTP server
// serves these actions when its API implements them.
type ImportAPI interface {
	ImportTable(ctx context.Context, in *model.ImportTableInput) (*model.ImportTableOutput, error)
	DescribeImport(ctx context.Context, in *model.DescribeImportInput) (*model.DescribeImportOutput, error)
	ListImports(ctx context.Context, in *model.ListImportsInput) (*model.ListImportsOutput, error)
}

// BulkPutAPI is StartBulkPutItems and its companions: items from Amazon S3
// put into an existing table. Implemented by *Engine.
type BulkPutAPI interface {
	StartBulkPutItems(ctx context.Context, in *model.StartBulkPutItemsInput) (*model.StartBulkPutItemsOutput, error)
	DescribeBulkOperation(ctx context.Context, in *model.DescribeBulkOperationInput) (*model.DescribeBulkOperationOutput, error)
	ListBulkOperations(ctx context.Context, in *model.ListBulkOperationsInput) (*model.ListBulkOperationsOutput, error)
	CancelBulkOperation(ctx context.Context, in *model.CancelBulkOperationInput) (*model.CancelBulkOperationOutput, error)
}

// ExportAPI is ExportTableToPointInTime and its descriptions: a table's
// PITR history written to Amazon S3 (the S3 stand-in). Implemented by
// *Engine.
type ExportAPI interface {
	ExportTableToPointInTime(ctx context.Context, in *model.ExportTableToPointInTimeInput) (*model.ExportTableToPointInTimeOutput, error)
	DescribeExport(ctx context.Context, in *model.DescribeExportInput) (*model.DescribeExportOutput, error)
	ListExports(ctx context.Context, in *model.ListExportsInput) (*model.ListExportsOutput, error)
}

var (
	_ ImportAPI  = (*Engine)(nil)
	_ BulkPutAPI = (*Engine)(nil)
	_ ExportAPI  = (*Engine)(nil)
)
