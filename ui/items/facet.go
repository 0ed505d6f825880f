package items

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Facet views. A NoSQL Workbench model names the entities a single table
// holds as facets: each a shape of item (the key attributes, called by
// the entity's own names, and the attributes it carries). The items pane
// shows a view per facet: the Scan pages are read as always, and of each
// page the view keeps the items of the facet's shape (engine.Facet.Matches
// with the table's key attributes), under the facet's aliases.

// facetsMsg carries the facets of the table shown.
type facetsMsg struct {
	table  string
	facets []engine.Facet
	err    error
}

// readFacets reads the facets of the table shown (not of an index: a
// facet is a view of the table). A backend with no design store has none.
func (p *Model) readFacets() tea.Cmd {
	if !p.tg.Valid() || p.tg.Index != "" {
		return nil
	}
	ds, ok := kit.DesignsOf(p.api)
	if !ok || kit.IsRemote(p.api) {
		return nil
	}
	table := p.tg.Table()
	return func() tea.Msg {
		d, err := ds.TableDesign(table)
		return facetsMsg{table: table, facets: d.Facets, err: err}
	}
}

// onFacets takes the facets of the table shown; a view shown before
// stays when its facet is still there.
func (p *Model) onFacets(msg facetsMsg) tea.Cmd {
	if msg.table != p.tg.Table() || p.tg.Index != "" || msg.err != nil {
		return nil
	}
	shown := ""
	if f, ok := p.shownFacet(); ok {
		shown = f.Name
	}
	p.facets, p.facet = msg.facets, 0
	for i, f := range p.facets {
		if f.Name == shown {
			p.facet = i + 1
		}
	}
	if shown != "" && p.facet == 0 {
		return p.reload() // the view shown is gone: all items again
	}
	return nil
}

// shownFacet is the facet whose view is shown, if any.
func (p *Model) shownFacet() (engine.Facet, bool) {
	if p.facet <= 0 || p.facet > len(p.facets) || p.tg.Index != "" {
		return engine.Facet{}, false
	}
	return p.facets[p.facet-1], true
}

// Facet is the name of the facet view shown ("" for all items).
func (p *Model) Facet() string {
	f, _ := p.shownFacet()
	return f.Name
}

// ofFacet keeps the items of the shown facet's shape.
func (p *Model) ofFacet(items []model.Item) []model.Item {
	f, ok := p.shownFacet()
	if !ok {
		return items
	}
	keys := kit.NonEmpty(p.tg.TableKeyNames())
	out := make([]model.Item, 0, len(items))
	for _, it := range items {
		if f.Matches(it, keys) {
			out = append(out, it)
		}
	}
	return out
}

// nextFacet shows the next (or previous) view: all items, then each
// facet; the pages are read again from the first.
func (p *Model) nextFacet(back bool) tea.Cmd {
	switch {
	case !p.tg.Valid():
		return nil
	case p.tg.Index != "":
		p.facetNote = "facet views are views of the table: pick the table in the sidebar"
		return nil
	case len(p.facets) == 0:
		p.facetNote = "no facet views: this table's design names no facets (a NoSQL Workbench model's TableFacets become views)"
		if _, ok := kit.DesignsOf(p.api); !ok || kit.IsRemote(p.api) {
			p.facetNote = "no facet views on this backend: the embedded engine keeps facets"
		}
		return nil
	}
	n := len(p.facets) + 1
	if back {
		p.facet = (p.facet + n - 1) % n
	} else {
		p.facet = (p.facet + 1) % n
	}
	p.facetNote = ""
	return p.reload()
}

// facetBar names the views, the one shown in brackets: "views: all ·
// [SongDetails] · Downloads   v/V".
func (p *Model) facetBar() string {
	st := p.st
	if p.facetNote != "" {
		return kit.Cut(st.Warn.Render(p.facetNote), p.w)
	}
	if len(p.facets) == 0 || p.tg.Index != "" {
		return ""
	}
	names := append([]string{"all items"}, make([]string, len(p.facets))...)
	for i, f := range p.facets {
		names[i+1] = f.Name
	}
	parts := make([]string, len(names))
	for i, n := range names {
		if i == p.facet {
			parts[i] = st.Bold.Render("[" + n + "]")
		} else {
			parts[i] = st.Dim.Render(n)
		}
	}
	return kit.Cut(st.Dim.Render("views: ")+strings.Join(parts, st.Dim.Render(" · "))+st.Dim.Render("  v/V"), p.w)
}

// facetPosition is the position line of a facet view: the rows on screen
// and how many of the items read so far are of the facet's shape.
func (p *Model) facetPosition(f engine.Facet, top, last, n int) string {
	read := 0
	for _, r := range p.raw {
		read += r
	}
	kept := 0
	for _, l := range p.lens {
		kept += l
	}
	rows := "no rows"
	if n > 0 {
		rows = fmt.Sprintf("rows %d–%d", top+1, last)
	}
	return fmt.Sprintf("%s · %s: %d of the %s read · page %d", rows, f.Name, kept, kit.NItems(read), p.pageOf(p.cursor)+1)
}

// overfull reports whether the window holds a page more than it keeps,
// page drop (an index into the window) being the one it would let go. A
// facet view keeps of each page only the items of its shape, so its
// window is bounded by rows too: a page goes only when two screens of
// rows stay, or the pane would read the pages on either side in turn,
// each near an edge of a window narrower than the screen. So is a window
// read through a filter on the server (its pages may hold no row).
func (p *Model) overfull(drop int) bool {
	if len(p.pages) <= maxWindowPages {
		return false
	}
	if _, ok := p.shownFacet(); !ok && p.server == nil {
		return true
	}
	rows := 0
	for _, pg := range p.pages {
		rows += len(pg)
	}
	return rows-len(p.pages[drop]) >= 2*p.rowsOnScreen()
}
