package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

// ListBulkOperations lists the workspace's bulk operations, oldest first,
// MaxResults (default 10) at a time.
func (e *Engine) ListBulkOperations(ctx context.Context, in *model.ListBulkOperationsInput) (*model.ListBulkOperationsOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	size := 10
	if in.MaxResults != nil {
		if *in.MaxResults < 1 || *in.MaxResults > 100 {
			return nil, model.Validation("1 validation error detected: Value '%d' at 'maxResults' failed to satisfy constraint: Member must have value %s", *in.MaxResults, valueRule(*in.MaxResults, 1, 100))
		}
		size = *in.MaxResults
	}
	var all []model.BulkOperationSummary
	for _, j := range e.listJobs(jobBulk) {
		d := j.snapshot().Bulk
		all = append(all, model.BulkOperationSummary{BulkOperationArn: d.BulkOperationArn, BulkOperationStatus: d.BulkOperationStatus, StartTime: d.StartTime, EndTime: d.EndTime})
	}
	page, next, merr := pageOf(all, in.NextToken, size)
	if merr != nil {
		return nil, merr
	}
	if page == nil {
		page = []model.BulkOperationSummary{}
	}
	return &model.ListBulkOperationsOutput{BulkOperationsSummaryList: page, NextToken: next}, nil
}
