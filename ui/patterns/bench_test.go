package patterns

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	pat "github.com/dynoscope/dynoscope/patterns"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// runCheck runs the pane's check to its end: the list, then each pattern,
// each a command, as the program would.
func runCheck(tb testing.TB, m *Model) {
	msg := m.Check()()
	for cmd := m.Update(msg); cmd != nil; {
		cmd = m.Update(cmd())
	}
	if m.Running() {
		tb.Fatal("the check did not end")
	}
}

// BenchmarkCheck is one whole check of the pane, what a recheck after a
// change costs: on lesson 12's model (288 items, five patterns), and on a
// table of 100,000 items with a GetItem and a Scan pattern (the hot key of
// each pattern walks its table's or index's keys).
func BenchmarkCheck(b *testing.B) {
	ctx := context.Background()
	open := func(b *testing.B) *engine.Engine {
		eng, err := engine.Open(engine.Options{Clock: engine.NewManualClock(time.Date(2026, 11, 22, 10, 41, 7, 0, time.UTC)), DisableThrottling: true, DisableTTLSweeper: true})
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { eng.Close() })
		return eng
	}
	b.Run("lesson-model", func(b *testing.B) {
		eng := open(b)
		if _, err := (fixtures.Loader{API: eng}).Files(ctx, []string{"../lessons/designs/music-library.json", "../lessons/designs/music-library.patterns.yaml"}); err != nil {
			b.Fatal(err)
		}
		m := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng)
		b.ResetTimer()
		for range b.N {
			runCheck(b, m)
		}
	})
	b.Run("100k-items", func(b *testing.B) {
		eng := open(b)
		if _, err := eng.CreateTable(ctx, &model.CreateTableInput{TableName: "Big", BillingMode: model.BillingPayPerRequest,
			KeySchema:            []model.KeySchemaElement{{AttributeName: "id", KeyType: model.KeyTypeHash}},
			AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "id", AttributeType: "S"}}}); err != nil {
			b.Fatal(err)
		}
		bl := eng.BeginLoad()
		var reqs []model.WriteRequest
		for i := range 100_000 {
			reqs = append(reqs, model.WriteRequest{PutRequest: &model.PutRequest{Item: model.Item{"id": model.S(fmt.Sprintf("k%06d", i)),
				"n": model.N(fmt.Sprint(i)), "s": model.S("some text")}}})
		}
		if err := bl.Write(ctx, "Big", reqs); err != nil {
			b.Fatal(err)
		}
		if err := bl.Commit(ctx); err != nil {
			b.Fatal(err)
		}
		for _, in := range []struct {
			name string
			in   any
		}{
			{"one item", &model.GetItemInput{TableName: "Big", Key: model.Item{"id": model.S("k000042")}}},
			{"one by n", &model.ScanInput{TableName: "Big", FilterExpression: "n = :n", ExpressionAttributeValues: map[string]model.AttributeValue{":n": model.N("42")}}},
		} {
			p, err := pat.FromRequest(in.name, in.in)
			if err != nil {
				b.Fatal(err)
			}
			if err := pat.Save(eng, p); err != nil {
				b.Fatal(err)
			}
		}
		m := New(kit.NewStyles(true), keymap.DefaultKeyMap(), eng)
		b.ResetTimer()
		for range b.N {
			runCheck(b, m)
		}
	})
}
