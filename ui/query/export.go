package query

import (
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/internal/itemexport"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// exportResult asks for the export of the result on screen: its request
// (the Query or Scan as it ran, its projection, filter and Limit kept),
// every page from the first.
func (q *Model) exportResult() tea.Cmd {
	res := q.f.res
	if res == nil || res.err != nil {
		return nil
	}
	var r itemexport.Read
	op := "Scan"
	switch in := res.in.(type) {
	case *model.QueryInput:
		c := *in
		c.ExclusiveStartKey = nil
		r.Query, op = &c, "Query"
	case *model.ScanInput:
		c := *in
		c.ExclusiveStartKey = nil
		r.Scan = &c
	default:
		return nil
	}
	what := r.Table()
	if i := r.Index(); i != "" {
		what = "index " + i + " of " + what
	}
	return kit.Msg(kit.ExportMsg{Read: r, Desc: res.tg.Desc, What: "the " + op + " of " + what + " run in 3 Query (every page)"})
}
