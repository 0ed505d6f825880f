package query

import (
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The Transaction mode builds a TransactWriteItems request: a list of
// actions (Put, Update, Delete, ConditionCheck), each on any table of the
// workspace, sent all or nothing. The action under the cursor is open,
// one row per field; the others are one summary line each. After a run
// every action shows what became of it (written, or the code of its
// cancellation reason), and below the form the reasons are listed in
// request order with the action that cancelled the transaction marked.

// Action kinds, as TransactWriteItems names them.
const (
	kindPut            = "Put"
	kindUpdate         = "Update"
	kindDelete         = "Delete"
	kindConditionCheck = "ConditionCheck"
)

// kinds are the action kinds in the order the kind row offers them.
var kinds = []string{kindPut, kindUpdate, kindDelete, kindConditionCheck}

// maxTransactActions is TransactWriteItems' limit.
const maxTransactActions = 100

// keyAttr is a key attribute of a table and its declared type (S, N, B).
type keyAttr struct{ name, typ string }

// tableKeyAttrs are a table's key attributes in key-schema order: the
// partition key, then the sort key when there is one. (Each becomes its
// own field; a key schema of more attributes is more fields.)
func tableKeyAttrs(d *model.TableDescription) []keyAttr {
	if d == nil {
		return nil
	}
	var out []keyAttr
	for _, k := range d.KeySchema {
		t := kit.Target{Desc: d}
		out = append(out, keyAttr{name: k.AttributeName, typ: t.AttrType(k.AttributeName)})
	}
	return out
}

// keyField is the text typed for one key attribute.
type keyField struct {
	keyAttr
	f kit.Field
}

// txAction is one action of the transaction being built.
type txAction struct {
	kind      string
	table     string
	keys      []keyField // Update, Delete, ConditionCheck: one per key attribute
	item      kit.Field  // Put: "PK = "a", SK = 1, Tags = {"SS":["x"]}"
	update    kit.Field  // Update
	condition kit.Field
	names     kit.Field
	values    kit.Field
	allOld    bool // ReturnValuesOnConditionCheckFailure ALL_OLD
}

// setKeys gives the action one key field per key attribute of its table,
// keeping what was typed for attributes of the same name.
func (a *txAction) setKeys(d *model.TableDescription) {
	attrs := tableKeyAttrs(d)
	if attrs == nil {
		return
	}
	typed := map[string]string{}
	for _, k := range a.keys {
		typed[k.name] = k.f.String()
	}
	a.keys = make([]keyField, len(attrs))
	for i, ka := range attrs {
		a.keys[i] = keyField{keyAttr: ka, f: kit.NewField(typed[ka.name])}
	}
}

// txRowKind is what a row of the transaction form holds.
type txRowKind int

const (
	trMode      txRowKind = iota // operation ◂ Transaction ▸
	trHeader                     // an action: its kind (and, closed, a summary)
	trTable                      // the action's table
	trItem                       // Put: the item
	trKey                        // one key attribute (k)
	trUpdate                     // Update: the update expression
	trCondition                  // the condition expression
	trNames                      // #names
	trValues                     // :values
	trOnFailure                  // ReturnValuesOnConditionCheckFailure
	trAdd                        // [ + add action ]
	trToken                      // ClientRequestToken
	trRun                        // [ run ▶ ]
	trResult                     // a line of the result (k), to scroll through it
)

// txRow is one row: its kind, the action it belongs to (a) and, for key
// fields and result lines, which one (k).
type txRow struct {
	kind txRowKind
	a, k int
}

// txState is the transaction being built, its cursor and its last result.
type txState struct {
	actions []*txAction
	cur     txRow
	token   kit.Field
	res     *txResult
	// dirty: the actions changed since the result, whose per-action
	// outcomes are then no longer shown beside them.
	dirty   bool
	note    string
	noteBad bool
	top     int
	reveal  bool // scroll to the result once it arrives
}

// isActionRow reports whether a row kind belongs to an action.
func (k txRowKind) isActionRow() bool { return k >= trHeader && k <= trOnFailure }

// open is the action whose fields are shown: the one under the cursor.
func (q *Model) txOpen() int {
	if q.tx.cur.kind.isActionRow() {
		return q.tx.cur.a
	}
	return -1
}

// txRows lists the rows: the mode, each action (the open one with its
// fields), add, token, run, then the result's lines.
func (q *Model) txRows() []txRow {
	rows := []txRow{{kind: trMode}}
	open := q.txOpen()
	for i, a := range q.tx.actions {
		rows = append(rows, txRow{kind: trHeader, a: i})
		if i != open {
			continue
		}
		rows = append(rows, txRow{kind: trTable, a: i})
		if a.kind == kindPut {
			rows = append(rows, txRow{kind: trItem, a: i})
		} else {
			for k := range a.keys {
				rows = append(rows, txRow{kind: trKey, a: i, k: k})
			}
		}
		if a.kind == kindUpdate {
			rows = append(rows, txRow{kind: trUpdate, a: i})
		}
		rows = append(rows, txRow{kind: trCondition, a: i}, txRow{kind: trNames, a: i}, txRow{kind: trValues, a: i},
			txRow{kind: trOnFailure, a: i})
	}
	rows = append(rows, txRow{kind: trAdd}, txRow{kind: trToken}, txRow{kind: trRun})
	for k := range q.txResultLines() {
		rows = append(rows, txRow{kind: trResult, k: k})
	}
	return rows
}

// txIndex is the position of the cursor in rows (clamped when its row
// is gone).
func (q *Model) txIndex(rows []txRow) int {
	for i, r := range rows {
		if r == q.tx.cur {
			return i
		}
	}
	// the row is gone (an action removed, a kind without it): the
	// action's header, or the run row
	for i, r := range rows {
		if r.kind == trHeader && r.a == min(q.tx.cur.a, len(q.tx.actions)-1) && q.tx.cur.kind.isActionRow() {
			return i
		}
	}
	for i, r := range rows {
		if r.kind == trRun {
			return i
		}
	}
	return 0
}

// txMove moves the cursor n rows.
func (q *Model) txMove(n int) {
	rows := q.txRows()
	i := max(min(q.txIndex(rows)+n, len(rows)-1), 0)
	q.tx.cur = rows[i]
}

// txField is the text field under the cursor, or nil.
func (q *Model) txField() *kit.Field {
	c := q.tx.cur
	if c.kind == trToken {
		return &q.tx.token
	}
	if !c.kind.isActionRow() || c.a >= len(q.tx.actions) {
		return nil
	}
	a := q.tx.actions[c.a]
	switch c.kind {
	case trItem:
		return &a.item
	case trKey:
		if c.k < len(a.keys) {
			return &a.keys[c.k].f
		}
	case trUpdate:
		return &a.update
	case trCondition:
		return &a.condition
	case trNames:
		return &a.names
	case trValues:
		return &a.values
	}
	return nil
}

// txIsChoice reports whether the row under the cursor is a choice.
func (q *Model) txIsChoice() bool {
	switch q.tx.cur.kind {
	case trMode, trHeader, trTable, trOnFailure:
		return true
	}
	return false
}

// txEdited notes that the transaction changed: the outcomes beside the
// actions and the note were about what was there before.
func (q *Model) txEdited() {
	q.tx.dirty = true
	q.tx.note, q.tx.noteBad = "", false
}

// txCycle changes the choice under the cursor.
func (q *Model) txCycle(dir int) {
	c := q.tx.cur
	if !c.kind.isActionRow() || c.a >= len(q.tx.actions) {
		return
	}
	a := q.tx.actions[c.a]
	switch c.kind {
	case trHeader:
		a.kind = kinds[(indexOf(kinds, a.kind)+dir+len(kinds))%len(kinds)]
	case trTable:
		ts := q.choices()
		if len(ts) == 0 {
			return
		}
		a.table = ts[(indexOf(ts, a.table)+dir+len(ts))%len(ts)]
		a.setKeys(q.tableDesc(a.table))
	case trOnFailure:
		a.allOld = !a.allOld
	default:
		return
	}
	q.txEdited()
}

// txAdd adds an action after the one under the cursor (at the end from
// the rows below the actions): the same kind on the same table, or a Put
// on the table on screen for the first. The cursor goes to it.
func (q *Model) txAdd() {
	if len(q.tx.actions) >= maxTransactActions {
		q.tx.note, q.tx.noteBad = "refused: TransactWriteItems takes at most 100 actions", true
		return
	}
	a := &txAction{kind: kindPut}
	if q.desc != nil {
		a.table = q.desc.TableName
	}
	at := len(q.tx.actions)
	if c := q.tx.cur; c.kind.isActionRow() && c.a < len(q.tx.actions) {
		prev := q.tx.actions[c.a]
		a.kind, a.table = prev.kind, prev.table
		at = c.a + 1
	} else if n := len(q.tx.actions); n > 0 {
		prev := q.tx.actions[n-1]
		a.kind, a.table = prev.kind, prev.table
	}
	a.setKeys(q.tableDesc(a.table))
	q.tx.actions = append(q.tx.actions[:at], append([]*txAction{a}, q.tx.actions[at:]...)...)
	q.tx.cur = txRow{kind: trHeader, a: at}
	q.txEdited()
}

// txRemove removes the action under the cursor.
func (q *Model) txRemove() {
	c := q.tx.cur
	if !c.kind.isActionRow() || c.a >= len(q.tx.actions) {
		return
	}
	q.tx.actions = append(q.tx.actions[:c.a], q.tx.actions[c.a+1:]...)
	if len(q.tx.actions) == 0 {
		q.tx.cur = txRow{kind: trAdd}
	} else {
		q.tx.cur = txRow{kind: trHeader, a: min(c.a, len(q.tx.actions)-1)}
	}
	q.txEdited()
}
