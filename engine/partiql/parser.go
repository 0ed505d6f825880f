package partiql

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// maxDepth bounds how deeply expressions and literals nest in the parser,
// so that no input can exhaust the stack. DynamoDB refuses values nested
// more than 32 levels (see Value) long before this.
const maxDepth = 256

// Parsed is a parsed statement and the number of ? parameters it has.
type Parsed struct {
	Statement Statement
	Params    int
}

// Parse parses one statement. Errors are *model.Error ValidationExceptions
// worded as DynamoDB words them.
func Parse(src string) (*Parsed, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks}
	var st Statement
	err = p.run(func() {
		st = p.statement()
		if p.peek().punct(";") {
			p.next()
		}
		if p.peek().kind != tEOF {
			p.failWith(malformed(msgLeftover))
		}
	})
	if err != nil {
		return nil, err
	}
	return &Parsed{Statement: st, Params: p.params}, nil
}

// parser is a recursive-descent parser over the tokens of one statement.
type parser struct {
	toks   []token
	pos    int
	params int
	depth  int
}

// bail carries an error out of the recursive descent.
type bail struct{ err *model.Error }

func (p *parser) run(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bail)
			if !ok {
				panic(r)
			}
			err = b.err
		}
	}()
	f()
	return nil
}

func (p *parser) failWith(err *model.Error) { panic(bail{err}) }

// fail reports a syntax error at the current token.
func (p *parser) fail() {
	t := p.peek()
	switch {
	case t.kind == tEOF:
		p.failWith(malformed("Unexpected end of statement"))
	case isKeyword(t):
		p.failWith(malformed("Unexpected keyword"))
	}
	p.failWith(malformed("Unexpected token"))
}

func (p *parser) peek() token { return p.toks[p.pos] }

func (p *parser) peekAt(k int) token {
	if p.pos+k < len(p.toks) {
		return p.toks[p.pos+k]
	}
	return p.toks[len(p.toks)-1]
}

func (p *parser) next() token {
	t := p.toks[p.pos]
	if t.kind != tEOF {
		p.pos++
	}
	return t
}

func (p *parser) expectKeyword(kw string) token {
	if !p.peek().is(kw) {
		p.fail()
	}
	return p.next()
}

func (p *parser) expectPunct(s string) token {
	if !p.peek().punct(s) {
		p.fail()
	}
	return p.next()
}

// enter and leave bound the nesting of the recursive descent.
func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.failWith(validation("Nesting Levels have exceeded supported limits"))
	}
}

func (p *parser) leave() { p.depth-- }

// statement parses one statement by its first keyword.
func (p *parser) statement() Statement {
	t := p.peek()
	switch {
	case t.kind == tEOF:
		p.failWith(malformed(""))
	case t.is("select"):
		return p.selectStatement()
	case t.is("insert"):
		return p.insertStatement()
	case t.is("update"):
		return p.updateStatement()
	case t.is("delete"):
		return p.deleteStatement()
	case t.is("exists"):
		p.next()
		p.expectPunct("(")
		if !p.peek().is("select") {
			p.fail()
		}
		sel := p.selectStatement()
		p.expectPunct(")")
		return &Exists{Select: sel}
	}
	p.failWith(malformed(msgExpectedDML))
	return nil
}

// name parses a table, index or attribute name: an unquoted identifier that
// is no keyword, or a quoted one.
func (p *parser) name() (string, token) {
	t := p.peek()
	switch {
	case t.kind == tQuoted:
		p.next()
		return t.text, t
	case t.kind == tIdent && !isKeyword(t):
		p.next()
		return t.text, t
	}
	p.fail()
	return "", t
}

// aliasFollows reports whether the next tokens alias the table just read
// (t, AS t).
func (p *parser) aliasFollows() bool {
	t := p.peek()
	return t.is("as") || t.kind == tQuoted || (t.kind == tIdent && !isKeyword(t))
}

func (p *parser) selectStatement() *Select {
	p.expectKeyword("select")
	s := &Select{}
	if p.peek().punct("*") {
		p.next()
		s.Star = true
		if p.peek().punct(",") {
			p.failWith(validation(msgStarAndOthers))
		}
	} else {
		for {
			s.Projection = append(s.Projection, p.projectionItem())
			if !p.peek().punct(",") {
				break
			}
			p.next()
		}
	}
	p.expectKeyword("from")
	s.Table, _ = p.name()
	if p.peek().punct(".") {
		p.next()
		s.Index, _ = p.name()
		if p.peek().punct(".") {
			p.failWith(validation(msgFromComponents))
		}
	}
	if p.aliasFollows() {
		p.failWith(validation(msgAliasing))
	}
	if p.peek().is("where") {
		p.next()
		s.Where = p.expression()
	}
	if p.peek().is("order") {
		p.next()
		p.expectKeyword("by")
		for {
			it := OrderItem{Path: p.path()}
			switch {
			case p.peek().is("asc"):
				p.next()
			case p.peek().is("desc"):
				p.next()
				it.Desc = true
			}
			s.OrderBy = append(s.OrderBy, it)
			if !p.peek().punct(",") {
				break
			}
			p.next()
		}
	}
	return s
}

// projectionItem parses one SELECT path; anything but a path is refused as
// DynamoDB refuses it.
func (p *parser) projectionItem() Path {
	t := p.peek()
	if (t.kind == tIdent && !isKeyword(t)) || t.kind == tQuoted {
		if p.peekAt(1).punct("(") && t.kind == tIdent {
			p.failWith(at(msgPathComponent, t.pos))
		}
		path := p.path()
		if p.peek().is("as") {
			p.failWith(validation(msgAliasing))
		}
		return path
	}
	if t.kind == tIdent && callableKeywords[strings.ToLower(t.text)] && p.peekAt(1).punct("(") {
		p.failWith(at(msgPathComponent, t.pos))
	}
	if t.kind == tString || t.kind == tNumber || t.kind == tParam {
		p.failWith(at(msgPathComponent, t.pos))
	}
	p.fail()
	return Path{}
}

func (p *parser) insertStatement() *Insert {
	p.expectKeyword("insert")
	p.expectKeyword("into")
	in := &Insert{}
	in.Table, _ = p.name()
	switch t := p.peek(); {
	case t.is("value"):
		p.next()
	case t.is("values"):
		p.failWith(validation(msgInsertValues))
	case t.kind == tEOF:
		p.fail()
	default:
		p.failWith(malformed(msgLeftover))
	}
	if !p.peek().punct("{") {
		if p.peek().kind == tEOF {
			p.fail()
		}
		p.failWith(validation(msgInsertItem))
	}
	in.Item = p.primary().(*TupleLit)
	return in
}

func (p *parser) updateStatement() *Update {
	p.expectKeyword("update")
	u := &Update{}
	u.Table, _ = p.name()
	if p.aliasFollows() {
		p.failWith(validation(msgAliasing))
	}
	for {
		t := p.peek()
		if t.is("set") {
			p.next()
			for {
				path := p.path()
				p.expectPunct("=")
				u.Actions = append(u.Actions, UpdateAction{Path: path, Value: p.additive()})
				if !p.peek().punct(",") {
					break
				}
				p.next()
			}
			continue
		}
		if t.is("remove") {
			p.next()
			for {
				u.Actions = append(u.Actions, UpdateAction{Remove: true, Path: p.path()})
				if !p.peek().punct(",") {
					break
				}
				p.next()
			}
			continue
		}
		break
	}
	if len(u.Actions) == 0 {
		p.fail()
	}
	p.expectKeyword("where")
	u.Where = p.expression()
	u.Returning = p.returning()
	return u
}

func (p *parser) deleteStatement() *Delete {
	p.expectKeyword("delete")
	p.expectKeyword("from")
	d := &Delete{}
	d.Table, _ = p.name()
	if p.aliasFollows() {
		p.failWith(validation(msgAliasing))
	}
	p.expectKeyword("where")
	d.Where = p.expression()
	d.Returning = p.returning()
	return d
}

// returning parses an optional RETURNING (ALL|MODIFIED) (OLD|NEW) *.
func (p *parser) returning() Returning {
	if !p.peek().is("returning") {
		return ReturnNone
	}
	p.next()
	var all bool
	switch {
	case p.peek().is("all"):
		all = true
	case p.peek().is("modified"):
	default:
		p.fail()
	}
	p.next()
	var old bool
	switch {
	case p.peek().is("old"):
		old = true
	case p.peek().is("new"):
	default:
		p.fail()
	}
	p.next()
	if !p.peek().punct("*") {
		p.failWith(validation(msgReturningSyntax))
	}
	p.next()
	switch {
	case all && old:
		return ReturnAllOld
	case all:
		return ReturnAllNew
	case old:
		return ReturnModifiedOld
	}
	return ReturnModifiedNew
}

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
