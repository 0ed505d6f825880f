package ui

import (
	"context"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
)

// workloadPreset is a named workload of the traffic generator. A preset
// that writes runs on the generator's own table (engine.TrafficTable,
// created when first needed); random reads read the selected table, which
// they do not change.
type workloadPreset struct {
	name   string
	kind   string
	key    string
	shards int
	hint   string
}

// writes reports whether the preset writes items.
func (p workloadPreset) writes() bool { return p.kind != engine.WorkloadRandomRead }

// workloadPresets are the workloads the capacity pane offers, in order: the
// write-sharding lesson (one hot key, then the same votes over 20 keys) and
// random reads.
var workloadPresets = []workloadPreset{
	{name: "votes on one contestant", kind: engine.WorkloadHotKey, key: "Ava",
		hint: `every vote writes the key "Ava" of ` + engine.TrafficTable + `, the generator's own table: one partition, which takes at most 1,000 WCU a second`},
	{name: "votes sharded over 20 keys", kind: engine.WorkloadSharded, key: "Ava", shards: 20,
		hint: `votes spread over "Ava#0" … "Ava#19" of ` + engine.TrafficTable + `: many partitions share the load`},
	{name: "random reads", kind: engine.WorkloadRandomRead,
		hint: "GetItem on keys sampled from the selected table, eventually consistent (reads change nothing)"},
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
	consent      bool      // the running workload writes into a user's table the user agreed to
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

// trafficMsg reports a workload started (or failing to); created says the
// generator's own table was made for it.
type trafficMsg struct {
	seq     int
	tr      *engine.Traffic
	table   string
	created bool
	started time.Time
	err     error
}

func (trafficMsg) isLive() {}

// trafficConsentMsg: the user agreed to generated writes into table.
type trafficConsentMsg struct{ table string }

func (trafficConsentMsg) isLive() {}

// trafficRemovedMsg reports RemoveTraffic.
type trafficRemovedMsg struct {
	table string
	res   engine.TrafficRemoval
	err   error
}

func (trafficRemovedMsg) isLive() {}

// askTrafficMsg asks the root to confirm generated writes into a user's
// table before they start.
type askTrafficMsg struct {
	table string
	w     engine.Workload
	name  string // the preset's name
}

func (askTrafficMsg) isLive() {}

// askTraffic asks before the chosen workload writes into the selected
// table; random reads start there at once (they change nothing).
func (l *live) askTraffic() tea.Cmd {
	table := l.sel.table()
	if table == "" {
		l.traffic.err = "select a table first"
		return nil
	}
	pre := workloadPresets[l.traffic.preset]
	if !pre.writes() {
		return l.startTraffic(table, false)
	}
	msg := askTrafficMsg{table: table, w: l.traffic.workload(table, true), name: pre.name}
	return func() tea.Msg { return msg }
}

// newTrafficConsent asks before generated writes into a user's table,
// naming the table, the workspace and the rate.
func newTrafficConsent(st Styles, km keymap.KeyMap, msg askTrafficMsg, file string) *confirmModal {
	where := "the workspace file " + file + ", where they stay until removed"
	if file == "" {
		where = "this in-memory workspace (gone when dynoscope exits)"
	}
	body := []string{
		fmt.Sprintf("Write %s items a second (%s) into %s, in %s?", fmtInt(int64(msg.w.Rate)), msg.name, msg.table, where),
		"",
		"Every generated item carries the attribute " + engine.TrafficMarker + ", so x removes exactly these items again. A put never replaces an item without it: those writes are skipped and counted.",
	}
	table := msg.table
	c := newConfirm(st, km, "Traffic into "+msg.table, "write into "+msg.table, body, func() tea.Msg { return trafficConsentMsg{table: table} })
	c.closes = true
	return c
}

// trafficOwner is the engine's side of the generator's own table.
type trafficOwner interface {
	OpenTrafficTable(ctx context.Context) (bool, error)
	RemoveTraffic(ctx context.Context, table string) (engine.TrafficRemoval, error)
}

// workload is the chosen workload on table.
func (t trafficState) workload(table string, consent bool) engine.Workload {
	p := workloadPresets[t.preset]
	return engine.Workload{Kind: p.kind, Table: table, Rate: trafficRates[t.rate], Key: p.key, Shards: p.shards, Consent: consent}
}

// startTraffic asks for the chosen workload (stopping any running one): a
// preset that writes on the generator's own table, or on table when the
// user agreed (consent); random reads on table.
func (l *live) startTraffic(table string, consent bool) tea.Cmd {
	stop := l.traffic.stop()
	maker, ok := l.api.(trafficMaker)
	if !ok {
		l.traffic.err = "this backend has no traffic generator"
		return stop
	}
	own := workloadPresets[l.traffic.preset].writes() && !consent
	if own {
		table = engine.TrafficTable
	}
	if table == "" {
		l.traffic.err = "select a table first"
		return stop
	}
	owner, _ := l.api.(trafficOwner)
	if own && owner == nil {
		l.traffic.err = "this backend cannot make the generator's own table"
		return stop
	}
	l.traffic.seq++
	l.traffic.want = true
	l.traffic.err = ""
	l.traffic.table = table
	l.traffic.consent = consent
	seq, w, clk := l.traffic.seq, l.traffic.workload(table, consent), l.clock
	start := func() tea.Msg {
		created := false
		if own {
			var err error
			if created, err = owner.OpenTrafficTable(bg); err != nil {
				return trafficMsg{seq: seq, table: table, err: err}
			}
		}
		tr, err := maker.NewTraffic(w)
		if err != nil {
			return trafficMsg{seq: seq, table: table, created: created, err: err}
		}
		startTraffic(tr)
		var now time.Time
		if clk != nil {
			now = clk.Now()
		}
		return trafficMsg{seq: seq, tr: tr, table: table, created: created, started: now}
	}
	return tea.Sequence(stop, start)
}

// removeTraffic removes the generated items of table (stopping a workload
// that writes there first).
func (l *live) removeTraffic(table string) tea.Cmd {
	owner, ok := l.api.(trafficOwner)
	if !ok {
		l.traffic.err = "this backend has no traffic generator"
		return nil
	}
	if table == "" {
		l.traffic.err = "select a table first"
		return nil
	}
	var stop tea.Cmd
	if l.traffic.want && l.traffic.table == table {
		stop = l.traffic.stop()
	}
	remove := func() tea.Msg {
		res, err := owner.RemoveTraffic(bg, table)
		return trafficRemovedMsg{table: table, res: res, err: err}
	}
	return tea.Sequence(stop, remove)
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

// toggleTraffic starts the chosen workload (on the generator's own table,
// or reads on the selected one), or stops the one running.
func (l *live) toggleTraffic() tea.Cmd {
	if l.traffic.want {
		return l.traffic.stop()
	}
	return l.startTraffic(l.sel.table(), false)
}

// retune changes the preset or rate by d; a running workload restarts with
// it: on the same table when it has the user's consent there or reads,
// else on the generator's own table.
func (l *live) retune(preset, rate int) tea.Cmd {
	t := &l.traffic
	t.preset = (t.preset + preset + len(workloadPresets)) % len(workloadPresets)
	t.rate = min(max(t.rate+rate, 0), len(trafficRates)-1)
	if !t.want {
		return nil
	}
	table := t.table
	if !t.consent && !workloadPresets[t.preset].writes() {
		table = l.sel.table()
	}
	return l.startTraffic(table, t.consent)
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
		st.Bold.Render(fmtInt(int64(trafficRates[t.rate]))+"/s") + " ▸ ←/→   " + st.Key.Render(action) +
		st.Dim.Render("   T on the selected table · x remove generated")
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
	if s.Skipped > 0 {
		out += " · " + st.Warn.Render(fmt.Sprintf("%s skipped: an item of yours has the key", fmtInt(s.Skipped)))
	}
	if s.Failed > 0 {
		out += " · " + st.Error.Render(fmt.Sprintf("%s failed: %s", fmtInt(s.Failed), s.LastError))
	}
	return out
}
