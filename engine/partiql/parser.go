package partiql

import (
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
