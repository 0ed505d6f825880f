package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

// DescribeBulkOperation describes a bulk operation by its ARN: its status
// and, while it runs, how far it has come (items and bytes processed).
func (e *Engine) DescribeBulkOperation(ctx context.Context, in *model.DescribeBulkOperationInput) (*model.DescribeBulkOperationOutput, error) {
	j, err := e.bulkJob(ctx, in.BulkOperationArn)
	if err != nil {
		return nil, err
	}
	return &model.DescribeBulkOperationOutput{BulkOperationDescription: j.snapshot().Bulk}, nil
}

// bulkJob finds a bulk operation by ARN.
func (e *Engine) bulkJob(ctx context.Context, arn *string) (*job, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	if arn == nil {
		return nil, model.Validation("1 validation error detected: Value null at 'bulkOperationArn' failed to satisfy constraint: Member must not be null")
	}
	j := e.findJob(*arn, jobBulk)
	if j == nil {
		return nil, model.NewError(model.ErrResourceNotFound, "Requested resource not found: Bulk operation: %s not found", *arn)
	}
	return j, nil
}
