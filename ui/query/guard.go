package query

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// What the builder asks before it sends, so nothing is written or read at
// a cost without a word:
//
//   - every write on a remote backend that may write (a PartiQL INSERT,
//     UPDATE or DELETE, any transaction) asks with the table named, and the
//     root has its name typed, as an edit of an item in 2 Items does (a
//     read-only backend refuses it with its one line, nothing sent, and
//     the history does not keep it);
//   - a DELETE asks on any backend, with the statement's parameters shown;
//   - the same write again, unchanged since it ran (r or enter on
//     [ run ▶ ] once more), asks: a key pressed twice never writes twice;
//   - a Scan of a remote table asks first, with what it may cost, as G in
//     2 Items does; the next page (n) goes on without asking.

// writeVerb matches a statement that writes: its first word, after
// whitespace and comments, is INSERT, UPDATE or DELETE (or UPSERT or
// REPLACE, which DynamoDB refuses).
var writeVerb = regexp.MustCompile(`(?is)^(?:\s|--[^\n]*\n|/\*.*?\*/)*(INSERT|UPDATE|DELETE|UPSERT|REPLACE)\b`)

// statementVerb is the verb of a statement that writes, upper-case, or
// "" for one that reads.
func statementVerb(stmt string) string {
	m := writeVerb.FindStringSubmatch(stmt)
	if m == nil {
		return ""
	}
	return strings.ToUpper(m[1])
}

// remoteWrites reports whether the backend is a remote one that may write
// (a write there asks for the table's name to be typed).
func (q *Model) remoteWrites() bool { return kit.IsRemote(q.api) && kit.ReadOnly(q.api) == "" }

// pqGuard is the question to ask before the statement in runs, or nil; a
// refusal note when it must not be sent at all.
func (q *Model) pqGuard(in *model.ExecuteStatementInput) (tea.Cmd, string) {
	verb := statementVerb(in.Statement)
	table := q.target().Table()
	if t, _ := statementTarget(in.Statement); t != "" {
		table = t
	}
	if p := q.pq.plan; p != nil && q.pq.planFor == q.pqKey() {
		table = p.Table
		switch p.Action {
		case "DeleteItem":
			verb = "DELETE"
		case "UpdateItem":
			verb = "UPDATE"
		case "PutItem":
			verb = "INSERT"
		}
	}
	if verb == "" {
		return nil, ""
	}
	again := q.pq.res != nil && q.pq.res.page == 0 && sameRequest(q.pq.res.in, in)
	if verb != "DELETE" && !again && !q.remoteWrites() {
		return nil, ""
	}
	body := append([]string{in.Statement}, paramLines(in.Parameters)...)
	title, yes := "Run the "+verb, "run it"
	switch verb {
	case "DELETE":
		body = append(body, "", "The statement deletes the item its WHERE names.")
		yes = "delete the item"
	case "UPDATE":
		body = append(body, "", "The statement changes the item its WHERE names.")
	default:
		body = append(body, "", "The statement writes an item into "+table+".")
	}
	if again {
		title = "Run the same " + verb + " again?"
		body = append(body, "It has run already, as it is: running it again writes again.")
	}
	return kit.Msg(kit.ConfirmMsg{Title: title, Yes: yes, Table: table, Body: body, Then: pqConfirmed{in: in}}), ""
}

// paramLines show a statement's parameters, one a line: "? 1 = "EC2"".
func paramLines(ps []model.AttributeValue) []string {
	if len(ps) == 0 {
		return nil
	}
	out := []string{"with the parameters:"}
	for i, p := range ps {
		out = append(out, fmt.Sprintf("  ? %d = %s", i+1, kit.LiteralText(p)))
	}
	return out
}

// txGuard is the question to ask before the transaction in runs, or nil;
// a refusal note when it must not be sent at all.
func (q *Model) txGuard(in *model.TransactWriteItemsInput) (tea.Cmd, string) {
	var deletes, all []string
	deleteTable := ""
	for i, ti := range in.TransactItems {
		action, table, _ := ti.Action()
		key := kit.KeyText(txKey(ti, keyNames(q.tableDesc(table))), keyNames(q.tableDesc(table))...)
		all = append(all, fmt.Sprintf("action %d: %s %s on %s", i+1, action, key, table))
		if d := ti.Delete; d != nil {
			if deleteTable == "" {
				deleteTable = d.TableName
			}
			deletes = append(deletes, fmt.Sprintf("action %d deletes %s from %s", i+1, kit.KeyText(d.Key, keyNames(q.tableDesc(d.TableName))...), d.TableName))
		}
	}
	again := q.tx.res != nil && sameRequest(q.tx.res.in, in)
	if len(deletes) == 0 && !again && !q.remoteWrites() {
		return nil, ""
	}
	title, yes, table, body := "Run the transaction", "run it", "", all
	if tables := tablesOf(in); len(tables) > 0 {
		table = tables[0]
	}
	if len(deletes) > 0 {
		yes, table, body = "run it, deleting", deleteTable, deletes
		if q.remoteWrites() {
			body = append(append(body, ""), all...)
		}
	}
	body = append(body, "", "All actions are written together, or none if a condition fails.")
	if again {
		title = "Run the same transaction again?"
		body = append(body, "It has run already, as it is: running it again writes again.")
	}
	return kit.Msg(kit.ConfirmMsg{Title: title, Yes: yes, Table: table, Body: body, Then: txConfirmed{in: in}}), ""
}

// scanConfirmed is delivered when the user agreed to the cost of a Scan.
type scanConfirmed struct{ in *model.ScanInput }

// scanGuard is the question to ask before a Scan of a remote table reads
// its first page, or nil.
func (q *Model) scanGuard(in *model.ScanInput) tea.Cmd {
	tg := q.target()
	if !kit.IsRemote(q.api) || tg.Desc == nil {
		return nil
	}
	consistent := in.ConsistentRead != nil && *in.ConsistentRead
	var body []string
	if e, err := remoteapi.EstimateScanOf(tg.Desc, tg.Index); err == nil {
		body = append(body, e.String(), "", pageCost(e, in.Limit, consistent))
	} else {
		body = append(body, "DescribeTable gives no size to price it from: a page reads up to 1 MB.")
	}
	if in.FilterExpression != "" {
		body = append(body, "The filter is applied after the items are read: it does not lower the cost.")
	}
	body = append(body, "", "Each page shows what it consumed; n reads the next one without asking again.")
	return kit.Msg(kit.ConfirmMsg{Title: "Scan " + tg.Label() + "?", Yes: "scan", Body: body, Then: scanConfirmed{in: in}})
}

// pageCost says what the first page of the Scan may read: up to 1 MB (or
// Limit items at the table's mean size), rounded up to 4 KB, half a unit
// per 4 KB eventually consistent.
func pageCost(e remoteapi.ScanEstimate, limit *int32, consistent bool) string {
	const page = 1 << 20
	bytes := min(e.Bytes, page)
	what := "one page: up to 1 MB"
	if limit != nil && *limit > 0 && e.Items > 0 {
		if b := int64(*limit) * e.Bytes / e.Items; b < bytes {
			bytes = b
		}
		what = fmt.Sprintf("one page: at most %s (Limit)", kit.NItems(int(*limit)))
	}
	units := math.Max(math.Ceil(float64(bytes)/4096), 1)
	read := "eventually consistent"
	if consistent {
		read = "strongly consistent"
	} else {
		units /= 2
	}
	unit := "RCU"
	if e.OnDemand {
		unit = "read request units"
	}
	return fmt.Sprintf("This Scan reads %s, about %s %s %s.", what, kit.Units(units), unit, read)
}

// clearStaleError drops the form's result when it is DynamoDB's error
// about the request before the switch between Query and Scan: it was
// about another request.
func (q *Model) clearStaleError() {
	if q.f.res != nil && q.f.res.err != nil {
		q.f.res = nil
		q.move(0)
	}
}

// rejectedHead heads the error box of a request: DynamoDB's refusal, or a
// write the read-only backend did not send.
func rejectedHead(err *model.Error, what string) string {
	if err.Code == remoteapi.ErrReadOnly {
		return "Not sent: this endpoint is open read-only."
	}
	return "DynamoDB rejected the " + what + ":"
}
