package keymap

import "charm.land/bubbles/v2/key"

// EditKeyMap holds the bindings that change the workspace (items, tables,
// indexes, TTL), the bindings of the forms and confirmations they open, and
// those of the lessons pane. KeyMap carries it as its Editing field.
type EditKeyMap struct {
	// Items pane and item view.
	NewItem    key.Binding
	EditItem   key.Binding
	SetAttr    key.Binding
	DeleteItem key.Binding

	// Sidebar and schema pane.
	CreateTable key.Binding
	AddIndex    key.Binding
	DropIndex   key.Binding
	TTL         key.Binding
	// EmptyTable deletes every item of the table under the sidebar's
	// cursor and keeps the table (asks first); DropIndex on a table row
	// deletes the table (asks first).
	EmptyTable key.Binding
	// VectorInstead turns the GSI form of an on-demand table into the
	// vector index form.
	VectorInstead key.Binding

	// Forms, prompts and confirmations.
	Submit    key.Binding
	Cancel    key.Binding
	NextField key.Binding
	PrevField key.Binding
	Choice    key.Binding
	// ChoiceBack is the key of Choice that goes to the previous choice.
	ChoiceBack key.Binding
	// Accept is enter alone where it takes what was typed or chosen (a
	// typed table name, a filter, a pattern's name, the row under the
	// cursor); Submit also takes ctrl+s.
	Accept key.Binding
	Yes    key.Binding
	No     key.Binding
	Reedit key.Binding
	// An edit saved over an item that changed meanwhile.
	ReloadItem key.Binding
	Overwrite  key.Binding

	// Lessons pane.
	Lessons    key.Binding
	RunStep    key.Binding
	ResetCopy  key.Binding
	NextStep   key.Binding
	PrevStep   key.Binding
	NextLesson key.Binding
	PrevLesson key.Binding
	OpenInPane key.Binding
}

// DefaultEditKeyMap returns the editing, management and lesson bindings:
// lower-case letters for what acts on the row under the cursor (n new, e
// edit, a set one attribute, d delete; c create table, i add index, t TTL),
// and every destructive action asks y/n first.
func DefaultEditKeyMap() EditKeyMap {
	return EditKeyMap{
		NewItem:    key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new item ($EDITOR)")),
		EditItem:   key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit item ($EDITOR)")),
		SetAttr:    key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "set/remove one attribute")),
		DeleteItem: key.NewBinding(key.WithKeys("d", "delete"), key.WithHelp("d", "delete item")),

		CreateTable: key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "create table")),
		AddIndex:    key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "add GSI")),
		DropIndex:   key.NewBinding(key.WithKeys("d", "delete"), key.WithHelp("d", "delete table/index")),
		TTL:         key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "TTL on/off")),
		EmptyTable:  key.NewBinding(key.WithKeys("X"), key.WithHelp("X", "empty table")),

		VectorInstead: key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "a vector index instead")),

		Submit:     key.NewBinding(key.WithKeys("enter", "ctrl+s"), key.WithHelp("enter", "send")),
		Cancel:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		NextField:  key.NewBinding(key.WithKeys("tab", "down"), key.WithHelp("tab/↓", "next field")),
		PrevField:  key.NewBinding(key.WithKeys("shift+tab", "up"), key.WithHelp("shift+tab/↑", "previous field")),
		Choice:     key.NewBinding(key.WithKeys("left", "right", "space"), key.WithHelp("←/→/space", "change choice")),
		ChoiceBack: key.NewBinding(key.WithKeys("left"), key.WithHelp("←", "previous choice")),
		Accept:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "accept")),
		Yes:        key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "yes")),
		No:         key.NewBinding(key.WithKeys("n", "esc"), key.WithHelp("n/esc", "no")),
		Reedit:     key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit again")),

		ReloadItem: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "edit the item as it is now")),
		Overwrite:  key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "overwrite it with your edit")),

		Lessons:    key.NewBinding(key.WithKeys("7"), key.WithHelp("7", "lessons")),
		RunStep:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "run the step")),
		ResetCopy:  key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "start over on a fresh copy")),
		NextStep:   key.NewBinding(key.WithKeys("right", "l", "n"), key.WithHelp("→/n", "next step")),
		PrevStep:   key.NewBinding(key.WithKeys("left", "h", "b"), key.WithHelp("←/b", "previous step")),
		NextLesson: key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "next lesson")),
		PrevLesson: key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "previous lesson")),
		OpenInPane: key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "open in its pane")),
	}
}
