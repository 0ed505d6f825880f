package keymap

import "charm.land/bubbles/v2/key"

// BrowseKeyMap holds the bindings of the items pane's everyday chores:
// marks and what acts on the marked items, the columns, the filter on the
// server, and copying or editing an item as plain JSON. KeyMap carries it
// as its Browse field.
type BrowseKeyMap struct {
	// Marks: Mark toggles the row under the cursor, MarkLoaded every
	// loaded row, MarkFiltered every row the filter matches (on the
	// server: every item of the table that matches), Unmark clears them.
	Mark         key.Binding
	MarkLoaded   key.Binding
	MarkFiltered key.Binding
	Unmark       key.Binding
	// On the marked items (each says what it will do first).
	DeleteMarked key.Binding
	SetMarked    key.Binding
	RemoveMarked key.Binding
	ExportMarked key.Binding
	// StopBulk stops a bulk write after the call in flight; Format goes
	// through the export formats while the path is typed.
	StopBulk key.Binding
	Format   key.Binding

	// Columns opens the column chooser; in it ColumnUp and ColumnDown move
	// the column under the cursor, ShowColumn shows or hides it, SortBy
	// sorts the loaded rows by it (ascending, descending, off).
	Columns    key.Binding
	ColumnUp   key.Binding
	ColumnDown key.Binding
	ShowColumn key.Binding
	SortBy     key.Binding

	// ServerFilter runs a FilterExpression over the whole table (asks
	// first, with what it reads).
	ServerFilter key.Binding

	// The item under the cursor or in the item view.
	CopyPlain  key.Binding
	CopyDynamo key.Binding
	EditPlain  key.Binding
}

// DefaultBrowseKeyMap returns the chores' bindings: space marks as in
// file managers and k9s, capitals act on every marked item.
func DefaultBrowseKeyMap() BrowseKeyMap {
	return BrowseKeyMap{
		Mark:         key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "mark/unmark the row")),
		MarkLoaded:   key.NewBinding(key.WithKeys("*"), key.WithHelp("*", "mark every loaded row")),
		MarkFiltered: key.NewBinding(key.WithKeys("M"), key.WithHelp("M", "mark every row the filter matches")),
		Unmark:       key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "clear the marks")),

		DeleteMarked: key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "delete the marked items (dry run first)")),
		SetMarked:    key.NewBinding(key.WithKeys("A"), key.WithHelp("A", "set an attribute on the marked items")),
		RemoveMarked: key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "remove an attribute from the marked items")),
		ExportMarked: key.NewBinding(key.WithKeys("X"), key.WithHelp("X", "export the marked items to a file")),
		StopBulk:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "stop after the call in flight")),
		Format:       key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next format")),

		Columns:    key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "columns: pick, order, sort")),
		ColumnUp:   key.NewBinding(key.WithKeys("K", "shift+up"), key.WithHelp("K", "move the column up")),
		ColumnDown: key.NewBinding(key.WithKeys("J", "shift+down"), key.WithHelp("J", "move the column down")),
		ShowColumn: key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "show/hide the column")),
		SortBy:     key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "sort by it: ▲, ▼, off")),

		ServerFilter: key.NewBinding(key.WithKeys("F"), key.WithHelp("F", "filter the whole table on the server")),

		CopyPlain:  key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy the item as plain JSON")),
		CopyDynamo: key.NewBinding(key.WithKeys("Y"), key.WithHelp("Y", "copy the item as DynamoDB JSON")),
		EditPlain:  key.NewBinding(key.WithKeys("E"), key.WithHelp("E", "edit item as plain JSON ($EDITOR)")),
	}
}
