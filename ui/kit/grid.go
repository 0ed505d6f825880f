package kit

import (
	"sort"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// maxCellWidth caps a column's width; longer values end in "…".
const maxCellWidth = 36

// Grid is a table of items with the key columns pinned on the left and the
// other attributes after them. Cells are formatted once, when the rows
// change, so drawing a frame only cuts and joins strings.
type Grid struct {
	// hash and rng are the key of what is browsed, in KeySchema order
	// (coloured, ▲ on the sort key; ▲1 ▲2 … on the attributes of a
	// multi-attribute sort key, which order the rows taken together).
	hash, rng []string
	keyCols   []string // pinned columns
	cols      []string // the other attributes, by name
	absent    map[string]bool
	labels    map[string]string // names shown for some columns (a facet's aliases)
	// PinKeys keeps the key columns at their width even when no other
	// column fits beside them (the left-out list, about the keys).
	PinKeys bool
	Rows    []GridRow
	widths  map[string]int
	// Marked reports whether row i is marked (a bulk action's mark, drawn
	// "•" beside the cursor's place); nil: no row is.
	Marked func(i int) bool
	// sorted is the column the rows are sorted by (SortRows), desc its
	// direction.
	sorted string
	desc   bool
}

// GridRow is one item of a grid, its cells formatted.
type GridRow struct {
	Item  model.Item
	cells []string // keyCols then cols
	Text  string   // lower-cased cells, for filtering
	// marks replace the (empty) cells of some columns with a word about
	// them (Mark).
	marks map[string]string
}

// Mark shows text in row i's cell of column col instead of its value: the
// left-out list marks the key attributes an item lacks.
func (g *Grid) Mark(i int, col, text string) {
	if i < 0 || i >= len(g.Rows) {
		return
	}
	r := &g.Rows[i]
	if r.marks == nil {
		r.marks = map[string]string{}
	}
	r.marks[col] = text
	g.widths[col] = min(max(g.widths[col], Width(text)), maxCellWidth)
}

// NewGrid lays out items; extra names attributes that exist in the table
// but are not projected into the index being browsed (drawn as absent).
func NewGrid(tg Target, items []model.Item, extra []string) Grid {
	g := Grid{hash: tg.HashKeys(), rng: tg.RangeKeys(), keyCols: tg.KeyNames(), widths: map[string]int{}}
	isKey := map[string]bool{}
	for _, k := range g.keyCols {
		isKey[k] = true
	}
	seen := map[string]bool{}
	for _, it := range items {
		for n := range it {
			if !isKey[n] && !seen[n] {
				seen[n] = true
				g.cols = append(g.cols, n)
			}
		}
	}
	for _, n := range extra {
		if !isKey[n] && !seen[n] && !tg.Projects(n) {
			seen[n] = true
			g.cols = append(g.cols, n)
			if g.absent == nil {
				g.absent = map[string]bool{}
			}
			g.absent[n] = true
		}
	}
	sort.Slice(g.cols, func(i, j int) bool {
		ai, aj := g.absent[g.cols[i]], g.absent[g.cols[j]]
		if ai != aj {
			return !ai // projected attributes first
		}
		return g.cols[i] < g.cols[j]
	})
	g.fill(items)
	return g
}

// fill formats the rows of items and sizes the columns to them.
func (g *Grid) fill(items []model.Item) {
	all := g.all()
	for _, n := range all {
		g.widths[n] = max(Width(g.name(n))+2, Width(g.label(n))) // room for " ▲" on any column
	}
	g.Rows = make([]GridRow, len(items))
	for i, it := range items {
		r := GridRow{Item: it, cells: make([]string, len(all))}
		var text strings.Builder
		for j, n := range all {
			v, ok := it[n]
			if !ok {
				continue
			}
			c := Cut(Cell(v), maxCellWidth)
			r.cells[j] = c
			text.WriteString(strings.ToLower(c))
			text.WriteByte(' ')
			if cw := Width(c); cw > g.widths[n] {
				g.widths[n] = cw
			}
		}
		r.Text = text.String()
		g.Rows[i] = r
	}
	for n, w := range g.widths {
		if w > maxCellWidth {
			g.widths[n] = maxCellWidth
		}
	}
}

func (g *Grid) all() []string { return append(append([]string{}, g.keyCols...), g.cols...) }

// name is what a column is called: the attribute, or the alias a facet
// gives it.
func (g *Grid) name(n string) string {
	if l, ok := g.labels[n]; ok {
		return l
	}
	return n
}

// label is a column's header: its name, "▲" after the sort key, "▲1",
// "▲2", … after the attributes of a multi-attribute sort key.
func (g *Grid) label(n string) string {
	if n == g.sorted && n != "" {
		if g.desc {
			return g.name(n) + " ↓"
		}
		return g.name(n) + " ↑"
	}
	i := indexOf(g.rng, n)
	switch {
	case i < 0:
		return g.name(n)
	case len(g.rng) == 1:
		return g.name(n) + " ▲"
	}
	return g.name(n) + " ▲" + Itoa(i+1)
}

// indexOf is the position of s in list, -1 when absent.
func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// Render draws the header and rows [top, top+h) of the rows selected by
// idx (nil: all rows), with the cursor row marked "▸", the pinned key
// columns and then the other columns from colOff on, in w cells.
func (g *Grid) Render(st *Styles, idx []int, top, h, cursor, colOff, w int, focused bool) []string {
	all := g.all()
	nk := len(g.keyCols)
	// When the key columns fill the width, scrolling right (colOff 1, 2,
	// …) shows the attributes from the first (0, 1, …) beside the keys,
	// which give way; back at colOff 0 they are whole again.
	skip, keyW := colOff, []int(nil)
	if colOff > 0 && g.keysFill(w) {
		skip = min(colOff-1, len(g.cols)-1)
		keyW = g.shrunkKeys(w, g.cols[skip])
	}
	visible := []int{} // column positions in all
	widths := map[int]int{}
	used := 2
	for j := 0; j < len(all); j++ {
		if j >= nk && j < nk+skip {
			continue
		}
		cw := g.widths[all[j]]
		if j < nk && keyW != nil {
			cw = keyW[j]
		}
		if len(visible) > 0 {
			used += 3
		}
		if used+cw > w && len(visible) > 0 {
			// the last column shows as much as fits, if that is useful
			if rest := w - used; rest >= 6 {
				visible = append(visible, j)
				widths[j] = rest
			}
			break
		}
		visible = append(visible, j)
		widths[j] = cw
		used += cw
	}
	sep := st.Dim.Render(" │ ")
	out := make([]string, 0, h+1)
	var hb strings.Builder
	hb.WriteString("  ")
	for i, j := range visible {
		if i > 0 {
			hb.WriteString(sep)
		}
		n := all[j]
		label := g.label(n)
		s := st.Header
		switch {
		case indexOf(g.hash, n) >= 0:
			s = st.PK.Bold(true)
		case indexOf(g.rng, n) >= 0:
			s = st.SK.Bold(true)
		case g.absent[n]:
			s = st.Absent
		}
		hb.WriteString(s.Render(Fit(label, widths[j])))
	}
	more := ""
	if hidden := len(all) - len(visible) - skip; hidden > 0 {
		more = "  +" + Itoa(hidden) + " →"
	}
	if colOff > 0 {
		more = "  ← " + more
	}
	out = append(out, Fit(Cut(hb.String(), w-Width(more))+st.Dim.Render(more), w))
	n := len(g.Rows)
	if idx != nil {
		n = len(idx)
	}
	for r := top; r < top+h && r < n; r++ {
		ri := r
		if idx != nil {
			ri = idx[r]
		}
		row := g.Rows[ri]
		var b strings.Builder
		mark := " "
		if g.Marked != nil && g.Marked(ri) {
			mark = "•"
		}
		if r == cursor {
			b.WriteString("▸" + mark)
		} else {
			b.WriteString(" " + mark)
		}
		for i, j := range visible {
			if i > 0 {
				b.WriteString(" │ ")
			}
			c := row.cells[j]
			if g.absent[all[j]] {
				c = "·"
			}
			if m, ok := row.marks[all[j]]; ok {
				c = m
			}
			b.WriteString(Fit(c, widths[j]))
		}
		line := Fit(b.String(), w)
		switch {
		case r == cursor && focused:
			line = st.Cursor.Render(line)
		case r == cursor:
			line = st.Selected.Render(line)
		}
		out = append(out, line)
	}
	return out
}

// minKeyWidth is how narrow a pinned key column may get to make room for
// an attribute column.
const minKeyWidth = 8

// keyRest is how many cells the pinned key columns, at their own widths,
// leave for other columns in w cells.
func (g *Grid) keyRest(w int) int {
	rest := w - 2 // the cursor mark
	for _, n := range g.keyCols {
		rest -= g.widths[n] + 3
	}
	return rest
}

// keysFill reports whether the pinned key columns leave no room for any
// other column in w cells (Render shows a last column from 6 cells on):
// then scrolling right makes them give way (see Render).
func (g *Grid) keysFill(w int) bool {
	return !g.PinKeys && len(g.keyCols) > 0 && len(g.cols) > 0 && g.keyRest(w) < 6
}

// MaxColOff is the largest column offset (Render's colOff) that still
// shows an attribute column in w cells.
func (g *Grid) MaxColOff(w int) int {
	switch {
	case len(g.cols) == 0:
		return 0
	case g.keysFill(w):
		return len(g.cols)
	}
	return len(g.cols) - 1
}

// shrunkKeys are the key columns' widths when they give way to the
// attribute column first: the widest narrow, down to minKeyWidth, until
// that column has 10 cells (or all it needs), its header beside the
// scroll marks.
func (g *Grid) shrunkKeys(w int, first string) []int {
	ws := make([]int, len(g.keyCols))
	for j, n := range g.keyCols {
		ws[j] = g.widths[n]
	}
	// room for the column, and for "  ← … +N →" at the header's end
	const marks = 12
	for rest, want := g.keyRest(w), min(g.widths[first], 10)+marks; rest < want; rest++ {
		widest := -1
		for j := range ws {
			if ws[j] > minKeyWidth && (widest < 0 || ws[j] > ws[widest]) {
				widest = j
			}
		}
		if widest < 0 {
			break
		}
		ws[widest]--
	}
	return ws
}

// Columns is how many attribute columns after the key the grid has.
func (g *Grid) Columns() int { return len(g.cols) }

// Absent reports whether the grid shows attributes the target does not
// project.
func (g *Grid) Absent() bool { return len(g.absent) > 0 }
