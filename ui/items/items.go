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
//
// The everyday chores: marks (space, *, M, u) and the bulk actions on the
// marked items (D delete, A set, R remove an attribute, X export), each
// with a dry run by the engine's capacity rules, progress, esc to stop and
// a summary; the columns (c: show, order, sort); the filter on the server
// (F: a FilterExpression over the whole table, its cost said first); y and
// Y copy an item as plain or DynamoDB JSON, E edits it as plain JSON.
//
// Where to look: items.go the model; keys.go the key bindings and what
// each does; paging.go the Scan pages (the window of at most three, the
// prefetch, reading to the end); update.go the messages; filter.go the
// filter of the loaded rows; view.go drawing; facet.go the facet views;
// leftout.go the items an index leaves out; itemview.go the item view;
// marks.go, bulk.go, export.go the marks and what acts on them; prompt.go
// the one-line prompts; columns.go the column chooser; serverfilter.go the
// filter on the server; browse.go the chores' keys.
package items

import (
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
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
	bk       keymap.BrowseKeyMap
	tk       keymap.TransferKeyMap
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

	// Marks and the bulk action on them (marks.go, bulk.go), the prompt
	// open under the rows (prompt.go), the filter on the server and the
	// items each of its pages scanned (serverfilter.go), and the columns
	// chosen (columns.go).
	marks      map[string]model.Item
	bulk       *bulkRun
	bulkSeq    int
	retryDelay time.Duration // bulkRetryDelay; tests shorten it
	marking    *marking
	markSeq    int
	prompt     *prompt
	server     *serverFilter
	scanned    []int
	cols       columnLayout
	allCols    []string
	chooser    *columnChooser

	w, h    int
	focused bool
}

// New returns the Items pane of the workspace api, reading pageSize items
// a page (0: DefaultPageSize).
func New(st *kit.Styles, km keymap.KeyMap, api engine.API, pageSize int) *Model {
	if pageSize <= 0 {
		pageSize = DefaultPageSize
	}
	open := km.Open
	open.SetHelp("enter", "open item")
	keep := km.Editing.Accept
	keep.SetHelp("enter", "keep filter")
	bottom := km.Bottom
	bottom.SetHelp("G", "end (reads every page)")
	k := keys{Up: km.Up, Down: km.Down, PageUp: km.PageUp, PageDown: km.PageDown, Top: km.Top,
		Bottom: bottom, Left: km.Left, Right: km.Right, Open: open, Filter: km.Filter,
		ClearFilter: km.ClearFilter, LeftOut: km.LeftOut, Reload: km.Reload, Stop: km.Stop,
		Facet: km.Design.Facet, FacetBack: km.Design.FacetBack, MoreLikeThis: km.MoreLikeThis,
		Back: km.Back, KeepFilter: keep, LeaveUp: km.Field.Up, LeaveDown: km.Field.Down}
	return &Model{st: st, keys: k, ek: km.Editing, bk: km.Browse, tk: km.Transfer, api: api, pageSize: pageSize, loading: -1,
		retryDelay: bulkRetryDelay}
}

func (p *Model) leftOutCapable() bool {
	_, ok := p.api.(kit.LeftOutLister)
	return ok
}

// surveyCapable reports whether the backend can read a table whole to
// tell what an index leaves out (a remote one).
func (p *Model) surveyCapable() bool {
	_, ok := p.api.(remoteapi.TableSurveyor)
	return ok && !p.leftOutCapable()
}

// SetSize sets the inner size.
func (p *Model) SetSize(w, h int) { p.w, p.h = w, h }

// SetFocus says whether the pane has the keyboard.
func (p *Model) SetFocus(on bool) { p.focused = on }

// Capturing reports whether the filter, a prompt or the column chooser
// has the keyboard.
func (p *Model) Capturing() bool { return p.filtering || p.prompt != nil || p.chooser != nil }

// UsesEsc reports whether esc means something here: clearing a filter,
// leaving the left-out list (or stopping the read of the table behind
// it), stopping a read to the end, clearing the filter on the server,
// stopping a bulk action or closing its summary.
func (p *Model) UsesEsc() bool {
	return p.idx != nil || p.leftOut != nil || p.toEnd || p.filtering || p.server != nil || p.bulk != nil || p.marking != nil
}

// Target is what the pane browses.
func (p *Model) Target() kit.Target { return p.tg }

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

// Rows are the items loaded, in window order.
func (p *Model) Rows() []model.Item {
	out := make([]model.Item, len(p.g.Rows))
	for i, r := range p.g.Rows {
		out[i] = r.Item
	}
	return out
}
