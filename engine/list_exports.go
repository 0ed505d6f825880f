package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

// ListExports lists exports, oldest first, all or one table's, MaxResults
// (1 to 25, default 25) at a time.
func (e *Engine) ListExports(ctx context.Context, in *model.ListExportsInput) (*model.ListExportsOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	size := 25
	if in.MaxResults != nil {
		if *in.MaxResults < 1 || *in.MaxResults > 25 {
			return nil, model.Validation("1 validation error detected: Value '%d' at 'maxResults' failed to satisfy constraint: Member must have value %s", *in.MaxResults, valueRule(*in.MaxResults, 1, 25))
		}
		size = *in.MaxResults
	}
	var all []model.ExportSummary
	for _, j := range e.listJobs(jobExport) {
		d := j.snapshot().Export
		if in.TableArn != nil && *in.TableArn != d.TableArn {
			continue
		}
		all = append(all, model.ExportSummary{ExportArn: d.ExportArn, ExportStatus: d.ExportStatus, ExportType: d.ExportType})
	}
	page, next, merr := pageOf(all, in.NextToken, size)
	if merr != nil {
		return nil, merr
	}
	if page == nil {
		page = []model.ExportSummary{}
	}
	return &model.ListExportsOutput{ExportSummaries: page, NextToken: next}, nil
}
