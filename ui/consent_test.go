package ui

import (
	"context"

	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
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

// On a saved workspace a jump that expires items asks first, naming how
// many; n leaves the clock; y jumps. Jumps that expire nothing, and jumps
// on a workspace in memory, do not ask.
func TestClockJumpPastExpiryAsks(t *testing.T) {
	eng, clk := liveEngine(t, "messages-ttl")
	m := newFileModel(t, eng, "work.db", 120, 40)
	start := clk.Now()
	far := start.Add(500 * 7 * 24 * time.Hour)
	effects, err := eng.TTLJumpEffects(far)
	if err != nil || len(effects) == 0 {
		t.Fatalf("effects %v %v", effects, err)
	}
	press(t, m, ">", "500w", "enter")
	if m.modal == nil {
		t.Fatalf("a jump of 500w did not ask:\n%s", screen(m))
	}
	s := flat(m)
	for _, ef := range effects {
		want := ef.Table + ": " + kit.NItems(ef.Expire) + " expire (the first at " + ef.Earliest.UTC().Format("2006-01-02 15:04:05") + ")"
		if !strings.Contains(s, want) {
			t.Errorf("the question lacks %q:\n%s", want, screen(m))
		}
	}
	if !strings.Contains(s, "This moves the clock of work.db to "+far.UTC().Format("2006-01-02 15:04:05")+", and it cannot move back.") {
		t.Errorf("the question does not name the file and the time:\n%s", screen(m))
	}
	press(t, m, "n")
	if !clk.Now().Equal(start) || m.modal != nil {
		t.Fatalf("n: clock %v, modal %v", clk.Now(), m.modal != nil)
	}
	press(t, m, ">", "500w", "enter", "y")
	if !clk.Now().Equal(far) {
		t.Fatalf("y: clock at %v, want %v", clk.Now(), far)
	}
	// Nothing is pending now: a minute more jumps without a word.
	if ef, _ := eng.TTLJumpEffects(clk.Now().Add(time.Minute)); len(ef) != 0 {
		t.Fatalf("still pending: %+v", ef)
	}
	press(t, m, "]")
	if m.modal != nil || !clk.Now().Equal(far.Add(time.Minute)) {
		t.Fatalf("]: modal %v clock %v", m.modal != nil, clk.Now())
	}

	// In memory nothing is asked.
	eng2, clk2 := liveEngine(t, "messages-ttl")
	m2 := newTestModel(t, eng2, 120, 40)
	before := clk2.Now()
	press(t, m2, ">", "500w", "enter")
	if m2.modal != nil || !clk2.Now().Equal(before.Add(500*7*24*time.Hour)) {
		t.Fatalf("memory: modal %v, clock %v", m2.modal != nil, clk2.Now())
	}
}
