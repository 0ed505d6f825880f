package ui

import (
	"bytes"
	"context"
	"sort"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// The golden tests run the explorer as a program (teatest) on the whole
// demo workspace at 120x40 with the ASCII colour profile and the engine
// clock fixed at t0, drive it with keys, and compare the final screen with
// testdata/<test>.golden (go test ./ui -run Golden -update rewrites them).

type goldenRun struct {
	t   *testing.T
	tm  *teatest.TestModel
	eng *engine.Engine
	out *bytes.Buffer // everything the program drew so far
}

func startGolden(t *testing.T, w, h int) goldenRun {
	t.Helper()
	eng := demoEngine(t)
	m := New(eng, Options{Workspace: "demo workspace (memory)", Copy: func(string) error { return nil }, SelectDelay: 100 * time.Millisecond})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h))
	g := goldenRun{t: t, tm: tm, eng: eng, out: &bytes.Buffer{}}
	g.waitFor("│▸ ") // the workspace is loaded
	return g
}

// keys sends key presses (see press for the names).
func (g goldenRun) keys(keys ...string) {
	special := map[string]tea.KeyType{"enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab,
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight, "space": tea.KeySpace}
	for _, k := range keys {
		if kt, ok := special[k]; ok {
			g.tm.Send(tea.KeyMsg{Type: kt})
			continue
		}
		for _, r := range k {
			g.tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		}
	}
}

// text types s into a form field (enter, the text, enter).
func (g goldenRun) text(s string) {
	g.keys("enter")
	for _, r := range s {
		if r == ' ' {
			g.keys("space")
		} else {
			g.tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		}
	}
	g.keys("enter")
}

// waitFor waits until the program has drawn s (at any time so far). The
// renderer redraws only the lines that change, so s must be on one line.
func (g goldenRun) waitFor(s string) {
	g.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	buf := make([]byte, 64<<10)
	for {
		n, _ := g.tm.Output().Read(buf)
		g.out.Write(buf[:n])
		if bytes.Contains(g.out.Bytes(), []byte(s)) {
			return
		}
		if time.Now().After(deadline) {
			tail := g.out.String()
			if len(tail) > 3000 {
				tail = tail[len(tail)-3000:]
			}
			g.t.Fatalf("the explorer never drew %q; last output:\n%s", s, tail)
		}
		if n == 0 {
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// finish quits and compares the last frame with the golden file.
func (g goldenRun) finish() {
	g.t.Helper()
	// a last message after everything settled, so the frame is complete
	g.tm.Send(tea.WindowSizeMsg{Width: 120, Height: 40})
	if err := g.tm.Quit(); err != nil {
		g.t.Fatal(err)
	}
	fm := g.tm.FinalModel(g.t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
	view := fm.View()
	if n := len(strings.Split(view, "\n")); n != 40 {
		g.t.Errorf("frame has %d lines, want 40", n)
	}
	for i, l := range strings.Split(view, "\n") {
		if w := width(l); w != 120 {
			g.t.Errorf("line %d is %d cells wide, want 120: %q", i+1, w, l)
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
		for i := 0; i < 1+len(indexNames(d.Table)); i++ {
			g.keys("j")
		}
	}
	g.t.Fatalf("no table %s", name)
}

func TestGoldenSchemaPane(t *testing.T) {
	g := startGolden(t, 120, 40)
	g.keys("/") // not a binding in the sidebar: nothing happens
	g.goToTable("Thread")
	g.waitFor("of 10 GB")
	g.waitFor("last: Scan Thread · 22 items")
	g.finish()
}

func TestGoldenItemsPaneOnIndex(t *testing.T) {
	g := startGolden(t, 120, 40)
	g.goToTable("Thread")
	g.keys("j", "enter")
	g.waitFor("· not projected")
	g.waitFor("last: Scan Thread/LastPostIndex · 21 items")
	g.finish()
}

func TestGoldenLeftOut(t *testing.T) {
	g := startGolden(t, 120, 40)
	g.goToTable("schema-demo")
	g.keys("j", "j", "enter")
	g.waitFor("[o] show left-out")
	g.keys("o")
	g.waitFor("why it is left out")
	g.waitFor("last: BatchGetItem schema-demo · 4 items")
	g.finish()
}

func TestGoldenItemView(t *testing.T) {
	g := startGolden(t, 120, 40)
	g.goToTable("Thread")
	g.keys("enter")
	g.waitFor("rows 1")
	g.keys("enter")
	g.waitFor("in indexes:")
	g.finish()
}

func TestGoldenQueryPane(t *testing.T) {
	g := startGolden(t, 120, 40)
	g.goToTable("Thread")
	g.keys("j")
	g.waitFor("last: Scan Thread/LastPostIndex") // the index's items are in: nothing else is under way
	g.keys("3", "j", "j")
	g.text("EC2")
	g.keys("j", "l", "l", "l", "l", "l", "l", "j")
	g.text("2012-08-31T00:00:00.000Z")
	g.keys("j")
	g.text("2012-11-31T00:00:00.000Z")
	g.keys("j", "j", "j", "j")
	g.text("Subject, LastPostDateTime, Replies, Tags")
	g.keys("r")
	g.waitFor("ScannedCount 6")
	g.waitFor("last: Query Thread/LastPostIndex · 6 items")
	g.finish()
}

func TestGoldenHelp(t *testing.T) {
	g := startGolden(t, 120, 40)
	g.keys("2")
	g.waitFor("last: Scan CustomerDocuments") // the items are in: nothing else is under way
	g.keys("?")
	g.waitFor("Everywhere")
	g.finish()
}

func TestGoldenSmallTerminal(t *testing.T) {
	g := startGolden(t, 80, 24)
	g.goToTable("Thread")
	g.keys("j", "enter")
	g.waitFor("last: Scan Thread/LastPostIndex")
	g.tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	if err := g.tm.Quit(); err != nil {
		t.Fatal(err)
	}
	view := g.tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model).View()
	ls := strings.Split(view, "\n")
	if len(ls) != 24 {
		t.Errorf("frame has %d lines, want 24", len(ls))
	}
	for i, l := range ls {
		if w := width(l); w != 80 {
			t.Errorf("line %d is %d cells wide, want 80: %q", i+1, w, l)
		}
	}
	golden.RequireEqual(t, []byte(view))
}
