package forms

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// NewAttrPrompt edits one attribute inline: "name = value" sends UpdateItem
// SET #a = :v, "REMOVE name" sends UpdateItem REMOVE #a. Values are typed
// as in the query builder: "text" is S, 12.5 is N, true/false BOOL, null
// NULL, and {"SS":["a"]} any DynamoDB JSON value.
func NewAttrPrompt(st *kit.Styles, km keymap.KeyMap, api engine.API, tg kit.Target, key model.Item) *Prompt {
	keys := tg.TableKeyNames()
	kt := kit.KeyText(key, keys...)
	build := func(text string) ([]string, func() tea.Msg, string) {
		in, why := attrUpdate(tg, key, text)
		if why != "" {
			return nil, nil, why
		}
		preview := []string{"UpdateItem " + tg.Table() + " · Key " + kt, "UpdateExpression " + in.UpdateExpression + " · #a = " + in.ExpressionAttributeNames["#a"]}
		if v, ok := in.ExpressionAttributeValues[":v"]; ok {
			preview[1] += " · :v = " + string(model.AppendJSON(nil, v))
		}
		send := func() tea.Msg {
			out, err := api.UpdateItem(kit.Bg, in)
			if err != nil {
				return DoneMsg{Err: err}
			}
			return DoneMsg{Note: "UpdateItem " + tg.Table() + " " + kt + ": " + strings.TrimSpace(text) + kit.WCUText(out.ConsumedCapacity), Table: tg.Table()}
		}
		return preview, send, ""
	}
	return &Prompt{st: st, keys: km.Editing, title: "Set one attribute of " + kt + " in " + tg.Table(), label: "name = value",
		build: build, help: []string{
			`value: "text" (S) · 12.5 (N) · true / false (BOOL) · null (NULL) · {"SS": ["a", "b"]} or any DynamoDB JSON value`,
			"REMOVE name removes the attribute. Key attributes cannot be changed: edit the item (e) to write it under a new key.",
		}}
}

// attrUpdate builds the UpdateItem a prompt line describes, or says why it
// cannot.
func attrUpdate(tg kit.Target, key model.Item, text string) (*model.UpdateItemInput, string) {
	text = strings.TrimSpace(text)
	in := &model.UpdateItemInput{TableName: tg.Table(), Key: key, ReturnConsumedCapacity: model.ReturnCapacityIndexes}
	if rest, ok := cutPrefixFold(text, "REMOVE "); ok {
		name := unquoteName(rest)
		if name == "" {
			return nil, "name the attribute to remove"
		}
		in.UpdateExpression = "REMOVE #a"
		in.ExpressionAttributeNames = map[string]string{"#a": name}
		return in, ""
	}
	name, value, ok := strings.Cut(text, "=")
	if !ok {
		return nil, "write name = value, or REMOVE name"
	}
	name = unquoteName(name)
	if name == "" {
		return nil, "the attribute name is missing"
	}
	value = strings.TrimSpace(value)
	if value == "" {
		return nil, "the value is missing (\"\" is an empty string)"
	}
	v, why := kit.Literal(value)
	if why != "" {
		return nil, why
	}
	in.UpdateExpression = "SET #a = :v"
	in.ExpressionAttributeNames = map[string]string{"#a": name}
	in.ExpressionAttributeValues = map[string]model.AttributeValue{":v": v}
	return in, ""
}

// cutPrefixFold is strings.CutPrefix ignoring case.
func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// unquoteName trims an attribute name and the quotes around it, if any.
func unquoteName(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	}
	return s
}

// NewDeleteConfirm asks before DeleteItem.
func NewDeleteConfirm(st *kit.Styles, km keymap.KeyMap, api engine.API, tg kit.Target, key model.Item) *Confirm {
	keys := tg.TableKeyNames()
	kt := kit.KeyText(key, keys...)
	body := []string{
		"Delete the item " + kt + " from " + tg.Table() + "?",
		"",
		"DeleteItem removes it and its entry in every index of the table; with a stream, a REMOVE record follows. It cannot be undone.",
	}
	send := func() tea.Msg {
		out, err := api.DeleteItem(kit.Bg, &model.DeleteItemInput{TableName: tg.Table(), Key: key, ReturnConsumedCapacity: model.ReturnCapacityIndexes})
		if err != nil {
			return DoneMsg{Err: err}
		}
		return DoneMsg{Note: "DeleteItem " + tg.Table() + " " + kt + kit.WCUText(out.ConsumedCapacity), Table: tg.Table(), Deleted: true}
	}
	return NewConfirm(st, km, "Delete item "+kt, "delete", body, send)
}
