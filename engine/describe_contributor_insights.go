package engine

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

// DescribeContributorInsights tells the Contributor Insights setting of a
// table (a name or ARN) or of one of its GSIs: its status and mode, when
// it last changed, and the names of its rules while it is enabled.
func (e *Engine) DescribeContributorInsights(ctx context.Context, in *model.DescribeContributorInsightsInput) (*model.DescribeContributorInsightsOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	name, merr := e.tableNameOrArn(&c, in.TableName, "tableName")
	if in.IndexName != "" {
		c.name(in.IndexName, "indexName", false)
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	if merr != nil {
		return nil, merr
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	t, merr := e.insightsTarget(name, in.IndexName)
	if merr != nil {
		return nil, merr
	}
	im, set := t.meta.Insights[in.IndexName]
	out := &model.DescribeContributorInsightsOutput{TableName: name, IndexName: in.IndexName, ContributorInsightsStatus: insightsStatus(im, set)}
	if set {
		last := im.LastUpdate
		out.LastUpdateDateTime = &last
		out.ContributorInsightsMode = im.Mode
		if im.Enabled {
			out.ContributorInsightsRuleList = insightsRules(t, in.IndexName, im)
		}
	}
	return out, nil
}
