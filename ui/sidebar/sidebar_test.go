package sidebar

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The sidebar lists the tables with their item counts; the cursor walks
// through them and, under the table it is on, that table's indexes; enter
// announces that the selection is to be opened (OpenMsg).
func TestSidebarWalk(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	s := New(kit.NewStyles(true), keymap.DefaultKeyMap())
	s.SetSize(30, 12)
	s.SetTables(uitest.Tables(t, eng))
	tests := []struct {
		keys         []string
		table, index string
		lines        []string
	}{
		{nil, "Forum", "", []string{"│▸ Forum                    3│", "│  Reply                   33│", "│  Thread                  22│"}},
		{[]string{"j"}, "Reply", "", []string{"│  Forum                    3│", "│▸ Reply                   33│"}},
		{[]string{"j"}, "Reply", "PostedBy-index", []string{"│  Reply                   33│", "│  ▸ PostedBy-index   LSI 33 │", "│  Thread                  22│"}},
		{[]string{"k", "k"}, "Forum", "", []string{"│▸ Forum                    3│"}},
		// / is not a binding of the sidebar: nothing happens (it was the
		// first key of the root's schema golden)
		{[]string{"/"}, "Forum", "", []string{"│▸ Forum                    3│", "│  Reply                   33│"}},
	}
	for _, tt := range tests {
		uitest.Press(t, s, tt.keys...)
		sel := s.Selected()
		view := ansi.Strip(s.View())
		if sel.Table() != tt.table || sel.Index != tt.index {
			t.Fatalf("after %v: selected %s/%s, want %s/%s", tt.keys, sel.Table(), sel.Index, tt.table, tt.index)
		}
		for _, l := range tt.lines {
			if !strings.Contains(view, l) {
				t.Fatalf("after %v: no line %q in\n%s", tt.keys, l, view)
			}
		}
	}
	if seen := uitest.Press(t, s, "enter"); len(seen) != 1 || seen[0] != (OpenMsg{}) {
		t.Fatalf("enter announced %#v", seen)
	}
	if !s.SelectByName("Thread", "") || s.Selected().Table() != "Thread" || s.Info().Desc.TableName != "Thread" {
		t.Fatalf("SelectByName: %s", s.Selected().Table())
	}
}

// d on a table row asks for the table's deletion, X for its emptying; on
// an index row d deletes a GSI, says an LSI cannot be, and X does nothing.
// The help names what d does where the cursor is.
func TestSidebarTableKeys(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	tests := []struct {
		table, index string
		key          string
		want         any
		help         string
	}{
		{"Thread", "", "d", kit.ManageOp(kit.DeleteTable), "d delete table"},
		{"Thread", "", "X", kit.ManageOp(kit.EmptyTable), "X empty table"},
		{"Reply", "PostedBy-index", "d", kit.FlashMsg{Text: "an LSI cannot be deleted: it lives and dies with its table"}, ""},
		{"Reply", "PostedBy-index", "X", nil, ""},
	}
	for _, tt := range tests {
		s := New(kit.NewStyles(true), keymap.DefaultKeyMap())
		s.SetSize(30, 12)
		s.SetTables(uitest.Tables(t, eng))
		s.SelectByName(tt.table, tt.index)
		seen := uitest.Press(t, s, tt.key)
		var got any
		if len(seen) == 1 {
			got = seen[0]
			if mm, ok := got.(kit.ManageMsg); ok {
				if mm.Target.Table() != tt.table {
					t.Errorf("%s on %s: target %s", tt.key, tt.table, mm.Target.Table())
				}
				got = mm.Op
			}
		}
		if got != tt.want {
			t.Errorf("%s on %s/%s: announced %#v, want %#v", tt.key, tt.table, tt.index, seen, tt.want)
		}
		if tt.help == "" {
			continue
		}
		var lines []string
		for _, g := range s.FullHelp() {
			for _, b := range g {
				if b.Enabled() {
					lines = append(lines, b.Help().Key+" "+b.Help().Desc)
				}
			}
		}
		if !strings.Contains(strings.Join(lines, "\n"), tt.help) {
			t.Errorf("%s: help has no %q: %v", tt.table, tt.help, lines)
		}
	}
}
