package main

import (
	"path/filepath"
	"testing"
)

// 3 Query's history goes beside the workspace file, or under the user's
// configuration directory (here a temporary one), one file per in-memory
// workspace, model and remote endpoint — never inside the user's tables.
func TestExploreHistoryFile(t *testing.T) {
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	t.Setenv("HOME", t.TempDir()) // os.UserConfigDir on macOS
	t.Setenv("AppData", cfg)      // and on Windows
	if got, want := historyFile("/data/orders.db", "memory"), "/data/orders.db.history.jsonl"; got != want {
		t.Errorf("--db: %s, want %s", got, want)
	}
	for key, name := range map[string]string{
		"memory":                          "memory.jsonl",
		"model music.json":                "model_music.json.jsonl",
		"remote http://127.0.0.1:8111":    "remote_http_127.0.0.1_8111.jsonl",
		"remote AWS eu-west-1, profile p": "remote_AWS_eu-west-1_profile_p.jsonl",
	} {
		got := historyFile("", key)
		if filepath.Base(got) != name || filepath.Dir(filepath.Dir(filepath.Dir(got))) == "" {
			t.Errorf("%s: %s, want …/dynoscope/history/%s", key, got, name)
		}
	}
}
