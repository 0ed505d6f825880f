package items

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/ui/kit"
)

// The columns (c): which attribute columns show, in which order after the
// pinned key columns, and the column the loaded rows are sorted by. The
// chooser lists every attribute the loaded rows have: space shows or hides
// one, K and J move it, s sorts by it (ascending, descending, off). The
// choice holds while the same table (or index) is browsed. Sorting orders
// the rows loaded (a Scan has no order of its own to keep): the position
// line says so.

// columnLayout is the choice.
type columnLayout struct {
	order  []string
	hidden map[string]bool
	sortBy string
	desc   bool
}

// columnChooser is the open chooser.
type columnChooser struct {
	cursor int
}

// chooserColumns are the attribute columns in the chooser's order: the
// order chosen, then the others.
func (p *Model) chooserColumns() []string {
	var out []string
	seen := map[string]bool{}
	for _, n := range p.cols.order {
		if slices.Contains(p.allCols, n) && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	for _, n := range p.allCols {
		if !seen[n] {
			out = append(out, n)
		}
	}
	return out
}

// updateChooser takes a key while the chooser is open.
func (p *Model) updateChooser(msg tea.KeyPressMsg) tea.Cmd {
	cols := p.chooserColumns()
	c := p.chooser
	bk := p.bk
	if len(cols) == 0 {
		p.chooser = nil
		return nil
	}
	c.cursor = min(max(c.cursor, 0), len(cols)-1)
	name := cols[c.cursor]
	switch {
	case key.Matches(msg, p.ek.Accept, p.keys.Back):
		p.chooser = nil
		return nil
	case key.Matches(msg, bk.ColumnUp):
		if c.cursor > 0 {
			cols[c.cursor-1], cols[c.cursor] = cols[c.cursor], cols[c.cursor-1]
			c.cursor--
			p.cols.order = cols
		}
	case key.Matches(msg, bk.ColumnDown):
		if c.cursor < len(cols)-1 {
			cols[c.cursor+1], cols[c.cursor] = cols[c.cursor], cols[c.cursor+1]
			c.cursor++
			p.cols.order = cols
		}
	case key.Matches(msg, p.keys.Up):
		c.cursor = max(c.cursor-1, 0)
		return nil
	case key.Matches(msg, p.keys.Down):
		c.cursor = min(c.cursor+1, len(cols)-1)
		return nil
	case key.Matches(msg, bk.ShowColumn):
		if p.cols.hidden == nil {
			p.cols.hidden = map[string]bool{}
		}
		p.cols.hidden[name] = !p.cols.hidden[name]
	case key.Matches(msg, bk.SortBy):
		switch {
		case p.cols.sortBy != name:
			p.cols.sortBy, p.cols.desc = name, false
		case !p.cols.desc:
			p.cols.desc = true
		default:
			p.cols.sortBy, p.cols.desc = "", false
		}
	default:
		return nil
	}
	p.regrid()
	return nil
}

// chooserView draws the chooser in place of the rows.
func (p *Model) chooserView(h int) []string {
	st := p.st
	cols := p.chooserColumns()
	out := []string{st.Title.Render("Columns") + st.Dim.Render(" · after the key columns ("+strings.Join(kit.NonEmpty(p.tg.KeyNames()), ", ")+"), which stay first")}
	if len(cols) == 0 {
		return append(out, st.Dim.Render("no attribute besides the key in the loaded rows"))
	}
	c := p.chooser
	c.cursor = min(max(c.cursor, 0), len(cols)-1)
	top := kit.Window(0, c.cursor, len(cols), max(h-3, 1))
	for i := top; i < len(cols) && len(out) < h-2; i++ {
		n := cols[i]
		box := "[x]"
		if p.cols.hidden[n] {
			box = "[ ]"
		}
		sort := ""
		if p.cols.sortBy == n {
			sort = " sorted ↑ (the loaded rows)"
			if p.cols.desc {
				sort = " sorted ↓ (the loaded rows)"
			}
		}
		line := fmt.Sprintf("%s %s%s", box, n, sort)
		if i == c.cursor {
			line = st.Cursor.Render(kit.Fit("▸ "+line, p.w))
		} else {
			line = "  " + line
		}
		out = append(out, kit.Fit(line, p.w))
	}
	bk := p.bk
	help := []string{bk.ShowColumn.Help().Key + " show/hide", bk.ColumnUp.Help().Key + "/" + bk.ColumnDown.Help().Key + " move", bk.SortBy.Help().Key + " sort ↑ ↓ off", "enter/esc done"}
	return append(out, "", st.Dim.Render(kit.Cut(strings.Join(help, " · "), p.w)))
}

// sortNote is what the position line adds about the sort.
func (p *Model) sortNote() string {
	if p.cols.sortBy == "" {
		return ""
	}
	d := "↑"
	if p.cols.desc {
		d = "↓"
	}
	return " · loaded rows sorted by " + p.cols.sortBy + " " + d
}
