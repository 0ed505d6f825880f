package ui

import (
	"context"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/ui/capacity"
	"github.com/dynoscope/dynoscope/ui/lessons"
	"github.com/dynoscope/dynoscope/ui/query"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// t0 is the fixed engine time of every test (the picture in ui.md).
var t0 = time.Date(2026, 11, 22, 10, 41, 7, 0, time.UTC)

func TestMain(m *testing.M) {
	// A lesson's copy runs on a manual clock from the user's engine time,
	// unthrottled, without the background TTL pass: every result is exact.
	lessons.NewCopy = func(dataset string, now time.Time) (*engine.Engine, error) {
		eng, err := engine.Open(engine.Options{Clock: engine.NewManualClock(now), DisableThrottling: true, DisableTTLSweeper: true})
		if err != nil {
			return nil, err
		}
		if err := lessons.LoadData(eng, dataset); err != nil {
			eng.Close()
			return nil, err
		}
		return eng, nil
	}
	os.Exit(m.Run())
}

// demoEngine opens an in-memory engine on a manual clock at t0 with the
// named demo data sets loaded (nil: all of them). Throttling and the TTL
// sweeper are off so nothing depends on time passing.
func demoEngine(t testing.TB, names ...string) *engine.Engine {
	t.Helper()
	eng, err := engine.Open(engine.Options{Clock: engine.NewManualClock(t0), DisableThrottling: true, DisableTTLSweeper: true})
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

// newTestModel returns a root model of size w x h whose first load has
// run, with no ticks and no event subscription.
func newTestModel(t testing.TB, api engine.API, w, h int) *Model {
	t.Helper()
	return newModelWith(t, api, Options{Workspace: "demo workspace (memory)"}, w, h)
}

// newModelWith is newTestModel with options.
func newModelWith(t testing.TB, api engine.API, opts Options, w, h int) *Model {
	t.Helper()
	if opts.Copy == nil {
		opts.Copy = func(string) error { return nil }
	}
	m := New(api, opts)
	t.Cleanup(m.Close)
	drive(t, m, m.Init())
	send(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// teaPkgPath is Bubble Tea's package: its own messages (clipboard,
// terminal requests, quit) are for the terminal, not the model.
var teaPkgPath = reflect.TypeOf(tea.BatchMsg{}).PkgPath()

// drive runs a command and every command that follows from it, feeding each
// message to Update, until nothing is left: the engine calls of a tea.Cmd
// happen here, synchronously, in order.
func drive(t testing.TB, m *Model, cmd tea.Cmd) {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 20000 {
			t.Fatal("commands do not settle")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		switch msg := msg.(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(append([]tea.Cmd{}, msg...), queue...)
		default:
			if tp := reflect.TypeOf(msg); tp.PkgPath() == teaPkgPath {
				continue
			}
			_, next := m.Update(msg)
			queue = append([]tea.Cmd{next}, queue...)
		}
	}
}

// send delivers one message and everything it causes.
func send(t testing.TB, m *Model, msg tea.Msg) {
	t.Helper()
	_, cmd := m.Update(msg)
	drive(t, m, cmd)
}

// press sends keys: the names uitest.Keys knows ("enter", "ctrl+u"), or
// any other string as typed characters, one key message per character.
func press(t testing.TB, m *Model, keys ...string) {
	t.Helper()
	for _, km := range uitest.Keys(keys...) {
		send(t, m, km)
	}
}

// typeIn types s into whatever has the keyboard, one key per character.
func typeIn(t testing.TB, m *Model, s string) {
	t.Helper()
	for _, r := range s {
		send(t, m, uitest.Rune(r))
	}
}

// typeText types s into the field under the cursor (enter to edit, enter
// to finish).
func typeText(t testing.TB, m *Model, s string) {
	t.Helper()
	press(t, m, "enter")
	typeIn(t, m, s)
	press(t, m, "enter")
}

// selectInSidebar moves the sidebar cursor to table (and index, if not "").
func selectInSidebar(t testing.TB, m *Model, table, index string) {
	t.Helper()
	if !m.onSidebar {
		press(t, m, "esc")
	}
	if !m.onSidebar {
		m.onSidebar = true
	}
	press(t, m, "g")
	for i := 0; i < 200; i++ {
		sel := m.ws.sidebar.Selected()
		if sel.Table() == table && sel.Index == index {
			return
		}
		press(t, m, "j")
	}
	t.Fatalf("sidebar has no %s/%s", table, index)
}

// screen is the model's screen without escape codes, with trailing spaces
// cut from each line.
func screen(m *Model) string {
	ls := strings.Split(ansi.Strip(m.Screen()), "\n")
	for i, l := range ls {
		ls[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(ls, "\n")
}

// flat is the screen as one line of words: box borders and line breaks
// removed, runs of spaces collapsed, so wrapped messages can be matched.
func flat(m *Model) string {
	s := strings.NewReplacer("│", " ", "┌", " ", "┐", " ", "└", " ", "┘", " ", "─", " ", "\n", " ").Replace(screen(m))
	return strings.Join(strings.Fields(s), " ")
}

// lineWith returns the first line of the screen containing s ("" if none).
func lineWith(m *Model, s string) string {
	for _, l := range strings.Split(screen(m), "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}

// statusBar is the status bar without escape codes.
func statusBar(m *Model) string { return ansi.Strip(m.statusBar()) }

// liveEngine is demoEngine with throttling on, and its manual clock.
func liveEngine(t testing.TB, names ...string) (*engine.Engine, *engine.VirtualClock) {
	t.Helper()
	eng := demoEngine(t, names...)
	eng.SetThrottling(true)
	return eng, eng.Clock().(*engine.VirtualClock)
}

// manualTraffic makes the traffic generator wait for Step instead of
// running in the background, for the rest of the test.
func manualTraffic(t testing.TB) {
	t.Helper()
	old := capacity.StartTraffic
	capacity.StartTraffic = func(*engine.Traffic) {}
	t.Cleanup(func() { capacity.StartTraffic = old })
}

// stepTraffic moves the clock a second at a time and steps the model's
// running workload after each move.
func stepTraffic(t testing.TB, m *Model, clk *engine.VirtualClock, seconds int) {
	t.Helper()
	tr := m.ws.capacity.Running()
	if tr == nil {
		t.Fatal("no workload running")
	}
	for i := 0; i < seconds; i++ {
		clk.Advance(time.Second)
		tr.Step()
	}
}

// refreshLive reads the shown pane's data now, as its tick would.
func refreshLive(t testing.TB, m *Model) {
	t.Helper()
	if r, ok := m.paneOf(m.pane).(interface{ Refresh() tea.Cmd }); ok {
		drive(t, m, route(m.ws, toPaneOf(m.pane), r.Refresh()))
	}
}

// sidebarLine returns the sidebar's row containing s ("" if none).
func sidebarLine(m *Model, s string) string {
	for _, l := range strings.Split(screen(m), "\n") {
		if side := ansi.Truncate(l, m.sidebarWidth(), ""); strings.Contains(side, s) {
			return side
		}
	}
	return ""
}

// startHook replaces how a started workload runs, until the returned
// function puts it back.
func startHook(f func(*engine.Traffic)) func() {
	old := capacity.StartTraffic
	capacity.StartTraffic = f
	return func() { capacity.StartTraffic = old }
}

// requests counts the requests the engine logged.
func requests(eng *engine.Engine) int { return len(eng.RecentRequests()) }

// toPartiQL shows the query builder of table (and index) in PartiQL mode.
func toPartiQL(t *testing.T, m *Model, table, index string) {
	t.Helper()
	selectInSidebar(t, m, table, index)
	press(t, m, "3", "M") // M goes back from Query to PartiQL
	if mode := m.ws.query.Mode(); mode != query.ModePartiQL {
		t.Fatalf("M from Query: mode %v", mode)
	}
}

// gotoPQRow moves the PartiQL editor's cursor to the row named row.
func gotoPQRow(t testing.TB, m *Model, row string) {
	t.Helper()
	press(t, m, "g")
	for i := 0; i < 10 && m.ws.query.PartiQL().Row != row; i++ {
		press(t, m, "j")
	}
	if got := m.ws.query.PartiQL().Row; got != row {
		t.Fatalf("cannot reach row %q (on %q)", row, got)
	}
}

// setStatement replaces the statement in the editor.
func setStatement(t *testing.T, m *Model, s string) {
	t.Helper()
	gotoPQRow(t, m, "statement")
	press(t, m, "enter", "ctrl+u")
	typeIn(t, m, s)
	press(t, m, "enter")
}
