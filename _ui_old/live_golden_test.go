package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// Goldens of the live panes at 120x40 (and the capacity pane at 80x24),
// ASCII profile, on the demo workspace with the engine's manual clock: the
// test moves the clock and steps the traffic, so every frame is exact.

// finishAt quits and compares the last frame, of w x h cells, with the
// golden file.
func (g goldenRun) finishAt(w, h int) {
	g.t.Helper()
	g.tm.Send(tea.WindowSizeMsg{Width: w, Height: h})
	if err := g.tm.Quit(); err != nil {
		g.t.Fatal(err)
	}
	view := g.tm.FinalModel(g.t, teatest.WithFinalTimeout(10*time.Second)).(*Model).View()
	ls := strings.Split(view, "\n")
	if len(ls) != h {
		g.t.Errorf("frame has %d lines, want %d", len(ls), h)
	}
	for i, l := range ls {
		if n := width(l); n != w {
			g.t.Errorf("line %d is %d cells wide, want %d: %q", i+1, n, w, l)
		}
	}
	golden.RequireEqual(g.t, []byte(view))
}

// capacityGolden runs the hot-key workload on Votes for 30 seconds from the
// capacity pane, at w x h.
func capacityGolden(t *testing.T, w, h int) {
	started := make(chan *engine.Traffic, 1)
	old := startTraffic
	startTraffic = func(tr *engine.Traffic) { started <- tr }
	t.Cleanup(func() { startTraffic = old })
	eng, clk := liveEngine(t)
	g := startLive(t, eng, Options{SelectDelay: 100 * time.Millisecond}, w, h)
	g.goToTable("Votes")
	g.waitFor("last: Scan Votes · 50 items")
	g.keys("4")
	g.waitFor("t start")
	g.keys("t")
	tr := <-started
	for i := 0; i < 30; i++ {
		clk.Advance(time.Second)
		tr.Step()
	}
	g.keys("1", "4") // the pane reads the metrics again
	g.waitFor("running 30 s")
	g.finishAt(w, h)
}

func TestGoldenCapacityPane(t *testing.T) { capacityGolden(t, 120, 40) }

func TestGoldenCapacityPaneSmall(t *testing.T) { capacityGolden(t, 80, 24) }

// ttlStory moves the clock past the expiry of Messages' expired items and
// sweeps (three deletions there, one in schema-demo), then to ten seconds after the parcel message
// expired: every state at once.
func ttlStory(t *testing.T, eng *engine.Engine, clk *engine.VirtualClock) {
	t.Helper()
	clk.Advance(time.Minute)
	if n := eng.SweepTTL(); n != 4 {
		t.Fatalf("swept %d items, want 4", n)
	}
	clk.Advance(29*time.Minute + 10*time.Second)
}

func TestGoldenTTLPane(t *testing.T) {
	eng, clk := liveEngine(t)
	ttlStory(t, eng, clk)
	g := startLive(t, eng, Options{SelectDelay: 100 * time.Millisecond}, 120, 40)
	g.goToTable("Messages")
	g.waitFor("last: Scan Messages · 10 items")
	g.keys("5")
	g.waitFor("Deleted by TTL")
	g.finishAt(120, 40)
}

func TestGoldenStreamPane(t *testing.T) {
	eng, clk := liveEngine(t)
	ctx := context.Background()
	key := model.Item{"UserId": model.S("maya"), "SentAt": model.S("2026-11-15T11:11:07Z")}
	if _, err := eng.UpdateItem(ctx, &model.UpdateItemInput{TableName: "Messages", Key: key,
		UpdateExpression:          "SET Body = :b",
		ExpressionAttributeValues: map[string]model.AttributeValue{":b": model.S("Parcel collected, thanks!")}}); err != nil {
		t.Fatal(err)
	}
	ttlStory(t, eng, clk)
	if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: "Messages", Item: model.Item{
		"UserId": model.S("zoe"), "SentAt": model.S("2026-11-22T11:11:17Z"), "Body": model.S("hello from the CLI")}}); err != nil {
		t.Fatal(err)
	}
	g := startLive(t, eng, Options{SelectDelay: 100 * time.Millisecond}, 120, 40)
	g.goToTable("Messages")
	g.waitFor("last: Scan Messages · 11 items")
	g.keys("6")
	g.waitFor("UserId=zoe")
	g.finishAt(120, 40)
}
