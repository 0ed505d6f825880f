package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

// DescribeImport describes an import by its ARN.
func (e *Engine) DescribeImport(ctx context.Context, in *model.DescribeImportInput) (*model.DescribeImportOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	if in.ImportArn == nil {
		return nil, model.Validation("1 validation error detected: Value null at 'importArn' failed to satisfy constraint: Member must not be null")
	}
	if n := len(*in.ImportArn); n < 37 || n > 1024 {
		return nil, model.Validation("1 validation error detected: Value '%s' at 'importArn' failed to satisfy constraint: Member must have length %s", *in.ImportArn, lengthRule(n, 37, 1024))
	}
	j := e.findJob(*in.ImportArn, jobImport)
	if j == nil {
		return nil, model.NewError(model.ErrImportNotFound, "Import not found: %s", *in.ImportArn)
	}
	rec := j.snapshot()
	return &model.DescribeImportOutput{ImportTableDescription: rec.Import}, nil
}

// lengthRule is the constraint a length n broke.
func lengthRule(n, min, max int) string {
	if n < min {
		return "greater than or equal to " + itoa(min)
	}
	return "less than or equal to " + itoa(max)
}
