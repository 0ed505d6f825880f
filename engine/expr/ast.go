package expr

import (
	"strconv"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// PathElement is one step of a document path: an attribute or map key
// (Name), or a list index (Index, with IsIndex set).
type PathElement struct {
	Name    string
	Index   int
	IsIndex bool
}

// Path is a document path such as a.b[2].c, with placeholders already
// substituted: a #name stands for exactly one element, so dots in its value
// are part of the name.
type Path []PathElement

// String renders the path as an expression would spell it, without
// placeholders (a.b[2].c). Names are not escaped.
func (p Path) String() string {
	var b strings.Builder
	for i, e := range p {
		if e.IsIndex {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(e.Index))
			b.WriteByte(']')
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(e.Name)
	}
	return b.String()
}

// bracketString renders the path the way DynamoDB's messages do:
// [a, b, [2], c].
func (p Path) bracketString() string {
	var b strings.Builder
	b.WriteByte('[')
	for i, e := range p {
		if i > 0 {
			b.WriteString(", ")
		}
		if e.IsIndex {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(e.Index))
			b.WriteByte(']')
		} else {
			b.WriteString(e.Name)
		}
	}
	b.WriteByte(']')
	return b.String()
}

// equal reports whether two paths have the same elements.
func (p Path) equal(q Path) bool {
	if len(p) != len(q) {
		return false
	}
	for i := range p {
		if p[i] != q[i] {
			return false
		}
	}
	return true
}

// nodeKind tells what a syntax tree node is.
type nodeKind uint8

const (
	nPath    nodeKind = iota // document path operand
	nValue                   // :placeholder operand
	nFunc                    // function call: op is the name
	nCompare                 // args[0] op args[1]; op is = <> < <= > >=
	nBetween                 // args[0] BETWEEN args[1] AND args[2]
	nIn                      // args[0] IN (args[1:]...)
	nAnd                     // args[0] AND args[1]
	nOr                      // args[0] OR args[1]
	nNot                     // NOT args[0]
	nArith                   // update only: args[0] op args[1]; op is + or -
)

// node is one syntax tree node. Operands are nPath, nValue and nFunc; the
// other kinds are conditions (or, for nArith, an update value).
type node struct {
	kind   nodeKind
	op     string
	path   Path
	val    model.AttributeValue
	args   []*node
	parens int // enclosing parentheses written around this node
}

// isOperand reports whether the node can stand as an operand.
func (n *node) isOperand() bool { return n.kind == nPath || n.kind == nValue || n.kind == nFunc }

// immediateType is the type of a constant operand, or "" when the node is
// not a :value.
func (n *node) immediateType() string {
	if n.kind == nValue {
		return n.val.Type.String()
	}
	return ""
}

// functions of condition expressions and their operand counts.
var conditionFuncs = map[string]int{
	"attribute_exists":     1,
	"attribute_not_exists": 1,
	"attribute_type":       2,
	"begins_with":          2,
	"contains":             2,
	"size":                 1,
}

// functions of update expressions and their operand counts.
var updateFuncs = map[string]int{
	"if_not_exists": 2,
	"list_append":   2,
}
