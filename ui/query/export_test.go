package query

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// exportOf is the export announced among msgs, or nil.
func exportOf(msgs []tea.Msg) *kit.ExportMsg {
	for _, m := range msgs {
		if e, ok := m.(kit.ExportMsg); ok {
			return &e
		}
	}
	return nil
}

// x on a result asks for the export of its request, every page from the
// first: the Query as it ran (its key condition, limit and values), not
// the page on screen. Before a result, and on a field where letters are
// typed, x asks for nothing.
func TestExportTheResultsRequest(t *testing.T) {
	eng := uitest.DemoEngine(t, "forum")
	q := newPane(t, eng, "Thread", "")
	if e := exportOf(pressQ(t, q, "x")); e != nil {
		t.Fatalf("x before a result announced %+v", e)
	}
	toRow(t, q, "partition key")
	typeField(t, q, "EC2")
	toRow(t, q, "limit")
	typeField(t, q, "2")
	pressQ(t, q, "r")
	if res := q.Result(); res == nil || res.Err != nil || len(res.Items) != 2 || res.LEK == nil {
		t.Fatalf("the Query's first page: %+v", res)
	}
	pressQ(t, q, "n") // page 2 on screen
	e := exportOf(pressQ(t, q, "x"))
	if e == nil || e.Read.Query == nil {
		t.Fatalf("x on the result announced %+v", e)
	}
	in := e.Read.Query
	if in.TableName != "Thread" || in.KeyConditionExpression == "" || in.ExclusiveStartKey != nil || in.Limit == nil || *in.Limit != 2 {
		t.Fatalf("export of %+v, want the Query from its first page with its Limit", in)
	}
	if e.What != "the Query of Thread run in 3 Query (every page)" || e.Desc == nil || e.Desc.TableName != "Thread" {
		t.Fatalf("what %q desc %v", e.What, e.Desc)
	}
}
