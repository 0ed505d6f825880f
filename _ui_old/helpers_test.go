package ui

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
)

// t0 is the fixed engine time of every test (the picture in ui.md).
var t0 = time.Date(2026, 11, 22, 10, 41, 7, 0, time.UTC)

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
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
	m := New(api, Options{Workspace: "demo workspace (memory)", Copy: func(string) error { return nil }})
	drive(t, m, m.Init())
	send(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// drive runs a command and every command that follows from it, feeding each
// message to Update, until nothing is left: the engine calls of a tea.Cmd
// happen here, synchronously.
func drive(t testing.TB, m *Model, cmd tea.Cmd) {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 10000 {
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
			queue = append(queue, msg...)
		case tea.QuitMsg:
		default:
			if v := reflect.ValueOf(msg); fmt.Sprintf("%T", msg) == "tea.sequenceMsg" {
				// in order, before anything else queued
				seq := make([]tea.Cmd, 0, v.Len())
				for i := 0; i < v.Len(); i++ {
					c, _ := v.Index(i).Interface().(tea.Cmd)
					seq = append(seq, c)
				}
				queue = append(seq, queue...)
				continue
			}
			if strings.HasPrefix(fmt.Sprintf("%T", msg), "tea.") {
				continue // ClearScreen and friends: for the terminal only
			}
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
}

// send delivers one message and everything it causes.
func send(t testing.TB, m *Model, msg tea.Msg) {
	t.Helper()
	_, cmd := m.Update(msg)
	drive(t, m, cmd)
}

// press sends keys: "enter", "esc", "tab", "up", "down", "left", "right",
// "ctrl+r", "space", "backspace", or any other string as typed runes, one
// key message per rune.
func press(t testing.TB, m *Model, keys ...string) {
	t.Helper()
	special := map[string]tea.KeyType{"enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab,
		"shift+tab": tea.KeyShiftTab, "up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft,
		"right": tea.KeyRight, "ctrl+r": tea.KeyCtrlR, "space": tea.KeySpace, "backspace": tea.KeyBackspace,
		"pgdown": tea.KeyPgDown, "pgup": tea.KeyPgUp, "ctrl+c": tea.KeyCtrlC, "ctrl+u": tea.KeyCtrlU}
	for _, k := range keys {
		if kt, ok := special[k]; ok {
			send(t, m, tea.KeyMsg{Type: kt})
			continue
		}
		for _, r := range k {
			send(t, m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		}
	}
}

// typeText types s into the field under the cursor (enter to edit, enter
// to finish).
func typeText(t testing.TB, m *Model, s string) {
	t.Helper()
	press(t, m, "enter")
	for _, r := range s {
		if r == ' ' {
			press(t, m, "space")
			continue
		}
		send(t, m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	press(t, m, "enter")
}

// selectInSidebar moves the sidebar cursor to table (and index, if not "").
func selectInSidebar(t testing.TB, m *Model, table, index string) {
	t.Helper()
	if m.focus != focusSidebar {
		press(t, m, "esc")
	}
	press(t, m, "g")
	for i := 0; i < 200; i++ {
		sel := m.sidebar.selected()
		if sel.table() == table && sel.index == index {
			return
		}
		press(t, m, "j")
	}
	t.Fatalf("sidebar has no %s/%s", table, index)
}

// screen is the model's View with trailing spaces cut from each line.
func screen(m *Model) string {
	ls := strings.Split(m.View(), "\n")
	for i, l := range ls {
		ls[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(ls, "\n")
}
