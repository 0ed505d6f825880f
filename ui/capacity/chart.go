package capacity

import (
	"fmt"
	"math"
	"strings"
	"time"

	"charm.land/lipgloss/v2"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The capacity charts are drawn with Lip Gloss, cell by cell: the
// consumed units per time slot are one column each, a full block per
// eighth-filled row with the top cell in eighths, scaled so the bars and
// the provisioned line share one scale; the provisioned line is drawn where
// no bar reaches it; each index's sparkline is one row of eighth blocks
// with the throttled (✗) and idle (·) seconds marked. The y-axis labels and
// the throttle row (✗ under every throttled slot, so it never rests on
// colour alone) are text beside and under the bars. (ntcharts, which drew
// them before, has no line for Bubble Tea v2 and Lip Gloss v2; what it
// drew here is a few dozen lines.)

// gutter is the width of the charts' y-axis labels ("20,000 ┤").
const gutter = 9

// chartWindow is how many seconds the charts aim to show; a column covers
// enough whole seconds to fit them in the width (its tallest second).
const chartWindow = 150

// column is one slot of a chart: the highest second's units, and the
// requests throttled in it.
type column struct {
	v   float64
	thr int64
	by  capacity.Limits // why they were throttled
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
		cols[c].by |= throttledBy(s, write)
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
func (p *Model) chart(s capacity.MetricsSnapshot, write bool, rows, width int) []string {
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
	configured := s.ReadMax
	if write {
		configured = s.WriteMax
	}
	switch {
	case s.BillingMode == "PROVISIONED":
	case configured:
		kind = "on-demand maximum"
	default:
		kind = "table limit"
	}
	title := st.Header.Render(unit+"/s") + fmt.Sprintf(" now %s · peak %s", kit.FmtUnits(now), kit.FmtUnits(peak))
	if thr > 0 {
		title += " · " + st.Error.Render("✗ "+kit.FmtInt(thr)+" throttled")
	}
	if limit > 0 {
		title += fmt.Sprintf(" · %s %s", kind, kit.FmtInt(limit))
		if !showLimit {
			title += " (above)"
		}
	}
	out := []string{kit.Cut(title, p.w)}
	limRow := -1
	if showLimit {
		limRow = rows - 1 - int(float64(limit)/top*float64(rows))
		limRow = min(max(limRow, 0), rows-1)
	}
	bars := p.bars(cols, rows, top, limRow)
	for r := 0; r < rows; r++ {
		label := ""
		switch r {
		case 0:
			label = kit.FmtUnits(top)
		case limRow:
			label = kit.FmtInt(limit)
		case rows - 1:
			label = "0"
		}
		if r == limRow && r == 0 {
			label = kit.FmtInt(limit)
		}
		out = append(out, kit.PadLeft(label, gutter-2)+" ┤"+bars[r])
	}
	marks := make([]rune, len(cols))
	for i, c := range cols {
		marks[i] = ' '
		if c.thr > 0 {
			marks[i] = throttleMark(c.by)
		}
	}
	out = append(out, kit.PadLeft("throttled", gutter)+st.Error.Render(string(marks)))
	return out
}

// timeAxis is the line under the charts: the letters of the throttle
// marks on the charts and the index sparklines and the reasons they stand
// for, how far back the charts' left edge is and how many seconds a column
// holds.
func (p *Model) timeAxis(s capacity.MetricsSnapshot, width int) string {
	spc := max((chartWindow+width-1)/width, 1)
	left := "← " + kit.FmtSpan(time.Duration(width*spc)*time.Second) + " ago · " + perColumn(spc)
	axis := p.st.Dim.Render(kit.Spread(left, "now →", width))
	by := chartLimits(s.Points, width, spc)
	for _, ix := range s.Indexes {
		by |= chartLimits(ix.Points, width, spc)
	}
	if by != 0 {
		legend := limitsText(by) + " · "
		axis = p.st.Error.Render(legend) + p.st.Dim.Render(kit.Spread(left, "now →", max(width-kit.Width(legend), 1)))
	}
	return strings.Repeat(" ", gutter) + axis
}

// chartLimits is why the requests throttled in the seconds the charts
// show were throttled, reads and writes.
func chartLimits(pts []capacity.Sample, n, spc int) capacity.Limits {
	var by capacity.Limits
	if len(pts) == 0 {
		return 0
	}
	from := (floorDiv(pts[len(pts)-1].Second, int64(spc)) - int64(n) + 1) * int64(spc)
	for _, s := range pts {
		if s.Second >= from {
			by |= s.ReadThrottledBy | s.WriteThrottledBy
		}
	}
	return by
}

// eighths are the partial blocks, one to seven eighths of a cell.
var eighths = []rune{' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'}

// cell is one character of a chart and its style.
type chartCell struct {
	r     rune
	style *lipgloss.Style
}

// bars draws the columns in rows x len(cols) cells scaled to top: one
// column a slot, throttled ones in the error style; on row limRow (-1 for
// none) the provisioned line fills the cells no bar reaches.
func (p *Model) bars(cols []column, rows int, top float64, limRow int) []string {
	st := p.st
	grid := make([][]chartCell, rows)
	for r := range grid {
		grid[r] = make([]chartCell, len(cols))
	}
	// A second with any units shows at least an eighth of a cell.
	least := top / float64(rows) / 8
	for x, c := range cols {
		v, style := c.v, &st.OK
		if v > 0 {
			v = max(v, least)
		}
		if c.thr > 0 {
			style = &st.Error
		}
		fill := int(math.Round(v / top * float64(rows*8)))
		fill = min(fill, rows*8)
		for r := rows - 1; r >= 0 && fill > 0; r-- {
			n := min(fill, 8)
			grid[r][x] = chartCell{eighths[n], style}
			fill -= n
		}
	}
	if limRow >= 0 {
		for x := range cols {
			if grid[limRow][x].r == 0 {
				grid[limRow][x] = chartCell{'─', &st.Dim}
			}
		}
	}
	out := make([]string, rows)
	for r := range grid {
		out[r] = renderCells(grid[r])
	}
	return out
}

// renderCells draws a row of cells, each run in one style rendered at once
// (empty cells are spaces).
func renderCells(cells []chartCell) string {
	var b, run strings.Builder
	var cur *lipgloss.Style
	flush := func() {
		if run.Len() == 0 {
			return
		}
		if cur == nil {
			b.WriteString(run.String())
		} else {
			b.WriteString(cur.Render(run.String()))
		}
		run.Reset()
	}
	for i, c := range cells {
		if c.r == 0 {
			c.r, c.style = ' ', nil
		}
		if i == 0 || c.style != cur {
			flush()
			cur = c.style
		}
		run.WriteRune(c.r)
	}
	flush()
	return b.String()
}

// sparkline draws the last n seconds of reads or writes on one row, scaled
// to their own peak; throttled seconds are ✗ and idle ones ·.
func sparkline(st *kit.Styles, pts []capacity.Sample, write bool, n int) string {
	var peak float64
	from := max(len(pts)-n, 0)
	for _, s := range pts[from:] {
		v, _ := unitsOf(s, write)
		peak = max(peak, v)
	}
	cells := make([]chartCell, n)
	x0 := n - (len(pts) - from)
	for i, s := range pts[from:] {
		v, thr := unitsOf(s, write)
		c := &cells[x0+i]
		switch {
		case thr > 0:
			*c = chartCell{throttleMark(throttledBy(s, write)), &st.Error}
		case v == 0 || peak == 0:
			*c = chartCell{'·', &st.Dim}
		default:
			v = max(v, peak/8) // any units show at least an eighth
			*c = chartCell{eighths[max(int(math.Round(v/peak*8)), 1)], &st.OK}
		}
	}
	return renderCells(cells)
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
