package items

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// root is what the root would do with the pane's messages to it, for
// model-level tests: it answers questions (yes, or no), keeps the flashes,
// the clipboard and the edits asked for.
type root struct {
	yes       bool
	asked     []kit.ConfirmMsg
	flashes   []string
	changed   []kit.ChangedMsg
	edits     []kit.EditMsg
	clipboard []string
}

// run runs cmd and what follows, as the root and Bubble Tea would.
func (r *root) run(p *Model, cmd tea.Cmd) {
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		switch m := msg.(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(append([]tea.Cmd{}, m...), queue...)
		case kit.ConfirmMsg:
			r.asked = append(r.asked, m)
			if r.yes {
				queue = append([]tea.Cmd{p.Update(m.Then)}, queue...)
			}
		case kit.FlashMsg:
			r.flashes = append(r.flashes, m.Text)
		case kit.ChangedMsg:
			r.changed = append(r.changed, m)
		case kit.EditMsg:
			r.edits = append(r.edits, m)
		default:
			if t := reflect.TypeOf(msg); t.Kind() == reflect.String && strings.Contains(t.Name(), "lipboard") {
				r.clipboard = append(r.clipboard, fmt.Sprint(msg))
				continue
			}
			queue = append([]tea.Cmd{p.Update(msg)}, queue...)
		}
	}
}

// keys presses keys (uitest.Keys names) and runs what each causes.
func (r *root) keys(p *Model, names ...string) {
	for _, k := range uitest.Keys(names...) {
		r.run(p, p.Update(k))
	}
}

// lastFlash is the last note for the status bar.
func (r *root) lastFlash() string {
	if len(r.flashes) == 0 {
		return ""
	}
	return r.flashes[len(r.flashes)-1]
}

// view is the pane as text.
func view(p *Model) string { return ansi.Strip(p.View()) }

// located is an engine that says it is a remote backend (read-only
// unless write).
type located struct {
	engine.API
	write bool
}

func (l located) Location() remoteapi.Location {
	return remoteapi.Location{Region: "eu-west-1", Endpoint: "http://127.0.0.1:8000", Write: l.write}
}

// itemCount is how many items table has (a Scan to the end).
func itemCount(t *testing.T, api engine.API, table string) int {
	t.Helper()
	n := 0
	var start model.Item
	for {
		out, err := api.Scan(context.Background(), &model.ScanInput{TableName: table, ExclusiveStartKey: start})
		if err != nil {
			t.Fatal(err)
		}
		n += len(out.Items)
		if out.LastEvaluatedKey == nil {
			return n
		}
		start = out.LastEvaluatedKey
	}
}

// ordersTable is "Orders" (id S) with a GSI on status (ALL) and items of
// several sizes, some without a status (in no GSI).
func ordersTable(t *testing.T, n int) *engine.Engine {
	t.Helper()
	eng, err := engine.Open(engine.Options{Clock: engine.NewManualClock(t0), DisableThrottling: true, DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	ctx := context.Background()
	_, err = eng.CreateTable(ctx, &model.CreateTableInput{TableName: "Orders", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{{AttributeName: "id", KeyType: model.KeyTypeHash}},
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "id", AttributeType: "S"}, {AttributeName: "status", AttributeType: "S"}},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "byStatus",
			KeySchema:  []model.KeySchemaElement{{AttributeName: "status", KeyType: model.KeyTypeHash}},
			Projection: model.Projection{ProjectionType: model.ProjectionAll}}}})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		it := model.Item{"id": model.S(fmt.Sprintf("o%03d", i)), "total": model.N(fmt.Sprint(i * 10)),
			"note": model.S(strings.Repeat("n", (i%4)*700))}
		if i%3 != 0 {
			it["status"] = model.S([]string{"OPEN", "PAID"}[i%2])
		}
		if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: "Orders", Item: it}); err != nil {
			t.Fatal(err)
		}
	}
	return eng
}
