package kit

import (
	"sort"

	"github.com/dynoscope/dynoscope/model"
)

// The columns a person picks, orders and sorts by (the items pane's
// column chooser): the key columns stay pinned first; the others follow
// in the order asked, those not named after them, the hidden left out.

// ColumnNames are the attribute columns after the key, in order.
func (g *Grid) ColumnNames() []string { return append([]string(nil), g.cols...) }

// Arrange puts the attribute columns named in order first, in that order
// (the others after them, as they were) and leaves out the hidden ones.
func (g *Grid) Arrange(order []string, hidden map[string]bool) {
	if len(order) == 0 && len(hidden) == 0 {
		return
	}
	all := g.all()
	pos := make(map[string]int, len(all))
	for j, n := range all {
		pos[n] = j
	}
	nk := len(g.keyCols)
	seen := map[string]bool{}
	var cols []string
	add := func(n string) {
		if j, ok := pos[n]; ok && j >= nk && !seen[n] {
			seen[n] = true
			if !hidden[n] {
				cols = append(cols, n)
			}
		}
	}
	for _, n := range order {
		add(n)
	}
	for _, n := range g.cols {
		add(n)
	}
	for i := range g.Rows {
		old := g.Rows[i].cells
		cells := make([]string, nk+len(cols))
		copy(cells, old[:nk])
		for j, n := range cols {
			cells[nk+j] = old[pos[n]]
		}
		g.Rows[i].cells = cells
	}
	g.cols = cols
}

// SortRows sorts the rows by attribute col, ascending or (desc)
// descending: numbers by value, strings and binary bytewise, other types
// by their text; items without the attribute last either way. Rows that
// compare equal keep their order.
func (g *Grid) SortRows(col string, desc bool) {
	g.sorted, g.desc = col, desc
	if col == "" {
		return
	}
	sort.SliceStable(g.Rows, func(i, j int) bool {
		a, aok := g.Rows[i].Item[col]
		b, bok := g.Rows[j].Item[col]
		switch {
		case !aok || !bok:
			return aok && !bok
		}
		c, ok := model.Compare(a, b)
		if !ok {
			if a.Type != b.Type {
				c = compareStrings(string(a.Type), string(b.Type))
			} else {
				c = compareStrings(Cell(a), Cell(b))
			}
		}
		if desc {
			return c > 0
		}
		return c < 0
	})
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
