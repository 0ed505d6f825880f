package capacity

import (
	"fmt"
	"strings"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// heatSeconds is how many of the newest seconds a heat cell covers (its
// busiest): the current second is still filling, the one before is whole.
const heatSeconds = 2

// shades are a heat cell's levels: idle, then up to 25, 50, 75 and 100% of
// the partition's limit (more than 100% is adaptive capacity lending).
var shades = []string{"·", "░", "▒", "▓", "█"}

// partHeat is one partition's newest load against its limits.
type partHeat struct {
	rcu, wcu   float64
	rpct, wpct float64
	thr        int64
	by         capacity.Limits // why it throttled
}

func heatOf(ps capacity.PartitionSeries) partHeat {
	var h partHeat
	for i := max(len(ps.Points)-heatSeconds, 0); i < len(ps.Points); i++ {
		s := ps.Points[i]
		h.rcu, h.wcu = max(h.rcu, s.RCU), max(h.wcu, s.WCU)
		h.thr += int64(s.ReadThrottled) + int64(s.WriteThrottled)
		h.by |= s.ReadThrottledBy | s.WriteThrottledBy
	}
	h.rpct = h.rcu / float64(max(ps.CapRCU, 1)) * 100
	h.wpct = h.wcu / float64(max(ps.CapWCU, 1)) * 100
	return h
}

func shade(pct float64) int {
	switch {
	case pct <= 0:
		return 0
	case pct < 25:
		return 1
	case pct < 50:
		return 2
	case pct < 75:
		return 3
	}
	return 4
}

// heatLines is the partition heat strip: a row of cells for reads and one
// for writes, one cell per partition, shaded by its share of the
// partition's 3,000 RCU / 1,000 WCU, ✗ where it throttled; then the hottest
// partition in words.
func (p *Model) heatLines(s capacity.MetricsSnapshot) []string {
	st := p.st
	n := len(s.Partitions)
	if n == 0 {
		return nil
	}
	heats := make([]partHeat, n)
	hot := 0
	for i, ps := range s.Partitions {
		heats[i] = heatOf(ps)
		if load(heats[i]) > load(heats[hot]) {
			hot = i
		}
	}
	avail := max(p.w-gutter, n)
	cw := min(max(avail/n, 1), 4)
	ps0 := s.Partitions[0]
	title := st.Header.Render("Partitions") + st.Dim.Render(fmt.Sprintf(" (≤%s RCU, ≤%s WCU each)  · idle ░ <25%% ▒ <50%% ▓ <75%% █ more ✗ throttled",
		kit.FmtInt(ps0.CapRCU), kit.FmtInt(ps0.CapWCU)))
	out := []string{kit.Cut(title, p.w)}
	for _, write := range []bool{false, true} {
		label := "reads"
		if write {
			label = "writes"
		}
		cells := make([]string, n)
		for i, h := range heats {
			pct := h.rpct
			if write {
				pct = h.wpct
			}
			cells[i] = p.heatCell(pct, h.thr > 0 && pct > 0, cw)
		}
		perRow := max(avail/cw, 1)
		for i := 0; i < n; i += perRow {
			lbl := ""
			if i == 0 {
				lbl = label
			}
			out = append(out, kit.PadLeft(lbl, gutter-1)+" "+strings.Join(cells[i:min(i+perRow, n)], ""))
		}
	}
	h, ph := heats[hot], s.Partitions[hot]
	if load(h) == 0 {
		return append(out, st.Dim.Render(fmt.Sprintf("%*s all idle", gutter-1, "")))
	}
	var loads []string
	if h.wcu > 0 {
		loads = append(loads, fmt.Sprintf("%s of its %s WCU (%.0f%%)", kit.FmtUnits(h.wcu), kit.FmtInt(ph.CapWCU), h.wpct))
	}
	if h.rcu > 0 {
		loads = append(loads, fmt.Sprintf("%s of its %s RCU (%.0f%%)", kit.FmtUnits(h.rcu), kit.FmtInt(ph.CapRCU), h.rpct))
	}
	line := fmt.Sprintf("%*s hottest #%d: %s", gutter-1, "", ph.Partition, strings.Join(loads, " · "))
	if h.thr > 0 {
		// the requests throttled, and why: "✗ 1,000 KeyRangeThroughputExceeded"
		line += " · " + st.Error.Render(fmt.Sprintf("✗ %s %s", kit.FmtInt(h.thr), limitNames(h.by)))
	}
	switch {
	case s.BillingMode == "PROVISIONED":
		line += st.Dim.Render(fmt.Sprintf(" · even share %s RCU / %s WCU", kit.FmtUnits(ph.ShareRCU), kit.FmtUnits(ph.ShareWCU)))
	case load(h) > 100 && h.thr == 0:
		line += st.Dim.Render(" · on-demand: this workspace does not throttle hot partitions")
	}
	line += st.Dim.Render(fmt.Sprintf(" · hash %08x–%08x", ph.Lo, ph.Hi))
	return append(out, kit.Cut(line, p.w))
}

// load is how close a partition is to either limit.
func load(h partHeat) float64 { return max(h.rpct, h.wpct) }

// heatCell is one partition's cell of width w (a space between cells when
// there is room).
func (p *Model) heatCell(pct float64, thr bool, w int) string {
	st := p.st
	k := shade(pct)
	body := w
	if w >= 3 {
		body = w - 1
	}
	s := strings.Repeat(shades[k], body)
	if thr {
		s = "✗" + strings.Repeat(shades[k], body-1)
	}
	switch {
	case thr || pct >= 100:
		s = st.Error.Render(s)
	case k >= 3:
		s = st.Warn.Render(s)
	case k == 0:
		s = st.Dim.Render(s)
	default:
		s = st.OK.Render(s)
	}
	return s + strings.Repeat(" ", w-body)
}
