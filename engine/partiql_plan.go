package engine

import (
	"context"
	"fmt"

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
