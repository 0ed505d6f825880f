package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/backups"
	"github.com/dynoscope/dynoscope/ui/capacity"
	"github.com/dynoscope/dynoscope/ui/clock"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/items"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/patterns"
	"github.com/dynoscope/dynoscope/ui/query"
	"github.com/dynoscope/dynoscope/ui/remote"
	"github.com/dynoscope/dynoscope/ui/schema"
	"github.com/dynoscope/dynoscope/ui/sidebar"
	"github.com/dynoscope/dynoscope/ui/stream"
	"github.com/dynoscope/dynoscope/ui/ttl"
)

// A workspace is one backend and everything the explorer shows of it: the
// sidebar, a set of panes, the item view open over them, the tables as
// last read, the last request, and the subscription to its events. The
// user's workspace is always there; a lesson's copy of its data set is a
// second one while the lesson runs. The root shows one at a time (ctrl+o
// switches) and keeps the other's state as it was.
type workspace struct {
	api    engine.API
	label  string // "demo workspace (memory)", "lesson 3 · …"
	short  string // what ctrl+o calls it: "your workspace", "remote", "lesson copy", "sandbox"
	file   string // its file, "" in memory
	closer func() error
	// loc is where a remote backend points (nil for an engine); remote.go
	// has what only a remote workspace does.
	loc      *remoteapi.Location
	survey   *remote.Surveys  // the reads of whole tables (S)
	totals   remoteapi.Totals // the remote backend's consumption, as last read
	lastLoad time.Time        // wall time of the last load asked for

	sidebar  *sidebar.Model
	schema   *schema.Model
	items    *items.Model
	query    *query.Model
	capacity *capacity.Model
	ttl      *ttl.Model
	stream   *stream.Model
	patterns *patterns.Model
	backups  *backups.Model
	panes    []kit.Pane // by pane number; nil at paneLessons (one for all)
	item     *items.ItemView

	tables  []kit.TableInfo
	loadErr error
	loading bool
	dirty   bool // the workspace changed while a load was running
	last    *engine.RequestRecord
	lastSeq int // fetches of the last request asked for; an older answer is dropped
	selSeq  int

	events     <-chan engine.Event
	unsub      func()
	lastReload time.Time // wall time of the last reload events caused (or the one due)

	clock *clock.Model // its keys, prompt and state
	// building is the note of an index build asked for here, until the
	// index is ACTIVE (work.go, buildDone).
	buildNote *forms.BuildNote
}

// newWorkspace makes the panes of a backend.
func (m *Model) newWorkspace(api engine.API, label, file string) *workspace {
	st, km := m.st, m.km
	w := &workspace{api: api, label: label, short: "your workspace", file: file, clock: clock.New(m.st, m.km, api, file)}
	endpoint := m.opts.Serving
	if loc, ok := kit.LocationOf(api); ok {
		w.loc, w.short, endpoint = &loc, "remote, read-only", loc.Endpoint
		if loc.Write {
			w.short = "remote, writes allowed"
		}
	}
	w.survey = remote.NewSurveys(api, w.loc)
	w.sidebar = sidebar.New(st, km)
	w.sidebar.SetApproximate(w.loc != nil)
	w.sidebar.SetReadOnly(kit.ReadOnly(api))
	w.schema = schema.New(st, km, api)
	w.items = items.New(st, km, api, m.opts.PageSize)
	w.query = query.New(st, km, api, m.opts.Copy, endpoint)
	w.capacity = capacity.New(st, km, api, file, m.opts.Live)
	w.ttl = ttl.New(st, km, api, m.opts.Live)
	w.stream = stream.New(st, km, api, m.opts.Live)
	w.patterns = patterns.New(st, km, api)
	w.backups = backups.New(st, km, api)
	w.panes = []kit.Pane{paneSchema: w.schema, paneItems: w.items, paneQuery: w.query,
		paneCapacity: w.capacity, paneTTL: w.ttl, paneStream: w.stream, paneLessons: nil, panePatterns: w.patterns,
		paneBackups: w.backups}
	if m.opts.Live {
		if es, ok := api.(kit.EventSource); ok {
			w.events, w.unsub = es.Subscribe(liveEventBuffer)
		}
	}
	return w
}

// close ends the workspace's subscription, traffic and survey.
func (w *workspace) close() {
	w.capacity.Close()
	w.survey.Close()
	if w.unsub != nil {
		w.unsub()
		w.unsub = nil
	}
}

// sel is the sidebar's selection.
func (w *workspace) sel() kit.Target { return w.sidebar.Selected() }

// workspaceMsg carries a fresh description of every table; selectTable
// (and selectIndex) move the sidebar there once it is read.
type workspaceMsg struct {
	tables                   []kit.TableInfo
	err                      error
	selectTable, selectIndex string
}

// load lists and describes every table.
func (w *workspace) load(selectTable, selectIndex string) tea.Cmd {
	w.loading = true
	w.lastLoad = time.Now()
	api := w.api
	return route(w, toRoot, func() tea.Msg {
		tables, err := kit.DescribeAll(api)
		return workspaceMsg{tables: tables, err: err, selectTable: selectTable, selectIndex: selectIndex}
	})
}

// reload asks for a fresh description of the workspace (after the load in
// flight, when there is one).
func (w *workspace) reload() tea.Cmd {
	if w.loading {
		w.dirty = true
		return nil
	}
	return w.load("", "")
}

// building reports whether an index or table is on its way to ACTIVE.
func (w *workspace) building() bool {
	for _, t := range w.tables {
		if t.Desc.TableStatus != model.StatusActive {
			return true
		}
		for _, g := range t.Desc.GlobalSecondaryIndexes {
			if g.IndexStatus != model.StatusActive {
				return true
			}
		}
	}
	return false
}

// onWorkspace takes a fresh description of the tables.
func (m *Model) onWorkspace(w *workspace, msg workspaceMsg) tea.Cmd {
	w.loading = false
	var cmds []tea.Cmd
	if w.dirty {
		w.dirty = false
		cmds = append(cmds, w.load("", ""))
	}
	if msg.err != nil {
		w.loadErr = msg.err
		return tea.Batch(cmds...)
	}
	w.loadErr = nil
	w.tables = msg.tables
	for i := range w.tables {
		w.tables[i].Survey = w.survey.Of(w.tables[i].Desc.TableName)
	}
	w.sidebar.SetTables(w.tables)
	m.buildDone(w)
	if msg.selectTable != "" {
		w.sidebar.SelectByName(msg.selectTable, msg.selectIndex)
	}
	for p, pn := range w.panes {
		if s, ok := pn.(kit.TablesSink); ok {
			cmds = append(cmds, route(w, toPaneOf(pane(p)), s.SetTables(w.tables)))
		}
	}
	return tea.Batch(append(cmds, m.selectionChanged(w))...)
}

// selectLoadMsg runs the reads of a selection once the cursor has rested.
type selectLoadMsg struct {
	seq  int
	load tea.Cmd
}

// selectionChanged hands the sidebar's selection to the panes that follow
// it. Their reads run one after the other (so the engine sees them in a
// fixed order), once the cursor has rested when Options.SelectDelay asks
// for it: running through the sidebar does not read every table passed.
func (m *Model) selectionChanged(w *workspace) tea.Cmd {
	sel, info := w.sidebar.Selected(), w.sidebar.Info()
	var cmds []tea.Cmd
	for p, pn := range w.panes {
		if f, ok := pn.(kit.Follower); ok {
			cmds = append(cmds, route(w, toPaneOf(pane(p)), f.SetTarget(sel, info)))
		}
	}
	load := kit.Sequence(cmds...)
	if load == nil {
		return nil
	}
	if m.opts.SelectDelay <= 0 {
		return load
	}
	w.selSeq++
	seq := w.selSeq
	return route(w, toRoot, tea.Tick(m.opts.SelectDelay, func(time.Time) tea.Msg { return selectLoadMsg{seq: seq, load: load} }))
}

// lastRequestMsg carries the engine's most recent request for the status
// bar.
type lastRequestMsg struct {
	seq int
	rec engine.RequestRecord
	ok  bool
}

// fetchTotals reads what a remote backend consumed so far (nil for an
// engine).
func (w *workspace) fetchTotals() tea.Cmd {
	cm, ok := w.api.(remoteapi.ConsumptionMeter)
	if !ok {
		return nil
	}
	return route(w, toRoot, func() tea.Msg { return totalsMsg{cm.Consumption().Totals()} })
}

// fetchLast reads the last request, when no event stream brings it (or,
// on a remote backend, what the explorer consumed so far).
func (w *workspace) fetchLast() tea.Cmd {
	if c := w.fetchTotals(); c != nil {
		return c
	}
	rl, ok := w.api.(kit.RequestLogger)
	if !ok || w.events != nil {
		return nil
	}
	w.lastSeq++
	seq := w.lastSeq
	return route(w, toRoot, func() tea.Msg {
		rec, ok := rl.LastRequest()
		return lastRequestMsg{seq: seq, rec: rec, ok: ok}
	})
}

// changed tells the panes that follow changes that a component changed
// the workspace (table, or "" for any).
func (w *workspace) changed(table string) tea.Cmd {
	var cmds []tea.Cmd
	for p, pn := range w.panes {
		if s, ok := pn.(kit.ChangeSink); ok {
			cmds = append(cmds, route(w, toPaneOf(pane(p)), s.Changed(table)))
		}
	}
	return tea.Batch(cmds...)
}

// reloadTable has the panes showing table (or any, for "") read it
// again, and the item view read its item.
func (w *workspace) reloadTable(table string) tea.Cmd {
	var cmds []tea.Cmd
	if tg := w.items.Target(); tg.Valid() && (table == "" || tg.Table() == table) {
		cmds = append(cmds, route(w, toPaneOf(paneItems), w.items.Refresh()))
	}
	if v := w.item; v != nil && (table == "" || v.Table() == table) {
		cmds = append(cmds, route(w, toItem, v.Reload()))
	}
	return tea.Batch(cmds...)
}
