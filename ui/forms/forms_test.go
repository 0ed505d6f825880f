package forms

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

type answer struct{ n int }

// press hands md each key and returns the modal after them (nil: closed)
// and what the last key's command delivered.
func press(t *testing.T, md Modal, keys ...string) (Modal, any) {
	t.Helper()
	var got any
	for _, k := range uitest.Keys(keys...) {
		var cmd func() any
		m, c := md.Update(k)
		if c != nil {
			cmd = func() any { return c() }
		}
		md, got = m, nil
		if cmd != nil {
			got = cmd()
		}
		if md == nil {
			break
		}
	}
	return md, got
}

// A question closes on y and delivers its answer, on n or esc with
// nothing; a typed gate goes on only once the table's name is typed
// exactly, and enter before does nothing.
func TestQuestions(t *testing.T) {
	st, km := kit.NewStyles(true), keymap.DefaultKeyMap()
	tests := []struct {
		name   string
		md     func() Modal
		keys   []string
		open   bool
		answer any
	}{
		{"y", func() Modal { return NewQuestion(st, km, "Jump?", "jump", []string{"why"}, answer{1}) }, []string{"y"}, false, answer{1}},
		{"n", func() Modal { return NewQuestion(st, km, "Jump?", "jump", nil, answer{1}) }, []string{"n"}, false, nil},
		{"esc", func() Modal { return NewQuestion(st, km, "Jump?", "jump", nil, answer{1}) }, []string{"esc"}, false, nil},
		{"another key", func() Modal { return NewQuestion(st, km, "Jump?", "jump", nil, answer{1}) }, []string{"x"}, true, nil},
		{"gate, wrong name", func() Modal {
			return NewTypedGate(st, km, "Edit item", "go on", nil, "Orders", []string{"region eu-west-1"}, answer{2})
		}, []string{"Order", "enter"}, true, nil},
		{"gate, y is typed", func() Modal {
			return NewTypedGate(st, km, "Edit item", "go on", nil, "Orders", nil, answer{2})
		}, []string{"y"}, true, nil},
		{"gate, the name", func() Modal {
			return NewTypedGate(st, km, "Edit item", "go on", nil, "Orders", nil, answer{2})
		}, []string{"Orders", "enter"}, false, answer{2}},
		{"gate, esc", func() Modal {
			return NewTypedGate(st, km, "Edit item", "go on", nil, "Orders", nil, answer{2})
		}, []string{"Ord", "esc"}, false, nil},
	}
	for _, tt := range tests {
		md, got := press(t, tt.md(), tt.keys...)
		if (md != nil) != tt.open || got != tt.answer {
			t.Errorf("%s: open %v, delivered %#v", tt.name, md != nil, got)
		}
	}
}

// A question shows its title, body and keys; a typed gate names where the
// change lands and what to type.
func TestQuestionView(t *testing.T) {
	st, km := kit.NewStyles(true), keymap.DefaultKeyMap()
	q := NewTypedGate(st, km, "Edit item Orders#1", "go on", []string{"Edit the item 1 of Orders?"}, "Orders", []string{"table Orders · region eu-west-1 · account 123456789012"}, answer{2})
	q.SetSize(70, 20)
	view := ansi.Strip(q.View())
	for _, want := range []string{"Edit item Orders#1", "Edit the item 1 of Orders?", "table Orders · region eu-west-1 · account 123456789012", "Orders"} {
		if !strings.Contains(view, want) {
			t.Errorf("no %q in\n%s", want, view)
		}
	}
	if !q.Capturing() {
		t.Error("a typed gate does not take every key")
	}
}
