package ui

import (
	"context"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// newFileModel is newTestModel for a workspace said to be saved in file.
func newFileModel(t testing.TB, api engine.API, file string, w, h int) *Model {
	t.Helper()
	return newModelWith(t, api, Options{Workspace: "workspace " + file, File: file}, w, h)
}

// itemsOf reads every item of a table (strongly consistent).
func itemsOf(t testing.TB, eng *engine.Engine, table string) []model.Item {
	t.Helper()
	yes := true
	out, err := eng.Scan(context.Background(), &model.ScanInput{TableName: table, ConsistentRead: &yes})
	if err != nil {
		t.Fatal(err)
	}
	return out.Items
}

// Traffic started with Messages selected writes into the generator's own
// table, never into Messages, and shows that table.
func TestTrafficLeavesTheSelectedTableAlone(t *testing.T) {
	manualTraffic(t)
	eng, clk := liveEngine(t, "messages-ttl")
	m := newTestModel(t, eng, 120, 40)
	before := itemsOf(t, eng, "Messages")
	selectInSidebar(t, m, "Messages", "")
	press(t, m, "4", "t")
	stepTraffic(t, m, clk, 3)
	if after := itemsOf(t, eng, "Messages"); len(after) != len(before) {
		t.Fatalf("Messages went from %d to %d items", len(before), len(after))
	}
	if n := len(itemsOf(t, eng, engine.TrafficTable)); n != 1 {
		t.Fatalf("%s holds %d items, want the one hot key", engine.TrafficTable, n)
	}
	if sel := m.ws.sidebar.Selected(); sel.Table() != engine.TrafficTable {
		t.Fatalf("the sidebar is on %q, not the table the traffic writes", sel.Table())
	}
	if !strings.Contains(statusBar(m), "traffic ▶ "+engine.TrafficTable) {
		t.Fatalf("status %q", statusBar(m))
	}
}
