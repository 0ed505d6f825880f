package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/dynoscope/dynoscope/engine/expr"
	"github.com/dynoscope/dynoscope/engine/partiql"
	"github.com/dynoscope/dynoscope/model"
)

// maxDecomposedReads is how many key reads one SELECT may become (the IN
// operator's "at max 50 hash attribute values", Developer Guide, PartiQL
// operators; "Too many decomposed read operations for a given query." past
// it, captured by floci's PartiQL edge-case tests).
const maxDecomposedReads = 50

// maxBranches bounds the OR branches a WHERE is split into when looking for
// key conditions; a WHERE with more is read as a Scan.
const maxBranches = 256

// PartiQL texts DynamoDB uses (ValidationExceptionMessages of its shared
// PartiQL code; the ones marked captured were seen from the service).
const (
	msgTooManyReads      = "Too many decomposed read operations for a given query."                   // captured
	msgOverlapping       = "Overlapping conditions with range keys are not supported in where clause" // captured
	msgKeyTypeMismatch   = "Key attribute's data type should match its data type in table's schema: Key %s"
	msgIncompleteKey     = "Where clause does not contain a mandatory equality on all key attributes"
	msgMultipleKeyValues = "Multiple conditions on same key %s. Only single item Update/Insert/Delete are supported" // captured
	msgExistsOutsideTx   = "EXISTS can only be used in ExecuteTransaction write requests."
	msgGSIConsistent     = "Strongly consistent read is not supported on Global Secondary Indexes"
	msgOrderByNoWhere    = "Must have WHERE clause in the statement when using ORDER BY clause."
	msgOrderByNoHash     = "Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause."
	msgOrderByKey        = "Variable reference %s in ORDER BY clause must be part of the primary key"
	msgOrderByManyHashes = "Must have hash key in ORDER BY clause when more than one hash key condition specified in WHERE clause."
	msgIndexOperation    = "This operation is not supported on an index"
)

// StatementPlan is what a PartiQL statement becomes: the DynamoDB action
// and, for a SELECT, whether it is a Query (its WHERE pins the partition
// key with = or IN in every OR branch) or a Scan of the whole table or
// index. The explorer shows it before a statement runs (PlanStatement) and
// after (ExecuteStatementPlanned).
type StatementPlan struct {
	// Action is Query, Scan, GetItem, PutItem, UpdateItem, DeleteItem or
	// ConditionCheck.
	Action string
	Table  string
	Index  string
	// Reads lists the key reads a Query decomposes into, as key conditions
	// ("pk = 'a' AND sk > 3"); one read per partition-key value.
	Reads []string
	// Filter is the WHERE applied to what is read (Query and Scan), as the
	// statement writes it.
	Filter string
	// Why says in one sentence why the statement became its action.
	Why string
}

// FullScan reports whether the statement reads the whole table or index.
func (p *StatementPlan) FullScan() bool { return p.Action == "Scan" }

// planUse is where a statement runs: alone, in a batch or in a transaction.
type planUse uint8

const (
	useStatement planUse = iota
	useBatch
	useTransaction
)

// keyRead is one decomposed read of a SELECT: one partition-key value and
// an optional sort-key condition.
type keyRead struct {
	hash model.AttributeValue
	rng  *expr.RangeCondition
	// loose marks a read from an OR branch that names the sort key in a way
	// no key condition can hold (NOT sk = …, sk <> …): DynamoDB merges such
	// a read with one it overlaps instead of refusing the statement.
	loose bool
}

// compiledSelect is a SELECT resolved against its table.
type compiledSelect struct {
	sel     *partiql.Select
	rt      readTarget
	filter  *expr.Condition
	reads   []keyRead // nil: a Scan
	reverse bool
	plan    *StatementPlan
}

// plannedStatement is a statement resolved against its table.
type plannedStatement struct {
	stmt partiql.Statement
	t    *table
	plan *StatementPlan

	sel *compiledSelect // SELECT (as a Query or Scan)

	// Single-item statements (INSERT, UPDATE, DELETE, EXISTS, and a SELECT
	// of one item in a batch or transaction).
	key       model.Item
	item      model.Item
	update    string
	condition string
	names     map[string]string
	values    map[string]model.AttributeValue
	columns   []partiql.Path // SELECT projection (nil: every attribute)
	returning partiql.Returning
	// keyProblem is why the WHERE names no single item (a ValidationError
	// in a transaction, a ValidationException otherwise).
	keyProblem *model.Error
	// missingTable is set when the table does not exist (a ResourceNotFound
	// reason in a transaction).
	missingTable bool
}

// isRead reports whether the statement reads (SELECT).
func (ps *plannedStatement) isRead() bool {
	_, ok := ps.stmt.(*partiql.Select)
	return ok
}

// PlanStatement parses a statement and works out what it would do without
// running it: for a SELECT, whether it becomes a Query (and its reads) or a
// Scan. It is the explorer's preview; errors are the ValidationException
// ExecuteStatement would return.
func (e *Engine) PlanStatement(ctx context.Context, statement string, params []model.AttributeValue) (*StatementPlan, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	if err := normalizeParams(params); err != nil {
		return nil, err
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	ps, err := e.planStatement(statement, params, useStatement, false)
	if err != nil {
		return nil, err
	}
	if ps.missingTable {
		return nil, model.ResourceNotFound()
	}
	if ps.keyProblem != nil {
		return nil, ps.keyProblem
	}
	return ps.plan, nil
}

// normalizeParams validates the Parameters of a request, as DynamoDB does
// before it reads the statement.
func normalizeParams(params []model.AttributeValue) error {
	for i := range params {
		if err := model.NormalizeValue(&params[i]); err != nil {
			return err
		}
	}
	return nil
}

// planStatement parses a statement and resolves it against its table. The
// caller holds e.mu (read). consistent is the request's ConsistentRead.
func (e *Engine) planStatement(src string, params []model.AttributeValue, use planUse, consistent bool) (*plannedStatement, error) {
	parsed, err := partiql.Parse(src)
	if err != nil {
		return nil, err
	}
	if parsed.Params > len(params) {
		return nil, validationText("Number of parameters in request and statement don't match.")
	}
	ps := &plannedStatement{stmt: parsed.Statement}
	switch s := parsed.Statement.(type) {
	case *partiql.Select:
		return ps, e.planSelect(ps, s, params, use, consistent)
	case *partiql.Exists:
		if use != useTransaction {
			return nil, validationText(msgExistsOutsideTx)
		}
		return ps, e.planSingle(ps, s.Select.Table, s.Select.Index, s.Select.Where, params, "ConditionCheck", use)
	case *partiql.Insert:
		return ps, e.planInsert(ps, s, params)
	case *partiql.Update:
		ps.returning = s.Returning
		if err := e.planSingle(ps, s.Table, "", s.Where, params, "UpdateItem", use); err != nil {
			return nil, err
		}
		return ps, nil
	case *partiql.Delete:
		ps.returning = s.Returning
		if s.Returning != partiql.ReturnNone && s.Returning != partiql.ReturnAllOld {
			return nil, validationText(fmt.Sprintf("Invalid returning clause: RETURNING %s. Only RETURNING ALL OLD * is allowed in DELETE statements.", s.Returning))
		}
		return ps, e.planSingle(ps, s.Table, "", s.Where, params, "DeleteItem", use)
	}
	return nil, validationText("Unsupported operation in transaction.")
}

// tableFor looks up a statement's table; a missing one is recorded, not
// returned, so that a transaction can report it as a reason.
func (e *Engine) tableFor(ps *plannedStatement, name string) (*table, error) {
	if err := validatePartiQLTable(name); err != nil {
		return nil, err
	}
	t, merr := e.lookup(name)
	if merr != nil {
		if merr.Code == model.ErrResourceNotFound {
			ps.missingTable = true
			return nil, nil
		}
		return nil, merr
	}
	ps.t = t
	return t, nil
}

// validatePartiQLTable checks a table name written in a statement.
func validatePartiQLTable(name string) error {
	if len(name) < 3 || len(name) > 255 || !validName(name) {
		return validationText("Table name should be within the length [3, 255] and only contain 'a-z', 'A-Z', '0-9', '-', '_', '.'.")
	}
	return nil
}

// planInsert resolves INSERT INTO t VALUE {…}: a PutItem that fails when
// the key exists.
func (e *Engine) planInsert(ps *plannedStatement, s *partiql.Insert, params []model.AttributeValue) error {
	item := model.Item{}
	for _, f := range s.Item.Fields {
		if _, dup := item[f.Name]; dup {
			return validationText(fmt.Sprintf("Duplicate keys in tuple. Key: %s under root", f.Name))
		}
		v, err := partiql.Value(f.Value, params)
		if err != nil {
			return err
		}
		item[f.Name] = v
	}
	if err := model.NormalizeItem(item); err != nil {
		return err
	}
	ps.item = item
	ps.plan = &StatementPlan{Action: "PutItem", Table: s.Table, Why: "INSERT writes one item, only if its key is not taken"}
	t, err := e.tableFor(ps, s.Table)
	if err != nil || t == nil {
		return err
	}
	b := newExprBuilder(params)
	ps.condition = "attribute_not_exists(" + b.name(t.hash.name) + ")"
	ps.names, ps.values = b.maps()
	return nil
}

// conjuncts flattens the AND terms of a WHERE (parentheses included).
func conjuncts(e partiql.Expr) []partiql.Expr {
	switch x := e.(type) {
	case nil:
		return nil
	case *partiql.Paren:
		return conjuncts(x.X)
	case *partiql.Binary:
		if x.Op == "AND" {
			return append(conjuncts(x.L), conjuncts(x.R)...)
		}
	}
	return []partiql.Expr{e}
}

// keyEquality reads name = value (either way round), or for reads a
// single-value IN, returning the attribute and value.
func keyEquality(term partiql.Expr, params []model.AttributeValue, reads bool) (string, model.AttributeValue, bool, error) {
	var path partiql.Expr
	var val partiql.Expr
	switch x := term.(type) {
	case *partiql.Binary:
		if x.Op != "=" {
			return "", model.AttributeValue{}, false, nil
		}
		path, val = x.L, x.R
		if partiql.IsValue(path) {
			path, val = val, path
		}
	case *partiql.In:
		if !reads || x.Negated || len(x.List) != 1 {
			return "", model.AttributeValue{}, false, nil
		}
		path, val = x.X, x.List[0]
	default:
		return "", model.AttributeValue{}, false, nil
	}
	pe, ok := path.(*partiql.PathExpr)
	if !ok || len(pe.Path.Elems) != 1 || !partiql.IsValue(val) {
		return "", model.AttributeValue{}, false, nil
	}
	v, err := partiql.Value(val, params)
	if err != nil {
		return "", v, false, err
	}
	return pe.Path.Elems[0].Name, v, true, nil
}

// planSingle resolves a statement that names one item by its full key in
// the top-level AND of its WHERE: UPDATE, DELETE, EXISTS, and a SELECT of
// one item in a batch or transaction. The other terms become its condition.
func (e *Engine) planSingle(ps *plannedStatement, tableName, index string, where partiql.Expr, params []model.AttributeValue, action string, use planUse) error {
	ps.plan = &StatementPlan{Action: action, Table: tableName, Index: index, Why: "the WHERE names one item by its full primary key"}
	t, err := e.tableFor(ps, tableName)
	if err != nil || t == nil {
		return err
	}
	if index != "" {
		if use == useTransaction {
			return validationText("Operations on indices are not supported in transactions")
		}
		return validationText(msgIndexOperation)
	}
	reads := action == "GetItem" // a one-value IN names the key of a read, not of EXISTS or a write
	key := model.Item{}
	var rest []partiql.Expr
	for _, term := range conjuncts(where) {
		name, v, ok, err := keyEquality(term, params, reads)
		if err != nil {
			return err
		}
		if ok && t.isKeyAttr(name) {
			if prev, seen := key[name]; seen {
				if !model.Equal(prev, v) {
					switch action {
					case "ConditionCheck":
						rest = append(rest, term) // read by the first; the second is a condition
						continue
					case "GetItem":
						if use == useTransaction {
							return validationText(selectKeyMessage(use))
						}
						ps.keyProblem = validationText(selectKeyMessage(use))
						return nil
					}
					return validationText(fmt.Sprintf(msgMultipleKeyValues, name))
				}
				continue
			}
			key[name] = v
			continue
		}
		rest = append(rest, term)
	}
	complete := len(key) == 2 || (len(key) == 1 && t.rng.name == "")
	switch {
	case action == "GetItem" && (!complete || len(rest) > 0):
		// Refused outright in a transaction, per statement in a batch.
		if use == useTransaction {
			return validationText(selectKeyMessage(use))
		}
		ps.keyProblem = validationText(selectKeyMessage(use))
		return nil
	case action == "ConditionCheck" && (!complete || len(rest) == 0):
		return validationText("EXISTS() must contain a single item read with additional condition")
	case !complete && use == useTransaction:
		ps.keyProblem = validationText("The provided key element does not match the schema")
		return nil
	case !complete:
		return validationText(msgIncompleteKey)
	}
	for _, ka := range []keyAttr{t.hash, t.rng} {
		if ka.name != "" && key[ka.name].Type != ka.typ {
			ps.keyProblem = validationText("The provided key element does not match the schema")
			if action == "GetItem" && use != useTransaction {
				ps.keyProblem = validationText(fmt.Sprintf(msgKeyTypeMismatch, ka.name))
			}
			return nil
		}
	}
	ps.key = key
	b := newExprBuilder(params)
	cond, err := b.conditionOf(rest)
	if err != nil {
		return err
	}
	switch s := ps.stmt.(type) {
	case *partiql.Update:
		exists := "attribute_exists(" + b.name(t.hash.name) + ")"
		if cond == "" {
			cond = exists
		} else {
			cond = exists + " AND " + wrap(cond, precAnd, precAtom)
		}
		if ps.update, err = b.updateOf(s.Actions); err != nil {
			return err
		}
	case *partiql.Select:
		if !s.Star {
			ps.columns = s.Projection
		}
	}
	ps.condition = cond
	ps.names, ps.values = b.maps()
	// Parse what was written now, so that a statement's errors come before
	// anything runs, worded as PartiQL words them.
	ctx, err := b.context()
	if err != nil {
		return partiqlError(err, b.names)
	}
	if ps.update != "" {
		u, err := ctx.ParseUpdate(ps.update)
		if err != nil {
			return partiqlError(err, b.names)
		}
		if err := t.checkUpdateTouchesKey(&parsedExprs{update: u}); err != nil {
			return err
		}
	}
	if ps.condition != "" {
		if _, err := ctx.ParseCondition(expr.ParamCondition, ps.condition); err != nil {
			return partiqlError(err, b.names)
		}
	}
	return nil
}

// selectKeyMessage refuses a SELECT that does not read exactly one item
// where one is required.
func selectKeyMessage(use planUse) string {
	if use == useTransaction {
		return "Select statements within ExecuteTransaction must specify the primary key in the where clause."
	}
	return "Select statements within BatchExecuteStatement must specify the primary key in the where clause."
}

// planSelect resolves a SELECT: in a batch or transaction, a read of one
// item; alone, a Query when every OR branch of its WHERE pins the partition
// key with = or IN, otherwise a Scan.
func (e *Engine) planSelect(ps *plannedStatement, s *partiql.Select, params []model.AttributeValue, use planUse, consistent bool) error {
	if use != useStatement {
		if s.Index != "" && use == useTransaction {
			return validationText("Reads on indices are not supported within transactions.")
		}
		if len(s.OrderBy) > 0 {
			if use == useTransaction {
				return validationText(selectKeyMessage(use))
			}
			ps.keyProblem = validationText(selectKeyMessage(use))
		}
		return e.planSingle(ps, s.Table, s.Index, s.Where, params, "GetItem", use)
	}
	t, err := e.tableFor(ps, s.Table)
	if err != nil {
		return err
	}
	ps.plan = &StatementPlan{Action: "Scan", Table: s.Table, Index: s.Index}
	if t == nil {
		return nil
	}
	rt := readTarget{t: t}
	if s.Index != "" {
		ix := t.indexByName(s.Index)
		if ix == nil {
			return validationText(fmt.Sprintf("The table does not have the specified index: %s", s.Index))
		}
		if ix.global && consistent {
			return validationText(msgGSIConsistent)
		}
		var merr *model.Error
		if rt, merr = resolveIndex(t, s.Index, false); merr != nil {
			return merr
		}
	}
	cs := &compiledSelect{sel: s, rt: rt, plan: ps.plan}
	ps.sel = cs
	if s.Where != nil {
		b := newExprBuilder(params)
		c, _, err := b.cond(s.Where)
		if err != nil {
			return partiqlError(err, b.names)
		}
		ctx, err := b.context()
		if err != nil {
			return partiqlError(err, b.names)
		}
		if cs.filter, err = ctx.ParseCondition(expr.ParamCondition, c); err != nil {
			return partiqlError(err, b.names)
		}
		ps.plan.Filter = whereText(s.Where, params)
	}
	if err := cs.decompose(params); err != nil {
		return err
	}
	return cs.order()
}

// schema returns the key attributes of the read target.
func (cs *compiledSelect) schema() (hash, rng keyAttr) {
	if ix := cs.rt.ix; ix != nil {
		hash = ix.hashKeys[0]
		if len(ix.rangeKeys) > 0 {
			rng = ix.rangeKeys[0]
		}
		return hash, rng
	}
	return cs.rt.t.hash, cs.rt.t.rng
}

// decompose splits the WHERE into OR branches and, when every branch pins
// the partition key, into key reads: a Query. Otherwise the SELECT stays a
// Scan.
func (cs *compiledSelect) decompose(params []model.AttributeValue) error {
	hash, rng := cs.schema()
	target := cs.rt.t.name
	if cs.rt.ix != nil {
		target += "." + cs.rt.ix.name
	}
	if cs.sel.Where == nil {
		cs.plan.Why = "there is no WHERE: a Scan reads every item of " + target
		return nil
	}
	if cs.rt.ix != nil && cs.rt.ix.multiAttribute() {
		cs.plan.Why = "the index has a multi-attribute key, which dynoscope reads by key only through Query: a Scan reads every item of " + target + " and filters"
		return nil
	}
	branches, ok := dnf(cs.sel.Where)
	if !ok {
		cs.plan.Why = "the WHERE has too many OR branches to read by key: a Scan reads every item of " + target + " and filters"
		return nil
	}
	type branchReads struct {
		hashes []model.AttributeValue
		sorts  []*expr.RangeCondition // nil entry: whole partition
		loose  bool
	}
	var all []branchReads
	for _, br := range branches {
		var hashes []model.AttributeValue
		pinned, empty := false, false
		var eqSort []model.AttributeValue
		eqSet := false
		var rangeSort *expr.RangeCondition
		loose := false
		for _, term := range br {
			if vals, ok, err := keyValues(term, hash.name, params); err != nil {
				return err
			} else if ok {
				if pinned {
					hashes = intersect(hashes, vals)
				} else {
					hashes, pinned = vals, true
				}
				if len(hashes) == 0 {
					empty = true
				}
				continue
			}
			if rng.name == "" || !mentions(term, rng.name) {
				continue
			}
			if vals, ok, err := keyValues(term, rng.name, params); err != nil {
				return err
			} else if ok {
				if eqSet {
					eqSort = intersect(eqSort, vals)
				} else {
					eqSort, eqSet = vals, true
				}
				if len(eqSort) == 0 {
					empty = true
				}
				continue
			}
			rc, usable, err := sortRange(term, rng, params)
			if err != nil {
				return err
			}
			if usable {
				if rangeSort == nil {
					rangeSort = rc
				}
				continue
			}
			loose = true
		}
		if !pinned {
			where := "the WHERE does not pin"
			if len(branches) > 1 {
				where = "an OR branch of the WHERE does not pin"
			}
			cs.plan.Why = fmt.Sprintf("%s the partition key %s with = or IN: a Scan reads every item of %s and filters", where, hash.name, target)
			return nil
		}
		if empty {
			continue // a branch no item can satisfy (pk = 'a' AND pk = 'b')
		}
		r := branchReads{hashes: hashes, loose: loose}
		switch {
		case eqSet:
			for _, v := range eqSort {
				r.sorts = append(r.sorts, &expr.RangeCondition{Op: "=", Values: []model.AttributeValue{v}})
			}
		default:
			r.sorts = []*expr.RangeCondition{rangeSort}
		}
		all = append(all, r)
	}
	// Every branch pins the partition key: a Query, one read per value.
	n := 0
	for _, r := range all {
		n += len(r.hashes) * len(r.sorts)
	}
	if n > maxDecomposedReads {
		return validationText(msgTooManyReads)
	}
	for _, r := range all {
		for _, h := range r.hashes {
			if h.Type != hash.typ {
				return validationText(fmt.Sprintf(msgKeyTypeMismatch, hash.name))
			}
			if err := checkKeyConditionValues(&expr.KeyCondition{HashValue: h}, &expr.KeySchema{HashKey: hash.name}); err != nil {
				return err
			}
			for _, rc := range r.sorts {
				if rc != nil {
					for _, v := range rc.Values {
						if v.Type != rng.typ {
							return validationText(fmt.Sprintf(msgKeyTypeMismatch, rng.name))
						}
					}
					if err := checkKeyConditionValues(&expr.KeyCondition{HashValue: h, Range: rc}, &expr.KeySchema{HashKey: hash.name, RangeKey: rng.name}); err != nil {
						return err
					}
				}
				cs.reads = append(cs.reads, keyRead{hash: h, rng: rc, loose: r.loose})
			}
		}
	}
	if err := cs.mergeOverlaps(); err != nil {
		return err
	}
	cs.plan.Action = "Query"
	how := "="
	if n > 1 {
		how = "= or IN"
	}
	cs.plan.Why = fmt.Sprintf("the WHERE pins the partition key %s with %s: a Query reads only the %d matching key range(s) of %s", hash.name, how, len(cs.reads), target)
	if len(cs.reads) == 0 {
		cs.plan.Why = "the WHERE pins the partition key " + hash.name + " to values no item can have: nothing is read"
		cs.reads = []keyRead{}
	}
	for _, r := range cs.reads {
		cs.plan.Reads = append(cs.plan.Reads, keyReadText(hash.name, rng.name, r))
	}
	return nil
}

// dnf splits a condition into OR branches of AND terms, NOT and everything
// else kept whole; ok is false past maxBranches.
func dnf(e partiql.Expr) ([][]partiql.Expr, bool) {
	switch x := e.(type) {
	case *partiql.Paren:
		return dnf(x.X)
	case *partiql.Binary:
		switch x.Op {
		case "OR":
			l, ok := dnf(x.L)
			if !ok {
				return nil, false
			}
			r, ok := dnf(x.R)
			if !ok || len(l)+len(r) > maxBranches {
				return nil, false
			}
			return append(l, r...), true
		case "AND":
			l, ok := dnf(x.L)
			if !ok {
				return nil, false
			}
			r, ok := dnf(x.R)
			if !ok || len(l)*len(r) > maxBranches {
				return nil, false
			}
			var out [][]partiql.Expr
			for _, a := range l {
				for _, b := range r {
					out = append(out, append(append([]partiql.Expr{}, a...), b...))
				}
			}
			return out, true
		}
	}
	return [][]partiql.Expr{{e}}, true
}

// keyValues reads name = value or name IN [values] (not negated), where
// name is a top-level attribute.
func keyValues(term partiql.Expr, name string, params []model.AttributeValue) ([]model.AttributeValue, bool, error) {
	isName := func(e partiql.Expr) bool {
		pe, ok := e.(*partiql.PathExpr)
		return ok && len(pe.Path.Elems) == 1 && pe.Path.Elems[0].Name == name
	}
	switch x := term.(type) {
	case *partiql.Paren:
		return keyValues(x.X, name, params)
	case *partiql.Binary:
		if x.Op != "=" {
			return nil, false, nil
		}
		l, r := x.L, x.R
		if isName(r) {
			l, r = r, l
		}
		if !isName(l) || !partiql.IsValue(r) {
			return nil, false, nil
		}
		v, err := partiql.Value(r, params)
		if err != nil {
			return nil, false, err
		}
		return []model.AttributeValue{v}, true, nil
	case *partiql.In:
		if x.Negated || !isName(x.X) {
			return nil, false, nil
		}
		var vals []model.AttributeValue
		for _, el := range x.List {
			if !partiql.IsValue(el) {
				return nil, false, nil
			}
			v, err := partiql.Value(el, params)
			if err != nil {
				return nil, false, err
			}
			vals = append(vals, v)
		}
		if len(vals) > 100 {
			return nil, false, validationText(fmt.Sprintf("The IN operator is provided with too many operands; number of operands: %d", len(vals)))
		}
		return vals, true, nil
	}
	return nil, false, nil
}

// intersect keeps the values of a that b also has.
func intersect(a, b []model.AttributeValue) []model.AttributeValue {
	var out []model.AttributeValue
	for _, x := range a {
		for _, y := range b {
			if model.Equal(x, y) {
				out = append(out, x)
				break
			}
		}
	}
	return out
}

// sortRange reads a sort-key condition a key condition can hold: <, <=, >,
// >= (either way round), BETWEEN, begins_with.
func sortRange(term partiql.Expr, rng keyAttr, params []model.AttributeValue) (*expr.RangeCondition, bool, error) {
	isName := func(e partiql.Expr) bool {
		pe, ok := e.(*partiql.PathExpr)
		return ok && len(pe.Path.Elems) == 1 && pe.Path.Elems[0].Name == rng.name
	}
	value := func(e partiql.Expr) (model.AttributeValue, bool, error) {
		if !partiql.IsValue(e) {
			return model.AttributeValue{}, false, nil
		}
		v, err := partiql.Value(e, params)
		return v, err == nil, err
	}
	flip := map[string]string{"<": ">", "<=": ">=", ">": "<", ">=": "<="}
	switch x := term.(type) {
	case *partiql.Paren:
		return sortRange(x.X, rng, params)
	case *partiql.Binary:
		op, ok := flip[x.Op]
		if !ok {
			return nil, false, nil
		}
		l, r := x.L, x.R
		if isName(l) {
			op = x.Op
		} else {
			l, r = r, l
		}
		if !isName(l) {
			return nil, false, nil
		}
		v, ok, err := value(r)
		if !ok {
			return nil, false, err
		}
		return &expr.RangeCondition{Op: op, Values: []model.AttributeValue{v}}, true, nil
	case *partiql.Between:
		if x.Negated || !isName(x.X) {
			return nil, false, nil
		}
		lo, ok, err := value(x.Lo)
		if !ok {
			return nil, false, err
		}
		hi, ok, err := value(x.Hi)
		if !ok {
			return nil, false, err
		}
		return &expr.RangeCondition{Op: "BETWEEN", Values: []model.AttributeValue{lo, hi}}, true, nil
	case *partiql.Call:
		if x.Name != "begins_with" || len(x.Args) != 2 || !isName(x.Args[0]) || (rng.typ != model.TypeS && rng.typ != model.TypeB) {
			return nil, false, nil
		}
		v, ok, err := value(x.Args[1])
		if !ok || v.Type != rng.typ {
			return nil, false, err
		}
		return &expr.RangeCondition{Op: "begins_with", Values: []model.AttributeValue{v}}, true, nil
	}
	return nil, false, nil
}

// mentions reports whether an expression refers to the top-level attribute
// name.
func mentions(e partiql.Expr, name string) bool {
	switch x := e.(type) {
	case *partiql.PathExpr:
		return x.Path.Elems[0].Name == name
	case *partiql.Paren:
		return mentions(x.X, name)
	case *partiql.Binary:
		return mentions(x.L, name) || mentions(x.R, name)
	case *partiql.Not:
		return mentions(x.X, name)
	case *partiql.Between:
		return mentions(x.X, name) || mentions(x.Lo, name) || mentions(x.Hi, name)
	case *partiql.In:
		if mentions(x.X, name) {
			return true
		}
		for _, el := range x.List {
			if mentions(el, name) {
				return true
			}
		}
	case *partiql.Is:
		return mentions(x.X, name)
	case *partiql.Call:
		for _, a := range x.Args {
			if mentions(a, name) {
				return true
			}
		}
	case *partiql.Unary:
		return mentions(x.X, name)
	}
	return false
}

// mergeOverlaps checks the reads of each partition-key value for overlap:
// reads that could return the same item are refused, unless one of them
// comes from a branch whose sort-key condition no key condition holds, in
// which case the partition is read once, whole (paritysuite's captures of
// NOT sk = … and sk <> … branches).
func (cs *compiledSelect) mergeOverlaps() error {
	prefix := cs.rt.prefix()
	type group struct {
		reads []keyRead
	}
	var order []string
	groups := map[string]*group{}
	for _, r := range cs.reads {
		k := string(appendKeyValue(nil, r.hash))
		g := groups[k]
		if g == nil {
			g = &group{}
			groups[k] = g
			order = append(order, k)
		}
		g.reads = append(g.reads, r)
	}
	var out []keyRead
	for _, k := range order {
		g := groups[k]
		overlap, loose := false, false
		for i := range g.reads {
			loose = loose || g.reads[i].loose
			for j := i + 1; j < len(g.reads); j++ {
				a, b := g.reads[i], g.reads[j]
				partition := string(appendHashedKey([]byte(prefix), a.hash, nil))
				ra, rb := rangeFor(partition, a.rng), rangeFor(partition, b.rng)
				if ra.lo < rb.hi && rb.lo < ra.hi {
					overlap = true
				}
			}
		}
		switch {
		case !overlap:
			out = append(out, g.reads...)
		case loose:
			out = append(out, keyRead{hash: g.reads[0].hash})
		default:
			return validationText(msgOverlapping)
		}
	}
	cs.reads = out
	return nil
}

// order applies ORDER BY: it needs a WHERE that pins the partition key and
// orders by key attributes; reads are sorted by partition-key value when
// the partition key leads, and each read runs forward or backward by its
// sort key.
func (cs *compiledSelect) order() error {
	ob := cs.sel.OrderBy
	if len(ob) == 0 {
		return nil
	}
	if cs.sel.Where == nil {
		return validationText(msgOrderByNoWhere)
	}
	if cs.reads == nil {
		return validationText(msgOrderByNoHash)
	}
	hash, rng := cs.schema()
	byHash := false
	for i, it := range ob {
		name := it.Path.String()
		switch {
		case name == hash.name:
			byHash = true
			desc := it.Desc
			sortReads(cs.reads, desc)
		case rng.name != "" && name == rng.name:
			cs.reverse = it.Desc
			if i == 0 && len(distinctHashes(cs.reads)) > 1 {
				return validationText(msgOrderByManyHashes)
			}
			cs.sortReadsByRange(it.Desc)
		default:
			return validationText(fmt.Sprintf(msgOrderByKey, name))
		}
	}
	if !byHash && len(distinctHashes(cs.reads)) > 1 {
		return validationText(msgOrderByManyHashes)
	}
	return nil
}

// sortReadsByRange orders the reads of each partition-key value by where
// their sort-key ranges start (sk IN [5, 4] ORDER BY sk reads 4 first).
func (cs *compiledSelect) sortReadsByRange(desc bool) {
	prefix := cs.rt.prefix()
	start := func(r keyRead) string {
		return rangeFor(string(appendHashedKey([]byte(prefix), r.hash, nil)), r.rng).lo
	}
	reads := cs.reads
	for i := 1; i < len(reads); i++ {
		for j := i; j > 0 && model.Equal(reads[j].hash, reads[j-1].hash); j-- {
			a, b := start(reads[j]), start(reads[j-1])
			if (!desc && a >= b) || (desc && a <= b) {
				break
			}
			reads[j], reads[j-1] = reads[j-1], reads[j]
		}
	}
}

func distinctHashes(reads []keyRead) map[string]bool {
	m := map[string]bool{}
	for _, r := range reads {
		m[string(appendKeyValue(nil, r.hash))] = true
	}
	return m
}

// sortReads orders reads by partition-key value (stable: reads of one
// value keep their order).
func sortReads(reads []keyRead, desc bool) {
	less := func(a, b model.AttributeValue) bool {
		c, _ := model.Compare(a, b)
		if desc {
			return c > 0
		}
		return c < 0
	}
	for i := 1; i < len(reads); i++ {
		for j := i; j > 0 && less(reads[j].hash, reads[j-1].hash); j-- {
			reads[j], reads[j-1] = reads[j-1], reads[j]
		}
	}
}

// keyReadText renders a read as a key condition: pk = 'a' AND sk > 3.
func keyReadText(hash, rng string, r keyRead) string {
	s := hash + " = " + literalText(r.hash)
	if r.rng == nil {
		return s
	}
	v := r.rng.Values
	switch r.rng.Op {
	case "BETWEEN":
		return s + " AND " + rng + " BETWEEN " + literalText(v[0]) + " AND " + literalText(v[1])
	case "begins_with":
		return s + " AND begins_with(" + rng + ", " + literalText(v[0]) + ")"
	}
	return s + " AND " + rng + " " + r.rng.Op + " " + literalText(v[0])
}

// literalText renders a value as a PartiQL literal.
func literalText(v model.AttributeValue) string {
	switch v.Type {
	case model.TypeS:
		return "'" + strings.ReplaceAll(v.S, "'", "''") + "'"
	case model.TypeN:
		return v.N
	case model.TypeBOOL:
		if v.BOOL {
			return "true"
		}
		return "false"
	case model.TypeNULL:
		return "null"
	case model.TypeB:
		return fmt.Sprintf("<binary %d bytes>", len(v.B))
	}
	return "<" + v.Type.String() + ">"
}

// whereText renders a WHERE for a plan, parameters filled in.
func whereText(e partiql.Expr, params []model.AttributeValue) string {
	switch x := e.(type) {
	case *partiql.Paren:
		return "(" + whereText(x.X, params) + ")"
	case *partiql.Binary:
		return whereText(x.L, params) + " " + x.Op + " " + whereText(x.R, params)
	case *partiql.Not:
		return "NOT " + whereText(x.X, params)
	case *partiql.Between:
		not := ""
		if x.Negated {
			not = "NOT "
		}
		return whereText(x.X, params) + " " + not + "BETWEEN " + whereText(x.Lo, params) + " AND " + whereText(x.Hi, params)
	case *partiql.In:
		items := make([]string, len(x.List))
		for i, el := range x.List {
			items[i] = whereText(el, params)
		}
		not := ""
		if x.Negated {
			not = "NOT "
		}
		return whereText(x.X, params) + " " + not + "IN [" + strings.Join(items, ", ") + "]"
	case *partiql.Is:
		not := ""
		if x.Negated {
			not = "NOT "
		}
		return whereText(x.X, params) + " IS " + not + x.Type
	case *partiql.Call:
		args := make([]string, len(x.Args))
		for i, a := range x.Args {
			args[i] = whereText(a, params)
		}
		return x.Name + "(" + strings.Join(args, ", ") + ")"
	case *partiql.PathExpr:
		return x.Path.String()
	case *partiql.MissingLit:
		return "MISSING"
	}
	if partiql.IsValue(e) {
		if v, err := partiql.Value(e, params); err == nil {
			return literalText(v)
		}
	}
	return "?"
}
