package schema

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The Schema pane of a table with an LSI: its status and throughput, the
// key schema, the index with its projection and counts, and the item
// collections (table items and LSI entries per partition key) read in a
// command, largest first.
func TestSchemaOfTableWithLSI(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng)
	p.SetSize(70, 30)
	tg, info := uitest.Target(t, eng, "Reply", "")
	uitest.Drive(t, p, p.SetTarget(tg, info))
	view := ansi.Strip(p.View())
	for _, want := range []string{
		"Reply                              ACTIVE · PROVISIONED 10 RCU / 5 WCU",
		"33 items · 5.9 KB · stream off · TTL off",
		"  Id                       S   partition key (HASH)",
		"  ReplyDateTime            S   sort key (RANGE)",
		"Attribute definitions  Id S · ReplyDateTime S · PostedBy S",
		"  PostedBy-index     LSI  Id (S) · PostedBy (S)",
		"                     projects KEYS_ONLY · 33 of 33 items · 3.1 KB ·",
		"  EC2#How do I resize the…      887 B  <0.001% of 10 GB",
		"  … and 13 smaller collections",
	} {
		if !strings.Contains(view, want) {
			t.Errorf("no line %q in\n%s", want, view)
		}
	}
}
