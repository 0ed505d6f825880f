package capacity

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// On a workspace saved in a file, the first t does not make the
// generator's table in the user's file: it asks, naming the file and the
// table, and nothing is created before the yes; after it the workload
// starts on TrafficVotes, and the next t (the table there now) asks no
// more. In memory, t starts at once as before.
func TestTrafficAsksBeforeItsTableInTheFile(t *testing.T) {
	old := StartTraffic
	StartTraffic = func(*engine.Traffic) {}
	t.Cleanup(func() { StartTraffic = old })
	tests := []struct {
		file string
		ask  bool
	}{{"work.db", true}, {"", false}}
	for _, tt := range tests {
		eng := uitest.DemoEngine(t, "forum")
		p := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng, tt.file, false)
		p.SetSize(76, 26)
		tg, info := uitest.Target(t, eng, "Forum", "")
		uitest.Drive(t, p, p.SetTarget(tg, info))
		seen := uitest.Press(t, p, "t")
		var ask *kit.ConfirmMsg
		for _, m := range seen {
			if c, ok := m.(kit.ConfirmMsg); ok {
				ask = &c
			}
		}
		_, err := eng.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: engine.TrafficTable})
		if !tt.ask {
			if ask != nil || err != nil {
				t.Fatalf("in memory: asked %v, table: %v", ask, err)
			}
			continue
		}
		if ask == nil || err == nil {
			t.Fatalf("%s: asked %v, table made before the yes (err %v)", tt.file, ask, err)
		}
		body := strings.Join(ask.Body, " ")
		for _, want := range []string{"its own table TrafficVotes", "create it in the workspace file work.db?", "stay in work.db after you quit"} {
			if !strings.Contains(body, want) {
				t.Errorf("question has no %q: %s", want, body)
			}
		}
		uitest.Drive(t, p, kit.Msg(ask.Then))
		if _, err := eng.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: engine.TrafficTable}); err != nil || !p.traffic.want {
			t.Fatalf("after yes: table %v, running %v", err, p.traffic.want)
		}
		uitest.Press(t, p, "t") // stop
		for _, m := range uitest.Press(t, p, "t") {
			if _, ok := m.(kit.ConfirmMsg); ok {
				t.Fatal("asked again with the table there")
			}
		}
		if !p.traffic.want {
			t.Fatal("second start did not start")
		}
	}
}
