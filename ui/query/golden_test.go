package query

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// queryOn is the Query pane of api on table (and index) at w x h, with
// the keyboard, as 3 shows it after the sidebar's selection.
func queryOn(t *testing.T, api engine.API, table, index string, w, h int) *Model {
	t.Helper()
	q := New(kit.NewStyles(true), keymap.DefaultKeyMap(), api, func(string) error { return nil }, "")
	q.SetSize(w, h)
	q.SetFocus(true)
	tg, info := uitest.Target(t, api, table, index)
	uitest.Drive(t, q, q.SetTarget(tg, info))
	return q
}

// A Query of Thread's LSI with a key condition (between two dates), a
// projection, and its result: the items, Count and ScannedCount, the
// capacity itemised, at the pane size of a 120x40 terminal.
func TestGoldenQueryPane(t *testing.T) {
	eng := uitest.DemoEngine(t)
	q := queryOn(t, eng, "Thread", "LastPostIndex", uitest.PaneW, uitest.PaneH)
	uitest.Press(t, q, "j", "j")
	uitest.Press(t, q, "enter", "EC2", "enter")
	uitest.Press(t, q, "j", "l", "l", "l", "l", "l", "l", "j")
	uitest.Press(t, q, "enter", "2012-08-31T00:00:00.000Z", "enter")
	uitest.Press(t, q, "j")
	uitest.Press(t, q, "enter", "2012-11-31T00:00:00.000Z", "enter")
	uitest.Press(t, q, "j", "j", "j", "j")
	uitest.Press(t, q, "enter", "Subject, LastPostDateTime, Replies, Tags", "enter")
	uitest.Press(t, q, "r")
	uitest.Golden(t, q, uitest.PaneW, uitest.PaneH)
}

// transactionGolden builds a two-action transaction in the query builder
// at w x h and runs it: a new profile that may take an email only if
// customer c-1001 does not have it (a ConditionCheck returning the item
// it met). c-1001 has it: the transaction is cancelled, action 2 failed.
func transactionGolden(t *testing.T, w, h int) {
	q := queryOn(t, uitest.DemoEngine(t), "CustomerDocuments", "", w, h)
	uitest.Press(t, q, "m", "m")
	uitest.Press(t, q, "a", "j", "j")
	uitest.Press(t, q, "enter", `PK = "CUSTOMER#c-2002", SK = PROFILE, Email = "m.dekker@example.com"`, "enter")
	uitest.Press(t, q, "j")
	uitest.Press(t, q, "enter", "attribute_not_exists(PK)", "enter")
	uitest.Press(t, q, "a", "l", "l", "l", "j", "j")
	uitest.Press(t, q, "enter", "CUSTOMER#c-1001", "enter")
	uitest.Press(t, q, "j")
	uitest.Press(t, q, "enter", "PROFILE", "enter")
	uitest.Press(t, q, "j")
	uitest.Press(t, q, "enter", "Email <> :e", "enter")
	uitest.Press(t, q, "j", "j")
	uitest.Press(t, q, "enter", `:e = "m.dekker@example.com"`, "enter")
	uitest.Press(t, q, "j", "l", "r")
	if f := uitest.Frame(q.View(), w, h); !strings.Contains(f, "this action failed") {
		t.Fatalf("the transaction's result:\n%s", f)
	}
	uitest.Golden(t, q, w, h)
}

func TestGoldenTransaction(t *testing.T) { transactionGolden(t, uitest.PaneW, uitest.PaneH) }

func TestGoldenTransactionSmall(t *testing.T) {
	transactionGolden(t, uitest.SmallPaneW, uitest.SmallPaneH)
}

// The PartiQL editor at 120x40: a statement with a parameter on Thread,
// its verdict (a Query) and what running it read and cost.
func TestGoldenPartiQL(t *testing.T) {
	q := queryOn(t, uitest.DemoEngine(t), "Thread", "", uitest.PaneW, uitest.PaneH)
	uitest.Press(t, q, "M")
	if f := uitest.Frame(q.View(), uitest.PaneW, uitest.PaneH); !strings.Contains(f, "⚠ Scan of Thread") {
		t.Fatalf("the editor's first verdict:\n%s", f)
	}
	uitest.Press(t, q, "j", "enter", "end", " WHERE ForumName = ?", "enter", "j")
	uitest.Press(t, q, "enter", `"EC2"`, "enter")
	if f := uitest.Frame(q.View(), uitest.PaneW, uitest.PaneH); !strings.Contains(f, "✓ Query on Thread") {
		t.Fatalf("the verdict with the parameter:\n%s", f)
	}
	uitest.Press(t, q, "r")
	uitest.Golden(t, q, uitest.PaneW, uitest.PaneH)
}

// The PartiQL editor at 80x24 while the statement is typed: the names
// offered, and the verdict before anything runs (a Scan: the WHERE does
// not name the partition key).
func TestGoldenPartiQLSmall(t *testing.T) {
	w, h := uitest.SmallPaneW, uitest.SmallPaneH
	q := queryOn(t, uitest.DemoEngine(t), "Thread", "", w, h)
	uitest.Press(t, q, "M")
	if f := uitest.Frame(q.View(), w, h); !strings.Contains(f, "⚠ Scan of Thread") {
		t.Fatalf("the editor's first verdict:\n%s", f)
	}
	uitest.Press(t, q, "j", "enter", "end", " WHERE Vi", "tab", " > 100")
	f := uitest.Frame(q.View(), w, h)
	for _, want := range []string{"then keeps Views > 100", "Thread: ForumName"} {
		if !strings.Contains(f, want) {
			t.Fatalf("no %q while typing:\n%s", want, f)
		}
	}
	uitest.Golden(t, q, w, h)
}

// codeSwitch is 3 Query on the music model's Songs at w x h, served (for
// the code's endpoint) on 127.0.0.1:8000, with song 1's key typed; copied
// collects what c puts on the clipboard.
func codeSwitch(t *testing.T, w, h int, copied *[]string) *Model {
	t.Helper()
	eng := uitest.MusicEngine(t, false)
	q := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, func(s string) error { *copied = append(*copied, s); return nil }, "127.0.0.1:8000")
	q.SetSize(w, h)
	q.SetFocus(true)
	tg, info := uitest.Target(t, eng, "Songs", "")
	uitest.Drive(t, q, q.SetTarget(tg, info))
	uitest.Press(t, q, "j", "j")
	uitest.Press(t, q, "enter", "1", "enter")
	return q
}

// 3 Query at 120x40: a Query of song 1's items as a Go program, pointed
// at the served address.
func TestGoldenCodeSwitch(t *testing.T) {
	var copied []string
	q := codeSwitch(t, uitest.PaneW, uitest.PaneH, &copied)
	uitest.Press(t, q, "L")
	if f := uitest.Frame(q.View(), uitest.PaneW, uitest.PaneH); !strings.Contains(f, "Go (aws-sdk-go-v2)  the Query of the builder") {
		t.Fatalf("L did not show the Go program:\n%s", f)
	}
	uitest.Golden(t, q, uitest.PaneW, uitest.PaneH)
}

// The same request as Python at 80x24, copied: the program goes on the
// clipboard and the pane says so above it.
func TestGoldenCodeSwitchSmall(t *testing.T) {
	var copied []string
	q := codeSwitch(t, uitest.SmallPaneW, uitest.SmallPaneH, &copied)
	uitest.Press(t, q, "L", "L", "c")
	if f := uitest.Frame(q.View(), uitest.SmallPaneW, uitest.SmallPaneH); !strings.Contains(f, "copied the Python program") || len(copied) != 1 || !strings.Contains(copied[0], "import boto3") {
		t.Fatalf("c copied %q; the pane:\n%s", copied, f)
	}
	uitest.Golden(t, q, uitest.SmallPaneW, uitest.SmallPaneH)
}
