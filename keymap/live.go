package keymap

import "charm.land/bubbles/v2/key"

// LiveKeyMap is the bindings of the live panes (4 Capacity, 5 TTL,
// 6 Stream), of the traffic generator in the capacity pane, and of the
// workspace clock, whose keys work from every pane.
type LiveKeyMap struct {
	// Panes.
	Capacity key.Binding
	TTL      key.Binding
	Stream   key.Binding

	// The workspace clock, from any pane.
	Pause        key.Binding
	Faster       key.Binding
	Slower       key.Binding
	AdvanceMin   key.Binding
	AdvanceHour  key.Binding
	AdvanceBy    key.Binding
	PromptAccept key.Binding
	PromptCancel key.Binding

	// Traffic generator (capacity pane).
	Workload      key.Binding
	WorkloadBack  key.Binding
	RateUp        key.Binding
	RateDown      key.Binding
	Traffic       key.Binding
	TrafficHere   key.Binding
	RemoveTraffic key.Binding

	// Stream pane.
	Follow key.Binding
}

// DefaultLiveKeyMap returns the live panes' bindings.
func DefaultLiveKeyMap() LiveKeyMap {
	return LiveKeyMap{
		Capacity: key.NewBinding(key.WithKeys("4"), key.WithHelp("4", "capacity")),
		TTL:      key.NewBinding(key.WithKeys("5"), key.WithHelp("5", "time to live")),
		Stream:   key.NewBinding(key.WithKeys("6"), key.WithHelp("6", "stream")),

		Pause:        key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "pause/resume clock")),
		Faster:       key.NewBinding(key.WithKeys("+", "="), key.WithHelp("+", "clock faster")),
		Slower:       key.NewBinding(key.WithKeys("-", "_"), key.WithHelp("-", "clock slower")),
		AdvanceMin:   key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "clock +1 min")),
		AdvanceHour:  key.NewBinding(key.WithKeys("}"), key.WithHelp("}", "clock +1 hour")),
		AdvanceBy:    key.NewBinding(key.WithKeys(">"), key.WithHelp(">", "advance the clock by any duration (7d, 1h30m)")),
		PromptAccept: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "advance")),
		PromptCancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),

		Workload:      key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "next workload")),
		WorkloadBack:  key.NewBinding(key.WithKeys("W"), key.WithHelp("W", "previous workload")),
		RateUp:        key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "rate up")),
		RateDown:      key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "rate down")),
		Traffic:       key.NewBinding(key.WithKeys("t", "space"), key.WithHelp("t", "start/stop traffic")),
		TrafficHere:   key.NewBinding(key.WithKeys("T"), key.WithHelp("T", "traffic on the selected table (asks)")),
		RemoveTraffic: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "remove generated items")),

		Follow: key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "follow newest")),
	}
}

// LivePanes returns the bindings that pick a live pane, in order.
func (k LiveKeyMap) LivePanes() []key.Binding { return []key.Binding{k.Capacity, k.TTL, k.Stream} }

// Clock returns the clock bindings that work from every pane.
func (k LiveKeyMap) Clock() []key.Binding {
	return []key.Binding{k.Pause, k.Faster, k.Slower, k.AdvanceMin, k.AdvanceHour, k.AdvanceBy}
}
