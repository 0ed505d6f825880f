package model

// Shapes of point-in-time recovery (UpdateContinuousBackups,
// DescribeContinuousBackups, RestoreTableToPointInTime) and on-demand
// backups (CreateBackup, DescribeBackup, ListBackups, DeleteBackup,
// RestoreTableFromBackup), with the API Reference's wire names.

// Continuous backup and PITR statuses.
const (
	StatusEnabled  = "ENABLED"
	StatusDisabled = "DISABLED"
)

// Backup statuses and types.
const (
	BackupStatusCreating  = "CREATING"
	BackupStatusAvailable = "AVAILABLE"
	BackupStatusDeleted   = "DELETED"

	BackupTypeUser      = "USER"
	BackupTypeSystem    = "SYSTEM"
	BackupTypeAWSBackup = "AWS_BACKUP"
	BackupTypeAll       = "ALL"
)

// PointInTimeRecoverySpecification turns PITR on or off.
type PointInTimeRecoverySpecification struct {
	PointInTimeRecoveryEnabled *bool `json:"PointInTimeRecoveryEnabled"`
	RecoveryPeriodInDays       *int  `json:"RecoveryPeriodInDays,omitempty"`
}

// PointInTimeRecoveryDescription tells a table's PITR state.
type PointInTimeRecoveryDescription struct {
	PointInTimeRecoveryStatus  string   `json:"PointInTimeRecoveryStatus"`
	RecoveryPeriodInDays       *int     `json:"RecoveryPeriodInDays,omitempty"`
	EarliestRestorableDateTime *float64 `json:"EarliestRestorableDateTime,omitempty"`
	LatestRestorableDateTime   *float64 `json:"LatestRestorableDateTime,omitempty"`
}

// ContinuousBackupsDescription tells a table's continuous backups.
type ContinuousBackupsDescription struct {
	ContinuousBackupsStatus        string                          `json:"ContinuousBackupsStatus"`
	PointInTimeRecoveryDescription *PointInTimeRecoveryDescription `json:"PointInTimeRecoveryDescription,omitempty"`
}

// UpdateContinuousBackupsInput is UpdateContinuousBackups' request.
type UpdateContinuousBackupsInput struct {
	TableName                        string                            `json:"TableName"`
	PointInTimeRecoverySpecification *PointInTimeRecoverySpecification `json:"PointInTimeRecoverySpecification"`
}

// UpdateContinuousBackupsOutput is UpdateContinuousBackups' response.
type UpdateContinuousBackupsOutput struct {
	ContinuousBackupsDescription *ContinuousBackupsDescription `json:"ContinuousBackupsDescription"`
}

// DescribeContinuousBackupsInput is DescribeContinuousBackups' request.
type DescribeContinuousBackupsInput struct {
	TableName string `json:"TableName"`
}

// DescribeContinuousBackupsOutput is DescribeContinuousBackups' response.
type DescribeContinuousBackupsOutput struct {
	ContinuousBackupsDescription *ContinuousBackupsDescription `json:"ContinuousBackupsDescription"`
}

// RestoreSummary tells where a restored table came from (DescribeTable).
type RestoreSummary struct {
	SourceBackupArn   string  `json:"SourceBackupArn,omitempty"`
	SourceTableArn    string  `json:"SourceTableArn,omitempty"`
	RestoreDateTime   float64 `json:"RestoreDateTime"`
	RestoreInProgress bool    `json:"RestoreInProgress"`
}

// SSESpecification is a table's server-side encryption request.
type SSESpecification struct {
	Enabled        *bool  `json:"Enabled,omitempty"`
	SSEType        string `json:"SSEType,omitempty"`
	KMSMasterKeyId string `json:"KMSMasterKeyId,omitempty"`
}

// RestoreTableToPointInTimeInput is RestoreTableToPointInTime's request.
type RestoreTableToPointInTimeInput struct {
	SourceTableArn                string                 `json:"SourceTableArn,omitempty"`
	SourceTableName               string                 `json:"SourceTableName,omitempty"`
	TargetTableName               string                 `json:"TargetTableName"`
	UseLatestRestorableTime       *bool                  `json:"UseLatestRestorableTime,omitempty"`
	RestoreDateTime               *float64               `json:"RestoreDateTime,omitempty"`
	BillingModeOverride           string                 `json:"BillingModeOverride,omitempty"`
	GlobalSecondaryIndexOverride  []GlobalSecondaryIndex `json:"GlobalSecondaryIndexOverride,omitempty"`
	LocalSecondaryIndexOverride   []LocalSecondaryIndex  `json:"LocalSecondaryIndexOverride,omitempty"`
	ProvisionedThroughputOverride *ProvisionedThroughput `json:"ProvisionedThroughputOverride,omitempty"`
	OnDemandThroughputOverride    *OnDemandThroughput    `json:"OnDemandThroughputOverride,omitempty"`
	SSESpecificationOverride      *SSESpecification      `json:"SSESpecificationOverride,omitempty"`
}

// RestoreTableToPointInTimeOutput is RestoreTableToPointInTime's response.
type RestoreTableToPointInTimeOutput struct {
	TableDescription *TableDescription `json:"TableDescription"`
}

// BackupDetails describes a backup.
type BackupDetails struct {
	BackupArn              string   `json:"BackupArn"`
	BackupName             string   `json:"BackupName"`
	BackupSizeBytes        *int64   `json:"BackupSizeBytes,omitempty"`
	BackupStatus           string   `json:"BackupStatus"`
	BackupType             string   `json:"BackupType"`
	BackupCreationDateTime float64  `json:"BackupCreationDateTime"`
	BackupExpiryDateTime   *float64 `json:"BackupExpiryDateTime,omitempty"`
}

// SourceTableDetails describes the table a backup was taken of.
type SourceTableDetails struct {
	TableName             string                 `json:"TableName"`
	TableId               string                 `json:"TableId"`
	TableArn              string                 `json:"TableArn,omitempty"`
	TableSizeBytes        int64                  `json:"TableSizeBytes"`
	KeySchema             []KeySchemaElement     `json:"KeySchema"`
	TableCreationDateTime float64                `json:"TableCreationDateTime"`
	ProvisionedThroughput *ProvisionedThroughput `json:"ProvisionedThroughput"`
	OnDemandThroughput    *OnDemandThroughput    `json:"OnDemandThroughput,omitempty"`
	ItemCount             int64                  `json:"ItemCount"`
	BillingMode           string                 `json:"BillingMode,omitempty"`
}

// LocalSecondaryIndexInfo is an LSI of a backup's source table.
type LocalSecondaryIndexInfo struct {
	IndexName  string             `json:"IndexName"`
	KeySchema  []KeySchemaElement `json:"KeySchema"`
	Projection Projection         `json:"Projection"`
}

// GlobalSecondaryIndexInfo is a GSI of a backup's source table.
type GlobalSecondaryIndexInfo struct {
	IndexName             string                 `json:"IndexName"`
	KeySchema             []KeySchemaElement     `json:"KeySchema"`
	Projection            Projection             `json:"Projection"`
	ProvisionedThroughput *ProvisionedThroughput `json:"ProvisionedThroughput,omitempty"`
	OnDemandThroughput    *OnDemandThroughput    `json:"OnDemandThroughput,omitempty"`
}

// SourceTableFeatureDetails are the indexes, stream and TTL of a backup's
// source table.
type SourceTableFeatureDetails struct {
	LocalSecondaryIndexes  []LocalSecondaryIndexInfo  `json:"LocalSecondaryIndexes,omitempty"`
	GlobalSecondaryIndexes []GlobalSecondaryIndexInfo `json:"GlobalSecondaryIndexes,omitempty"`
	StreamDescription      *StreamSpecification       `json:"StreamDescription,omitempty"`
	TimeToLiveDescription  *TimeToLiveDescription     `json:"TimeToLiveDescription,omitempty"`
}

// BackupDescription is a backup with its source table.
type BackupDescription struct {
	BackupDetails             *BackupDetails             `json:"BackupDetails"`
	SourceTableDetails        *SourceTableDetails        `json:"SourceTableDetails"`
	SourceTableFeatureDetails *SourceTableFeatureDetails `json:"SourceTableFeatureDetails"`
}

// CreateBackupInput is CreateBackup's request.
type CreateBackupInput struct {
	TableName  string `json:"TableName"`
	BackupName string `json:"BackupName"`
}

// CreateBackupOutput is CreateBackup's response.
type CreateBackupOutput struct {
	BackupDetails *BackupDetails `json:"BackupDetails"`
}

// DescribeBackupInput is DescribeBackup's request.
type DescribeBackupInput struct {
	BackupArn string `json:"BackupArn"`
}

// DescribeBackupOutput is DescribeBackup's response.
type DescribeBackupOutput struct {
	BackupDescription *BackupDescription `json:"BackupDescription"`
}

// DeleteBackupInput is DeleteBackup's request.
type DeleteBackupInput struct {
	BackupArn string `json:"BackupArn"`
}

// DeleteBackupOutput is DeleteBackup's response.
type DeleteBackupOutput struct {
	BackupDescription *BackupDescription `json:"BackupDescription"`
}

// ListBackupsInput is ListBackups' request.
type ListBackupsInput struct {
	TableName               string   `json:"TableName,omitempty"`
	Limit                   *int     `json:"Limit,omitempty"`
	TimeRangeLowerBound     *float64 `json:"TimeRangeLowerBound,omitempty"`
	TimeRangeUpperBound     *float64 `json:"TimeRangeUpperBound,omitempty"`
	ExclusiveStartBackupArn string   `json:"ExclusiveStartBackupArn,omitempty"`
	BackupType              string   `json:"BackupType,omitempty"`
}

// BackupSummary is one backup in ListBackups.
type BackupSummary struct {
	TableName              string   `json:"TableName"`
	TableId                string   `json:"TableId"`
	TableArn               string   `json:"TableArn"`
	BackupArn              string   `json:"BackupArn"`
	BackupName             string   `json:"BackupName"`
	BackupCreationDateTime float64  `json:"BackupCreationDateTime"`
	BackupExpiryDateTime   *float64 `json:"BackupExpiryDateTime,omitempty"`
	BackupStatus           string   `json:"BackupStatus"`
	BackupType             string   `json:"BackupType"`
	BackupSizeBytes        int64    `json:"BackupSizeBytes"`
}

// ListBackupsOutput is ListBackups' response.
type ListBackupsOutput struct {
	BackupSummaries        []BackupSummary `json:"BackupSummaries"`
	LastEvaluatedBackupArn string          `json:"LastEvaluatedBackupArn,omitempty"`
}

// RestoreTableFromBackupInput is RestoreTableFromBackup's request.
type RestoreTableFromBackupInput struct {
	TargetTableName               string                 `json:"TargetTableName"`
	BackupArn                     string                 `json:"BackupArn"`
	BillingModeOverride           string                 `json:"BillingModeOverride,omitempty"`
	GlobalSecondaryIndexOverride  []GlobalSecondaryIndex `json:"GlobalSecondaryIndexOverride,omitempty"`
	LocalSecondaryIndexOverride   []LocalSecondaryIndex  `json:"LocalSecondaryIndexOverride,omitempty"`
	ProvisionedThroughputOverride *ProvisionedThroughput `json:"ProvisionedThroughputOverride,omitempty"`
	OnDemandThroughputOverride    *OnDemandThroughput    `json:"OnDemandThroughputOverride,omitempty"`
	SSESpecificationOverride      *SSESpecification      `json:"SSESpecificationOverride,omitempty"`
}

// RestoreTableFromBackupOutput is RestoreTableFromBackup's response.
type RestoreTableFromBackupOutput struct {
	TableDescription *TableDescription `json:"TableDescription"`
}
