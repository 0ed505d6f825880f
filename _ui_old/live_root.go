package ui

import (
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
)

// The root model's side of the live panes: the engine's events read in
// batches, the pane and clock keys, and keeping the live panes on the
// sidebar's selection.

// liveBatchMsg is the engine events that arrived together; ok is false when
// the subscription ended.
type liveBatchMsg struct {
	evs []engine.Event
	ok  bool
	at  time.Time // wall time the batch was read
}

// waitLive waits for the next engine event, lets a burst gather for gap,
// and returns everything that arrived as one message.
func waitLive(ch <-chan engine.Event, gap time.Duration) tea.Cmd {
	if ch == nil {
		return nil
	}
	return func() tea.Msg {
		ev, ok := <-ch
		if !ok {
			return liveBatchMsg{}
		}
		if gap > 0 {
			time.Sleep(gap)
		}
		evs := []engine.Event{ev}
		for len(evs) < liveBatchMax {
			select {
			case ev, ok := <-ch:
				if !ok {
					return liveBatchMsg{evs: evs, ok: true, at: time.Now()}
				}
				evs = append(evs, ev)
				continue
			default:
			}
			break
		}
		return liveBatchMsg{evs: evs, ok: true, at: time.Now()}
	}
}

// onLiveBatch takes a batch of events: the status bar shows the newest
// request, writes reload the sidebar (at most once a second), and the live
// panes get the records and deletions.
func (m *Model) onLiveBatch(b liveBatchMsg) tea.Cmd {
	if !b.ok {
		return nil
	}
	write := false
	for i := range b.evs {
		ev := &b.evs[i]
		if ev.Request != nil {
			r := *ev.Request
			m.last = &r
		}
		switch {
		case ev.Kind != engine.EventRequest:
			write = true
		case ev.Request != nil && !ev.Request.Read && ev.Request.Error == "":
			write = true
		}
	}
	gap := liveEventGap
	if len(b.evs) >= liveBusyBatch {
		gap = liveBusyGap
	}
	cmds := []tea.Cmd{m.live.onEvents(b.evs), waitLive(m.events, gap)}
	if write {
		cmds = append(cmds, m.reloadLive(b.at))
	}
	return tea.Batch(cmds...)
}

// reloadLive reloads the workspace now when the last reload events caused
// is reloadEvery ago, else schedules one for then (one message: the load
// runs in the tick's command).
func (m *Model) reloadLive(at time.Time) tea.Cmd {
	l := m.live
	if at.Before(l.lastReload) {
		return nil // one is scheduled
	}
	wait := reloadEvery - at.Sub(l.lastReload)
	if wait <= 0 {
		l.lastReload = at
		return m.reload()
	}
	if m.loading {
		m.dirty = true // the load in flight reloads again when it lands
		return nil
	}
	l.lastReload = at.Add(wait)
	m.loading = true
	api := m.api
	return tea.Tick(wait, func(time.Time) tea.Msg { return loadWorkspace(api)() })
}

// onLive routes the live panes' messages.
func (m *Model) onLive(msg liveMsg) tea.Cmd {
	switch msg := msg.(type) {
	case capacityMsg:
		m.seeTime(msg.snap.snap.Now)
	case ttlMsg:
		m.seeTime(msg.res.Now)
	case askJumpMsg:
		m.openModal(newJumpConfirm(m.st, m.km, msg, m.opts.File))
		return nil
	case askTrafficMsg:
		m.openModal(newTrafficConsent(m.st, m.km, msg, m.opts.File))
		return nil
	case trafficRemovedMsg:
		switch {
		case msg.err != nil:
			m.flash = "removing generated items: " + msg.err.Error()
		case msg.res.TableDeleted:
			m.flash = fmt.Sprintf("removed %s from %s, and the table (the generator's own)", nItems(msg.res.Items), msg.table)
		default:
			m.flash = fmt.Sprintf("removed %s the traffic generator wrote into %s", nItems(msg.res.Items), msg.table)
		}
		return tea.Batch(m.reload(), m.reloadItems(msg.table))
	case trafficMsg:
		cmd := m.live.Update(msg)
		if msg.err != nil || msg.tr == nil || m.live.traffic.running != msg.tr {
			return cmd
		}
		// Show the table the workload runs on.
		if sel := m.sidebar.selected(); sel.table() != msg.table || msg.created {
			api, table := m.api, msg.table
			load := loadWorkspace(api)
			m.loading = true
			cmd = tea.Batch(cmd, func() tea.Msg {
				ws, _ := load().(workspaceMsg)
				return reselectMsg{ws: ws, table: table}
			})
		}
		return cmd
	case clockMsg:
		m.now = msg.now
		m.flash = msg.note
		cmd := m.live.Update(msg)
		if msg.jumped {
			return tea.Batch(cmd, m.reload())
		}
		return cmd
	}
	return m.live.Update(msg)
}

// seeTime moves the status bar's clock to an engine time a live pane read
// (between the once-a-second ticks).
func (m *Model) seeTime(t time.Time) {
	if t.After(m.now) {
		m.now = t
	}
}

// liveKey handles the keys that pick a live pane and the clock keys, from
// any pane, and every key while the advance prompt is open; ok is false
// for the other keys.
func (m *Model) liveKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	l := m.live
	if l.prompt != nil {
		return l.promptKey(msg), true
	}
	if m.capturing() || m.showHelp {
		return nil, false
	}
	var p pane
	switch {
	case key.Matches(msg, l.km.Capacity):
		p = paneCapacity
	case key.Matches(msg, l.km.TTL):
		p = paneTTL
	case key.Matches(msg, l.km.Stream):
		p = paneStream
	default:
		cmd, note, ok := l.clockKey(msg)
		if ok {
			m.flash = note
		}
		return cmd, ok
	}
	m.flash = ""
	m.item = nil
	m.setPane(p)
	return nil, true
}

// liveFollow keeps the live panes on what is on screen: the pane shown and
// the sidebar's selection.
func (m *Model) liveFollow() tea.Cmd {
	p := m.pane
	if m.item != nil {
		p = paneSchema
	}
	return m.live.Show(p, m.sidebar.selected())
}
