package capacity

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The Capacity pane of a provisioned table nothing reads or writes: its buckets full, the traffic generator's workload and rate, both charts flat at zero under the provisioned line, every partition idle.
func TestCapacityIdle(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, "", false)
	p.SetSize(76, 26)
	tg, info := uitest.Target(t, eng, "Forum", "")
	uitest.Drive(t, p, p.SetTarget(tg, info))
	uitest.Drive(t, p, p.SetShown(true))
	view := ansi.Strip(p.View())
	for _, want := range []string{
		"Forum              PROVISIONED 10 RCU / 5 WCU · 1 partition · throttling off",
		"buckets: read 3,000 of 3,000 · write 1,500 of 1,500 (300 s of unused capaci…",
		"Traffic  ◂ votes on one contestant ▸ w   rate ◂ 1,500/s ▸ ←/→   t start",
		"WCU/s now 0 · peak 0 · provisioned 5",
		"RCU/s now 0 · peak 0 · provisioned 10",
		"         all idle",
	} {
		if !strings.Contains(view, want) {
			t.Errorf("no line %q in\n%s", want, view)
		}
	}
}
