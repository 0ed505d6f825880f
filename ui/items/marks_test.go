package items

import (
	"strings"
	"testing"
)

// space marks the row under the cursor (again: unmarks), * every loaded
// row, M every row the filter matches, u clears them; the header counts
// the marks and each marked row shows "•". (Before, none of these keys
// did anything.)
func TestMarksKeysAndHeaderCount(t *testing.T) {
	eng := ordersTable(t, 30)
	p := openTable(t, eng, "Orders", 0)
	var r root
	r.keys(p, "space")
	if v := view(p); !strings.Contains(v, "• 1 marked") || !strings.Contains(v, "▸•") {
		t.Fatalf("space: no mark shown:\n%s", v)
	}
	r.keys(p, "j", "space", "j")
	if v := view(p); !strings.Contains(v, "• 2 marked") || strings.Count(v, "•") != 3 {
		t.Fatalf("two marks:\n%s", v)
	}
	r.keys(p, "k", "space")
	if v := view(p); !strings.Contains(v, "• 1 marked") {
		t.Fatalf("space again did not unmark:\n%s", v)
	}
	r.keys(p, "*")
	if len(p.marks) != 30 || !strings.Contains(view(p), "• 30 marked") || !strings.Contains(r.lastFlash(), "marked 29 items more") {
		t.Fatalf("*: %d marked, flash %q", len(p.marks), r.lastFlash())
	}
	r.keys(p, "u")
	if len(p.marks) != 0 || strings.Contains(view(p), "marked") {
		t.Fatalf("u left %d marks", len(p.marks))
	}
	// M: the rows the filter keeps
	r.keys(p, "M")
	if !strings.Contains(r.lastFlash(), "no filter to mark by") {
		t.Fatalf("M without a filter: %q", r.lastFlash())
	}
	r.keys(p, "/", "paid", "enter", "M")
	if len(p.marks) != 10 || !strings.Contains(view(p), "• 10 marked") {
		t.Fatalf("M with /paid: %d marked, want the 10 PAID orders\n%s", len(p.marks), view(p))
	}
	for _, it := range p.markedItems() {
		if it["status"].S != "PAID" {
			t.Fatalf("marked %v", it)
		}
	}
}

// Marks stay on their items while the window slides past them (three
// pages in memory) and come back marked.
func TestMarksOutliveTheWindow(t *testing.T) {
	eng := bigTable(t, 1_000)
	defer eng.Close()
	p := openTable(t, eng, "Big", 50)
	var r root
	r.keys(p, "space")
	first, _ := p.Current()
	for i := 0; i < 12; i++ {
		r.keys(p, "pgdown")
	}
	if p.first == 0 {
		t.Fatal("the window did not move")
	}
	r.keys(p, "g")
	if it, _ := p.Current(); p.markKey(it) != p.markKey(first) || !p.marked(p.cursorRow()) {
		t.Fatalf("back at the top the first row is not marked:\n%s", view(p))
	}
}
