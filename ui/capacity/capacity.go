// Package capacity is the explorer's Capacity pane: a table's throughput
// live — consumed RCU and WCU per second against the provisioned lines (on
// demand: the OnDemandThroughput maximum, marked, or the per-table quota),
// the warm throughput the partitions were sized for, throttled seconds
// marked with their reason (ThrottlingReasons, August 2025: K key range, P
// provisioned, A account, M on-demand maximum; reasons.go), each index, a
// heat strip of the partitions against their 3,000 RCU / 1,000 WCU limits,
// the most accessed and most throttled keys of the table and its GSIs
// while Contributor Insights is enabled on them (insights.go) — and the
// traffic generator.
//
// The generator writes only into data it owns: its vote workloads run on
// its own table (engine.TrafficTable, made when first needed — in a
// workspace file only after a question naming the file — and shown when
// they start); T runs a workload on the selected table instead, after
// a question that names the table, the workspace file and the rate; every
// generated item is marked, and x removes exactly those items again.
package capacity

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// refreshEvery is how often (wall time) the pane reads the metrics while
// on screen.
const refreshEvery = 500 * time.Millisecond

// Model is the Capacity pane.
type Model struct {
	st    *kit.Styles
	keys  keys
	api   engine.API
	file  string // the workspace file ("" in memory), named when asking
	clock kit.ClockControl
	ticks bool // re-arm the refresh (the program; tests fetch by hand)

	sel     kit.Target
	table   string
	data    *data
	shown   bool
	gen     int // refresh chain generation: a stale chain stops re-arming
	traffic trafficState
	cw      *metricsState // CloudWatch, on a remote backend

	w, h int
}

// data is one fetch of a table's metrics.
type data struct {
	snap     capacity.MetricsSnapshot
	noMeter  bool
	remote   *remoteData              // a remote backend's own consumption
	insights []*engine.InsightsReport // the table's and GSIs' with Contributor Insights on
}

type keys struct {
	Workload, WorkloadBack, RateUp, RateDown, Traffic, TrafficHere, Remove key.Binding
}

// New returns the Capacity pane of the workspace api (saved in file, ""
// for memory); ticks makes it refresh itself while shown.
func New(st *kit.Styles, km keymap.KeyMap, api engine.API, file string, ticks bool) *Model {
	l := km.Live
	return &Model{st: st, api: api, file: file, clock: kit.ClockOf(api), ticks: ticks, traffic: newTrafficState(),
		keys: keys{Workload: l.Workload, WorkloadBack: l.WorkloadBack, RateUp: l.RateUp, RateDown: l.RateDown,
			Traffic: l.Traffic, TrafficHere: l.TrafficHere, Remove: l.RemoveTraffic}}
}

// ShortHelp is the pane's keys for the help line; the traffic key says
// whether it starts or stops.
func (p *Model) ShortHelp() []key.Binding {
	if kit.IsRemote(p.api) {
		return nil // the pane says why the generator's keys do nothing here
	}
	t := p.keys.Traffic
	t.SetHelp("t", "start traffic")
	if p.traffic.want {
		t.SetHelp("t", "stop traffic")
	}
	return []key.Binding{t, p.keys.Workload, p.keys.RateUp, p.keys.TrafficHere, p.keys.Remove}
}

// FullHelp is every key of the pane.
func (p *Model) FullHelp() [][]key.Binding {
	k := p.keys
	return [][]key.Binding{{k.Traffic, k.TrafficHere, k.Remove, k.Workload, k.WorkloadBack, k.RateUp, k.RateDown}}
}

// SetSize sets the inner size.
func (p *Model) SetSize(w, h int) { p.w, p.h = w, h }

// SetTarget shows another table (its metrics come with the next fetch).
func (p *Model) SetTarget(t kit.Target, _ *kit.TableInfo) tea.Cmd {
	p.sel = t
	if t.Table() == p.table {
		return nil
	}
	p.table, p.data = t.Table(), nil
	p.gen++
	if p.shown {
		return p.refresh(0, false)
	}
	return nil
}

// SetShown starts the refresh while the pane is on screen.
func (p *Model) SetShown(on bool) tea.Cmd {
	if on == p.shown {
		return nil
	}
	p.shown = on
	p.gen++
	if on {
		return p.refresh(0, false)
	}
	return nil
}

// Refresh reads the metrics once now (outside the refresh chain).
func (p *Model) Refresh() tea.Cmd { return p.refresh(0, true) }

// Traffic reports the table a workload the user wants is running on.
func (p *Model) Traffic() (table string, on bool) { return p.traffic.table, p.traffic.want }

// Running is the workload running, if any.
func (p *Model) Running() *engine.Traffic { return p.traffic.running }

// Close stops the traffic generator.
func (p *Model) Close() { p.traffic.stop() }

// fetchMsg carries one table's metrics and the traffic generator's counts.
type fetchMsg struct {
	gen     int
	once    bool
	table   string
	data    data
	traffic trafficStatus
	paused  bool
}

// refresh fetches the metrics after delay; once marks a fetch outside the
// chain (it does not re-arm).
func (p *Model) refresh(delay time.Duration, once bool) tea.Cmd {
	if p.table == "" {
		return nil
	}
	fetch := fetch(p.api, p.clock, p.gen, once, p.table, p.traffic.running)
	if delay <= 0 {
		return fetch
	}
	return tea.Tick(delay, func(time.Time) tea.Msg { return fetch() })
}

// fetch reads a table's metrics and the running workload's counts.
func fetch(api engine.API, clk kit.ClockControl, gen int, once bool, table string, tr *engine.Traffic) tea.Cmd {
	return func() tea.Msg {
		msg := fetchMsg{gen: gen, once: once, table: table}
		if clk != nil {
			msg.paused = clk.Paused()
		}
		if tr != nil {
			msg.traffic = trafficStatus{on: true, w: tr.Workload(), stats: tr.Stats()}
		}
		if cm, ok := api.(remoteapi.ConsumptionMeter); ok {
			msg.data.remote = readRemote(cm, table)
			return msg
		}
		ms, ok := api.(kit.MeterSource)
		if !ok {
			msg.data.noMeter = true
			return msg
		}
		msg.data.snap = ms.Meter().Series(table, time.Time{})
		msg.data.insights = readInsights(api, table, msg.data.snap)
		return msg
	}
}

// Now is the engine time of the last metrics read (zero before one).
func (p *Model) Now() time.Time {
	if p.data == nil {
		return time.Time{}
	}
	return p.data.snap.Now
}

// Update takes the metrics, the generator's messages and the keys.
func (p *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case fetchMsg:
		if msg.table != p.table || (msg.gen != p.gen && !msg.once) {
			return nil
		}
		p.data = &msg.data
		p.traffic.clockPaused = msg.paused && p.clock != nil
		if msg.traffic.on {
			p.traffic.prevSent = p.traffic.last.stats.Sent
			p.traffic.last = msg.traffic
		}
		var cw tea.Cmd
		if msg.data.remote != nil && p.shown {
			cw = p.metrics()
		}
		if msg.once || !p.ticks || !p.shown {
			return cw
		}
		return tea.Batch(cw, p.refresh(refreshEvery, false))
	case metricsMsg:
		p.onMetrics(msg)
		return nil
	case trafficMsg:
		return p.onTraffic(msg)
	case consentMsg:
		return p.startTraffic(msg.table, true)
	case ownTableMsg:
		return p.startTraffic(p.sel.Table(), false)
	case removedMsg:
		return p.onRemoved(msg)
	case tea.KeyPressMsg:
		k := p.keys
		if kit.IsRemote(p.api) {
			if key.Matches(msg, k.Traffic, k.TrafficHere, k.Remove, k.Workload, k.WorkloadBack, k.RateUp, k.RateDown) {
				p.traffic.err = trafficOnRemote
			}
			return nil
		}
		switch {
		case key.Matches(msg, k.Traffic):
			return p.toggleTraffic()
		case key.Matches(msg, k.TrafficHere):
			return p.askTraffic()
		case key.Matches(msg, k.Remove):
			return p.removeTraffic(p.sel.Table())
		case key.Matches(msg, k.Workload):
			return p.retune(1, 0)
		case key.Matches(msg, k.WorkloadBack):
			return p.retune(-1, 0)
		case key.Matches(msg, k.RateUp):
			return p.retune(0, 1)
		case key.Matches(msg, k.RateDown):
			return p.retune(0, -1)
		}
	}
	return nil
}

// View draws the pane.
func (p *Model) View() string {
	st := p.st
	if p.table == "" {
		return st.Dim.Render("No table selected.")
	}
	if p.data == nil {
		return st.Title.Render(p.table) + "\n" + st.Dim.Render("reading metrics…")
	}
	if p.data.remote != nil {
		return p.remoteView()
	}
	if p.data.noMeter {
		return strings.Join(append([]string{st.Title.Render(p.table),
			st.Dim.Render("This backend reports no capacity metrics (the embedded engine does)."), ""},
			p.trafficLines(time.Time{}, true)...), "\n")
	}
	s := p.data.snap
	if !s.Found {
		return st.Title.Render(p.table) + "\n" + st.Dim.Render("No metrics for this table (it is being created or was deleted).")
	}
	heat := p.heatLines(s)
	idx := p.indexLines(s)
	keys := p.insightsLines(p.data.insights)
	// The header and the traffic lines wrap when the charts keep their
	// room beside them (at least 4 rows each, as at 120x40); in a small
	// pane they are cut, and the charts keep the lines.
	head, traffic := p.header(s, true), p.trafficLines(s.Now, true)
	if p.h-(len(head)+len(traffic)+1+5+len(heat)+len(idx)+len(keys)+2) < 2*4 {
		head, traffic = p.header(s, false), p.trafficLines(s.Now, false)
	}
	// Fixed lines: header, traffic, a blank, two chart titles and two
	// throttle rows, the time axis, the heat strip, the indexes, the
	// Contributor Insights keys; the charts share the rest.
	fixed := len(head) + len(traffic) + 1 + 5 + len(heat) + len(idx) + len(keys)
	blanks := 2
	rows := (p.h - fixed - blanks) / 2
	if rows < 2 {
		blanks, rows = 0, (p.h-fixed)/2
	}
	if rows < 2 && len(keys) > 0 {
		fixed -= len(keys)
		keys, rows = nil, (p.h-fixed)/2
	}
	if rows < 2 {
		idx, rows = nil, max((p.h-fixed+len(idx))/2, 2)
	}
	rows = min(rows, 10)
	cols := p.w - gutter
	var out []string
	out = append(out, head...)
	out = append(out, traffic...)
	out = append(out, "")
	out = append(out, p.chart(s, true, rows, cols)...)
	if blanks > 0 {
		out = append(out, "")
	}
	out = append(out, p.chart(s, false, rows, cols)...)
	out = append(out, p.timeAxis(s, cols))
	if blanks > 1 {
		out = append(out, "")
	}
	out = append(out, heat...)
	out = append(out, idx...)
	out = append(out, keys...)
	return strings.Join(out, "\n")
}

// header is the table's billing, limits, partitions and bucket levels,
// and the warm throughput its partitions were sized for.
func (p *Model) header(s capacity.MetricsSnapshot, wrap bool) []string {
	st := p.st
	thr := "throttling on"
	if !s.Throttling {
		thr = st.Warn.Render("throttling off")
	}
	parts := kit.Plural(int64(len(s.Partitions)), "partition", "")
	if s.BillingMode == model.BillingPayPerRequest {
		limits := fmt.Sprintf("ON-DEMAND ≤ %s RRU%s / %s WRU%s a second", kit.FmtInt(s.ReadLimit), maxMark(s.ReadMax),
			kit.FmtInt(s.WriteLimit), maxMark(s.WriteMax))
		levels := fmt.Sprintf("left this second: read %s of %s · write %s of %s", kit.FmtUnits(s.ReadLevel), kit.FmtInt(s.ReadLimit), kit.FmtUnits(s.WriteLevel), kit.FmtInt(s.WriteLimit))
		return p.headerLines(s.Table, []string{limits, parts, thr}, !s.Throttling, warmText(s), levels, wrap)
	}
	limits := fmt.Sprintf("PROVISIONED %s RCU / %s WCU", kit.FmtInt(s.ReadLimit), kit.FmtInt(s.WriteLimit))
	levels := fmt.Sprintf("buckets: read %s of %s · write %s of %s (%d s of unused capacity kept for bursts)",
		kit.FmtUnits(s.ReadLevel), kit.FmtUnits(s.BurstRead), kit.FmtUnits(s.WriteLevel), kit.FmtUnits(s.BurstWrite), capacity.BurstSeconds)
	return p.headerLines(s.Table, []string{limits, parts, thr}, !s.Throttling, warmText(s), levels, wrap)
}

// headerLines are the title line (the table, then its limits, partition
// count and throttling) and the line of the warm throughput and bucket
// levels: wrapped between their " · " parts where they can, or each cut
// to one line. Cut, the title line drops its last parts whole (throttling
// off, a warning, moves to the start of the second line) and the bucket
// levels, which change, come before the warm throughput, which does not.
func (p *Model) headerLines(table string, right []string, throttlingOff bool, warm, levels string, wrap bool) []string {
	st := p.st
	if !wrap {
		thr := right[2]
		title := kit.Width(st.Title.Render(table)) + 2
		fits := func() bool { return title+kit.Width(strings.Join(right, " · ")) <= p.w }
		if !fits() {
			right = right[:2] // the partition count; throttling off moves down
		}
		if !fits() {
			right = right[:1]
		}
		if !fits() {
			right[0] = strings.TrimSuffix(right[0], " a second")
		}
		if !fits() {
			right[0] = unitsAbbreviated.Replace(right[0])
		}
		l2 := st.Dim.Render(levels)
		if len(right) < 3 && throttlingOff {
			l2 = thr + st.Dim.Render(" · "+levels)
		}
		if warm != "" {
			l2 += st.Dim.Render(" · " + warm)
		}
		return []string{kit.TitleLine(st, table, strings.Join(right, " · "), p.w), kit.Cut(l2, p.w)}
	}
	out := kit.TitleLines(st, table, strings.Join(right, " · "), p.w)
	l2 := levels
	if warm != "" {
		l2 = warm + " · " + levels
	}
	for _, l := range kit.WrapParts(strings.Split(l2, " · "), " · ", p.w) {
		out = append(out, st.Dim.Render(l))
	}
	return out
}

// unitsAbbreviated shortens the limits for a narrow title line, as the
// warm throughput is written ("12,000 R / 4,000 W").
var unitsAbbreviated = strings.NewReplacer(" RRU", " R", " WRU", " W", " RCU", " R", " WCU", " W")

// maxMark marks an on-demand limit that is the table's or GSI's
// configured OnDemandThroughput maximum (May 2024), not the account's
// per-table quota.
func maxMark(configured bool) string {
	if configured {
		return " (maximum)"
	}
	return ""
}

// warmText is "warm 12,000 R / 4,000 W a second": the warm throughput
// (November 2024) the table's partitions were sized for, what it serves at
// once ("" when the table was configured without one).
func warmText(s capacity.MetricsSnapshot) string {
	if s.WarmRead == 0 && s.WarmWrite == 0 {
		return ""
	}
	return fmt.Sprintf("warm %s R / %s W a second", kit.FmtInt(s.WarmRead), kit.FmtInt(s.WarmWrite))
}

// indexLines is one line per secondary index: its last seconds of reads and
// writes against its own throughput (GSIs) or the table's (LSIs).
func (p *Model) indexLines(s capacity.MetricsSnapshot) []string {
	st := p.st
	var out []string
	spark := min(max((p.w-60)/2, 6), 30)
	gsiLine := func(ix capacity.IndexSeries, spark, window int) string {
		last := lastSample(ix.Points)
		line := fmt.Sprintf("GSI %s R %s %s/%s%s  W %s %s/%s%s", kit.Fit(ix.Name, 16),
			sparkline(st, ix.Points, false, spark), kit.FmtUnits(last.RCU), kit.FmtInt(ix.ReadLimit), maxMark(ix.ReadMax),
			sparkline(st, ix.Points, true, spark), kit.FmtUnits(last.WCU), kit.FmtInt(ix.WriteLimit), maxMark(ix.WriteMax))
		if n, by := throttledIn(ix.Points, window); n > 0 {
			line += " " + st.Error.Render(fmt.Sprintf("✗ %s throttled (%s)", kit.FmtInt(n), limitLetters(by)))
		}
		return line
	}
	// narrower sparklines when a GSI's maxima and throttles need the room
	for _, ix := range s.Indexes {
		if ix.Global {
			if text := kit.Width(gsiLine(ix, 0, spark)); text+2*spark > p.w {
				spark = max(min(spark, (p.w-text)/2), 6)
			}
		}
	}
	for _, ix := range s.Indexes {
		last := lastSample(ix.Points)
		name := kit.Fit(ix.Name, 16)
		if !ix.Global {
			out = append(out, kit.Cut(fmt.Sprintf("LSI %s R %s %s  W %s %s  %s", name,
				sparkline(st, ix.Points, false, spark), kit.FmtUnits(last.RCU), sparkline(st, ix.Points, true, spark),
				kit.FmtUnits(last.WCU), st.Dim.Render("counts against the table")), p.w))
			continue
		}
		out = append(out, kit.Cut(gsiLine(ix, spark, spark), p.w))
	}
	if len(out) > 0 {
		out = append([]string{st.Header.Render("Indexes") + st.Dim.Render(fmt.Sprintf("  last %d s, now at the right", spark))}, out...)
	}
	return out
}

// lastSample is the newest sample (zero when none).
func lastSample(pts []capacity.Sample) capacity.Sample {
	if len(pts) == 0 {
		return capacity.Sample{}
	}
	return pts[len(pts)-1]
}

// throttledIn counts the throttled requests of the last n samples, and
// why they were throttled.
func throttledIn(pts []capacity.Sample, n int) (int64, capacity.Limits) {
	var t int64
	var by capacity.Limits
	for i := max(len(pts)-n, 0); i < len(pts); i++ {
		t += int64(pts[i].ReadThrottled) + int64(pts[i].WriteThrottled)
		by |= pts[i].ReadThrottledBy | pts[i].WriteThrottledBy
	}
	return t, by
}
