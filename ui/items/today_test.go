package items

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The index browser of an index whose key has several sort attributes:
// the key attributes first, in KeySchema order, each marked with its
// place.
func TestIndexBrowserKeyAttributesFirst(t *testing.T) {
	eng := uitest.DemoEngine(t, "composite-sort-keys")
	m := newBed(t, eng, 120, 40, 0)
	m.browse("CartLines", "PositionIndex")
	if h := m.lineWith("Section ▲1"); !strings.Contains(h, "  UserID   │ Section ▲1 │ Status ▲2 │ Position ▲3 │ SK") {
		t.Fatalf("index columns %q", h)
	}
}
