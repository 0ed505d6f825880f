package expr

import "github.com/dynoscope/dynoscope/model"

// ParamSearchCondition is SearchVectors' condition parameter.
const ParamSearchCondition = "SearchConditionExpression"

// SearchEquality is one `attribute = :value` term of a
// SearchConditionExpression.
type SearchEquality struct {
	Attr   string // the top-level attribute (placeholders resolved)
	Nested bool   // the path went below the top level
	Value  model.AttributeValue
}

// ParseSearchCondition parses a SearchVectors SearchConditionExpression: the
// condition grammar (so syntax errors, undefined placeholders and the size
// and operator limits answer as a FilterExpression's do, prefixed "Invalid
// SearchConditionExpression: "), restricted to equalities between an
// attribute and a :value joined by AND, the only form DynamoDB accepts
// (docs/FIDELITY.md): <, <=, >, >= and <> answer "Invalid comparator used in
// SearchConditionExpression"; BETWEEN, IN, OR, NOT and functions "Invalid
// operator used in SearchConditionExpression".
func (c *Context) ParseSearchCondition(text string) ([]SearchEquality, error) {
	root, err := c.parseConditionTree(ParamSearchCondition, text)
	if err != nil {
		return nil, err
	}
	var out []SearchEquality
	if msg := collectSearch(root, &out); msg != "" {
		return nil, invalidParam(ParamSearchCondition, msg)
	}
	return out, nil
}

const (
	msgSearchComparator = "Invalid comparator used in SearchConditionExpression"
	msgSearchOperator   = "Invalid operator used in SearchConditionExpression"
)

func collectSearch(n *node, out *[]SearchEquality) string {
	switch n.kind {
	case nAnd:
		if msg := collectSearch(n.args[0], out); msg != "" {
			return msg
		}
		return collectSearch(n.args[1], out)
	case nCompare:
		if n.op != "=" {
			return msgSearchComparator
		}
		a, b := n.args[0], n.args[1]
		if a.kind == nValue && b.kind == nPath {
			a, b = b, a
		}
		if a.kind != nPath || b.kind != nValue {
			return msgSearchComparator
		}
		*out = append(*out, SearchEquality{Attr: a.path[0].Name, Nested: len(a.path) > 1, Value: b.val})
		return ""
	}
	return msgSearchOperator
}
