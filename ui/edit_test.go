package ui

import (
	"context"

	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
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
