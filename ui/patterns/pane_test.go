package patterns

import (
	"context"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	pat "github.com/dynoscope/dynoscope/patterns"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
	"github.com/dynoscope/dynoscope/ui/uitest/host"
)

// bed is the Patterns pane hosted as the root hosts it (host.Bed), at the
// pane size of a terminal of w x h, with the keyboard, on screen as 8
// shows it: the workspace's tables as the root hands them when it loads,
// then the pane shown (the check runs).
type bed struct {
	*host.Bed
	p *Model
}

func newBed(t testing.TB, api engine.API, w, h int) *bed {
	t.Helper()
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), api)
	pw, ph := uitest.PaneSize(w, h)
	b := &bed{Bed: host.New(t, p, api, pw, ph), p: p}
	b.Drive(p.SetTables(uitest.Tables(t, api)))
	b.Show(true)
	return b
}

// The Patterns pane lists every saved pattern with the checker's verdict,
// and shows the one under the cursor in detail: what serves it, by which
// key condition or why it scans, items read and returned, the units of
// one call with the engine's lines, the hot key, the budget and the
// verdict.
func TestPatternsPaneShowsTheCheckersVerdicts(t *testing.T) {
	eng := uitest.MusicEngine(t, false)
	// The verdicts the pane must show: the checker run on a twin of the
	// workspace (reads consume capacity; the results do not change).
	twin := uitest.MusicEngine(t, false)
	saved, err := pat.Saved(context.Background(), twin)
	if err != nil {
		t.Fatal(err)
	}
	want := (&pat.Checker{WS: twin}).Check(context.Background(), saved)

	m := newBed(t, eng, 120, 40) // 8 shows it: the root's TestPatternsPaneChecksAgain
	pp := m.p
	if pp.Running() {
		t.Fatal("the check did not finish")
	}
	got := pp.Patterns()
	if len(got) != len(want) {
		t.Fatalf("%d patterns listed, want %d", len(got), len(want))
	}
	for i, w := range want {
		res, fresh := pp.Result(i)
		if res == nil || !fresh {
			t.Fatalf("pattern %d: no fresh verdict", i)
		}
		if res.Pattern.Name != w.Pattern.Name || res.Served() != w.Served() || res.KeyCondition != w.KeyCondition ||
			res.RCU != w.RCU || res.WCU != w.WCU || res.ItemsRead != w.ItemsRead || res.ItemsReturned != w.ItemsReturned ||
			res.OK() != w.OK() || strings.Join(res.Failures, "|") != strings.Join(w.Failures, "|") ||
			strings.Join(res.Lines, "|") != strings.Join(w.Lines, "|") || res.HotKeyText() != w.HotKeyText() {
			t.Errorf("pattern %q: the pane has\n%+v\nthe checker says\n%+v", w.Pattern.Name, *res, w)
		}
	}
	s := m.Flat()
	for _, frag := range []string{
		"Access patterns 5 patterns on Songs · 4 passed · 1 failed",
		"✓ Song details GetItem on Songs 0.5 RCU ok",
		"✓ Top songs of a month Query on Songs/DownloadsByMonth 0.5 RCU ok",
		"✗ Songs by an artist Scan on Songs (scan) 0.5 RCU FAIL",
		"✓ Record a download PutItem on Songs 1 WCU ok",
		// the first pattern in detail
		`key Id = "1", Metadata = "Details"`,
		"items 1 item read · 1 returned",
		"capacity 0.5 RCU per call",
		"GetItem on Songs: 207 B → 1 × 4 KB, eventually consistent × 0.5 = 0.5 RCU",
		"hot key Id=1: 4 of the 5 items of Songs, 396 B of 472 B (84%)",
		"largest 207 B (an item is at most 400 KB)",
		"budget at most 0.5 RCU a call · a scan fails",
		"verdict ✓ passed",
	} {
		if !strings.Contains(s, frag) {
			t.Errorf("the pane does not show %q:\n%s", frag, m.Text())
		}
	}

	// The Scan in detail: why it scans, which index could serve it, what
	// the filter throws away, and the failure.
	m.Press("j", "j", "j")
	s = m.Flat()
	for _, frag := range []string{
		"request Scan on Songs",
		"scan reads every item of Songs: index ByArtist has partition key Artist: a Query on it reads only the matching items",
		"items 5 items read · 2 returned",
		"Scan on Songs: 5 items, 472 B → 1 × 4 KB = 1 RCU",
		"warning the filter discards 3 of the 5 items read (paid for all 5)",
		"verdict ✗ it scans: index ByArtist has partition key Artist: a Query on it reads only the matching items",
	} {
		if !strings.Contains(s, frag) {
			t.Errorf("the Scan's details do not show %q:\n%s", frag, m.Text())
		}
	}
}

// At 80x24 the details of a pattern scroll under the list (pgdn, pgup);
// another pattern shows from its first line.
func TestPatternsPaneScrollsDetails(t *testing.T) {
	m := newBed(t, uitest.MusicEngine(t, false), 80, 24)
	m.Press("j", "j", "j")
	if s := m.Flat(); strings.Contains(s, "verdict ✗") || !strings.Contains(s, "lines 1–11 of 19 · pgdn/pgup scroll") {
		t.Fatalf("the Scan's details at 80x24:\n%s", m.Text())
	}
	m.Press("pgdown")
	if s := m.Flat(); !strings.Contains(s, "verdict ✗ it scans: index ByArtist has partition key Artist") {
		t.Errorf("pgdn does not reach the verdict:\n%s", m.Text())
	}
	m.Press("pgup")
	if s := m.Flat(); !strings.Contains(s, "lines 1–11 of 19") {
		t.Errorf("pgup does not go back:\n%s", m.Text())
	}
	m.Press("pgdown", "j")
	if s := m.Flat(); !strings.Contains(s, "Record a download request PutItem on Songs") {
		t.Errorf("the next pattern does not show from its first line:\n%s", m.Text())
	}
}
