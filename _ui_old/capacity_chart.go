package ui

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/NimbleMarkets/ntcharts/barchart"
	"github.com/NimbleMarkets/ntcharts/canvas"
	ntspark "github.com/NimbleMarkets/ntcharts/sparkline"
	"github.com/charmbracelet/lipgloss"

	"github.com/dynoscope/dynoscope/engine/capacity"
)

// The capacity charts are ntcharts canvases: the consumed units per time
// slot are an ntcharts barchart (one bar a column, no gaps, its maximum
// fixed at the chart's top so the bars and the provisioned line share one
// scale), the
// provisioned line is drawn on the barchart's canvas where no bar reaches
// it, and each index's sparklines are ntcharts sparklines with the
// throttled and idle seconds marked on their canvas. The y-axis labels and
// the throttle row (✗ under every throttled slot, so it never rests on
// colour alone) are text beside and under the canvas.

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
	bars := p.bars(cols, rows, top, limRow)
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
		out = append(out, padLeft(label, gutter-2)+" ┤"+bars[r])
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

// bars draws the columns on an ntcharts barchart of rows x len(cols)
// cells scaled to top: one bar a column, throttled ones in the error
// style; on row limRow (-1 for none) the provisioned line fills the cells
// no bar reaches. It returns the canvas's rows.
func (p capacityPane) bars(cols []column, rows int, top float64, limRow int) []string {
	st := p.st
	data := make([]barchart.BarData, len(cols))
	// A second with any units shows at least an eighth of a cell.
	least := top / float64(rows) / 8
	for i, c := range cols {
		v, style := c.v, st.OK
		if v > 0 {
			v = max(v, least)
		}
		if c.thr > 0 {
			style = st.Error
		}
		data[i] = barchart.BarData{Values: []barchart.BarValue{{Value: v, Style: style}}}
	}
	bc := barchart.New(len(cols), rows, barchart.WithNoAxis(), barchart.WithNoAutoBarWidth(),
		barchart.WithBarWidth(1), barchart.WithBarGap(0), barchart.WithNoAutoMaxValue(), barchart.WithMaxValue(top),
		barchart.WithDataSet(data))
	bc.Draw()
	if limRow >= 0 {
		line := canvas.NewCellWithStyle('─', st.Dim)
		for x := range cols {
			pt := canvas.Point{X: x, Y: limRow}
			if bc.Canvas.Cell(pt).Rune == 0 {
				bc.Canvas.SetCell(pt, line)
			}
		}
	}
	return canvasRows(&bc.Canvas, st.Dim)
}

// sparkline draws the last n seconds of reads or writes on one row, an
// ntcharts sparkline scaled to their own peak; throttled seconds are ✗ and
// idle ones ·.
func sparkline(st Styles, pts []capacity.Sample, write bool, n int) string {
	var peak float64
	from := max(len(pts)-n, 0)
	for _, s := range pts[from:] {
		v, _ := unitsOf(s, write)
		peak = max(peak, v)
	}
	sl := ntspark.New(n, 1, ntspark.WithNoAutoMaxValue(), ntspark.WithMaxValue(max(peak, 1e-9)))
	for _, s := range pts[from:] {
		v, _ := unitsOf(s, write)
		if v > 0 {
			v = max(v, peak/8) // any units show at least an eighth
		}
		sl.Push(v)
	}
	sl.DrawColumnsOnly()
	x0 := n - (len(pts) - from)
	for i, s := range pts[from:] {
		v, thr := unitsOf(s, write)
		pt := canvas.Point{X: x0 + i, Y: 0}
		switch {
		case thr > 0:
			sl.Canvas.SetCell(pt, canvas.NewCellWithStyle('✗', st.Error))
		case v == 0 || peak == 0:
			sl.Canvas.SetCell(pt, canvas.NewCellWithStyle('·', st.Dim))
		}
	}
	return canvasRows(&sl.Canvas, lipgloss.NewStyle())[0]
}

// canvasRows is an ntcharts canvas as lines, each run of cells in one style
// rendered at once (the canvas's own View renders every cell on its own,
// some ten times slower and longer in escape codes); empty cells are
// spaces in blank's style.
func canvasRows(c *canvas.Model, blank lipgloss.Style) []string {
	w, h := c.Width(), c.Height()
	out := make([]string, h)
	var b, run strings.Builder
	for y := 0; y < h; y++ {
		b.Reset()
		var cur lipgloss.Style
		open := false
		flush := func() {
			if run.Len() > 0 {
				b.WriteString(cur.Render(run.String()))
				run.Reset()
			}
		}
		for x := 0; x < w; x++ {
			cell := c.Cell(canvas.Point{X: x, Y: y})
			r, style := cell.Rune, cell.Style
			if r == 0 {
				r, style = ' ', blank
			}
			if !open || !sameLook(style, cur) {
				flush()
				cur, open = style, true
			}
			run.WriteRune(r)
		}
		flush()
		out[y] = b.String()
	}
	return out
}

// sameLook reports whether two cell styles draw alike (the chart's styles
// differ in colour and weight only).
func sameLook(a, b lipgloss.Style) bool {
	return a.GetForeground() == b.GetForeground() && a.GetBackground() == b.GetBackground() &&
		a.GetBold() == b.GetBold() && a.GetFaint() == b.GetFaint()
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
