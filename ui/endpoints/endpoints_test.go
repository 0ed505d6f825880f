package endpoints

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/internal/recent"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// box holds the switcher as the root does; the endpoint it announces is
// kept.
type box struct {
	m      forms.Modal
	reopen []remoteapi.Location
}

func (b *box) Update(msg tea.Msg) tea.Cmd {
	if r, ok := msg.(kit.ReopenMsg); ok {
		b.reopen = append(b.reopen, r.Loc)
		return nil
	}
	if b.m == nil {
		return nil
	}
	next, cmd := b.m.Update(msg)
	b.m = next
	return cmd
}

func (b *box) View() string { return b.m.View() }

var cur = remoteapi.Location{Region: "us-east-1", Endpoint: "http://127.0.0.1:8000"}

func profiles() ([]remoteapi.Profile, error) {
	return []remoteapi.Profile{{Name: "default", Region: "eu-west-1"}, {Name: "prod", Region: "us-east-2"}}, nil
}

// open opens the switcher at cur with two recent endpoints on file.
func open(t *testing.T) (*box, *Switcher, string) {
	t.Helper()
	file := recent.File(t.TempDir())
	t0 := time.Date(2026, 11, 28, 3, 0, 0, 0, time.UTC)
	recent.Add(file, recent.Endpoint{Region: "eu-west-1", Profile: "prod"}, t0)
	recent.Add(file, recent.Of(cur), t0.Add(time.Minute))
	s, cmd := New(kit.NewStyles(true), keymap.DefaultKeyMap(), cur, profiles, file)
	s.SetSize(uitest.PaneW, uitest.PaneH)
	b := &box{m: s}
	uitest.Drive(t, b, cmd)
	return b, s, file
}

// A profile, a region and no endpoint URL: enter announces AWS in that
// region with that profile; the profile's region follows the profile when
// the region field held the previous one's.
func TestSwitchToAProfileAndRegion(t *testing.T) {
	b, s, _ := open(t)
	uitest.Press(t, b, "enter")
	if b.m == nil || len(b.reopen) != 0 || !strings.Contains(s.why, "that is where the workspace points now") {
		t.Fatalf("enter on the open endpoint: reopen %v, why %q", b.reopen, s.why)
	}
	uitest.Press(t, b, "up", "end", "ctrl+u")  // the endpoint URL cleared
	uitest.Press(t, b, "up", "end", "ctrl+u")  // the region cleared
	uitest.Press(t, b, "up", "right", "right") // profile prod: its region
	if s.profileName() != "prod" || s.region.String() != "us-east-2" {
		t.Fatalf("profile %q region %q", s.profileName(), s.region.String())
	}
	uitest.Press(t, b, "left") // default: its region replaces prod's
	if s.profileName() != "default" || s.region.String() != "eu-west-1" {
		t.Fatalf("profile %q region %q", s.profileName(), s.region.String())
	}
	uitest.Press(t, b, "enter")
	want := remoteapi.Location{Region: "eu-west-1", Profile: "default"}
	if b.m != nil || len(b.reopen) != 1 || b.reopen[0] != want {
		t.Fatalf("announced %+v (closed %v), want %+v", b.reopen, b.m == nil, want)
	}
}

// The recent endpoints are listed newest first; delete forgets one (on
// disk), enter on one opens it.
func TestSwitchToARecentEndpoint(t *testing.T) {
	b, s, file := open(t)
	view := uitest.Frame(b.View(), uitest.PaneW, uitest.PaneH)
	first, second := strings.Index(view, "http://127.0.0.1:8000 (us-east-1)"), strings.Index(view, "AWS eu-west-1, profile prod")
	if first < 0 || second < first {
		t.Fatalf("recent endpoints not listed newest first:\n%s", view)
	}
	uitest.Press(t, b, "down", "delete")
	list, _ := recent.Load(file)
	if len(list) != 1 || len(s.recent) != 1 || list[0].Profile != "prod" {
		t.Fatalf("after delete: file %+v, shown %+v", list, s.recent)
	}
	uitest.Press(t, b, "enter")
	want := remoteapi.Location{Region: "eu-west-1", Profile: "prod"}
	if len(b.reopen) != 1 || b.reopen[0] != want {
		t.Fatalf("announced %+v, want %+v", b.reopen, want)
	}
}

// The switcher at 120x40 and 80x24: the endpoint open, the form, the
// recent list (at 80 columns without the dates, the endpoints whole).
func TestGoldenSwitcher(t *testing.T) {
	b, s, _ := open(t)
	uitest.Golden(t, b, uitest.PaneW, uitest.PaneH)
	t.Run("80x24", func(t *testing.T) {
		s.SetSize(uitest.SmallPaneW, uitest.SmallPaneH)
		uitest.Golden(t, b, uitest.SmallPaneW, uitest.SmallPaneH)
	})
}

// A long recent list scrolls at 80x24: the row under the cursor stays on
// screen.
func TestRecentListScrolls(t *testing.T) {
	file := recent.File(t.TempDir())
	t0 := time.Date(2026, 11, 28, 3, 0, 0, 0, time.UTC)
	for i := range recent.Keep {
		recent.Add(file, recent.Endpoint{Region: "us-east-1", Endpoint: fmt.Sprintf("http://127.0.0.1:%d", 9000+i)}, t0.Add(time.Duration(i)*time.Minute))
	}
	s, cmd := New(kit.NewStyles(true), keymap.DefaultKeyMap(), cur, nil, file)
	s.SetSize(uitest.SmallPaneW, uitest.SmallPaneH)
	b := &box{m: s}
	uitest.Drive(t, b, cmd)
	for range recent.Keep {
		uitest.Press(t, b, "tab") // from [ open ] down to the last row: the oldest endpoint
	}
	view := uitest.Frame(b.View(), uitest.SmallPaneW, uitest.SmallPaneH)
	if !strings.Contains(view, "▸ http://127.0.0.1:9000 (us-east-1)") || strings.Contains(view, "http://127.0.0.1:9019") {
		t.Fatalf("the row under the cursor is not on screen:\n%s", view)
	}
}
