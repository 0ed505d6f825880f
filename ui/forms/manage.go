package forms

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// NewDropGSI asks before deleting a GSI.
func NewDropGSI(st *kit.Styles, km keymap.KeyMap, api engine.API, sel kit.Target) *Confirm {
	table, index := sel.Table(), sel.Index
	body := []string{
		"Delete the global secondary index " + index + " of " + table + "?",
		"",
		"UpdateTable with a Delete in GlobalSecondaryIndexUpdates: the index goes DELETING, its entries are dropped and it disappears. The table's items are untouched; attribute definitions no other key uses are dropped with it.",
	}
	send := func() tea.Msg {
		_, err := api.UpdateTable(kit.Bg, &model.UpdateTableInput{TableName: table,
			GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Delete: &model.DeleteGlobalSecondaryIndex{IndexName: index}}}})
		if err != nil {
			return DoneMsg{Err: err}
		}
		return DoneMsg{Note: "UpdateTable " + table + ": deleting GSI " + index, Table: table}
	}
	return NewConfirm(st, km, "Delete GSI "+index, "delete", body, send)
}

// NewTTLModal disables TTL when it is on (after y), or asks for the
// attribute to enable it on.
func NewTTLModal(st *kit.Styles, km keymap.KeyMap, api engine.API, table string, ttl *model.TimeToLiveDescription) Modal {
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
		return NewConfirm(st, km, "Disable TTL on "+table, "disable", body, send)
	}
	build := func(text string) ([]string, func() tea.Msg, string) {
		attr := strings.TrimSpace(text)
		if attr == "" {
			return nil, nil, "name the attribute that holds the expiry"
		}
		send := func() tea.Msg { return ttlDone(api, table, true, attr) }
		return []string{"UpdateTimeToLive " + table + "  TimeToLiveSpecification Enabled true, AttributeName " + attr}, send, ""
	}
	return &Prompt{st: st, keys: km.Editing, title: "Enable TTL on " + table, label: "TTL attribute", build: build,
		help: []string{
			"TTL is " + status + ". Name the attribute that holds each item's expiry.",
			"Only a top-level Number of epoch seconds counts: a String, milliseconds, or a time more than five years past are accepted and silently ignored forever. Expired items stay readable until the background deletion removes them (DynamoDB: typically within 48 hours); the deletion costs no WCU and reaches the stream as a REMOVE by dynamodb.amazonaws.com.",
		}}
}

// ttlDone sends UpdateTimeToLive.
func ttlDone(api engine.API, table string, enable bool, attr string) tea.Msg {
	_, err := api.UpdateTimeToLive(kit.Bg, &model.UpdateTimeToLiveInput{TableName: table,
		TimeToLiveSpecification: &model.TimeToLiveSpecification{Enabled: enable, AttributeName: attr}})
	if err != nil {
		return DoneMsg{Err: err}
	}
	what := "enabled on " + attr
	if !enable {
		what = "disabled"
	}
	return DoneMsg{Note: "UpdateTimeToLive " + table + ": TTL " + what, Table: table}
}
