package ui

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/model"
)

// The live panes' cost per frame at 120x40 (goal: under 5 ms):
//
//	go test ./ui -run XXX -bench 'Live|Pane(View|Refresh)$' -benchmem

// benchCapacity is the capacity pane on Votes after 200 seconds of the
// hot-key workload at 1,500 writes a second: every chart column full.
func benchCapacity(b *testing.B) *Model {
	manualTraffic(b)
	eng, clk := liveEngine(b)
	m := newTestModel(b, eng, 120, 40)
	selectInSidebar(b, m, "Votes", "")
	press(b, m, "4", "t")
	stepTraffic(b, m, clk, 200)
	refreshLive(b, m)
	return m
}

func BenchmarkLiveCapacityPaneView(b *testing.B) {
	m := benchCapacity(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// A refresh as the pane's tick runs it: the metrics read, the message
// handled, the frame drawn.
func BenchmarkLiveCapacityPaneRefresh(b *testing.B) {
	m := benchCapacity(b)
	b.ReportAllocs()
	for b.Loop() {
		msg := m.live.refresh(0, true)()
		m.Update(msg)
		_ = m.View()
	}
}

func BenchmarkLiveTTLPaneRefresh(b *testing.B) {
	eng, _ := liveEngine(b)
	m := newTestModel(b, eng, 120, 40)
	selectInSidebar(b, m, "Messages", "")
	press(b, m, "5")
	b.ReportAllocs()
	for b.Loop() {
		msg := m.live.refresh(0, true)()
		m.Update(msg)
		_ = m.View()
	}
}

// The stream pane holding its most records (500 of the 1,013 written).
func BenchmarkLiveStreamPaneView(b *testing.B) {
	eng, _ := liveEngine(b)
	ctx := context.Background()
	for i := 0; i < 1000; i++ {
		if _, err := eng.PutItem(ctx, &model.PutItemInput{TableName: "Messages", Item: model.Item{
			"UserId": model.S("bench"), "SentAt": model.S(fmt.Sprintf("2026-11-22T10:%05d", i)),
			"Body": model.S("a message of moderate length to fill the image line"), "ExpiresAt": model.N("1795948267")}}); err != nil {
			b.Fatal(err)
		}
	}
	m := newTestModel(b, eng, 120, 40)
	selectInSidebar(b, m, "Messages", "")
	press(b, m, "6")
	if n := len(m.live.stream.recs); n != streamKeep {
		b.Fatalf("%d records", n)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// countingModel counts the frames a program draws: Bubble Tea draws after
// every message it hands to Update.
type countingModel struct {
	*Model
	views atomic.Int64
	kinds map[string]int // messages by type (the program's goroutine only)
}

func (c *countingModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	c.kinds[fmt.Sprintf("%T", msg)]++
	_, cmd := c.Model.Update(msg)
	return c, cmd
}

func (c *countingModel) View() string {
	c.views.Add(1)
	return c.Model.View()
}

// TestMeasureLiveFrames runs the explorer for real (wall-clock engine time,
// background traffic, live events) and reports the frames drawn per second
// on the live panes, idle and under the hot-key workload. It takes 20 s of
// wall time, so it runs only with DYNOSCOPE_MEASURE=1.
func TestMeasureLiveFrames(t *testing.T) {
	if os.Getenv("DYNOSCOPE_MEASURE") == "" {
		t.Skip("a measurement: DYNOSCOPE_MEASURE=1 go test ./ui -run MeasureLiveFrames -v")
	}
	eng, err := engine.Open(engine.Options{Clock: engine.NewVirtualClock(time.Now(), 1)})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	loadDemo(t, eng, "write-sharding", "messages-ttl")
	c := &countingModel{Model: New(eng, Options{Live: true}), kinds: map[string]int{}}
	defer c.Close()
	p := tea.NewProgram(c, tea.WithInput(nil), tea.WithOutput(io.Discard), tea.WithoutSignalHandler())
	go func() { _, _ = p.Run() }()
	defer p.Kill()
	p.Send(tea.WindowSizeMsg{Width: 120, Height: 40})
	key := func(s string) { p.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}) }
	measure := func(what string) {
		time.Sleep(time.Second) // settle
		v0 := c.views.Load()
		time.Sleep(4 * time.Second)
		t.Logf("%-44s %5.1f frames/s", what, float64(c.views.Load()-v0)/4)
	}
	time.Sleep(time.Second)
	key("j") // Messages, then Votes (the sidebar starts on Messages)
	key("4")
	measure("capacity pane (Votes), idle")
	key("t")
	measure("capacity pane, hot key 1,500 writes/s")
	key("5")
	measure("TTL pane, traffic running")
	key("6")
	measure("stream pane, traffic running")
	key("t")
	p.Kill()
	time.Sleep(100 * time.Millisecond)
	t.Logf("messages by type over the run: %v", c.kinds)
}

// loadDemo loads demo data sets into eng with throttling off.
func loadDemo(t *testing.T, eng *engine.Engine, names ...string) {
	t.Helper()
	eng.SetThrottling(false)
	defer eng.SetThrottling(true)
	if _, err := fixtures.LoadAll(context.Background(), eng, names); err != nil {
		t.Fatal(err)
	}
}
