package capacity

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
	"github.com/dynoscope/dynoscope/ui/uitest/host"
)

// bed is the Capacity pane hosted as the root hosts it (host.Bed), at the
// pane size of a terminal of w x h.
type bed struct {
	*host.Bed
	p *Model
}

func newBed(t testing.TB, api engine.API, w, h int) *bed {
	t.Helper()
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), api, "", false)
	t.Cleanup(p.Close)
	pw, ph := uitest.PaneSize(w, h)
	return &bed{Bed: host.New(t, p, api, pw, ph), p: p}
}

// browse selects table and shows the pane, as 4 does.
func (m *bed) browse(table string) {
	m.T.Helper()
	m.Select(table, "")
	m.Show(true)
}

// boxed is the pane between the sides of the root's pane box ("│"), so a
// line that fills the pane ends at the box's right side.
func (m *bed) boxed() string {
	ls := strings.Split(m.Screen(), "\n")
	for i, l := range ls {
		ls[i] = "│" + l + "│"
	}
	return strings.Join(ls, "\n")
}

// At 120x40 the Capacity pane's header and traffic lines wrap instead of
// ending in "…" (what is left of the write bucket, the workload's hint);
// the charts keep their room.
func TestCapacityHeaderWrapsWhenThereIsRoom(t *testing.T) {
	m := newBed(t, uitest.DemoEngine(t, "iot-device-reports"), 120, 40)
	m.browse("DeviceReports")
	s := m.Flat()
	for _, want := range []string{
		"write 40,000 of 40,000",
		"the generator's own table: one partition, which takes at most 1,000 WCU a second (per second of engine time)",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("want %q on\n%s", want, m.Text())
		}
	}
	if n := strings.Count(m.Text(), "┤"); n < 2*6 {
		t.Errorf("the charts have %d rows in all, want at least 12:\n%s", n, m.Text())
	}
}

// A table whose name leaves no room for the limits as written: they are
// abbreviated as the warm throughput is ("R", "W"), whole.
func TestCapacityTitleAt80x24AbbreviatesTheLimits(t *testing.T) {
	m := newBed(t, uitest.DemoEngine(t, "vertical-partitioning"), 80, 24)
	m.browse("CustomerDocuments")
	if s := m.boxed(); !strings.Contains(s, "ON-DEMAND ≤ 40,000 R / 40,000 W│") {
		t.Errorf("want the limits abbreviated, whole, on\n%s", s)
	}
}
