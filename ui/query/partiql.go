package query

import (
	"regexp"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The PartiQL mode is an ExecuteStatement editor: the statement (the
// names of the workspace's tables and of the attributes of the table it
// reads offered as they are typed, tab completing), its ? parameters,
// consistent read and limit. Before anything runs, the embedded engine
// plans the statement and the builder shows the verdict: a SELECT
// becomes a Query exactly when its WHERE pins the partition key with =
// or IN, otherwise a Scan of everything. Running shows the items, page
// by page with NextToken, what it cost, itemised, and the same request
// as an aws dynamodb execute-statement line.

// PartiQL form rows.
const (
	pqMode = iota
	pqStatement
	pqParams
	pqConsistent
	pqLimit
	pqRun
	pqRows // how many
)

// pqState is the statement being written, its verdict and its result.
type pqState struct {
	stmt, params, limit kit.Field
	consistent          bool
	row                 int // a form row, or past them a result row
	top, rtop           int
	// auto is the statement the builder wrote for the table on screen; it
	// follows the sidebar while it is not edited.
	auto string
	// The verdict: the plan (or the error) PlanStatement gave for planFor
	// (statement and parameters); planNote says why there is none.
	plan     *engine.StatementPlan
	planErr  *model.Error
	planFor  string
	planNote string
	res      *pqResult
	note     string
	noteBad  bool
	reveal   bool // scroll to the result once it arrives
}

// pqKey identifies a statement with its parameters.
func (q *Model) pqKey() string { return q.pq.stmt.String() + "\x00" + q.pq.params.String() }

// pqField is the text field under the cursor, or nil.
func (q *Model) pqField() *kit.Field {
	switch q.pq.row {
	case pqStatement:
		return &q.pq.stmt
	case pqParams:
		return &q.pq.params
	case pqLimit:
		return &q.pq.limit
	}
	return nil
}

// pqMax is the last row the cursor can reach.
func (q *Model) pqMax() int {
	n := pqRows
	if q.pq.res != nil {
		n += len(q.pq.res.items)
	}
	return n - 1
}

func (q *Model) pqMove(n int) { q.pq.row = max(min(q.pq.row+n, q.pqMax()), 0) }

// pqResultIndex is the result row under the cursor, or -1.
func (q *Model) pqResultIndex() int {
	if q.pq.row < pqRows || q.pq.res == nil {
		return -1
	}
	return q.pq.row - pqRows
}

// pqEdited follows an edit: the note goes, and the statement is planned
// again (its table's names read when it names another table).
func (q *Model) pqEdited() tea.Cmd {
	q.pq.note, q.pq.noteBad = "", false
	return tea.Batch(q.pqPlan(), q.pqAttrs())
}

// defaultStatement is the statement the builder offers for a table or
// index: all of it, which the verdict calls a Scan.
func defaultStatement(tg kit.Target) string {
	if !tg.Valid() {
		return ""
	}
	s := "SELECT * FROM " + quoteName(tg.Table())
	if tg.Index != "" {
		s += "." + quoteName(tg.Index)
	}
	return s
}

// quoteName writes a table, index or attribute name as a PartiQL quoted
// identifier.
func quoteName(n string) string { return `"` + strings.ReplaceAll(n, `"`, `""`) + `"` }

// pqFollow offers the statement for the table on screen while the one in
// the editor is the builder's own.
func (q *Model) pqFollow() {
	if s := q.pq.stmt.String(); s == "" || s == q.pq.auto {
		q.pq.auto = defaultStatement(q.target())
		q.pq.stmt.Set(q.pq.auto)
	}
}

// statementName matches the table (and index) a statement names.
var statementName = regexp.MustCompile(`(?i)\b(?:FROM|INTO|UPDATE)\s+("(?:[^"]|"")*"|[A-Za-z0-9_-]+)(?:\s*\.\s*("(?:[^"]|"")*"|[A-Za-z0-9_-]+))?`)

// unquoteName reads a quoted or bare identifier.
func unquoteName(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return strings.ReplaceAll(s[1:len(s)-1], `""`, `"`)
	}
	return s
}

// statementTarget is the table and index a statement names ("" when it
// names none yet).
func statementTarget(s string) (table, index string) {
	m := statementName.FindStringSubmatch(s)
	if m == nil {
		return "", ""
	}
	return unquoteName(m[1]), unquoteName(m[2])
}

// pqTable is the table whose attribute names the editor offers: the one
// the statement names, or the one on screen.
func (q *Model) pqTable() string {
	if t, _ := statementTarget(q.pq.stmt.String()); t != "" {
		return t
	}
	return q.target().Table()
}

// parseParams reads the parameters: values separated by commas, each as
// the builder's values take them.
func parseParams(text string) ([]model.AttributeValue, *refusal) {
	if strings.TrimSpace(text) == "" {
		return nil, nil
	}
	var out []model.AttributeValue
	for i, part := range splitTop(text) {
		part = strings.TrimSpace(part)
		if part == "" {
			return nil, refuse("parameters: parameter %d is empty", i+1)
		}
		av, r := literal(part)
		if r != nil {
			return nil, refuse("parameters: parameter %d: %s", i+1, r.why)
		}
		out = append(out, av)
	}
	return out, nil
}

// planMsg is the verdict on a statement.
type planMsg struct {
	key  string
	plan *engine.StatementPlan
	err  error
}

// pqPlan asks the engine what the statement becomes, in a command.
func (q *Model) pqPlan() tea.Cmd {
	key := q.pqKey()
	if key == q.pq.planFor && (q.pq.plan != nil || q.pq.planErr != nil) {
		return nil
	}
	q.pq.plan, q.pq.planErr, q.pq.planNote = nil, nil, ""
	q.pq.planFor = key
	stmt := q.pq.stmt.String()
	if strings.TrimSpace(stmt) == "" {
		return nil
	}
	planner, ok := q.api.(kit.StatementPlanner)
	if !ok {
		q.pq.planNote = "this backend cannot tell before running whether a SELECT becomes a Query or a Scan (only the embedded engine plans a statement without running it)"
		return nil
	}
	params, r := parseParams(q.pq.params.String())
	if r != nil {
		q.pq.planNote = r.why
		return nil
	}
	return func() tea.Msg {
		plan, err := planner.PlanStatement(kit.Bg, stmt, params)
		return planMsg{key: key, plan: plan, err: err}
	}
}

// onPlan keeps the verdict on the statement in the editor.
func (q *Model) onPlan(msg planMsg) {
	if msg.key != q.pqKey() {
		return
	}
	q.pq.planFor = msg.key
	q.pq.plan, q.pq.planErr = msg.plan, kit.AsModelError(msg.err)
}

// pqAttrs reads the names of the table the statement names, when the
// editor has not read them yet.
func (q *Model) pqAttrs() tea.Cmd {
	if !q.editing || q.pq.row != pqStatement {
		return nil
	}
	return q.loadAttrs(q.pqTable())
}

// namesKeyword are the words after which a table name comes.
var namesKeyword = map[string]bool{"FROM": true, "INTO": true, "UPDATE": true}

// suggestions are the names offered for what is being typed in the
// statement: tables after FROM, INTO or UPDATE, otherwise the attributes
// of the statement's table; what says which. Inside a 'string' or a
// number nothing is being named: every name is offered, none completed.
func (q *Model) suggestions() (names []string, what string) {
	names, what, _ = q.suggestionsFor()
	return names, what
}

// suggestionsFor is suggestions, and whether the word being typed is
// already a whole name offered (tab has nothing to add to it).
func (q *Model) suggestionsFor() (names []string, what string, whole bool) {
	word, quoted := q.pq.stmt.WordBefore()
	before := q.pq.stmt.TextBefore()
	before = before[:len(before)-len(word)]
	if quoted {
		before = before[:len(before)-1]
	}
	fields := strings.Fields(before)
	var all []string
	if len(fields) > 0 && namesKeyword[strings.ToUpper(fields[len(fields)-1])] {
		all, what = q.choices(), "tables"
	} else {
		t := q.pqTable()
		all, what = q.attrs[t], "attributes of "+t
		if all == nil && q.attrsLoading[t] {
			what += " (reading…)"
		}
	}
	if !namingAt(word, before) {
		return all, what, false
	}
	lw := strings.ToLower(word)
	for _, n := range all {
		switch {
		case n == word:
			whole = true
		case strings.HasPrefix(strings.ToLower(n), lw):
			names = append(names, n)
		}
	}
	return names, what, whole
}

// namingAt reports whether word, typed after before, is a name being
// written: not empty, not a number, not inside a 'string'.
func namingAt(word, before string) bool {
	return word != "" && !(word[0] >= '0' && word[0] <= '9') && strings.Count(before, "'")%2 == 0
}

// bareName matches names PartiQL takes without quotes.
var bareName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// complete replaces the name being typed by the first name offered; it
// reports whether there was one.
func (q *Model) complete() bool {
	word, quoted := q.pq.stmt.WordBefore()
	before := q.pq.stmt.TextBefore()
	if !quoted && !namingAt(word, before[:len(before)-len(word)]) {
		return false
	}
	names, what := q.suggestions()
	if len(names) == 0 {
		return false
	}
	n := names[0]
	if quoted || what == "tables" || !bareName.MatchString(n) {
		n = quoteName(n)
	}
	q.pq.stmt.ReplaceWordBefore(n)
	return true
}

// pqLoad fills the editor with a statement (from a lesson).
func (q *Model) pqLoad(in *model.ExecuteStatementInput) {
	q.pq.stmt.Set(in.Statement)
	q.pq.auto = ""
	var ps []string
	for _, p := range in.Parameters {
		ps = append(ps, kit.LiteralText(p))
	}
	q.pq.params.Set(strings.Join(ps, ", "))
	q.pq.consistent = in.ConsistentRead != nil && *in.ConsistentRead
	q.pq.limit.Set("")
	if in.Limit != nil {
		q.pq.limit.Set(strconv.Itoa(int(*in.Limit)))
	}
	q.pq.row, q.pq.res, q.pq.note = pqRun, nil, ""
}

// pqBuild makes the ExecuteStatement request the editor describes.
func (q *Model) pqBuild() (*model.ExecuteStatementInput, *refusal) {
	stmt := strings.TrimSpace(q.pq.stmt.String())
	if stmt == "" {
		return nil, refuse("type a statement first")
	}
	params, r := parseParams(q.pq.params.String())
	if r != nil {
		return nil, r
	}
	in := &model.ExecuteStatementInput{Statement: stmt, Parameters: params, ReturnConsumedCapacity: model.ReturnCapacityIndexes}
	if s := strings.TrimSpace(q.pq.limit.String()); s != "" {
		n, err := strconv.ParseInt(s, 10, 32)
		if err != nil {
			return nil, refuse("limit must be a whole number (got %q)", s)
		}
		l := int32(n)
		in.Limit = &l
	}
	if q.pq.consistent {
		t := true
		in.ConsistentRead = &t
	}
	return in, nil
}
