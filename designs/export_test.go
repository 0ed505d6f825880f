package designs_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/designs"
	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/model"
)

var exportTime = time.Date(2026, 3, 2, 14, 5, 0, 0, time.UTC)

func openEngine(t *testing.T) *engine.Engine {
	t.Helper()
	e, err := engine.Open(engine.Options{Clock: engine.NewManualClock(exportTime), DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

func load(t *testing.T, e *engine.Engine, params map[string]string, files ...string) {
	t.Helper()
	if _, err := (fixtures.Loader{API: e, Params: params}).Files(context.Background(), files); err != nil {
		t.Fatal(err)
	}
}

func export(t *testing.T, e *engine.Engine, items int) ([]byte, []string) {
	t.Helper()
	b, notes, err := designs.Export(context.Background(), e, designs.ExportOptions{Name: "round trip", Items: items, Now: exportTime})
	if err != nil {
		t.Fatal(err)
	}
	return b, notes
}

// TestExportRoundTrip: a model loaded and exported holds its tables,
// indexes, capacity, facets, declared attributes and items; exporting,
// loading the export into a fresh workspace and exporting again gives the
// same file, byte for byte.
func TestExportRoundTrip(t *testing.T) {
	const src = "testdata/workbench-3.0-music.json"
	e := openEngine(t)
	load(t, e, nil, src)
	first, notes := export(t, e, 100)
	if len(notes) != 0 {
		t.Errorf("notes = %q", notes)
	}
	orig, err := designs.Read(mustRead(t, src), src, designs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	back, err := designs.ReadWorkbench(first, "export.json")
	if err != nil {
		t.Fatalf("the export does not read back: %v\n%s", err, first)
	}
	if back.Version != "3.0" || back.Name != "round trip" {
		t.Errorf("export %q %q", back.Version, back.Name)
	}
	byName := func(d *designs.Design, name string) designs.Table {
		for _, tb := range d.Tables {
			if tb.Input.TableName == name {
				return tb
			}
		}
		t.Fatalf("no table %s", name)
		return designs.Table{}
	}
	for _, ot := range orig.Tables {
		bt := byName(back, ot.Input.TableName)
		if !reflect.DeepEqual(bt.Input, ot.Input) {
			t.Errorf("table %s:\n got  %+v\n want %+v", ot.Input.TableName, bt.Input, ot.Input)
		}
		if !reflect.DeepEqual(bt.Facets, ot.Facets) {
			t.Errorf("table %s facets %+v", ot.Input.TableName, bt.Facets)
		}
		if !reflect.DeepEqual(bt.NonKeyAttributes, ot.NonKeyAttributes) {
			t.Errorf("table %s attributes %+v, want %+v", ot.Input.TableName, bt.NonKeyAttributes, ot.NonKeyAttributes)
		}
		if len(bt.Items) != len(ot.Items) {
			t.Fatalf("table %s: %d items exported, %d loaded", ot.Input.TableName, len(bt.Items), len(ot.Items))
		}
		for _, it := range ot.Items {
			if !slices.ContainsFunc(bt.Items, func(b designs.Item) bool { return model.ItemsEqual(b.Item, it.Item) }) {
				t.Errorf("table %s: item %v was not exported", ot.Input.TableName, it.Item)
			}
		}
	}
	path := filepath.Join(t.TempDir(), "export.json")
	if err := os.WriteFile(path, first, 0o644); err != nil {
		t.Fatal(err)
	}
	fresh := openEngine(t)
	load(t, fresh, nil, path)
	second, _ := export(t, fresh, 100)
	if string(second) != string(first) {
		t.Errorf("the second export differs:\n%s\nfirst:\n%s", second, first)
	}
}

func TestExportItemLimitAndTables(t *testing.T) {
	e := openEngine(t)
	load(t, e, nil, "testdata/workbench-3.0-music.json")
	b, _, err := designs.Export(context.Background(), e, designs.ExportOptions{Items: 2, Tables: []string{"Songs"}, Now: exportTime})
	if err != nil {
		t.Fatal(err)
	}
	d, err := designs.ReadWorkbench(b, "x.json")
	if err != nil {
		t.Fatal(err)
	}
	// Songs came from the Music Library model: the export is named after it.
	if len(d.Tables) != 1 || len(d.Tables[0].Items) != 2 || d.Name != "Music Library" {
		t.Errorf("export: %d tables, %d items, %q", len(d.Tables), len(d.Tables[0].Items), d.Name)
	}
	if !strings.Contains(string(b), `"DateCreated": "Mar 02, 2026, 02:05 PM"`) {
		t.Errorf("date not in Workbench's form:\n%s", b[:300])
	}
	if _, _, err := designs.Export(context.Background(), e, designs.ExportOptions{Tables: []string{"Nope"}}); err == nil || err.Error() != "ResourceNotFoundException: Requested resource not found: Table: Nope not found" {
		t.Errorf("unknown table: %v", err)
	}
}

// TestExportNotes: what a Workbench model cannot hold is named, per table.
func TestExportNotes(t *testing.T) {
	e := openEngine(t)
	load(t, e, map[string]string{"AWS::StackName": "shop"}, "testdata/template.yaml", "testdata/workbench-3.0-music.json", "testdata/workbench-3.0-music.patterns.yaml")
	_, notes := export(t, e, 0)
	want := []string{
		"table Songs: 5 saved access patterns (a Workbench model cannot hold it)",
		"table customers: index ByEmail's own throughput (3 RCU, 2 WCU; a model gives every index the table's) (a Workbench model cannot hold it)",
		"table customers: its stream (NEW_AND_OLD_IMAGES) (a Workbench model cannot hold it)",
		"table customers: its table class STANDARD_INFREQUENT_ACCESS (a Workbench model cannot hold it)",
		"table shop-orders-dev: 1 tags (a Workbench model cannot hold it)",
		"table shop-orders-dev: index ByStatus's own throughput (3 RCU, 1 WCU; a model gives every index the table's) (a Workbench model cannot hold it)",
		"table shop-orders-dev: its stream (NEW_IMAGE) (a Workbench model cannot hold it)",
		"table shop-orders-dev: local secondary indexes [ByTotal] (a Workbench model cannot hold it)",
		"table shop-orders-dev: time to live on expiresAt (a Workbench model cannot hold it)",
		"table counters: 1 tags (a Workbench model cannot hold it)",
	}
	for _, w := range want {
		if !slices.Contains(notes, w) {
			t.Errorf("notes lack %q; notes:\n%s", w, strings.Join(notes, "\n"))
		}
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
