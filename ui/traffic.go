package ui

import (
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
)

// workloadPreset is a named workload of the traffic generator.
type workloadPreset struct {
	name   string
	kind   string
	key    string
	shards int
	hint   string
}

// workloadPresets are the workloads the capacity pane offers, in order: the
// write-sharding lesson (one hot key, then the same votes over 20 keys) and
// random reads.
var workloadPresets = []workloadPreset{
	{name: "votes on one contestant", kind: engine.WorkloadHotKey, key: "Ava",
		hint: `every vote writes the key "Ava": one partition, which takes at most 1,000 WCU a second`},
	{name: "votes sharded over 20 keys", kind: engine.WorkloadSharded, key: "Ava", shards: 20,
		hint: `votes spread over "Ava#0" … "Ava#19": many partitions share the load`},
	{name: "random reads", kind: engine.WorkloadRandomRead,
		hint: "GetItem on keys sampled from the table, eventually consistent"},
}

// trafficRates are the rates offered, in requests per second of engine time.
var trafficRates = []int{10, 25, 50, 100, 250, 500, 1000, 1500, 2000, 3000, 5000}

// startTraffic runs a workload in the background on the engine clock;
// tests replace it and step the workload by hand.
var startTraffic = (*engine.Traffic).Start

// defaultRate is the index of 1,500/s: above one partition's 1,000 WCU.
const defaultRate = 7

// trafficState is the traffic generator: the chosen workload and rate, and
// the workload running (at most one, on the table it was started on).
type trafficState struct {
	preset, rate int
	running      *engine.Traffic
	table        string
	started      time.Time // engine time
	seq          int       // start requests so far: a late start is stopped
	want         bool      // whether the user wants a workload running
	last         trafficStatus
	err          string
	prevSent     int64 // requests sent as of the fetch before last
	clockPaused  bool  // set for drawing: a paused clock sends nothing
}

func newTrafficState() trafficState { return trafficState{rate: defaultRate} }

// trafficStatus is what the capacity fetch read of the running workload.
type trafficStatus struct {
	on    bool
	w     engine.Workload
	stats engine.TrafficStats
}

// trafficMsg reports a workload started (or failing to).
type trafficMsg struct {
	seq     int
	tr      *engine.Traffic
	table   string
	started time.Time
	err     error
}

func (trafficMsg) isLive() {}

// workload is the chosen workload on table.
func (t trafficState) workload(table string) engine.Workload {
	p := workloadPresets[t.preset]
	return engine.Workload{Kind: p.kind, Table: table, Rate: trafficRates[t.rate], Key: p.key, Shards: p.shards}
}

// start asks for the chosen workload on table (stopping any running one).
func (l *live) startTraffic(table string) tea.Cmd {
	stop := l.traffic.stop()
	maker, ok := l.api.(trafficMaker)
	if !ok {
		l.traffic.err = "this backend has no traffic generator"
		return stop
	}
	if table == "" {
		l.traffic.err = "select a table first"
		return stop
	}
	l.traffic.seq++
	l.traffic.want = true
	l.traffic.err = ""
	l.traffic.table = table
	seq, w, clk := l.traffic.seq, l.traffic.workload(table), l.clock
	start := func() tea.Msg {
		tr, err := maker.NewTraffic(w)
		if err != nil {
			return trafficMsg{seq: seq, table: table, err: err}
		}
		startTraffic(tr)
		var now time.Time
		if clk != nil {
			now = clk.Now()
		}
		return trafficMsg{seq: seq, tr: tr, table: table, started: now}
	}
	return tea.Sequence(stop, start)
}

// stop stops the running workload; the returned command does it.
func (t *trafficState) stop() tea.Cmd {
	t.want = false
	tr := t.running
	t.running = nil
	if tr == nil {
		return nil
	}
	return func() tea.Msg { tr.Stop(); return nil }
}

// onTraffic takes a started workload, or stops it when the user changed
// their mind meanwhile.
func (l *live) onTraffic(msg trafficMsg) tea.Cmd {
	t := &l.traffic
	if msg.err != nil {
		if msg.seq == t.seq {
			t.err = msg.err.Error()
			t.want = false
		}
		return nil
	}
	if msg.seq != t.seq || !t.want {
		tr := msg.tr
		return func() tea.Msg { tr.Stop(); return nil }
	}
	t.running, t.table, t.started = msg.tr, msg.table, msg.started
	t.last = trafficStatus{on: true, w: msg.tr.Workload()}
	return l.refresh(0, true)
}

// toggleTraffic starts the chosen workload on the selected table, or stops
// the one running.
func (l *live) toggleTraffic() tea.Cmd {
	if l.traffic.want {
		return l.traffic.stop()
	}
	return l.startTraffic(l.sel.table())
}

// retune changes the preset or rate by d; a running workload restarts with
// it on its table.
func (l *live) retune(preset, rate int) tea.Cmd {
	t := &l.traffic
	t.preset = (t.preset + preset + len(workloadPresets)) % len(workloadPresets)
	t.rate = min(max(t.rate+rate, 0), len(trafficRates)-1)
	if !t.want {
		return nil
	}
	return l.startTraffic(t.table)
}

// trafficLines are the traffic generator's two lines in the capacity pane.
func (p capacityPane) trafficLines(t trafficState, now time.Time) []string {
	st := p.st
	pre := workloadPresets[t.preset]
	action := "t start"
	if t.want {
		action = "t stop"
	}
	l1 := st.Header.Render("Traffic") + "  ◂ " + st.Bold.Render(pre.name) + " ▸ w   rate ◂ " +
		st.Bold.Render(fmtInt(int64(trafficRates[t.rate]))+"/s") + " ▸ ←/→   " + st.Key.Render(action)
	var l2 string
	s := t.last
	switch {
	case t.err != "":
		l2 = st.Error.Render("✗ " + t.err)
	case t.want && t.running == nil:
		l2 = st.Dim.Render("starting…")
	case t.want && t.clockPaused && s.stats.Sent == t.prevSent:
		l2 = st.Warn.Render("⏸ waiting: the clock is paused (p resumes)") + " · " + statsText(st, s.stats)
	case t.want:
		el := now.Sub(t.started).Truncate(time.Second)
		l2 = st.OK.Render("▶ running") + fmt.Sprintf(" %s on %s · ", fmtSpan(el), t.table) + statsText(st, s.stats)
	case s.stats.Sent > 0:
		l2 = "■ stopped · last run on " + t.table + ": " + statsText(st, s.stats)
	default:
		l2 = st.Dim.Render("■ " + pre.hint + " (per second of engine time)")
	}
	return []string{l1, "  " + l2}
}

// statsText is "✗ 21,000 throttled (33%) · sent 63,000 · ok 42,000".
func statsText(st Styles, s engine.TrafficStats) string {
	out := "none throttled"
	if s.Throttled > 0 {
		out = st.Error.Render(fmt.Sprintf("✗ %s throttled (%d%%)", fmtInt(s.Throttled), s.Throttled*100/max(s.Sent, 1)))
	}
	out += fmt.Sprintf(" · sent %s · ok %s", fmtInt(s.Sent), fmtInt(s.OK))
	if s.Failed > 0 {
		out += " · " + st.Error.Render(fmt.Sprintf("%s failed: %s", fmtInt(s.Failed), s.LastError))
	}
	return out
}
