package server_test

import (
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
)

// TestUpdateTableClassLimit: DynamoDB allows a table two table class changes
// in a trailing 30-day period (docs/FIDELITY.md, UpdateTable); the third is
// LimitExceededException and changes nothing. The window runs on the
// engine's clock; asking for the class the table has is no change and is
// not counted.
func TestUpdateTableClassLimit(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	mustCreate(t, srv, "Archive")
	const (
		ia       = "STANDARD_INFREQUENT_ACCESS"
		standard = "STANDARD"
		limit    = "Subscriber limit exceeded: TableClass can be updated at most 2 times in a trailing 30-day period"
	)
	day := 24 * time.Hour
	steps := []struct {
		at      time.Duration // since the table's creation
		class   string
		refused bool
		want    string // the class DescribeTable shows after the step
	}{
		{0, ia, false, ia},
		{day, standard, false, standard},
		{2 * day, ia, true, standard},
		{2 * day, standard, false, standard}, // the current class: no change, not counted
		{29 * day, ia, true, standard},
		{30*day + time.Second, ia, false, ia}, // the first change has left the window
		{30*day + 2*time.Second, standard, true, ia},
		{31*day + time.Second, standard, false, standard},
	}
	for _, s := range steps {
		srv.clock.Set(fidelityStart.Add(s.at))
		body := `{"TableName":"Archive","TableClass":"` + s.class + `"}`
		if s.refused {
			srv.rawError(t, "UpdateTable", body, "LimitExceededException", limit)
		} else if status, out := srv.raw(t, "UpdateTable", body); status != 200 {
			t.Fatalf("after %v: UpdateTable to %s: %d %v", s.at, s.class, status, out)
		}
		_, out := srv.raw(t, "DescribeTable", `{"TableName":"Archive"}`)
		table, _ := out["Table"].(map[string]any)
		summary, _ := table["TableClassSummary"].(map[string]any)
		got, _ := summary["TableClass"].(string)
		if summary == nil {
			got = standard
		}
		if got != s.want {
			t.Errorf("after %v (%s): TableClass %s, want %s", s.at, s.class, got, s.want)
		}
	}
}
