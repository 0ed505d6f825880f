package capacity

import (
	"fmt"
	"math"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// On a remote backend the pane shows what DynamoDB can tell a client: the
// capacity the explorer's own requests consumed, second by second, as
// DynamoDB reported it in each answer; and, for AWS tables, CloudWatch's
// one-minute ConsumedRead/WriteCapacityUnits, ThrottledRequests and
// Read/WriteThrottleEvents of the last three hours, read at most once a
// minute (GetMetricData is billed per metric) — or why they cannot be read.
// Partitions and bucket levels are DynamoDB's secret; the traffic
// generator belongs to the embedded engine.

// metricsEvery is how often CloudWatch is read at most, per table.
const metricsEvery = time.Minute

// remoteData is one read of the explorer's own consumption on a table.
type remoteData struct {
	secs   []remoteapi.Second
	totals remoteapi.Totals
}

// metricsState is the last CloudWatch read of a table.
type metricsState struct {
	table   string
	asked   time.Time // wall time of the last request
	loading bool
	m       *remoteapi.TableMetrics
	err     error
}

// metricsMsg carries a CloudWatch read.
type metricsMsg struct {
	table string
	m     *remoteapi.TableMetrics
	err   error
}

// trafficOnRemote is what the traffic keys say on a remote backend.
const trafficOnRemote = "the traffic generator runs on the embedded engine only: C copies a slice of this table into the sandbox, where t runs it"

// throttlesOnRemote says where a remote table's throttle reasons are.
const throttlesOnRemote = "DynamoDB names the reason of each throttle in its answer (ThrottlingReasons), shown with the error of the request it refused; CloudWatch counts throttles without reasons"

// readRemote reads the explorer's own consumption of table.
func readRemote(cm remoteapi.ConsumptionMeter, table string) *remoteData {
	m := cm.Consumption()
	return &remoteData{secs: m.PerSecond(table, chartWindow), totals: m.Totals()}
}

// metrics reads CloudWatch for the table shown when its last read is a
// minute old (or there is none); the time asked is recorded at once, so a
// slow or failing CloudWatch is not asked more often.
func (p *Model) metrics() tea.Cmd {
	mr, ok := p.api.(remoteapi.MetricsReader)
	if !ok || p.table == "" || p.sel.Desc == nil {
		return nil
	}
	c := p.cw
	if c != nil && c.table == p.table && (c.loading || time.Since(c.asked) < metricsEvery) {
		return nil
	}
	p.cw = &metricsState{table: p.table, asked: time.Now(), loading: true}
	if c != nil && c.table == p.table {
		p.cw.m, p.cw.err = c.m, c.err // shown until the new read lands
	}
	table := p.table
	var gsis []string
	for _, g := range p.sel.Desc.GlobalSecondaryIndexes {
		gsis = append(gsis, g.IndexName)
	}
	return func() tea.Msg {
		m, err := mr.TableMetrics(kit.Bg, table, gsis)
		return metricsMsg{table: table, m: m, err: err}
	}
}

// onMetrics takes a CloudWatch read.
func (p *Model) onMetrics(msg metricsMsg) {
	if p.cw == nil || p.cw.table != msg.table {
		return
	}
	p.cw.loading, p.cw.m, p.cw.err = false, msg.m, msg.err
}

// snapshotOf makes the chart's input from the table's description and the
// explorer's own seconds.
func snapshotOf(d *model.TableDescription, secs []remoteapi.Second) capacity.MetricsSnapshot {
	s := capacity.MetricsSnapshot{Table: d.TableName, Found: true, BillingMode: model.BillingProvisioned}
	if d.BillingModeSummary != nil && d.BillingModeSummary.BillingMode == model.BillingPayPerRequest {
		s.BillingMode = model.BillingPayPerRequest
		// the lines are the configured maxima, where there are some
		if odt := d.OnDemandThroughput; odt != nil {
			if v := odt.MaxReadRequestUnits; v != nil && *v > 0 {
				s.ReadLimit, s.ReadMax = *v, true
			}
			if v := odt.MaxWriteRequestUnits; v != nil && *v > 0 {
				s.WriteLimit, s.WriteMax = *v, true
			}
		}
	} else if pt := d.ProvisionedThroughput; pt != nil {
		s.ReadLimit, s.WriteLimit = pt.ReadCapacityUnits, pt.WriteCapacityUnits
	}
	if w := d.WarmThroughput; w != nil {
		s.WarmRead, s.WarmWrite = w.ReadUnitsPerSecond, w.WriteUnitsPerSecond
	}
	for _, sec := range secs {
		s.Points = append(s.Points, capacity.Sample{Second: sec.Start.Unix(), RCU: sec.Read, WCU: sec.Write})
	}
	return s
}

// remoteView draws the pane on a remote backend.
func (p *Model) remoteView() string {
	st := p.st
	d := p.sel.Desc
	if d == nil {
		return st.Dim.Render("No table selected.")
	}
	r := p.data.remote
	snap := snapshotOf(d, r.secs)
	right := "ON-DEMAND (pay per request)"
	if snap.ReadMax || snap.WriteMax {
		var maxima []string
		if snap.ReadMax {
			maxima = append(maxima, kit.FmtInt(snap.ReadLimit)+" RRU")
		}
		if snap.WriteMax {
			maxima = append(maxima, kit.FmtInt(snap.WriteLimit)+" WRU")
		}
		right = "ON-DEMAND ≤ " + strings.Join(maxima, " / ") + " a second (maximum)"
	}
	if snap.BillingMode == model.BillingProvisioned {
		right = fmt.Sprintf("PROVISIONED %s RCU / %s WCU", kit.FmtInt(snap.ReadLimit), kit.FmtInt(snap.WriteLimit))
	}
	t := r.totals
	own := fmt.Sprintf("this explorer's own requests, per second, as DynamoDB reported them · since start %s RCU · %s WCU in %s",
		kit.Units(t.ReadUnits), kit.Units(t.WriteUnits), kit.Plural(int64(t.Requests), "request", ""))
	if t.Unmetered > 0 {
		own += fmt.Sprintf(" (%s without ConsumedCapacity)", kit.FmtInt(int64(t.Unmetered)))
	}
	if wt := warmText(snap); wt != "" {
		right += " · " + wt
	}
	head := []string{kit.TitleLine(st, d.TableName, right, p.w)}
	head = append(head, kit.WrapStyled(st.Dim, own, p.w)...)
	cw := p.cloudWatchLines()
	traffic := []string{st.Dim.Render(kit.Cut("Throttles: "+throttlesOnRemote, p.w)), st.Dim.Render(kit.Cut("Traffic: "+trafficOnRemote, p.w))}
	if p.traffic.err != "" {
		traffic = []string{st.Warn.Render(kit.Cut("✗ "+p.traffic.err, p.w))}
	}
	fixed := len(head) + 1 + 5 + len(cw) + len(traffic)
	rows := min(max((p.h-fixed-1)/2, 2), 8)
	cols := p.w - gutter
	out := append([]string{}, head...)
	out = append(out, "")
	out = append(out, p.chart(snap, false, rows, cols)...)
	out = append(out, p.chart(snap, true, rows, cols)...)
	out = append(out, p.timeAxis(snap, cols))
	out = append(out, cw...)
	out = append(out, traffic...)
	return strings.Join(out, "\n")
}

// cloudWatchLines are CloudWatch's series of the table and its GSIs, one
// line each, or why they cannot be read.
func (p *Model) cloudWatchLines() []string {
	st := p.st
	head := st.Header.Render("CloudWatch") + st.Dim.Render(" · the last 3 h, one-minute sums, all clients · read at most once a minute")
	out := []string{"", kit.Cut(head, p.w)}
	c := p.cw
	switch {
	case c == nil || c.table != p.table || (c.loading && c.m == nil && c.err == nil):
		return append(out, st.Dim.Render("  reading…"))
	case c.err != nil:
		return append(out, kit.WrapStyled(st.Warn, "  "+c.err.Error(), p.w)...)
	}
	m := c.m
	spark := min(max(p.w-50, 10), 90)
	line := func(label string, s *remoteapi.MetricSeries) string {
		if s == nil {
			return ""
		}
		var peak, sum float64
		for _, pt := range s.Points {
			peak = max(peak, pt.Value)
			sum += pt.Value
		}
		text := fmt.Sprintf("  %s %s peak %s/min · total %s", kit.Fit(label, 22), metricSpark(st, s.Points, m.Start, m.End, spark),
			kit.FmtUnits(peak), kit.FmtUnits(sum))
		if s.Partial {
			text += " · " + st.Warn.Render("partial: "+strings.Join(s.Messages, "; "))
		}
		return kit.Cut(text, p.w)
	}
	for _, mt := range []struct{ name, label string }{
		{remoteapi.MetricConsumedRead, "consumed RCU"}, {remoteapi.MetricConsumedWrite, "consumed WCU"},
		{remoteapi.MetricThrottled, "throttled requests"}, {remoteapi.MetricReadThrottles, "read throttle events"},
		{remoteapi.MetricWriteThrottles, "write throttle events"},
	} {
		if l := line(mt.label, m.Get("", mt.name)); l != "" {
			out = append(out, l)
		}
	}
	for _, g := range p.sel.Desc.GlobalSecondaryIndexes {
		for _, mt := range []struct{ name, label string }{{remoteapi.MetricConsumedRead, "RCU"}, {remoteapi.MetricConsumedWrite, "WCU"}} {
			if l := line("GSI "+g.IndexName+" "+mt.label, m.Get(g.IndexName, mt.name)); l != "" {
				out = append(out, l)
			}
		}
	}
	return out
}

// metricSpark draws per-minute points between start and end on n cells,
// each cell the largest minute it covers, scaled to the series' peak; a
// minute without data is a dim dot.
func metricSpark(st *kit.Styles, pts []remoteapi.MetricPoint, start, end time.Time, n int) string {
	cells := make([]chartCell, n)
	span := end.Sub(start)
	if span <= 0 || n <= 0 {
		return ""
	}
	vals := make([]float64, n)
	seen := make([]bool, n)
	var peak float64
	for _, pt := range pts {
		i := int(float64(pt.Time.Sub(start)) / float64(span) * float64(n))
		if i < 0 || i >= n {
			continue
		}
		vals[i] = max(vals[i], pt.Value)
		seen[i] = true
		peak = max(peak, pt.Value)
	}
	for i := range cells {
		switch {
		case !seen[i] || vals[i] == 0 || peak == 0:
			cells[i] = chartCell{'·', &st.Dim}
		default:
			cells[i] = chartCell{eighths[max(int(math.Round(vals[i]/peak*8)), 1)], &st.OK}
		}
	}
	return renderCells(cells)
}
