package ui

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/dynoscope/dynoscope/engine/capacity"
)

// The capacity charts are drawn here rather than with ntcharts: every
// ntcharts chart imports its canvas package, which needs
// github.com/lrstanley/bubblezone, a module this repository does not
// require (see the capacity pane's note in docs). An area chart of block
// elements, one column per time slot, does what the pane needs: bars of
// consumed units, the provisioned line, and a row marking throttled slots.

// gutter is the width of the charts' y-axis labels ("20,000 ┤").
const gutter = 9

// chartWindow is how many seconds the charts aim to show; a column covers
// enough whole seconds to fit them in the width (its tallest second).
const chartWindow = 150

// blocks are the eighths of a cell, empty to full.
var blocks = []rune(" ▁▂▃▄▅▆▇█")

// column is one slot of a chart: the highest second's units, and the
// requests throttled in it.
type column struct {
	v   float64
	thr int64
}

// columns folds per-second samples (oldest first, the last one the current
// second) into n columns of spc seconds each, aligned on whole multiples of
// spc so that a column does not change its seconds as time moves.
func columns(pts []capacity.Sample, write bool, n, spc int) []column {
	cols := make([]column, n)
	if len(pts) == 0 || n <= 0 {
		return cols
	}
	lastSlot := floorDiv(pts[len(pts)-1].Second, int64(spc))
	for i := len(pts) - 1; i >= 0; i-- {
		s := pts[i]
		c := n - 1 - int(lastSlot-floorDiv(s.Second, int64(spc)))
		if c < 0 {
			break
		}
		v, thr := unitsOf(s, write)
		cols[c].v = max(cols[c].v, v)
		cols[c].thr += thr
	}
	return cols
}

// unitsOf is a sample's write (or read) units and throttled requests.
func unitsOf(s capacity.Sample, write bool) (float64, int64) {
	if write {
		return s.WCU, int64(s.WriteThrottled)
	}
	return s.RCU, int64(s.ReadThrottled)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// chart draws the table's consumed write (or read) units: a title line,
// rows of bars against the provisioned line, and the throttle row.
func (p capacityPane) chart(s capacity.MetricsSnapshot, write bool, rows, width int) []string {
	st := p.st
	unit, limit := "RCU", s.ReadLimit
	if write {
		unit, limit = "WCU", s.WriteLimit
	}
	if s.BillingMode != "PROVISIONED" { // request units
		unit = "RRU"
		if write {
			unit = "WRU"
		}
	}
	width = max(width, 10)
	spc := max((chartWindow+width-1)/width, 1)
	cols := columns(s.Points, write, width, spc)
	var peak float64
	var thr int64
	for _, c := range cols {
		peak = max(peak, c.v)
		thr += c.thr
	}
	now, _ := unitsOf(lastSample(s.Points), write)
	// The provisioned line is drawn when it is within reach of what was
	// consumed; far above (an idle 20,000 WCU table) it is named instead.
	top := niceCeil(peak * 1.1)
	showLimit := limit > 0 && (float64(limit) <= peak*4 || peak == 0)
	if showLimit {
		top = niceCeil(max(float64(limit)*1.1, peak*1.05))
	}
	kind := "provisioned"
	if s.BillingMode != "PROVISIONED" {
		kind = "table limit"
	}
	title := st.Header.Render(unit+"/s") + fmt.Sprintf(" now %s · peak %s", fmtUnits(now), fmtUnits(peak))
	if thr > 0 {
		title += " · " + st.Error.Render("✗ "+fmtInt(thr)+" throttled")
	}
	title += fmt.Sprintf(" · %s %s", kind, fmtInt(limit))
	if !showLimit {
		title += " (above)"
	}
	out := []string{cut(title, p.w)}
	limRow := -1
	if showLimit {
		limRow = rows - 1 - int(float64(limit)/top*float64(rows))
		limRow = min(max(limRow, 0), rows-1)
	}
	for r := 0; r < rows; r++ {
		label := ""
		switch r {
		case 0:
			label = fmtUnits(top)
		case limRow:
			label = fmtInt(limit)
		case rows - 1:
			label = "0"
		}
		if r == limRow && r == 0 {
			label = fmtInt(limit)
		}
		out = append(out, padLeft(label, gutter-2)+" ┤"+p.barRow(cols, r, rows, top, r == limRow))
	}
	marks := make([]rune, len(cols))
	for i, c := range cols {
		marks[i] = ' '
		if c.thr > 0 {
			marks[i] = '✗'
		}
	}
	out = append(out, padLeft("throttled", gutter)+st.Error.Render(string(marks)))
	return out
}

// timeAxis is the line under the charts: how far back their left edge is
// and how many seconds a column holds.
func (p capacityPane) timeAxis(width int) string {
	spc := max((chartWindow+width-1)/width, 1)
	left := "← " + fmtSpan(time.Duration(width*spc)*time.Second) + " ago · " + perColumn(spc)
	return p.st.Dim.Render(strings.Repeat(" ", gutter) + spread(left, "now →", width))
}

// barRow is row r (0 at the top) of the bars; the limit row draws the
// provisioned line where no bar reaches it.
func (p capacityPane) barRow(cols []column, r, rows int, top float64, limit bool) string {
	st := p.st
	var b strings.Builder
	step := top / float64(rows)
	base := step * float64(rows-1-r)
	run := func(s string, thr bool) {
		switch {
		case strings.TrimSpace(s) == "" || s == strings.Repeat("─", len([]rune(s))):
			b.WriteString(st.Dim.Render(s))
		case thr:
			b.WriteString(st.Error.Render(s))
		default:
			b.WriteString(st.OK.Render(s))
		}
	}
	var cur []rune
	curThr := false
	for _, c := range cols {
		e := int(math.Round((c.v - base) / step * 8))
		e = min(max(e, 0), 8)
		if e == 0 && c.v > 0 && r == rows-1 {
			e = 1
		}
		ch := blocks[e]
		if ch == ' ' && limit {
			ch = '─'
		}
		thr := c.thr > 0 && ch != '─' && ch != ' '
		if len(cur) > 0 && (thr != curThr || (ch == '─') != (cur[len(cur)-1] == '─')) {
			run(string(cur), curThr)
			cur = cur[:0]
		}
		cur, curThr = append(cur, ch), thr
	}
	if len(cur) > 0 {
		run(string(cur), curThr)
	}
	return b.String()
}

// sparkline draws the last n seconds of reads or writes on one row, scaled
// to their own peak; throttled seconds are ✗.
func sparkline(st Styles, pts []capacity.Sample, write bool, n int) string {
	var peak float64
	from := max(len(pts)-n, 0)
	for _, s := range pts[from:] {
		v, _ := unitsOf(s, write)
		peak = max(peak, v)
	}
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", n-(len(pts)-from)))
	for _, s := range pts[from:] {
		v, thr := unitsOf(s, write)
		switch {
		case thr > 0:
			b.WriteString(st.Error.Render("✗"))
		case v == 0 || peak == 0:
			b.WriteString(st.Dim.Render("·"))
		default:
			b.WriteRune(blocks[max(int(math.Ceil(v/peak*8)), 1)])
		}
	}
	return b.String()
}

// perColumn is "1 s a column" or "3 s a column (its busiest second)".
func perColumn(spc int) string {
	if spc == 1 {
		return "1 s a column"
	}
	return fmt.Sprintf("%d s a column (its busiest second)", spc)
}

// niceCeil rounds v up to a round number (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6
// or 8 times a power of ten; 1 at least).
func niceCeil(v float64) float64 {
	if v <= 1 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10} {
		if v <= m*p {
			return m * p
		}
	}
	return 10 * p
}

// fmtInt is an integer with thousands separators: "20,000".
func fmtInt(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// fmtUnits is a unit count: whole numbers with separators, else one decimal.
func fmtUnits(u float64) string {
	if math.Abs(u-math.Round(u)) < 1e-9 || math.Abs(u) >= 1000 {
		return fmtInt(int64(math.Round(u)))
	}
	return strconv.FormatFloat(u, 'f', 1, 64)
}

// fmtSpan is a duration for people: "45 s", "2 min 30 s", "29 min" (no
// seconds past ten minutes), "3 h 5 min", "6 d 23 h".
func fmtSpan(d time.Duration) string {
	if d < 0 {
		d = -d
	}
	s := int64(d / time.Second)
	switch {
	case s < 60:
		return fmt.Sprintf("%d s", s)
	case s < 3600:
		if s%60 == 0 || s >= 600 {
			return fmt.Sprintf("%d min", s/60)
		}
		return fmt.Sprintf("%d min %d s", s/60, s%60)
	case s < 86400:
		if s%3600/60 == 0 {
			return fmt.Sprintf("%d h", s/3600)
		}
		return fmt.Sprintf("%d h %d min", s/3600, s%3600/60)
	}
	if s%86400/3600 == 0 {
		return fmt.Sprintf("%d d", s/86400)
	}
	return fmt.Sprintf("%d d %d h", s/86400, s%86400/3600)
}
