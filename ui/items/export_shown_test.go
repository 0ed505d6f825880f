package items

import (
	"testing"

	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// x asks for the export of what the pane shows: the whole table, or, with
// a filter on the server, every item of the table the filter matches; I
// asks for the import of a file into the table.
func TestItemsExportWhatItShows(t *testing.T) {
	eng := bigTable(t, 200)
	defer eng.Close()
	p := openTable(t, eng, "Big", 50)
	announce := func(key string) any {
		t.Helper()
		cmd := p.Update(uitest.Keys(key)[0])
		if cmd == nil {
			t.Fatalf("%s announced nothing", key)
		}
		return cmd()
	}
	e, ok := announce("x").(kit.ExportMsg)
	if !ok || !e.Read.Whole() || e.Read.Table() != "Big" || e.What != "table Big" {
		t.Fatalf("x: %#v", e)
	}
	r := root{yes: true}
	r.keys(p, "F", "n >= 190", "enter")
	if p.server == nil {
		t.Fatal("no filter on the server")
	}
	e, ok = announce("x").(kit.ExportMsg)
	if !ok || e.Read.Scan == nil || e.Read.Scan.FilterExpression != "#n0 >= :v0" || e.Read.Scan.ExpressionAttributeNames["#n0"] != "n" ||
		e.What != "the items of table Big where n >= 190" {
		t.Fatalf("x with a filter on the server: %#v", e)
	}
	im, ok := announce("I").(kit.ImportMsg)
	if !ok || im.Desc.TableName != "Big" {
		t.Fatalf("I: %#v", im)
	}
}
