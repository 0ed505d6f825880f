package items

import (
	"sort"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
	"github.com/dynoscope/dynoscope/ui/uitest/host"
)

// At 80 columns the item view keeps the item's key, its capacity units and
// every character of a long value: the title and the figures wrap, a JSON
// line wider than the pane goes on under itself. (Before, the title read
// "Messages ▸ ite…" with the key cut away, and a long Body ended in "…".)
func TestItemViewAt80ColumnsKeepsKeyAndValues(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	p := newBed(t, eng, 80, 24, 0)
	p.browse("Thread", "")
	p.Press("enter")
	open, ok := host.Last[kit.OpenItemMsg](p.Bed)
	if !ok {
		t.Fatalf("enter opened no item:\n%s", p.Text())
	}
	// the item view the root opens over the pane, at its size
	v, load := NewItemView(p.St, p.Km, eng, open)
	m := host.New(t, v, eng, p.W, p.H)
	m.Drive(load)
	item := v.Item()
	if item == nil {
		t.Fatalf("no item open:\n%s", m.Text())
	}
	key := "ForumName=" + item["ForumName"].S + " · Subject=" + item["Subject"].S
	if !strings.Contains(m.Flat(), key) || !strings.Contains(m.Flat(), "write 1 WCU") {
		t.Fatalf("want the key %q and the write units on\n%s", key, m.Text())
	}
	// scroll to the message and read it whole
	msg := item["Message"].S
	if len(msg) < 60 {
		t.Fatalf("the first Thread item's Message is short (%q): pick another", msg)
	}
	for i := 0; i < 40 && !strings.Contains(m.Flat(), `"Message"`); i++ {
		m.Press("j")
	}
	for i := 0; i < 5 && !strings.Contains(m.Flat(), `"PostedBy"`); i++ {
		m.Press("j")
	}
	if !strings.Contains(m.Flat(), msg) {
		t.Fatalf("the Message %q is not whole on\n%s", msg, m.Text())
	}
}

// When a table's key columns fill the items pane (CustomerDocuments at 80
// columns: PK and SK leave no room), → makes them give way and shows the
// attributes from the first on; ← back to the start shows the keys whole.
// (Before, → changed only the "+34 →" count: no attribute was ever seen.)
func TestItemsScrollRightWhenKeysFillThePane(t *testing.T) {
	m := newBed(t, uitest.DemoEngine(t, "vertical-partitioning"), 80, 24, 0)
	m.browse("CustomerDocuments", "")
	header := func() string { return m.lineWith("PK ") }
	if h := header(); !strings.Contains(h, "+") || strings.Contains(h, "City") {
		t.Fatalf("at the start: %q", h)
	}
	seen := map[string]bool{"PK": true, "SK": true}
	var names []string // the attribute columns, in the grid's order (by name)
	for _, it := range m.it.Rows() {
		for n := range it {
			if !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	sort.Strings(names)
	cols, first := len(names), names[0]
	m.Press("l")
	if h := header(); !strings.Contains(h, first) || !strings.Contains(h, "←") {
		t.Fatalf("after →, want the first attribute %q beside the keys: %q\n%s", first, h, m.Text())
	}
	for i := 0; i < cols+5; i++ {
		m.Press("l")
	}
	last := names[cols-1]
	if h := header(); !strings.Contains(h, last[:min(len(last), 6)]) {
		t.Fatalf("at the far right, want the last attribute %q: %q", last, h)
	}
	for i := 0; i < cols+5; i++ {
		m.Press("h")
	}
	if h := header(); !strings.Contains(h, "SK ▲") || strings.Contains(h, "←") {
		t.Fatalf("back at the start, want the keys whole: %q", h)
	}
}
