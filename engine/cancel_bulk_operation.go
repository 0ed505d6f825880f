package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

// CancelBulkOperation asks a running bulk operation to stop: it is
// CANCELLING until its current batch is written, then CANCELLED; the items
// it wrote stay. An operation that has ended cannot be cancelled.
func (e *Engine) CancelBulkOperation(ctx context.Context, in *model.CancelBulkOperationInput) (*model.CancelBulkOperationOutput, error) {
	j, err := e.bulkJob(ctx, in.BulkOperationArn)
	if err != nil {
		return nil, err
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	switch j.rec.Bulk.BulkOperationStatus {
	case statusInProgress:
		j.rec.Bulk.BulkOperationStatus = statusCancelling
	case statusCancelling:
	default:
		return nil, model.Validation("Bulk operation %s is %s and cannot be cancelled", j.rec.Bulk.BulkOperationArn, j.rec.Bulk.BulkOperationStatus)
	}
	return &model.CancelBulkOperationOutput{BulkOperationArn: j.rec.Bulk.BulkOperationArn}, nil
}
