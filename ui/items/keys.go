package items

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

type keys struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Left, Right, Open, Filter, ClearFilter, LeftOut, Reload, Stop key.Binding
	Facet, FacetBack, MoreLikeThis                                                                         key.Binding
	Back, KeepFilter, LeaveUp, LeaveDown                                                                   key.Binding
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
	k.ClearFilter.SetEnabled((p.idx != nil || p.server != nil) && !p.toEnd)
	if p.idx == nil && p.server != nil {
		k.ClearFilter.SetHelp("esc", "clear the filter on the server")
	}
	k.Stop.SetEnabled(p.toEnd)
	k.Facet.SetEnabled(len(p.facets) > 0 && p.leftOut == nil && !p.toEnd)
	k.FacetBack.SetEnabled(len(p.facets) > 0 && p.leftOut == nil && !p.toEnd)
	_, onItem := p.current()
	k.MoreLikeThis.SetEnabled(onItem && len(p.tg.Desc.VectorIndexes) > 0 && p.leftOut == nil && !p.toEnd)
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

// browseKeys are the chores' bindings that apply now: the marks, what
// acts on the marked items (those that write as the backend allows), the
// columns, the filter on the server, copying and editing as plain JSON.
func (p *Model) browseKeys() (marks, bulk, more []key.Binding) {
	bk := p.bk
	ok := p.tg.Valid() && p.leftOut == nil
	_, cur := p.current()
	for _, b := range []*key.Binding{&bk.Mark, &bk.CopyPlain, &bk.CopyDynamo} {
		b.SetEnabled(ok && cur)
	}
	bk.MarkLoaded.SetEnabled(ok && len(p.g.Rows) > 0)
	bk.MarkFiltered.SetEnabled(ok && (p.idx != nil || p.server != nil))
	bk.Unmark.SetEnabled(len(p.marks) > 0)
	has := ok && len(p.marks) > 0 && !p.bulkRunning()
	for _, b := range []*key.Binding{&bk.DeleteMarked, &bk.SetMarked, &bk.RemoveMarked, &bk.ExportMarked} {
		b.SetEnabled(has)
	}
	bk.StopBulk.SetEnabled(p.bulkRunning())
	bk.Columns.SetEnabled(ok)
	bk.ServerFilter.SetEnabled(ok)
	edit := bk.EditPlain
	_, canEdit := p.editKey()
	edit.SetEnabled(canEdit)
	marks = []key.Binding{bk.Mark, bk.MarkLoaded, bk.MarkFiltered, bk.Unmark}
	bulk = append(kit.Writable(p.api, false, bk.DeleteMarked, bk.SetMarked, bk.RemoveMarked), bk.ExportMarked, bk.StopBulk)
	export, imp := p.tk.Export, p.tk.Import
	export.SetEnabled(ok)
	imp.SetEnabled(ok)
	if p.server != nil {
		export.SetHelp(export.Help().Key, "export every item the filter on the server matches to a file")
	}
	more = append([]key.Binding{bk.Columns, bk.ServerFilter, bk.CopyPlain, bk.CopyDynamo}, kit.Writable(p.api, false, edit)...)
	more = append(append(more, export), kit.Writable(p.api, false, imp)...)
	return marks, bulk, more
}

// ShortHelp is the pane's keys for the help line.
func (p *Model) ShortHelp() []key.Binding {
	if p.filtering {
		return []key.Binding{p.keys.KeepFilter, p.keys.ClearFilter}
	}
	if p.prompt != nil {
		acc, esc := p.ek.Accept, p.ek.Cancel
		if p.prompt.kind == promptExport {
			return []key.Binding{acc, esc, p.bk.Format}
		}
		return []key.Binding{acc, esc}
	}
	if p.chooser != nil {
		done := p.ek.Accept
		done.SetHelp("enter/esc", "done")
		return []key.Binding{p.keys.Up, p.keys.Down, p.bk.ShowColumn, p.bk.ColumnUp, p.bk.ColumnDown, p.bk.SortBy, done}
	}
	if p.bulk != nil && p.bulk.finished {
		c := p.ek.Accept
		c.SetHelp("enter/esc", "close the summary")
		return []key.Binding{c}
	}
	k := p.keyMap()
	if p.toEnd {
		return []key.Binding{k.Stop}
	}
	if p.bulkRunning() {
		return []key.Binding{p.bk.StopBulk, k.Up, k.Down}
	}
	if len(p.marks) > 0 {
		_, bulk, _ := p.browseKeys()
		return append([]key.Binding{k.Up, k.Down, p.bk.Mark, p.bk.Unmark}, bulk...)
	}
	if kit.ReadOnly(p.api) != "" { // the refusal early, where it shows
		return append(append([]key.Binding{k.Up, k.Down, k.Open}, p.shortEditKeys()...), k.Bottom, k.Filter, k.LeftOut, k.Facet, k.Reload)
	}
	return append([]key.Binding{k.Up, k.Down, k.Open, k.MoreLikeThis, k.Bottom, k.Filter, k.LeftOut, k.Facet, k.Reload}, append(p.shortEditKeys(), p.bk.Mark)...)
}

// FullHelp is every key of the pane.
func (p *Model) FullHelp() [][]key.Binding {
	if p.filtering {
		return [][]key.Binding{p.ShortHelp()}
	}
	if p.prompt != nil || p.chooser != nil || (p.bulk != nil && p.bulk.finished) {
		return [][]key.Binding{p.ShortHelp()}
	}
	k := p.keyMap()
	marks, bulk, more := p.browseKeys()
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Stop},
		{k.Left, k.Right, k.Open, k.MoreLikeThis, k.Filter, k.ClearFilter, k.LeftOut, k.Facet, k.FacetBack, k.Reload},
		kit.Writable(p.api, false, p.editKeys()...),
		marks, bulk, more,
	}
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
		if p.idx == nil && p.server != nil {
			return p.setServerFilter(nil)
		}
		p.idx, p.filter = nil, kit.Field{}
	case key.Matches(msg, k.LeftOut):
		return p.OpenLeftOut()
	case key.Matches(msg, p.keys.Facet, p.keys.FacetBack): // a note says why when there are none
		return p.nextFacet(key.Matches(msg, p.keys.FacetBack))
	case key.Matches(msg, k.Reload):
		return p.Refresh()
	case key.Matches(msg, k.MoreLikeThis):
		if it, ok := p.current(); ok {
			whole := p.tg.Index == "" || p.tg.Projection().ProjectionType == model.ProjectionAll
			return kit.Msg(kit.SearchLikeMsg{Target: p.tg, Item: it, Whole: whole})
		}
	case p.leftOut == nil:
		if cmd, ok := p.browseKey(msg); ok {
			return cmd
		}
	}
	if key.Matches(msg, k.Open) {
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
	if e, err := remoteapi.EstimateScanOf(p.tg.Desc, p.tg.Index); err == nil {
		body = append(body, e.String(), "")
	}
	body = append(body, fmt.Sprintf("G reads every page after the %s loaded, %d items a page, eventually consistent; each page shows what it consumed. esc stops.",
		kit.Plural(int64(len(p.pages)), "page", ""), p.pageSize))
	return kit.Msg(kit.ConfirmMsg{Title: "Read " + p.tg.Label() + " to the end?", Yes: "read to the end", Body: body, Then: toEndMsg{gen: p.gen}})
}

// editKey turns n, e, E, a and d into edit requests for the root; with no
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
	case key.Matches(msg, p.bk.EditPlain):
		return kit.Msg(kit.EditMsg{Op: kit.EditInEditor, Target: tg, Key: itemKey, Plain: true}), true
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
