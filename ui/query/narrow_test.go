package query

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/ui/uitest"
)

// At 80 columns a Query's result keeps its figures: the RCU beside the
// counts and the itemised explanation wrap rather than end in "…".
// (Before: "25 items (Count 25, ScannedCount 25) · 0.5 R… last page".)
func TestQueryResultAt80ColumnsKeepsItsFigures(t *testing.T) {
	m := newBed(t, uitest.DemoEngine(t, "iot-device-reports"), 80, 24)
	m.Select("DeviceReports", "")
	gotoRow(t, m, "partition key")
	typeText(t, m, "d#1012")
	press(t, m, "r")
	press(t, m, "g")
	for _, w := range []string{
		"25 items (Count 25, ScannedCount 25) · 0.5 RCU last page",
		"Query on DeviceReports: 25 items, 2.8 KB → 1 × 4 KB = 1 RCU",
		"eventually consistent × 0.5 = 0.5 RCU",
	} {
		if !strings.Contains(flat(m), w) {
			t.Errorf("want %q on\n%s", w, screen(m))
		}
	}
}

// Once the name being typed is a whole attribute name, the editor says so
// instead of "none starts with Battery".
func TestPartiQLHintOnAWholeName(t *testing.T) {
	m := newBed(t, uitest.DemoEngine(t, "iot-device-reports"), 120, 40)
	toPartiQL(t, m, "DeviceReports", "")
	gotoPQRow(t, m, "statement")
	press(t, m, "enter", "ctrl+u")
	typeIn(t, m, `SELECT * FROM "DeviceReports" WHERE Batt`)
	press(t, m, "tab")
	if got := m.q.PartiQL().Statement; !strings.HasSuffix(got, "WHERE Battery") {
		t.Fatalf("tab did not complete: %q", got)
	}
	if s := flat(m); !strings.Contains(s, "attributes of DeviceReports: Battery") || strings.Contains(s, "none starts with") {
		t.Fatalf("the hint on a whole name:\n%s", screen(m))
	}
	typeIn(t, m, "x")
	if !strings.Contains(flat(m), "attributes of DeviceReports: none starts with Batteryx") {
		t.Fatalf("the hint on no name:\n%s", screen(m))
	}
}
