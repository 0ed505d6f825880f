package query

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/keymap"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
	"github.com/dynoscope/dynoscope/ui/uitest"
)

// What the pane's tests share: the pane on a table of a backend, key
// presses driven to the end, the questions it asks the root.

// newPane is the Query pane on table (and index) of api, 100x40, focused.
func newPane(t *testing.T, api engine.API, table, index string) *Model {
	t.Helper()
	q := New(kit.NewStyles(true), keymap.DefaultKeyMap(), api, func(string) error { return nil }, "")
	q.SetSize(100, 40)
	q.SetFocus(true)
	tg, info := uitest.Target(t, api, table, index)
	uitest.Drive(t, q, q.SetTarget(tg, info))
	return q
}

func pressQ(t *testing.T, q *Model, keys ...string) []tea.Msg {
	t.Helper()
	return uitest.Press(t, q, keys...)
}

// confirmOf is the question among msgs, or nil.
func confirmOf(msgs []tea.Msg) *kit.ConfirmMsg {
	for _, m := range msgs {
		if c, ok := m.(kit.ConfirmMsg); ok {
			return &c
		}
	}
	return nil
}

// answerYes delivers what the question asked for, as the root does on y
// (or on the typed name).
func answerYes(t *testing.T, q *Model, c *kit.ConfirmMsg) {
	t.Helper()
	uitest.Drive(t, q, kit.Msg(c.Then))
}

// gotoRow moves the form's cursor to the row labelled row.
func toRow(t *testing.T, q *Model, row string) {
	t.Helper()
	pressQ(t, q, "g")
	for i := 0; i < 40 && q.Form().Row != row; i++ {
		pressQ(t, q, "j")
	}
	if q.Form().Row != row {
		t.Fatalf("cannot reach row %q (at %q)", row, q.Form().Row)
	}
}

// gotoPQRow moves the PartiQL editor's cursor to the row labelled row.
func toPQRow(t *testing.T, q *Model, row string) {
	t.Helper()
	pressQ(t, q, "g")
	for i := 0; i < 10 && q.PartiQL().Row != row; i++ {
		pressQ(t, q, "j")
	}
	if q.PartiQL().Row != row {
		t.Fatalf("cannot reach row %q", row)
	}
}

// typeField edits the field under the cursor: enter, ctrl+u, the text,
// enter.
func typeField(t *testing.T, q *Model, text string) {
	t.Helper()
	pressQ(t, q, "enter", "ctrl+u", text, "enter")
}

// setStatement writes the PartiQL statement (the editor in PartiQL mode).
func writeStatement(t *testing.T, q *Model, stmt string) {
	t.Helper()
	toPQRow(t, q, "statement")
	typeField(t, q, stmt)
}

// remoteLike is the embedded engine seen as a remote backend: it says
// where it points (kit.IsRemote), cannot plan a statement (the embedded
// engine's extras are not promoted), refuses writes when read-only as
// engine/remote does, and counts the Scans it is sent.
type remoteLike struct {
	engine.API
	loc   remoteapi.Location
	scans *int
}

func newRemoteLike(t *testing.T, write bool) remoteLike {
	return remoteLike{API: uitest.DemoEngine(t, "forum"), loc: remoteapi.Location{Region: "us-east-1", Endpoint: "http://127.0.0.1:8000", Write: write}, scans: new(int)}
}

func (r remoteLike) Location() remoteapi.Location { return r.loc }

func (r remoteLike) Scan(ctx context.Context, in *model.ScanInput) (*model.ScanOutput, error) {
	*r.scans++
	return r.API.Scan(ctx, in)
}

func (r remoteLike) ExecuteStatement(ctx context.Context, in *model.ExecuteStatementInput) (*model.ExecuteStatementOutput, error) {
	if !r.loc.Write && statementVerb(in.Statement) != "" {
		return nil, &model.Error{Code: remoteapi.ErrReadOnly, Message: remoteapi.ReadOnlyMessage}
	}
	return r.API.ExecuteStatement(ctx, in)
}

// getItem reads an item of api.
func getItem(t *testing.T, api engine.API, table string, key model.Item) model.Item {
	t.Helper()
	out, err := api.GetItem(context.Background(), &model.GetItemInput{TableName: table, Key: key})
	if err != nil {
		t.Fatal(err)
	}
	return out.Item
}

// toMode puts the builder in mode m, driving what it reads.
func toMode(t *testing.T, q *Model, m Mode) {
	t.Helper()
	uitest.Drive(t, q, q.SetMode(m))
}

func viewHas(q *Model, s string) bool { return strings.Contains(q.View(), s) }

// openQuery is a kit.OpenQueryMsg as a test reads it.
type openQuery struct {
	in    any
	noRun bool
}

func asOpenQuery(m tea.Msg) (openQuery, bool) {
	o, ok := m.(kit.OpenQueryMsg)
	return openQuery{in: o.In, noRun: o.NoRun}, ok
}
