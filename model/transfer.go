package model

// Export to, import from and bulk put from Amazon S3: the requests and
// replies of ExportTableToPointInTime, DescribeExport, ListExports,
// ImportTable, DescribeImport, ListImports, StartBulkPutItems,
// DescribeBulkOperation, ListBulkOperations and CancelBulkOperation, as the
// API Reference names their members. Times are epoch seconds.

// Exceptions of these actions.
const (
	ErrExportNotFound    = "ExportNotFoundException"
	ErrExportConflict    = "ExportConflictException"
	ErrInvalidExportTime = "InvalidExportTimeException"
	ErrImportNotFound    = "ImportNotFoundException"
	ErrImportConflict    = "ImportConflictException"
)

// IncrementalExportSpecification is an incremental export's window.
type IncrementalExportSpecification struct {
	ExportFromTime *float64 `json:"ExportFromTime,omitempty"`
	ExportToTime   *float64 `json:"ExportToTime,omitempty"`
	ExportViewType string   `json:"ExportViewType,omitempty"`
}

// ExportTableToPointInTimeInput is ExportTableToPointInTime's request.
type ExportTableToPointInTimeInput struct {
	TableArn                       *string                         `json:"TableArn"`
	ExportTime                     *float64                        `json:"ExportTime,omitempty"`
	ClientToken                    *string                         `json:"ClientToken,omitempty"`
	S3Bucket                       *string                         `json:"S3Bucket"`
	S3BucketOwner                  *string                         `json:"S3BucketOwner,omitempty"`
	S3Prefix                       *string                         `json:"S3Prefix,omitempty"`
	S3SseAlgorithm                 *string                         `json:"S3SseAlgorithm,omitempty"`
	S3SseKmsKeyID                  *string                         `json:"S3SseKmsKeyId,omitempty"`
	ExportFormat                   *string                         `json:"ExportFormat,omitempty"`
	ExportType                     *string                         `json:"ExportType,omitempty"`
	IncrementalExportSpecification *IncrementalExportSpecification `json:"IncrementalExportSpecification,omitempty"`
}

// ExportDescription describes an export.
type ExportDescription struct {
	ExportArn                      string                          `json:"ExportArn"`
	ExportStatus                   string                          `json:"ExportStatus"`
	StartTime                      float64                         `json:"StartTime"`
	EndTime                        *float64                        `json:"EndTime,omitempty"`
	ExportManifest                 string                          `json:"ExportManifest,omitempty"`
	TableArn                       string                          `json:"TableArn"`
	TableID                        string                          `json:"TableId"`
	ExportTime                     *float64                        `json:"ExportTime,omitempty"`
	ClientToken                    string                          `json:"ClientToken,omitempty"`
	S3Bucket                       string                          `json:"S3Bucket"`
	S3BucketOwner                  string                          `json:"S3BucketOwner,omitempty"`
	S3Prefix                       string                          `json:"S3Prefix,omitempty"`
	S3SseAlgorithm                 string                          `json:"S3SseAlgorithm,omitempty"`
	S3SseKmsKeyID                  string                          `json:"S3SseKmsKeyId,omitempty"`
	FailureCode                    string                          `json:"FailureCode,omitempty"`
	FailureMessage                 string                          `json:"FailureMessage,omitempty"`
	ExportFormat                   string                          `json:"ExportFormat"`
	BilledSizeBytes                *int64                          `json:"BilledSizeBytes,omitempty"`
	ItemCount                      *int64                          `json:"ItemCount,omitempty"`
	ExportType                     string                          `json:"ExportType"`
	IncrementalExportSpecification *IncrementalExportSpecification `json:"IncrementalExportSpecification,omitempty"`
}

// ExportTableToPointInTimeOutput is ExportTableToPointInTime's reply.
type ExportTableToPointInTimeOutput struct {
	ExportDescription *ExportDescription `json:"ExportDescription"`
}

// DescribeExportInput is DescribeExport's request.
type DescribeExportInput struct {
	ExportArn *string `json:"ExportArn"`
}

// DescribeExportOutput is DescribeExport's reply.
type DescribeExportOutput struct {
	ExportDescription *ExportDescription `json:"ExportDescription"`
}

// ListExportsInput is ListExports' request.
type ListExportsInput struct {
	TableArn   *string `json:"TableArn,omitempty"`
	MaxResults *int    `json:"MaxResults,omitempty"`
	NextToken  *string `json:"NextToken,omitempty"`
}

// ExportSummary is one export of ListExports.
type ExportSummary struct {
	ExportArn    string `json:"ExportArn"`
	ExportStatus string `json:"ExportStatus"`
	ExportType   string `json:"ExportType"`
}

// ListExportsOutput is ListExports' reply.
type ListExportsOutput struct {
	ExportSummaries []ExportSummary `json:"ExportSummaries"`
	NextToken       string          `json:"NextToken,omitempty"`
}

// S3BucketSource is where an import reads.
type S3BucketSource struct {
	S3Bucket      string `json:"S3Bucket"`
	S3BucketOwner string `json:"S3BucketOwner,omitempty"`
	S3KeyPrefix   string `json:"S3KeyPrefix,omitempty"`
}

// CsvOptions are an import's CSV options.
type CsvOptions struct {
	Delimiter  *string  `json:"Delimiter,omitempty"`
	HeaderList []string `json:"HeaderList,omitempty"`
}

// InputFormatOptions are an import's format options.
type InputFormatOptions struct {
	Csv *CsvOptions `json:"Csv,omitempty"`
}

// TableCreationParameters is the table an import creates.
type TableCreationParameters struct {
	TableName              string                 `json:"TableName"`
	AttributeDefinitions   []AttributeDefinition  `json:"AttributeDefinitions"`
	KeySchema              []KeySchemaElement     `json:"KeySchema"`
	BillingMode            string                 `json:"BillingMode,omitempty"`
	ProvisionedThroughput  *ProvisionedThroughput `json:"ProvisionedThroughput,omitempty"`
	OnDemandThroughput     *OnDemandThroughput    `json:"OnDemandThroughput,omitempty"`
	SSESpecification       *SSESpecification      `json:"SSESpecification,omitempty"`
	GlobalSecondaryIndexes []GlobalSecondaryIndex `json:"GlobalSecondaryIndexes,omitempty"`
}

// ImportTableInput is ImportTable's request.
type ImportTableInput struct {
	ClientToken             *string                  `json:"ClientToken,omitempty"`
	S3BucketSource          *S3BucketSource          `json:"S3BucketSource"`
	InputFormat             *string                  `json:"InputFormat"`
	InputFormatOptions      *InputFormatOptions      `json:"InputFormatOptions,omitempty"`
	InputCompressionType    *string                  `json:"InputCompressionType,omitempty"`
	TableCreationParameters *TableCreationParameters `json:"TableCreationParameters"`
}

// ImportTableDescription describes an import.
type ImportTableDescription struct {
	ImportArn               string                   `json:"ImportArn"`
	ImportStatus            string                   `json:"ImportStatus"`
	TableArn                string                   `json:"TableArn"`
	TableID                 string                   `json:"TableId"`
	ClientToken             string                   `json:"ClientToken,omitempty"`
	S3BucketSource          *S3BucketSource          `json:"S3BucketSource"`
	ErrorCount              int64                    `json:"ErrorCount"`
	CloudWatchLogGroupArn   string                   `json:"CloudWatchLogGroupArn"`
	InputFormat             string                   `json:"InputFormat"`
	InputFormatOptions      *InputFormatOptions      `json:"InputFormatOptions,omitempty"`
	InputCompressionType    string                   `json:"InputCompressionType"`
	TableCreationParameters *TableCreationParameters `json:"TableCreationParameters"`
	StartTime               float64                  `json:"StartTime"`
	EndTime                 *float64                 `json:"EndTime,omitempty"`
	ProcessedSizeBytes      int64                    `json:"ProcessedSizeBytes"`
	ProcessedItemCount      int64                    `json:"ProcessedItemCount"`
	ImportedItemCount       int64                    `json:"ImportedItemCount"`
	FailureCode             string                   `json:"FailureCode,omitempty"`
	FailureMessage          string                   `json:"FailureMessage,omitempty"`
}

// ImportTableOutput is ImportTable's reply.
type ImportTableOutput struct {
	ImportTableDescription *ImportTableDescription `json:"ImportTableDescription"`
}

// DescribeImportInput is DescribeImport's request.
type DescribeImportInput struct {
	ImportArn *string `json:"ImportArn"`
}

// DescribeImportOutput is DescribeImport's reply.
type DescribeImportOutput struct {
	ImportTableDescription *ImportTableDescription `json:"ImportTableDescription"`
}

// ListImportsInput is ListImports' request.
type ListImportsInput struct {
	TableArn  *string `json:"TableArn,omitempty"`
	PageSize  *int    `json:"PageSize,omitempty"`
	NextToken *string `json:"NextToken,omitempty"`
}

// ImportSummary is one import of ListImports.
type ImportSummary struct {
	ImportArn             string          `json:"ImportArn"`
	ImportStatus          string          `json:"ImportStatus"`
	TableArn              string          `json:"TableArn"`
	S3BucketSource        *S3BucketSource `json:"S3BucketSource"`
	CloudWatchLogGroupArn string          `json:"CloudWatchLogGroupArn"`
	InputFormat           string          `json:"InputFormat"`
	StartTime             float64         `json:"StartTime"`
	EndTime               *float64        `json:"EndTime,omitempty"`
}

// ListImportsOutput is ListImports' reply.
type ListImportsOutput struct {
	ImportSummaryList []ImportSummary `json:"ImportSummaryList"`
	NextToken         string          `json:"NextToken,omitempty"`
}

// InputS3Configuration is where a bulk put reads.
type InputS3Configuration struct {
	S3Bucket             *string `json:"S3Bucket"`
	S3BucketOwner        *string `json:"S3BucketOwner,omitempty"`
	S3KeyPrefix          *string `json:"S3KeyPrefix,omitempty"`
	InputFormat          *string `json:"InputFormat"`
	InputCompressionType *string `json:"InputCompressionType,omitempty"`
}

// OutputS3Configuration is where a bulk put reports.
type OutputS3Configuration struct {
	OutputType     []string `json:"OutputType"`
	S3Bucket       *string  `json:"S3Bucket,omitempty"`
	S3BucketOwner  *string  `json:"S3BucketOwner,omitempty"`
	S3KeyPrefix    *string  `json:"S3KeyPrefix,omitempty"`
	S3SseAlgorithm *string  `json:"S3SseAlgorithm,omitempty"`
	S3SseKmsKeyID  *string  `json:"S3SseKmsKeyId,omitempty"`
}

// StartBulkPutItemsInput is StartBulkPutItems' request.
type StartBulkPutItemsInput struct {
	ClientToken           *string                `json:"ClientToken,omitempty"`
	InputS3Configuration  *InputS3Configuration  `json:"InputS3Configuration"`
	OutputS3Configuration *OutputS3Configuration `json:"OutputS3Configuration"`
	TableName             *string                `json:"TableName"`
	MaxWriteRequestUnits  *int64                 `json:"MaxWriteRequestUnits,omitempty"`
	PerformanceTier       *string                `json:"PerformanceTier,omitempty"`
}

// BulkOperationBytes counts bulk put bytes.
type BulkOperationBytes struct {
	BulkPutBytes *int64 `json:"BulkPutBytes,omitempty"`
}

// BulkOperationUsage is the bulk put bytes of a table and its indexes.
type BulkOperationUsage struct {
	TableName              string                        `json:"TableName"`
	BulkPutBytes           *int64                        `json:"BulkPutBytes,omitempty"`
	Table                  *BulkOperationBytes           `json:"Table,omitempty"`
	GlobalSecondaryIndexes map[string]BulkOperationBytes `json:"GlobalSecondaryIndexes,omitempty"`
	LocalSecondaryIndexes  map[string]BulkOperationBytes `json:"LocalSecondaryIndexes,omitempty"`
}

// BulkOperationTableDetail names a bulk operation's table.
type BulkOperationTableDetail struct {
	TableID   string `json:"TableId"`
	TableName string `json:"TableName"`
}

// BulkOperationDescription describes a bulk operation.
type BulkOperationDescription struct {
	BulkOperationArn      string                     `json:"BulkOperationArn"`
	BulkOperationStatus   string                     `json:"BulkOperationStatus"`
	BulkOperationUsage    []BulkOperationUsage       `json:"BulkOperationUsage,omitempty"`
	ClientToken           string                     `json:"ClientToken,omitempty"`
	EndTime               *float64                   `json:"EndTime,omitempty"`
	FailedItemCount       int64                      `json:"FailedItemCount"`
	FailureCode           string                     `json:"FailureCode,omitempty"`
	FailureMessage        string                     `json:"FailureMessage,omitempty"`
	InputS3Configuration  *InputS3Configuration      `json:"InputS3Configuration,omitempty"`
	MaxWriteRequestUnits  *int64                     `json:"MaxWriteRequestUnits,omitempty"`
	OutputS3Configuration *OutputS3Configuration     `json:"OutputS3Configuration,omitempty"`
	PerformanceTier       string                     `json:"PerformanceTier,omitempty"`
	ProcessedInputBytes   *int64                     `json:"ProcessedInputBytes,omitempty"`
	ProcessedItemCount    int64                      `json:"ProcessedItemCount"`
	StartTime             float64                    `json:"StartTime"`
	TableDetails          []BulkOperationTableDetail `json:"TableDetails,omitempty"`
	TotalInputBytes       *int64                     `json:"TotalInputBytes,omitempty"`
}

// StartBulkPutItemsOutput is StartBulkPutItems' reply.
type StartBulkPutItemsOutput struct {
	BulkOperationDescription *BulkOperationDescription `json:"BulkOperationDescription"`
}

// DescribeBulkOperationInput is DescribeBulkOperation's request.
type DescribeBulkOperationInput struct {
	BulkOperationArn *string `json:"BulkOperationArn"`
}

// DescribeBulkOperationOutput is DescribeBulkOperation's reply.
type DescribeBulkOperationOutput struct {
	BulkOperationDescription *BulkOperationDescription `json:"BulkOperationDescription"`
}

// ListBulkOperationsInput is ListBulkOperations' request.
type ListBulkOperationsInput struct {
	MaxResults *int    `json:"MaxResults,omitempty"`
	NextToken  *string `json:"NextToken,omitempty"`
}

// BulkOperationSummary is one operation of ListBulkOperations.
type BulkOperationSummary struct {
	BulkOperationArn    string   `json:"BulkOperationArn"`
	BulkOperationStatus string   `json:"BulkOperationStatus"`
	StartTime           float64  `json:"StartTime"`
	EndTime             *float64 `json:"EndTime,omitempty"`
}

// ListBulkOperationsOutput is ListBulkOperations' reply.
type ListBulkOperationsOutput struct {
	BulkOperationsSummaryList []BulkOperationSummary `json:"BulkOperationsSummaryList"`
	NextToken                 string                 `json:"NextToken,omitempty"`
}

// CancelBulkOperationInput is CancelBulkOperation's request.
type CancelBulkOperationInput struct {
	BulkOperationArn *string `json:"BulkOperationArn"`
}

// CancelBulkOperationOutput is CancelBulkOperation's reply.
type CancelBulkOperationOutput struct {
	BulkOperationArn string `json:"BulkOperationArn"`
}
