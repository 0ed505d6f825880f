package ui

import (
	"time"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
)

// Refresh periods of the live panes (wall time). The capacity pane redraws
// its charts twice a second; the TTL pane's countdowns move once a second
// (its view also refreshes at once when the table changes).
const (
	capacityEvery = 500 * time.Millisecond
	ttlEvery      = time.Second
	// liveEventGap is how long the event reader lets a burst gather before it
	// hands the events over as one message: a workload of thousands of
	// requests a second costs a handful of messages (and renders) a second.
	liveEventGap = 250 * time.Millisecond
	// liveBusyGap is the gap after a busy batch (liveBusyBatch events or
	// more): under a workload the events come twice a second.
	liveBusyGap   = 500 * time.Millisecond
	liveBusyBatch = 64
	// liveEventBuffer is the event subscription's buffer; beyond it the
	// engine drops events for this subscriber rather than block a writer.
	liveEventBuffer = 8192
	// liveBatchMax bounds the events one message carries.
	liveBatchMax = 4096
	// reloadEvery bounds how often writes seen live reload the sidebar's
	// table descriptions.
	reloadEvery = 2 * time.Second
)

// live is the explorer's live side: the capacity, TTL and stream panes, the
// traffic generator and the workspace clock. The root model owns one and
// hands it the panes' keys, messages and sizes.
type live struct {
	st    Styles
	km    keymap.LiveKeyMap
	api   engine.API
	ticks bool   // re-arm the refresh ticks (Options.Live)
	file  string // the workspace file (Options.File)
	clock clockControl
	// paused and speed are the clock's state as last read by a command.
	paused bool
	speed  float64

	capacity capacityPane
	ttl      ttlPane
	stream   streamPane
	traffic  trafficState
	prompt   *advancePrompt

	shown pane // the live pane on screen (paneSchema: none)
	sel   target
	gen   int // refresh chain generation: a stale chain stops re-arming

	lastReload time.Time // wall time of the last reload events caused (or the one due)
}

func newLive(st Styles, km keymap.KeyMap, api engine.API, ticks bool) *live {
	l := &live{st: st, km: km.Live, api: api, ticks: ticks, clock: clockOf(api), speed: 1}
	if l.clock != nil {
		l.paused, l.speed = l.clock.Paused(), l.clock.Speed()
	}
	l.capacity = newCapacityPane(st, km)
	l.ttl = newTTLPane(st, km)
	l.stream = newStreamPane(st, km)
	l.traffic = newTrafficState()
	return l
}

// isLivePane reports whether p is one of the live panes.
func isLivePane(p pane) bool { return p == paneCapacity || p == paneTTL || p == paneStream }

// liveMsg marks the messages of the live panes, so the root routes them
// with one case.
type liveMsg interface{ isLive() }

// capacityMsg carries one table's metrics and the traffic generator's counts.
type capacityMsg struct {
	gen     int
	once    bool
	table   string
	snap    capacityData
	traffic trafficStatus
}

// ttlMsg carries one table's TTL view.
type ttlMsg struct {
	gen   int
	once  bool
	table string
	res   engine.TTLViewResult
	err   error
}

func (capacityMsg) isLive() {}
func (ttlMsg) isLive()      {}

// SetSize sizes the live panes.
func (l *live) SetSize(w, h int) {
	l.capacity.SetSize(w, h)
	l.ttl.SetSize(w, h)
	l.stream.SetSize(w, h)
}

// Show makes p the live pane on screen (or none, for another pane) and
// starts its refresh; sel is the sidebar's selection.
func (l *live) Show(p pane, sel target) tea.Cmd {
	if !isLivePane(p) {
		p = paneSchema
	}
	changed := sel.table() != l.sel.table()
	if p == l.shown && !changed {
		return nil
	}
	l.shown, l.sel = p, sel
	l.gen++
	if changed {
		l.capacity.SetTable(sel.table())
		l.ttl.SetTable(sel)
	}
	switch p {
	case paneCapacity, paneTTL:
		return l.refresh(0, false)
	case paneStream:
		return l.stream.SetTable(l.api, sel)
	}
	return nil
}

// refresh fetches the shown pane's data after delay; once marks a fetch
// outside the chain (it does not re-arm).
func (l *live) refresh(delay time.Duration, once bool) tea.Cmd {
	gen, table := l.gen, l.sel.table()
	if table == "" {
		return nil
	}
	var fetch func() tea.Msg
	switch l.shown {
	case paneCapacity:
		fetch = fetchCapacity(l.api, gen, once, table, l.traffic.running)
	case paneTTL:
		fetch = fetchTTL(l.api, gen, once, table)
	default:
		return nil
	}
	if delay <= 0 {
		return fetch
	}
	return tea.Tick(delay, func(time.Time) tea.Msg { return fetch() })
}

// Update handles the live panes' messages, and keys when a live pane has
// the keyboard.
func (l *live) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case capacityMsg:
		if msg.gen != l.gen || msg.table != l.capacity.table {
			return nil
		}
		l.capacity.SetData(msg.snap)
		if msg.traffic.on {
			l.traffic.prevSent = l.traffic.last.stats.Sent
			l.traffic.last = msg.traffic
		}
		if msg.once || !l.ticks {
			return nil
		}
		return l.refresh(capacityEvery, false)
	case ttlMsg:
		if msg.gen != l.gen || msg.table != l.ttl.table {
			return nil
		}
		l.ttl.SetData(msg.res, msg.err)
		if msg.once || !l.ticks {
			return nil
		}
		return l.refresh(ttlEvery, false)
	case streamMsg:
		l.stream.SetBacklog(msg)
		return nil
	case trafficMsg:
		return l.onTraffic(msg)
	case trafficConsentMsg:
		return l.startTraffic(msg.table, true)
	case jumpMsg:
		if l.clock == nil {
			return nil
		}
		return advanceCmd(l.clock, msg.d)
	case clockMsg:
		l.paused, l.speed = msg.paused, msg.speed
		return l.afterJump(msg)
	case tea.KeyMsg, tea.MouseMsg:
		switch l.shown {
		case paneCapacity:
			return l.capacityKey(msg)
		case paneTTL:
			l.ttl.Update(msg)
		case paneStream:
			l.stream.Update(msg)
		}
	}
	return nil
}

// onEvents hands a batch of engine events to the panes; a TTL deletion on
// the TTL pane's table refreshes it at once (other writes show with its
// next tick).
func (l *live) onEvents(evs []engine.Event) tea.Cmd {
	ttlHit := false
	for i := range evs {
		ev := &evs[i]
		switch ev.Kind {
		case engine.EventStream:
			l.stream.Add(ev.Table, ev.Record)
		case engine.EventTTL:
			ttlHit = ttlHit || ev.Table == l.ttl.table
		}
	}
	if ttlHit && l.shown == paneTTL {
		return l.refresh(0, true)
	}
	return nil
}

// View draws the live pane p.
func (l *live) View(p pane, focused bool) string {
	switch p {
	case paneCapacity:
		t := l.traffic
		t.clockPaused = l.paused && l.clock != nil
		return l.capacity.View(t, focused)
	case paneTTL:
		return l.ttl.View()
	case paneStream:
		return l.stream.View()
	}
	return ""
}

// keys is the help of the live pane p.
func (l *live) keys(p pane) help.KeyMap {
	switch p {
	case paneCapacity:
		return l.capacity.keyMap(l.traffic)
	case paneTTL:
		return l.ttl
	}
	return l.stream
}

// Close stops the traffic generator.
func (l *live) Close() { l.traffic.stop() }
