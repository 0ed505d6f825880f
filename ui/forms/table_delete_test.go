package forms

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// modalDriver lets uitest drive a modal; closed says it closed.
type modalDriver struct {
	md     Modal
	closed bool
}

func (d *modalDriver) Update(msg tea.Msg) tea.Cmd {
	if d.md == nil {
		return nil
	}
	md, cmd := d.md.Update(msg)
	if md == nil {
		d.closed, d.md = true, nil
	}
	return cmd
}

// Deleting a table asks, naming the table, its item count, its indexes and
// where it lives; y sends DeleteTable and the table is gone; n keeps it.
func TestDeleteTable(t *testing.T) {
	st, km := kit.NewStyles(true), keymap.DefaultKeyMap()
	for _, answer := range []string{"n", "y"} {
		eng := uitest.DemoEngine(t, "forum")
		tg, _ := uitest.Target(t, eng, "Reply", "")
		c := NewDeleteTable(st, km, eng, tg.Desc, "It is in the workspace file work.db: the change is written there and stays.", false)
		c.SetSize(70, 20)
		view := ansi.Strip(c.View())
		for _, want := range []string{"Delete table Reply", "Delete the table Reply and its 33 items?", "its 1 index,", "workspace file work.db", "y delete the table"} {
			if !strings.Contains(view, want) {
				t.Fatalf("no %q in\n%s", want, view)
			}
		}
		d := &modalDriver{md: c}
		seen := uitest.Press(t, d, answer)
		_, err := eng.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: "Reply"})
		if answer == "n" {
			if err != nil || !d.closed || len(seen) != 0 {
				t.Fatalf("n: err %v closed %v seen %v", err, d.closed, seen)
			}
			continue
		}
		if len(seen) != 1 || seen[0].(DoneMsg).Note != "DeleteTable Reply: deleted" || seen[0].(DoneMsg).Table != "Reply" {
			t.Fatalf("y: %#v", seen)
		}
		if err == nil {
			// DynamoDB: DELETING for a while, then gone
			out, _ := eng.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: "Reply"})
			if out.Table.TableStatus != "DELETING" {
				t.Fatalf("after y: Reply is %s", out.Table.TableStatus)
			}
		}
	}
}

// Emptying a table asks, naming the table and its item count; y deletes
// every item page by page (the table, its indexes and settings stay) and
// says how many and the WCU; the count, the bar and esc show meanwhile.
func TestEmptyTable(t *testing.T) {
	st, km := kit.NewStyles(true), keymap.DefaultKeyMap()
	eng := uitest.DemoEngine(t, "forum")
	tg, _ := uitest.Target(t, eng, "Reply", "")
	e := NewEmptyTable(st, km, eng, tg.Desc, "It is in the in-memory workspace (demo): nothing on disk changes.", false)
	e.SetSize(70, 20)
	view := ansi.Strip(e.View())
	for _, want := range []string{"Empty table Reply", "Delete every item of Reply (33 items) and keep the table?", "in-memory workspace", "y delete every item"} {
		if !strings.Contains(view, want) {
			t.Fatalf("no %q in\n%s", want, view)
		}
	}
	// one page, watched: the progress
	md, cmd := e.Update(uitest.Keys("y")[0])
	if md == nil || cmd == nil {
		t.Fatal("y closed the question")
	}
	if got := ansi.Strip(md.View()); !strings.Contains(got, "0 items deleted of 33 (0%)") || !strings.Contains(got, "esc stop") {
		t.Fatalf("running:\n%s", got)
	}
	d := &modalDriver{md: md}
	seen := uitest.Drive(t, d, cmd)
	last := seen[len(seen)-1].(DoneMsg)
	if !d.closed || last.Table != "Reply" || !strings.HasPrefix(last.Note, "emptied Reply: 33 items deleted (") {
		t.Fatalf("closed %v, %#v", d.closed, last)
	}
	out, err := eng.Scan(kit.Bg, &model.ScanInput{TableName: "Reply"})
	if err != nil || len(out.Items) != 0 {
		t.Fatalf("Reply after emptying: %d items, %v", len(out.Items), err)
	}
	if desc, _ := eng.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: "Reply"}); desc.Table.TableStatus != "ACTIVE" || len(desc.Table.LocalSecondaryIndexes) != 1 {
		t.Fatalf("Reply after emptying: %+v", desc.Table)
	}
}

// esc while the emptying runs stops it after the page under way: the
// summary says how many were deleted and that the rest are kept.
func TestEmptyTableStop(t *testing.T) {
	st, km := kit.NewStyles(true), keymap.DefaultKeyMap()
	eng := uitest.DemoEngine(t, "forum")
	tg, _ := uitest.Target(t, eng, "Reply", "")
	e := NewEmptyTable(st, km, eng, tg.Desc, "", false)
	e.SetSize(70, 20)
	md, _ := e.Update(uitest.Keys("y")[0])
	md, _ = md.Update(uitest.Keys("esc")[0])
	// the first page (all 33 keys fit one) comes back with a next key, as a long table's would
	md, cmd := md.Update(emptyPageMsg{deleted: 25, wcu: 25, next: model.Item{"ForumName": model.S("x")}})
	if md != nil || cmd == nil {
		t.Fatal("esc did not stop after the page")
	}
	if got := cmd().(DoneMsg).Note; got != "emptying Reply stopped: 25 items deleted, the rest kept" {
		t.Fatalf("note %q", got)
	}
}

// On a remote table the name is typed; when the question is taller than
// the pane (80x24), where the change lands and the name's field come
// first, so the field is always on screen.
func TestTypedFieldStaysOnScreen(t *testing.T) {
	st, km := kit.NewStyles(true), keymap.DefaultKeyMap()
	eng := uitest.DemoEngine(t, "forum")
	tg, _ := uitest.Target(t, eng, "Reply", "")
	e := NewEmptyTable(st, km, eng, tg.Desc, "On the remote endpoint: the real table.", true).
		RequireTyped("Reply", []string{"table Reply · region us-east-1 · account 000000000000", "This is the real table."})
	for _, h := range []int{18, 60} {
		e.SetSize(52, h)
		lines := strings.Split(ansi.Strip(e.View()), "\n")
		at := -1
		for i, l := range lines {
			if strings.HasPrefix(l, "type Reply to confirm: ") {
				at = i
			}
		}
		if at < 0 || at >= h {
			t.Fatalf("height %d: the field is on line %d of\n%s", h, at, strings.Join(lines, "\n"))
		}
	}
}
