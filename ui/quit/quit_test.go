package quit

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// What changed since the mark, as the question words it: nothing (q
// quits), a write, tables created and deleted (one comes back, two come
// back), a table's definition (here its TTL turned on).
func TestCheckAndQuestion(t *testing.T) {
	put := func(api engine.API) error {
		_, err := api.PutItem(kit.Bg, &model.PutItemInput{TableName: "Forum", Item: model.Item{"Name": model.S("New forum")}})
		return err
	}
	del := func(tables ...string) func(engine.API) error {
		return func(api engine.API) error {
			for _, n := range tables {
				if _, err := api.DeleteTable(kit.Bg, &model.DeleteTableInput{TableName: n}); err != nil {
					return err
				}
			}
			return nil
		}
	}
	tests := []struct {
		name   string
		change func(engine.API) error
		want   []string // nil: unchanged
	}{
		{"unchanged", nil, nil},
		{"a put", put, []string{"Quit and lose the changes?", "This workspace lives in memory (demo workspace (memory)). Quitting loses what was done in it since it opened:",
			"• 1 write request that changed items", "go run . --db work.db"}},
		{"a table created", func(api engine.API) error {
			_, err := api.CreateTable(kit.Bg, &model.CreateTableInput{TableName: "Orders", BillingMode: model.BillingPayPerRequest,
				KeySchema:            []model.KeySchemaElement{{AttributeName: "id", KeyType: "HASH"}},
				AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "id", AttributeType: "S"}}})
			return err
		}, []string{"• the tables created (Orders)"}},
		{"a table deleted", del("Reply"), []string{"• the deletion of Reply (it comes back from its data set at the next start)"}},
		{"two tables deleted", del("Reply", "Thread"), []string{"• the deletion of Reply, Thread (they come back from their data sets at the next start)"}},
		{"TTL on", func(api engine.API) error {
			_, err := api.UpdateTimeToLive(kit.Bg, &model.UpdateTimeToLiveInput{TableName: "Forum",
				TimeToLiveSpecification: &model.TimeToLiveSpecification{AttributeName: "expires", Enabled: true}})
			return err
		}, []string{"• the changes to Forum (indexes, TTL, throughput or stream)"}},
	}
	for _, tt := range tests {
		eng := uitest.DemoEngine(t, "forum")
		if !Asks(eng, "", false) || Asks(eng, "work.db", false) || Asks(eng, "", true) {
			t.Fatal("only an engine in memory asks")
		}
		mark := Read(eng)().(MarkMsg).Mark
		if tt.change != nil {
			if err := tt.change(eng); err != nil {
				t.Fatal(err)
			}
		}
		c := Check(eng, mark)().(CheckMsg)
		if c.Unchanged() != (tt.want == nil) {
			t.Fatalf("%s: unchanged %v", tt.name, c.Unchanged())
		}
		if tt.want == nil {
			continue
		}
		q := Question(kit.NewStyles(true), keymap.DefaultKeyMap(), c, "demo workspace (memory)", nil)
		q.SetSize(uitest.PaneW, uitest.PaneH)
		view := strings.Join(strings.Fields(ansi.Strip(q.View())), " ")
		for _, w := range tt.want {
			if !strings.Contains(view, strings.Join(strings.Fields(w), " ")) {
				t.Errorf("%s: no %q in\n%s", tt.name, w, ansi.Strip(q.View()))
			}
		}
	}
}
