package ui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
)

// sidebar lists the tables with their item counts, and beneath the selected
// table its indexes with type, status badge, sparse ratio ("1/4": one of
// four table items is in the index) and "!" when some items violate the
// index key schema.
type sidebar struct {
	st     Styles
	keys   sidebarKeys
	tables []tableInfo
	// cursor: a table, and -1 for the table row or the position of an index
	// in indexNames.
	ti, ii int
	w, h   int
}

type sidebarKeys struct {
	Up, Down, Top, Bottom, PageUp, PageDown, Open key.Binding
}

func (k sidebarKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Open}
}

func (k sidebarKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Open}}
}

func newSidebar(st Styles, km keymap.KeyMap) sidebar {
	open := km.Open
	open.SetHelp("enter", "browse")
	return sidebar{st: st, keys: sidebarKeys{Up: km.Up, Down: km.Down, Top: km.Top, Bottom: km.Bottom,
		PageUp: km.PageUp, PageDown: km.PageDown, Open: open}, ii: -1}
}

// indexNames lists a table's indexes: LSIs, then GSIs, each by name.
func indexNames(d *model.TableDescription) []string {
	var out []string
	for _, l := range d.LocalSecondaryIndexes {
		out = append(out, l.IndexName)
	}
	for _, g := range d.GlobalSecondaryIndexes {
		out = append(out, g.IndexName)
	}
	return out
}

// SetTables replaces the tables, keeping the cursor on the same table and
// index where they still exist.
func (s *sidebar) SetTables(tables []tableInfo) {
	cur := s.selected()
	s.tables = tables
	s.ti, s.ii = 0, -1
	if cur.valid() {
		s.selectByName(cur.table(), cur.index)
	}
}

func (s *sidebar) selectByName(table, index string) bool {
	for i, t := range s.tables {
		if t.Desc.TableName != table {
			continue
		}
		s.ti, s.ii = i, -1
		for j, n := range indexNames(t.Desc) {
			if n == index {
				s.ii = j
			}
		}
		return true
	}
	return false
}

// selected returns the target under the cursor.
func (s *sidebar) selected() target {
	if s.ti < 0 || s.ti >= len(s.tables) {
		return target{}
	}
	d := s.tables[s.ti].Desc
	t := target{desc: d}
	if names := indexNames(d); s.ii >= 0 && s.ii < len(names) {
		t.index = names[s.ii]
	}
	return t
}

func (s *sidebar) info() *tableInfo {
	if s.ti < 0 || s.ti >= len(s.tables) {
		return nil
	}
	return &s.tables[s.ti]
}

func (s *sidebar) SetSize(w, h int) { s.w, s.h = w, h }

// move moves the cursor by n rows (negative: up).
func (s *sidebar) move(n int) {
	for ; n > 0; n-- {
		if s.ti >= len(s.tables) {
			return
		}
		if s.ii+1 < len(indexNames(s.tables[s.ti].Desc)) {
			s.ii++
		} else if s.ti+1 < len(s.tables) {
			s.ti, s.ii = s.ti+1, -1
		}
	}
	for ; n < 0; n++ {
		if s.ii >= 0 {
			s.ii--
		} else if s.ti > 0 {
			s.ti--
		}
	}
}

// Update handles keys and the mouse wheel; changed reports a new selection.
func (s sidebar) Update(msg tea.Msg) (sidebar, bool) {
	before := s.selected()
	switch msg := msg.(type) {
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, s.keys.Up):
			s.move(-1)
		case key.Matches(msg, s.keys.Down):
			s.move(1)
		case key.Matches(msg, s.keys.PageUp):
			s.move(-(s.h - 2))
		case key.Matches(msg, s.keys.PageDown):
			s.move(s.h - 2)
		case key.Matches(msg, s.keys.Top):
			s.ti, s.ii = 0, -1
		case key.Matches(msg, s.keys.Bottom):
			s.ti, s.ii = len(s.tables)-1, -1
		}
	case tea.MouseMsg:
		switch msg.Button {
		case tea.MouseButtonWheelUp:
			s.move(-1)
		case tea.MouseButtonWheelDown:
			s.move(1)
		}
	}
	after := s.selected()
	return s, after.table() != before.table() || after.index != before.index
}

// View draws the sidebar box.
func (s sidebar) View(focused bool) string {
	inner := s.w - 2
	var rows []string
	cursorRow := 0
	for i, t := range s.tables {
		d := t.Desc
		mark := "  "
		if i == s.ti {
			mark = "▸ "
		}
		name := d.TableName
		count := fmt.Sprint(d.ItemCount)
		if d.TableStatus != model.StatusActive {
			count = d.TableStatus
		}
		line := spread(mark+name, count, inner)
		if i == s.ti && s.ii < 0 {
			cursorRow = len(rows)
			line = s.cursorLine(line, focused)
		} else if i == s.ti {
			line = s.st.Selected.Render(line)
		}
		rows = append(rows, line)
		if i != s.ti {
			continue
		}
		for j, n := range indexNames(d) {
			line := spread("    "+n, s.indexBadge(t, n), inner)
			if j == s.ii {
				cursorRow = len(rows)
				line = s.cursorLine(line, focused)
			}
			rows = append(rows, line)
		}
	}
	if len(s.tables) == 0 {
		rows = append(rows, s.st.Dim.Render(" no tables"))
	}
	h := s.h - 2
	top := window(0, cursorRow, len(rows), h)
	end := top + h
	if end > len(rows) {
		end = len(rows)
	}
	title := "Tables"
	if focused {
		title = s.st.BoxTitle.Render(title)
	}
	return box(s.st, title, rows[top:end], s.w, s.h, focused)
}

func (s sidebar) cursorLine(line string, focused bool) string {
	if focused {
		return s.st.Cursor.Render(line)
	}
	return s.st.Selected.Render(line)
}

// indexBadge is "LSI 24/27", "GSI 1/4 !", "GSI BACKFILLING 40%".
func (s sidebar) indexBadge(t tableInfo, name string) string {
	tg := target{desc: t.Desc, index: name}
	kind := tg.kind()
	status := tg.status()
	if status != model.StatusActive {
		if p, ok := t.Progress[name]; ok && p.Total > 0 && status == "BACKFILLING" {
			return fmt.Sprintf("%s %s %d%%", kind, "BACKFILLING", p.Scanned*100/p.Total)
		}
		return kind + " " + status
	}
	n, total := tg.itemCount(), t.Desc.ItemCount
	count := fmt.Sprint(n)
	if n < total {
		count = fmt.Sprintf("%d/%d", n, total)
	}
	flag := " "
	if t.Violations[name] > 0 {
		flag = "!"
	}
	return kind + " " + count + flag
}
