package ui

// The ? screen is ui/helpscreen's: the root opens it (keys.go), hands it
// the keys while it is open and draws it in the pane box (view.go) with
// the bindings of what has the keyboard.

// helpLines are the help screen's lines, wrapped to w cells.
func (m *Model) helpLines(w int) []string {
	return m.helpScreen.Lines(m.focused().FullHelp(), m.ws.loc, w)
}
