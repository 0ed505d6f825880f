package sidebar

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
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
		// / starts the filter of the table list now: TestSidebarFilter
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

// / starts a filter that has the keyboard: each letter typed narrows the
// list to the tables whose name holds the text (any case), the cursor
// moves to the first one shown; enter keeps the filter (the count shown),
// esc clears it and the whole list is back.
func TestSidebarFilter(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum", "product-catalog")
	s := New(kit.NewStyles(true), keymap.DefaultKeyMap())
	s.SetSize(30, 12)
	s.SetTables(uitest.Tables(t, eng))
	tests := []struct {
		keys      []string
		capturing bool
		selected  string
		lines     []string
		absent    []string
	}{
		{[]string{"/"}, true, "Forum", []string{"│ /█", "│▸ Forum"}, nil},
		{[]string{"R", "e"}, true, "Reply", []string{"│ /Re█", "│▸ Reply", "│  Thread"}, []string{"Forum", "ProductCatalog"}},
		{[]string{"p"}, true, "Reply", []string{"│ /Rep█", "│▸ Reply"}, []string{"Thread"}},
		{[]string{"enter"}, false, "Reply", []string{"│ /Rep  1 of 4"}, []string{"Thread"}},
		{[]string{"esc"}, false, "Reply", []string{"│  Forum", "│▸ Reply", "│  Thread"}, []string{"/Rep"}},
		{[]string{"/", "x", "y", "z"}, true, "", []string{"no table name holds xyz"}, nil},
	}
	for _, tt := range tests {
		uitest.Press(t, s, tt.keys...)
		view := ansi.Strip(s.View())
		if s.Capturing() != tt.capturing || s.Selected().Table() != tt.selected {
			t.Fatalf("after %v: capturing %v, selected %q\n%s", tt.keys, s.Capturing(), s.Selected().Table(), view)
		}
		for _, l := range tt.lines {
			if !strings.Contains(view, l) {
				t.Fatalf("after %v: no %q in\n%s", tt.keys, l, view)
			}
		}
		for _, l := range tt.absent {
			if strings.Contains(view, l) {
				t.Fatalf("after %v: %q still in\n%s", tt.keys, l, view)
			}
		}
	}
	if len(s.Tables()) != 4 {
		t.Fatalf("Tables: %d", len(s.Tables()))
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

// Counts in index badges carry thousands separators, as the table counts
// do: "GSI 12,345/20,000", on a remote table "GSI ~12,345/~20,000".
func TestIndexBadgeThousands(t *testing.T) {
	d := &model.TableDescription{TableName: "Big", TableStatus: model.StatusActive, ItemCount: 20000,
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndexDescription{{IndexName: "ByStatus", IndexStatus: model.StatusActive, ItemCount: 12345}}}
	info := kit.TableInfo{Desc: d}
	if got := IndexBadge(info, "ByStatus"); got != "GSI 12,345/20,000 " {
		t.Errorf("badge %q", got)
	}
	s := New(kit.NewStyles(true), keymap.DefaultKeyMap())
	s.SetApproximate(true)
	if got := s.IndexBadge(info, "ByStatus"); got != "GSI ~12,345/~20,000 " {
		t.Errorf("remote badge %q", got)
	}
}
