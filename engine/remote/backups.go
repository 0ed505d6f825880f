package remote

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/model"
)

// Point-in-time recovery and on-demand backups on the real service:
// DescribeContinuousBackups, DescribeBackup and ListBackups read;
// UpdateContinuousBackups, CreateBackup, DeleteBackup and the two restores
// write, and are refused unless the user allowed writes.

// timeOf converts epoch seconds to an SDK time.
func timeOf(f *float64) *time.Time {
	if f == nil {
		return nil
	}
	t := time.UnixMilli(int64(*f*1000 + 0.5))
	return &t
}

func fromContinuousBackups(d *types.ContinuousBackupsDescription) *model.ContinuousBackupsDescription {
	if d == nil {
		return nil
	}
	out := &model.ContinuousBackupsDescription{ContinuousBackupsStatus: string(d.ContinuousBackupsStatus)}
	if p := d.PointInTimeRecoveryDescription; p != nil {
		out.PointInTimeRecoveryDescription = &model.PointInTimeRecoveryDescription{
			PointInTimeRecoveryStatus:  string(p.PointInTimeRecoveryStatus),
			EarliestRestorableDateTime: optEpochOf(p.EarliestRestorableDateTime),
			LatestRestorableDateTime:   optEpochOf(p.LatestRestorableDateTime),
		}
		if p.RecoveryPeriodInDays != nil {
			days := int(*p.RecoveryPeriodInDays)
			out.PointInTimeRecoveryDescription.RecoveryPeriodInDays = &days
		}
	}
	return out
}

// UpdateContinuousBackups turns PITR on or off.
func (b *Backend) UpdateContinuousBackups(ctx context.Context, in *model.UpdateContinuousBackupsInput) (*model.UpdateContinuousBackupsOutput, error) {
	if err := b.refuseWrite(); err != nil {
		return nil, err
	}
	req := &dynamodb.UpdateContinuousBackupsInput{TableName: optStr(in.TableName)}
	if s := in.PointInTimeRecoverySpecification; s != nil {
		req.PointInTimeRecoverySpecification = &types.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: s.PointInTimeRecoveryEnabled}
		if s.RecoveryPeriodInDays != nil {
			req.PointInTimeRecoverySpecification.RecoveryPeriodInDays = aws.Int32(int32(*s.RecoveryPeriodInDays))
		}
	}
	out, err := b.ddb.UpdateContinuousBackups(ctx, req)
	if err != nil {
		return nil, b.asError(err)
	}
	return &model.UpdateContinuousBackupsOutput{ContinuousBackupsDescription: fromContinuousBackups(out.ContinuousBackupsDescription)}, nil
}

// DescribeContinuousBackups tells a table's PITR state.
func (b *Backend) DescribeContinuousBackups(ctx context.Context, in *model.DescribeContinuousBackupsInput) (*model.DescribeContinuousBackupsOutput, error) {
	out, err := b.ddb.DescribeContinuousBackups(ctx, &dynamodb.DescribeContinuousBackupsInput{TableName: optStr(in.TableName)})
	if err != nil {
		return nil, b.asError(err)
	}
	return &model.DescribeContinuousBackupsOutput{ContinuousBackupsDescription: fromContinuousBackups(out.ContinuousBackupsDescription)}, nil
}

func fromBackupDetails(d *types.BackupDetails) *model.BackupDetails {
	if d == nil {
		return nil
	}
	return &model.BackupDetails{BackupArn: deref(d.BackupArn), BackupName: deref(d.BackupName), BackupSizeBytes: d.BackupSizeBytes,
		BackupStatus: string(d.BackupStatus), BackupType: string(d.BackupType), BackupCreationDateTime: epochOf(d.BackupCreationDateTime),
		BackupExpiryDateTime: optEpochOf(d.BackupExpiryDateTime)}
}

func fromThroughput(pt *types.ProvisionedThroughput) *model.ProvisionedThroughput {
	if pt == nil {
		return nil
	}
	return &model.ProvisionedThroughput{ReadCapacityUnits: pt.ReadCapacityUnits, WriteCapacityUnits: pt.WriteCapacityUnits}
}

func fromBackupDescription(d *types.BackupDescription) *model.BackupDescription {
	if d == nil {
		return nil
	}
	out := &model.BackupDescription{BackupDetails: fromBackupDetails(d.BackupDetails)}
	if s := d.SourceTableDetails; s != nil {
		out.SourceTableDetails = &model.SourceTableDetails{TableName: deref(s.TableName), TableId: deref(s.TableId), TableArn: deref(s.TableArn),
			TableSizeBytes: aws.ToInt64(s.TableSizeBytes), KeySchema: fromKeySchema(s.KeySchema), TableCreationDateTime: epochOf(s.TableCreationDateTime),
			ProvisionedThroughput: fromThroughput(s.ProvisionedThroughput), OnDemandThroughput: fromOnDemand(s.OnDemandThroughput),
			ItemCount: aws.ToInt64(s.ItemCount), BillingMode: string(s.BillingMode)}
	}
	if f := d.SourceTableFeatureDetails; f != nil {
		mf := &model.SourceTableFeatureDetails{StreamDescription: fromStreamSpecification(f.StreamDescription)}
		for _, l := range f.LocalSecondaryIndexes {
			mf.LocalSecondaryIndexes = append(mf.LocalSecondaryIndexes, model.LocalSecondaryIndexInfo{IndexName: deref(l.IndexName), KeySchema: fromKeySchema(l.KeySchema), Projection: fromProjection(l.Projection)})
		}
		for _, g := range f.GlobalSecondaryIndexes {
			mf.GlobalSecondaryIndexes = append(mf.GlobalSecondaryIndexes, model.GlobalSecondaryIndexInfo{IndexName: deref(g.IndexName), KeySchema: fromKeySchema(g.KeySchema),
				Projection: fromProjection(g.Projection), ProvisionedThroughput: fromThroughput(g.ProvisionedThroughput), OnDemandThroughput: fromOnDemand(g.OnDemandThroughput)})
		}
		if t := f.TimeToLiveDescription; t != nil {
			mf.TimeToLiveDescription = &model.TimeToLiveDescription{TimeToLiveStatus: string(t.TimeToLiveStatus), AttributeName: deref(t.AttributeName)}
		}
		out.SourceTableFeatureDetails = mf
	}
	return out
}

// CreateBackup takes an on-demand backup.
func (b *Backend) CreateBackup(ctx context.Context, in *model.CreateBackupInput) (*model.CreateBackupOutput, error) {
	if err := b.refuseWrite(); err != nil {
		return nil, err
	}
	out, err := b.ddb.CreateBackup(ctx, &dynamodb.CreateBackupInput{TableName: optStr(in.TableName), BackupName: optStr(in.BackupName)})
	if err != nil {
		return nil, b.asError(err)
	}
	return &model.CreateBackupOutput{BackupDetails: fromBackupDetails(out.BackupDetails)}, nil
}

// DescribeBackup describes a backup.
func (b *Backend) DescribeBackup(ctx context.Context, in *model.DescribeBackupInput) (*model.DescribeBackupOutput, error) {
	out, err := b.ddb.DescribeBackup(ctx, &dynamodb.DescribeBackupInput{BackupArn: optStr(in.BackupArn)})
	if err != nil {
		return nil, b.asError(err)
	}
	return &model.DescribeBackupOutput{BackupDescription: fromBackupDescription(out.BackupDescription)}, nil
}

// DeleteBackup deletes a backup.
func (b *Backend) DeleteBackup(ctx context.Context, in *model.DeleteBackupInput) (*model.DeleteBackupOutput, error) {
	if err := b.refuseWrite(); err != nil {
		return nil, err
	}
	out, err := b.ddb.DeleteBackup(ctx, &dynamodb.DeleteBackupInput{BackupArn: optStr(in.BackupArn)})
	if err != nil {
		return nil, b.asError(err)
	}
	return &model.DeleteBackupOutput{BackupDescription: fromBackupDescription(out.BackupDescription)}, nil
}

// ListBackups lists one page of backups.
func (b *Backend) ListBackups(ctx context.Context, in *model.ListBackupsInput) (*model.ListBackupsOutput, error) {
	req := &dynamodb.ListBackupsInput{TableName: optStr(in.TableName), ExclusiveStartBackupArn: optStr(in.ExclusiveStartBackupArn),
		TimeRangeLowerBound: timeOf(in.TimeRangeLowerBound), TimeRangeUpperBound: timeOf(in.TimeRangeUpperBound),
		BackupType: types.BackupTypeFilter(in.BackupType)}
	if in.Limit != nil {
		req.Limit = aws.Int32(int32(*in.Limit))
	}
	out, err := b.ddb.ListBackups(ctx, req)
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.ListBackupsOutput{BackupSummaries: []model.BackupSummary{}, LastEvaluatedBackupArn: deref(out.LastEvaluatedBackupArn)}
	for _, s := range out.BackupSummaries {
		res.BackupSummaries = append(res.BackupSummaries, model.BackupSummary{TableName: deref(s.TableName), TableId: deref(s.TableId),
			TableArn: deref(s.TableArn), BackupArn: deref(s.BackupArn), BackupName: deref(s.BackupName),
			BackupCreationDateTime: epochOf(s.BackupCreationDateTime), BackupExpiryDateTime: optEpochOf(s.BackupExpiryDateTime),
			BackupStatus: string(s.BackupStatus), BackupType: string(s.BackupType), BackupSizeBytes: aws.ToInt64(s.BackupSizeBytes)})
	}
	return res, nil
}

// RestoreTableFromBackup restores a backup as a new table.
func (b *Backend) RestoreTableFromBackup(ctx context.Context, in *model.RestoreTableFromBackupInput) (*model.RestoreTableFromBackupOutput, error) {
	if err := b.refuseWrite(); err != nil {
		return nil, err
	}
	out, err := b.ddb.RestoreTableFromBackup(ctx, &dynamodb.RestoreTableFromBackupInput{TargetTableName: optStr(in.TargetTableName),
		BackupArn: optStr(in.BackupArn), BillingModeOverride: types.BillingMode(in.BillingModeOverride),
		GlobalSecondaryIndexOverride: toGSIs(in.GlobalSecondaryIndexOverride), LocalSecondaryIndexOverride: toLSIs(in.LocalSecondaryIndexOverride),
		ProvisionedThroughputOverride: toThroughput(in.ProvisionedThroughputOverride), OnDemandThroughputOverride: toOnDemand(in.OnDemandThroughputOverride),
		SSESpecificationOverride: toSSE(in.SSESpecificationOverride)})
	if err != nil {
		return nil, b.asError(err)
	}
	return &model.RestoreTableFromBackupOutput{TableDescription: fromTableDescription(out.TableDescription)}, nil
}

// RestoreTableToPointInTime restores a table as it was at an instant, as a
// new table.
func (b *Backend) RestoreTableToPointInTime(ctx context.Context, in *model.RestoreTableToPointInTimeInput) (*model.RestoreTableToPointInTimeOutput, error) {
	if err := b.refuseWrite(); err != nil {
		return nil, err
	}
	out, err := b.ddb.RestoreTableToPointInTime(ctx, &dynamodb.RestoreTableToPointInTimeInput{TargetTableName: optStr(in.TargetTableName),
		SourceTableName: optStr(in.SourceTableName), SourceTableArn: optStr(in.SourceTableArn),
		UseLatestRestorableTime: in.UseLatestRestorableTime, RestoreDateTime: timeOf(in.RestoreDateTime),
		BillingModeOverride:          types.BillingMode(in.BillingModeOverride),
		GlobalSecondaryIndexOverride: toGSIs(in.GlobalSecondaryIndexOverride), LocalSecondaryIndexOverride: toLSIs(in.LocalSecondaryIndexOverride),
		ProvisionedThroughputOverride: toThroughput(in.ProvisionedThroughputOverride), OnDemandThroughputOverride: toOnDemand(in.OnDemandThroughputOverride),
		SSESpecificationOverride: toSSE(in.SSESpecificationOverride)})
	if err != nil {
		return nil, b.asError(err)
	}
	return &model.RestoreTableToPointInTimeOutput{TableDescription: fromTableDescription(out.TableDescription)}, nil
}
