package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"os"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// getItem reads an item by its key (strongly consistent).
func getItem(t testing.TB, eng *engine.Engine, table string, key model.Item) model.Item {
	t.Helper()
	yes := true
	out, err := eng.GetItem(context.Background(), &model.GetItemInput{TableName: table, Key: key, ConsistentRead: &yes})
	if err != nil {
		t.Fatal(err)
	}
	return out.Item
}

// cursorOnItem opens the items pane on table and moves the cursor to the
// item whose pk attribute is id.
func cursorOnItem(t testing.TB, m *Model, table, pk, id string) {
	t.Helper()
	selectInSidebar(t, m, table, "")
	press(t, m, "2", "g")
	for i := 0; i < 300; i++ {
		if it, ok := m.ws.items.Current(); ok && it[pk].S == id {
			return
		}
		press(t, m, "j")
	}
	t.Fatalf("no item %s=%s in %s", pk, id, table)
}

// editTarget is the table and key of the item under the items cursor.
func editTarget(t testing.TB, m *Model) (kit.Target, model.Item) {
	t.Helper()
	it, ok := m.ws.items.Current()
	if !ok {
		t.Fatal("no item under the cursor")
	}
	tg := kit.TableTarget(m.ws.items.Target().Desc)
	return tg, kit.KeyOf(it, tg.TableKeyNames()...)
}

var zuzi = model.Item{"pk": model.S("ZUZ001")}

// Seed 001: Zuzi's admitted is a String while animal_type declares it a
// Number. An unrelated SET is refused with DynamoDB's message, shown in
// the prompt's red box, and the item is unchanged.
func TestEditInlineViolatingIndexKeyIsRefused(t *testing.T) {
	eng := demoEngine(t, "schema-demo")
	m := newTestModel(t, eng, 120, 40)
	before := getItem(t, eng, "schema-demo", zuzi)
	cursorOnItem(t, m, "schema-demo", "pk", "ZUZ001")
	press(t, m, "a")
	if m.modal == nil {
		t.Fatal("a did not open the attribute prompt")
	}
	typeIn(t, m, `temperament = "FRIENDLY"`)
	if s := flat(m); !strings.Contains(s, "sends UpdateItem schema-demo · Key pk=ZUZ001") || !strings.Contains(s, "SET #a = :v") {
		t.Fatalf("the prompt does not show the request:\n%s", screen(m))
	}
	press(t, m, "enter")
	s := flat(m)
	for _, want := range []string{"Rejected: nothing was changed.", "ValidationException",
		"The update expression attempted to update the secondary index key to unsupported type"} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, screen(m))
		}
	}
	if m.modal == nil {
		t.Fatal("the prompt closed on a rejected write")
	}
	if after := getItem(t, eng, "schema-demo", zuzi); !kit.SameItem(before, after) {
		t.Fatalf("item changed: %v → %v", before, after)
	}
	// esc closes the prompt; the same edit on a valid item goes through.
	press(t, m, "esc")
	if m.modal != nil {
		t.Fatal("esc did not close the prompt")
	}
	cursorOnItem(t, m, "schema-demo", "pk", "FRE001")
	press(t, m, "a")
	typeIn(t, m, `temperament = "calm"`)
	press(t, m, "enter")
	if m.modal != nil {
		t.Fatalf("the prompt stayed open after a good write:\n%s", screen(m))
	}
	if got := getItem(t, eng, "schema-demo", model.Item{"pk": model.S("FRE001")})["temperament"]; got.S != "calm" {
		t.Fatalf("temperament = %v", got)
	}
	if !strings.Contains(screen(m), "UpdateItem schema-demo pk=FRE001") {
		t.Errorf("the status bar does not say what was written:\n%s", screen(m))
	}
}

// editFile runs what e does up to the editor: read the item, write it to a
// file; it returns the edit and the text the editor gets.
func editFile(t *testing.T, eng engine.API, tg kit.Target, key model.Item) (*forms.EditState, string) {
	t.Helper()
	ready, ok := forms.PrepareEdit(eng, tg, key)().(forms.EditReadyMsg)
	if !ok {
		t.Fatal("PrepareEdit did not get the file ready")
	}
	text, err := os.ReadFile(ready.Ed.Path)
	if err != nil {
		t.Fatal(err)
	}
	return ready.Ed, string(text)
}

// An $EDITOR edit of Zuzi that keeps her violating admitted gets
// DynamoDB's refusal; the edited text is kept for another try, and the
// item is unchanged; the fixed text goes through.
func TestEditInEditorViolatingIndexKeyIsRefused(t *testing.T) {
	eng := demoEngine(t, "schema-demo")
	m := newTestModel(t, eng, 120, 40)
	before := getItem(t, eng, "schema-demo", zuzi)
	cursorOnItem(t, m, "schema-demo", "pk", "ZUZ001")
	tg, key := editTarget(t, m)
	ed, text := editFile(t, eng, tg, key)
	if !strings.Contains(text, `"admitted": {`) || !strings.Contains(text, `"S": "1672563600"`) {
		t.Fatalf("the editor gets:\n%s", text)
	}
	// The person adds an attribute and saves.
	edited := strings.Replace(text, `"name": {`, `"temperament": {"S": "FRIENDLY"}, "name": {`, 1)
	if err := os.WriteFile(ed.Path, []byte(edited), 0o600); err != nil {
		t.Fatal(err)
	}
	send(t, m, forms.EditedMsg{Ed: ed})
	if _, err := os.Stat(ed.Path); !os.IsNotExist(err) {
		t.Errorf("the temporary file is left behind: %v", err)
	}
	s := flat(m)
	for _, want := range []string{"Rejected: nothing was changed.", "ValidationException",
		"The update expression attempted to update the secondary index key to unsupported type",
		"Your text is kept", `"temperament": {"S": "FRIENDLY"}`} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, screen(m))
		}
	}
	if after := getItem(t, eng, "schema-demo", zuzi); !kit.SameItem(before, after) {
		t.Fatalf("item changed: %v → %v", before, after)
	}
	// Fixing the type in the kept text makes the save go through.
	kept := m.modal.(*forms.EditFailed).Edit()
	kept.Text = []byte(strings.Replace(string(kept.Text), `"S": "1672563600"`, `"N": "1672563600"`, 1))
	press(t, m, "esc")
	drive(t, m, route(m.ws, toModal, func() tea.Msg { return forms.SaveEdit(kept) }))
	after := getItem(t, eng, "schema-demo", zuzi)
	if after["admitted"].N != "1672563600" || after["temperament"].S != "FRIENDLY" {
		t.Fatalf("fixed save: %v", after)
	}
}

// A new item is put with attribute_not_exists on its key: one that exists
// is not overwritten, and DynamoDB's ConditionalCheckFailedException shows.
func TestEditNewItemDoesNotOverwrite(t *testing.T) {
	eng := demoEngine(t, "schema-demo")
	m := newTestModel(t, eng, 120, 40)
	cursorOnItem(t, m, "schema-demo", "pk", "ED_001")
	tg, _ := editTarget(t, m)
	if got := string(forms.NewItemTemplate(tg)); !strings.Contains(got, `"pk": {`) {
		t.Fatalf("template %s", got)
	}
	ed := &forms.EditState{API: eng, Target: tg, Create: true, Text: []byte(`{"pk": {"S": "ED_001"}, "name": {"S": "Impostor"}}`)}
	drive(t, m, route(m.ws, toModal, func() tea.Msg { return forms.SaveEdit(ed) }))
	if s := flat(m); !strings.Contains(s, "ConditionalCheckFailedException") || !strings.Contains(s, "The conditional request failed") {
		t.Fatalf("screen:\n%s", screen(m))
	}
	if got := getItem(t, eng, "schema-demo", model.Item{"pk": model.S("ED_001")})["name"].S; got != "Ed" {
		t.Fatalf("Ed was overwritten: %q", got)
	}
	press(t, m, "esc")
	ed.Text = []byte(`{"pk": {"S": "NEW001"}, "name": {"S": "Newt"}, "type": {"S": "Newt"}}`)
	drive(t, m, route(m.ws, toModal, func() tea.Msg { return forms.SaveEdit(ed) }))
	if got := getItem(t, eng, "schema-demo", model.Item{"pk": model.S("NEW001")}); got["name"].S != "Newt" {
		t.Fatalf("new item: %v", got)
	}
}

// Saving an edit over an item that changed since it was opened says so
// and writes nothing; r edits the item as it is now, o overwrites it, and
// an attribute someone added meanwhile survives an edit of another one.
func TestEditConflictIsNotOverwritten(t *testing.T) {
	eng := demoEngine(t, "schema-demo")
	m := newTestModel(t, eng, 120, 40)
	fred := model.Item{"pk": model.S("FRE001")}
	cursorOnItem(t, m, "schema-demo", "pk", "FRE001")
	tg, key := editTarget(t, m)
	ed, text := editFile(t, eng, tg, key)
	// Meanwhile someone else changes his name.
	if _, err := eng.UpdateItem(context.Background(), &model.UpdateItemInput{TableName: "schema-demo", Key: fred,
		UpdateExpression: "SET #n = :n", ExpressionAttributeNames: map[string]string{"#n": "name"},
		ExpressionAttributeValues: map[string]model.AttributeValue{":n": model.S("Frederick")}}); err != nil {
		t.Fatal(err)
	}
	theirs := getItem(t, eng, "schema-demo", fred)
	// The person changes the type and saves.
	os.WriteFile(ed.Path, []byte(strings.Replace(text, `"Dog"`, `"Lion"`, 1)), 0o600)
	send(t, m, forms.EditedMsg{Ed: ed})
	s := flat(m)
	for _, want := range []string{"Not saved: the item changed since you opened it.", "Meanwhile: name changed.",
		"r edit the item as it is now", "o overwrite it with your edit"} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, screen(m))
		}
	}
	if got := getItem(t, eng, "schema-demo", fred); !kit.SameItem(got, theirs) {
		t.Fatalf("the other change was overwritten: %v", got)
	}
	// o overwrites with the edit as written.
	press(t, m, "o")
	got := getItem(t, eng, "schema-demo", fred)
	if got["type"].S != "Lion" || got["name"].S != "Freddie" {
		t.Fatalf("after o: %v", got)
	}
	// An edit of one attribute keeps an attribute added meanwhile.
	ed, text = editFile(t, eng, tg, key)
	if _, err := eng.UpdateItem(context.Background(), &model.UpdateItemInput{TableName: "schema-demo", Key: fred,
		UpdateExpression: "SET vaccinated = :y", ExpressionAttributeValues: map[string]model.AttributeValue{":y": model.Bool(true)}}); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(ed.Path, []byte(strings.Replace(text, `"Lion"`, `"Dog"`, 1)), 0o600)
	send(t, m, forms.EditedMsg{Ed: ed})
	got = getItem(t, eng, "schema-demo", fred)
	if got["type"].S != "Dog" || !got["vaccinated"].BOOL {
		t.Fatalf("after an edit beside an added attribute: %v\n%s", got, screen(m))
	}
	if m.modal != nil {
		t.Fatalf("a question over an edit that went through:\n%s", screen(m))
	}
	// r edits the item as it is now: the next editor gets the new name.
	ed, text = editFile(t, eng, tg, key)
	eng.UpdateItem(context.Background(), &model.UpdateItemInput{TableName: "schema-demo", Key: fred,
		UpdateExpression: "SET #n = :n", ExpressionAttributeNames: map[string]string{"#n": "name"},
		ExpressionAttributeValues: map[string]model.AttributeValue{":n": model.S("Fred")}})
	os.WriteFile(ed.Path, []byte(strings.Replace(text, `"Dog"`, `"Tiger"`, 1)), 0o600)
	send(t, m, forms.EditedMsg{Ed: ed})
	if !strings.Contains(flat(m), "Meanwhile: name changed.") {
		t.Fatalf("no question:\n%s", screen(m))
	}
	press(t, m, "r") // the editor would open now, on the item as it is
	if m.modal != nil {
		t.Fatalf("r left the question open:\n%s", screen(m))
	}
	if got := getItem(t, eng, "schema-demo", fred); got["type"].S != "Dog" || got["name"].S != "Fred" {
		t.Fatalf("r wrote something: %v", got)
	}
}

// d asks before deleting; n keeps the item, y deletes it.
func TestDeleteAsksFirst(t *testing.T) {
	eng := demoEngine(t, "schema-demo")
	m := newTestModel(t, eng, 120, 40)
	ed := model.Item{"pk": model.S("ED_001")}
	cursorOnItem(t, m, "schema-demo", "pk", "ED_001")
	press(t, m, "d")
	if m.modal == nil || !strings.Contains(flat(m), "Delete the item pk=ED_001 from schema-demo?") {
		t.Fatalf("d did not ask:\n%s", screen(m))
	}
	if getItem(t, eng, "schema-demo", ed) == nil {
		t.Fatal("deleted before the answer")
	}
	press(t, m, "n")
	if m.modal != nil || getItem(t, eng, "schema-demo", ed) == nil {
		t.Fatal("n did not keep the item")
	}
	press(t, m, "d", "y")
	if m.modal != nil {
		t.Fatalf("the confirmation stayed open:\n%s", screen(m))
	}
	if getItem(t, eng, "schema-demo", ed) != nil {
		t.Fatal("y did not delete the item")
	}
	if !strings.Contains(screen(m), "DeleteItem schema-demo pk=ED_001") {
		t.Errorf("the status bar does not say what was deleted:\n%s", screen(m))
	}
	// the items pane was read again: Ed is gone from it
	for _, r := range m.ws.items.Rows() {
		if r["pk"].S == "ED_001" {
			t.Fatal("the items pane still lists the deleted item")
		}
	}
}

// From the item view the same keys work on the open item.
func TestEditFromItemView(t *testing.T) {
	eng := demoEngine(t, "schema-demo")
	m := newTestModel(t, eng, 120, 40)
	cursorOnItem(t, m, "schema-demo", "pk", "OTI001")
	press(t, m, "enter")
	if m.ws.item == nil {
		t.Fatal("no item view")
	}
	press(t, m, "a")
	typeIn(t, m, "REMOVE admitted")
	press(t, m, "enter")
	if m.modal != nil {
		t.Fatalf("REMOVE of the violating attribute was refused:\n%s", screen(m))
	}
	if _, ok := getItem(t, eng, "schema-demo", model.Item{"pk": model.S("OTI001")})["admitted"]; ok {
		t.Fatal("admitted is still there")
	}
	if _, ok := m.ws.item.Item()["admitted"]; ok {
		t.Fatal("the item view was not read again")
	}
}

// On an index's left-out list the keys act on the table item under the
// cursor: removing Zuzi's violating admitted turns her "!" into a plain
// "no admitted", and the list is read again.
func TestEditFromLeftOutList(t *testing.T) {
	eng := demoEngine(t, "schema-demo")
	m := newTestModel(t, eng, 120, 40)
	selectInSidebar(t, m, "schema-demo", "animal_type")
	press(t, m, "2", "o")
	left, _ := m.ws.items.LeftOutItems()
	if left == nil {
		t.Fatal("no left-out list")
	}
	for i, l := range left {
		if l.Key["pk"].S == "ZUZ001" {
			m.ws.items.SetLeftOutCursor(i)
		}
	}
	press(t, m, "a")
	typeIn(t, m, "REMOVE admitted")
	press(t, m, "enter")
	if m.modal != nil {
		t.Fatalf("refused:\n%s", screen(m))
	}
	if !m.ws.items.LeftOutOpen() {
		t.Fatal("the left-out list closed")
	}
	left, _ = m.ws.items.LeftOutItems()
	for _, l := range left {
		if l.Key["pk"].S == "ZUZ001" && (l.Violation || l.Reason != "no admitted") {
			t.Fatalf("Zuzi: %+v", l)
		}
	}
}
