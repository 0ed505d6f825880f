package capacity

import (
	"context"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
	"github.com/dynoscope/dynoscope/ui/uitest/host"
)

// newFileBed is newBed for a workspace saved in file.
func newFileBed(t *testing.T, api engine.API, file string, w, h int) *bed {
	t.Helper()
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), api, file, false)
	t.Cleanup(p.Close)
	pw, ph := uitest.PaneSize(w, h)
	return &bed{Bed: host.New(t, p, api, pw, ph), p: p}
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

// T asks before writing into a user's table, naming the table, the
// workspace file and the rate; n changes nothing; after y, x removes
// exactly the generated items.
func TestTrafficIntoUserTableAsksAndIsRemovable(t *testing.T) {
	manualTraffic(t)
	eng, clk := uitest.LiveEngine(t, "messages-ttl")
	m := newFileBed(t, eng, "work.db", 120, 40)
	before := itemsOf(t, eng, "Messages")
	m.browse("Messages")
	m.Press("T")
	if m.Question == nil {
		t.Fatalf("T did not ask:\n%s", m.Text())
	}
	s := m.Flat()
	for _, want := range []string{"Write 1,500 items a second (votes on one contestant) into Messages, in the workspace file work.db",
		"x removes exactly these items again"} {
		if !strings.Contains(s, want) {
			t.Fatalf("the question lacks %q:\n%s", want, m.Text())
		}
	}
	m.Press("n")
	if _, on := m.p.Traffic(); m.Question != nil || on {
		t.Fatal("n did not cancel")
	}
	m.Press("T", "y")
	if tr := m.p.Running(); m.Question != nil || tr == nil || tr.Workload().Table != "Messages" {
		t.Fatalf("y did not start traffic on Messages:\n%s", m.Text())
	}
	stepTraffic(t, m.p, clk, 2)
	if n := len(itemsOf(t, eng, "Messages")); n <= len(before) {
		t.Fatalf("no generated items in Messages (%d)", n)
	}
	m.Press("x")
	after := itemsOf(t, eng, "Messages")
	if len(after) != len(before) {
		t.Fatalf("after x: %d items, want %d", len(after), len(before))
	}
	for i := range before {
		if !kit.SameItem(before[i], after[i]) {
			t.Fatalf("item %d changed: %v → %v", i, before[i], after[i])
		}
	}
	if _, on := m.p.Traffic(); on {
		t.Fatal("x left the traffic running")
	}
	if !strings.Contains(m.Flash, "the traffic generator wrote into Messages") {
		t.Fatalf("status %q", m.Flash)
	}
}
