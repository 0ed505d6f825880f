package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/internal/recent"
	"github.com/dynoscope/dynoscope/ui/endpoints"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// A remote workspace can open another endpoint in its place (O, the
// switcher of ui/endpoints): another profile, region or endpoint URL, or
// one opened recently. main builds the backend (no ui package imports
// engine/remote): Options.Remote.

// RemoteOpener is what the explorer needs to open another endpoint.
type RemoteOpener struct {
	// Profiles lists the profiles of the user's AWS configuration.
	Profiles func() ([]remoteapi.Profile, error)
	// Open opens the backend at loc — read-only unless the explorer was
	// started with --write, whatever loc.Write says — with the label and
	// query history file the workspace takes.
	Open func(ctx context.Context, loc remoteapi.Location) (Opened, error)
	// Recent is the file of the endpoints opened recently
	// (internal/recent); "" keeps none.
	Recent string
}

// Opened is a backend Open opened.
type Opened struct {
	API     engine.API
	Label   string
	History string
}

// reopenedMsg is how opening another endpoint went.
type reopenedMsg struct {
	loc    remoteapi.Location
	opened Opened
	err    error
}

// openSwitcher opens the endpoint switcher over the pane.
func (m *Model) openSwitcher() tea.Cmd {
	w := m.home
	if w.loc == nil || m.opts.Remote == nil {
		m.flash = "O opens another profile, region or endpoint of a remote workspace: start with --region, --profile or --endpoint-url"
		return nil
	}
	s, cmd := endpoints.New(m.st, m.km, *w.loc, m.opts.Remote.Profiles, m.opts.Remote.Recent)
	var show tea.Cmd
	if m.ws != w {
		show = m.switchTo(w)
	}
	m.openModal(w, s)
	return tea.Batch(show, route(w, toModal, cmd))
}

// reopen opens the backend at loc in a command.
func (m *Model) reopen(loc remoteapi.Location) tea.Cmd {
	if m.opts.Remote == nil {
		return nil
	}
	open := m.opts.Remote.Open
	m.flash = "opening " + recent.Of(loc).String() + "…"
	return route(nil, toRoot, func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		o, err := open(ctx, loc)
		return reopenedMsg{loc: loc, opened: o, err: err}
	})
}

// onReopened puts the backend opened in place of the user's remote
// workspace, and keeps the endpoint in the recent list; a failure leaves
// the workspace as it was.
func (m *Model) onReopened(msg reopenedMsg) tea.Cmd {
	if msg.err != nil {
		m.flash = "could not open " + recent.Of(msg.loc).String() + ": " + kit.AsModelError(msg.err).Message + " · still on " + m.home.label
		return nil
	}
	old := m.home
	old.close()
	w := m.newWorkspace(msg.opened.API, msg.opened.Label, "")
	w.query.SetHistory(msg.opened.History)
	m.home = w
	if m.ws == old {
		m.ws = w
	}
	if m.modal != nil && m.modalWS == old {
		m.modal, m.modalWS = nil, nil
	}
	m.layout()
	m.flash = "opened " + msg.opened.Label + " · O opens another"
	cmds := []tea.Cmd{w.load("", ""), w.fetchLast(), route(w, toPaneOf(paneQuery), w.query.LoadHistory()), m.showLive()}
	if m.opts.Live {
		cmds = append(cmds, m.waitEvents(w, liveEventGap))
	}
	if file := m.opts.Remote.Recent; file != "" {
		if loc, ok := kit.LocationOf(msg.opened.API); ok {
			cmds = append(cmds, func() tea.Msg { _ = recent.Add(file, recent.Of(loc), time.Now()); return nil })
		}
	}
	return tea.Batch(cmds...)
}
