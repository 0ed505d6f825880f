package engine

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dynoscope/dynoscope/engine/expr"
	"github.com/dynoscope/dynoscope/engine/partiql"
	"github.com/dynoscope/dynoscope/model"
)

// A PartiQL statement is carried out as the DynamoDB request it stands for.
// Its WHERE, SET and REMOVE become condition and update expressions written
// with #n and :v placeholders (so no name is a reserved word) and parsed by
// engine/expr: the semantics of every comparison, function and update are
// expr's, exactly as for the same request made through the item API.

// exprBuilder writes expressions and collects their placeholders.
type exprBuilder struct {
	names  map[string]string
	values map[string]model.AttributeValue
	byName map[string]string
	params []model.AttributeValue
}

func newExprBuilder(params []model.AttributeValue) *exprBuilder {
	return &exprBuilder{names: map[string]string{}, values: map[string]model.AttributeValue{}, byName: map[string]string{}, params: params}
}

func (b *exprBuilder) name(n string) string {
	if ph, ok := b.byName[n]; ok {
		return ph
	}
	ph := "#n" + strconv.Itoa(len(b.names))
	b.names[ph] = n
	b.byName[n] = ph
	return ph
}

func (b *exprBuilder) value(v model.AttributeValue) string {
	ph := ":v" + strconv.Itoa(len(b.values))
	b.values[ph] = v
	return ph
}

// path writes a document path with a placeholder for each name.
func (b *exprBuilder) path(p partiql.Path) string {
	var sb strings.Builder
	for i, e := range p.Elems {
		if e.IsIndex {
			sb.WriteString("[" + strconv.Itoa(e.Index) + "]")
			continue
		}
		if i > 0 {
			sb.WriteByte('.')
		}
		sb.WriteString(b.name(e.Name))
	}
	return sb.String()
}

// context returns an expr.Context over the placeholders written so far
// (nil maps when there are none, as the item API expects).
func (b *exprBuilder) context() (*expr.Context, error) {
	names, values := b.maps()
	return expr.NewContext(names, values)
}

func (b *exprBuilder) maps() (map[string]string, map[string]model.AttributeValue) {
	var names map[string]string
	var values map[string]model.AttributeValue
	if len(b.names) > 0 {
		names = b.names
	}
	if len(b.values) > 0 {
		values = b.values
	}
	return names, values
}

// Precedences of a written condition, loosest first: a child written
// inside a tighter parent gets parentheses, and no others are written
// (expr refuses redundant ones).
const (
	precOr = iota
	precAnd
	precAtom
)

// partiqlFuncs are the functions a WHERE may call, with their operand
// counts.
var partiqlFuncs = map[string]int{
	"attribute_exists":     1,
	"attribute_not_exists": 1,
	"attribute_type":       2,
	"begins_with":          2,
	"contains":             2,
	"size":                 1,
}

// isTypes maps an IS type to the attribute_type it checks.
var isTypes = map[string]string{
	"NULL": "NULL", "BOOLEAN": "BOOL", "STRING": "S", "NUMERIC": "N", "BLOB": "B",
	"STRUCT": "M", "TUPLE": "M", "LIST": "L",
}

// cond writes a condition.
func (b *exprBuilder) cond(e partiql.Expr) (string, int, error) {
	switch x := e.(type) {
	case *partiql.Paren:
		return b.cond(x.X)
	case *partiql.Binary:
		switch x.Op {
		case "AND", "OR":
			prec, child := precAnd, precAtom
			if x.Op == "OR" {
				prec, child = precOr, precAnd
			}
			l, lp, err := b.cond(x.L)
			if err != nil {
				return "", 0, err
			}
			r, rp, err := b.cond(x.R)
			if err != nil {
				return "", 0, err
			}
			return wrap(l, lp, child) + " " + x.Op + " " + wrap(r, rp, child), prec, nil
		case "=", "<>", "<", "<=", ">", ">=":
			l, err := b.operand(x.L, x.Op)
			if err != nil {
				return "", 0, err
			}
			r, err := b.operand(x.R, x.Op)
			if err != nil {
				return "", 0, err
			}
			return l + " " + x.Op + " " + r, precAtom, nil
		}
		return "", 0, validationText("Unsupported operator in Condition Expression. Operator: " + x.Op)
	case *partiql.Not:
		c, p, err := b.cond(x.X)
		if err != nil {
			return "", 0, err
		}
		return "NOT " + wrap(c, p, precAtom), precAtom, nil
	case *partiql.Between:
		v, err := b.operand(x.X, "BETWEEN")
		if err != nil {
			return "", 0, err
		}
		lo, err := b.operand(x.Lo, "BETWEEN")
		if err != nil {
			return "", 0, err
		}
		hi, err := b.operand(x.Hi, "BETWEEN")
		if err != nil {
			return "", 0, err
		}
		s := v + " BETWEEN " + lo + " AND " + hi
		if x.Negated {
			return "NOT (" + s + ")", precAtom, nil
		}
		return s, precAtom, nil
	case *partiql.In:
		v, err := b.operand(x.X, "IN")
		if err != nil {
			return "", 0, err
		}
		items := make([]string, len(x.List))
		for i, el := range x.List {
			if items[i], err = b.operand(el, "IN"); err != nil {
				return "", 0, err
			}
		}
		s := v + " IN (" + strings.Join(items, ", ") + ")"
		if x.Negated {
			return "NOT (" + s + ")", precAtom, nil
		}
		return s, precAtom, nil
	case *partiql.Is:
		pe, ok := x.X.(*partiql.PathExpr)
		if !ok {
			return "", 0, validationText("The left hand side argument to IS must be a Variable Reference, Literal, or Path")
		}
		path := b.path(pe.Path)
		var s string
		switch {
		case x.Type == "MISSING" && x.Negated:
			return "attribute_exists(" + path + ")", precAtom, nil
		case x.Type == "MISSING":
			return "attribute_not_exists(" + path + ")", precAtom, nil
		default:
			s = "attribute_type(" + path + ", " + b.value(model.S(isTypes[x.Type])) + ")"
		}
		if x.Negated {
			return "NOT " + s, precAtom, nil
		}
		return s, precAtom, nil
	case *partiql.Call:
		n, known := partiqlFuncs[x.Name]
		if !known {
			return "", 0, atPos(fmt.Sprintf("Unrecognized function: %s", x.Name), x.Pos)
		}
		if len(x.Args) != n {
			return "", 0, validationText(fmt.Sprintf("Incorrect number of operands for operator or function; operator or function: %s, number of operands: %d", x.Name, len(x.Args)))
		}
		args := make([]string, len(x.Args))
		for i, a := range x.Args {
			var err error
			if args[i], err = b.operand(a, x.Name); err != nil {
				return "", 0, err
			}
		}
		return x.Name + "(" + strings.Join(args, ", ") + ")", precAtom, nil
	case *partiql.PathExpr, *partiql.Literal, *partiql.Param:
		// A bare operand is no condition: expr refuses it with its syntax
		// error, which names the operand.
		o, err := b.operand(e, "")
		return o, precAtom, err
	}
	return "", 0, validationText("WHERE clause must contain an expression that resolves to a boolean")
}

func wrap(s string, prec, want int) string {
	if prec < want {
		return "(" + s + ")"
	}
	return s
}

// operand writes a path, a value or size(path) used by operator op.
func (b *exprBuilder) operand(e partiql.Expr, op string) (string, error) {
	switch x := e.(type) {
	case *partiql.Paren:
		return b.operand(x.X, op)
	case *partiql.PathExpr:
		return b.path(x.Path), nil
	case *partiql.MissingLit:
		return "", validationText("MISSING must be compared using IS operator")
	case *partiql.Call:
		if x.Name == "size" {
			c, _, err := b.cond(x)
			return c, err
		}
		if _, known := partiqlFuncs[x.Name]; !known {
			return "", atPos(fmt.Sprintf("Unrecognized function: %s", x.Name), x.Pos)
		}
		return "", validationText("Unsupported operator in Condition Expression. Operator: " + x.Name)
	case *partiql.Unary:
		if !partiql.IsValue(x) {
			return "", validationText("Unsupported operator in Condition Expression. Operator: " + x.Op)
		}
	}
	if partiql.IsValue(e) {
		v, err := partiql.Value(e, b.params)
		if err != nil {
			return "", err
		}
		return b.value(v), nil
	}
	switch x := e.(type) {
	case *partiql.Binary:
		return "", validationText("Unsupported operator in Condition Expression. Operator: " + x.Op)
	}
	return "", validationText("Unsupported operator in Condition Expression. Operator: " + op)
}

// atPos is a ValidationException citing a statement position.
func atPos(msg string, p partiql.Pos) *model.Error {
	return &model.Error{Code: model.ErrValidation, Message: msg + " at " + p.String()}
}

// partiqlError strips the "Invalid ConditionExpression: " that expr puts
// before its messages: PartiQL reports the bare text ("Incorrect operand
// type for operator or function; …"). It also puts back the names the
// placeholders of names stand for, so that no "#n0" of the translation
// reaches the user.
func partiqlError(err error, names map[string]string) error {
	me, ok := err.(*model.Error)
	if !ok {
		return err
	}
	msg := me.Message
	for _, p := range []string{expr.ParamCondition, expr.ParamUpdate, expr.ParamKeyCondition, expr.ParamProjection, expr.ParamFilter} {
		if rest, ok := strings.CutPrefix(msg, "Invalid "+p+": "); ok {
			msg = rest
			break
		}
	}
	if len(names) > 0 && strings.Contains(msg, "#n") {
		phs := make([]string, 0, len(names))
		for ph := range names {
			phs = append(phs, ph)
		}
		// #n10 before #n1
		sort.Slice(phs, func(i, j int) bool { return len(phs[i]) > len(phs[j]) || len(phs[i]) == len(phs[j]) && phs[i] < phs[j] })
		for _, ph := range phs {
			msg = strings.ReplaceAll(msg, ph, names[ph])
		}
	}
	if msg == me.Message {
		return me
	}
	return &model.Error{Code: me.Code, Message: msg, Item: me.Item}
}

// conditionOf parses the condition written for the terms of a WHERE.
func (b *exprBuilder) conditionOf(terms []partiql.Expr) (string, error) {
	parts := make([]string, 0, len(terms))
	for _, t := range terms {
		s, p, err := b.cond(t)
		if err != nil {
			return "", err
		}
		parts = append(parts, wrap(s, p, precAtom))
	}
	return strings.Join(parts, " AND "), nil
}

// updateOf writes the update expression of an UPDATE's SET and REMOVE
// actions: SET a = …, REMOVE b, ADD c :v (set_add), DELETE d :v
// (set_delete).
func (b *exprBuilder) updateOf(actions []partiql.UpdateAction) (string, error) {
	var sets, removes, adds, deletes []string
	for _, a := range actions {
		target := b.path(a.Path)
		if a.Remove {
			removes = append(removes, target)
			continue
		}
		if c, ok := a.Value.(*partiql.Call); ok && (c.Name == "set_add" || c.Name == "set_delete") {
			fn := strings.ToUpper(c.Name)
			if len(c.Args) != 2 {
				return "", atPos(fn+" must have exactly two arguments", c.Pos)
			}
			first, ok := c.Args[0].(*partiql.PathExpr)
			if !ok || first.Path.String() != a.Path.String() {
				return "", atPos("The first argument to "+fn+" must equal the assignment value", c.Pos)
			}
			if _, ok := c.Args[1].(*partiql.BagLit); !ok {
				if _, isParam := c.Args[1].(*partiql.Param); !isParam {
					return "", atPos("The second argument to "+fn+" must be a value with type SET", first.Path.Pos)
				}
			}
			v, err := partiql.Value(c.Args[1], b.params)
			if err != nil {
				return "", err
			}
			if !v.Type.IsSet() {
				return "", atPos("The second argument to "+fn+" must be a value with type SET", first.Path.Pos)
			}
			if fn == "SET_ADD" {
				adds = append(adds, target+" "+b.value(v))
			} else {
				deletes = append(deletes, target+" "+b.value(v))
			}
			continue
		}
		v, err := b.setValue(a.Value)
		if err != nil {
			return "", err
		}
		sets = append(sets, target+" = "+v)
	}
	var clauses []string
	for _, c := range []struct {
		kw    string
		items []string
	}{{"SET", sets}, {"REMOVE", removes}, {"ADD", adds}, {"DELETE", deletes}} {
		if len(c.items) > 0 {
			clauses = append(clauses, c.kw+" "+strings.Join(c.items, ", "))
		}
	}
	return strings.Join(clauses, " "), nil
}

// setValue writes the value of a SET: a value, a path, list_append(…), or
// an operand plus or minus another.
func (b *exprBuilder) setValue(e partiql.Expr) (string, error) {
	switch x := e.(type) {
	case *partiql.Paren:
		return b.setValue(x.X)
	case *partiql.PathExpr:
		return b.path(x.Path), nil
	case *partiql.Binary:
		if x.Op == "+" || x.Op == "-" {
			l, err := b.setOperand(x.L, x.Op)
			if err != nil {
				return "", err
			}
			r, err := b.setOperand(x.R, x.Op)
			if err != nil {
				return "", err
			}
			return l + " " + x.Op + " " + r, nil
		}
	case *partiql.Call:
		if x.Name == "list_append" {
			if len(x.Args) != 2 {
				return "", validationText(fmt.Sprintf("Incorrect number of operands for operator or function; operator or function: list_append, number of operands: %d", len(x.Args)))
			}
			l, err := b.setOperand(x.Args[0], "list_append")
			if err != nil {
				return "", err
			}
			r, err := b.setOperand(x.Args[1], "list_append")
			if err != nil {
				return "", err
			}
			return "list_append(" + l + ", " + r + ")", nil
		}
		return "", atPos(fmt.Sprintf("Unrecognized function: %s", x.Name), x.Pos)
	}
	if partiql.IsValue(e) {
		v, err := partiql.Value(e, b.params)
		if err != nil {
			return "", err
		}
		return b.value(v), nil
	}
	return "", validationText("Unsupported operator in Update Expression. Operator: " + exprKind(e))
}

// setOperand writes an operand of + or - or list_append: a path or a
// value. A value of the wrong type is refused at once, as DynamoDB does
// before it reads the item.
func (b *exprBuilder) setOperand(e partiql.Expr, op string) (string, error) {
	if p, ok := e.(*partiql.Paren); ok {
		return b.setOperand(p.X, op)
	}
	if pe, ok := e.(*partiql.PathExpr); ok {
		return b.path(pe.Path), nil
	}
	if !partiql.IsValue(e) {
		return "", validationText("Unsupported operator in Update Expression. Operator: " + op)
	}
	v, err := partiql.Value(e, b.params)
	if err != nil {
		return "", err
	}
	if (op == "+" || op == "-") && v.Type != model.TypeN {
		return "", validationText(fmt.Sprintf("Incorrect operand type for operator or function; operator or function: %s, operand type: %s", op, v.Type))
	}
	return b.value(v), nil
}

func exprKind(e partiql.Expr) string {
	switch x := e.(type) {
	case *partiql.Binary:
		return x.Op
	case *partiql.Not:
		return "NOT"
	case *partiql.In:
		return "IN"
	case *partiql.Between:
		return "BETWEEN"
	case *partiql.Is:
		return "IS"
	}
	return "expression"
}

// columns projects an item onto a SELECT's paths: each path's value under
// the path's column name (its last named element: m.k[0] is "k[0]");
// missing paths are left out.
func columns(item model.Item, paths []partiql.Path) model.Item {
	out := model.Item{}
	for _, p := range paths {
		if v, ok := resolvePath(item, p); ok {
			out[p.Column()] = v
		}
	}
	return out
}

// resolvePath finds a path's value in an item.
func resolvePath(item model.Item, p partiql.Path) (model.AttributeValue, bool) {
	v, ok := item[p.Elems[0].Name]
	if !ok {
		return v, false
	}
	for _, e := range p.Elems[1:] {
		switch {
		case e.IsIndex:
			if v.Type != model.TypeL || e.Index >= len(v.L) {
				return v, false
			}
			v = v.L[e.Index]
		default:
			if v.Type != model.TypeM {
				return v, false
			}
			if v, ok = v.M[e.Name]; !ok {
				return v, false
			}
		}
	}
	return v, true
}

// validationText is a ValidationException with the message as given (no
// formatting).
func validationText(msg string) *model.Error {
	return &model.Error{Code: model.ErrValidation, Message: msg}
}
