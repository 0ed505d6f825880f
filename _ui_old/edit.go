package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// An item is edited in $EDITOR as DynamoDB JSON: a tea.Cmd reads the whole
// item and writes it to a temporary file, tea.ExecProcess hands the
// terminal to the editor, and another tea.Cmd reads the file back and sends
// one PutItem with the whole new item, exactly what a client that reads,
// changes and puts an item does. A new item is put with
// attribute_not_exists on its partition key, so it never silently
// overwrites one that exists.

// editState is one $EDITOR edit: what was read, and the text last written
// (kept when DynamoDB rejects it, for another try).
type editState struct {
	tg     target
	orig   model.Item // nil for a new item
	path   string
	text   []byte
	create bool
}

// editReadyMsg: the file is written, the editor can run.
type editReadyMsg struct{ ed *editState }

// editedMsg: the editor has exited.
type editedMsg struct {
	ed  *editState
	err error
}

func (editReadyMsg) work() {}
func (editedMsg) work()    {}

// editorCommand is the editor to run: $VISUAL, then $EDITOR (either may
// carry arguments, "code -w"), then vi, as git does.
func editorCommand(path string) *exec.Cmd {
	ed := os.Getenv("VISUAL")
	if ed == "" {
		ed = os.Getenv("EDITOR")
	}
	if ed == "" {
		ed = "vi"
	}
	args := strings.Fields(ed)
	return exec.Command(args[0], append(args[1:], path)...)
}

// writeTemp writes text to a new temporary .json file.
func writeTemp(text []byte) (string, error) {
	f, err := os.CreateTemp("", "dynoscope-item-*.json")
	if err != nil {
		return "", err
	}
	defer f.Close()
	if _, err := f.Write(text); err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// itemText is an item as the editor shows it: indented DynamoDB JSON.
func itemText(it model.Item) []byte { return []byte(dynamoJSON(it) + "\n") }

// newItemTemplate is the text a new item starts from: its key attributes
// with empty values of their declared types.
func newItemTemplate(tg target) []byte {
	it := model.Item{}
	for _, n := range tg.tableKeyNames() {
		if n == "" {
			continue
		}
		switch tg.attrType(n) {
		case "N":
			it[n] = model.N("0")
		case "B":
			it[n] = model.B(nil)
		default:
			it[n] = model.S("")
		}
	}
	return itemText(it)
}

// prepareNew writes the template of a new item to a file for the editor.
func prepareNew(tg target) tea.Cmd {
	return func() tea.Msg {
		ed := &editState{tg: tg, create: true, text: newItemTemplate(tg)}
		path, err := writeTemp(ed.text)
		if err != nil {
			return doneMsg{err: err}
		}
		ed.path = path
		return editReadyMsg{ed: ed}
	}
}

// prepareEdit reads the whole item (strongly consistent: the latest
// version) and writes it to a file for the editor.
func prepareEdit(api engine.API, tg target, key model.Item) tea.Cmd {
	return func() tea.Msg {
		yes := true
		out, err := api.GetItem(bg, &model.GetItemInput{TableName: tg.table(), Key: key, ConsistentRead: &yes})
		if err != nil {
			return doneMsg{err: err}
		}
		if out.Item == nil {
			return doneMsg{err: &model.Error{Code: "NotFound", Message: "GetItem found no item with key " + keyText(key, tg.tableKeyNames()...) + " (deleted meanwhile?)"}}
		}
		ed := &editState{tg: tg, orig: out.Item, text: itemText(out.Item)}
		path, err := writeTemp(ed.text)
		if err != nil {
			return doneMsg{err: err}
		}
		ed.path = path
		return editReadyMsg{ed: ed}
	}
}

// runEditor hands the terminal to the editor on the prepared file.
func runEditor(msg editReadyMsg) tea.Cmd {
	ed := msg.ed
	return tea.ExecProcess(editorCommand(ed.path), func(err error) tea.Msg { return editedMsg{ed: ed, err: err} })
}

// applyEdit reads the edited file back and sends the write: nothing when
// the item did not change, PutItem otherwise.
func applyEdit(api engine.API, msg editedMsg) tea.Cmd {
	ed := msg.ed
	return func() tea.Msg {
		text, rerr := os.ReadFile(ed.path)
		os.Remove(ed.path)
		if msg.err != nil {
			return doneMsg{err: &model.Error{Code: "EditorFailed", Message: "the editor did not run: " + msg.err.Error() + " (set $EDITOR or $VISUAL)"}, edit: ed}
		}
		if rerr != nil {
			return doneMsg{err: rerr, edit: ed}
		}
		ed.text = text
		return putEdited(api, ed)
	}
}

// putEdited parses the edited text and puts the item.
func putEdited(api engine.API, ed *editState) doneMsg {
	var it model.Item
	if err := json.Unmarshal(bytes.TrimSpace(ed.text), &it); err != nil {
		return doneMsg{err: asModelError(err), edit: ed}
	}
	keys := ed.tg.tableKeyNames()
	if !ed.create && sameItem(it, ed.orig) {
		return doneMsg{note: "no change: nothing written"}
	}
	in := &model.PutItemInput{TableName: ed.tg.table(), Item: it, ReturnConsumedCapacity: model.ReturnCapacityIndexes}
	what := "PutItem " + ed.tg.table()
	if ed.create {
		in.ConditionExpression = "attribute_not_exists(#pk)"
		in.ExpressionAttributeNames = map[string]string{"#pk": keys[0]}
		what += " (new, if no item has this key)"
	} else if !sameItem(keyOf(it, keys...), keyOf(ed.orig, keys...)) {
		what += " (the key changed: a new item; the one you opened stays)"
	}
	out, err := api.PutItem(bg, in)
	if err != nil {
		return doneMsg{err: err, edit: ed}
	}
	return doneMsg{note: what + " " + keyText(keyOf(it, keys...), keys...) + wcuText(out.ConsumedCapacity), table: ed.tg.table()}
}

// sameItem compares two items by their DynamoDB JSON.
func sameItem(a, b model.Item) bool {
	return bytes.Equal(model.AppendItemJSON(nil, a), model.AppendItemJSON(nil, b))
}

// wcuText is " · 2 WCU (table 1, EscalatedTo-index 1)" from a write's
// consumed capacity.
func wcuText(cc *model.ConsumedCapacity) string {
	if cc == nil {
		return ""
	}
	s := " · " + units(float64(cc.CapacityUnits)) + " WCU"
	var parts []string
	if cc.Table != nil {
		parts = append(parts, "table "+units(float64(cc.Table.CapacityUnits)))
	}
	for _, n := range sortedKeys(cc.GlobalSecondaryIndexes) {
		parts = append(parts, n+" "+units(float64(cc.GlobalSecondaryIndexes[n].CapacityUnits)))
	}
	for _, n := range sortedKeys(cc.LocalSecondaryIndexes) {
		parts = append(parts, n+" "+units(float64(cc.LocalSecondaryIndexes[n].CapacityUnits)))
	}
	if len(parts) > 1 {
		s += " (" + strings.Join(parts, ", ") + ")"
	}
	return s
}

// reedit writes the kept text to a new file for another round in the
// editor.
func reedit(ed *editState) tea.Cmd {
	return func() tea.Msg {
		path, err := writeTemp(ed.text)
		if err != nil {
			return doneMsg{err: err}
		}
		ed.path = path
		return editReadyMsg{ed: ed}
	}
}

// editTitle is "edit item pk=ZUZ001" or "new item in schema-demo".
func editTitle(ed *editState) string {
	if ed.create {
		return "new item in " + ed.tg.table()
	}
	keys := ed.tg.tableKeyNames()
	return fmt.Sprintf("edit item %s", keyText(keyOf(ed.orig, keys...), keys...))
}
