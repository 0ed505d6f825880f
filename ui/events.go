package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Refresh periods of the live side (wall time).
const (
	// liveEventGap is how long the event reader lets a burst gather before
	// it hands the events over as one message: a workload of thousands of
	// requests a second costs a handful of messages (and renders) a second.
	liveEventGap = 250 * time.Millisecond
	// liveBusyGap is the gap after a busy batch (liveBusyBatch events or
	// more): under a workload the events come twice a second.
	liveBusyGap   = 500 * time.Millisecond
	liveBusyBatch = 64
	// liveEventBuffer is the event subscription's buffer; beyond it the
	// engine drops events for this subscriber rather than block a writer.
	liveEventBuffer = 8192
	// reloadEvery bounds how often writes seen live read the sidebar's
	// table descriptions again.
	reloadEvery = 2 * time.Second
)

// waitEvents reads a workspace's next batch of events.
func (m *Model) waitEvents(w *workspace, gap time.Duration) tea.Cmd {
	ch := w.events
	if ch == nil {
		return nil
	}
	return route(w, toRoot, func() tea.Msg { return kit.ReadEvents(ch, gap) })
}

// onEvents takes a batch of events: the status bar shows the newest
// request, writes read the tables again (at most every reloadEvery), and
// the panes that take events get them.
func (m *Model) onEvents(w *workspace, b kit.EventBatch) tea.Cmd {
	if !b.OK {
		return nil
	}
	write := false
	for i := range b.Events {
		ev := &b.Events[i]
		if ev.Request != nil {
			r := *ev.Request
			w.last = &r
		}
		switch {
		case ev.Kind != engine.EventRequest:
			write = true
		case ev.Request != nil && !ev.Request.Read && ev.Request.Error == "":
			write = true
		}
	}
	gap := liveEventGap
	if len(b.Events) >= liveBusyBatch {
		gap = liveBusyGap
	}
	cmds := []tea.Cmd{m.waitEvents(w, gap)}
	for p, pn := range w.panes {
		if s, ok := pn.(kit.EventSink); ok {
			cmds = append(cmds, route(w, toPaneOf(pane(p)), s.Events(b.Events)))
		}
	}
	if write {
		cmds = append(cmds, m.reloadLive(w, b.At))
		if v := w.item; v != nil {
			for i := range b.Events {
				if b.Events[i].Table == v.Table() && b.Events[i].Kind != engine.EventRequest {
					cmds = append(cmds, route(w, toItem, v.Reload()))
					break
				}
			}
		}
	}
	return tea.Batch(cmds...)
}

// reloadLive reads the tables again now when the last reload events caused
// is reloadEvery ago, else schedules one for then.
func (m *Model) reloadLive(w *workspace, at time.Time) tea.Cmd {
	if at.Before(w.lastReload) {
		return nil // one is scheduled
	}
	wait := reloadEvery - at.Sub(w.lastReload)
	if wait <= 0 {
		w.lastReload = at
		return w.reload()
	}
	w.lastReload = at.Add(wait)
	return route(w, toRoot, tea.Tick(wait, func(time.Time) tea.Msg { return reloadMsg{} }))
}
