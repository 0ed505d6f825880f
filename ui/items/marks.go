package items

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Marks: the items a bulk action acts on (bulk.go). A mark is kept by the
// item's table key, with the item as it was loaded, so it survives the
// window sliding past it (the pane keeps three pages; the marks any
// number). Marks belong to the table: a new target clears them.

// markKey is an item's identity among the marks: its table key as
// DynamoDB JSON (attributes sorted, so one text per key).
func (p *Model) markKey(it model.Item) string {
	return string(model.AppendItemJSON(nil, kit.KeyOf(it, p.tg.TableKeyNames()...)))
}

// marked reports whether row i of the grid is marked.
func (p *Model) marked(i int) bool {
	if len(p.marks) == 0 || i < 0 || i >= len(p.g.Rows) {
		return false
	}
	_, ok := p.marks[p.markKey(p.g.Rows[i].Item)]
	return ok
}

// mark marks (on) or unmarks an item.
func (p *Model) mark(it model.Item, on bool) {
	k := p.markKey(it)
	if !on {
		delete(p.marks, k)
		return
	}
	if p.marks == nil {
		p.marks = map[string]model.Item{}
	}
	p.marks[k] = it
}

// cursorRow is the grid row under the cursor (-1: none).
func (p *Model) cursorRow() int {
	if p.idx != nil {
		if p.fcursor < 0 || p.fcursor >= len(p.idx) {
			return -1
		}
		return p.idx[p.fcursor]
	}
	r := p.cursor - p.offset(p.first)
	if r < 0 || r >= len(p.g.Rows) {
		return -1
	}
	return r
}

// toggleMark marks or unmarks the row under the cursor.
func (p *Model) toggleMark() {
	if r := p.cursorRow(); r >= 0 {
		p.mark(p.g.Rows[r].Item, !p.marked(r))
	}
}

// markRows marks the grid rows rows (nil: every loaded row).
func (p *Model) markRows(rows []int) int {
	n := 0
	mark := func(i int) {
		if !p.marked(i) {
			n++
		}
		p.mark(p.g.Rows[i].Item, true)
	}
	if rows == nil {
		for i := range p.g.Rows {
			mark(i)
		}
		return n
	}
	for _, i := range rows {
		mark(i)
	}
	return n
}

// markFiltered marks what the filter matches: the loaded rows it keeps,
// or, with a filter on the server, every item of the table it matches
// (read page after page; on a remote table after asking).
func (p *Model) markFiltered() tea.Cmd {
	switch {
	case p.server != nil:
		return p.askMarkServer()
	case p.idx != nil:
		n := p.markRows(p.idx)
		return kit.Msg(kit.FlashMsg{Text: "marked " + kit.NItems(n) + " more: the " + loadedRows(len(p.idx)) + " the filter matches · " + p.markCount()})
	}
	return kit.Msg(kit.FlashMsg{Text: "no filter to mark by: / filters the loaded rows, F the whole table on the server"})
}

// markCount is "12 marked".
func (p *Model) markCount() string { return kit.FmtInt(int64(len(p.marks))) + " marked" }

// markedItems are the marked items as loaded, in key order (the order of
// their keys' DynamoDB JSON: the same every time).
func (p *Model) markedItems() []model.Item {
	keys := make([]string, 0, len(p.marks))
	for k := range p.marks {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make([]model.Item, len(keys))
	for i, k := range keys {
		out[i] = p.marks[k]
	}
	return out
}
