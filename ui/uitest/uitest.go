// Package uitest is what the explorer's component tests share: an
// in-memory engine on a manual clock with the demo data sets, key presses
// as the terminal sends them, and Drive, which runs a component's commands
// synchronously and hands their messages back to it, so a test asserts on
// the component's state and View after each key (model-level Update tests,
// no program running). Only tests import it.
package uitest

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// T0 is the fixed engine time of every UI test.
var T0 = time.Date(2026, 11, 22, 10, 41, 7, 0, time.UTC)

// DemoEngine opens an in-memory engine on a manual clock at T0 with the
// named demo data sets loaded (none named: all of them). Throttling and the
// TTL sweeper are off so nothing depends on time passing.
func DemoEngine(t testing.TB, names ...string) *engine.Engine {
	t.Helper()
	eng, err := engine.Open(engine.Options{Clock: engine.NewManualClock(T0), DisableThrottling: true, DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	if names == nil {
		names = fixtures.Names()
	}
	if _, err := fixtures.LoadAll(context.Background(), eng, names); err != nil {
		t.Fatalf("load %v: %v", names, err)
	}
	return eng
}

// special are the key names Keys knows, as the terminal sends them.
var special = map[string]tea.KeyPressMsg{
	"enter": {Code: tea.KeyEnter}, "esc": {Code: tea.KeyEscape}, "tab": {Code: tea.KeyTab},
	"shift+tab": {Code: tea.KeyTab, Mod: tea.ModShift}, "up": {Code: tea.KeyUp}, "down": {Code: tea.KeyDown},
	"left": {Code: tea.KeyLeft}, "right": {Code: tea.KeyRight}, "space": {Code: tea.KeySpace, Text: " "},
	"backspace": {Code: tea.KeyBackspace}, "pgdown": {Code: tea.KeyPgDown}, "pgup": {Code: tea.KeyPgUp},
	"home": {Code: tea.KeyHome}, "end": {Code: tea.KeyEnd},
	"ctrl+c": {Code: 'c', Mod: tea.ModCtrl}, "ctrl+u": {Code: 'u', Mod: tea.ModCtrl}, "ctrl+r": {Code: 'r', Mod: tea.ModCtrl},
	"ctrl+o": {Code: 'o', Mod: tea.ModCtrl}, "ctrl+p": {Code: 'p', Mod: tea.ModCtrl}, "ctrl+n": {Code: 'n', Mod: tea.ModCtrl},
	"ctrl+s": {Code: 's', Mod: tea.ModCtrl}, "delete": {Code: tea.KeyDelete},
}

// Rune is the key press of a printable character, as v2's input reader
// makes it (an upper-case letter is shift and the letter).
func Rune(r rune) tea.KeyPressMsg {
	k := tea.KeyPressMsg{Code: r, Text: string(r)}
	if r == ' ' {
		k.Code = tea.KeySpace
	}
	if unicode.IsUpper(r) {
		k.Code, k.ShiftedCode, k.Mod = unicode.ToLower(r), r, tea.ModShift
	}
	return k
}

// Keys are the key presses of names: a special key's name ("enter",
// "ctrl+u"), or any other string as typed characters, one key each.
func Keys(names ...string) []tea.KeyPressMsg {
	var out []tea.KeyPressMsg
	for _, n := range names {
		if k, ok := special[n]; ok {
			out = append(out, k)
			continue
		}
		for _, r := range n {
			out = append(out, Rune(r))
		}
	}
	return out
}

// Updater is a component: a pane, the clock, a form.
type Updater interface{ Update(tea.Msg) tea.Cmd }

var teaPkg = reflect.TypeOf(tea.BatchMsg{}).PkgPath()

// Drive runs cmd and every command the messages it returns cause, handing
// each message to c, until nothing is left; the engine calls happen here,
// synchronously, in order. It returns every message c was handed (the
// typed messages a component sends the root among them).
func Drive(t testing.TB, c Updater, cmd tea.Cmd) []tea.Msg {
	t.Helper()
	var seen []tea.Msg
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 20000 {
			t.Fatal("commands do not settle")
		}
		next := queue[0]
		queue = queue[1:]
		if next == nil {
			continue
		}
		switch msg := next().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(append([]tea.Cmd{}, msg...), queue...)
		default:
			if reflect.TypeOf(msg).PkgPath() == teaPkg {
				continue
			}
			seen = append(seen, msg)
			queue = append([]tea.Cmd{c.Update(msg)}, queue...)
		}
	}
	return seen
}

// Press hands c each key of names (as Keys makes them) and drives what
// each causes; it returns every message c was handed after the keys.
func Press(t testing.TB, c Updater, names ...string) []tea.Msg {
	t.Helper()
	var seen []tea.Msg
	for _, k := range Keys(names...) {
		seen = append(seen, Drive(t, c, c.Update(k))...)
	}
	return seen
}

// Tables are the tables of api as the sidebar has them (kit.DescribeAll).
func Tables(t testing.TB, api engine.API) []kit.TableInfo {
	t.Helper()
	tables, err := kit.DescribeAll(api)
	if err != nil {
		t.Fatal(err)
	}
	return tables
}

// Target is table (and index, "" for none) of api as the sidebar hands it
// to the panes: the target and its table's info.
func Target(t testing.TB, api engine.API, table, index string) (kit.Target, *kit.TableInfo) {
	t.Helper()
	for _, ti := range Tables(t, api) {
		if ti.Desc.TableName == table {
			return kit.Target{Desc: ti.Desc, Index: index}, &ti
		}
	}
	t.Fatalf("no table %s", table)
	return kit.Target{}, nil
}

// LiveEngine is DemoEngine with throttling on, and its manual clock.
func LiveEngine(t testing.TB, names ...string) (*engine.Engine, *engine.VirtualClock) {
	t.Helper()
	eng := DemoEngine(t, names...)
	eng.SetThrottling(true)
	return eng, eng.Clock().(*engine.VirtualClock)
}

// TTLStory moves the clock of the demo workspace past the expiry of
// Messages' expired items and sweeps (three deletions there, one in
// schema-demo), then to ten seconds after the parcel message expired:
// every state of the TTL and Stream panes at once.
func TTLStory(t testing.TB, eng *engine.Engine, clk *engine.VirtualClock) {
	t.Helper()
	clk.Advance(time.Minute)
	if n := eng.SweepTTL(); n != 4 {
		t.Fatalf("swept %d items, want 4", n)
	}
	clk.Advance(29*time.Minute + 10*time.Second)
}

// GetItem reads an item of table by its key (strongly consistent): nil
// when there is none.
func GetItem(t testing.TB, api engine.API, table string, key model.Item) model.Item {
	t.Helper()
	yes := true
	out, err := api.GetItem(context.Background(), &model.GetItemInput{TableName: table, Key: key, ConsistentRead: &yes})
	if err != nil {
		t.Fatal(err)
	}
	return out.Item
}

// Snapshot is every item of every table of api, as DynamoDB JSON.
func Snapshot(t testing.TB, api engine.API) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	tables, err := api.ListTables(context.Background(), &model.ListTablesInput{})
	if err != nil {
		t.Fatal(err)
	}
	yes := true
	for _, n := range tables.TableNames {
		res, err := api.Scan(context.Background(), &model.ScanInput{TableName: n, ConsistentRead: &yes})
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range res.Items {
			out[n] = append(out[n], string(model.AppendItemJSON(nil, it)))
		}
	}
	return out
}

// SameSnapshot fails when two snapshots differ.
func SameSnapshot(t testing.TB, before, after map[string][]string) {
	t.Helper()
	if len(before) != len(after) {
		t.Fatalf("tables changed: %d → %d", len(before), len(after))
	}
	for n, items := range before {
		if strings.Join(items, "\n") != strings.Join(after[n], "\n") {
			t.Fatalf("%s changed: %d items → %d", n, len(items), len(after[n]))
		}
	}
}

// CartWithLeftOuts is the composite-sort-keys data set with two items
// PositionIndex leaves out: a profile without Section, Status and Position,
// and a line without Position.
func CartWithLeftOuts(t testing.TB) *engine.Engine {
	t.Helper()
	eng := DemoEngine(t, "composite-sort-keys")
	for _, it := range []model.Item{
		{"UserID": model.S("u-1001"), "SK": model.S("PROFILE"), "Name": model.S("Ana")},
		{"UserID": model.S("u-1003"), "SK": model.S("CART#ACTIVE#p-0001"), "Section": model.S("CART"), "Status": model.S("ACTIVE"),
			"LineKey": model.S("CART#ACTIVE#")},
	} {
		if _, err := eng.PutItem(context.Background(), &model.PutItemInput{TableName: "CartLines", Item: it}); err != nil {
			t.Fatal(err)
		}
	}
	return eng
}

func i64(v int64) *int64 { return &v }

// OrdersTable makes an on-demand table Orders with OnDemandThroughput
// maxima (1 RRU, 10 WRU a second) and a warm throughput, and a GSI
// ByTenant whose key has two partition attributes (Tenant, Region) and a
// sort attribute (OrderDate), with a write maximum of its own (5 WRU).
func OrdersTable(t testing.TB, eng *engine.Engine) {
	t.Helper()
	_, err := eng.CreateTable(context.Background(), &model.CreateTableInput{
		TableName: "Orders", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{{AttributeName: "id", KeyType: "HASH"}},
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "id", AttributeType: "S"},
			{AttributeName: "Tenant", AttributeType: "S"}, {AttributeName: "Region", AttributeType: "S"}, {AttributeName: "OrderDate", AttributeType: "S"}},
		OnDemandThroughput: &model.OnDemandThroughput{MaxReadRequestUnits: i64(1), MaxWriteRequestUnits: i64(10)},
		WarmThroughput:     &model.WarmThroughput{ReadUnitsPerSecond: i64(15000), WriteUnitsPerSecond: i64(5000)},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "ByTenant",
			KeySchema: []model.KeySchemaElement{{AttributeName: "Tenant", KeyType: "HASH"}, {AttributeName: "Region", KeyType: "HASH"},
				{AttributeName: "OrderDate", KeyType: "RANGE"}},
			Projection:         model.Projection{ProjectionType: model.ProjectionAll},
			OnDemandThroughput: &model.OnDemandThroughput{MaxWriteRequestUnits: i64(5)}}},
	})
	if err != nil {
		t.Fatal(err)
	}
}
