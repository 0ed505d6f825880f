// Package quit is the question q asks before the explorer quits a
// workspace in memory that changed since it opened: what is lost (write
// requests that changed items, tables created or deleted, indexes, TTL,
// throughput or stream changed) and how --db keeps it. What changed is
// read in a command: the engine's count of write requests that
// succeeded, and the tables against those read when the workspace opened
// (Read, then Check). The root asks it only of the user's workspace in
// memory; a file workspace, a remote one or an unchanged one quits at
// once (ctrl+c always does).
package quit

import (
	"fmt"
	"sort"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/ui/forms"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Mark is what the question compares: the write requests so far and a
// line per table.
type Mark struct {
	writes uint64
	tables map[string]string
}

// MarkMsg carries the mark of the workspace as it opened.
type MarkMsg struct{ Mark Mark }

// CheckMsg is what changed since the mark.
type CheckMsg struct {
	writes                  uint64
	created, deleted, other []string
	err                     error
}

// Asks reports whether q on api checks for changes first: it counts its
// writes (an engine) and lives in memory (no file, not remote).
func Asks(api engine.API, file string, remote bool) bool {
	_, ok := api.(kit.WriteCounter)
	return ok && file == "" && !remote
}

// Read reads the mark of api as it opens.
func Read(api engine.API) tea.Cmd {
	return func() tea.Msg {
		mark, _ := markOf(api)
		return MarkMsg{Mark: mark}
	}
}

// Check reads what changed in api since was.
func Check(api engine.API, was Mark) tea.Cmd {
	return func() tea.Msg {
		now, err := markOf(api)
		msg := CheckMsg{writes: now.writes - was.writes, err: err}
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
	}
}

// Unchanged reports whether nothing changed (so q quits at once).
func (c CheckMsg) Unchanged() bool {
	return c.err == nil && c.writes == 0 && len(c.created)+len(c.deleted)+len(c.other) == 0
}

// markOf reads the mark of api.
func markOf(api engine.API) (Mark, error) {
	mark := Mark{tables: map[string]string{}}
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

// Question asks whether to quit the workspace label and lose what c says
// changed; y delivers then.
func Question(st *kit.Styles, km keymap.KeyMap, c CheckMsg, label string, then tea.Msg) *forms.Confirm {
	var lost []string
	if c.writes > 0 {
		lost = append(lost, kit.Plural(int64(c.writes), "write request", "")+" that changed items")
	}
	if len(c.created) > 0 {
		lost = append(lost, "the tables created ("+strings.Join(c.created, ", ")+")")
	}
	if len(c.deleted) > 0 {
		back := " (it comes back from its data set at the next start)"
		if len(c.deleted) > 1 {
			back = " (they come back from their data sets at the next start)"
		}
		lost = append(lost, "the deletion of "+strings.Join(c.deleted, ", ")+back)
	}
	if len(c.other) > 0 {
		lost = append(lost, "the changes to "+strings.Join(c.other, ", ")+" (indexes, TTL, throughput or stream)")
	}
	if c.err != nil {
		lost = append(lost, "perhaps more: the tables could not be read ("+c.err.Error()+")")
	}
	body := []string{
		"This workspace lives in memory (" + label + "). Quitting loses what was done in it since it opened:",
	}
	for _, l := range lost {
		body = append(body, "  • "+l)
	}
	body = append(body, "",
		"To keep your work, start with a workspace file: go run . --db work.db (the demo data goes into new tables only; every change stays in the file).")
	return forms.NewQuestion(st, km, "Quit and lose the changes?", "quit", body, then)
}
