package items

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

var t0 = time.Date(2026, 11, 22, 10, 41, 7, 0, time.UTC)

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

// drive runs a command and what follows from it, handing each message to
// the pane, until nothing is left; stop ends it early (it is asked before
// each message).
func drive(p *Model, cmd tea.Cmd, stop func() bool) {
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		if stop != nil && stop() {
			return
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(append([]tea.Cmd{}, msg...), queue...)
		default:
			queue = append([]tea.Cmd{p.Update(msg)}, queue...)
		}
	}
}

// key is the key press of a printable character or a named key.
func keyPress(s string) tea.KeyPressMsg {
	switch s {
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	}
	r := []rune(s)[0]
	if r >= 'A' && r <= 'Z' {
		return tea.KeyPressMsg{Code: r + 'a' - 'A', ShiftedCode: r, Mod: tea.ModShift, Text: s}
	}
	return tea.KeyPressMsg{Code: r, Text: s}
}

// press hands keys to the pane and runs what they cause.
func press(p *Model, keys ...string) {
	for _, k := range keys {
		drive(p, p.Update(keyPress(k)), nil)
	}
}

// openTable returns the pane browsing table at 88x35 (the pane of a
// 120x40 screen).
func openTable(tb testing.TB, api engine.API, table string, pageSize int) *Model {
	tb.Helper()
	d, err := api.DescribeTable(context.Background(), &model.DescribeTableInput{TableName: table})
	if err != nil {
		tb.Fatal(err)
	}
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), api, pageSize)
	p.SetSize(88, 35)
	p.SetShown(true)
	drive(p, p.SetTarget(kit.TableTarget(d.Table), nil), nil)
	return p
}

// TestItemsPaneReadsAScreenful: opening a table reads one Scan page (50
// items, under two screenfuls at 120x40); scrolling reads page after page
// and keeps at most three in memory; going back to the top reads page one
// again instead of having kept everything.
func TestItemsPaneReadsAScreenful(t *testing.T) {
	eng := bigTable(t, 20_000)
	defer eng.Close()
	api := &countingAPI{API: eng}
	p := openTable(t, api, "Big", 0)
	if s, n := api.scans.Load(), api.items.Load(); s != 1 || n != 50 {
		t.Fatalf("opening read %d items in %d Scans, want 50 in 1", n, s)
	}
	if screen := p.rowsOnScreen(); 50 > 2*screen {
		t.Fatalf("a page of 50 is more than two screenfuls of %d rows", screen)
	}
	for i := 0; i < 200; i++ { // 200 pages down: ~6,000 rows
		press(p, "pgdown")
	}
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
	if it, _ := p.Current(); kit.KeyText(it, "id") == "" {
		t.Fatal("no item under the cursor")
	}
	before := api.scans.Load()
	press(p, "g")
	if p.cursor != 0 || p.first != 0 || api.scans.Load() != before+1 {
		t.Fatalf("g: cursor %d first page %d scans %d→%d", p.cursor, p.first, before, api.scans.Load())
	}
}

// G reads page after page to the end of the table, saying how far it has
// come, in constant memory, and lands on the last item; esc stops it where
// it is. (Before, G went to the last row loaded: one page down.)
func TestItemsPaneGReadsToTheEnd(t *testing.T) {
	eng := bigTable(t, 1_234)
	defer eng.Close()
	api := &countingAPI{API: eng}
	p := openTable(t, api, "Big", 0)
	var progress string
	cmd := p.Update(keyPress("G"))
	if !p.toEnd {
		t.Fatal("G did not start reading to the end")
	}
	drive(p, cmd, func() bool {
		if p.toEnd && progress == "" && p.offset(p.first)+p.windowRows() > 300 {
			progress = ansi.Strip(p.View())
		}
		return false
	})
	if !strings.Contains(progress, "reading to the end: page") || !strings.Contains(progress, "esc stops") {
		t.Fatalf("no progress while reading:\n%s", progress)
	}
	if p.toEnd || len(p.pages) > maxWindowPages {
		t.Fatalf("after G: reading %v, %d pages in memory", p.toEnd, len(p.pages))
	}
	if p.cursor != 1_233 || !p.atEnd || p.more() {
		t.Fatalf("after G: cursor on row %d (end %v), want the last of 1,234", p.cursor, p.atEnd)
	}
	if v := ansi.Strip(p.View()); !strings.Contains(v, "end of table") || !strings.Contains(v, "of 1,234") {
		t.Fatalf("at the end:\n%s", v)
	}
	// esc stops a read to the end where it is.
	p = openTable(t, api, "Big", 0)
	cmd = p.Update(keyPress("G"))
	n := 0
	drive(p, cmd, func() bool {
		if n++; n == 6 {
			p.Update(keyPress("esc"))
		}
		return false
	})
	if p.toEnd || p.atEnd || p.cursor >= 1_233 {
		t.Fatalf("esc did not stop: reading %v, at the end %v, row %d", p.toEnd, p.atEnd, p.cursor)
	}
}

// The pane follows the engine: a write to the table it shows reads the
// pages on screen again, the cursor staying on its row; r does the same
// by hand. (Before, the pane kept showing what it read first: a header of
// 8,561 items over 10 loaded rows.)
func TestItemsPaneFollowsWrites(t *testing.T) {
	eng := bigTable(t, 120)
	defer eng.Close()
	p := openTable(t, eng, "Big", 0)
	press(p, "j", "j", "j")
	cur, _ := p.Current()
	ctx := context.Background()
	// Someone else changes the item under the cursor and adds one.
	if _, err := eng.UpdateItem(ctx, &model.UpdateItemInput{TableName: "Big", Key: kit.KeyOf(cur, "id"),
		UpdateExpression: "SET #n = :v", ExpressionAttributeNames: map[string]string{"#n": "name"},
		ExpressionAttributeValues: map[string]model.AttributeValue{":v": model.S("changed meanwhile")}}); err != nil {
		t.Fatal(err)
	}
	ev := engine.Event{Kind: engine.EventRequest, Table: "Big", Request: &engine.RequestRecord{Action: "UpdateItem", Table: "Big"}}
	drive(p, p.Events([]engine.Event{ev}), nil)
	if got, _ := p.Current(); got["name"].S != "changed meanwhile" || p.cursor != 3 {
		t.Fatalf("after the write: cursor %d on %v", p.cursor, got)
	}
	// A read of another table changes nothing.
	other := engine.Event{Kind: engine.EventRequest, Table: "Other", Request: &engine.RequestRecord{Action: "PutItem", Table: "Other"}}
	if cmd := p.Events([]engine.Event{other}); cmd != nil {
		t.Fatal("a write to another table read the pane again")
	}
	if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: "Big", Item: model.Item{"id": model.S("item-9999999"), "name": model.S("new")}}); err != nil {
		t.Fatal(err)
	}
	d, _ := eng.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Big"})
	p.SetTarget(kit.TableTarget(d.Table), nil) // the fresh description, as the root hands it on
	press(p, "r")
	if v := ansi.Strip(p.View()); !strings.Contains(v, "121 items") {
		t.Fatalf("after r the header does not count the new item:\n%s", v)
	}
	found := false
	for _, it := range p.Rows() {
		found = found || it["id"].S == "item-9999999"
	}
	if !found && p.more() {
		press(p, "G")
		for _, it := range p.Rows() {
			found = found || it["id"].S == "item-9999999"
		}
	}
	if !found {
		t.Fatal("the new item is not in the pane")
	}
}

// BenchmarkItemsPaneView draws the items pane over a 1,000,000-item table
// at 120x40; it reports the Scans and items read to open the table.
func BenchmarkItemsPaneView(b *testing.B) {
	eng := millionTable(b)
	api := &countingAPI{API: eng}
	p := openTable(b, api, "Big", 0)
	scans, items := api.scans.Load(), api.items.Load()
	if c, _ := eng.DescribeTable(context.Background(), &model.DescribeTableInput{TableName: "Big"}); c.Table.ItemCount != 1_000_000 {
		b.Fatalf("Big has %d items", c.Table.ItemCount)
	}
	b.ResetTimer()
	for b.Loop() {
		_ = p.View()
	}
	b.ReportMetric(float64(scans), "scans-to-open")
	b.ReportMetric(float64(items), "items-read-to-open")
}

// BenchmarkItemsPaneScroll moves the cursor one row and draws a frame, over
// the 1,000,000-item table; the Scans it causes (one per 50 rows) run
// synchronously inside the loop.
func BenchmarkItemsPaneScroll(b *testing.B) {
	eng := millionTable(b)
	p := openTable(b, eng, "Big", 0)
	b.ResetTimer()
	for b.Loop() {
		press(p, "j")
		_ = p.View()
	}
	b.ReportMetric(float64(len(p.pages)), "pages-in-memory")
}
