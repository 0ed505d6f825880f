package partiql

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// The expressions of a statement: paths (name {. name | [index]}), then by
// precedence OR, AND, NOT, the predicates (comparisons, BETWEEN, IN, IS),
// + and -, a sign, and the primaries (literals, parameters, function
// calls, parenthesised expressions).

// path parses name {. name | [index]}.
func (p *parser) path() Path {
	first, t := p.name()
	path := Path{Elems: []PathElement{{Name: first}}, Pos: t.pos}
	p.pathRest(&path)
	return path
}

// pathRest parses the .name and [index] steps after a path's first name.
func (p *parser) pathRest(path *Path) {
	for {
		switch {
		case p.peek().punct("."):
			p.next()
			t := p.peek()
			switch {
			case t.kind == tQuoted || (t.kind == tIdent && !isKeyword(t)):
				p.next()
				path.Elems = append(path.Elems, PathElement{Name: t.text})
			case t.kind == tIdent:
				p.failWith(malformed(msgInvalidDot))
			case t.punct("*"):
				p.failWith(validation("Unpivot path component like a.*.b are not supported"))
			default:
				p.fail()
			}
		case p.peek().punct("["):
			p.next()
			if p.peek().punct("*") {
				p.failWith(validation(msgWildcardPath))
			}
			neg := false
			if p.peek().punct("-") {
				p.next()
				neg = true
			}
			t := p.peek()
			if t.kind != tNumber || strings.ContainsAny(t.text, ".eE") {
				p.fail()
			}
			p.next()
			digits := strings.TrimLeft(t.text, "0")
			n, err := strconv.ParseInt(t.text, 10, 32)
			if (neg && digits != "") || err != nil {
				shown := t.text
				if neg {
					shown = "-" + shown
				}
				p.failWith(at(fmt.Sprintf(msgListIndex, shown), t.pos))
			}
			p.expectPunct("]")
			path.Elems = append(path.Elems, PathElement{Index: int(n), IsIndex: true})
		default:
			return
		}
	}
}

// expression parses a condition: OR of ANDs of NOTs of predicates.
func (p *parser) expression() Expr {
	p.enter()
	defer p.leave()
	left := p.and()
	for p.peek().is("or") {
		t := p.next()
		left = &Binary{Op: "OR", L: left, R: p.and(), Pos: t.pos}
	}
	return left
}

func (p *parser) and() Expr {
	left := p.not()
	for p.peek().is("and") {
		t := p.next()
		left = &Binary{Op: "AND", L: left, R: p.not(), Pos: t.pos}
	}
	return left
}

func (p *parser) not() Expr {
	if p.peek().is("not") {
		p.next()
		p.enter()
		defer p.leave()
		return &Not{X: p.not()}
	}
	return p.predicate()
}

// predicate parses an operand and what may follow it: a comparison,
// [NOT] BETWEEN, [NOT] IN, IS [NOT].
func (p *parser) predicate() Expr {
	left := p.additive()
	t := p.peek()
	if t.kind == tPunct {
		switch t.text {
		case "=", "<>", "!=", "<", "<=", ">", ">=":
			p.next()
			op := t.text
			if op == "!=" {
				op = "<>"
			}
			return &Binary{Op: op, L: left, R: p.additive(), Pos: t.pos}
		}
	}
	negated := false
	if t.is("not") && (p.peekAt(1).is("between") || p.peekAt(1).is("in")) {
		p.next()
		negated = true
		t = p.peek()
	}
	switch {
	case t.is("between"):
		p.next()
		lo := p.additive()
		p.expectKeyword("and")
		return &Between{X: left, Lo: lo, Hi: p.additive(), Negated: negated}
	case t.is("in"):
		p.next()
		open, close := "[", "]"
		if p.peek().punct("(") {
			open, close = "(", ")"
		}
		p.expectPunct(open)
		in := &In{X: left, Negated: negated, Pos: t.pos}
		for {
			in.List = append(in.List, p.additive())
			if !p.peek().punct(",") {
				break
			}
			p.next()
		}
		p.expectPunct(close)
		return in
	case t.is("is"):
		p.next()
		is := &Is{X: left, Pos: t.pos}
		if p.peek().is("not") {
			p.next()
			is.Negated = true
		}
		ty := p.peek()
		if ty.kind != tIdent {
			p.fail()
		}
		p.next()
		is.Type = strings.ToUpper(ty.text)
		switch is.Type {
		case "MISSING", "NULL", "BOOLEAN", "STRING", "NUMERIC", "BLOB", "STRUCT", "TUPLE", "LIST":
		default:
			p.failWith(validation(fmt.Sprintf(msgIsType, is.Type)))
		}
		return is
	}
	return left
}

// additive parses unary {(+|-) unary}.
func (p *parser) additive() Expr {
	left := p.unary()
	for p.peek().punct("+") || p.peek().punct("-") {
		t := p.next()
		left = &Binary{Op: t.text, L: left, R: p.unary(), Pos: t.pos}
	}
	return left
}

func (p *parser) unary() Expr {
	if t := p.peek(); t.punct("-") || t.punct("+") {
		p.next()
		p.enter()
		defer p.leave()
		return &Unary{Op: t.text, X: p.unary(), Pos: t.pos}
	}
	return p.primary()
}

// primary parses a literal, a parameter, a path, a call or a parenthesised
// expression.
func (p *parser) primary() Expr {
	p.enter()
	defer p.leave()
	t := p.peek()
	switch t.kind {
	case tString:
		p.next()
		return &Literal{Value: model.S(t.text), Pos: t.pos}
	case tNumber:
		p.next()
		return &Literal{Value: model.N(t.text), Pos: t.pos}
	case tParam:
		p.next()
		p.params++
		return &Param{N: p.params - 1, Pos: t.pos}
	case tQuoted:
		return &PathExpr{Path: p.path()}
	case tPunct:
		switch t.text {
		case "(":
			p.next()
			x := p.expression()
			p.expectPunct(")")
			return &Paren{X: x}
		case "[":
			p.next()
			l := &ListLit{Pos: t.pos}
			if !p.peek().punct("]") {
				for {
					l.Elems = append(l.Elems, p.additive())
					if !p.peek().punct(",") {
						break
					}
					p.next()
				}
			}
			p.expectPunct("]")
			return l
		case "<<":
			p.next()
			b := &BagLit{Pos: t.pos}
			if !p.peek().punct(">>") {
				for {
					b.Elems = append(b.Elems, p.additive())
					if !p.peek().punct(",") {
						break
					}
					p.next()
				}
			}
			p.expectPunct(">>")
			return b
		case "{":
			p.next()
			tl := &TupleLit{Pos: t.pos}
			if !p.peek().punct("}") {
				for {
					k := p.peek()
					if k.kind != tString {
						p.fail()
					}
					p.next()
					p.expectPunct(":")
					tl.Fields = append(tl.Fields, Field{Name: k.text, Value: p.additive()})
					if !p.peek().punct(",") {
						break
					}
					p.next()
				}
			}
			p.expectPunct("}")
			return tl
		}
	case tIdent:
		lower := strings.ToLower(t.text)
		switch lower {
		case "true", "false":
			p.next()
			return &Literal{Value: model.Bool(lower == "true"), Pos: t.pos}
		case "null":
			p.next()
			return &Literal{Value: model.Null(), Pos: t.pos}
		case "missing":
			p.next()
			return &MissingLit{Pos: t.pos}
		}
		if p.peekAt(1).punct("(") && (!isKeyword(t) || callableKeywords[lower]) {
			return p.call()
		}
		if !isKeyword(t) {
			return &PathExpr{Path: p.path()}
		}
	}
	p.fail()
	return nil
}

// call parses name(args).
func (p *parser) call() Expr {
	t := p.next()
	c := &Call{Name: strings.ToLower(t.text), Pos: t.pos}
	p.expectPunct("(")
	if !p.peek().punct(")") {
		for {
			c.Args = append(c.Args, p.expression())
			if !p.peek().punct(",") {
				break
			}
			p.next()
		}
	}
	p.expectPunct(")")
	return c
}
