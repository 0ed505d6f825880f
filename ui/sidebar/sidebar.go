// Package sidebar is the explorer's list of tables: each with its item
// count and, beneath the selected one, its indexes with type, status,
// sparse ratio ("1/4": one of four table items is in the index) and "!"
// when items violate the index key schema. The cursor (▸) is on a table or
// one of its index rows (vector indexes after the GSIs, badged "VEC"); the
// keys c, i, d, t and X ask the root for a new table, a new GSI (a new
// vector index when the cursor is on one), the deletion of the table, GSI
// or vector index under the cursor, TTL on or off and the emptying of the
// table (every item deleted); x and I for the export of the table or
// index under the cursor to a file and the import of a file into the
// table (kit.ExportMsg, kit.ImportMsg). On a remote
// backend the counts are DynamoDB's approximate ones and say so ("~"), an
// index's sparse ratio is exact once the table was read whole (S), and the
// keys that would write are shown refused while the backend is read-only.
package sidebar

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Model is the sidebar.
type Model struct {
	st     *kit.Styles
	keys   keys
	ek     keymap.EditKeyMap
	tk     keymap.TransferKeyMap
	all    []kit.TableInfo // every table
	tables []kit.TableInfo // those the filter lets through, listed
	// filter narrows the list to the tables whose name holds its text
	// (any case); filtering: it has the keyboard.
	filter    kit.Field
	filtering bool
	// cursor: a table, and -1 for the table row or the position of an index
	// in kit.IndexNames.
	ti, ii  int
	w, h    int
	focused bool
	approx  bool // the counts are DynamoDB's approximate ones
	// readOnly is the refusal of every write ("" when the backend may
	// write).
	readOnly string
}

type keys struct {
	Up, Down, Top, Bottom, PageUp, PageDown, Open key.Binding
	Filter, KeepFilter, ClearFilter               key.Binding
}

// OpenMsg: enter on the sidebar, which opens the selection in its pane.
type OpenMsg struct{}

// New returns an empty sidebar.
func New(st *kit.Styles, km keymap.KeyMap) *Model {
	open := km.Open
	open.SetHelp("enter", "browse")
	filter, keep, clear := km.Filter, km.Editing.Accept, km.ClearFilter
	filter.SetHelp(filter.Help().Key, "filter tables (type a name)")
	keep.SetHelp(keep.Help().Key, "keep the filter")
	clear.SetHelp(clear.Help().Key, "clear the filter")
	return &Model{st: st, ek: km.Editing, tk: km.Transfer, keys: keys{Up: km.Up, Down: km.Down, Top: km.Top, Bottom: km.Bottom,
		PageUp: km.PageUp, PageDown: km.PageDown, Open: open, Filter: filter, KeepFilter: keep, ClearFilter: clear}, ii: -1}
}

// SetApproximate says the counts are DynamoDB's approximate ones (a
// remote backend): they show as "~48,000", with a note.
func (s *Model) SetApproximate(on bool) { s.approx = on }

// SetReadOnly says every write is refused, and why ("" when the backend
// may write).
func (s *Model) SetReadOnly(why string) { s.readOnly = why }

// manageKeys are the table and index keys that apply to the selection.
func (s *Model) manageKeys(short bool) []key.Binding {
	sel := s.Selected()
	add, drop, ttl, empty := s.ek.AddIndex, s.ek.DropIndex, s.ek.TTL, s.ek.EmptyTable
	add.SetEnabled(sel.Valid())
	ttl.SetEnabled(sel.Valid())
	empty.SetEnabled(sel.Valid() && sel.Index == "")
	drop.SetEnabled(sel.Valid() && (sel.Index == "" || sel.GSI() != nil || sel.Vector() != nil))
	switch {
	case sel.Index == "":
		drop.SetHelp(drop.Help().Key, "delete table")
	case sel.Vector() != nil:
		drop.SetHelp(drop.Help().Key, "delete vector index")
	default:
		drop.SetHelp(drop.Help().Key, "delete GSI")
	}
	if short {
		// help (?) has them; the line has no room
		empty.SetEnabled(false)
		drop.SetEnabled(sel.GSI() != nil || sel.Vector() != nil)
	}
	export, imp := s.tk.Export, s.tk.Import
	export.SetEnabled(sel.Valid() && !short) // the help line has no room: ? lists them
	imp.SetEnabled(sel.Valid() && !short)
	switch {
	case sel.Index == "" || sel.Vector() != nil:
		export.SetHelp(export.Help().Key, "export the table to a file")
	default:
		export.SetHelp(export.Help().Key, "export the index to a file")
	}
	return append(kit.RefusedKeys(s.readOnly, short, s.ek.CreateTable, add, drop, ttl, empty, imp), export)
}

// ShortHelp is the sidebar's keys for the help line.
func (s *Model) ShortHelp() []key.Binding {
	k := s.keys
	if s.filtering {
		return []key.Binding{k.KeepFilter, k.ClearFilter}
	}
	return append([]key.Binding{k.Up, k.Down, k.Open}, s.manageKeys(true)...)
}

// FullHelp is every key of the sidebar.
func (s *Model) FullHelp() [][]key.Binding {
	k := s.keys
	if s.filtering {
		return [][]key.Binding{{k.KeepFilter, k.ClearFilter}}
	}
	clear := k.ClearFilter
	clear.SetEnabled(s.filter.String() != "")
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Open, k.Filter, clear}, s.manageKeys(false)}
}

// Capturing reports whether the filter has the keyboard (every key is
// typed into it).
func (s *Model) Capturing() bool { return s.filtering }

// UsesEsc reports whether esc clears a filter.
func (s *Model) UsesEsc() bool { return s.filtering || s.filter.String() != "" }

// SetTables replaces the tables, keeping the cursor on the same table and
// index where they still exist (and the filter lets them through).
func (s *Model) SetTables(tables []kit.TableInfo) {
	s.all = tables
	s.applyFilter()
}

// applyFilter lists the tables the filter lets through, the cursor kept
// on its table when it is among them.
func (s *Model) applyFilter() {
	cur := s.Selected()
	q := strings.ToLower(s.filter.String())
	s.tables = s.all
	if q != "" {
		s.tables = nil
		for _, t := range s.all {
			if strings.Contains(strings.ToLower(t.Desc.TableName), q) {
				s.tables = append(s.tables, t)
			}
		}
	}
	s.ti, s.ii = 0, -1
	if cur.Valid() {
		s.SelectByName(cur.Table(), cur.Index)
	}
}

// Tables is every table of the workspace (the filter aside).
func (s *Model) Tables() []kit.TableInfo { return s.all }

// SelectByName moves the cursor to a table (and index); it reports whether
// the table is there.
func (s *Model) SelectByName(table, index string) bool {
	for i, t := range s.tables {
		if t.Desc.TableName != table {
			continue
		}
		s.ti, s.ii = i, -1
		for j, n := range kit.AllIndexNames(t.Desc) {
			if n == index {
				s.ii = j
			}
		}
		return true
	}
	return false
}

// Selected returns the target under the cursor.
func (s *Model) Selected() kit.Target {
	if s.ti < 0 || s.ti >= len(s.tables) {
		return kit.Target{}
	}
	d := s.tables[s.ti].Desc
	t := kit.Target{Desc: d}
	if names := kit.AllIndexNames(d); s.ii >= 0 && s.ii < len(names) {
		t.Index = names[s.ii]
	}
	return t
}

// Info is what the workspace knows of the selected table.
func (s *Model) Info() *kit.TableInfo {
	if s.ti < 0 || s.ti >= len(s.tables) {
		return nil
	}
	return &s.tables[s.ti]
}

// SetSize sets the outer size of the sidebar's box.
func (s *Model) SetSize(w, h int) { s.w, s.h = w, h }

// SetFocus says whether the sidebar has the keyboard.
func (s *Model) SetFocus(on bool) { s.focused = on }

// move moves the cursor by n rows (negative: up).
func (s *Model) move(n int) {
	for ; n > 0; n-- {
		if s.ti >= len(s.tables) {
			return
		}
		if s.ii+1 < len(kit.AllIndexNames(s.tables[s.ti].Desc)) {
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

// Update moves the cursor (keys, wheel) and turns the management keys into
// requests for the root.
func (s *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		if s.filtering {
			s.filter.Paste(msg.Content)
			s.applyFilter()
		}
	case tea.KeyPressMsg:
		if s.filtering {
			switch {
			case key.Matches(msg, s.keys.KeepFilter):
				s.filtering = false
			case key.Matches(msg, s.keys.ClearFilter):
				s.filtering = false
				s.filter = kit.Field{}
				s.applyFilter()
			case key.Matches(msg, s.keys.Up, s.keys.Down):
				s.filtering = false
				return s.Update(msg)
			default:
				s.filter.Update(msg)
				s.applyFilter()
			}
			return nil
		}
		ek := s.ek
		sel := s.Selected()
		switch {
		case key.Matches(msg, s.keys.Filter):
			s.filtering = true
		case key.Matches(msg, s.keys.ClearFilter) && s.filter.String() != "":
			s.filter = kit.Field{}
			s.applyFilter()
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
		case key.Matches(msg, s.keys.Open):
			return kit.Msg(OpenMsg{})
		case key.Matches(msg, ek.CreateTable):
			return kit.Msg(kit.ManageMsg{Op: kit.CreateTable})
		case key.Matches(msg, ek.AddIndex) && sel.Vector() != nil:
			return kit.Msg(kit.ManageMsg{Op: kit.AddVectorIndex, Target: kit.TableTarget(sel.Desc)})
		case key.Matches(msg, ek.AddIndex) && sel.Valid():
			return kit.Msg(kit.ManageMsg{Op: kit.AddIndex, Target: kit.TableTarget(sel.Desc)})
		case key.Matches(msg, ek.DropIndex) && sel.LSI() != nil:
			return kit.Msg(kit.FlashMsg{Text: "an LSI cannot be deleted: it lives and dies with its table"})
		case key.Matches(msg, ek.DropIndex) && sel.GSI() != nil:
			return kit.Msg(kit.ManageMsg{Op: kit.DropIndex, Target: sel})
		case key.Matches(msg, ek.DropIndex) && sel.Vector() != nil:
			return kit.Msg(kit.ManageMsg{Op: kit.DropVectorIndex, Target: sel})
		case key.Matches(msg, ek.DropIndex) && sel.Valid() && sel.Index == "":
			return kit.Msg(kit.ManageMsg{Op: kit.DeleteTable, Target: sel})
		case key.Matches(msg, ek.EmptyTable) && sel.Valid() && sel.Index == "":
			return kit.Msg(kit.ManageMsg{Op: kit.EmptyTable, Target: sel})
		case key.Matches(msg, s.tk.Export) && sel.Valid():
			return kit.Msg(kit.ExportOf(sel))
		case key.Matches(msg, s.tk.Import) && sel.Valid():
			return kit.Msg(kit.ImportMsg{Desc: sel.Desc})
		case key.Matches(msg, ek.TTL) && sel.Valid():
			m := kit.ManageMsg{Op: kit.ToggleTTL, Target: kit.TableTarget(sel.Desc)}
			if info := s.Info(); info != nil {
				m.TTL = info.TTL
			}
			return kit.Msg(m)
		}
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			s.move(-1)
		case tea.MouseWheelDown:
			s.move(1)
		}
	}
	return nil
}

// entryLines are the lines of one row of the list: mark and name on the
// left, right on the right; a name too long for the width wraps onto the
// next lines (index names have no spaces: cut anywhere), and right goes
// to a line of its own when the last one has no room for it.
func entryLines(mark, name, right string, inner int) []string {
	indent := strings.Repeat(" ", kit.Width(mark))
	room := max(inner-kit.Width(mark), 4)
	if kit.Width(mark+name)+1+kit.Width(right) <= inner {
		return []string{kit.Spread(mark+name, right, inner)}
	}
	var parts []string
	r := []rune(name)
	for len(r) > 0 {
		n := 0
		for w := 0; n < len(r) && w+kit.Width(string(r[n])) <= room; n++ {
			w += kit.Width(string(r[n]))
		}
		n = max(n, 1)
		parts = append(parts, string(r[:n]))
		r = r[n:]
	}
	out := make([]string, len(parts))
	for i, p := range parts {
		m := indent
		if i == 0 {
			m = mark
		}
		out[i] = kit.Fit(m+p, inner)
	}
	last := parts[len(parts)-1]
	if kit.Width(indent+last)+1+kit.Width(right) <= inner {
		out[len(out)-1] = kit.Spread(indent+last, right, inner)
	} else {
		out = append(out, kit.Spread("", right, inner))
	}
	return out
}

// rowAt is what a line of the list shows: table ti, and index ii (-1 for
// the table's own row).
type rowAt struct{ ti, ii int }

// layout is the list's lines, what each shows, and the first line of the
// row the cursor is on.
func (s *Model) layout(inner int) (rows []string, at []rowAt, cursorRow int) {
	add := func(lines []string, r rowAt, style func(string) string) {
		for _, l := range lines {
			if style != nil {
				l = style(l)
			}
			rows = append(rows, l)
			at = append(at, r)
		}
	}
	for i, t := range s.tables {
		d := t.Desc
		count := kit.FmtInt(d.ItemCount)
		if s.approx {
			count = "~" + count
		}
		if d.TableStatus != model.StatusActive {
			count = d.TableStatus
		}
		onTable := i == s.ti && s.ii < 0
		mark := "  "
		if onTable {
			mark = "▸ "
		}
		var style func(string) string
		switch {
		case onTable:
			cursorRow = len(rows)
			style = s.cursorLine
		case i == s.ti:
			style = func(l string) string { return s.st.Selected.Render(l) }
		}
		add(entryLines(mark, d.TableName, count, inner), rowAt{i, -1}, style)
		if i != s.ti {
			continue
		}
		for j, n := range kit.AllIndexNames(d) {
			mark := "    "
			var style func(string) string
			if j == s.ii {
				mark = "  ▸ "
				cursorRow = len(rows)
				style = s.cursorLine
			}
			add(entryLines(mark, n, s.IndexBadge(t, n), inner), rowAt{i, j}, style)
		}
	}
	return rows, at, cursorRow
}

// filterShown reports whether the filter's line is drawn above the list.
func (s *Model) filterShown() bool { return s.filtering || s.filter.String() != "" }

// listHeight is how many lines the list has in the box, and the note
// under it (a remote backend's approximate counts).
func (s *Model) listHeight(inner int) (int, []string) {
	h := s.h - 2
	if s.filterShown() {
		h--
	}
	var note []string
	if s.approx && len(s.tables) > 0 && h > 6 {
		note = kit.Wrap(kit.ApproxNote, inner-1) // at the bottom of the box
		h -= len(note)
	}
	return h, note
}

// Click takes a left click on line y of the box's inside (0: its first
// line): the row there gets the cursor; a click on the row the cursor is
// on already opens it, as enter does.
func (s *Model) Click(y int) tea.Cmd {
	inner := s.w - 2
	if s.filterShown() {
		y--
	}
	rows, at, cursorRow := s.layout(inner)
	h, _ := s.listHeight(inner)
	i := kit.Window(0, cursorRow, len(rows), h) + y
	if y < 0 || y >= h || i >= len(at) {
		return nil
	}
	if at[i].ti == s.ti && at[i].ii == s.ii {
		return kit.Msg(OpenMsg{})
	}
	s.ti, s.ii = at[i].ti, at[i].ii
	return nil
}

// View draws the sidebar's box. The ▸ is on the row the cursor is on: the
// table, or one of its indexes.
func (s *Model) View() string {
	inner := s.w - 2
	rows, _, cursorRow := s.layout(inner)
	if len(s.tables) == 0 {
		if len(s.all) > 0 {
			rows = append(rows, s.st.Dim.Render(kit.Cut(" no table name holds "+s.filter.String(), inner)))
		} else {
			rows = append(rows, s.st.Dim.Render(" no tables"))
		}
	}
	var filterLine string
	if s.filterShown() {
		filterLine = s.st.Bold.Render("/") + s.filter.View(s.filtering, inner-2)
		if !s.filtering {
			filterLine += s.st.Dim.Render(kit.Cut(fmt.Sprintf("  %d of %d", len(s.tables), len(s.all)), max(inner-2-kit.Width(s.filter.String()), 0)))
		}
	}
	h, note := s.listHeight(inner)
	top := kit.Window(0, cursorRow, len(rows), h)
	end := min(top+h, len(rows))
	shown := rows[top:end]
	if len(note) > 0 {
		shown = append([]string{}, shown...)
		for len(shown) < h {
			shown = append(shown, "")
		}
		for _, l := range note {
			shown = append(shown, s.st.Dim.Render(" "+l))
		}
	}
	if filterLine != "" {
		shown = append([]string{" " + filterLine}, shown...)
	}
	return kit.Box(s.st, s.title(), shown, s.w, s.h, s.focused)
}

func (s *Model) title() string {
	if s.focused {
		return s.st.BoxTitle.Render("Tables")
	}
	return "Tables"
}

func (s *Model) cursorLine(line string) string {
	if s.focused {
		return s.st.Cursor.Render(line)
	}
	return s.st.Selected.Render(line)
}

// IndexBadge is "LSI 24/27", "GSI 1/4 !", "GSI BACKFILLING 40%"; on a
// remote backend "GSI ~1/~4" (DynamoDB's counts), or the exact ratio once
// the table was read whole ("GSI 1/4").
func (s *Model) IndexBadge(t kit.TableInfo, name string) string {
	if !s.approx {
		return IndexBadge(t, name)
	}
	tg := kit.Target{Desc: t.Desc, Index: name}
	if tg.Status() != model.StatusActive {
		return IndexBadge(t, name)
	}
	if ix := t.Survey.Index(name); ix != nil && t.Survey.Survey.Complete {
		flag := " "
		if ix.Violations > 0 {
			flag = "!"
		}
		total := ix.In + ix.LeftOutCount
		if ix.In == total {
			return fmt.Sprintf("%s %s%s", badgeKind(tg), kit.FmtInt(int64(ix.In)), flag)
		}
		return fmt.Sprintf("%s %s/%s%s", badgeKind(tg), kit.FmtInt(int64(ix.In)), kit.FmtInt(int64(total)), flag)
	}
	n, total := tg.ItemCount(), t.Desc.ItemCount
	if n < total {
		return fmt.Sprintf("%s ~%s/~%s ", badgeKind(tg), kit.FmtInt(n), kit.FmtInt(total))
	}
	return fmt.Sprintf("%s ~%s ", badgeKind(tg), kit.FmtInt(n))
}

// IndexBadge is "LSI 24/27", "GSI 1/4 !", "GSI BACKFILLING 40%".
func IndexBadge(t kit.TableInfo, name string) string {
	tg := kit.Target{Desc: t.Desc, Index: name}
	kind := badgeKind(tg)
	status := tg.Status()
	if status != model.StatusActive {
		if p, ok := t.Progress[name]; ok && p.Total > 0 && status == "BACKFILLING" {
			return fmt.Sprintf("%s %s %d%%", kind, "BACKFILLING", p.Scanned*100/p.Total)
		}
		return kind + " " + status
	}
	n, total := tg.ItemCount(), t.Desc.ItemCount
	count := kit.FmtInt(n)
	if n < total {
		count = kit.FmtInt(n) + "/" + kit.FmtInt(total)
	}
	flag := " "
	if t.Violations[name] > 0 {
		flag = "!"
	}
	return kind + " " + count + flag
}

// badgeKind is the index kind as its badge says it: LSI, GSI, or VEC for a
// vector index.
func badgeKind(tg kit.Target) string {
	if k := tg.Kind(); k != "vector" {
		return k
	}
	return "VEC"
}
