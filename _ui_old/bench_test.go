package ui

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// countingAPI counts the Scan calls and the items they return.
type countingAPI struct {
	engine.API
	scans, items atomic.Int64
}

func (c *countingAPI) Scan(ctx context.Context, in *model.ScanInput) (*model.ScanOutput, error) {
	out, err := c.API.Scan(ctx, in)
	c.scans.Add(1)
	if out != nil {
		c.items.Add(int64(len(out.Items)))
	}
	return out, err
}

// bigTable creates table "Big" with n items (id S, a few attributes).
func bigTable(tb testing.TB, n int) *engine.Engine {
	tb.Helper()
	eng, err := engine.Open(engine.Options{Clock: engine.NewManualClock(t0), DisableThrottling: true, DisableTTLSweeper: true})
	if err != nil {
		tb.Fatal(err)
	}
	ctx := context.Background()
	_, err = eng.CreateTable(ctx, &model.CreateTableInput{TableName: "Big", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{{AttributeName: "id", KeyType: model.KeyTypeHash}},
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "id", AttributeType: "S"}}})
	if err != nil {
		tb.Fatal(err)
	}
	for i := 0; i < n; i += 25 {
		var w []model.WriteRequest
		for j := i; j < i+25 && j < n; j++ {
			w = append(w, model.WriteRequest{PutRequest: &model.PutRequest{Item: model.Item{
				"id": model.S(fmt.Sprintf("item-%07d", j)), "n": model.N(fmt.Sprint(j)),
				"name": model.S(fmt.Sprintf("name %d", j)), "tags": model.SS("a", "b"), "ok": model.Bool(j%2 == 0)}}})
		}
		if _, err := eng.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"Big": w}}); err != nil {
			tb.Fatal(err)
		}
	}
	return eng
}

var (
	millionOnce sync.Once
	million     *engine.Engine
)

// millionTable is "Big" with 1,000,000 items, built once per test binary.
func millionTable(tb testing.TB) *engine.Engine {
	millionOnce.Do(func() { million = bigTable(tb, 1_000_000) })
	return million
}

// openBig returns a model browsing Big in the items pane at 120x40.
func openBig(tb testing.TB, api engine.API) *Model {
	m := newTestModel(tb, api, 120, 40)
	press(tb, m, "2")
	if m.items.tg.table() != "Big" {
		tb.Fatalf("items pane on %q", m.items.tg.table())
	}
	return m
}

// TestItemsPaneReadsAScreenful: opening a table reads one Scan page (50
// items, under two screenfuls at 120x40); scrolling reads page after page
// and keeps at most three in memory; going back to the top reads page one
// again instead of having kept everything.
func TestItemsPaneReadsAScreenful(t *testing.T) {
	eng := bigTable(t, 20_000)
	defer eng.Close()
	api := &countingAPI{API: eng}
	m := openBig(t, api)
	if s, n := api.scans.Load(), api.items.Load(); s != 1 || n != 50 {
		t.Fatalf("opening read %d items in %d Scans, want 50 in 1", n, s)
	}
	if screen := m.items.rowsOnScreen(); 50 > 2*screen {
		t.Fatalf("a page of 50 is more than two screenfuls of %d rows", screen)
	}
	for i := 0; i < 200; i++ { // 200 pages down: ~6,000 rows
		press(t, m, "pgdown")
	}
	p := &m.items
	if len(p.pages) > maxWindowPages || p.windowRows() > maxWindowPages*50 {
		t.Fatalf("window holds %d pages, %d rows", len(p.pages), p.windowRows())
	}
	row := p.cursor
	if row < 5000 {
		t.Fatalf("cursor at row %d after 200 page downs", row)
	}
	// every page read once, plus the one ahead
	if s, want := api.scans.Load(), int64(row/50+2); s > want {
		t.Fatalf("%d Scans to reach row %d, want at most %d", s, row, want)
	}
	it, _ := p.current()
	if got := keyText(it, "id"); got == "" {
		t.Fatal("no item under the cursor")
	}
	before := api.scans.Load()
	press(t, m, "g")
	if p.cursor != 0 || p.first != 0 || api.scans.Load() != before+1 {
		t.Fatalf("g: cursor %d first page %d scans %d→%d", p.cursor, p.first, before, api.scans.Load())
	}
}

// BenchmarkItemsPaneView draws the items pane over a 1,000,000-item table
// at 120x40; it reports the Scans and items read to open the table.
func BenchmarkItemsPaneView(b *testing.B) {
	eng := millionTable(b)
	api := &countingAPI{API: eng}
	m := openBig(b, api)
	scans, items := api.scans.Load(), api.items.Load()
	if c, _ := eng.DescribeTable(context.Background(), &model.DescribeTableInput{TableName: "Big"}); c.Table.ItemCount != 1_000_000 {
		b.Fatalf("Big has %d items", c.Table.ItemCount)
	}
	b.ResetTimer()
	for b.Loop() {
		_ = m.View()
	}
	b.ReportMetric(float64(scans), "scans-to-open")
	b.ReportMetric(float64(items), "items-read-to-open")
}

// BenchmarkItemsPaneScroll moves the cursor one row and draws a frame, over
// the 1,000,000-item table; the Scans it causes (one per 50 rows) run
// synchronously inside the loop.
func BenchmarkItemsPaneScroll(b *testing.B) {
	eng := millionTable(b)
	m := openBig(b, eng)
	b.ResetTimer()
	for b.Loop() {
		press(b, m, "j")
		_ = m.View()
	}
	b.ReportMetric(float64(len(m.items.pages)), "pages-in-memory")
}
