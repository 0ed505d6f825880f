package engine

import (
	"context"
	"sort"
	"strconv"

	"github.com/dynoscope/dynoscope/model"
)

// ListContributorInsights lists the Contributor Insights settings of every
// table, or of one table (and its GSIs), that has had one, at most
// MaxResults (1 to 100, 100 when left out) a page, in table then index
// order; NextToken continues a listing.
func (e *Engine) ListContributorInsights(ctx context.Context, in *model.ListContributorInsightsInput) (*model.ListContributorInsightsOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	table := ""
	var merr *model.Error
	if in.TableName != "" {
		table, merr = e.tableNameOrArn(&c, in.TableName, "tableName")
	}
	if in.MaxResults != nil && *in.MaxResults > 100 {
		c.add(*in.MaxResults, "maxResults", "Member must have value less than or equal to 100")
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	if merr != nil {
		return nil, merr
	}
	start := 0
	if in.NextToken != "" {
		n, err := strconv.Atoi(in.NextToken)
		if err != nil || n < 0 {
			return nil, model.Validation("Invalid NextToken")
		}
		start = n
	}
	limit := 100
	if in.MaxResults != nil && *in.MaxResults > 0 {
		limit = *in.MaxResults
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	if table != "" {
		if t := e.tables[table]; t == nil || t.meta.Desc.TableStatus == model.StatusCreating {
			return nil, model.TableNotFound(table)
		}
	}
	var all []model.ContributorInsightsSummary
	for name, t := range e.tables {
		if table != "" && name != table {
			continue
		}
		for index, im := range t.meta.Insights {
			all = append(all, model.ContributorInsightsSummary{TableName: name, IndexName: index,
				ContributorInsightsStatus: insightsStatus(im, true), ContributorInsightsMode: im.Mode})
		}
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].TableName != all[j].TableName {
			return all[i].TableName < all[j].TableName
		}
		return all[i].IndexName < all[j].IndexName
	})
	out := &model.ListContributorInsightsOutput{ContributorInsightsSummaries: []model.ContributorInsightsSummary{}}
	if start < len(all) {
		end := min(start+limit, len(all))
		out.ContributorInsightsSummaries = append(out.ContributorInsightsSummaries, all[start:end]...)
		if end < len(all) {
			out.NextToken = strconv.Itoa(end)
		}
	}
	return out, nil
}
