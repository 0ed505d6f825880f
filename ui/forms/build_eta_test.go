package forms

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The watch tells the time the backfill has left from the rate it
// measured between its looks (wall time, the backfill's pace), and says
// it is measuring until a second has passed with items read.
func TestBuildWatchTimeLeft(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		looks []buildPollMsg // gen and hasProgress filled in
		want  string
	}{
		{"one look", []buildPollMsg{{at: t0, progress: engine.BackfillProgress{Scanned: 100, Total: 10000}}},
			"time left: measuring the rate…"},
		{"too soon to tell", []buildPollMsg{
			{at: t0, progress: engine.BackfillProgress{Scanned: 100, Total: 10000}},
			{at: t0.Add(150 * time.Millisecond), progress: engine.BackfillProgress{Scanned: 200, Total: 10000}}},
			"time left: measuring the rate…"},
		{"nothing read meanwhile", []buildPollMsg{
			{at: t0, progress: engine.BackfillProgress{Scanned: 100, Total: 10000}},
			{at: t0.Add(3 * time.Second), progress: engine.BackfillProgress{Scanned: 100, Total: 10000}}},
			"time left: measuring the rate…"},
		{"the explorer's pace", []buildPollMsg{
			{at: t0, progress: engine.BackfillProgress{Scanned: 0, Total: 100000}},
			{at: t0.Add(2 * time.Second), progress: engine.BackfillProgress{Scanned: 1250, Total: 100000}}},
			"time left: about 2 min 38 s (625 items a second)"},
		{"engine speed", []buildPollMsg{
			{at: t0, progress: engine.BackfillProgress{Scanned: 0, Total: 1000000}},
			{at: t0.Add(time.Second), progress: engine.BackfillProgress{Scanned: 118000, Total: 1000000}}},
			"time left: about 7 s (118,000 items a second)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBuildWatch(kit.NewStyles(true), keymap.DefaultKeyMap(), nil, "T", "byG")
			b.SetSize(100, 30)
			for _, m := range tt.looks {
				m.gen, m.hasProgress, m.status, m.items = b.gen, true, "BACKFILLING", m.progress.Total
				b.Update(m)
			}
			if v := ansi.Strip(b.View()); !strings.Contains(v, tt.want) {
				t.Fatalf("want %q in\n%s", tt.want, v)
			}
		})
	}
}

// A workspace reopened in the middle of a build resumes it, and the watch
// opened over it shows the build where it stopped, not at 0 %.
func TestWatchBuildOfAResumedBackfill(t *testing.T) {
	opts := engine.Options{Path: filepath.Join(t.TempDir(), "w.db"), DisableTTLSweeper: true, DisableThrottling: true,
		BackfillBatchSize: 10, BackfillPause: time.Hour}
	eng, err := engine.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := eng.CreateTable(ctx, &model.CreateTableInput{TableName: "Big", BillingMode: model.BillingPayPerRequest,
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}},
		KeySchema:            []model.KeySchemaElement{{AttributeName: "pk", KeyType: "HASH"}}}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: "Big", Item: model.Item{"pk": model.S(fmt.Sprint(i)), "g": model.S("x")}}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := eng.UpdateTable(ctx, &model.UpdateTableInput{TableName: "Big",
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "g", AttributeType: "S"}},
		GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Create: &model.GlobalSecondaryIndex{IndexName: "byG",
			KeySchema: []model.KeySchemaElement{{AttributeName: "g", KeyType: "HASH"}}, Projection: model.Projection{ProjectionType: "KEYS_ONLY"}}}}}); err != nil {
		t.Fatal(err)
	}
	waitRead(t, eng, 10) // the first batch; then an hour's pause
	eng.Close()

	eng, err = engine.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	waitRead(t, eng, 20) // the resumed build's first batch
	b, cmd := WatchBuild(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, "Big", "byG", false)
	b.SetSize(100, 30)
	b.Update(cmd())
	v := ansi.Strip(b.View())
	for _, want := range []string{"status  BACKFILLING", "backfill: 20 of 200 table items read · 20 indexed", " 10%", "time left: measuring the rate…"} {
		if !strings.Contains(v, want) {
			t.Errorf("want %q in\n%s", want, v)
		}
	}
}

// waitRead waits until the build of Big/byG has read n items (the backfill
// is a goroutine: this waits for it, not for time to pass).
func waitRead(t *testing.T, eng *engine.Engine, n int64) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if p, ok := eng.IndexBuildProgress("Big", "byG"); ok && p.Scanned >= n {
			return
		}
	}
	t.Fatalf("the build never read %d items", n)
}

// At 80x24 (a pane 52 wide) the watch's status note and its last line
// wrap instead of being cut.
func TestBuildWatchWrapsAt80Columns(t *testing.T) {
	b := NewBuildWatch(kit.NewStyles(true), keymap.DefaultKeyMap(), nil, "Big", "byG")
	b.SetSize(52, 19)
	b.Update(buildPollMsg{gen: b.gen, status: "BACKFILLING", hasProgress: true, progress: engine.BackfillProgress{Scanned: 575, Indexed: 526, Total: 2400}})
	flat := strings.Join(strings.Fields(ansi.Strip(b.View())), " ")
	for _, want := range []string{"copying the existing items (it can be deleted now)", "the index answers Query and Scan once it is ACTIVE."} {
		if !strings.Contains(flat, want) {
			t.Errorf("want %q whole in\n%s", want, ansi.Strip(b.View()))
		}
	}
}
