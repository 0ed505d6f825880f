package server_test

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

func (f *fakeAPI) UpdateContinuousBackups(_ context.Context, in *model.UpdateContinuousBackupsInput) (*model.UpdateContinuousBackupsOutput, error) {
	return result[model.UpdateContinuousBackupsOutput](f, "UpdateContinuousBackups", in)
}

func (f *fakeAPI) DescribeContinuousBackups(_ context.Context, in *model.DescribeContinuousBackupsInput) (*model.DescribeContinuousBackupsOutput, error) {
	return result[model.DescribeContinuousBackupsOutput](f, "DescribeContinuousBackups", in)
}

func (f *fakeAPI) CreateBackup(_ context.Context, in *model.CreateBackupInput) (*model.CreateBackupOutput, error) {
	return result[model.CreateBackupOutput](f, "CreateBackup", in)
}

func (f *fakeAPI) DescribeBackup(_ context.Context, in *model.DescribeBackupInput) (*model.DescribeBackupOutput, error) {
	return result[model.DescribeBackupOutput](f, "DescribeBackup", in)
}

func (f *fakeAPI) DeleteBackup(_ context.Context, in *model.DeleteBackupInput) (*model.DeleteBackupOutput, error) {
	return result[model.DeleteBackupOutput](f, "DeleteBackup", in)
}

func (f *fakeAPI) ListBackups(_ context.Context, in *model.ListBackupsInput) (*model.ListBackupsOutput, error) {
	return result[model.ListBackupsOutput](f, "ListBackups", in)
}

func (f *fakeAPI) RestoreTableFromBackup(_ context.Context, in *model.RestoreTableFromBackupInput) (*model.RestoreTableFromBackupOutput, error) {
	return result[model.RestoreTableFromBackupOutput](f, "RestoreTableFromBackup", in)
}

func (f *fakeAPI) RestoreTableToPointInTime(_ context.Context, in *model.RestoreTableToPointInTimeInput) (*model.RestoreTableToPointInTimeOutput, error) {
	return result[model.RestoreTableToPointInTimeOutput](f, "RestoreTableToPointInTime", in)
}

func (f *fakeAPI) DescribeContributorInsights(_ context.Context, in *model.DescribeContributorInsightsInput) (*model.DescribeContributorInsightsOutput, error) {
	return result[model.DescribeContributorInsightsOutput](f, "DescribeContributorInsights", in)
}

func (f *fakeAPI) UpdateContributorInsights(_ context.Context, in *model.UpdateContributorInsightsInput) (*model.UpdateContributorInsightsOutput, error) {
	return result[model.UpdateContributorInsightsOutput](f, "UpdateContributorInsights", in)
}

func (f *fakeAPI) ListContributorInsights(_ context.Context, in *model.ListContributorInsightsInput) (*model.ListContributorInsightsOutput, error) {
	return result[model.ListContributorInsightsOutput](f, "ListContributorInsights", in)
}

func (f *fakeAPI) DescribeLimits(_ context.Context, in *model.DescribeLimitsInput) (*model.DescribeLimitsOutput, error) {
	return result[model.DescribeLimitsOutput](f, "DescribeLimits", in)
}
