package engine

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

func TestFacetMatches(t *testing.T) {
	f := Facet{Name: "Song", NonKeyAttributes: []string{"Title", "Artist"}}
	keys := []string{"Id", "Metadata"}
	for _, tc := range []struct {
		name string
		item model.Item
		want bool
	}{
		{"all attributes", model.Item{"Id": model.S("1"), "Metadata": model.S("D"), "Title": model.S("t"), "Artist": model.S("a")}, true},
		{"some attributes", model.Item{"Id": model.S("1"), "Metadata": model.S("D"), "Title": model.S("t")}, true},
		{"keys only", model.Item{"Id": model.S("1"), "Metadata": model.S("D")}, true},
		{"other attribute", model.Item{"Id": model.S("1"), "Metadata": model.S("D"), "DownloadMonth": model.S("2020-01")}, false},
		{"key missing", model.Item{"Id": model.S("1"), "Title": model.S("t")}, false},
	} {
		if got := f.Matches(tc.item, keys); got != tc.want {
			t.Errorf("%s: Matches = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestTableDesignKeptWithTable sets a design, finds it after a reopen,
// never in DescribeTable, and gone with the table.
func TestTableDesignKeptWithTable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ws.db")
	open := func() *Engine {
		e, err := Open(Options{Path: path, Sync: SyncAlways, Clock: NewManualClock(testStart), DisableTTLSweeper: true})
		mustOK(t, err)
		return e
	}
	e := open()
	createSimple(t, e, "Songs", "sk", "S")
	d := TableDesign{
		Facets:   []Facet{{Name: "Song", PartitionKeyAlias: "SongId", SortKeyAlias: "Metadata", NonKeyAttributes: []string{"Title"}}, {Name: "Download"}},
		Patterns: []json.RawMessage{json.RawMessage(`{"Name":"get song"}`)},
	}
	mustOK(t, e.SetTableDesign("Songs", d))
	got, err := e.TableDesign("Songs")
	mustOK(t, err)
	if !reflect.DeepEqual(got, d) {
		t.Fatalf("design = %+v, want %+v", got, d)
	}
	got.Facets[0].NonKeyAttributes[0] = "changed"
	if again, _ := e.TableDesign("Songs"); again.Facets[0].NonKeyAttributes[0] != "Title" {
		t.Fatal("TableDesign returned the stored design, not a copy")
	}
	// UpdateTable keeps it.
	_, err = e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "Songs", BillingMode: model.BillingProvisioned,
		ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: i64(5), WriteCapacityUnits: i64(5)}})
	mustOK(t, err)
	desc, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Songs"})
	mustOK(t, err)
	raw, _ := json.Marshal(desc)
	if strings.Contains(string(raw), "Facet") || strings.Contains(string(raw), "get song") {
		t.Fatalf("DescribeTable shows the design: %s", raw)
	}
	mustOK(t, e.Close())

	e = open()
	defer e.Close()
	got, err = e.TableDesign("Songs")
	mustOK(t, err)
	if !reflect.DeepEqual(got, d) {
		t.Fatalf("design after reopen = %+v, want %+v", got, d)
	}
	mustOK(t, e.SetTableDesign("Songs", TableDesign{}))
	if got, _ := e.TableDesign("Songs"); !reflect.DeepEqual(got, TableDesign{}) {
		t.Fatalf("design after clearing = %+v", got)
	}
	mustOK(t, e.SetTableDesign("Songs", d))
	_, err = e.DeleteTable(ctx, &model.DeleteTableInput{TableName: "Songs"})
	mustOK(t, err)
	createSimple(t, e, "Songs", "", "")
	if got, _ := e.TableDesign("Songs"); !reflect.DeepEqual(got, TableDesign{}) {
		t.Fatalf("a new table of the same name has design %+v", got)
	}
}

func TestTableDesignRefused(t *testing.T) {
	e, _ := newTestEngine(t)
	createSimple(t, e, "Tab", "", "")
	for _, tc := range []struct {
		name  string
		table string
		d     TableDesign
		want  string
	}{
		{"no table", "Nope", TableDesign{}, "Requested resource not found: Table: Nope not found"},
		{"nameless facet", "Tab", TableDesign{Facets: []Facet{{}}}, "a facet needs a name"},
		{"two facets one name", "Tab", TableDesign{Facets: []Facet{{Name: "A"}, {Name: "A"}}}, "two facets are named A"},
		{"pattern not JSON", "Tab", TableDesign{Patterns: []json.RawMessage{json.RawMessage(`{`)}}, "a saved pattern is not JSON"},
	} {
		err := e.SetTableDesign(tc.table, tc.d)
		if err == nil || !strings.HasSuffix(err.Error(), tc.want) {
			t.Errorf("%s: error = %v, want %q", tc.name, err, tc.want)
		}
	}
	if _, err := e.TableDesign("Nope"); err == nil {
		t.Error("TableDesign of a missing table: no error")
	}
}

// TestTableDesignTakenBackWithLoad: a design set on a table a load created
// goes with the table when the load is taken back.
func TestTableDesignTakenBackWithLoad(t *testing.T) {
	e, _ := newTestEngine(t)
	createSimple(t, e, "Existing", "", "")
	b := e.BeginLoad()
	_, err := b.CreateTable(ctx, &model.CreateTableInput{TableName: "New", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{hk("pk")}, AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S")}})
	mustOK(t, err)
	mustOK(t, b.SetTableDesign("New", TableDesign{Facets: []Facet{{Name: "F"}}}))
	if err := b.SetTableDesign("Existing", TableDesign{Facets: []Facet{{Name: "F"}}}); err == nil || err.Error() != "table Existing was not created by this load" {
		t.Fatalf("design on a table the load did not create: %v", err)
	}
	mustOK(t, b.Abort())
	if _, err := e.TableDesign("New"); err == nil {
		t.Fatal("the table of an aborted load is still there")
	}
	if err := b.SetTableDesign("New", TableDesign{}); err == nil || err.Error() != "the load has ended" {
		t.Fatalf("design after the load ended: %v", err)
	}
}
