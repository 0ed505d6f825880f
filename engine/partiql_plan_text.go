package engine

import (
	"fmt"
	"strings"

	"github.com/dynoscope/dynoscope/engine/partiql"
	"github.com/dynoscope/dynoscope/model"
)

// How a plan's key reads and WHERE are written in its verdict (the
// explorer shows them): pk = 'a' AND sk > 3, literals as PartiQL writes
// them, parameters filled in.

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
