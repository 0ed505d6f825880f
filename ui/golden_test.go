package ui

import (
	"context"
	"io"
	"sort"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The golden tests run the explorer as a program (teatest) on the demo
// workspace with the engine clock fixed at t0, drive it with keys, and
// compare the final screen, its escape codes stripped, with
// testdata/<test>.golden (go test ./ui -run Golden -update rewrites them).
// Waits ask the running program for its screen (probe), on its own
// goroutine, so they never race with it.

// probe is a model that answers screen requests: the program hands them
// to Update like any message.
type probe struct{ *Model }

// screenMsg asks the program for its screen.
type screenMsg chan string

func (p probe) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if ch, ok := msg.(screenMsg); ok {
		ch <- ansi.Strip(p.Model.Screen())
		return p, nil
	}
	_, cmd := p.Model.Update(msg)
	return p, cmd
}

type goldenRun struct {
	t    *testing.T
	tm   *teatest.TestModel
	eng  *engine.Engine
	w, h int
	// mask, when set, replaces what differs from run to run (a loopback
	// port) in every screen read.
	mask func(string) string
}

// startGolden runs the explorer on the whole demo workspace at w x h.
func startGolden(t *testing.T, w, h int) goldenRun {
	t.Helper()
	return startLive(t, demoEngine(t), Options{SelectDelay: 100 * time.Millisecond}, w, h)
}

// startLive runs the explorer as a program on eng with opts at w x h.
func startLive(t *testing.T, eng *engine.Engine, opts Options, w, h int) goldenRun {
	t.Helper()
	opts.Workspace = "demo workspace (memory)"
	opts.Copy = func(string) error { return nil }
	m := New(eng, opts)
	tm := runProgram(t, m, w, h)
	g := goldenRun{t: t, tm: tm, eng: eng, w: w, h: h}
	g.waitFor("│▸ ") // the workspace is loaded
	return g
}

// runProgram runs m as a program at w x h until the test ends, then ends
// the program before closing m (which would otherwise race with a frame
// still being drawn).
func runProgram(t *testing.T, m *Model, w, h int) *teatest.TestModel {
	t.Helper()
	tm := teatest.NewTestModel(t, probe{m}, teatest.WithInitialTermSize(w, h))
	t.Cleanup(func() {
		_ = tm.Quit()
		tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
		m.Close()
	})
	return tm
}

// screen asks the program for its screen.
func (g goldenRun) screen() string {
	ch := make(screenMsg, 1)
	g.tm.Send(ch)
	select {
	case s := <-ch:
		if g.mask != nil {
			s = g.mask(s)
		}
		return s
	case <-time.After(10 * time.Second):
		g.t.Fatal("the program does not answer")
	}
	return ""
}

// waitFor waits until the screen shows s.
func (g goldenRun) waitFor(s string) {
	g.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		sc := g.screen()
		if strings.Contains(sc, s) {
			return
		}
		if time.Now().After(deadline) {
			g.t.Fatalf("the explorer never showed %q; it shows:\n%s", s, sc)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// keys sends key presses (see press for the names).
func (g goldenRun) keys(keys ...string) {
	for _, km := range uitest.Keys(keys...) {
		g.tm.Send(km)
	}
}

// text types s into a form field (enter, the text, enter).
func (g goldenRun) text(s string) {
	g.keys("enter", s, "enter")
}

// finish quits and compares the last screen with the golden file; every
// line is exactly the terminal's width.
func (g goldenRun) finish() {
	g.t.Helper()
	// a last message after everything settled, so the frame is complete
	g.tm.Send(tea.WindowSizeMsg{Width: g.w, Height: g.h})
	view := g.screen()
	if err := g.tm.Quit(); err != nil {
		g.t.Fatal(err)
	}
	g.tm.WaitFinished(g.t, teatest.WithFinalTimeout(10*time.Second))
	ls := strings.Split(view, "\n")
	if len(ls) != g.h {
		g.t.Errorf("frame has %d lines, want %d", len(ls), g.h)
	}
	for i, l := range ls {
		if n := kit.Width(l); n != g.w {
			g.t.Errorf("line %d is %d cells wide, want %d: %q", i+1, n, g.w, l)
		}
	}
	golden.RequireEqual(g.t, []byte(view))
}

// goToTable moves the sidebar cursor to a table: the tables are in name
// order, and j walks through the indexes of the table it is on.
func (g goldenRun) goToTable(name string) {
	g.t.Helper()
	out, err := g.eng.ListTables(context.Background(), &model.ListTablesInput{})
	if err != nil {
		g.t.Fatal(err)
	}
	names := append([]string(nil), out.TableNames...)
	sort.Strings(names)
	g.keys("g")
	for _, n := range names {
		if n == name {
			g.waitFor("▸ " + name)
			return
		}
		d, err := g.eng.DescribeTable(context.Background(), &model.DescribeTableInput{TableName: n})
		if err != nil {
			g.t.Fatal(err)
		}
		for i := 0; i < 1+len(kit.IndexNames(d.Table)); i++ {
			g.keys("j")
		}
	}
	g.t.Fatalf("no table %s", name)
}

func TestGoldenHelp(t *testing.T) {
	g := startGolden(t, 120, 40)
	g.keys("2")
	g.waitFor("last: Scan CustomerDocuments")
	g.keys("?")
	g.waitFor("Everywhere")
	g.finish()
}

// The help at 80x24, scrolled to its end: every binding is whole on some
// screen, and the last lines can be read.
func TestGoldenHelpSmallScrolled(t *testing.T) {
	g := startGolden(t, 80, 24)
	g.keys("2")
	// 2 selects the first table: after the selection delay the browser
	// reads it, and the help then holds the keys of a pane with rows. The
	// help is opened on that settled pane, so the frame is the same on any
	// machine (before, "no request yet" and a help three lines shorter were
	// caught only when the keys came faster than the delay).
	g.waitFor("last: Scan CustomerDocuments")
	g.keys("?")
	g.waitFor("Here")
	g.keys("G")
	g.waitFor("lessons   each lesson runs on its own copy")
	g.finish()
}

func TestGoldenSmallTerminal(t *testing.T) {
	g := startGolden(t, 80, 24)
	g.goToTable("Thread")
	g.keys("j", "enter")
	g.waitFor("last: Scan Thread/LastPostIndex")
	g.finish()
}

// The lessons pane at 120x40 on the LSI lesson's second step, run on its
// copy: the fetch of a non-projected attribute and DynamoDB's 2.5 RCU,
// itemised.
func TestGoldenLessonPane(t *testing.T) {
	g := startGolden(t, 120, 40)
	g.keys("7")
	g.waitFor("Lesson 1 of ")
	g.keys("j", "j", "j", "j", "j", "j", "j")
	g.waitFor("Lesson 8 of ")
	g.keys("right", "enter")
	g.waitFor("✓ Query Thread/LastPostIndex · 4 items (scanned 4) · 2.5 RCU")
	g.waitFor("last (lesson copy): Query Thread/LastPostIndex · 4 items · 2.5 RCU")
	g.finish()
}

// A burst of keys in one read — tmux send-keys "jjjj", a paste outside a
// text field, key repeat over SSH — is each key pressed: written to the
// program's input in one write, "jjjj" moves the sidebar four rows (Reply,
// its index, Thread, its index) and "2/ec2" then opens the items pane and
// types the filter: inside a text field the burst is typed. (Bubble Tea v1 delivered it as one key "jjjj" that matched no
// binding.) teatest has no way to write to the input, so this runs the
// program on a pipe, through Bubble Tea's own input reader.
func TestKeyBurstIsEachKey(t *testing.T) {
	eng := demoEngine(t, "forum", "schema-demo")
	m := New(eng, Options{Workspace: "demo workspace (memory)", Copy: func(string) error { return nil }})
	t.Cleanup(m.Close)
	in, keys := io.Pipe()
	p := tea.NewProgram(probe{m}, tea.WithInput(in), tea.WithOutput(io.Discard), tea.WithWindowSize(120, 40), tea.WithoutSignals())
	done := make(chan struct{})
	go func() { defer close(done); _, _ = p.Run() }()
	t.Cleanup(func() { p.Kill(); keys.Close(); <-done })
	screen := func() string {
		ch := make(screenMsg, 1)
		p.Send(ch)
		return <-ch
	}
	wait := func(what string, ok func(string) bool) string {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			s := screen()
			if ok(s) {
				return s
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s; the screen:\n%s", what, s)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	wait("the workspace never loaded", func(s string) bool { return strings.Contains(s, "│▸ Forum") })
	// A bracketed paste of "jjjj" on the sidebar is a paste, not four keys:
	// with one j after it in the same write, the cursor moves one row.
	if _, err := keys.Write([]byte("\x1b[200~jjjj\x1b[201~j")); err != nil {
		t.Fatal(err)
	}
	wait("the j after the paste did not move one row", func(s string) bool { return strings.Contains(s, "│▸ Reply") })
	if _, err := keys.Write([]byte("k")); err != nil {
		t.Fatal(err)
	}
	wait("k did not go back", func(s string) bool { return strings.Contains(s, "│▸ Forum") })
	if _, err := keys.Write([]byte("jjjj")); err != nil {
		t.Fatal(err)
	}
	wait("jjjj did not move four rows", func(s string) bool { return strings.Contains(s, "│  ▸ LastPostIndex") })
	if _, err := keys.Write([]byte("2/ec2")); err != nil {
		t.Fatal(err)
	}
	s := wait("2/ec2 did not open the items and type the filter", func(s string) bool { return strings.Contains(s, "filter /ec2") })
	if !strings.Contains(s, "[2 Items]") || !strings.Contains(s, "Thread ▸ LastPostIndex") || !strings.Contains(s, "│ EC2") || strings.Contains(s, "│ RDS") {
		t.Fatalf("after 2/ec2:\n%s", s)
	}
}
