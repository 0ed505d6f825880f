package ui

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// The live panes' cost per frame at 120x40 (goal: under 5 ms):
//
//	go test ./ui -run XXX -bench 'Live|Pane(View|Refresh)$' -benchmem

// benchCapacity is the capacity pane on the generator's table after 200
// seconds of the hot-key workload at 1,500 writes a second: every chart
// column full.
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
		_ = m.Screen()
	}
}

// A refresh as the pane's tick runs it: the metrics read, the message
// handled, the frame drawn.
func BenchmarkLiveCapacityPaneRefresh(b *testing.B) {
	m := benchCapacity(b)
	b.ReportAllocs()
	for b.Loop() {
		refreshLive(b, m)
		_ = m.Screen()
	}
}

func BenchmarkLiveTTLPaneRefresh(b *testing.B) {
	eng, _ := liveEngine(b)
	m := newTestModel(b, eng, 120, 40)
	selectInSidebar(b, m, "Messages", "")
	press(b, m, "5")
	b.ReportAllocs()
	for b.Loop() {
		refreshLive(b, m)
		_ = m.Screen()
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
	if n := m.ws.stream.Records(); n != 500 {
		b.Fatalf("%d records", n)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = m.Screen()
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

func (c *countingModel) View() tea.View {
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
	eng.SetThrottling(false)
	if _, err := fixtures.LoadAll(context.Background(), eng, []string{"write-sharding", "messages-ttl"}); err != nil {
		t.Fatal(err)
	}
	eng.SetThrottling(true)
	c := &countingModel{Model: New(eng, Options{Live: true}), kinds: map[string]int{}}
	defer c.Close()
	in, _ := io.Pipe()
	p := tea.NewProgram(c, tea.WithInput(in), tea.WithOutput(io.Discard), tea.WithoutSignals(), tea.WithWindowSize(120, 40))
	go func() { _, _ = p.Run() }()
	defer p.Kill()
	key := func(s string) { p.Send(uitest.Rune([]rune(s)[0])) }
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
