package items

import (
	"context"
	"os"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/internal/itemfmt"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// typedItem has a value of every kind plain JSON must keep apart.
var typedItem = model.Item{"pk": model.S("t1"), "price": model.N("12.50"), "tags": model.SS("a", "b"), "sizes": model.NS("1", "2"),
	"blob": model.B([]byte{1, 2, 3}), "zip": model.S("02134"), "nested": model.M(map[string]model.AttributeValue{"n": model.N("1"), "l": model.L(model.S("x"))})}

func typedTable(t *testing.T) *engine.Engine {
	t.Helper()
	eng, err := engine.Open(engine.Options{Clock: engine.NewManualClock(t0), DisableThrottling: true, DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	ctx := context.Background()
	if _, err := eng.CreateTable(ctx, &model.CreateTableInput{TableName: "Typed", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{{AttributeName: "pk", KeyType: model.KeyTypeHash}},
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: "Typed", Item: typedItem}); err != nil {
		t.Fatal(err)
	}
	return eng
}

// openItemView opens the item view on the table's only item.
func openItemView(t *testing.T, eng *engine.Engine) *ItemView {
	t.Helper()
	d, _ := eng.DescribeTable(context.Background(), &model.DescribeTableInput{TableName: "Typed"})
	v, load := NewItemView(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, kit.OpenItemMsg{Target: kit.TableTarget(d.Table), Item: typedItem, Whole: true})
	v.SetSize(88, 35)
	v.Update(load())
	return v
}

// runView runs a command of the item view as the root would.
func runView(v *ItemView, cmd tea.Cmd, r *root) {
	p := &Model{} // the root's stand-in takes kit messages only
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch m := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, m...)
		default:
			r.run(p, func() tea.Msg { return m })
		}
	}
}

// y and Y copy the item shown as plain JSON and as DynamoDB JSON; t
// toggles the view between the two (as before); E asks for the $EDITOR
// edit in plain JSON. (Before, y, Y and E did nothing.)
func TestItemViewCopiesAndEditsPlainJSON(t *testing.T) {
	eng := typedTable(t)
	v := openItemView(t, eng)
	var r root
	for _, k := range uitest.Keys("y", "Y", "E") {
		runView(v, v.Update(k), &r)
	}
	if len(r.clipboard) != 2 {
		t.Fatalf("clipboard %q", r.clipboard)
	}
	plain := string(itemfmt.PlainJSON(typedItem, "  "))
	if r.clipboard[0] != plain || !strings.Contains(plain, `"price": 12.5`) || !strings.Contains(plain, `"tags": [`) {
		t.Fatalf("y copied:\n%s\nwant:\n%s", r.clipboard[0], plain)
	}
	if r.clipboard[1] != kit.DynamoJSON(typedItem)+"\n" || !strings.Contains(r.clipboard[1], `"SS"`) {
		t.Fatalf("Y copied:\n%s", r.clipboard[1])
	}
	if !strings.Contains(r.flashes[0], "copied the item as plain JSON") || !strings.Contains(r.flashes[1], "copied the item as DynamoDB JSON") {
		t.Fatalf("flashes %q", r.flashes)
	}
	if len(r.edits) != 1 || !r.edits[0].Plain || r.edits[0].Op != kit.EditInEditor || r.edits[0].Key["pk"].S != "t1" {
		t.Fatalf("E asked %+v", r.edits)
	}
	// the item pane's row: y copies it too
	p := openTable(t, eng, "Typed", 0)
	r = root{}
	r.keys(p, "y", "E")
	if len(r.clipboard) != 1 || r.clipboard[0] != plain || len(r.edits) != 1 || !r.edits[0].Plain {
		t.Fatalf("items pane: clipboard %q, edits %+v", r.clipboard, r.edits)
	}
}

// The plain JSON edit keeps the item's types: a number written as a
// number stays N (and "12.50" edited to 13 is N 13), a set stays a set,
// binary stays binary, a string of digits stays a string.
func TestPlainJSONEditKeepsTypes(t *testing.T) {
	eng := typedTable(t)
	t.Setenv("TMPDIR", t.TempDir()) // the editor's file
	d, _ := eng.DescribeTable(context.Background(), &model.DescribeTableInput{TableName: "Typed"})
	ready, ok := forms.PrepareEditAs(eng, kit.TableTarget(d.Table), model.Item{"pk": model.S("t1")}, true)().(forms.EditReadyMsg)
	if !ok {
		t.Fatal("no edit prepared")
	}
	text, _ := os.ReadFile(ready.Ed.Path)
	if !strings.Contains(string(text), `"price": 12.5`) || strings.Contains(string(text), `"N"`) {
		t.Fatalf("the editor shows DynamoDB JSON:\n%s", text)
	}
	edited := strings.Replace(string(text), `"price": 12.5`, `"price": 13`, 1)
	edited = strings.Replace(edited, `"b"`, `"b", "c"`, 1)
	if err := os.WriteFile(ready.Ed.Path, []byte(edited), 0o600); err != nil {
		t.Fatal(err)
	}
	done, _ := forms.ApplyEdit(forms.EditedMsg{Ed: ready.Ed})().(forms.DoneMsg)
	if done.Err != nil || !strings.Contains(done.Note, "UpdateItem Typed pk=t1: set price, tags") {
		t.Fatalf("save: %+v", done)
	}
	got, _ := eng.GetItem(context.Background(), &model.GetItemInput{TableName: "Typed", Key: model.Item{"pk": model.S("t1")}})
	it := got.Item
	if it["price"].Type != model.TypeN || it["price"].N != "13" || it["tags"].Type != model.TypeSS || len(it["tags"].SS) != 3 ||
		it["blob"].Type != model.TypeB || it["zip"].Type != model.TypeS || it["sizes"].Type != model.TypeNS {
		t.Fatalf("types not kept: %v", it)
	}
}

// e edits what the view shows: DynamoDB JSON, or plain JSON once t
// toggled the view to it. (Before, e in the plain view opened DynamoDB
// JSON in $EDITOR.)
func TestItemViewEditsWhatItShows(t *testing.T) {
	eng := typedTable(t)
	v := openItemView(t, eng)
	var r root
	for _, k := range uitest.Keys("e", "t", "e", "t", "e") {
		runView(v, v.Update(k), &r)
	}
	if len(r.edits) != 3 {
		t.Fatalf("edits %+v", r.edits)
	}
	for i, want := range []bool{false, true, false} {
		if e := r.edits[i]; e.Op != kit.EditInEditor || e.Plain != want {
			t.Errorf("e #%d: %+v, want Plain %v", i+1, e, want)
		}
	}
	runView(v, v.Update(uitest.Keys("t")[0]), &r)
	var help []string
	for _, b := range v.FullHelp()[2] {
		help = append(help, b.Help().Key+" "+b.Help().Desc)
	}
	if !strings.Contains(strings.Join(help, " · "), "e edit item as shown, plain JSON") {
		t.Errorf("help in the plain view: %q", help)
	}
}
