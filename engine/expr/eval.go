package expr

import (
	"bytes"
	"sort"
	"strconv"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// Condition is a parsed ConditionExpression or FilterExpression (or a
// legacy Expected / QueryFilter / ScanFilter translated to one).
type Condition struct {
	root *node
}

// ParseCondition parses a ConditionExpression or FilterExpression; param is
// ParamCondition or ParamFilter and prefixes error messages
// ("Invalid ConditionExpression: ...").
func (c *Context) ParseCondition(param, text string) (*Condition, error) {
	root, err := c.parseConditionTree(param, text)
	if err != nil {
		return nil, err
	}
	return &Condition{root: root}, nil
}

// parseConditionTree parses and checks a condition-grammar expression.
func (c *Context) parseConditionTree(param, text string) (*node, error) {
	if err := checkText(param, text); err != nil {
		return nil, err
	}
	p := newParser(c, text, conditionKeywords)
	p.valuesAsNames = true
	var root *node
	if msg := p.run(func() { root = p.parseConditionExpr() }); msg != "" {
		return nil, invalidParam(param, msg)
	}
	p.checkCondition(root)
	p.checkOperatorCount(root)
	if msg := p.firstError(conditionPriority); msg != "" {
		return nil, invalidParam(param, msg)
	}
	return root, nil
}

// checkText applies the checks made before parsing: an expression may not
// be empty (or blank) nor longer than 4 KB.
func checkText(param, text string) error {
	if strings.TrimLeft(text, " \t\r\n") == "" {
		return invalidParam(param, msgEmptyExpression)
	}
	if len(text) > maxExpressionBytes {
		return invalidParam(param, msgExpressionTooLarge)
	}
	return nil
}

// Eval evaluates the condition against item (nil for a missing item). The
// error is always nil today; it is there so that evaluation limits can be
// reported without changing callers.
func (c *Condition) Eval(item model.Item) (bool, error) {
	if c.root == nil {
		return true, nil // an empty legacy condition
	}
	return evalCond(c.root, item), nil
}

// TopLevelNames returns the distinct top-level attribute names the
// condition's document paths start with, sorted. The engine uses it to
// reject key attributes in a Query filter ("Filter Expression can only
// contain non-primary key attributes: Primary key attribute: <a>").
func (c *Condition) TopLevelNames() []string { return topLevelNames(c.root, false) }

// NestedNames returns the distinct top-level names of paths that descend
// into an attribute (a.b, a[0]), sorted; see NestedKeyError.
func (c *Condition) NestedNames() []string { return topLevelNames(c.root, true) }

// topLevelNames collects the heads of the paths under n.
func topLevelNames(n *node, nestedOnly bool) []string {
	set := map[string]bool{}
	if n == nil {
		return nil
	}
	var walk func(*node)
	walk = func(n *node) {
		if n.kind == nPath && len(n.path) > 0 && (!nestedOnly || len(n.path) > 1) {
			set[n.path[0].Name] = true
		}
		for _, a := range n.args {
			walk(a)
		}
	}
	walk(n)
	return sortedSet(set)
}

func sortedSet(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// lookup resolves a document path in item.
func lookup(item model.Item, p Path) (model.AttributeValue, bool) {
	if len(p) == 0 || p[0].IsIndex {
		return model.AttributeValue{}, false
	}
	v, ok := item[p[0].Name]
	if !ok {
		return v, false
	}
	for _, e := range p[1:] {
		if e.IsIndex {
			if v.Type != model.TypeL || e.Index >= len(v.L) {
				return model.AttributeValue{}, false
			}
			v = v.L[e.Index]
			continue
		}
		if v.Type != model.TypeM {
			return model.AttributeValue{}, false
		}
		if v, ok = v.M[e.Name]; !ok {
			return v, false
		}
	}
	return v, true
}

// evalOperand resolves an operand; ok is false when it has no value (a
// missing path, or size() of a missing or unsized value).
func evalOperand(n *node, item model.Item) (model.AttributeValue, bool) {
	switch n.kind {
	case nPath:
		return lookup(item, n.path)
	case nValue:
		return n.val, true
	case nFunc: // size, the only function allowed as an operand
		v, ok := evalOperand(n.args[0], item)
		if !ok {
			return v, false
		}
		size, ok := sizeOf(v)
		if !ok {
			return model.AttributeValue{}, false
		}
		return model.N(strconv.Itoa(size)), true
	}
	return model.AttributeValue{}, false
}

// sizeOf is size(): the length in bytes of S (its UTF-8 encoding) and B,
// and the number of elements of sets, lists and maps. N, BOOL and NULL have
// no size.
func sizeOf(v model.AttributeValue) (int, bool) {
	switch v.Type {
	case model.TypeS:
		return len(v.S), true
	case model.TypeB:
		return len(v.B), true
	case model.TypeSS:
		return len(v.SS), true
	case model.TypeNS:
		return len(v.NS), true
	case model.TypeBS:
		return len(v.BS), true
	case model.TypeL:
		return len(v.L), true
	case model.TypeM:
		return len(v.M), true
	}
	return 0, false
}

// evalCond evaluates a condition node.
func evalCond(n *node, item model.Item) bool {
	switch n.kind {
	case nAnd:
		return evalCond(n.args[0], item) && evalCond(n.args[1], item)
	case nOr:
		return evalCond(n.args[0], item) || evalCond(n.args[1], item)
	case nNot:
		return !evalCond(n.args[0], item)
	case nCompare:
		a, aok := evalOperand(n.args[0], item)
		b, bok := evalOperand(n.args[1], item)
		if n.op == "<>" {
			return !aok || !bok || !model.Equal(a, b)
		}
		if !aok || !bok {
			return false
		}
		return compareOp(n.op, a, b)
	case nBetween:
		x, ok1 := evalOperand(n.args[0], item)
		lo, ok2 := evalOperand(n.args[1], item)
		hi, ok3 := evalOperand(n.args[2], item)
		return ok1 && ok2 && ok3 && compareOp(">=", x, lo) && compareOp("<=", x, hi)
	case nIn:
		x, ok := evalOperand(n.args[0], item)
		if !ok {
			return false
		}
		for _, a := range n.args[1:] {
			if v, ok := evalOperand(a, item); ok && model.Equal(x, v) {
				return true
			}
		}
		return false
	case nFunc:
		return evalFunc(n, item)
	}
	return false
}

// compareOp applies = < <= > >= to two present values; values of different
// or unordered types are unequal and unordered.
func compareOp(op string, a, b model.AttributeValue) bool {
	if op == "=" {
		return model.Equal(a, b)
	}
	c, ok := model.Compare(a, b)
	if !ok {
		return false
	}
	switch op {
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	case ">=":
		return c >= 0
	}
	return false
}

// evalFunc evaluates a boolean function.
func evalFunc(n *node, item model.Item) bool {
	switch n.op {
	case "attribute_exists":
		_, ok := evalOperand(n.args[0], item)
		return ok
	case "attribute_not_exists":
		_, ok := evalOperand(n.args[0], item)
		return !ok
	case "attribute_type":
		v, ok := evalOperand(n.args[0], item)
		t, tok := evalOperand(n.args[1], item)
		return ok && tok && t.Type == model.TypeS && v.Type.String() == t.S
	case "begins_with":
		a, aok := evalOperand(n.args[0], item)
		b, bok := evalOperand(n.args[1], item)
		return aok && bok && beginsWith(a, b)
	case "contains":
		a, aok := evalOperand(n.args[0], item)
		b, bok := evalOperand(n.args[1], item)
		return aok && bok && contains(a, b)
	}
	return false
}

// beginsWith is begins_with for S and B values.
func beginsWith(a, b model.AttributeValue) bool {
	switch {
	case a.Type == model.TypeS && b.Type == model.TypeS:
		return strings.HasPrefix(a.S, b.S)
	case a.Type == model.TypeB && b.Type == model.TypeB:
		return bytes.HasPrefix(a.B, b.B)
	}
	return false
}

// contains is contains(): a substring of S, a byte subsequence of B, a
// member of a set (of the element's type) or an element of a list.
func contains(a, b model.AttributeValue) bool {
	switch a.Type {
	case model.TypeS:
		return b.Type == model.TypeS && strings.Contains(a.S, b.S)
	case model.TypeB:
		return b.Type == model.TypeB && bytes.Contains(a.B, b.B)
	case model.TypeSS:
		if b.Type == model.TypeS {
			for _, s := range a.SS {
				if s == b.S {
					return true
				}
			}
		}
	case model.TypeNS:
		if b.Type == model.TypeN {
			for _, s := range a.NS {
				if model.CompareNumbers(s, b.N) == 0 {
					return true
				}
			}
		}
	case model.TypeBS:
		if b.Type == model.TypeB {
			for _, s := range a.BS {
				if bytes.Equal(s, b.B) {
					return true
				}
			}
		}
	case model.TypeL:
		for _, e := range a.L {
			if model.Equal(e, b) {
				return true
			}
		}
	}
	return false
}
