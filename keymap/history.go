package keymap

import "charm.land/bubbles/v2/key"

// HistoryKeyMap is the bindings of the query builder's history: every
// request run in 3 Query is kept (per workspace or endpoint), and a
// request can be saved by name. KeyMap carries it as its History field.
type HistoryKeyMap struct {
	// Prev and Next go back and forth through the requests run in the
	// mode on screen (on the form's table or index; every statement;
	// every transaction). ↑ on the builder's first row and ↓ while going
	// through them do the same; the text typed before comes back past the
	// newest.
	Prev key.Binding
	Next key.Binding
	// Search opens the list of saved and past requests, filtered as a
	// filter is typed; Forget removes the saved request under its cursor.
	Search key.Binding
	Forget key.Binding
	// Save keeps the builder's request under a name.
	Save key.Binding
}

// DefaultHistoryKeyMap returns the history bindings: readline's ctrl+p
// and ctrl+n, / to search as the items pane filters, ctrl+s to save.
func DefaultHistoryKeyMap() HistoryKeyMap {
	return HistoryKeyMap{
		Prev:   key.NewBinding(key.WithKeys("ctrl+p"), key.WithHelp("↑/ctrl+p", "previous request run")),
		Next:   key.NewBinding(key.WithKeys("ctrl+n"), key.WithHelp("↓/ctrl+n", "next request run")),
		Search: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search history and saved requests")),
		Forget: key.NewBinding(key.WithKeys("delete"), key.WithHelp("delete", "forget the saved request")),
		Save:   key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "save the request by name")),
	}
}
