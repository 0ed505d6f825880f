package ui

import "strings"

// titleLine is a live pane's first line: the table's name, then what is
// said of it on the right when it fits in w cells (else after the name,
// cut), so the name is never the part cut.
func titleLine(st Styles, table, right string, w int) string {
	t := st.Title.Render(table)
	if width(t)+width(right)+2 <= w {
		return spread(t, right, w)
	}
	return cut(t+"  "+right, w)
}

// paneNames are the tabs, in pane order.
var paneNames = []string{"1 Schema", "2 Items", "3 Query", "4 Capacity", "5 TTL", "6 Stream", "7 Lessons"}

// tabRow is the tab row of the built panes, the current one in brackets;
// when it does not fit in w cells the other tabs shrink to their digit.
func (m *Model) tabRow(w int) string {
	st := m.st
	row := func(short bool) string {
		parts := make([]string, 0, len(paneNames))
		for i, n := range paneNames {
			switch {
			case pane(i) == m.pane:
				parts = append(parts, st.TabOn.Render("["+n+"]"))
			case short:
				parts = append(parts, st.TabOff.Render(" "+n[:1]+" "))
			default:
				parts = append(parts, st.TabOff.Render(" "+n+" "))
			}
		}
		return strings.Join(parts, " ")
	}
	if s := row(false); width(s) <= w {
		return s
	}
	return row(true)
}
