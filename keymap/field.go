package keymap

import "charm.land/bubbles/v2/key"

// FieldKeyMap is the editing keys of a one-line text field (kit.Field), as
// readline has them: every text field of the explorer takes them.
type FieldKeyMap struct {
	Backspace   key.Binding
	Delete      key.Binding
	Left        key.Binding
	Right       key.Binding
	Home        key.Binding
	End         key.Binding
	ClearBefore key.Binding
	DeleteWord  key.Binding
	// Up and Down leave a field that takes no arrow of its own (the items
	// filter) for the list under it.
	Up   key.Binding
	Down key.Binding
}

// DefaultFieldKeyMap returns the text fields' editing keys.
func DefaultFieldKeyMap() FieldKeyMap {
	return FieldKeyMap{
		Backspace:   key.NewBinding(key.WithKeys("backspace", "ctrl+h"), key.WithHelp("backspace", "delete before the cursor")),
		Delete:      key.NewBinding(key.WithKeys("delete", "ctrl+d"), key.WithHelp("delete", "delete under the cursor")),
		Left:        key.NewBinding(key.WithKeys("left", "ctrl+b"), key.WithHelp("←", "cursor left")),
		Right:       key.NewBinding(key.WithKeys("right", "ctrl+f"), key.WithHelp("→", "cursor right")),
		Home:        key.NewBinding(key.WithKeys("home", "ctrl+a"), key.WithHelp("home/ctrl+a", "to the start")),
		End:         key.NewBinding(key.WithKeys("end", "ctrl+e"), key.WithHelp("end/ctrl+e", "to the end")),
		ClearBefore: key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "clear before the cursor")),
		DeleteWord:  key.NewBinding(key.WithKeys("ctrl+w"), key.WithHelp("ctrl+w", "delete the word before the cursor")),
		Up:          key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "leave the field, up")),
		Down:        key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "leave the field, down")),
	}
}
