package items

import (
	"fmt"
	"strings"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// View draws the pane.
func (p *Model) View() string {
	st := p.st
	w := p.w
	if !p.tg.Valid() {
		return st.Dim.Render("No table selected.")
	}
	if p.leftOut != nil {
		return p.leftOut.view(st, p.tg, p.survey, w, p.h, p.focused)
	}
	out := make([]string, 0, p.h)
	out = append(out, p.HeaderLine())
	if p.summaryShown() {
		return strings.Join(append(out, p.summaryView()...), "\n")
	}
	screen := p.rowsOnScreen()
	switch {
	case p.err != nil:
		out = append(out, "")
		out = append(out, kit.ErrorBox(st, p.err, w)...)
		return strings.Join(out, "\n")
	case len(p.pages) == 0:
		out = append(out, st.Dim.Render("reading…"))
		return strings.Join(out, "\n")
	}
	var rows []string
	switch {
	case p.chooser != nil:
		out = append(out, p.chooserView(p.h-1)...)
		return strings.Join(out, "\n")
	case p.bulkRunning():
		rows = p.gridRows(screen)
		out = append(out, p.st.Warn.Render(kit.Fit(p.bulkLine(), w)))
	case p.idx != nil:
		rows = p.gridRows(screen)
		fl := fmt.Sprintf("filter /%s · %d of %s match", p.filter.View(p.filtering, 40), len(p.idx), loadedRows(p.windowRows()))
		if p.server != nil {
			fl += " · on the server: " + p.server.text
		}
		out = append(out, kit.Fit(fl+p.sortNote(), w))
	default:
		rows = p.gridRows(screen)
		out = append(out, kit.Fit(p.positionLine(screen), w))
	}
	out = append(out, rows...)
	if p.prompt != nil {
		for len(out) > p.h-2 {
			out = out[:len(out)-1]
		}
		for len(out) < p.h-2 {
			out = append(out, "")
		}
		return strings.Join(append(out, p.promptView()...), "\n")
	}
	legend := p.legend()
	for len(out) < p.h-len(legend) {
		out = append(out, "")
	}
	return strings.Join(append(out, legend...), "\n")
}

// gridRows draws the rows on screen (the window's, or the filter's).
func (p *Model) gridRows(screen int) []string {
	if p.idx != nil {
		return p.g.Render(p.st, p.idx, p.ftop, screen, p.fcursor, p.colOff, p.w, p.focused)
	}
	start := p.offset(p.first)
	return p.g.Render(p.st, nil, p.top-start, screen, p.cursor-start, p.colOff, p.w, p.focused)
}

// summaryView is the summary of the bulk action that ended.
func (p *Model) summaryView() []string {
	out := []string{""}
	for i, l := range p.bulk.summary {
		if i == 0 {
			out = append(out, kit.WrapStyled(p.st.Title, l, p.w)...)
			continue
		}
		out = append(out, kit.WrapIndented(p.st.Dim.UnsetForeground(), "    ", l, p.w)...)
	}
	return append(out, "", p.st.Dim.Render("enter/esc: close the summary"))
}

// loadedRows is "1 loaded row" or "n loaded rows".
func loadedRows(n int) string { return kit.Plural(int64(n), "loaded row", "") }

// HeaderLine says what is browsed: kind, projection, how many of the
// table's items an index holds, the order, and the left-out toggle.
func (p *Model) HeaderLine() string {
	st, tg := p.st, p.tg
	var parts []string
	parts = append(parts, tg.Kind())
	approx := ""
	if kit.IsRemote(p.api) {
		approx = "~"
	}
	building := tg.Index != "" && tg.Status() != model.StatusActive
	if tg.Index != "" {
		parts = append(parts, kit.ProjectionText(tg.Projection()))
		count := approx + kit.FmtInt(tg.ItemCount()) + " of " + approx + kit.Plural(tg.Desc.ItemCount, "item", "")
		if building {
			count += " so far (" + tg.Status() + ")"
		}
		parts = append(parts, count)
	} else {
		parts = append(parts, approx+kit.Plural(tg.ItemCount(), "item", ""))
	}
	order := "scan order: " + strings.Join(tg.HashKeys(), ", ") + " hash"
	if r := tg.RangeKeys(); len(r) > 0 {
		order += ", then " + strings.Join(r, ", ") + " ▲"
	}
	parts = append(parts, order)
	if tg.Vector() != nil {
		parts = []string{"vector: table items shown"}
	}
	if len(p.marks) > 0 {
		parts = append([]string{st.Warn.Render("• " + p.markCount())}, parts...)
	}
	left := st.Title.Render(tg.Label()) + "  " + strings.Join(parts, " · ")
	right := ""
	switch {
	case building && p.leftOutCapable():
		// the items the build has not reached yet are pending, not left
		// out: the list judges every item by the key schema
		right = "[o] left-out (by the key schema)"
	case tg.Index != "" && p.leftOutCapable():
		if n := tg.Desc.ItemCount - tg.ItemCount(); n > 0 {
			right = fmt.Sprintf("[o] show left-out (%s)", kit.FmtInt(n))
		} else {
			right = "[o] left-out: none"
		}
	case tg.Index != "" && p.surveyCapable():
		right = "[o] left-out (reads the table)"
		if ix := p.survey.Index(tg.Index); ix != nil {
			right = fmt.Sprintf("[o] left-out (%s read)", kit.FmtInt(ix.LeftOutCount))
		}
	}
	return kit.Spread(left, right, p.w)
}

func (p *Model) positionLine(screen int) string {
	start := p.offset(p.first)
	n := p.windowRows()
	f, faceted := p.shownFacet()
	if n == 0 && !faceted && p.server == nil {
		if p.loading >= 0 {
			return p.st.Dim.Render("reading…")
		}
		return "no items"
	}
	last := min(p.top+screen, start+n)
	if p.server != nil && !faceted {
		s := p.serverPosition(p.top, last, n)
		switch {
		case p.marking != nil:
			return p.st.Warn.Render(p.markingLine())
		case p.loading >= 0:
			s += " · reading page " + kit.Itoa(p.loading+1) + "…"
		case p.atEnd && !p.more():
			s += " · the whole table read"
		}
		return p.st.Dim.Render(s + p.sortNote())
	}
	if faceted {
		s := p.facetPosition(f, p.top, last, n)
		switch {
		case p.toEnd:
			s = fmt.Sprintf("reading to the end: page %d · esc stops · ", p.loading+1) + s
			return p.st.Warn.Render(s)
		case p.refreshing:
			s += " · reading again…"
		case p.loading >= 0:
			s += " · reading page " + kit.Itoa(p.loading+1) + "…"
		case p.atEnd && !p.more():
			s += " · the whole table read"
		}
		return p.st.Dim.Render(s)
	}
	shown := p.tg.ItemCount()
	if p.tg.Vector() != nil {
		shown = p.tg.Desc.ItemCount // its table's items
	}
	s := fmt.Sprintf("rows %d–%d of %s · page %d · %d per Scan page · %d loaded", p.top+1, last,
		kit.FmtInt(shown), p.pageOf(p.cursor)+1, p.pageSize, n)
	if kit.IsRemote(p.api) {
		// on AWS every page is billed: what it and the browse consumed
		pg := p.pageOf(p.cursor)
		u := 0.0
		if pg < len(p.units) {
			u = p.units[pg]
		}
		s = fmt.Sprintf("rows %d–%d of ~%s · page %d: %s RCU · %s RCU read so far", p.top+1, last,
			kit.FmtInt(shown), pg+1, kit.Units(u), kit.Units(p.spent))
	}
	switch {
	case p.toEnd:
		return p.st.Warn.Render(fmt.Sprintf("reading to the end: page %d, %s read · esc stops", p.loading+1,
			kit.NItems(p.offset(p.first)+n)))
	case p.refreshing:
		s += " · reading again…"
	case p.loading >= 0:
		s += " · reading page " + kit.Itoa(p.loading+1) + "…"
	case p.atEnd && !p.more() && p.cursor == start+n-1:
		s += " · end of " + p.tg.Kind()
	}
	return p.st.Dim.Render(s + p.sortNote())
}

// pageOf returns the page holding absolute row r.
func (p *Model) pageOf(r int) int {
	off := 0
	for i, n := range p.lens {
		if r < off+n {
			return i
		}
		off += n
	}
	return max(len(p.lens)-1, 0)
}

// legend names the facet views of a table, or explains the absent cells
// of an index.
func (p *Model) legend() []string {
	if bar := p.facetBar(); bar != "" {
		return []string{bar}
	}
	if !p.g.Absent() || p.tg.Index == "" {
		return []string{""}
	}
	why := "a Query that asks for it fetches the item from the table (costs extra RCU)"
	if p.tg.Global() {
		why = "a GSI cannot fetch from the table: ask the table for it"
	}
	return kit.WrapStyled(p.st.Absent, "· not projected: "+why, p.w) // whole: it was cut at 80 columns
}
