package query

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/internal/history"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The history: every request the builder sends (a Query or Scan's first
// page, a statement's, a transaction) is kept, the last history.Keep of
// them, and any request can be saved under a name. With a store they are
// kept in its file (internal/history) and read back when the explorer
// starts; without one, for the session. ↑ on the first row of the
// builder (or ctrl+p) shows the request run before, in the mode on
// screen — the form's Query and Scan of its table or index, every
// statement, every transaction —, ↓ (or ctrl+n) the one after, and past
// the newest what was there before; / lists them all, saved first,
// filtered as a filter is typed (history_list.go); ctrl+s names the
// request on screen and saves it. Reading and writing the file are
// commands; Update never touches it.

// histState is the history as the pane holds it.
type histState struct {
	store   *history.Store // nil: kept for the session only
	runs    []history.Entry
	saved   []history.Entry
	loaded  bool
	loadErr string // why the file was not read (then nothing is written to it)

	// Going through the runs with ↑ and ↓: at is how far back (0: not
	// going through them), draft what the mode held before the first ↑.
	at    int
	base  int // 1 when the newest run was what the draft holds (↑ starts before it)
	draft *draft

	list listState // the list / opens

	naming bool // the name of a request being saved is typed
	name   kit.Field
}

// draft is what a mode held before ↑ replaced it.
type draft struct {
	f   form
	pq  pqState
	tx  txState
	vec vecState
}

// histLoadedMsg carries the history file, read.
type histLoadedMsg struct {
	h   *history.History
	err error
}

// histWrittenMsg reports a record written to the file.
type histWrittenMsg struct {
	what string // "saved as …" for a save, "" for a run
	err  error
}

// SetHistory keeps the history in the file at path ("" keeps it for the
// session only); LoadHistory reads it.
func (q *Model) SetHistory(path string) {
	q.hist.store = nil
	if path != "" {
		q.hist.store = history.Open(path)
	}
}

// LoadHistory reads the history file, in a command (nil without one).
func (q *Model) LoadHistory() tea.Cmd {
	s := q.hist.store
	if s == nil {
		q.hist.loaded = true
		return nil
	}
	return func() tea.Msg {
		h, err := s.Load()
		return histLoadedMsg{h: h, err: err}
	}
}

// onHistLoaded puts the runs read before the ones of this session.
func (q *Model) onHistLoaded(msg histLoadedMsg) {
	q.hist.loaded = true
	if msg.err != nil {
		q.hist.loadErr = msg.err.Error()
		q.hist.store = nil // never write over a file that could not be read
		return
	}
	q.hist.runs = keepLast(append(append([]history.Entry{}, msg.h.Runs...), q.hist.runs...))
	saved := map[string]bool{}
	for _, e := range q.hist.saved {
		saved[e.Saved] = true
	}
	for _, e := range msg.h.Saved {
		if !saved[e.Saved] {
			q.hist.saved = append(q.hist.saved, e)
		}
	}
	sortSaved(q.hist.saved)
}

func keepLast(runs []history.Entry) []history.Entry {
	if n := len(runs); n > history.Keep {
		return append([]history.Entry(nil), runs[n-history.Keep:]...)
	}
	return runs
}

// entryOf is the record of a request: its action, table and index, and
// the request as DynamoDB's JSON protocol writes it, without the page it
// started from (the record is of the first page).
func entryOf(in any, now time.Time) (history.Entry, bool) {
	e := history.Entry{At: now.UTC().Truncate(time.Second)}
	switch r := in.(type) {
	case *model.QueryInput:
		c := *r
		c.ExclusiveStartKey = nil
		e.Op, e.Table, e.Index, in = "Query", r.TableName, r.IndexName, &c
	case *model.ScanInput:
		c := *r
		c.ExclusiveStartKey = nil
		e.Op, e.Table, e.Index, in = "Scan", r.TableName, r.IndexName, &c
	case *model.ExecuteStatementInput:
		c := *r
		c.NextToken = ""
		e.Op, in = "ExecuteStatement", &c
		e.Table, e.Index = statementTarget(r.Statement)
	case *model.SearchVectorsInput:
		e.Op, e.Table = "SearchVectors", r.TableName
		if r.IndexName != nil {
			e.Index = *r.IndexName
		}
	case *model.TransactWriteItemsInput:
		e.Op = "TransactWriteItems"
		if len(r.TransactItems) > 0 {
			e.Table = txTable(r.TransactItems[0])
		}
	default:
		return e, false
	}
	b, err := json.Marshal(in)
	if err != nil {
		return e, false
	}
	e.Request = b
	return e, true
}

// requestOf reads a record's request back.
func requestOf(e history.Entry) (any, error) {
	var in any
	switch e.Op {
	case "Query":
		in = &model.QueryInput{}
	case "Scan":
		in = &model.ScanInput{}
	case "ExecuteStatement":
		in = &model.ExecuteStatementInput{}
	case "TransactWriteItems":
		in = &model.TransactWriteItemsInput{}
	case "SearchVectors":
		in = &model.SearchVectorsInput{}
	default:
		return nil, fmt.Errorf("a %s request is not one the builder shows", e.Op)
	}
	if err := json.Unmarshal(e.Request, in); err != nil {
		return nil, fmt.Errorf("the %s request kept cannot be read: %v", e.Op, err)
	}
	return in, nil
}

// record keeps a request sent; the command writes it to the file. The
// same request twice in a row is kept once.
func (q *Model) record(in any) tea.Cmd {
	e, ok := entryOf(in, time.Now())
	if !ok || q.neverSent(in) {
		return nil
	}
	q.hist.at, q.hist.draft = 0, nil
	if n := len(q.hist.runs); n > 0 && sameEntry(q.hist.runs[n-1], e) {
		return nil
	}
	q.hist.runs = keepLast(append(q.hist.runs, e))
	return q.writeHistory(e, "")
}

// neverSent reports whether the backend refuses the request without
// sending it: a write on a read-only remote backend.
func (q *Model) neverSent(in any) bool {
	if kit.ReadOnly(q.api) == "" {
		return false
	}
	switch in := in.(type) {
	case *model.TransactWriteItemsInput:
		return true
	case *model.ExecuteStatementInput:
		return statementVerb(in.Statement) != ""
	}
	return false
}

func sameEntry(a, b history.Entry) bool {
	return a.Op == b.Op && bytes.Equal(a.Request, b.Request)
}

// writeHistory appends a record to the file, in a command.
func (q *Model) writeHistory(e history.Entry, what string) tea.Cmd {
	s := q.hist.store
	if s == nil {
		if what != "" {
			return kit.Msg(histWrittenMsg{what: what})
		}
		return nil
	}
	return func() tea.Msg { return histWrittenMsg{what: what, err: s.Append(e)} }
}

// onHistWritten says what became of a save, or why the file was not
// written.
func (q *Model) onHistWritten(msg histWrittenMsg) {
	switch {
	case msg.err != nil:
		q.setNote("history not written: "+msg.err.Error(), true)
	case msg.what != "":
		where := "for this session (no history file)"
		if q.hist.store != nil {
			where = "in " + q.hist.store.Path()
		}
		q.setNote(msg.what+", "+where+": / lists it", false)
	}
}

// modeOps are the actions whose runs ↑ goes through in the mode on
// screen, and whether they must be on the form's table or index.
func (q *Model) histMatches() []history.Entry {
	var out []history.Entry
	tg := q.target()
	for _, e := range q.hist.runs {
		switch q.alt {
		case ModeTransaction:
			if e.Op == "TransactWriteItems" {
				out = append(out, e)
			}
		case ModePartiQL:
			if e.Op == "ExecuteStatement" {
				out = append(out, e)
			}
		case ModeVector:
			if e.Op == "SearchVectors" && tg.Valid() && e.Table == tg.Table() {
				out = append(out, e)
			}
		case ModeQuery:
			if (e.Op == "Query" || e.Op == "Scan") && tg.Valid() && e.Table == tg.Table() && e.Index == tg.Index {
				out = append(out, e)
			}
		}
	}
	return out
}

// atTop reports whether the cursor is on the mode's first row, where ↑
// goes through the history.
func (q *Model) atTop() bool {
	switch q.alt {
	case ModeTransaction:
		return q.tx.cur.kind == trMode
	case ModePartiQL:
		return q.pq.row == pqMode
	case ModeVector:
		return q.vec.row == vrMode
	}
	return q.row == 0
}

// histStep shows the request run before (dir -1) or after (+1) the one
// on screen; after the newest, what was there before the first ↑. quiet
// says nothing when there is nothing to show (↑ on the first row).
func (q *Model) histStep(dir int, quiet bool) tea.Cmd {
	matches := q.histMatches()
	at := q.hist.at + 1
	if dir > 0 {
		at = q.hist.at - 1
	}
	if dir < 0 && q.hist.at == 0 {
		// the newest run may be what is on screen: start before it
		q.hist.base = 0
		if cur, ok := q.currentEntry(); ok && len(matches) > 0 && sameEntry(matches[len(matches)-1], cur) {
			q.hist.base = 1
		}
		at = q.hist.base + 1
	}
	switch {
	case dir > 0 && q.hist.at == 0:
		if !quiet {
			q.setNote("no later request: ↑ or ctrl+p shows the ones run before", false)
		}
		return nil
	case dir > 0 && at <= q.hist.base:
		return q.restoreDraft()
	case at > len(matches):
		if !quiet {
			q.setNote(q.noEarlier(q.hist.at > 0), false)
		}
		return nil
	}
	if q.hist.at == 0 {
		q.hist.draft = &draft{f: q.f, pq: q.pq, tx: q.tx, vec: q.vec}
	}
	q.hist.at = at
	e := matches[len(matches)-at]
	return q.showEntry(e, fmt.Sprintf("request %d of %d run %s", len(matches)-at+1, len(matches), q.modeScope()))
}

// noEarlier says there is nothing before.
func (q *Model) noEarlier(started bool) string {
	if started {
		return "the oldest request run " + q.modeScope() + " (↓ or ctrl+n goes back)"
	}
	return "no request run " + q.modeScope() + " yet (the ones run are kept; / lists every one)"
}

// modeScope says which runs ↑ goes through.
func (q *Model) modeScope() string {
	switch q.alt {
	case ModeTransaction:
		return "as a transaction"
	case ModePartiQL:
		return "as a statement"
	case ModeVector:
		return "as a vector search of " + q.target().Table()
	}
	return "on " + q.target().Label()
}

// currentEntry is the record the request on screen would make.
func (q *Model) currentEntry() (history.Entry, bool) {
	in, r := q.request()
	if r != nil {
		return history.Entry{}, false
	}
	return entryOf(in, time.Now())
}

// restoreDraft brings back what the mode held before the first ↑.
func (q *Model) restoreDraft() tea.Cmd {
	d := q.hist.draft
	q.hist.at, q.hist.draft = 0, nil
	if d == nil {
		return nil
	}
	switch q.alt {
	case ModeTransaction:
		q.tx = d.tx
	case ModeVector:
		q.vec = d.vec
	case ModePartiQL:
		q.pq = d.pq
		return q.pqPlan()
	default:
		q.f = d.f
		q.row = 0
	}
	return nil
}

// showEntry puts a kept request in the builder (not run), the cursor on
// the mode's first row; note says which it is.
func (q *Model) showEntry(e history.Entry, note string) tea.Cmd {
	in, err := requestOf(e)
	if err != nil {
		q.setNote(err.Error(), true)
		return nil
	}
	var cmd tea.Cmd
	switch in := in.(type) {
	case *model.TransactWriteItemsInput:
		q.alt = ModeTransaction
		q.txLoad(in)
		q.tx.cur = txRow{kind: trMode}
		cmd = q.loadTables()
	case *model.ExecuteStatementInput:
		q.alt = ModePartiQL
		q.pqLoad(in)
		q.pq.row = pqMode
		cmd = tea.Batch(q.loadTables(), q.pqPlan())
	case *model.SearchVectorsInput:
		q.alt = ModeVector
		q.vecLoad(in)
		q.vec.row = vrMode
	default:
		q.alt = ModeQuery
		q.f = form{}
		if n := q.loadRequest(in); n != "" {
			note += "; " + n
		}
	}
	q.editing = false
	q.setNote(note+" · "+e.At.Local().Format("Jan 2 15:04:05")+" (not run: r runs it)", false)
	return cmd
}

// startSave starts naming the request on screen, to save it.
func (q *Model) startSave() {
	if _, r := q.request(); r != nil {
		q.setNote("nothing to save: "+r.why, true)
		return
	}
	q.hist.naming, q.editing = true, false
	q.hist.name = kit.Field{}
}

// saveKey handles a key while the request's name is typed.
func (q *Model) saveKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, q.keys.Cancel):
		q.hist.naming = false
		return nil
	case key.Matches(msg, q.keys.Accept):
		name := strings.TrimSpace(q.hist.name.String())
		if name == "" {
			return nil
		}
		q.hist.naming = false
		in, r := q.request()
		if r != nil {
			q.setNote("nothing to save: "+r.why, true)
			return nil
		}
		e, ok := entryOf(in, time.Now())
		if !ok {
			return nil
		}
		e.Saved = name
		replaced := false
		for i, s := range q.hist.saved {
			if s.Saved == name {
				q.hist.saved[i], replaced = e, true
			}
		}
		if !replaced {
			q.hist.saved = append(q.hist.saved, e)
			sortSaved(q.hist.saved)
		}
		what := fmt.Sprintf("saved as %q", name)
		if replaced {
			what = fmt.Sprintf("saved as %q (in place of the request of that name)", name)
		}
		return q.writeHistory(e, what)
	}
	q.hist.name.Update(msg)
	return nil
}

// sortSaved puts the saved requests in name order.
func sortSaved(s []history.Entry) {
	sort.Slice(s, func(i, j int) bool { return s[i].Saved < s[j].Saved })
}

// histKey takes the history's keys in a mode that reads its own (the
// Vector mode): ctrl+p and ctrl+n anywhere, ↑ on the first row and ↓
// while going through the runs, / and ctrl+s when no field is edited.
func (q *Model) histKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := q.keys
	switch {
	case key.Matches(msg, k.HistPrev):
		q.editing = false
		return q.histStep(-1, false), true
	case key.Matches(msg, k.HistNext):
		q.editing = false
		return q.histStep(1, false), true
	case q.editing:
		return nil, false
	case key.Matches(msg, k.Up) && q.atTop():
		return q.histStep(-1, q.hist.at == 0), true
	case key.Matches(msg, k.Down) && q.hist.at > 0:
		return q.histStep(1, false), true
	}
	q.hist.at, q.hist.draft = 0, nil
	switch {
	case key.Matches(msg, k.HistSearch):
		q.openList()
		return nil, true
	case key.Matches(msg, k.SaveRequest):
		q.startSave()
		return nil, true
	}
	return nil, false
}
