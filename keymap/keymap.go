// Package keymap declares every key binding of dynoscope's explorer once,
// with its help text. The explorer's panes take a copy of DefaultKeyMap and
// enable only the bindings that apply to them, so the help line built from
// bubbles/help never offers a key that does nothing.
package keymap

import "charm.land/bubbles/v2/key"

// KeyMap is every binding of the explorer. Bindings are grouped by where
// they act: everywhere, in lists, in the items pane, in the item view and in
// the query builder.
type KeyMap struct {
	// Everywhere.
	Quit      key.Binding
	Help      key.Binding
	NextFocus key.Binding
	PrevFocus key.Binding
	Schema    key.Binding
	Items     key.Binding
	Query     key.Binding
	Back      key.Binding
	// SwitchWorkspace shows the other workspace (a lesson's copy beside
	// the user's), when there is one.
	SwitchWorkspace key.Binding
	// On a remote backend: CopySlice copies the selected table's schema
	// and a slice of its items into the local sandbox; Survey reads the
	// selected table whole (after saying what it costs), or stops the
	// read.
	CopySlice key.Binding
	Survey    key.Binding
	// Interrupt quits from anywhere, a text field included (the help line
	// offers it while a field has the keyboard).
	Interrupt key.Binding
	// PaneDigits is the help line's account of the digits that pick panes.
	PaneDigits key.Binding
	// CloseHelp closes the help screen.
	CloseHelp key.Binding
	// Sidebar narrows the table list, hides it, and shows it whole again.
	Sidebar key.Binding

	// Live panes, the traffic generator and the workspace clock (live.go).
	Live LiveKeyMap

	// Lists (sidebar, items, results, item view).
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Top      key.Binding
	Bottom   key.Binding
	Left     key.Binding
	Right    key.Binding
	Open     key.Binding

	// Items pane.
	Filter      key.Binding
	ClearFilter key.Binding
	LeftOut     key.Binding
	Reload      key.Binding
	Stop        key.Binding

	// MoreLikeThis searches a vector index for items like the one under
	// the cursor (3 Query, mode Vector).
	MoreLikeThis key.Binding

	// Item view.
	ToggleJSON key.Binding

	// The items pane's chores: marks, bulk actions, columns, the filter
	// on the server, plain JSON (items.go).
	Browse BrowseKeyMap

	// Query builder.
	Edit      key.Binding
	Done      key.Binding
	Cycle     key.Binding
	CycleBack key.Binding
	Run       key.Binding
	ScanMode  key.Binding
	NextPage  key.Binding
	CopyCLI   key.Binding
	// Mode and ModeBack go through the builder's modes: Query, Scan,
	// Transaction, Vector, PartiQL.
	Mode     key.Binding
	ModeBack key.Binding
	// AddAction and RemoveAction add an action to the transaction (after
	// the one under the cursor) and remove the one under the cursor.
	AddAction    key.Binding
	RemoveAction key.Binding
	// Complete completes the attribute or table name being typed in the
	// PartiQL statement.
	Complete key.Binding

	// Editing, table and index management, lessons (edit.go).
	Editing EditKeyMap

	// Access patterns, facets, code (design.go).
	Design DesignKeyMap
	// Backups & recovery, opened from 1 Schema (backups.go).
	Backups BackupsKeyMap

	// The editing keys of every text field (field.go).
	Field FieldKeyMap

	// The query builder's history and saved requests (history.go).
	History HistoryKeyMap

	// Export and import from the explorer, the remote endpoint switcher
	// (transfer.go).
	Transfer TransferKeyMap
}

// DefaultKeyMap returns the explorer's bindings: vim keys and arrows both
// move, digits pick panes, and the habits of k9s and lazygit hold (enter
// opens, esc goes back, / filters, ? helps, q quits).
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Quit:      key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
		Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		NextFocus: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next pane")),
		PrevFocus: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous pane")),
		Schema:    key.NewBinding(key.WithKeys("1"), key.WithHelp("1", "schema")),
		Items:     key.NewBinding(key.WithKeys("2"), key.WithHelp("2", "items")),
		Query:     key.NewBinding(key.WithKeys("3"), key.WithHelp("3", "query")),
		Back:      key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),

		SwitchWorkspace: key.NewBinding(key.WithKeys("ctrl+o"), key.WithHelp("ctrl+o", "other workspace")),
		CopySlice:       key.NewBinding(key.WithKeys("C"), key.WithHelp("C", "copy a slice of the table into the sandbox")),
		Survey:          key.NewBinding(key.WithKeys("S"), key.WithHelp("S", "read the whole table (asks first; S again stops)")),
		Interrupt:       key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
		PaneDigits:      key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6", "7", "8"), key.WithHelp("1-8", "panes")),
		CloseHelp:       key.NewBinding(key.WithKeys("?", "esc", "q"), key.WithHelp("?/esc", "close help")),
		Sidebar:         key.NewBinding(key.WithKeys("\\"), key.WithHelp("\\", "sidebar: narrow, hidden, whole")),

		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "ctrl+b", "ctrl+u"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "ctrl+f", "ctrl+d"), key.WithHelp("pgdn", "page down")),
		Top:      key.NewBinding(key.WithKeys("g", "home"), key.WithHelp("g", "top")),
		Bottom:   key.NewBinding(key.WithKeys("G", "end"), key.WithHelp("G", "bottom")),
		Left:     key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "scroll left")),
		Right:    key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "scroll right")),
		Open:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),

		Filter:      key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter loaded rows")),
		ClearFilter: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter")),
		LeftOut:     key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "left-out items")),
		Reload:      key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "read again")),
		Stop:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "stop reading")),

		MoreLikeThis: key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "more like this (vector search)")),

		ToggleJSON: key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "DynamoDB/plain JSON")),

		Edit:      key.NewBinding(key.WithKeys("enter", "e", "i"), key.WithHelp("enter/e", "edit field")),
		Done:      key.NewBinding(key.WithKeys("enter", "esc"), key.WithHelp("enter/esc", "done editing")),
		Cycle:     key.NewBinding(key.WithKeys("right", "l", "space"), key.WithHelp("→/space", "next choice")),
		CycleBack: key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←", "previous choice")),
		Run:       key.NewBinding(key.WithKeys("r", "ctrl+r"), key.WithHelp("r/ctrl+r", "run")),
		ScanMode:  key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "query/scan")),
		NextPage:  key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "next page")),
		CopyCLI:   key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "copy aws cli")),

		Mode:         key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "next mode")),
		ModeBack:     key.NewBinding(key.WithKeys("M"), key.WithHelp("M", "previous mode")),
		AddAction:    key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "add action")),
		RemoveAction: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "remove action")),
		Complete:     key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "complete the name")),

		Browse:   DefaultBrowseKeyMap(),
		Live:     DefaultLiveKeyMap(),
		Editing:  DefaultEditKeyMap(),
		Design:   DefaultDesignKeyMap(),
		Backups:  DefaultBackupsKeyMap(),
		Field:    DefaultFieldKeyMap(),
		History:  DefaultHistoryKeyMap(),
		Transfer: DefaultTransferKeyMap(),
	}
}

// Panes returns the bindings that pick a pane by number, in order.
func (k KeyMap) Panes() []key.Binding {
	return []key.Binding{k.Schema, k.Items, k.Query, k.Editing.Lessons, k.Design.Patterns}
}
