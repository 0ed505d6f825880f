package forms

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The $EDITOR edit's saves, as the root runs them (bed): the item the
// Items pane had under the cursor is named by its key.

var zuzi = model.Item{"pk": model.S("ZUZ001")}

// tableTarget is table of api as the Items pane hands it to an edit.
func tableTarget(t testing.TB, api engine.API, table string) kit.Target {
	t.Helper()
	tg, _ := uitest.Target(t, api, table, "")
	return kit.TableTarget(tg.Desc)
}

// editFile runs what e does up to the editor: read the item, write it to a
// file; it returns the edit and the text the editor gets.
func editFile(t *testing.T, eng engine.API, tg kit.Target, key model.Item) (*EditState, string) {
	t.Helper()
	t.Setenv("TMPDIR", t.TempDir())
	ready, ok := PrepareEdit(eng, tg, key)().(EditReadyMsg)
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
	eng := uitest.DemoEngine(t, "schema-demo")
	m := newBed(t)
	before := uitest.GetItem(t, eng, "schema-demo", zuzi)
	tg, key := tableTarget(t, eng, "schema-demo"), zuzi
	ed, text := editFile(t, eng, tg, key)
	if !strings.Contains(text, `"admitted": {`) || !strings.Contains(text, `"S": "1672563600"`) {
		t.Fatalf("the editor gets:\n%s", text)
	}
	// The person adds an attribute and saves.
	edited := strings.Replace(text, `"name": {`, `"temperament": {"S": "FRIENDLY"}, "name": {`, 1)
	if err := os.WriteFile(ed.Path, []byte(edited), 0o600); err != nil {
		t.Fatal(err)
	}
	m.Drive(ApplyEdit(EditedMsg{Ed: ed}))
	if _, err := os.Stat(ed.Path); !os.IsNotExist(err) {
		t.Errorf("the temporary file is left behind: %v", err)
	}
	s := m.Flat()
	for _, want := range []string{"Rejected: nothing was changed.", "ValidationException",
		"The update expression attempted to update the secondary index key to unsupported type",
		"Your text is kept", `"temperament": {"S": "FRIENDLY"}`} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, m.Text())
		}
	}
	if after := uitest.GetItem(t, eng, "schema-demo", zuzi); !kit.SameItem(before, after) {
		t.Fatalf("item changed: %v → %v", before, after)
	}
	// Fixing the type in the kept text makes the save go through.
	kept := m.md.(*EditFailed).Edit()
	kept.Text = []byte(strings.Replace(string(kept.Text), `"S": "1672563600"`, `"N": "1672563600"`, 1))
	m.Press("esc")
	m.Drive(func() tea.Msg { return SaveEdit(kept) })
	after := uitest.GetItem(t, eng, "schema-demo", zuzi)
	if after["admitted"].N != "1672563600" || after["temperament"].S != "FRIENDLY" {
		t.Fatalf("fixed save: %v", after)
	}
}

// A new item is put with attribute_not_exists on its key: one that exists
// is not overwritten, and DynamoDB's ConditionalCheckFailedException shows.
func TestEditNewItemDoesNotOverwrite(t *testing.T) {
	eng := uitest.DemoEngine(t, "schema-demo")
	m := newBed(t)
	tg := tableTarget(t, eng, "schema-demo")
	if got := string(NewItemTemplate(tg)); !strings.Contains(got, `"pk": {`) {
		t.Fatalf("template %s", got)
	}
	ed := &EditState{API: eng, Target: tg, Create: true, Text: []byte(`{"pk": {"S": "ED_001"}, "name": {"S": "Impostor"}}`)}
	m.Drive(func() tea.Msg { return SaveEdit(ed) })
	if s := m.Flat(); !strings.Contains(s, "ConditionalCheckFailedException") || !strings.Contains(s, "The conditional request failed") {
		t.Fatalf("screen:\n%s", m.Text())
	}
	if got := uitest.GetItem(t, eng, "schema-demo", model.Item{"pk": model.S("ED_001")})["name"].S; got != "Ed" {
		t.Fatalf("Ed was overwritten: %q", got)
	}
	m.Press("esc")
	ed.Text = []byte(`{"pk": {"S": "NEW001"}, "name": {"S": "Newt"}, "type": {"S": "Newt"}}`)
	m.Drive(func() tea.Msg { return SaveEdit(ed) })
	if got := uitest.GetItem(t, eng, "schema-demo", model.Item{"pk": model.S("NEW001")}); got["name"].S != "Newt" {
		t.Fatalf("new item: %v", got)
	}
}

// Saving an edit over an item that changed since it was opened says so
// and writes nothing; r edits the item as it is now, o overwrites it, and
// an attribute someone added meanwhile survives an edit of another one.
func TestEditConflictIsNotOverwritten(t *testing.T) {
	eng := uitest.DemoEngine(t, "schema-demo")
	m := newBed(t)
	fred := model.Item{"pk": model.S("FRE001")}
	tg, key := tableTarget(t, eng, "schema-demo"), fred
	ed, text := editFile(t, eng, tg, key)
	// Meanwhile someone else changes his name.
	if _, err := eng.UpdateItem(context.Background(), &model.UpdateItemInput{TableName: "schema-demo", Key: fred,
		UpdateExpression: "SET #n = :n", ExpressionAttributeNames: map[string]string{"#n": "name"},
		ExpressionAttributeValues: map[string]model.AttributeValue{":n": model.S("Frederick")}}); err != nil {
		t.Fatal(err)
	}
	theirs := uitest.GetItem(t, eng, "schema-demo", fred)
	// The person changes the type and saves.
	os.WriteFile(ed.Path, []byte(strings.Replace(text, `"Dog"`, `"Lion"`, 1)), 0o600)
	m.Drive(ApplyEdit(EditedMsg{Ed: ed}))
	s := m.Flat()
	for _, want := range []string{"Not saved: the item changed since you opened it.", "Meanwhile: name changed.",
		"r edit the item as it is now", "o overwrite it with your edit"} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, m.Text())
		}
	}
	if got := uitest.GetItem(t, eng, "schema-demo", fred); !kit.SameItem(got, theirs) {
		t.Fatalf("the other change was overwritten: %v", got)
	}
	// o overwrites with the edit as written.
	m.Press("o")
	got := uitest.GetItem(t, eng, "schema-demo", fred)
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
	m.Drive(ApplyEdit(EditedMsg{Ed: ed}))
	got = uitest.GetItem(t, eng, "schema-demo", fred)
	if got["type"].S != "Dog" || !got["vaccinated"].BOOL {
		t.Fatalf("after an edit beside an added attribute: %v\n%s", got, m.Text())
	}
	if m.md != nil {
		t.Fatalf("a question over an edit that went through:\n%s", m.Text())
	}
	// r edits the item as it is now: the next editor gets the new name.
	ed, text = editFile(t, eng, tg, key)
	eng.UpdateItem(context.Background(), &model.UpdateItemInput{TableName: "schema-demo", Key: fred,
		UpdateExpression: "SET #n = :n", ExpressionAttributeNames: map[string]string{"#n": "name"},
		ExpressionAttributeValues: map[string]model.AttributeValue{":n": model.S("Fred")}})
	os.WriteFile(ed.Path, []byte(strings.Replace(text, `"Dog"`, `"Tiger"`, 1)), 0o600)
	m.Drive(ApplyEdit(EditedMsg{Ed: ed}))
	if !strings.Contains(m.Flat(), "Meanwhile: name changed.") {
		t.Fatalf("no question:\n%s", m.Text())
	}
	m.Press("r") // the editor would open now, on the item as it is
	if m.md != nil {
		t.Fatalf("r left the question open:\n%s", m.Text())
	}
	if got := uitest.GetItem(t, eng, "schema-demo", fred); got["type"].S != "Dog" || got["name"].S != "Fred" {
		t.Fatalf("r wrote something: %v", got)
	}
}

// Every prepared edit's file is removed: once the editor ran (ApplyEdit),
// when it failed to start, and when it never runs (DiscardEdit). (About
// 300 dynoscope-item-*.json files were left in /tmp by test runs.)
func TestPreparedEditFileIsRemovedOnEveryPath(t *testing.T) {
	eng := uitest.DemoEngine(t, "schema-demo")
	tg := tableTarget(t, eng, "schema-demo")
	for _, path := range []string{"applied", "editor failed", "never run"} {
		t.Run(path, func(t *testing.T) {
			dir := t.TempDir()
			t.Setenv("TMPDIR", dir)
			ready, ok := PrepareEdit(eng, tg, zuzi)().(EditReadyMsg)
			if !ok {
				t.Fatal("no edit prepared")
			}
			if !strings.HasPrefix(ready.Ed.Path, dir) {
				t.Fatalf("the file %s is not in TMPDIR %s", ready.Ed.Path, dir)
			}
			switch path {
			case "applied":
				ApplyEdit(EditedMsg{Ed: ready.Ed})()
			case "editor failed":
				ApplyEdit(EditedMsg{Ed: ready.Ed, Err: os.ErrNotExist})()
			case "never run":
				DiscardEdit(ready)()
			}
			if left, _ := filepath.Glob(filepath.Join(dir, "dynoscope-item-*.json")); len(left) != 0 {
				t.Fatalf("left behind: %v", left)
			}
		})
	}
}
