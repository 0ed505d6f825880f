package engine

import (
	"context"
	"maps"

	"github.com/dynoscope/dynoscope/model"
)

// UpdateContributorInsights enables or disables Contributor Insights on a
// table (a name or ARN) or one of its GSIs, in the mode given
// (ACCESSED_AND_THROTTLED_KEYS when left out). The change is immediate:
// the reply says ENABLED or DISABLED (DynamoDB passes through ENABLING and
// DISABLING; a workspace has no rules to create).
func (e *Engine) UpdateContributorInsights(ctx context.Context, in *model.UpdateContributorInsightsInput) (*model.UpdateContributorInsightsOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	name, merr := e.tableNameOrArn(&c, in.TableName, "tableName")
	if in.IndexName != "" {
		c.name(in.IndexName, "indexName", false)
	}
	if in.ContributorInsightsAction == "" {
		c.add(nil, "contributorInsightsAction", "Member must not be null")
	}
	c.enum(in.ContributorInsightsAction, "contributorInsightsAction", model.InsightsEnable, model.InsightsDisable)
	c.enum(in.ContributorInsightsMode, "contributorInsightsMode", model.InsightsAccessedAndThrottled, model.InsightsThrottledOnly)
	if err := c.err(); err != nil {
		return nil, err
	}
	if merr != nil {
		return nil, merr
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	t, merr := e.insightsTarget(name, in.IndexName)
	if merr != nil {
		return nil, merr
	}
	now := e.now()
	im := t.meta.Insights[in.IndexName]
	im.LastUpdate = epoch(now)
	if in.ContributorInsightsAction == model.InsightsEnable {
		if !im.Enabled {
			im.RuleStamp = now.UnixMilli()
		}
		im.Enabled = true
		im.Mode = in.ContributorInsightsMode
		if im.Mode == "" {
			im.Mode = model.InsightsAccessedAndThrottled
		}
	} else {
		im.Enabled = false
	}
	m := cloneMeta(&t.meta)
	m.Insights = maps.Clone(m.Insights)
	if m.Insights == nil {
		m.Insights = map[string]insightsMeta{}
	}
	m.Insights[in.IndexName] = im
	if _, err := e.replaceTable(t, m); err != nil {
		return nil, asError(err)
	}
	return &model.UpdateContributorInsightsOutput{TableName: name, IndexName: in.IndexName,
		ContributorInsightsStatus: insightsStatus(im, true), ContributorInsightsMode: im.Mode}, nil
}
