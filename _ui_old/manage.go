package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
)

// Table and index management from the sidebar and the schema pane: c
// creates a table, i adds a GSI to the selected table and watches it
// backfill, d deletes the selected GSI, t turns TTL on or off.

// manageKey opens the management modal a key asks for.
func (m *Model) manageKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	ek := m.km.Editing
	sel := m.sidebar.selected()
	switch {
	case key.Matches(msg, ek.CreateTable):
		m.openModal(newTableForm(m.st, m.km, m.api))
	case key.Matches(msg, ek.AddIndex) && sel.valid():
		m.openModal(newGSIForm(m.st, m.km, m.api, sel.desc))
	case key.Matches(msg, ek.DropIndex) && sel.lsi() != nil:
		m.flash = "an LSI cannot be deleted: it lives and dies with its table"
	case key.Matches(msg, ek.DropIndex) && sel.gsi() != nil:
		m.openModal(newDropGSI(m.st, m.km, m.api, sel))
	case key.Matches(msg, ek.TTL) && sel.valid():
		var ttl *model.TimeToLiveDescription
		if info := m.sidebar.info(); info != nil {
			ttl = info.TTL
		}
		m.openModal(newTTLModal(m.st, m.km, m.api, sel.table(), ttl))
	default:
		return nil, false
	}
	return nil, true
}

// manageBindings are the management keys that apply to the selection.
func (m *Model) manageBindings() []key.Binding {
	ek := m.km.Editing
	sel := m.sidebar.selected()
	add, drop, ttl := ek.AddIndex, ek.DropIndex, ek.TTL
	add.SetEnabled(sel.valid())
	ttl.SetEnabled(sel.valid())
	drop.SetEnabled(sel.gsi() != nil)
	return []key.Binding{ek.CreateTable, add, drop, ttl}
}

// newDropGSI asks before deleting a GSI.
func newDropGSI(st Styles, km keymap.KeyMap, api engine.API, sel target) *confirmModal {
	table, index := sel.table(), sel.index
	body := []string{
		"Delete the global secondary index " + index + " of " + table + "?",
		"",
		"UpdateTable with a Delete in GlobalSecondaryIndexUpdates: the index goes DELETING, its entries are dropped and it disappears. The table's items are untouched; attribute definitions no other key uses are dropped with it.",
	}
	send := func() tea.Msg {
		_, err := api.UpdateTable(bg, &model.UpdateTableInput{TableName: table,
			GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Delete: &model.DeleteGlobalSecondaryIndex{IndexName: index}}}})
		if err != nil {
			return doneMsg{err: err}
		}
		return doneMsg{note: "UpdateTable " + table + ": deleting GSI " + index, table: table}
	}
	return newConfirm(st, km, "Delete GSI "+index, "delete", body, send)
}

// newTTLModal disables TTL when it is on (after y), or asks for the
// attribute to enable it on.
func newTTLModal(st Styles, km keymap.KeyMap, api engine.API, table string, ttl *model.TimeToLiveDescription) modal {
	status := "DISABLED"
	if ttl != nil && ttl.TimeToLiveStatus != "" {
		status = ttl.TimeToLiveStatus
	}
	if (status == "ENABLED" || status == "ENABLING") && ttl.AttributeName != "" {
		attr := ttl.AttributeName
		body := []string{
			"TTL is " + status + " on " + attr + " for " + table + ". Disable it?",
			"",
			"UpdateTimeToLive with Enabled false: items stop expiring; their " + attr + " values stay as they are. DynamoDB allows one TTL change per table in a while: turning it on again soon may be refused.",
		}
		send := func() tea.Msg {
			return ttlDone(api, table, false, attr)
		}
		return newConfirm(st, km, "Disable TTL on "+table, "disable", body, send)
	}
	build := func(text string) ([]string, func() tea.Msg, string) {
		attr := strings.TrimSpace(text)
		if attr == "" {
			return nil, nil, "name the attribute that holds the expiry"
		}
		send := func() tea.Msg { return ttlDone(api, table, true, attr) }
		return []string{"UpdateTimeToLive " + table + "  TimeToLiveSpecification Enabled true, AttributeName " + attr}, send, ""
	}
	return &promptModal{st: st, keys: km.Editing, title: "Enable TTL on " + table, label: "TTL attribute", build: build,
		help: []string{
			"TTL is " + status + ". Name the attribute that holds each item's expiry.",
			"Only a top-level Number of epoch seconds counts: a String, milliseconds, or a time more than five years past are accepted and silently ignored forever. Expired items stay readable until the background deletion removes them (DynamoDB: typically within 48 hours); the deletion costs no WCU and reaches the stream as a REMOVE by dynamodb.amazonaws.com.",
		}}
}

// ttlDone sends UpdateTimeToLive.
func ttlDone(api engine.API, table string, enable bool, attr string) tea.Msg {
	_, err := api.UpdateTimeToLive(bg, &model.UpdateTimeToLiveInput{TableName: table,
		TimeToLiveSpecification: &model.TimeToLiveSpecification{Enabled: enable, AttributeName: attr}})
	if err != nil {
		return doneMsg{err: err}
	}
	what := "enabled on " + attr
	if !enable {
		what = "disabled"
	}
	return doneMsg{note: "UpdateTimeToLive " + table + ": TTL " + what, table: table}
}
