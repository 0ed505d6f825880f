package ui

import (
	"context"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
)

// maxWindowPages is how many Scan pages the items pane keeps in memory:
// the page under the cursor and its neighbours. Scrolling further reads the
// next page and forgets the farthest, so a table of any size scrolls in
// constant memory (plus one start key per page passed).
const maxWindowPages = 3

// itemsPane browses a table or an index page by page with Scan (Limit and
// ExclusiveStartKey), in the order DynamoDB scans it: partitions in hash
// order, items within a partition by sort key.
type itemsPane struct {
	st       Styles
	keys     itemsKeys
	api      engine.API
	pageSize int

	tg  target
	gen int // bumped on every new target or reload; stale pages are dropped

	starts  []model.Item // starts[i]: ExclusiveStartKey of page i (nil for page 0)
	lens    []int        // lens[i]: items in page i, once read
	first   int          // first page in the window
	pages   [][]model.Item
	atEnd   bool // the last page read had no LastEvaluatedKey
	loading int  // page being read, -1 when idle
	err     *model.Error
	extra   []string // table attributes an index does not project (sampled)
	g       grid

	cursor int // absolute row (over the whole table)
	top    int // absolute first row on screen
	colOff int

	filtering bool
	filter    field
	idx       []int // window rows matching the filter (nil: no filter)
	fcursor   int   // cursor among idx
	ftop      int

	leftOut *leftOutView

	w, h int
}

type itemsKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Left, Right, Open, Filter, ClearFilter, LeftOut, Reload key.Binding
}

func (k itemsKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Open, k.Filter, k.LeftOut}
}

func (k itemsKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.Left, k.Right, k.Open, k.Filter, k.ClearFilter, k.LeftOut, k.Reload},
	}
}

func newItemsPane(st Styles, km keymap.KeyMap, api engine.API, pageSize int) itemsPane {
	if pageSize <= 0 {
		pageSize = defaultPageSize
	}
	open := km.Open
	open.SetHelp("enter", "open item")
	k := itemsKeys{Up: km.Up, Down: km.Down, PageUp: km.PageUp, PageDown: km.PageDown, Top: km.Top,
		Bottom: km.Bottom, Left: km.Left, Right: km.Right, Open: open, Filter: km.Filter,
		ClearFilter: km.ClearFilter, LeftOut: km.LeftOut, Reload: km.Reload}
	k.LeftOut.SetEnabled(false)
	k.ClearFilter.SetEnabled(false)
	return itemsPane{st: st, keys: k, api: api, pageSize: pageSize, loading: -1}
}

// keyMap is the pane's help: the left-out view and the filter have their
// own bindings.
func (p itemsPane) keyMap() itemsKeys {
	k := p.keys
	k.LeftOut.SetEnabled(p.tg.index != "" && p.leftOutCapable())
	if p.leftOut != nil {
		k.LeftOut.SetHelp("o", "back to index")
		k.Filter.SetEnabled(false)
		k.Left.SetEnabled(false)
		k.Right.SetEnabled(false)
	}
	k.ClearFilter.SetEnabled(p.idx != nil)
	return k
}

func (p itemsPane) leftOutCapable() bool {
	_, ok := p.api.(leftOutLister)
	return ok
}

func (p *itemsPane) SetSize(w, h int) { p.w, p.h = w, h }

// pageMsg is one Scan page for the items pane.
type pageMsg struct {
	gen   int
	page  int
	items []model.Item
	lek   model.Item
	err   error
}

// sampleMsg carries the attribute names of the first page of a table, so an
// index browser can show the ones the index does not project.
type sampleMsg struct {
	gen   int
	names []string
}

// openItemMsg asks the root to open the item view.
type openItemMsg struct {
	tg   target
	item model.Item
	// whole is true when item is the whole table item (not an index entry
	// or a projection): the item view need not read it again.
	whole bool
}

// rowsOnScreen is the number of item rows the pane shows.
func (p *itemsPane) rowsOnScreen() int {
	n := p.h - 4 // header, position, column header, legend
	if n < 1 {
		n = 1
	}
	return n
}

// SetTarget starts browsing t: it forgets everything loaded and reads the
// first page (and, for an index that does not project everything, a page
// of the table to learn the attributes it leaves out).
func (p *itemsPane) SetTarget(t target) tea.Cmd {
	if p.tg.valid() && t.table() == p.tg.table() && t.index == p.tg.index {
		p.tg = t // a fresh description of the same thing
		return nil
	}
	p.tg = t
	return p.reload()
}

func (p *itemsPane) reload() tea.Cmd {
	p.gen++
	p.starts, p.lens = []model.Item{nil}, nil
	p.first, p.pages, p.atEnd, p.err = 0, nil, false, nil
	p.cursor, p.top, p.colOff = 0, 0, 0
	p.idx, p.filtering, p.filter = nil, false, field{}
	p.leftOut = nil
	p.extra = nil
	p.g = grid{}
	p.loading = -1
	if !p.tg.valid() {
		return nil
	}
	var cmds []tea.Cmd
	if p.tg.index != "" && p.tg.projection().ProjectionType != model.ProjectionAll {
		cmds = append(cmds, p.sample())
	}
	return tea.Sequence(append(cmds, p.load(0))...)
}

// load reads page i.
func (p *itemsPane) load(i int) tea.Cmd {
	p.loading = i
	api, gen, tg, limit := p.api, p.gen, p.tg, int32(p.pageSize)
	start := p.starts[i]
	return func() tea.Msg {
		out, err := api.Scan(context.Background(), &model.ScanInput{TableName: tg.table(), IndexName: tg.index,
			Limit: &limit, ExclusiveStartKey: start})
		if err != nil {
			return pageMsg{gen: gen, page: i, err: err}
		}
		return pageMsg{gen: gen, page: i, items: out.Items, lek: out.LastEvaluatedKey}
	}
}

func (p *itemsPane) sample() tea.Cmd {
	api, gen, table, limit := p.api, p.gen, p.tg.table(), int32(p.pageSize)
	return func() tea.Msg {
		out, err := api.Scan(context.Background(), &model.ScanInput{TableName: table, Limit: &limit})
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
func (p *itemsPane) offset(i int) int {
	n := 0
	for j := 0; j < i && j < len(p.lens); j++ {
		n += p.lens[j]
	}
	return n
}

// windowRows is the number of items loaded.
func (p *itemsPane) windowRows() int { return len(p.g.rows) }

func (p *itemsPane) regrid() {
	var items []model.Item
	for _, pg := range p.pages {
		items = append(items, pg...)
	}
	p.g = newGrid(p.tg, items, p.extra)
	p.applyFilter()
}

// accept takes a page read from the engine into the window.
func (p *itemsPane) accept(m pageMsg) {
	if m.page == p.loading {
		p.loading = -1
	}
	if m.err != nil {
		p.err = asModelError(m.err)
		return
	}
	p.err = nil
	i := m.page
	for len(p.lens) <= i {
		p.lens = append(p.lens, 0)
	}
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
	case len(p.pages) == 0:
		p.first = i
		p.pages = [][]model.Item{m.items}
	case i == last+1:
		p.pages = append(p.pages, m.items)
		if len(p.pages) > maxWindowPages && p.cursor >= p.offset(p.first+1) {
			p.pages = p.pages[1:]
			p.first++
		}
	case i == p.first-1:
		p.pages = append([][]model.Item{m.items}, p.pages...)
		p.first--
		if len(p.pages) > maxWindowPages && p.cursor < p.offset(p.first+len(p.pages)-1) {
			p.pages = p.pages[:len(p.pages)-1]
		}
	default:
		return // not adjacent to the window any more
	}
	p.regrid()
}

// more reports whether pages after the window exist.
func (p *itemsPane) more() bool {
	return p.first+len(p.pages) < len(p.starts)
}

// prefetch reads the page after or before the window when the cursor comes
// within a screen of its edge.
func (p *itemsPane) prefetch() tea.Cmd {
	if p.loading >= 0 || p.err != nil || len(p.pages) == 0 || p.idx != nil {
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
func (p *itemsPane) moveTo(r int) tea.Cmd {
	start := p.offset(p.first)
	end := start + p.windowRows()
	if r >= end {
		r = end - 1
	}
	if r < start {
		r = start
	}
	if r < 0 {
		r = 0
	}
	p.cursor = r
	return p.prefetch()
}

func (p itemsPane) Update(msg tea.Msg) (itemsPane, tea.Cmd) {
	p, cmd := p.update(msg)
	p.follow()
	return p, cmd
}

// follow scrolls the screen so the cursor stays in view.
func (p *itemsPane) follow() {
	screen := p.rowsOnScreen()
	if p.idx != nil {
		p.ftop = window(p.ftop, p.fcursor, len(p.idx), screen)
		return
	}
	start := p.offset(p.first)
	p.top = window(p.top, p.cursor, start+p.windowRows(), screen)
	if p.top < start {
		p.top = start
	}
}

func (p itemsPane) update(msg tea.Msg) (itemsPane, tea.Cmd) {
	switch msg := msg.(type) {
	case pageMsg:
		if msg.gen != p.gen {
			return p, nil
		}
		p.accept(msg)
		return p, p.prefetch()
	case sampleMsg:
		if msg.gen == p.gen {
			p.extra = msg.names
			p.regrid()
		}
		return p, nil
	case leftOutMsg:
		if p.leftOut != nil && msg.gen == p.gen {
			p.leftOut.items, p.leftOut.err, p.leftOut.loaded = msg.items, msg.err, true
			p.leftOut.full = newGrid(target{desc: p.tg.desc}, msg.whole, nil)
		}
		return p, nil
	case tea.MouseMsg:
		switch msg.Button {
		case tea.MouseButtonWheelUp:
			return p.scrollBy(-3)
		case tea.MouseButtonWheelDown:
			return p.scrollBy(3)
		}
		return p, nil
	case tea.KeyMsg:
		if p.filtering {
			return p.updateFilter(msg)
		}
		if p.leftOut != nil {
			return p.updateLeftOut(msg)
		}
		k := p.keyMap()
		switch {
		case key.Matches(msg, k.Up):
			return p.scrollBy(-1)
		case key.Matches(msg, k.Down):
			return p.scrollBy(1)
		case key.Matches(msg, k.PageUp):
			return p.scrollBy(-p.rowsOnScreen())
		case key.Matches(msg, k.PageDown):
			return p.scrollBy(p.rowsOnScreen())
		case key.Matches(msg, k.Top):
			if p.idx != nil {
				p.fcursor = 0
				return p, nil
			}
			if p.first == 0 {
				return p, p.moveTo(0)
			}
			// back to the first page: read it again rather than keep the way
			p.gen++
			p.pages, p.first, p.cursor, p.top = nil, 0, 0, 0
			return p, p.load(0)
		case key.Matches(msg, k.Bottom):
			if p.idx != nil {
				p.fcursor = len(p.idx) - 1
				return p, nil
			}
			return p, p.moveTo(p.offset(p.first) + p.windowRows() - 1)
		case key.Matches(msg, k.Left):
			if p.colOff > 0 {
				p.colOff--
			}
		case key.Matches(msg, k.Right):
			if p.colOff < len(p.g.cols)-1 {
				p.colOff++
			}
		case key.Matches(msg, k.Filter):
			p.filtering = true
			if p.idx == nil {
				p.filter = field{}
			}
			p.applyFilter()
		case key.Matches(msg, k.ClearFilter):
			p.idx, p.filter = nil, field{}
		case key.Matches(msg, k.LeftOut):
			return p, p.openLeftOut()
		case key.Matches(msg, k.Reload):
			return p, p.reload()
		case key.Matches(msg, k.Open):
			if it, ok := p.current(); ok {
				tg := p.tg
				whole := tg.index == "" || tg.projection().ProjectionType == model.ProjectionAll
				return p, func() tea.Msg { return openItemMsg{tg: tg, item: it, whole: whole} }
			}
		}
	}
	return p, nil
}

func (p itemsPane) scrollBy(n int) (itemsPane, tea.Cmd) {
	if p.leftOut != nil {
		p.leftOut.move(n)
		return p, nil
	}
	if p.idx != nil {
		p.fcursor += n
		if p.fcursor >= len(p.idx) {
			p.fcursor = len(p.idx) - 1
		}
		if p.fcursor < 0 {
			p.fcursor = 0
		}
		return p, nil
	}
	return p, p.moveTo(p.cursor + n)
}

// current returns the item under the cursor.
func (p *itemsPane) current() (model.Item, bool) {
	if p.idx != nil {
		if p.fcursor < 0 || p.fcursor >= len(p.idx) {
			return nil, false
		}
		return p.g.rows[p.idx[p.fcursor]].item, true
	}
	r := p.cursor - p.offset(p.first)
	if r < 0 || r >= len(p.g.rows) {
		return nil, false
	}
	return p.g.rows[r].item, true
}

func (p itemsPane) updateFilter(msg tea.KeyMsg) (itemsPane, tea.Cmd) {
	switch msg.Type {
	case tea.KeyEnter:
		p.filtering = false
		if p.filter.String() == "" {
			p.idx = nil
		}
		return p, nil
	case tea.KeyEsc:
		p.filtering = false
		p.idx, p.filter = nil, field{}
		return p, nil
	case tea.KeyUp, tea.KeyDown:
		p.filtering = false
		return p.update(msg)
	}
	p.filter.Update(msg)
	p.applyFilter()
	return p, nil
}

// applyFilter selects the loaded rows containing the filter text.
func (p *itemsPane) applyFilter() {
	if !p.filtering && p.idx == nil {
		return
	}
	q := strings.ToLower(p.filter.String())
	p.idx = p.idx[:0]
	if p.idx == nil {
		p.idx = []int{}
	}
	for i, r := range p.g.rows {
		if q == "" || strings.Contains(r.text, q) {
			p.idx = append(p.idx, i)
		}
	}
	if p.fcursor >= len(p.idx) {
		p.fcursor = len(p.idx) - 1
	}
	if p.fcursor < 0 {
		p.fcursor = 0
	}
}

// Filtering reports whether the filter has the keyboard.
func (p itemsPane) Filtering() bool { return p.filtering }

func (p itemsPane) View(focused bool) string {
	st := p.st
	w := p.w
	if !p.tg.valid() {
		return st.Dim.Render("No table selected.")
	}
	if p.leftOut != nil {
		return p.leftOut.view(st, p.tg, w, p.h, focused)
	}
	out := make([]string, 0, p.h)
	out = append(out, p.headerLine())
	screen := p.rowsOnScreen()
	switch {
	case p.err != nil:
		out = append(out, "")
		out = append(out, errorBox(st, p.err, w)...)
		return strings.Join(out, "\n")
	case len(p.pages) == 0:
		out = append(out, st.Dim.Render("reading…"))
		return strings.Join(out, "\n")
	}
	var rows []string
	if p.idx != nil {
		rows = p.g.render(st, p.idx, p.ftop, screen, p.fcursor, p.colOff, w, focused)
		fl := fmt.Sprintf("filter /%s · %d of %d loaded rows match", p.filter.View(p.filtering, 40), len(p.idx), p.windowRows())
		out = append(out, fit(fl, w))
	} else {
		start := p.offset(p.first)
		rows = p.g.render(st, nil, p.top-start, screen, p.cursor-start, p.colOff, w, focused)
		out = append(out, fit(p.positionLine(screen), w))
	}
	out = append(out, rows...)
	for len(out) < p.h-1 {
		out = append(out, "")
	}
	out = append(out, p.legend())
	return strings.Join(out, "\n")
}

// headerLine says what is browsed: kind, projection, how many of the
// table's items an index holds, the order, and the left-out toggle.
func (p itemsPane) headerLine() string {
	st, tg := p.st, p.tg
	var parts []string
	parts = append(parts, tg.kind())
	if tg.index != "" {
		parts = append(parts, projectionText(tg.projection()))
		parts = append(parts, fmt.Sprintf("%d of %d items", tg.itemCount(), tg.desc.ItemCount))
	} else {
		parts = append(parts, fmt.Sprintf("%d items", tg.itemCount()))
	}
	order := "scan order: " + tg.hashKey() + " hash"
	if r := tg.rangeKey(); r != "" {
		order += ", then " + r + " ▲"
	}
	parts = append(parts, order)
	left := st.Title.Render(tg.label()) + "  " + strings.Join(parts, " · ")
	right := ""
	if tg.index != "" && p.leftOutCapable() {
		if n := tg.desc.ItemCount - tg.itemCount(); n > 0 {
			right = fmt.Sprintf("[o] show left-out (%d)", n)
		} else {
			right = "[o] left-out: none"
		}
	}
	return spread(left, right, p.w)
}

func (p itemsPane) positionLine(screen int) string {
	start := p.offset(p.first)
	n := p.windowRows()
	if n == 0 {
		return "no items"
	}
	last := p.top + screen
	if last > start+n {
		last = start + n
	}
	total := fmt.Sprintf("of %d", p.tg.itemCount())
	s := fmt.Sprintf("rows %d–%d %s · page %d · %d per Scan page · %d loaded", p.top+1, last, total, p.pageOf(p.cursor)+1, p.pageSize, n)
	if p.loading >= 0 {
		s += " · reading page " + itoa(p.loading+1) + "…"
	} else if p.atEnd && !p.more() && p.cursor == start+n-1 {
		s += " · end of " + p.tg.kind()
	}
	return p.st.Dim.Render(s)
}

// pageOf returns the page holding absolute row r.
func (p *itemsPane) pageOf(r int) int {
	off := 0
	for i, n := range p.lens {
		if r < off+n {
			return i
		}
		off += n
	}
	if len(p.lens) == 0 {
		return 0
	}
	return len(p.lens) - 1
}

// legend explains the absent cells of an index.
func (p itemsPane) legend() string {
	if len(p.g.absent) == 0 || p.tg.index == "" {
		return ""
	}
	why := "a Query that asks for it fetches the item from the table (costs extra RCU)"
	if p.tg.global() {
		why = "a GSI cannot fetch from the table: ask the table for it"
	}
	return cut(p.st.Absent.Render("· not projected: "+why), p.w)
}
