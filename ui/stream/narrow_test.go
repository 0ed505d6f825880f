package stream

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
	"github.com/dynoscope/dynoscope/ui/uitest/host"
)

// At 80x24 the Stream pane wraps what does not fit instead of cutting it. (Before, each ended in "…" at
// the pane's edge.)
func TestNarrowStreamWrapsInsteadOfCutting(t *testing.T) {
	for _, tt := range []struct {
		name, fixture, table string
		want                 []string
	}{
		{"no stream", "forum", "Forum", []string{
			"This table has no stream: UpdateTable with StreamSpecification StreamEnabled=true turns one on.",
		}},
		{"stream bounds", "messages-ttl", "Messages", []string{
			"oldest trimmed first (--stream-retention) now 13 records,",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			eng := uitest.DemoEngine(t, tt.fixture)
			m := host.New(t, New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, false), eng, uitest.SmallPaneW, uitest.SmallPaneH)
			m.Select(tt.table, "")
			m.Show(true)
			for _, w := range tt.want {
				if !strings.Contains(m.Flat(), w) {
					t.Errorf("want %q on\n%s", w, m.Text())
				}
			}
		})
	}
}
