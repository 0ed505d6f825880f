package keymap

import "charm.land/bubbles/v2/key"

// DesignKeyMap is the bindings of a table's design in the explorer: the
// Patterns pane (8), the facet views of the items pane, and the query
// builder's code switch and "save as pattern". KeyMap carries it as its
// Design field.
type DesignKeyMap struct {
	// Patterns picks the Patterns pane.
	Patterns key.Binding

	// Patterns pane: check every pattern again, open the one under the
	// cursor in the query builder, remove it (asks first).
	Recheck       key.Binding
	OpenPattern   key.Binding
	RemovePattern key.Binding

	// Items pane: the next (previous) facet view of the table: all items,
	// then each facet the design names.
	Facet     key.Binding
	FacetBack key.Binding

	// Query builder: the language the request is shown in (AWS CLI, Go,
	// Python, JavaScript), and "save as pattern".
	CodeLang    key.Binding
	SavePattern key.Binding
}

// DefaultDesignKeyMap returns the design bindings. None is a lower-case
// letter the panes they act in use already: v for views, L for language,
// P for pattern.
func DefaultDesignKeyMap() DesignKeyMap {
	return DesignKeyMap{
		Patterns: key.NewBinding(key.WithKeys("8"), key.WithHelp("8", "access patterns")),

		Recheck:       key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "check every pattern again")),
		OpenPattern:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open in 3 Query")),
		RemovePattern: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "remove the pattern (asks)")),

		Facet:     key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "next facet view")),
		FacetBack: key.NewBinding(key.WithKeys("V"), key.WithHelp("V", "previous facet view")),

		CodeLang:    key.NewBinding(key.WithKeys("L"), key.WithHelp("L", "code: CLI, Go, Python, JavaScript")),
		SavePattern: key.NewBinding(key.WithKeys("P"), key.WithHelp("P", "save as access pattern")),
	}
}
