package items

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/ui/uitest"
)

// TestAnimalTypeLeftOut browses schema-demo's animal_type GSI: Freddie is
// the only item in it; the left-out list shows the others with the
// engine's reasons, violations marked.
func TestAnimalTypeLeftOut(t *testing.T) {
	eng := uitest.DemoEngine(t, "schema-demo")
	m := newBed(t, eng, 120, 40, 0)
	m.browse("schema-demo", "animal_type") // its sidebar badge: ui/sidebar's TestAnimalTypeBadge
	if rows := m.it.Rows(); len(rows) != 1 || rows[0]["name"].S != "Freddie" {
		t.Fatalf("animal_type rows %v, want Freddie alone", rows)
	}
	m.Press("o")
	left, whole := m.it.LeftOutItems()
	if left == nil {
		t.Fatal("no left-out list")
	}
	type row struct {
		name, reason string
		violation    bool
	}
	var got []row
	for i, l := range left {
		got = append(got, row{whole[i]["name"].S, l.Reason, l.Violation})
	}
	want := map[string]row{
		"Zuzi":   {"Zuzi", "admitted is S, index wants N", true},
		"Otis":   {"Otis", "admitted is S, index wants N", true},
		"Ed":     {"Ed", "no admitted", false},
		"Scampi": {"Scampi", "no admitted", false},
	}
	if len(got) != len(want) {
		t.Fatalf("left out %+v", got)
	}
	for _, r := range got {
		if want[r.name] != r {
			t.Errorf("left out %+v, want %+v", r, want[r.name])
		}
	}
	view := m.Text()
	for _, s := range []string{"left out: 4 of 5 table items", "! admitted is S, index wants N", "no admitted", "Zuzi", "Otis", "Ed", "Scampi"} {
		if !strings.Contains(view, s) {
			t.Errorf("screen lacks %q:\n%s", s, view)
		}
	}
	m.Press("o")
	if m.it.LeftOutOpen() {
		t.Fatal("o again goes back to the index")
	}
}
