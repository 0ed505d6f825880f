package uitest

import (
	"context"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
)

// MusicFiles are the music model of package designs' tests and its
// pattern file: a table with three facets, two GSIs and five access
// patterns, one a Scan.
func MusicFiles() (model, patterns string) {
	_, here, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(here), "..", "..", "designs", "testdata")
	return filepath.Join(dir, "workbench-3.0-music.json"), filepath.Join(dir, "workbench-3.0-music.patterns.yaml")
}

// MusicEngine opens an in-memory engine at T0 with the music model and
// (unless modelOnly) its patterns loaded, as dynoscope --model does.
func MusicEngine(t testing.TB, modelOnly bool) *engine.Engine {
	t.Helper()
	eng, err := engine.Open(engine.Options{Clock: engine.NewManualClock(T0), DisableThrottling: true, DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	m, p := MusicFiles()
	files := []string{m, p}
	if modelOnly {
		files = files[:1]
	}
	if _, err := (fixtures.Loader{API: eng}).Files(context.Background(), files); err != nil {
		t.Fatal(err)
	}
	return eng
}
