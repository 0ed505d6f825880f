package ui

import (
	"context"
	"errors"
	"sort"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
)

// Every engine call runs in a tea.Cmd and comes back as one of the typed
// messages below; Update and View never call the engine.

// tableInfo is what the sidebar and the schema pane know of one table.
type tableInfo struct {
	Desc *model.TableDescription
	TTL  *model.TimeToLiveDescription
	// Violations counts, per GSI, the items (up to leftOutLimit looked at)
	// whose key attribute has the wrong type: a backfill skipped them.
	Violations map[string]int
	// Progress of GSI builds, when the backend tells.
	Progress map[string]engine.BackfillProgress
}

// workspaceMsg carries a fresh description of every table.
type workspaceMsg struct {
	tables []tableInfo
	err    error
}

// loadWorkspace lists and describes every table.
func loadWorkspace(api engine.API) tea.Cmd {
	return func() tea.Msg {
		ctx := context.Background()
		var names []string
		var start string
		for {
			out, err := api.ListTables(ctx, &model.ListTablesInput{ExclusiveStartTableName: start})
			if err != nil {
				return workspaceMsg{err: err}
			}
			names = append(names, out.TableNames...)
			if out.LastEvaluatedTableName == "" {
				break
			}
			start = out.LastEvaluatedTableName
		}
		lo, _ := api.(leftOutLister)
		bp, _ := api.(buildProgress)
		tables := make([]tableInfo, 0, len(names))
		for _, n := range names {
			d, err := api.DescribeTable(ctx, &model.DescribeTableInput{TableName: n})
			if err != nil {
				continue // deleted between the list and the describe
			}
			ti := tableInfo{Desc: d.Table}
			if ttl, err := api.DescribeTimeToLive(ctx, &model.DescribeTimeToLiveInput{TableName: n}); err == nil {
				ti.TTL = ttl.TimeToLiveDescription
			}
			for _, g := range d.Table.GlobalSecondaryIndexes {
				if lo != nil && g.IndexStatus == model.StatusActive && g.ItemCount < d.Table.ItemCount {
					left, err := lo.IndexLeftOut(n, g.IndexName, leftOutLimit)
					if err == nil {
						for _, l := range left {
							if l.Violation {
								if ti.Violations == nil {
									ti.Violations = map[string]int{}
								}
								ti.Violations[g.IndexName]++
							}
						}
					}
				}
				if bp != nil {
					if p, ok := bp.IndexBuildProgress(n, g.IndexName); ok {
						if ti.Progress == nil {
							ti.Progress = map[string]engine.BackfillProgress{}
						}
						ti.Progress[g.IndexName] = p
					}
				}
			}
			tables = append(tables, ti)
		}
		sort.SliceStable(tables, func(i, j int) bool { return tables[i].Desc.TableName < tables[j].Desc.TableName })
		return workspaceMsg{tables: tables}
	}
}

// tickMsg re-arms the once-a-second refresh of the clock and of indexes
// being built; now is the engine's time when it fired.
type tickMsg struct{ now time.Time }

func tickCmd(now func() time.Time) tea.Cmd {
	return tea.Tick(time.Second, func(time.Time) tea.Msg { return tickMsg{now: now()} })
}

// engineEventMsg is one event from the engine's hub.
type engineEventMsg struct {
	ev engine.Event
	ok bool
}

// waitEvent waits for the next engine event.
func waitEvent(ch <-chan engine.Event) tea.Cmd {
	if ch == nil {
		return nil
	}
	return func() tea.Msg {
		ev, ok := <-ch
		return engineEventMsg{ev: ev, ok: ok}
	}
}

// lastRequestMsg carries the engine's most recent request for the status bar.
type lastRequestMsg struct {
	rec engine.RequestRecord
	ok  bool
}

func fetchLastRequest(api engine.API) tea.Cmd {
	rl, ok := api.(requestLogger)
	if !ok {
		return nil
	}
	return func() tea.Msg {
		rec, ok := rl.LastRequest()
		return lastRequestMsg{rec: rec, ok: ok}
	}
}

// findRequest returns the newest logged request matching action, table and
// index, so a pane can show the itemised charge of its own request even when
// other requests ran meanwhile.
func findRequest(api engine.API, action, table, index string) (engine.RequestRecord, bool) {
	rl, ok := api.(requestLogger)
	if !ok {
		return engine.RequestRecord{}, false
	}
	recs := rl.RecentRequests()
	for i := len(recs) - 1; i >= 0; i-- {
		r := recs[i]
		if r.Action == action && r.Table == table && r.Index == index {
			return r, true
		}
	}
	return engine.RequestRecord{}, false
}

// asModelError returns err as a *model.Error, wrapping foreign errors as an
// InternalServerError so they are still shown verbatim.
func asModelError(err error) *model.Error {
	if err == nil {
		return nil
	}
	var me *model.Error
	if errors.As(err, &me) {
		return me
	}
	return &model.Error{Code: model.ErrInternalServer, Message: err.Error()}
}
