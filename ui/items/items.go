// Package items is the explorer's Items pane and what opens from it: the
// browser of a table or an index page by page (Scan with Limit and
// ExclusiveStartKey, never more than three pages in memory) with the key
// attributes as the first columns in KeySchema order, the list of the
// items an index leaves out and why (each key attribute an item lacks
// marked in the index's key columns), and the item view (an item as
// DynamoDB JSON or plain JSON, its size, cost and index membership).
//
// The pane follows the engine: a write to the table it shows reads the
// pages on screen again (and r does it by hand), and G reads page after
// page to the end of the table with its progress on screen (esc stops).
// The keys n, e, a and d ask the root for an edit of the item under the
// cursor.
//
// A table whose design names facets (a NoSQL Workbench model's
// TableFacets, kept by the embedded engine) has a view per facet besides
// all its items (v and V go through them): only the items of that
// facet's shape, the key columns headed by the facet's aliases and its
// attributes in the model's order (facet.go).
//
// On a remote backend every page asks for its ConsumedCapacity and the
// pane shows what each page and the whole browse consumed (on AWS, reads
// are billed); the left-out list comes from a read of the whole table,
// which the root asks about first (kit.SurveyMsg).
package items

import (
	"context"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// maxWindowPages is how many Scan pages the pane keeps in memory: the page
// under the cursor and its neighbours. Scrolling further reads the next
// page and forgets the farthest, so a table of any size scrolls in
// constant memory (plus one start key per page passed).
const maxWindowPages = 3

// DefaultPageSize is the Scan Limit when New is given none: a screenful
// or two.
const DefaultPageSize = 50

// Model is the Items pane.
type Model struct {
	st       *kit.Styles
	keys     keys
	ek       keymap.EditKeyMap
	api      engine.API
	pageSize int

	tg  kit.Target
	gen int // bumped on every new target or read; stale pages are dropped

	starts  []model.Item // starts[i]: ExclusiveStartKey of page i (nil for page 0)
	lens    []int        // lens[i]: items in page i, once read
	first   int          // first page in the window
	pages   [][]model.Item
	atEnd   bool      // the last page read had no LastEvaluatedKey
	loading int       // page being read, -1 when idle
	units   []float64 // units[i]: read units page i consumed when last read
	spent   float64   // read units every page read consumed, since the target was chosen
	survey  *kit.SurveyState
	err     *model.Error
	extra   []string // table attributes an index does not project (sampled)
	g       kit.Grid

	// refreshing: the window is being read again from page first (a write
	// to the table, or r); want is how many pages it held.
	refreshing bool
	want       int
	dirty      bool // another write came while refreshing
	// toEnd: G is reading page after page to the end of the table.
	toEnd bool
	// shown: the pane is on screen; stale: a write came while it was not.
	shown, stale bool

	cursor int // absolute row (over the whole table)
	top    int // absolute first row on screen
	colOff int

	filtering bool
	filter    kit.Field
	idx       []int // window rows matching the filter (nil: no filter)
	fcursor   int   // cursor among idx
	ftop      int

	leftOut *leftOutView

	// The facet views of the table (facet.go): the facets its design
	// names, the one shown (0: all items; i: facets[i-1]), the items each
	// page read before the facet kept its own, and a note about them.
	facets    []engine.Facet
	facet     int
	raw       []int
	facetNote string

	w, h    int
	focused bool
}

type keys struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Left, Right, Open, Filter, ClearFilter, LeftOut, Reload, Stop key.Binding
	Facet, FacetBack                                                                                       key.Binding
}

// New returns the Items pane of the workspace api, reading pageSize items
// a page (0: DefaultPageSize).
func New(st *kit.Styles, km keymap.KeyMap, api engine.API, pageSize int) *Model {
	if pageSize <= 0 {
		pageSize = DefaultPageSize
	}
	open := km.Open
	open.SetHelp("enter", "open item")
	bottom := km.Bottom
	bottom.SetHelp("G", "end (reads every page)")
	k := keys{Up: km.Up, Down: km.Down, PageUp: km.PageUp, PageDown: km.PageDown, Top: km.Top,
		Bottom: bottom, Left: km.Left, Right: km.Right, Open: open, Filter: km.Filter,
		ClearFilter: km.ClearFilter, LeftOut: km.LeftOut, Reload: km.Reload, Stop: km.Stop,
		Facet: km.Design.Facet, FacetBack: km.Design.FacetBack}
	return &Model{st: st, keys: k, ek: km.Editing, api: api, pageSize: pageSize, loading: -1}
}

// keyMap enables the bindings that apply now.
func (p *Model) keyMap() keys {
	k := p.keys
	k.LeftOut.SetEnabled(p.tg.Index != "" && (p.leftOutCapable() || p.surveyCapable()))
	if p.leftOut != nil {
		k.LeftOut.SetHelp("o", "back to index")
		k.Filter.SetEnabled(false)
		k.Left.SetEnabled(false)
		k.Right.SetEnabled(false)
	}
	k.ClearFilter.SetEnabled(p.idx != nil && !p.toEnd)
	k.Stop.SetEnabled(p.toEnd)
	k.Facet.SetEnabled(len(p.facets) > 0 && p.leftOut == nil && !p.toEnd)
	k.FacetBack.SetEnabled(len(p.facets) > 0 && p.leftOut == nil && !p.toEnd)
	return k
}

// editKeys are the item edits that apply: a new item whenever a table is
// shown, the others on an item.
func (p *Model) editKeys() []key.Binding {
	ek := p.ek
	_, ok := p.editKey()
	e, a, d := ek.EditItem, ek.SetAttr, ek.DeleteItem
	e.SetEnabled(ok)
	a.SetEnabled(ok)
	d.SetEnabled(ok)
	n := ek.NewItem
	n.SetEnabled(p.tg.Valid())
	return []key.Binding{n, e, a, d}
}

// shortEditKeys are edit and delete for the help line (one note instead
// on a read-only backend).
func (p *Model) shortEditKeys() []key.Binding {
	ek := p.editKeys()
	return kit.Writable(p.api, true, ek[1], ek[3])
}

// ShortHelp is the pane's keys for the help line.
func (p *Model) ShortHelp() []key.Binding {
	if p.filtering {
		return []key.Binding{
			key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep filter")),
			key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter")),
		}
	}
	k := p.keyMap()
	if p.toEnd {
		return []key.Binding{k.Stop}
	}
	if kit.ReadOnly(p.api) != "" { // the refusal early, where it shows
		return append(append([]key.Binding{k.Up, k.Down, k.Open}, p.shortEditKeys()...), k.Bottom, k.Filter, k.LeftOut, k.Facet, k.Reload)
	}
	return append([]key.Binding{k.Up, k.Down, k.Open, k.Bottom, k.Filter, k.LeftOut, k.Facet, k.Reload}, p.shortEditKeys()...)
}

// FullHelp is every key of the pane.
func (p *Model) FullHelp() [][]key.Binding {
	if p.filtering {
		return [][]key.Binding{p.ShortHelp()}
	}
	k := p.keyMap()
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Stop},
		{k.Left, k.Right, k.Open, k.Filter, k.ClearFilter, k.LeftOut, k.Facet, k.FacetBack, k.Reload},
		kit.Writable(p.api, false, p.editKeys()...),
	}
}

func (p *Model) leftOutCapable() bool {
	_, ok := p.api.(kit.LeftOutLister)
	return ok
}

// surveyCapable reports whether the backend can read a table whole to
// tell what an index leaves out (a remote one).
func (p *Model) surveyCapable() bool {
	_, ok := p.api.(kit.TableSurveyor)
	return ok && !p.leftOutCapable()
}

// SetSize sets the inner size.
func (p *Model) SetSize(w, h int) { p.w, p.h = w, h }

// SetFocus says whether the pane has the keyboard.
func (p *Model) SetFocus(on bool) { p.focused = on }

// Capturing reports whether the filter has the keyboard.
func (p *Model) Capturing() bool { return p.filtering }

// UsesEsc reports whether esc means something here: clearing a filter,
// leaving the left-out list (or stopping the read of the table behind
// it), stopping a read to the end.
func (p *Model) UsesEsc() bool { return p.idx != nil || p.leftOut != nil || p.toEnd || p.filtering }

// Target is what the pane browses.
func (p *Model) Target() kit.Target { return p.tg }

// pageMsg is one Scan page.
type pageMsg struct {
	gen   int
	page  int
	items []model.Item
	lek   model.Item
	units float64 // read units the page consumed, as the backend reported
	err   error
}

// sampleMsg carries the attribute names of the first page of a table, so an
// index browser can show the ones the index does not project.
type sampleMsg struct {
	gen   int
	names []string
}

// rowsOnScreen is the number of item rows the pane shows.
func (p *Model) rowsOnScreen() int {
	return max(p.h-4, 1) // header, position, column header, legend
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
	p.starts, p.lens, p.raw = []model.Item{nil}, nil, nil
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
	api, gen, tg, limit := p.api, p.gen, p.tg, int32(p.pageSize)
	start := p.starts[i]
	return func() tea.Msg {
		out, err := api.Scan(context.Background(), &model.ScanInput{TableName: tg.Table(), IndexName: tg.Index,
			Limit: &limit, ExclusiveStartKey: start, ReturnConsumedCapacity: model.ReturnCapacityIndexes})
		if err != nil {
			return pageMsg{gen: gen, page: i, err: err}
		}
		msg := pageMsg{gen: gen, page: i, items: out.Items, lek: out.LastEvaluatedKey}
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

// Update takes the pane's pages, keys and wheel.
func (p *Model) Update(msg tea.Msg) tea.Cmd {
	cmd := p.update(msg)
	p.follow()
	return cmd
}

// follow scrolls the screen so the cursor stays in view.
func (p *Model) follow() {
	screen := p.rowsOnScreen()
	if p.idx != nil {
		p.ftop = kit.Window(p.ftop, p.fcursor, len(p.idx), screen)
		return
	}
	start := p.offset(p.first)
	p.top = max(kit.Window(p.top, p.cursor, start+p.windowRows(), screen), start)
}

func (p *Model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case pageMsg:
		if msg.gen != p.gen {
			return nil
		}
		p.accept(msg)
		return p.next()
	case toEndMsg:
		if msg.gen != p.gen || !p.more() || p.err != nil {
			return nil
		}
		p.cursor = p.offset(p.first) + p.windowRows() - 1
		return p.toTheEnd()
	case facetsMsg:
		return p.onFacets(msg)
	case sampleMsg:
		if msg.gen == p.gen {
			p.extra = msg.names
			p.regrid()
		}
		return nil
	case leftOutMsg:
		if p.leftOut != nil && msg.gen == p.gen && msg.seq == p.leftOut.seq {
			p.leftOut.items, p.leftOut.err, p.leftOut.loaded = msg.items, msg.err, true
			p.leftOut.full = leftOutGrid(p.tg, msg.items, msg.whole)
			p.leftOut.move(0)
		}
		return nil
	case tea.PasteMsg:
		if p.filtering {
			p.filter.Paste(msg.Content)
			p.applyFilter()
		}
		return nil
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			return p.scrollBy(-3)
		case tea.MouseWheelDown:
			return p.scrollBy(3)
		}
		return nil
	case tea.KeyPressMsg:
		if p.filtering {
			return p.updateFilter(msg)
		}
		if cmd, ok := p.editKey(msg); ok {
			return cmd
		}
		if p.leftOut != nil {
			return p.updateLeftOut(msg)
		}
		return p.key(msg)
	}
	return nil
}

// key handles a key while browsing.
func (p *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.keyMap()
	if p.toEnd {
		if key.Matches(msg, k.Stop) {
			p.toEnd = false
		}
		return nil
	}
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
			return nil
		}
		if p.first == 0 {
			return p.moveTo(0)
		}
		// back to the first page: read it again rather than keep the way
		p.gen++
		p.pages, p.first, p.cursor, p.top = nil, 0, 0, 0
		return p.load(0)
	case key.Matches(msg, k.Bottom):
		if p.idx != nil {
			p.fcursor = len(p.idx) - 1
			return nil
		}
		p.cursor = p.offset(p.first) + p.windowRows() - 1
		if p.more() && len(p.pages) > 0 && p.err == nil {
			if kit.IsRemote(p.api) {
				return p.askToEnd()
			}
			return p.toTheEnd()
		}
		return nil
	case key.Matches(msg, k.Left):
		if p.colOff > 0 {
			p.colOff--
		}
	case key.Matches(msg, k.Right):
		if p.colOff < p.g.MaxColOff(p.w) {
			p.colOff++
		}
	case key.Matches(msg, k.Filter):
		p.filtering = true
		if p.idx == nil {
			p.filter = kit.Field{}
		}
		p.applyFilter()
	case key.Matches(msg, k.ClearFilter):
		p.idx, p.filter = nil, kit.Field{}
	case key.Matches(msg, k.LeftOut):
		return p.OpenLeftOut()
	case key.Matches(msg, p.keys.Facet, p.keys.FacetBack): // a note says why when there are none
		return p.nextFacet(key.Matches(msg, p.keys.FacetBack))
	case key.Matches(msg, k.Reload):
		return p.Refresh()
	case key.Matches(msg, k.Open):
		if it, ok := p.current(); ok {
			tg := p.tg
			whole := tg.Index == "" || tg.Projection().ProjectionType == model.ProjectionAll
			return kit.Msg(kit.OpenItemMsg{Target: tg, Item: it, Whole: whole})
		}
	}
	return nil
}

// toTheEnd reads page after page to the end of the table.
func (p *Model) toTheEnd() tea.Cmd {
	p.toEnd = true
	if p.loading < 0 {
		return p.load(p.first + len(p.pages))
	}
	return nil
}

// toEndMsg: the user agreed to read a remote table to its end.
type toEndMsg struct{ gen int }

// askToEnd says what reading a remote table (or index) to its end costs,
// and asks.
func (p *Model) askToEnd() tea.Cmd {
	body := []string{}
	if e, err := kit.EstimateOf(p.tg.Desc, p.tg.Index); err == nil {
		body = append(body, e.String(), "")
	}
	body = append(body, fmt.Sprintf("G reads every page after the %s loaded, %d items a page, eventually consistent; each page shows what it consumed. esc stops.",
		kit.Plural(int64(len(p.pages)), "page", ""), p.pageSize))
	return kit.Msg(kit.ConfirmMsg{Title: "Read " + p.tg.Label() + " to the end?", Yes: "read to the end", Body: body, Then: toEndMsg{gen: p.gen}})
}

// editKey turns n, e, a and d into edit requests for the root; with no
// message it reports the key of the item they would act on.
func (p *Model) editKey(msgs ...tea.KeyPressMsg) (tea.Cmd, bool) {
	tg := kit.TableTarget(p.tg.Desc)
	var itemKey model.Item
	ok := false
	if lo := p.leftOut; lo != nil {
		if lo.cursor >= 0 && lo.cursor < len(lo.items) {
			itemKey, ok = lo.items[lo.cursor].Key, true
		}
	} else if it, found := p.current(); found {
		itemKey, ok = kit.KeyOf(it, tg.TableKeyNames()...), true
	}
	if len(msgs) == 0 {
		return nil, ok
	}
	msg, ek := msgs[0], p.ek
	var op kit.EditOp
	switch {
	case key.Matches(msg, ek.NewItem) && tg.Valid():
		return kit.Msg(kit.EditMsg{Op: kit.EditNew, Target: tg}), true
	case !ok:
		return nil, false
	case key.Matches(msg, ek.EditItem):
		op = kit.EditInEditor
	case key.Matches(msg, ek.SetAttr):
		op = kit.EditAttr
	case key.Matches(msg, ek.DeleteItem):
		op = kit.EditDelete
	default:
		return nil, false
	}
	return kit.Msg(kit.EditMsg{Op: op, Target: tg, Key: itemKey}), true
}

func (p *Model) scrollBy(n int) tea.Cmd {
	if p.leftOut != nil {
		p.leftOut.move(n)
		return nil
	}
	if p.idx != nil {
		p.fcursor = min(max(p.fcursor+n, 0), max(len(p.idx)-1, 0))
		return nil
	}
	return p.moveTo(p.cursor + n)
}

// Current returns the item under the cursor.
func (p *Model) Current() (model.Item, bool) { return p.current() }

func (p *Model) current() (model.Item, bool) {
	if p.idx != nil {
		if p.fcursor < 0 || p.fcursor >= len(p.idx) {
			return nil, false
		}
		return p.g.Rows[p.idx[p.fcursor]].Item, true
	}
	r := p.cursor - p.offset(p.first)
	if r < 0 || r >= len(p.g.Rows) {
		return nil, false
	}
	return p.g.Rows[r].Item, true
}

func (p *Model) updateFilter(msg tea.KeyPressMsg) tea.Cmd {
	switch msg.String() {
	case "enter":
		p.filtering = false
		if p.filter.String() == "" {
			p.idx = nil
		}
		return nil
	case "esc":
		p.filtering = false
		p.idx, p.filter = nil, kit.Field{}
		return nil
	case "up", "down":
		p.filtering = false
		return p.update(msg)
	}
	p.filter.Update(msg)
	p.applyFilter()
	return nil
}

// applyFilter selects the loaded rows containing the filter text.
func (p *Model) applyFilter() {
	if !p.filtering && p.idx == nil {
		return
	}
	q := strings.ToLower(p.filter.String())
	p.idx = p.idx[:0]
	if p.idx == nil {
		p.idx = []int{}
	}
	for i, r := range p.g.Rows {
		if q == "" || strings.Contains(r.Text, q) {
			p.idx = append(p.idx, i)
		}
	}
	p.fcursor = max(min(p.fcursor, len(p.idx)-1), 0)
}

// Rows are the items loaded, in window order.
func (p *Model) Rows() []model.Item {
	out := make([]model.Item, len(p.g.Rows))
	for i, r := range p.g.Rows {
		out[i] = r.Item
	}
	return out
}

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
	if p.idx != nil {
		rows = p.g.Render(st, p.idx, p.ftop, screen, p.fcursor, p.colOff, w, p.focused)
		fl := fmt.Sprintf("filter /%s · %d of %s match", p.filter.View(p.filtering, 40), len(p.idx), loadedRows(p.windowRows()))
		out = append(out, kit.Fit(fl, w))
	} else {
		start := p.offset(p.first)
		rows = p.g.Render(st, nil, p.top-start, screen, p.cursor-start, p.colOff, w, p.focused)
		out = append(out, kit.Fit(p.positionLine(screen), w))
	}
	out = append(out, rows...)
	for len(out) < p.h-1 {
		out = append(out, "")
	}
	out = append(out, p.legend())
	return strings.Join(out, "\n")
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
	if tg.Index != "" {
		parts = append(parts, kit.ProjectionText(tg.Projection()))
		parts = append(parts, approx+kit.FmtInt(tg.ItemCount())+" of "+approx+kit.Plural(tg.Desc.ItemCount, "item", ""))
	} else {
		parts = append(parts, approx+kit.Plural(tg.ItemCount(), "item", ""))
	}
	order := "scan order: " + strings.Join(tg.HashKeys(), ", ") + " hash"
	if r := tg.RangeKeys(); len(r) > 0 {
		order += ", then " + strings.Join(r, ", ") + " ▲"
	}
	parts = append(parts, order)
	left := st.Title.Render(tg.Label()) + "  " + strings.Join(parts, " · ")
	right := ""
	switch {
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
	if n == 0 && !faceted {
		if p.loading >= 0 {
			return p.st.Dim.Render("reading…")
		}
		return "no items"
	}
	last := min(p.top+screen, start+n)
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
	s := fmt.Sprintf("rows %d–%d of %s · page %d · %d per Scan page · %d loaded", p.top+1, last,
		kit.FmtInt(p.tg.ItemCount()), p.pageOf(p.cursor)+1, p.pageSize, n)
	if kit.IsRemote(p.api) {
		// on AWS every page is billed: what it and the browse consumed
		pg := p.pageOf(p.cursor)
		u := 0.0
		if pg < len(p.units) {
			u = p.units[pg]
		}
		s = fmt.Sprintf("rows %d–%d of ~%s · page %d: %s RCU · %s RCU read so far", p.top+1, last,
			kit.FmtInt(p.tg.ItemCount()), pg+1, kit.Units(u), kit.Units(p.spent))
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
	return p.st.Dim.Render(s)
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
func (p *Model) legend() string {
	if bar := p.facetBar(); bar != "" {
		return bar
	}
	if !p.g.Absent() || p.tg.Index == "" {
		return ""
	}
	why := "a Query that asks for it fetches the item from the table (costs extra RCU)"
	if p.tg.Global() {
		why = "a GSI cannot fetch from the table: ask the table for it"
	}
	return kit.Cut(p.st.Absent.Render("· not projected: "+why), p.w)
}
