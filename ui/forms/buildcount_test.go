package forms

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The build watch of a vector index counts as left out both the items
// without its attributes (as a sparse index leaves them out) and those
// with one of the wrong type or size; a GSI's watch counts the skipped
// ones, as before.
func TestBuildWatchLeftOutCounts(t *testing.T) {
	progress := engine.BackfillProgress{Scanned: 9, Total: 9, Indexed: 3, Skipped: 2, Sparse: 4}
	for _, tt := range []struct {
		name   string
		vector bool
		want   string
	}{
		{"vector", true, "backfill: 9 of 9 table items read · 3 indexed · 6 left out (4 without the vector or HASH attribute, 2 with one of the wrong type or size)"},
		{"GSI", false, "backfill: 9 of 9 table items read · 3 indexed · 2 skipped (key of the wrong type)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBuildWatch(kit.NewStyles(true), keymap.DefaultKeyMap(), nil, "Films", "ByMood")
			b.vector = tt.vector
			b.SetSize(400, 40)
			b.Update(buildPollMsg{gen: b.gen, status: "BACKFILLING", progress: progress, hasProgress: true, items: 9})
			if view := b.View(); !strings.Contains(view, tt.want) {
				t.Fatalf("view lacks %q:\n%s", tt.want, view)
			}
		})
	}
}
