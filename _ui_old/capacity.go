package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
)

// capacityPane shows a table's throughput live: consumed RCU and WCU per
// second against the provisioned lines, throttled seconds marked, each
// index, a heat strip of the partitions against their 3,000 RCU / 1,000 WCU
// limits, and the traffic generator.
type capacityPane struct {
	st    Styles
	keys  capacityKeys
	table string
	data  *capacityData
	w, h  int
}

// capacityData is one fetch of a table's metrics.
type capacityData struct {
	snap    capacity.MetricsSnapshot
	noMeter bool
}

type capacityKeys struct {
	Workload, WorkloadBack, RateUp, RateDown, Traffic, TrafficHere, Remove key.Binding
}

func newCapacityPane(st Styles, km keymap.KeyMap) capacityPane {
	l := km.Live
	return capacityPane{st: st, keys: capacityKeys{Workload: l.Workload, WorkloadBack: l.WorkloadBack,
		RateUp: l.RateUp, RateDown: l.RateDown, Traffic: l.Traffic, TrafficHere: l.TrafficHere, Remove: l.RemoveTraffic}}
}

// capacityHelp is the capacity pane's help; the traffic key says whether it
// starts or stops.
type capacityHelp struct {
	k       capacityKeys
	running bool
}

func (h capacityHelp) ShortHelp() []key.Binding {
	t := h.k.Traffic
	t.SetHelp("t", "start traffic")
	if h.running {
		t.SetHelp("t", "stop traffic")
	}
	return []key.Binding{t, h.k.Workload, h.k.RateUp, h.k.Remove}
}

func (h capacityHelp) FullHelp() [][]key.Binding {
	return [][]key.Binding{{h.k.Traffic, h.k.TrafficHere, h.k.Remove, h.k.Workload, h.k.WorkloadBack, h.k.RateUp, h.k.RateDown}}
}

func (p capacityPane) keyMap(t trafficState) help.KeyMap {
	return capacityHelp{k: p.keys, running: t.want}
}

// SetSize sets the inner size.
func (p *capacityPane) SetSize(w, h int) { p.w, p.h = w, h }

// SetTable shows another table (its metrics come with the next fetch).
func (p *capacityPane) SetTable(table string) {
	if table != p.table {
		p.table, p.data = table, nil
	}
}

// SetData takes a fetch.
func (p *capacityPane) SetData(d capacityData) { p.data = &d }

// fetchCapacity reads a table's metrics and the running workload's counts.
func fetchCapacity(api engine.API, gen int, once bool, table string, tr *engine.Traffic) func() tea.Msg {
	return func() tea.Msg {
		msg := capacityMsg{gen: gen, once: once, table: table}
		ms, ok := api.(meterSource)
		if !ok {
			msg.snap.noMeter = true
			return msg
		}
		msg.snap.snap = ms.Meter().Series(table, time.Time{})
		if tr != nil {
			msg.traffic = trafficStatus{on: true, w: tr.Workload(), stats: tr.Stats()}
		}
		return msg
	}
}

// capacityKey handles a key in the capacity pane.
func (l *live) capacityKey(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return nil
	}
	ck := l.capacity.keys
	switch {
	case key.Matches(k, ck.Traffic):
		return l.toggleTraffic()
	case key.Matches(k, ck.TrafficHere):
		return l.askTraffic()
	case key.Matches(k, ck.Remove):
		return l.removeTraffic(l.sel.table())
	case key.Matches(k, ck.Workload):
		return l.retune(1, 0)
	case key.Matches(k, ck.WorkloadBack):
		return l.retune(-1, 0)
	case key.Matches(k, ck.RateUp):
		return l.retune(0, 1)
	case key.Matches(k, ck.RateDown):
		return l.retune(0, -1)
	}
	return nil
}

// View draws the pane.
func (p capacityPane) View(t trafficState, focused bool) string {
	st := p.st
	if p.table == "" {
		return st.Dim.Render("No table selected.")
	}
	if p.data == nil {
		return st.Title.Render(p.table) + "\n" + st.Dim.Render("reading metrics…")
	}
	if p.data.noMeter {
		return strings.Join(append([]string{st.Title.Render(p.table),
			st.Dim.Render("This backend reports no capacity metrics (the embedded engine does)."), ""},
			p.trafficLines(t, time.Time{})...), "\n")
	}
	s := p.data.snap
	if !s.Found {
		return st.Title.Render(p.table) + "\n" + st.Dim.Render("No metrics for this table (it is being created or was deleted).")
	}
	head := p.header(s)
	traffic := p.trafficLines(t, s.Now)
	heat := p.heatLines(s)
	idx := p.indexLines(s)
	// Fixed lines: header, traffic, a blank, two chart titles and two
	// throttle rows, the heat strip, the indexes; the charts share the rest.
	fixed := len(head) + len(traffic) + 1 + 5 + len(heat) + len(idx)
	blanks := 2
	rows := (p.h - fixed - blanks) / 2
	if rows < 2 {
		blanks, rows = 0, (p.h-fixed)/2
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
	out = append(out, p.timeAxis(cols))
	if blanks > 1 {
		out = append(out, "")
	}
	out = append(out, heat...)
	out = append(out, idx...)
	return strings.Join(out, "\n")
}

// header is the table's billing, limits, partitions and bucket levels.
func (p capacityPane) header(s capacity.MetricsSnapshot) []string {
	st := p.st
	thr := "throttling on"
	if !s.Throttling {
		thr = st.Warn.Render("throttling off")
	}
	parts := fmt.Sprintf("%d partition", len(s.Partitions))
	if len(s.Partitions) != 1 {
		parts += "s"
	}
	if s.BillingMode == model.BillingPayPerRequest {
		right := fmt.Sprintf("ON-DEMAND ≤ %s RRU / %s WRU a second · %s · %s", fmtInt(s.ReadLimit), fmtInt(s.WriteLimit), parts, thr)
		l2 := fmt.Sprintf("left this second: read %s of %s · write %s of %s", fmtUnits(s.ReadLevel), fmtInt(s.ReadLimit), fmtUnits(s.WriteLevel), fmtInt(s.WriteLimit))
		return []string{p.titleLine(s.Table, right), st.Dim.Render(l2)}
	}
	right := fmt.Sprintf("PROVISIONED %s RCU / %s WCU · %s · %s", fmtInt(s.ReadLimit), fmtInt(s.WriteLimit), parts, thr)
	l2 := fmt.Sprintf("buckets: read %s of %s · write %s of %s (%d s of unused capacity kept for bursts)",
		fmtUnits(s.ReadLevel), fmtUnits(s.BurstRead), fmtUnits(s.WriteLevel), fmtUnits(s.BurstWrite), capacity.BurstSeconds)
	return []string{p.titleLine(s.Table, right), st.Dim.Render(l2)}
}

// titleLine is the table's name and what is said of it.
func (p capacityPane) titleLine(table, right string) string {
	return titleLine(p.st, table, right, p.w)
}

// indexLines is one line per secondary index: its last seconds of reads and
// writes against its own throughput (GSIs) or the table's (LSIs).
func (p capacityPane) indexLines(s capacity.MetricsSnapshot) []string {
	st := p.st
	var out []string
	spark := min(max((p.w-60)/2, 6), 30)
	for _, ix := range s.Indexes {
		last := lastSample(ix.Points)
		name := fit(ix.Name, 16)
		if !ix.Global {
			out = append(out, fmt.Sprintf("LSI %s R %s %s  W %s %s  %s", name,
				sparkline(st, ix.Points, false, spark), fmtUnits(last.RCU), sparkline(st, ix.Points, true, spark),
				fmtUnits(last.WCU), st.Dim.Render("counts against the table")))
			continue
		}
		line := fmt.Sprintf("GSI %s R %s %s/%s  W %s %s/%s", name,
			sparkline(st, ix.Points, false, spark), fmtUnits(last.RCU), fmtInt(ix.ReadLimit),
			sparkline(st, ix.Points, true, spark), fmtUnits(last.WCU), fmtInt(ix.WriteLimit))
		if n := throttledIn(ix.Points, spark); n > 0 {
			line += " " + st.Error.Render(fmt.Sprintf("✗ %s throttled", fmtInt(n)))
		}
		out = append(out, line)
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

// throttledIn counts the throttled requests of the last n samples.
func throttledIn(pts []capacity.Sample, n int) int64 {
	var t int64
	for i := max(len(pts)-n, 0); i < len(pts); i++ {
		t += int64(pts[i].ReadThrottled) + int64(pts[i].WriteThrottled)
	}
	return t
}
