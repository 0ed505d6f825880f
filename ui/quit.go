package ui

import (
	"fmt"
	"sort"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Quitting: q on the user's workspace in memory that changed since it
// opened asks first, saying what is lost and how --db keeps it; a file
// workspace, a remote one or an unchanged one quits at once (ctrl+c
// always does). What changed is read in a command: the engine's count of
// write requests that succeeded, and the tables (names, indexes, TTL)
// against those read when the explorer opened.

// workspaceMark is what the quit question compares: the write requests
// so far and a line per table.
type workspaceMark struct {
	writes uint64
	tables map[string]string
}

// markMsg carries the mark of the user's workspace as it opened.
type markMsg struct{ mark workspaceMark }

// quitCheckMsg: what changed since the mark (nothing: quit).
type quitCheckMsg struct {
	writes                  uint64
	created, deleted, other []string
	err                     error
}

// quitMsg: quit (the question was answered yes).
type quitMsg struct{}

// asksBeforeQuit reports whether q on the user's workspace checks for
// changes first: it lives in memory.
func (m *Model) asksBeforeQuit() bool {
	_, ok := m.home.api.(kit.WriteCounter)
	return ok && m.home.file == "" && m.home.loc == nil
}

// markWorkspace reads the mark of api.
func markWorkspace(api engine.API) (workspaceMark, error) {
	mark := workspaceMark{tables: map[string]string{}}
	if wc, ok := api.(kit.WriteCounter); ok {
		mark.writes = wc.WriteRequests()
	}
	tables, err := kit.DescribeAll(api)
	for _, t := range tables {
		mark.tables[t.Desc.TableName] = tableShape(t)
	}
	return mark, err
}

// tableShape is what a table's definition is made of, in one line: its
// indexes, billing, throughput, stream and TTL.
func tableShape(t kit.TableInfo) string {
	d := t.Desc
	var b strings.Builder
	for _, g := range d.GlobalSecondaryIndexes {
		fmt.Fprintf(&b, "gsi %s %s;", g.IndexName, g.IndexStatus)
	}
	if d.BillingModeSummary != nil {
		b.WriteString("billing " + d.BillingModeSummary.BillingMode + ";")
	}
	if p := d.ProvisionedThroughput; p != nil {
		fmt.Fprintf(&b, "throughput %d/%d;", p.ReadCapacityUnits, p.WriteCapacityUnits)
	}
	if s := d.StreamSpecification; s != nil {
		fmt.Fprintf(&b, "stream %v %s;", s.StreamEnabled, s.StreamViewType)
	}
	if t.TTL != nil {
		b.WriteString("ttl " + t.TTL.TimeToLiveStatus + " " + t.TTL.AttributeName)
	}
	return b.String()
}

// markCmd reads the user's workspace as it opens, for the quit question.
func (m *Model) markCmd() tea.Cmd {
	if !m.asksBeforeQuit() {
		return nil
	}
	api := m.home.api
	return route(m.home, toRoot, func() tea.Msg {
		mark, _ := markWorkspace(api)
		return markMsg{mark: mark}
	})
}

// askQuit quits, or first reads what changed in the user's in-memory
// workspace since it opened.
func (m *Model) askQuit() tea.Cmd {
	if !m.asksBeforeQuit() || m.mark == nil {
		return m.quit()
	}
	api, was := m.home.api, *m.mark
	return route(m.home, toRoot, func() tea.Msg {
		now, err := markWorkspace(api)
		msg := quitCheckMsg{writes: now.writes - was.writes, err: err}
		for name, shape := range now.tables {
			before, ok := was.tables[name]
			switch {
			case !ok:
				msg.created = append(msg.created, name)
			case before != shape:
				msg.other = append(msg.other, name)
			}
		}
		for name := range was.tables {
			if _, ok := now.tables[name]; !ok {
				msg.deleted = append(msg.deleted, name)
			}
		}
		sort.Strings(msg.created)
		sort.Strings(msg.deleted)
		sort.Strings(msg.other)
		return msg
	})
}

// onQuitCheck quits when nothing changed, else asks.
func (m *Model) onQuitCheck(msg quitCheckMsg) tea.Cmd {
	if msg.err == nil && msg.writes == 0 && len(msg.created)+len(msg.deleted)+len(msg.other) == 0 {
		return m.quit()
	}
	var lost []string
	if msg.writes > 0 {
		lost = append(lost, kit.Plural(int64(msg.writes), "write request", "")+" that changed items")
	}
	if len(msg.created) > 0 {
		lost = append(lost, "the tables created ("+strings.Join(msg.created, ", ")+")")
	}
	if len(msg.deleted) > 0 {
		back := " (it comes back from its data set at the next start)"
		if len(msg.deleted) > 1 {
			back = " (they come back from their data sets at the next start)"
		}
		lost = append(lost, "the deletion of "+strings.Join(msg.deleted, ", ")+back)
	}
	if len(msg.other) > 0 {
		lost = append(lost, "the changes to "+strings.Join(msg.other, ", ")+" (indexes, TTL, throughput or stream)")
	}
	if msg.err != nil {
		lost = append(lost, "perhaps more: the tables could not be read ("+msg.err.Error()+")")
	}
	body := []string{
		"This workspace lives in memory (" + m.home.label + "). Quitting loses what was done in it since it opened:",
	}
	for _, l := range lost {
		body = append(body, "  • "+l)
	}
	body = append(body, "",
		"To keep your work, start with a workspace file: go run . --db work.db (the demo data goes into new tables only; every change stays in the file).")
	m.openModal(m.home, forms.NewQuestion(m.st, m.km, "Quit and lose the changes?", "quit", body, routed{ws: m.home, to: toRoot, msg: quitMsg{}}))
	return nil
}
