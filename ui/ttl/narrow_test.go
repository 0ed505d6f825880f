package ttl

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
	"github.com/dynoscope/dynoscope/ui/uitest/host"
)

// At 80x24 the TTL pane wraps what does not fit instead of cutting it: its
// counts and its explanations. (Before, each ended in "…" at
// the pane's edge.)
func TestNarrowTTLWrapsInsteadOfCutting(t *testing.T) {
	for _, tt := range []struct {
		name, fixture, table string
		want                 []string
	}{
		{"TTL off", "forum", "Forum", []string{
			"Time to live is off for this table: no item expires, whatever its attributes say.",
			"--time-to-live-specification Enabled=true,AttributeName=ttl).",
			"Deleted by TTL (REMOVE records by dynamodb.amazonaws.com in the stream)",
		}},
		{"TTL counts", "messages-ttl", "Messages", []string{
			"TTL ENABLED on ExpiresAt · deleted about 15 s after expiry",
			"~ 1 too old · - 1 not a Number",
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
