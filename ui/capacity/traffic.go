package capacity

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// preset is a named workload of the traffic generator. A preset that
// writes runs on the generator's own table (engine.TrafficTable, made when
// first needed); random reads read the selected table, which they do not
// change.
type preset struct {
	name   string
	kind   string
	key    string
	shards int
	hint   string
}

// writes reports whether the preset writes items.
func (p preset) writes() bool { return p.kind != engine.WorkloadRandomRead }

// presets are the workloads the pane offers, in order: the write-sharding
// lesson (one hot key, then the same votes over 20 keys) and random reads.
var presets = []preset{
	{name: "votes on one contestant", kind: engine.WorkloadHotKey, key: "Ava",
		hint: `every vote writes the key "Ava" of ` + engine.TrafficTable + `, the generator's own table: one partition, which takes at most 1,000 WCU a second`},
	{name: "votes sharded over 20 keys", kind: engine.WorkloadSharded, key: "Ava", shards: 20,
		hint: `votes spread over "Ava#0" … "Ava#19" of ` + engine.TrafficTable + `: many partitions share the load`},
	{name: "random reads", kind: engine.WorkloadRandomRead,
		hint: "GetItem on keys sampled from the selected table, eventually consistent (reads change nothing)"},
}

// rates are the rates offered, in requests per second of engine time.
var rates = []int{10, 25, 50, 100, 250, 500, 1000, 1500, 2000, 3000, 5000}

// StartTraffic runs a workload in the background on the engine clock;
// tests replace it and step the workload by hand.
var StartTraffic = (*engine.Traffic).Start

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
	consent      bool      // it writes into a user's table the user agreed to
	last         trafficStatus
	err          string
	prevSent     int64 // requests sent as of the fetch before last
	clockPaused  bool  // a paused clock sends nothing
}

func newTrafficState() trafficState { return trafficState{rate: defaultRate} }

// trafficStatus is what a fetch read of the running workload.
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

// consentMsg: the user agreed to generated writes into table.
type consentMsg struct{ table string }

// ownTableMsg: the generator's own table may be made in (or is already
// in) the workspace file; the chosen workload starts on it.
type ownTableMsg struct{}

// removedMsg reports RemoveTraffic.
type removedMsg struct {
	table string
	res   engine.TrafficRemoval
	err   error
}

// workload is the chosen workload on table.
func (t trafficState) workload(table string, consent bool) engine.Workload {
	p := presets[t.preset]
	return engine.Workload{Kind: p.kind, Table: table, Rate: rates[t.rate], Key: p.key, Shards: p.shards, Consent: consent}
}

// startTraffic asks for the chosen workload (stopping any running one): a
// preset that writes on the generator's own table, or on table when the
// user agreed (consent); random reads on table.
func (p *Model) startTraffic(table string, consent bool) tea.Cmd {
	t := &p.traffic
	stop := t.stop()
	maker, ok := p.api.(kit.TrafficMaker)
	if !ok {
		t.err = "this backend has no traffic generator"
		return stop
	}
	own := presets[t.preset].writes() && !consent
	if own {
		table = engine.TrafficTable
	}
	if table == "" {
		t.err = "select a table first"
		return stop
	}
	owner, _ := p.api.(kit.TrafficOwner)
	if own && owner == nil {
		t.err = "this backend cannot make the generator's own table"
		return stop
	}
	t.seq++
	t.want, t.err, t.table, t.consent = true, "", table, consent
	seq, w, clk := t.seq, t.workload(table, consent), p.clock
	start := func() tea.Msg {
		created := false
		if own {
			var err error
			if created, err = owner.OpenTrafficTable(kit.Bg); err != nil {
				return trafficMsg{seq: seq, table: table, err: err}
			}
		}
		tr, err := maker.NewTraffic(w)
		if err != nil {
			return trafficMsg{seq: seq, table: table, created: created, err: err}
		}
		StartTraffic(tr)
		var now time.Time
		if clk != nil {
			now = clk.Now()
		}
		return trafficMsg{seq: seq, tr: tr, table: table, created: created, started: now}
	}
	return kit.Sequence(stop, start)
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
// their mind meanwhile; a workload on another table than the one shown
// asks the root to show its table.
func (p *Model) onTraffic(msg trafficMsg) tea.Cmd {
	t := &p.traffic
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
	if msg.table != p.table || msg.created {
		return kit.Msg(kit.SelectMsg{Table: msg.table})
	}
	return p.refresh(0, true)
}

// toggleTraffic starts the chosen workload (on the generator's own table,
// or reads on the selected one), or stops the one running.
func (p *Model) toggleTraffic() tea.Cmd {
	if p.traffic.want {
		return p.traffic.stop()
	}
	if presets[p.traffic.preset].writes() && p.file != "" {
		return p.askOwnTable()
	}
	return p.startTraffic(p.sel.Table(), false)
}

// askOwnTable asks, on a workspace saved in a file, before the generator
// makes its own table there: the table and what is written into it stay
// in the user's file. When the table is there already (made after a yes
// before), the workload starts at once.
func (p *Model) askOwnTable() tea.Cmd {
	api, file := p.api, p.file
	pre, rate := presets[p.traffic.preset], rates[p.traffic.rate]
	return func() tea.Msg {
		if _, err := api.DescribeTable(kit.Bg, &model.DescribeTableInput{TableName: engine.TrafficTable}); err == nil {
			return ownTableMsg{}
		}
		return kit.ConfirmMsg{Title: "Traffic into " + engine.TrafficTable + " in " + file, Yes: "create it in " + file, Then: ownTableMsg{},
			Body: []string{
				fmt.Sprintf("The traffic generator writes %s items a second (%s) into its own table %s. It is not in this workspace yet: create it in the workspace file %s?",
					kit.FmtInt(int64(rate)), pre.name, engine.TrafficTable, file),
				"",
				"The table and every item written stay in " + file + " after you quit, until x (on " + engine.TrafficTable + ") removes the generated items and the table. Random reads (w) write nothing; a workspace opened without --db keeps all of it in memory.",
			}}
	}
}

// askTraffic asks before the chosen workload writes into the selected
// table; random reads start there at once (they change nothing).
func (p *Model) askTraffic() tea.Cmd {
	table := p.sel.Table()
	if table == "" {
		p.traffic.err = "select a table first"
		return nil
	}
	pre := presets[p.traffic.preset]
	if !pre.writes() {
		return p.startTraffic(table, false)
	}
	where := "the workspace file " + p.file + ", where they stay until removed"
	if p.file == "" {
		where = "this in-memory workspace (gone when dynoscope exits)"
	}
	return kit.Msg(kit.ConfirmMsg{Title: "Traffic into " + table, Yes: "write into " + table, Then: consentMsg{table: table},
		Body: []string{
			fmt.Sprintf("Write %s items a second (%s) into %s, in %s?", kit.FmtInt(int64(rates[p.traffic.rate])), pre.name, table, where),
			"",
			"Every generated item carries the attribute " + engine.TrafficMarker + ", so x removes exactly these items again. A put never replaces an item without it: those writes are skipped and counted.",
		}})
}

// removeTraffic removes the generated items of table (stopping a workload
// that writes there first).
func (p *Model) removeTraffic(table string) tea.Cmd {
	owner, ok := p.api.(kit.TrafficOwner)
	if !ok {
		p.traffic.err = "this backend has no traffic generator"
		return nil
	}
	if table == "" {
		p.traffic.err = "select a table first"
		return nil
	}
	var stop tea.Cmd
	if p.traffic.want && p.traffic.table == table {
		stop = p.traffic.stop()
	}
	remove := func() tea.Msg {
		res, err := owner.RemoveTraffic(kit.Bg, table)
		return removedMsg{table: table, res: res, err: err}
	}
	return kit.Sequence(stop, remove)
}

// onRemoved says what the removal did and has the root read the table
// again.
func (p *Model) onRemoved(msg removedMsg) tea.Cmd {
	var note string
	switch {
	case msg.err != nil:
		p.traffic.err = "removing generated items: " + msg.err.Error()
		return nil
	case msg.res.TableDeleted:
		note = fmt.Sprintf("removed %s from %s, and the table (the generator's own)", kit.NItems(msg.res.Items), msg.table)
	default:
		note = fmt.Sprintf("removed %s the traffic generator wrote into %s", kit.NItems(msg.res.Items), msg.table)
	}
	return kit.Msg(kit.ChangedMsg{Table: msg.table, Note: note})
}

// retune changes the preset or rate; a running workload restarts with it:
// on the same table when it has the user's consent there or reads, else on
// the generator's own table.
func (p *Model) retune(preset, rate int) tea.Cmd {
	t := &p.traffic
	t.preset = (t.preset + preset + len(presets)) % len(presets)
	t.rate = min(max(t.rate+rate, 0), len(rates)-1)
	if !t.want {
		return nil
	}
	table := t.table
	if !t.consent && !presets[t.preset].writes() {
		table = p.sel.Table()
	}
	return p.startTraffic(table, t.consent)
}

// trafficLines are the traffic generator's lines: its workload, rate and
// key, then what it does; wrapped to the pane, or (wrap false) cut to two.
func (p *Model) trafficLines(now time.Time, wrap bool) []string {
	st, t := p.st, p.traffic
	pre := presets[t.preset]
	action := "t start"
	if t.want {
		action = "t stop"
	}
	presetOf := func(name, keys string) string {
		return st.Header.Render("Traffic") + "  ◂ " + st.Bold.Render(name) + " ▸" + keys
	}
	rateOf := func(keys string) string {
		return "rate ◂ " + st.Bold.Render(kit.FmtInt(int64(rates[t.rate]))+"/s") + " ▸" + keys
	}
	preset, rate := presetOf(pre.name, " w"), rateOf(" ←/→")
	l1 := preset + "   " + rate + "   " + st.Key.Render(action)
	if !wrap && kit.Width(l1) > p.w {
		// Cut to one line: the keys (in the help line too) and then the
		// workload's name give way, so that the rate and what t does stay
		// on screen.
		rest := "   " + rateOf("") + "   " + st.Key.Render(action)
		if room := p.w - kit.Width(presetOf("", "")+rest); room >= 4 {
			l1 = presetOf(kit.Cut(pre.name, room), "") + rest
		}
	}
	for _, hint := range []string{" · T on the selected table · x remove generated", " · T here · x remove"} {
		if kit.Width(l1)+kit.Width(hint) <= p.w {
			l1 += st.Dim.Render(hint)
			break
		}
	}
	first := []string{l1}
	if wrap && kit.Width(l1) > p.w {
		first = kit.JoinWrapped("", []string{preset, rate, st.Key.Render(action)}, "   ", "  ", p.w)
	}
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
		l2 = st.OK.Render("▶ running") + fmt.Sprintf(" %s on %s · ", kit.FmtSpan(el), t.table) + statsText(st, s.stats)
	case s.stats.Sent > 0:
		l2 = "■ stopped · last run on " + t.table + ": " + statsText(st, s.stats)
	default:
		if wrap {
			return append(first, kit.WrapIndented(st.Dim, "  ", "■ "+pre.hint+" (per second of engine time)", p.w)...)
		}
		l2 = st.Dim.Render("■ " + pre.hint + " (per second of engine time)")
	}
	if !wrap {
		return []string{kit.Cut(l1, p.w), kit.Cut("  "+l2, p.w)}
	}
	return append(first, kit.JoinWrapped("  ", strings.Split(l2, " · "), " · ", "    ", p.w)...)
}

// statsText is "✗ 21,000 throttled (33%) · sent 63,000 · ok 42,000".
func statsText(st *kit.Styles, s engine.TrafficStats) string {
	out := "none throttled"
	if s.Throttled > 0 {
		out = st.Error.Render(fmt.Sprintf("✗ %s throttled (%d%%)", kit.FmtInt(s.Throttled), s.Throttled*100/max(s.Sent, 1)))
	}
	out += fmt.Sprintf(" · sent %s · ok %s", kit.FmtInt(s.Sent), kit.FmtInt(s.OK))
	if s.Skipped > 0 {
		out += " · " + st.Warn.Render(fmt.Sprintf("%s skipped: an item of yours has the key", kit.FmtInt(s.Skipped)))
	}
	if s.Failed > 0 {
		out += " · " + st.Error.Render(fmt.Sprintf("%s failed: %s", kit.FmtInt(s.Failed), s.LastError))
	}
	return out
}
