package ui

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine/remote"
	"github.com/dynoscope/dynoscope/engine/remote/remotetest"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/internal/recent"
)

// O on a remote workspace opens the switcher; another endpoint URL typed,
// enter puts that endpoint's tables in place of the first's, read-only as
// it was started, and the recent list on disk has it first. Without
// Options.Remote (the embedded engine), O says what it is for.
func TestSwitchTheRemoteEndpoint(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	forum, music := demoEngine(t, "forum"), demoEngine(t, "product-catalog")
	urlForum, urlOther := remotetest.Serve(t, forum), remotetest.Serve(t, music)
	b := openRemote(t, urlForum, false, "")
	file := recent.File(t.TempDir())
	var opened []remoteapi.Location
	opts := Options{Workspace: b.Location().String(), Now: func() time.Time { return t0 }, Remote: &RemoteOpener{
		Recent:   file,
		Profiles: func() ([]remoteapi.Profile, error) { return nil, nil },
		Open: func(ctx context.Context, loc remoteapi.Location) (Opened, error) {
			opened = append(opened, loc)
			nb := openRemote(t, loc.Endpoint, false, "")
			return Opened{API: nb, Label: nb.Location().String(), History: filepath.Join(t.TempDir(), "h.jsonl")}, nil
		}}}
	m := newModelWith(t, b, opts, 120, 40)
	if !strings.Contains(screen(m), "Thread") {
		t.Fatalf("forum's tables not shown:\n%s", screen(m))
	}
	press(t, m, "O")
	if !strings.Contains(screen(m), "Open another endpoint") {
		t.Fatalf("O did not open the switcher:\n%s", screen(m))
	}
	press(t, m, "up", "end", "ctrl+u") // the endpoint URL
	typeIn(t, m, urlOther)
	press(t, m, "enter")
	if len(opened) != 1 || opened[0].Endpoint != urlOther || opened[0].Write {
		t.Fatalf("opened %+v", opened)
	}
	loc, ok := m.home.api.(*remote.Backend)
	if !ok || loc.Location().Endpoint != urlOther || loc.Location().Write {
		t.Fatalf("the workspace is %T", m.home.api)
	}
	s := screen(m)
	if strings.Contains(s, "Thread") || !strings.Contains(s, "ProductCatalog") || !strings.Contains(s, "opened "+urlOther+", read-only") {
		t.Fatalf("after the switch:\n%s", s)
	}
	list, err := recent.Load(file)
	if err != nil || len(list) == 0 || list[0].Endpoint != urlOther {
		t.Fatalf("recent list %+v %v", list, err)
	}

	local := newTestModel(t, demoEngine(t, "forum"), 120, 40)
	press(t, local, "O")
	if !strings.Contains(statusBar(local), "O opens another profile, region or endpoint of a remote workspace") {
		t.Fatalf("O on the embedded engine: %q", statusBar(local))
	}
}
