package items

import (
	"strconv"
	"strings"
	"testing"
)

// headerOf is the grid's column header line of the pane.
func headerOf(p *Model) string {
	for _, l := range strings.Split(view(p), "\n") {
		if strings.HasPrefix(l, "  id") || strings.HasPrefix(l, "  id ") {
			return l
		}
	}
	return ""
}

// c opens the column chooser: space hides a column, J and K move it, s
// sorts the loaded rows by it (↑, ↓, off); the choice holds as the pages
// change. (Before, c did nothing in 2 Items.)
func TestColumnsPickOrderSort(t *testing.T) {
	eng := bigTable(t, 120)
	defer eng.Close()
	p := openTable(t, eng, "Big", 0)
	r := root{}
	if h := headerOf(p); !strings.Contains(h, "n ") || strings.Index(h, "name") > strings.Index(h, "ok") {
		t.Fatalf("header before: %q", h)
	}
	r.keys(p, "c")
	v := view(p)
	if !strings.Contains(v, "Columns") || !strings.Contains(v, "▸ [x] n") || !strings.Contains(v, "[x] tags") {
		t.Fatalf("chooser:\n%s", v)
	}
	// sort by n descending
	r.keys(p, "s", "s")
	if !strings.Contains(view(p), "[x] n sorted ↓ (the loaded rows)") {
		t.Fatalf("s s:\n%s", view(p))
	}
	// hide name (second), move tags (fourth) to the top
	r.keys(p, "j", "space", "j", "j", "K", "K", "K", "enter")
	h := headerOf(p)
	if strings.Contains(h, "name") {
		t.Fatalf("name still shown: %q", h)
	}
	if ti, ni := strings.Index(h, "tags"), strings.Index(h, "n ↓"); ti < 0 || ni < 0 || ti > ni {
		t.Fatalf("want tags first, then n sorted ↓: %q", h)
	}
	if !strings.Contains(view(p), "loaded rows sorted by n ↓") {
		t.Fatalf("position line does not say the sort:\n%s", view(p))
	}
	rows := p.Rows()
	max := 0
	for _, it := range rows {
		n, _ := strconv.Atoi(it["n"].N)
		if n > max {
			max = n
		}
	}
	if first, _ := strconv.Atoi(rows[0]["n"].N); first != max {
		t.Fatalf("first row n=%d, the largest loaded is %d", first, max)
	}
	// the choice holds when the rows are read again
	r.run(p, p.Refresh())
	if h2 := headerOf(p); h2 != h {
		t.Fatalf("after a refresh %q, was %q", h2, h)
	}
	// s a third time: no sort
	r.keys(p, "c", "j", "s", "esc")
	if strings.Contains(view(p), "sorted by") {
		t.Fatalf("sort not off:\n%s", view(p))
	}
}
