package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// pollWhenDone makes the build watch's next poll wait for the engine's
// background index work instead of a timer, so the test never sleeps.
func pollWhenDone(t *testing.T, eng *engine.Engine) {
	old := forms.BuildTick
	forms.BuildTick = func(_ time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		return func() tea.Msg {
			eng.WaitBackgroundIndexWork()
			return fn(t0)
		}
	}
	t.Cleanup(func() { forms.BuildTick = old })
}

// describe returns a table's description.
func describe(t testing.TB, eng *engine.Engine, table string) *model.TableDescription {
	t.Helper()
	out, err := eng.DescribeTable(context.Background(), &model.DescribeTableInput{TableName: table})
	if err != nil {
		t.Fatal(err)
	}
	return out.Table
}

// loadInto loads demo data sets into an engine.
func loadInto(t *testing.T, eng *engine.Engine, names ...string) {
	t.Helper()
	if _, err := fixtures.LoadAll(context.Background(), eng, names); err != nil {
		t.Fatal(err)
	}
}

// The GSI form sends UpdateTable with the new index and the attribute
// definitions its keys need; the build watch follows the backfill to 100%
// and ACTIVE and lists the items it left out, violations marked; the
// sidebar says ACTIVE as soon as the watch does.
func TestGSIFormCreatesIndexAndWatchesBackfill(t *testing.T) {
	eng, err := engine.Open(engine.Options{Clock: engine.NewManualClock(t0), DisableThrottling: true, DisableTTLSweeper: true, BackfillBatchSize: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	loadInto(t, eng, "schema-demo")
	pollWhenDone(t, eng)
	m := newTestModel(t, eng, 120, 40)
	selectInSidebar(t, m, "schema-demo", "")
	press(t, m, "i")
	if _, ok := m.modal.(*forms.GSIForm); !ok {
		t.Fatalf("i did not open the GSI form:\n%s", screen(m))
	}
	typeIn(t, m, "by-name")
	press(t, m, "tab")
	typeIn(t, m, "name")
	press(t, m, "tab", "tab")
	typeIn(t, m, "admitted") // declared N by animal_type: the type follows
	press(t, m, "tab", "tab", "right")
	if s := flat(m); !strings.Contains(s, "Create by-name (name HASH, admitted RANGE) · projects KEYS_ONLY") {
		t.Fatalf("form:\n%s", screen(m))
	}
	press(t, m, "enter")
	w, ok := m.modal.(*forms.BuildWatch)
	if !ok {
		t.Fatalf("no build watch after creating:\n%s", screen(m))
	}
	if !w.Done() || w.Fraction() != 1 {
		t.Fatalf("the build did not finish: status %s", w.Status())
	}
	s := flat(m)
	for _, want := range []string{"status ACTIVE", "100%", "backfill: 5 of 5 table items read · 1 indexed · 2 skipped (key of the wrong type)",
		"1 of 5 table items is in the index; 4 left out:", "! admitted is S, index wants N", "no admitted"} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, screen(m))
		}
	}
	g := kit.Target{Desc: describe(t, eng, "schema-demo"), Index: "by-name"}.GSI()
	if g == nil || g.IndexStatus != model.StatusActive || g.Projection.ProjectionType != model.ProjectionKeysOnly {
		t.Fatalf("index: %+v", g)
	}
	// The sidebar read the workspace again when the watch saw ACTIVE: it
	// does not say BACKFILLING while the watch says ACTIVE.
	if l := sidebarLine(m, "by-name"); !strings.Contains(l, "GSI 1/5") || strings.Contains(l, "BACKFILLING") {
		t.Fatalf("sidebar: %q", l)
	}
	// o browses the index, on its left-out list
	press(t, m, "o")
	if m.modal != nil || m.pane != paneItems || m.ws.items.Target().Index != "by-name" || !m.ws.items.LeftOutOpen() {
		t.Fatalf("o did not open the left-out list: pane %d target %s", m.pane, m.ws.items.Target().Label())
	}
}

// d on a GSI asks, then deletes it; on an LSI it explains why not.
func TestDeleteGSIAsksFirst(t *testing.T) {
	eng := demoEngine(t, "schema-demo", "forum")
	m := newTestModel(t, eng, 120, 40)
	selectInSidebar(t, m, "Thread", "LastPostIndex")
	press(t, m, "d")
	if m.modal != nil || !strings.Contains(screen(m), "an LSI cannot be deleted") {
		t.Fatalf("d on an LSI:\n%s", screen(m))
	}
	selectInSidebar(t, m, "schema-demo", "gsi")
	press(t, m, "d")
	if m.modal == nil || !strings.Contains(flat(m), "Delete the global secondary index gsi of schema-demo?") {
		t.Fatalf("d did not ask:\n%s", screen(m))
	}
	press(t, m, "esc")
	if len(describe(t, eng, "schema-demo").GlobalSecondaryIndexes) != 2 {
		t.Fatal("deleted on esc")
	}
	press(t, m, "d", "y")
	eng.WaitBackgroundIndexWork()
	for _, g := range describe(t, eng, "schema-demo").GlobalSecondaryIndexes {
		if g.IndexName == "gsi" && g.IndexStatus != model.StatusDeleting {
			t.Fatalf("gsi still %s", g.IndexStatus)
		}
	}
}

// c creates a table from the form and selects it; a name in use gets
// DynamoDB's ResourceInUseException in the form, which goes once the name
// is edited.
func TestCreateTableForm(t *testing.T) {
	eng := demoEngine(t, "schema-demo")
	m := newTestModel(t, eng, 120, 40)
	press(t, m, "c")
	typeIn(t, m, "schema-demo")
	press(t, m, "tab")
	typeIn(t, m, "pk")
	press(t, m, "enter")
	if s := flat(m); !strings.Contains(s, "ResourceInUseException") || !strings.Contains(s, "schema-demo") {
		t.Fatalf("screen:\n%s", screen(m))
	}
	press(t, m, "up") // back to the name
	for range "schema-demo" {
		press(t, m, "backspace")
	}
	if s := flat(m); strings.Contains(s, "ResourceInUseException") {
		t.Fatalf("the error stayed after the name was edited:\n%s", screen(m))
	}
	typeIn(t, m, "Orders")
	press(t, m, "tab", "tab", "tab")
	typeIn(t, m, "OrderDate")
	press(t, m, "tab", "tab", "right", "tab")
	press(t, m, "backspace")
	typeIn(t, m, "10")
	press(t, m, "tab", "tab", "right", "enter")
	if m.modal != nil {
		t.Fatalf("the form stayed open:\n%s", screen(m))
	}
	d := describe(t, eng, "Orders")
	if model.RangeKey(d.KeySchema) != "OrderDate" || d.ProvisionedThroughput.ReadCapacityUnits != 10 ||
		d.StreamSpecification == nil || d.StreamSpecification.StreamViewType != "NEW_AND_OLD_IMAGES" {
		t.Fatalf("table: %+v", d)
	}
	if sel := m.ws.sidebar.Selected(); sel.Table() != "Orders" {
		t.Fatalf("sidebar on %q", sel.Table())
	}
}
