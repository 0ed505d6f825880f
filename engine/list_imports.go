package engine

import (
	"context"
	"strconv"

	"github.com/dynoscope/dynoscope/model"
)

// ListImports lists imports, oldest first, all or those into one table,
// PageSize (1 to 25, default 25) at a time.
func (e *Engine) ListImports(ctx context.Context, in *model.ListImportsInput) (*model.ListImportsOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	size := 25
	if in.PageSize != nil {
		if *in.PageSize < 1 || *in.PageSize > 25 {
			return nil, model.Validation("1 validation error detected: Value '%d' at 'pageSize' failed to satisfy constraint: Member must have value %s", *in.PageSize, valueRule(*in.PageSize, 1, 25))
		}
		size = *in.PageSize
	}
	var all []model.ImportSummary
	for _, j := range e.listJobs(jobImport) {
		d := j.snapshot().Import
		if in.TableArn != nil && *in.TableArn != d.TableArn {
			continue
		}
		all = append(all, model.ImportSummary{ImportArn: d.ImportArn, ImportStatus: d.ImportStatus, TableArn: d.TableArn,
			S3BucketSource: d.S3BucketSource, CloudWatchLogGroupArn: d.CloudWatchLogGroupArn, InputFormat: d.InputFormat,
			StartTime: d.StartTime, EndTime: d.EndTime})
	}
	page, next, merr := pageOf(all, in.NextToken, size)
	if merr != nil {
		return nil, merr
	}
	if page == nil {
		page = []model.ImportSummary{}
	}
	return &model.ListImportsOutput{ImportSummaryList: page, NextToken: next}, nil
}

// valueRule is the constraint a value v broke.
func valueRule(v, min, max int) string {
	if v < min {
		return "greater than or equal to " + strconv.Itoa(min)
	}
	return "less than or equal to " + strconv.Itoa(max)
}

func itoa(n int) string { return strconv.Itoa(n) }
