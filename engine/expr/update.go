package expr

import (
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// actionKind is the clause an update action belongs to.
type actionKind uint8

const (
	actSet actionKind = iota
	actRemove
	actAdd
	actDelete
)

var actionNames = [...]string{"SET", "REMOVE", "ADD", "DELETE"}

// action is one update action. For SET, value is the value tree (a :value,
// a path, if_not_exists, list_append or + / -); for ADD and DELETE a
// :value; for REMOVE nil.
type action struct {
	kind  actionKind
	path  Path
	value *node
	// legacy marks actions translated from AttributeUpdates, which word
	// their type errors differently and let ADD append to lists.
	legacy bool
}

// Update is a parsed UpdateExpression (or legacy AttributeUpdates).
type Update struct {
	actions []action
}

// updateKeywords are the clause keywords of the update grammar.
var updateKeywords = []string{"SET", "REMOVE", "ADD", "DELETE"}

// ParseUpdate parses an UpdateExpression:
//
//	update = clause { clause }
//	clause = SET path = value {, ...} | REMOVE path {, path}
//	       | ADD path :v {, path :v} | DELETE path :v {, path :v}
//	value  = term [ (+|-) term ]
//	term   = operand | ( value )
//	operand = path | :v | if_not_exists(path, operand) | list_append(operand, operand) | ( operand )
//
// Each clause may appear once, in any order; no two actions may touch
// overlapping document paths.
func (c *Context) ParseUpdate(text string) (*Update, error) {
	if err := checkText(ParamUpdate, text); err != nil {
		return nil, err
	}
	p := newParser(c, text, updateKeywords)
	u := &Update{}
	if msg := p.run(func() { u.actions = p.parseUpdateExpr() }); msg != "" {
		return nil, invalidParam(ParamUpdate, msg)
	}
	p.checkUpdate(u.actions)
	p.checkUpdateOperatorCount(u.actions)
	if msg := p.firstError(updatePriority); msg != "" {
		return nil, invalidParam(ParamUpdate, msg)
	}
	return u, nil
}

// parseUpdateExpr parses the clauses of an update expression.
func (p *parser) parseUpdateExpr() []action {
	var actions []action
	var seen [4]bool
	for p.peek().kind != tEOF {
		kind := actSet
		switch t := p.peek(); {
		case t.is("SET"):
		case t.is("REMOVE"):
			kind = actRemove
		case t.is("ADD"):
			kind = actAdd
		case t.is("DELETE"):
			kind = actDelete
		default:
			p.fail()
		}
		p.next()
		if seen[kind] {
			p.record(catSection, `The "`+actionNames[kind]+`" section can only be used once in an update expression;`)
		}
		seen[kind] = true
		for {
			a := action{kind: kind, path: p.parsePath()}
			switch kind {
			case actSet:
				p.expect(tEq)
				a.value = p.parseSetValue()
			case actAdd, actDelete:
				a.value = p.parseValue()
			}
			actions = append(actions, a)
			if p.peek().kind != tComma {
				break
			}
			p.next()
		}
	}
	return actions
}

// parseSetValue parses term [ (+|-) term ].
func (p *parser) parseSetValue() *node {
	left := p.parseSetTerm()
	if t := p.peek(); t.kind == tPlus || t.kind == tMinus {
		p.next()
		return &node{kind: nArith, op: t.text, args: []*node{left, p.parseSetTerm()}}
	}
	return left
}

// parseSetTerm parses an operand, or a parenthesized SET value.
func (p *parser) parseSetTerm() *node {
	if p.peek().kind != tLParen {
		return p.parseUpdateOperand()
	}
	p.next()
	v := p.parseSetValue()
	p.expect(tRParen)
	return v
}

// parseUpdateOperand parses path | :v | function(args) | ( operand ).
func (p *parser) parseUpdateOperand() *node {
	t := p.peek()
	switch {
	case t.kind == tLParen:
		p.next()
		n := p.parseUpdateOperand()
		p.expect(tRParen)
		return n
	case t.kind == tValue:
		return p.parseValue()
	case t.kind == tIdent && !p.isKeyword(t) && p.peekAt(1).kind == tLParen:
		return p.parseCall(p.parseUpdateOperand)
	case p.atName():
		return &node{kind: nPath, path: p.parsePath()}
	}
	p.fail()
	return nil
}

// updateTypeNames are the type names ADD and DELETE errors use.
var updateTypeNames = map[model.Type]string{
	model.TypeS:    "STRING",
	model.TypeN:    "NUMBER",
	model.TypeB:    "BINARY",
	model.TypeNULL: "NULL",
	model.TypeBOOL: "BOOLEAN",
	model.TypeL:    "LIST",
	model.TypeM:    "MAP",
}

// checkUpdate records the semantic errors of a parsed update.
func (p *parser) checkUpdate(actions []action) {
	p.checkPaths(actionPaths(actions))
	for _, a := range actions {
		switch a.kind {
		case actSet:
			p.checkSetValue(a.value, false)
		case actAdd, actDelete:
			t := a.value.val.Type
			ok := t.IsSet() || (a.kind == actAdd && t == model.TypeN) || t == model.TypeInvalid
			if !ok {
				p.record(catOperand, "Incorrect operand type for operator or function; operator: "+
					actionNames[a.kind]+", operand type: "+updateTypeNames[t])
			}
		}
	}
}

func actionPaths(actions []action) []Path {
	paths := make([]Path, len(actions))
	for i, a := range actions {
		paths[i] = a.path
	}
	return paths
}

// checkPaths records the first pair of overlapping document paths, or
// failing that the first pair of conflicting ones (overlaps take
// precedence, so the search stops at the first).
func (p *parser) checkPaths(paths []Path) {
	for i, b := range paths {
		for _, a := range paths[:i] {
			switch pathRelation(a, b) {
			case relOverlap:
				p.record(catOverlap, msgOverlap(a, b))
				return
			case relConflict:
				if p.errs[catConflict] == "" {
					p.record(catConflict, msgConflict(a, b))
				}
			}
		}
	}
}

type relation uint8

const (
	relDisjoint relation = iota
	relOverlap           // one path is a prefix of the other (or equal)
	relConflict          // same prefix, then a name where the other has an index
)

func pathRelation(a, b Path) relation {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i].IsIndex != b[i].IsIndex {
			return relConflict
		}
		if a[i] != b[i] {
			return relDisjoint
		}
	}
	return relOverlap
}

// checkSetValue checks the functions and operators of a SET value; inList
// is set for the operands of list_append.
func (p *parser) checkSetValue(n *node, inList bool) {
	switch n.kind {
	case nArith:
		for _, a := range n.args {
			if t := a.immediateType(); t != "" && t != "N" {
				p.record(catFunction, msgOperandType(n.op, t))
				break
			}
		}
		for _, a := range n.args {
			p.checkSetValue(a, false)
		}
	case nFunc:
		want, known := updateFuncs[n.op]
		switch {
		case known:
		case conditionFuncs[n.op] > 0:
			p.record(catUnknownFunc, "The function is not allowed in an update expression; function: "+n.op)
			return
		default:
			p.record(catUnknownFunc, msgInvalidFunction(n.op))
			return
		}
		if inList && n.op == "list_append" {
			p.record(catMisused, msgMisusedFunction(n.op))
		}
		if len(n.args) != want {
			p.record(catFunction, msgOperandCount(n.op, len(n.args)))
			return
		}
		switch n.op {
		case "if_not_exists":
			if n.args[0].kind != nPath {
				p.record(catFunction, msgRequiresPath(n.op))
			}
		case "list_append":
			for _, a := range n.args {
				if t := a.immediateType(); t != "" && t != "L" {
					p.record(catFunction, msgOperandType(n.op, t))
					break
				}
			}
		}
		for _, a := range n.args {
			p.checkSetValue(a, n.op == "list_append")
		}
	}
}

// Paths returns the document paths the update writes or removes, in the
// order written.
func (u *Update) Paths() []Path {
	return actionPaths(u.actions)
}

// TouchesAttribute reports whether any action's path starts at the
// top-level attribute name.
func (u *Update) TouchesAttribute(name string) bool {
	for _, a := range u.actions {
		if a.path[0].Name == name {
			return true
		}
	}
	return false
}

// NestedNames returns the distinct top-level names of the paths that
// descend into an attribute (a.b, a[0]), sorted.
func (u *Update) NestedNames() []string {
	set := map[string]bool{}
	for _, a := range u.actions {
		if len(a.path) > 1 {
			set[a.path[0].Name] = true
		}
	}
	return sortedSet(set)
}

// CheckKeys rejects updates of key attributes: for each table key in
// order, a nested path gives "Key attributes must be scalars; ... Key: <a>"
// and a top-level one "One or more parameter values were invalid: Cannot
// update attribute <a>. This attribute is part of the key"; then nested
// paths into index keys give the IndexKey variant.
func (u *Update) CheckKeys(tableKeys, indexKeys []string) error {
	for _, k := range tableKeys {
		for _, a := range u.actions {
			if a.path[0].Name == k && len(a.path) > 1 {
				return NestedKeyError(k, false)
			}
		}
		if u.TouchesAttribute(k) {
			return invalidValue("Cannot update attribute " + k + ". This attribute is part of the key")
		}
	}
	for _, k := range indexKeys {
		for _, a := range u.actions {
			if a.path[0].Name == k && len(a.path) > 1 {
				return NestedKeyError(k, true)
			}
		}
	}
	return nil
}

// String renders the update for debugging.
func (u *Update) String() string {
	var b strings.Builder
	for i, a := range u.actions {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(actionNames[a.kind] + " " + a.path.String())
	}
	return b.String()
}
