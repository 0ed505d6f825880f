package keymap

import "charm.land/bubbles/v2/key"

// TransferKeyMap holds the bindings of export and import from the
// explorer (ui/transfer) and of the remote endpoint switcher. KeyMap
// carries it as its Transfer field.
type TransferKeyMap struct {
	// Export writes the table or index under the sidebar's cursor, the
	// table or index 2 Items shows, or the result of 3 Query's request
	// (every page) to a file; Import loads a file into the table.
	Export key.Binding
	Import key.Binding
	// In the dialog: Format goes through the formats, InferNumbers reads
	// a CSV file's numbers as numbers, Start asks (and then reads or
	// writes), Stop stops what runs (an export after the page in flight,
	// an import taking the load back) or closes the dialog.
	Format       key.Binding
	InferNumbers key.Binding
	Start        key.Binding
	Stop         key.Binding

	// Endpoints opens the switcher of a remote workspace: another profile,
	// region or endpoint, or one used recently. In it Pick opens the row
	// under the cursor and Forget removes a recent endpoint from the list.
	Endpoints key.Binding
	Pick      key.Binding
	Forget    key.Binding
}

// DefaultTransferKeyMap returns the transfer bindings: x exports (as X
// exports the marked items in 2 Items), I imports, O opens another
// endpoint.
func DefaultTransferKeyMap() TransferKeyMap {
	return TransferKeyMap{
		Export: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "export to a file (every item; asks the path)")),
		Import: key.NewBinding(key.WithKeys("I"), key.WithHelp("I", "import a file into the table (checked first, all or nothing)")),

		Format:       key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next format")),
		InferNumbers: key.NewBinding(key.WithKeys("ctrl+n"), key.WithHelp("ctrl+n", "CSV: numbers as numbers on/off")),
		Start:        key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "go on")),
		Stop:         key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "stop / close")),

		Endpoints: key.NewBinding(key.WithKeys("O"), key.WithHelp("O", "switch profile, region or endpoint (remote)")),
		Pick:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
		Forget:    key.NewBinding(key.WithKeys("delete"), key.WithHelp("delete", "forget the recent endpoint")),
	}
}
