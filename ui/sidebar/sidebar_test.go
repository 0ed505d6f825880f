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

// schema-demo's animal_type GSI holds one of the table's five items, and
// some of the others break its key's type: the sidebar's badge says so.
func TestAnimalTypeBadge(t *testing.T) {
	eng := uitest.DemoEngine(t, "schema-demo")
	s := New(kit.NewStyles(true), keymap.DefaultKeyMap())
	s.SetSize(30, 12)
	s.SetTables(uitest.Tables(t, eng))
	if !s.SelectByName("schema-demo", "animal_type") {
		t.Fatal("no schema-demo/animal_type")
	}
	if got := IndexBadge(*s.Info(), "animal_type"); got != "GSI 1/5!" {
		t.Fatalf("sidebar badge %q", got)
	}
}
