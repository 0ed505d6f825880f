package schema

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
	"github.com/dynoscope/dynoscope/ui/uitest/host"
)

// At 80x24 the Schema pane wraps what does not fit instead of cutting it: an
// index's projection, counts, size and status, the attribute definitions,
// a table's TTL setting beside its stream. (Before, each ended in "…" at the
// pane's edge: "7 of 300 items · 1.4 KB…" hid the index's status, "stream
// NEW_AND_OLD_IMAGES · TTL…" the TTL attribute.)
func TestNarrowSchemaWrapsInsteadOfCutting(t *testing.T) {
	for _, tt := range []struct {
		name, fixture, table string
		want                 []string
	}{
		{"schema of a GSI", "iot-device-reports", "DeviceReports", []string{
			"Attribute definitions DeviceID S · Timestamp S · EscalatedTo S",
			"projects INCLUDE FaultCode, DeviceStatus · 7 of 300 items · 712 B · ACTIVE",
			"throughput: no on-demand maximum · warm 12,000 reads/s, 4,000 writes/s (ACTIVE)",
		}},
		{"schema of a table with TTL and a stream", "messages-ttl", "Messages", []string{
			"stream NEW_AND_OLD_IMAGES · TTL ENABLED on ExpiresAt",
		}},
		{"schema of a table with an LSI", "forum", "Reply", []string{
			"projects KEYS_ONLY · 33 of 33 items · 3.1 KB · ACTIVE",
			"Item collections (table items + LSI entries per partition key, limit 10 GB)",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			eng := uitest.DemoEngine(t, tt.fixture)
			m := host.New(t, New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng), eng, uitest.SmallPaneW, uitest.SmallPaneH)
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
