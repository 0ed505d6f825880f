package capacity

import (
	"fmt"
	"strings"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// insightsSource is the embedded engine's Contributor Insights data: the
// key heat of a table or GSI with insights enabled.
type insightsSource interface {
	ContributorInsightsReport(table, index string, top int) (*engine.InsightsReport, bool)
}

// insightsTop is how many keys a line names at most.
const insightsTop = 5

// readInsights reads the reports of the table and of its GSIs that have
// Contributor Insights enabled (none: nil). It runs in the fetch command.
func readInsights(api engine.API, table string, snap capacity.MetricsSnapshot) []*engine.InsightsReport {
	src, ok := api.(insightsSource)
	if !ok {
		return nil
	}
	var out []*engine.InsightsReport
	if r, ok := src.ContributorInsightsReport(table, "", insightsTop); ok {
		out = append(out, r)
	}
	for _, ix := range snap.Indexes {
		if !ix.Global {
			continue
		}
		if r, ok := src.ContributorInsightsReport(table, ix.Name, insightsTop); ok {
			out = append(out, r)
		}
	}
	return out
}

// insightsLines is the Contributor Insights section: for the table and
// each GSI with insights enabled, its most accessed keys (by the capacity
// units they consumed) and its most throttled keys (by throttled
// requests) over the report's window — by whole key where there is a sort
// key (the SKC and SKT rules), else by partition key (PKC, PKT).
func (p *Model) insightsLines(reports []*engine.InsightsReport) []string {
	if len(reports) == 0 {
		return nil
	}
	st := p.st
	win := reports[0].Window
	out := []string{kit.Cut(st.Header.Render("Contributor Insights")+
		st.Dim.Render(fmt.Sprintf("  most accessed and most throttled keys, last %d min", int(win.Minutes()))), p.w)}
	for _, r := range reports {
		label := "table"
		if r.IndexName != "" {
			label = "GSI " + r.IndexName
		}
		accessed, throttled := r.MostAccessedPartitions, r.MostThrottledPartitions
		if r.HasSortKey {
			accessed, throttled = r.MostAccessedKeys, r.MostThrottledKeys
		}
		if r.Mode == model.InsightsAccessedAndThrottled {
			out = append(out, p.keyLine(label, "accessed", accessed, false))
			label = ""
		}
		out = append(out, p.keyLine(label, "throttled", throttled, true))
	}
	return out
}

// keyLine is one rule's top keys: "hot/1.5 6.5 · cold/0 2" (units), or
// "✗ 12" after each key for throttles.
func (p *Model) keyLine(target, what string, keys []engine.KeyHeat, throttles bool) string {
	st := p.st
	head := fmt.Sprintf("%*s %-9s ", gutter-1, kit.Fit(target, gutter-1), what)
	if len(keys) == 0 {
		return kit.Cut(head+st.Dim.Render("none yet"), p.w)
	}
	parts := make([]string, len(keys))
	for i, k := range keys {
		name := k.PartitionKey
		if k.SortKey != "" {
			name += "/" + k.SortKey
		}
		if throttles {
			parts[i] = name + " " + st.Error.Render("✗ "+kit.FmtInt(k.Throttles))
		} else {
			parts[i] = name + " " + st.Dim.Render(kit.FmtUnits(k.Units))
		}
	}
	return kit.Cut(head+strings.Join(parts, st.Dim.Render(" · ")), p.w)
}
