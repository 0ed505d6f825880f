// Package helpscreen is the ? screen over the pane: every binding of what
// has the keyboard, then the global ones and the clock's (or a remote
// table's), each with its help text, then what the screen shows. Long
// lines wrap; the whole scrolls with the list keys, so every binding can
// be read whole at 80x24. The root opens it, hands it the keys while it is
// open and draws it in the pane box; what has the keyboard gives its
// bindings (its FullHelp).
package helpscreen

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Model is the help screen: open or not, and how far it is scrolled.
type Model struct {
	st   *kit.Styles
	km   keymap.KeyMap
	open bool
	top  int
}

// New returns the help screen, closed.
func New(st *kit.Styles, km keymap.KeyMap) *Model { return &Model{st: st, km: km} }

// Open shows the help screen from its top.
func (m *Model) Open() { m.open, m.top = true, 0 }

// Shown reports whether the help screen is open.
func (m *Model) Shown() bool { return m.open }

// Keys are the keys of the help screen.
func (m *Model) Keys() []key.Binding {
	km := m.km
	up, down := km.Up, km.Down
	up.SetHelp("↑/k", "scroll up")
	down.SetHelp("↓/j", "scroll down")
	return []key.Binding{up, down, km.PageDown, km.Bottom, km.CloseHelp}
}

// Key scrolls (a page is the pane's height h less the title) or closes
// the help screen.
func (m *Model) Key(msg tea.KeyPressMsg, h int) {
	km := m.km
	page := max(h-2, 1)
	switch {
	case key.Matches(msg, km.Help), key.Matches(msg, km.Back), key.Matches(msg, km.Quit):
		m.open = false
	case key.Matches(msg, km.Up):
		m.top--
	case key.Matches(msg, km.Down):
		m.top++
	case key.Matches(msg, km.PageUp):
		m.top -= page
	case key.Matches(msg, km.PageDown):
		m.top += page
	case key.Matches(msg, km.Top):
		m.top = 0
	case key.Matches(msg, km.Bottom):
		m.top = 1 << 30
	}
}

// Lines are the help screen's lines, wrapped to w cells: here is the
// bindings of what has the keyboard; loc is where a remote workspace
// points (nil for the embedded engine).
func (m *Model) Lines(here [][]key.Binding, loc *remoteapi.Location, w int) []string {
	km, st := m.km, m.st
	var out []string
	const kw = 14
	binding := func(b key.Binding) {
		hl := b.Help()
		desc := kit.Wrap(hl.Desc, max(w-kw-3, 10))
		out = append(out, "  "+st.Key.Render(kit.Fit(hl.Key, kw))+" "+desc[0])
		for _, d := range desc[1:] {
			out = append(out, strings.Repeat(" ", kw+3)+d)
		}
	}
	section := func(title string, groups [][]key.Binding) {
		out = append(out, st.Header.Render(title))
		seen := map[string]bool{}
		for _, g := range groups {
			for _, b := range g {
				if !b.Enabled() || b.Help().Key == "" || seen[b.Help().Key+b.Help().Desc] {
					continue
				}
				seen[b.Help().Key+b.Help().Desc] = true
				binding(b)
			}
		}
		out = append(out, "")
	}
	section("Here", here)
	section("Everywhere", [][]key.Binding{{km.Schema, km.Items, km.Query}, km.Live.LivePanes(),
		{km.Editing.Lessons, km.Design.Patterns, km.NextFocus, km.PrevFocus, km.SwitchWorkspace, km.Back, km.Sidebar, km.Help, km.Quit}})
	if loc != nil {
		section("Remote table", [][]key.Binding{{km.CopySlice, km.Survey, km.Transfer.Endpoints}})
	} else {
		section("Clock (any pane)", [][]key.Binding{km.Live.Clock()})
	}
	out = append(out, st.Header.Render("What you see"))
	seen := [][2]string{}
	if l := loc; l != nil {
		rw := "read-only: every write is refused until dynoscope is started with --write"
		if l.Write {
			rw = "--write: changes reach the real table; deleting items or GSIs, editing items and TTL off ask for the table's name"
		}
		seen = append(seen,
			[2]string{"remote", l.Place() + " · " + rw},
			[2]string{"costs", "every Scan and Query page shows the read units DynamoDB reported (on AWS they are billed); the status bar adds them up; S says what a whole-table read costs before it runs"},
			[2]string{"counts", "item counts and sizes are DynamoDB's, refreshed about every 6 hours (~)"},
			[2]string{"sandbox", "C copies a table's schema and a slice of its items into a local workspace on the embedded engine: the clock, traffic and every change work there; ctrl+o switches"})
	}
	for _, t := range append(seen, [][2]string{
		{"sidebar", "tables with item counts; under the selected one its indexes: LSI/GSI, n/m = n of the table's m items are in the index (sparse), ! = items violate the index key schema, CREATING/BACKFILLING while built; ▸ is the row the cursor is on"},
		{"items", "one Scan page at a time (Limit + ExclusiveStartKey), read again when the table changes; · = not projected; G reads to the end"},
		{"status", "the engine's last request and the capacity it consumed; on the right the engine clock"},
		{"lessons", "each lesson runs on its own copy of its data set, never on your tables; ctrl+o shows that copy in the panes and goes back"},
		{"patterns", "8 checks the access patterns saved with the tables on their data, again when it changes: ✓ passed, ! passed with warnings, ✗ failed (a scan, over its budget, refused); reads consume capacity like any request, writes run on a copy of the items they touch"},
	}...) {
		desc := kit.Wrap(t[1], max(w-12, 10))
		out = append(out, "  "+kit.Fit(t[0], 9)+" "+desc[0])
		for _, d := range desc[1:] {
			out = append(out, strings.Repeat(" ", 12)+d)
		}
	}
	return out
}

// View is the visible part of the lines at w x h, under a title line that
// says where it is.
func (m *Model) View(all []string, w, h int) string {
	body := max(h-1, 1)
	m.top = min(max(m.top, 0), max(len(all)-body, 0))
	end := min(m.top+body, len(all))
	where := ""
	if len(all) > body {
		where = "lines " + kit.Itoa(m.top+1) + "–" + kit.Itoa(end) + " of " + kit.Itoa(len(all))
		if w >= 70 {
			where += " · j/k pgdn G scroll"
		}
	}
	title := kit.Spread(m.st.Title.Render("Keys")+m.st.Dim.Render("  ? or esc closes"), m.st.Dim.Render(where), w)
	return strings.Join(append([]string{title}, all[m.top:end]...), "\n")
}
