package engine

import (
	"fmt"

	"github.com/dynoscope/dynoscope/model"
)

// Contributor Insights settings, per table and per GSI: ENABLED or
// DISABLED with the mode DynamoDB offers (ACCESSED_AND_THROTTLED_KEYS or
// THROTTLED_KEYS), kept in the table's metadata. The rule names are the
// CloudWatch rules DynamoDB creates for them: PKC and PKT (most accessed
// and most throttled partition keys) and, with a sort key, SKC and SKT.

// insightsMeta is one table's or GSI's Contributor Insights setting.
type insightsMeta struct {
	Enabled    bool    `json:"Enabled"`
	Mode       string  `json:"Mode,omitempty"`
	LastUpdate float64 `json:"LastUpdate"`
	// RuleStamp is the millisecond stamp in the rule names, set when
	// enabled.
	RuleStamp int64 `json:"RuleStamp,omitempty"`
}

// insightsTarget finds the table and, when index is not "", its GSI, for
// the Contributor Insights actions. The caller holds e.mu.
func (e *Engine) insightsTarget(table, index string) (*table, *model.Error) {
	t := e.tables[table]
	if t == nil || t.meta.Desc.TableStatus == model.StatusCreating {
		return nil, model.TableNotFound(table)
	}
	if index != "" && t.gsiDesc(index) == nil {
		return nil, model.NewError(model.ErrResourceNotFound, "Requested resource not found: Index: %s not found", index)
	}
	return t, nil
}

// insightsRules returns the rule names of an enabled setting.
func insightsRules(t *table, index string, im insightsMeta) []string {
	kinds := []string{"PKC", "PKT"}
	hasSort := t.rng.name != ""
	if index != "" {
		g := t.gsiDesc(index)
		hasSort = g != nil && len(model.RangeKeys(g.KeySchema)) > 0
	}
	if hasSort {
		kinds = append(kinds, "SKC", "SKT")
	}
	name := t.name
	if index != "" {
		name += "-" + index
	}
	var rules []string
	for _, k := range kinds {
		if im.Mode == model.InsightsThrottledOnly && k[2] == 'C' {
			continue
		}
		rules = append(rules, fmt.Sprintf("DynamoDBContributorInsights-%s-%s-%d", k, name, im.RuleStamp))
	}
	return rules
}

// insightsStatus words a setting's status.
func insightsStatus(im insightsMeta, set bool) string {
	if set && im.Enabled {
		return model.InsightsEnabled
	}
	return model.InsightsDisabled
}
