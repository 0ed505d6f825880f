package partiql

import (
	"fmt"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// maxLiteralDepth is how deep a literal may nest: a value 32 steps below
// its root is refused ("Nesting Levels have exceeded supported limits under
// root.a.a…", captured from DynamoDB by floci's PartiQL edge-case tests).
const maxLiteralDepth = 32

// IsValue reports whether e is a value: a literal (of any type, collections
// included), a parameter, or a sign applied to one.
func IsValue(e Expr) bool {
	switch x := e.(type) {
	case *Literal, *ListLit, *TupleLit, *BagLit, *Param:
		return true
	case *Unary:
		return IsValue(x.X)
	}
	return false
}

// Value evaluates a value expression (see IsValue) to an AttributeValue,
// with DynamoDB's messages for what it refuses: a number out of range, a
// parameter inside a collection, a bag that is empty or mixed, nesting past
// 32 levels. params are the request's Parameters, already validated.
func Value(e Expr, params []model.AttributeValue) (model.AttributeValue, error) {
	if p, ok := e.(*Param); ok {
		return paramValue(p, params)
	}
	return literalValue(e, "root", 0)
}

func paramValue(p *Param, params []model.AttributeValue) (model.AttributeValue, error) {
	if p.N >= len(params) {
		return model.AttributeValue{}, validation("Number of parameters in request and statement don't match.")
	}
	return params[p.N], nil
}

// literalValue converts a literal found at path (root, root.a, root[2]).
func literalValue(e Expr, path string, depth int) (model.AttributeValue, error) {
	if depth >= maxLiteralDepth {
		return model.AttributeValue{}, validation("Nesting Levels have exceeded supported limits under " + path)
	}
	switch x := e.(type) {
	case *Literal:
		if x.Value.Type == model.TypeN {
			n, err := model.CanonicalNumber(x.Value.N)
			if err != nil {
				return model.AttributeValue{}, validation(err.Message + " under " + path)
			}
			return model.N(n), nil
		}
		return x.Value, nil
	case *Unary:
		v, err := literalValue(x.X, path, depth)
		if err != nil {
			return v, err
		}
		if v.Type != model.TypeN {
			return v, validation(fmt.Sprintf("Incorrect operand type for operator or function; operator or function: %s, operand type: %s", x.Op, v.Type))
		}
		if x.Op == "-" {
			return negate(v), nil
		}
		return v, nil
	case *Param:
		return model.AttributeValue{}, at("Unsupported data type: Parameter under key "+path, x.Pos)
	case *ListLit:
		out := make([]model.AttributeValue, len(x.Elems))
		for i, el := range x.Elems {
			v, err := literalValue(el, fmt.Sprintf("%s[%d]", path, i), depth+1)
			if err != nil {
				return v, err
			}
			out[i] = v
		}
		return model.L(out...), nil
	case *TupleLit:
		m := make(map[string]model.AttributeValue, len(x.Fields))
		for _, f := range x.Fields {
			if _, dup := m[f.Name]; dup {
				return model.AttributeValue{}, validation(fmt.Sprintf("Duplicate keys in tuple. Key: %s under %s", f.Name, path))
			}
			v, err := literalValue(f.Value, path+"."+f.Name, depth+1)
			if err != nil {
				return v, err
			}
			m[f.Name] = v
		}
		return model.M(m), nil
	case *BagLit:
		return bagValue(x, path, depth)
	case *MissingLit:
		return model.AttributeValue{}, validation("MISSING must be compared using IS operator")
	case *Call:
		return model.AttributeValue{}, at(fmt.Sprintf("Unsupported data type: %s under key %s", x.Name, path), x.Pos)
	}
	return model.AttributeValue{}, validation("Unsupported data type: expression under key " + path)
}

// negate flips the sign of a canonical number.
func negate(v model.AttributeValue) model.AttributeValue {
	switch {
	case v.N == "0":
		return v
	case strings.HasPrefix(v.N, "-"):
		return model.N(v.N[1:])
	}
	return model.N("-" + v.N)
}

// bagValue converts <<…>> to a string or number set.
func bagValue(b *BagLit, path string, depth int) (model.AttributeValue, error) {
	if len(b.Elems) == 0 {
		return model.AttributeValue{}, validation("Empty bags are not supported")
	}
	var vals []model.AttributeValue
	var raw []string
	for _, el := range b.Elems {
		v, err := literalValue(el, path, depth+1)
		if err != nil {
			return v, err
		}
		if v.Type != model.TypeS && v.Type != model.TypeN {
			return v, validation("Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags")
		}
		if len(vals) > 0 && v.Type != vals[0].Type {
			return v, validation("Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags")
		}
		vals = append(vals, v)
		if lit, ok := el.(*Literal); ok && lit.Value.Type == model.TypeN {
			raw = append(raw, lit.Value.N)
		} else if v.Type == model.TypeN {
			raw = append(raw, v.N)
		} else {
			raw = append(raw, v.S)
		}
	}
	seen := map[string]bool{}
	var members []string
	for _, v := range vals {
		s := v.S
		if v.Type == model.TypeN {
			s = v.N
		}
		if seen[s] {
			if v.Type == model.TypeN {
				return model.AttributeValue{}, validation(model.InvalidPrefix + fmt.Sprintf("Input collection [%s] contains duplicates! under %s", strings.Join(raw, ", "), path))
			}
			return model.AttributeValue{}, validation(model.InvalidPrefix + fmt.Sprintf("Input collection [%s] contains duplicates.", strings.Join(raw, ", ")))
		}
		seen[s] = true
		members = append(members, s)
	}
	if vals[0].Type == model.TypeN {
		return model.NS(members...), nil
	}
	return model.SS(members...), nil
}
