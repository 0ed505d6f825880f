package items

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
	"github.com/dynoscope/dynoscope/ui/uitest/host"
)

// A model's facets are views of the table in 2 Items: v goes through all
// items, then each facet; a view shows only the items of the facet's
// shape, its key columns headed by the facet's aliases and its attributes
// in the model's order.
func TestItemsFacetViews(t *testing.T) {
	eng := uitest.MusicEngine(t, true)
	m := newBed(t, eng, 120, 40, 0)
	m.browse("Songs", "")
	it := m.it
	if it.Facet() != "" || len(it.Rows()) != 5 {
		t.Fatalf("all items: facet %q, %d rows", it.Facet(), len(it.Rows()))
	}
	if !strings.Contains(m.Flat(), "views: [all items] · SongDetails · Downloads · MonthlyDownloads v/V") {
		t.Errorf("the views are not named:\n%s", m.Text())
	}
	key := func(it model.Item) string { return it["Id"].S + "/" + it["Metadata"].S }
	for _, v := range []struct {
		press, facet string
		rows         []string
		header       []string
	}{
		// in scan order: Id's hash puts song 2 first
		{"v", "SongDetails", []string{"2/Details", "1/Details"},
			[]string{"SongId", "Metadata ▲", "Title", "Artist", "TotalDownloads"}},
		{"v", "Downloads", []string{"1/Download#0001", "1/Download#0002"},
			[]string{"SongId", "DownloadId ▲", "DownloadTimestamp"}},
		{"v", "MonthlyDownloads", []string{"1/Month#2026-01"},
			[]string{"SongId", "Month ▲", "DownloadMonth", "TotalDownloadsInMonth"}},
		{"v", "", []string{"2/Details", "1/Details", "1/Download#0001", "1/Download#0002", "1/Month#2026-01"},
			[]string{"Id", "Metadata ▲", "Artist"}},
		{"V", "MonthlyDownloads", []string{"1/Month#2026-01"},
			[]string{"SongId", "Month ▲", "DownloadMonth", "TotalDownloadsInMonth"}},
	} {
		m.Press(v.press)
		if it.Facet() != v.facet {
			t.Fatalf("%s shows facet %q, want %q", v.press, it.Facet(), v.facet)
		}
		var got []string
		for _, r := range it.Rows() {
			got = append(got, key(r))
		}
		if strings.Join(got, " ") != strings.Join(v.rows, " ") {
			t.Errorf("facet %q: rows %v, want %v", v.facet, got, v.rows)
		}
		if headerWith(m, v.header...) == "" {
			t.Errorf("facet %q: no header %q:\n%s", v.facet, strings.Join(v.header, " │ "), m.Text())
		}
	}
	if !strings.Contains(m.Flat(), "rows 1–1 · MonthlyDownloads: 1 of the 5 items read · page 1 · the whole table read") {
		t.Errorf("the position line of a facet view:\n%s", m.Text())
	}
	if !strings.Contains(m.Flat(), "views: all items · SongDetails · Downloads · [MonthlyDownloads] v/V") {
		t.Errorf("the view shown is not marked:\n%s", m.Text())
	}

	// enter opens the item under the cursor, as in any view (the root
	// opens the item view the pane asks for).
	m.Press("enter")
	if _, ok := host.Last[kit.OpenItemMsg](m.Bed); !ok {
		t.Fatal("enter opens no item")
	}

	// A table whose design names no facets says so.
	m.Select("Artists", "")
	m.Press("v")
	if it.Facet() != "" || !strings.Contains(m.Flat(), "no facet views: this table's design names no facets") {
		t.Errorf("v on a table without facets:\n%s", m.Text())
	}
}

// A facet view reads the table page by page like any browse and keeps, of
// each page, the items of the facet's shape: going down row by row visits
// every one of them once, in scan order, across page boundaries and the
// window's edges.
func TestFacetViewAcrossPages(t *testing.T) {
	eng, err := engine.Open(engine.Options{Clock: engine.NewManualClock(uitest.T0), DisableThrottling: true, DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	ctx := context.Background()
	if _, err := eng.CreateTable(ctx, &model.CreateTableInput{TableName: "Mixed", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{{AttributeName: "PK", KeyType: model.KeyTypeHash}},
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "PK", AttributeType: "S"}}}); err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for i := 0; i < 200; i++ {
		it := model.Item{"PK": model.S(fmt.Sprintf("K%03d", i))}
		if i%7 == 0 {
			it["Rare"] = model.N(fmt.Sprint(i))
			want[it["PK"].S] = true
		} else {
			it["Common"] = model.S("x")
		}
		if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: "Mixed", Item: it}); err != nil {
			t.Fatal(err)
		}
	}
	if err := eng.SetTableDesign("Mixed", engine.TableDesign{Facets: []engine.Facet{{Name: "Rare", PartitionKeyAlias: "RareId",
		NonKeyAttributes: []string{"Rare"}}}}); err != nil {
		t.Fatal(err)
	}
	m := newBed(t, eng, 80, 24, 9)
	m.browse("Mixed", "") // the workspace's only table, selected when it loads
	m.Press("v")
	it := m.it
	if it.Facet() != "Rare" {
		t.Fatalf("facet %q", it.Facet())
	}
	seen := map[string]bool{}
	var order []string
	for i := 0; i < 200; i++ {
		cur, ok := it.Current()
		if !ok {
			t.Fatalf("row %d: no item under the cursor:\n%s", i, m.Text())
		}
		pk := cur["PK"].S
		if _, rare := cur["Rare"]; !rare {
			t.Fatalf("row %d: %s is not of the facet's shape", i, pk)
		}
		if !seen[pk] {
			seen[pk] = true
			order = append(order, pk)
		}
		m.Press("j")
	}
	if len(seen) != len(want) {
		t.Fatalf("the view visited %d items, the table has %d of the facet's shape", len(seen), len(want))
	}
	if headerWith(m, "RareId", "Rare") == "" {
		t.Errorf("header:\n%s", m.Text())
	}
	// the order is the Scan's: the same as the whole table's, filtered
	out, err := eng.Scan(ctx, &model.ScanInput{TableName: "Mixed"})
	if err != nil {
		t.Fatal(err)
	}
	var scan []string
	for _, r := range out.Items {
		if want[r["PK"].S] {
			scan = append(scan, r["PK"].S)
		}
	}
	if strings.Join(order, " ") != strings.Join(scan, " ") {
		t.Errorf("order %v, the Scan's %v", order, scan)
	}
}
