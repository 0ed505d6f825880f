package items

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// pageMsg is one Scan page.
type pageMsg struct {
	gen   int
	page  int
	items []model.Item
	lek   model.Item
	units float64 // read units the page consumed, as the backend reported
	// scanned is how many items the Scan read (more than it returned
	// with a filter on the server).
	scanned int
	err     error
}

// sampleMsg carries the attribute names of the first page of a table, so an
// index browser can show the ones the index does not project.
type sampleMsg struct {
	gen   int
	names []string
}

// rowsOnScreen is the number of item rows the pane shows.
func (p *Model) rowsOnScreen() int {
	return max(p.h-3-len(p.legend()), 1) // header, position, column header, legend
}

// SetTarget starts browsing t: it forgets everything loaded and reads the
// first page (and, for an index that does not project everything, a page
// of the table to learn the attributes it leaves out). The same target
// with a fresh description keeps what is loaded.
func (p *Model) SetTarget(t kit.Target, info *kit.TableInfo) tea.Cmd {
	p.survey = nil
	if info != nil {
		p.survey = info.Survey
	}
	if p.tg.Valid() && t.Same(p.tg) {
		p.tg = t
		return nil
	}
	p.tg = t
	p.facets, p.facet, p.facetNote = nil, 0, ""
	p.marks, p.server, p.cols, p.chooser, p.prompt, p.marking = nil, nil, columnLayout{}, nil, nil, nil
	return kit.Sequence(p.readFacets(), p.reload())
}

// SetSurvey takes the read of a whole table (on a remote backend) when it
// is the table shown: the left-out list comes from it.
func (p *Model) SetSurvey(s *kit.SurveyState) tea.Cmd {
	if s == nil || s.Table != p.tg.Table() {
		return nil
	}
	p.survey = s
	if p.leftOut != nil && p.leftOut.fromSurvey {
		p.fillFromSurvey()
	}
	return nil
}

// Reload reads the target again from its first page.
func (p *Model) Reload() tea.Cmd { return p.reload() }

func (p *Model) reload() tea.Cmd {
	p.gen++
	p.starts, p.lens, p.raw, p.scanned = []model.Item{nil}, nil, nil, nil
	p.units, p.spent = nil, 0
	p.first, p.pages, p.atEnd, p.err = 0, nil, false, nil
	p.cursor, p.top, p.colOff = 0, 0, 0
	p.idx, p.filtering, p.filter = nil, false, kit.Field{}
	p.leftOut = nil
	p.extra = nil
	p.g = kit.Grid{}
	p.loading = -1
	p.refreshing, p.dirty, p.toEnd = false, false, false
	if !p.tg.Valid() {
		return nil
	}
	var cmds []tea.Cmd
	if p.tg.Index != "" && p.tg.Projection().ProjectionType != model.ProjectionAll {
		cmds = append(cmds, p.sample())
	}
	return kit.Sequence(append(cmds, p.load(0))...)
}

// Refresh reads the pages on screen again, keeping the cursor where it is
// (clamped to what is there now), and the left-out list when it is open.
func (p *Model) Refresh() tea.Cmd {
	if !p.tg.Valid() || p.toEnd {
		return nil
	}
	if len(p.pages) == 0 {
		return p.reload()
	}
	if p.refreshing {
		p.dirty = true
		return nil
	}
	p.gen++
	var lo tea.Cmd
	if p.leftOut != nil {
		lo = p.OpenLeftOut()
	}
	p.refreshing, p.dirty, p.want = true, false, len(p.pages)
	p.starts = p.starts[:p.first+1]
	p.lens = p.lens[:min(p.first, len(p.lens))]
	p.raw = p.raw[:min(p.first, len(p.raw))]
	p.scanned = p.scanned[:min(p.first, len(p.scanned))]
	p.atEnd = false
	return kit.Sequence(p.load(p.first), lo)
}

// SetShown reads the pages again when the pane comes back on screen after
// writes to its table.
func (p *Model) SetShown(on bool) tea.Cmd {
	p.shown = on
	if on && p.stale {
		p.stale = false
		return p.Refresh()
	}
	return nil
}

// Events reads the pages on screen again when a write changed the table
// shown (off screen, when the pane is shown again).
func (p *Model) Events(evs []engine.Event) tea.Cmd {
	table := p.tg.Table()
	if table == "" {
		return nil
	}
	for i := range evs {
		ev := &evs[i]
		if ev.Table != table {
			continue
		}
		switch {
		case ev.Kind == engine.EventStream, ev.Kind == engine.EventTTL:
		case ev.Request != nil && !ev.Request.Read && ev.Request.Error == "":
		default:
			continue
		}
		if !p.shown {
			p.stale = true
			return nil
		}
		return p.Refresh()
	}
	return nil
}

// load reads page i.
func (p *Model) load(i int) tea.Cmd {
	p.loading = i
	api, gen, tg, limit, sf := p.api, p.gen, p.tg, int32(p.pageSize), p.server
	start := p.starts[i]
	index := tg.Index
	if tg.Vector() != nil {
		index = "" // Scan refuses a vector index: its table's items show
	}
	return func() tea.Msg {
		in := &model.ScanInput{TableName: tg.Table(), IndexName: index,
			Limit: &limit, ExclusiveStartKey: start, ReturnConsumedCapacity: model.ReturnCapacityIndexes}
		if sf != nil {
			in.FilterExpression, in.ExpressionAttributeNames, in.ExpressionAttributeValues = sf.expr, sf.names, sf.values
		}
		out, err := api.Scan(context.Background(), in)
		if err != nil {
			return pageMsg{gen: gen, page: i, err: err}
		}
		msg := pageMsg{gen: gen, page: i, items: out.Items, lek: out.LastEvaluatedKey, scanned: int(out.ScannedCount)}
		if cc := out.ConsumedCapacity; cc != nil {
			msg.units = float64(cc.CapacityUnits)
		}
		return msg
	}
}

func (p *Model) sample() tea.Cmd {
	api, gen, table, limit := p.api, p.gen, p.tg.Table(), int32(p.pageSize)
	return func() tea.Msg {
		out, err := api.Scan(context.Background(), &model.ScanInput{TableName: table, Limit: &limit, ReturnConsumedCapacity: model.ReturnCapacityIndexes})
		if err != nil {
			return sampleMsg{gen: gen}
		}
		seen := map[string]bool{}
		var names []string
		for _, it := range out.Items {
			for n := range it {
				if !seen[n] {
					seen[n] = true
					names = append(names, n)
				}
			}
		}
		return sampleMsg{gen: gen, names: names}
	}
}

// offset is the absolute row of the first item of page i.
func (p *Model) offset(i int) int {
	n := 0
	for j := 0; j < i && j < len(p.lens); j++ {
		n += p.lens[j]
	}
	return n
}

// windowRows is the number of items loaded.
func (p *Model) windowRows() int { return len(p.g.Rows) }

func (p *Model) regrid() {
	var items []model.Item
	for _, pg := range p.pages {
		items = append(items, pg...)
	}
	if f, ok := p.shownFacet(); ok {
		p.g = kit.NewFacetGrid(p.tg, items, f)
	} else {
		p.g = kit.NewGrid(p.tg, items, p.extra)
	}
	p.allCols = p.g.ColumnNames()
	p.g.Arrange(p.cols.order, p.cols.hidden)
	p.g.SortRows(p.cols.sortBy, p.cols.desc)
	p.g.Marked = p.marked
	p.applyFilter()
}

// accept takes a page read from the engine into the window.
func (p *Model) accept(m pageMsg) {
	if m.page == p.loading {
		p.loading = -1
	}
	if m.err == nil {
		p.spent += m.units
		for len(p.units) <= m.page {
			p.units = append(p.units, 0)
		}
		p.units[m.page] = m.units
	}
	if m.err != nil {
		p.err = kit.AsModelError(m.err)
		p.toEnd, p.refreshing = false, false
		return
	}
	p.err = nil
	i := m.page
	for len(p.lens) <= i {
		p.lens = append(p.lens, 0)
	}
	for len(p.raw) <= i {
		p.raw = append(p.raw, 0)
	}
	p.raw[i] = len(m.items)
	for len(p.scanned) <= i {
		p.scanned = append(p.scanned, 0)
	}
	p.scanned[i] = m.scanned
	m.items = p.ofFacet(m.items)
	p.lens[i] = len(m.items)
	if m.lek != nil {
		if len(p.starts) <= i+1 {
			p.starts = append(p.starts[:i+1], m.lek)
		}
	} else if i == len(p.starts)-1 {
		p.atEnd = true
	}
	last := p.first + len(p.pages) - 1
	switch {
	case p.refreshing && i == p.first:
		p.pages = [][]model.Item{m.items}
	case len(p.pages) == 0:
		p.first = i
		p.pages = [][]model.Item{m.items}
	case i == last+1:
		p.pages = append(p.pages, m.items)
		if p.overfull(0) && p.cursor >= p.offset(p.first+1) {
			p.pages = p.pages[1:]
			p.first++
		}
	case i == p.first-1:
		p.pages = append([][]model.Item{m.items}, p.pages...)
		p.first--
		if p.overfull(len(p.pages)-1) && p.cursor < p.offset(p.first+len(p.pages)-1) {
			p.pages = p.pages[:len(p.pages)-1]
		}
	default:
		return // not adjacent to the window any more
	}
	p.regrid()
}

// more reports whether pages after the window exist.
func (p *Model) more() bool {
	return p.first+len(p.pages) < len(p.starts)
}

// next is what follows a page that landed: the rest of a refresh, the next
// page of a read to the end, or the neighbour the cursor is near.
func (p *Model) next() tea.Cmd {
	if p.err != nil || len(p.pages) == 0 {
		return nil
	}
	if p.refreshing {
		if len(p.pages) < p.want && p.more() {
			return p.load(p.first + len(p.pages))
		}
		p.refreshing = false
		p.clampCursor()
		if p.dirty {
			return p.Refresh()
		}
	}
	if p.toEnd {
		// keep the cursor on the last row read, so the window slides on
		p.cursor = p.offset(p.first) + p.windowRows() - 1
		if p.more() {
			return p.load(p.first + len(p.pages))
		}
		p.toEnd = false
		return nil
	}
	return p.prefetch()
}

// clampCursor keeps the cursor on a loaded row.
func (p *Model) clampCursor() {
	start := p.offset(p.first)
	end := start + p.windowRows()
	p.cursor = min(max(p.cursor, start), max(end-1, start))
}

// prefetch reads the page after or before the window when the cursor comes
// within a screen of its edge.
func (p *Model) prefetch() tea.Cmd {
	if p.loading >= 0 || p.err != nil || len(p.pages) == 0 || p.idx != nil || p.refreshing || p.toEnd {
		return nil
	}
	start := p.offset(p.first)
	end := start + p.windowRows()
	screen := p.rowsOnScreen()
	if p.cursor >= end-screen && p.more() {
		return p.load(p.first + len(p.pages))
	}
	if p.cursor < start+screen && p.first > 0 {
		return p.load(p.first - 1)
	}
	return nil
}

// moveTo puts the cursor on absolute row r, within what is loaded.
func (p *Model) moveTo(r int) tea.Cmd {
	start := p.offset(p.first)
	end := start + p.windowRows()
	p.cursor = max(min(r, end-1), start, 0)
	return p.prefetch()
}
