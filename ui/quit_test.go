package ui

import (
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// runQuit drives the root from cmd on: every message to Update, until
// nothing is left; it reports whether tea.Quit came out.
func runQuit(t *testing.T, m *Model, cmd tea.Cmd) bool {
	t.Helper()
	quit := false
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(append([]tea.Cmd{}, msg...), queue...)
		case tea.QuitMsg:
			quit = true
		default:
			if reflect.TypeOf(msg).PkgPath() == reflect.TypeOf(tea.QuitMsg{}).PkgPath() {
				continue
			}
			_, next := m.Update(msg)
			queue = append([]tea.Cmd{next}, queue...)
		}
	}
	return quit
}

// q on an in-memory workspace nothing changed quits at once; after a
// write or a table deleted it asks, saying what is lost and how --db
// keeps it: n stays, y quits. A workspace file quits at once.
func TestQuitAsksOnAChangedMemoryWorkspace(t *testing.T) {
	tests := []struct {
		name   string
		file   string
		change func(api engine.API) error
		want   []string // the question's lines; nil: quits at once
	}{
		{"unchanged", "", nil, nil},
		{"a put", "", func(api engine.API) error {
			_, err := api.PutItem(kit.Bg, &model.PutItemInput{TableName: "Forum", Item: model.Item{"Name": model.S("New forum")}})
			return err
		}, []string{"Quit and lose the changes?", "This workspace lives in memory (demo workspace (memory))", "• 1 write request that changed items", "go run . --db work.db"}},
		{"a table deleted", "", func(api engine.API) error {
			_, err := api.DeleteTable(kit.Bg, &model.DeleteTableInput{TableName: "Reply"})
			return err
		}, []string{"• the deletion of Reply"}},
		{"a file workspace", "work.db", func(api engine.API) error {
			_, err := api.PutItem(kit.Bg, &model.PutItemInput{TableName: "Forum", Item: model.Item{"Name": model.S("New forum")}})
			return err
		}, nil},
	}
	for _, tt := range tests {
		eng := uitest.DemoEngine(t, "forum")
		m := New(eng, Options{Workspace: "demo workspace (memory)", File: tt.file, Copy: func(string) error { return nil }})
		t.Cleanup(m.Close)
		runQuit(t, m, m.Init())
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		if tt.change != nil {
			if err := tt.change(eng); err != nil {
				t.Fatal(err)
			}
		}
		_, cmd := m.Update(uitest.Keys("q")[0])
		quit := runQuit(t, m, cmd)
		if tt.want == nil {
			if !quit {
				t.Errorf("%s: q did not quit", tt.name)
			}
			continue
		}
		if quit || m.modal == nil {
			t.Fatalf("%s: q quit without asking", tt.name)
		}
		view := ansi.Strip(m.Screen())
		for _, w := range tt.want {
			if !strings.Contains(view, w) {
				t.Errorf("%s: no %q in\n%s", tt.name, w, view)
			}
		}
		_, cmd = m.Update(uitest.Keys("n")[0])
		if runQuit(t, m, cmd) || m.modal != nil {
			t.Fatalf("%s: n quit or left the question open", tt.name)
		}
		_, cmd = m.Update(uitest.Keys("q")[0])
		runQuit(t, m, cmd)
		_, cmd = m.Update(uitest.Keys("y")[0])
		if !runQuit(t, m, cmd) {
			t.Fatalf("%s: y did not quit", tt.name)
		}
	}
}
