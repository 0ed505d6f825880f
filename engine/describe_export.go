package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

// DescribeExport describes an export by its ARN.
func (e *Engine) DescribeExport(ctx context.Context, in *model.DescribeExportInput) (*model.DescribeExportOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	if in.ExportArn == nil {
		return nil, model.Validation("1 validation error detected: Value null at 'exportArn' failed to satisfy constraint: Member must not be null")
	}
	if n := len(*in.ExportArn); n < 37 || n > 1024 {
		return nil, model.Validation("1 validation error detected: Value '%s' at 'exportArn' failed to satisfy constraint: Member must have length %s", *in.ExportArn, lengthRule(n, 37, 1024))
	}
	j := e.findJob(*in.ExportArn, jobExport)
	if j == nil {
		return nil, model.NewError(model.ErrExportNotFound, "Export not found: %s", *in.ExportArn)
	}
	return &model.DescribeExportOutput{ExportDescription: j.snapshot().Export}, nil
}
