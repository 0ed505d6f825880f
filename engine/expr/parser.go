package expr

import (
	"strconv"
	"strings"
)

// errCat is a category of semantic error. DynamoDB validates a whole
// expression and then reports one error; which one depends on a fixed
// priority of categories, so the parser records the first error of each
// category and the caller picks by priority.
type errCat uint8

const (
	catParens errCat = iota
	catUnknownFunc
	catMisused
	catReserved
	catNesting
	catSection
	catName
	catValue
	catOverlap
	catConflict
	catOperand
	catDistinct
	catFunction
	catOperators
	numCats
)

// Error priorities of the three grammars (after syntax errors, which win).
var (
	conditionPriority  = []errCat{catParens, catUnknownFunc, catMisused, catReserved, catOperators, catNesting, catName, catOperand, catDistinct, catFunction}
	updatePriority     = []errCat{catReserved, catNesting, catUnknownFunc, catOperators, catSection, catName, catValue, catOverlap, catConflict, catOperand, catMisused, catFunction}
	projectionPriority = []errCat{catReserved, catNesting, catName, catOverlap, catConflict}
)

// syntaxPanic carries a syntax error out of the recursive descent.
type syntaxPanic struct{ at int }

// parsePanic carries out of the recursive descent an error that, like a
// syntax error, stops the parse and wins over every recorded one.
type parsePanic struct{ msg string }

// maxListIndex is the largest list index a document path may hold: a
// larger one, or one of more than ten digits, is "List index is not within
// the allowable range; index: [n]" (DynamoDB Local's LIST_INDEX_OUTSIDE_RANGE
// text; the bound is the one floci's tests pin, 4294967295 refused and
// 4294967294 accepted).
const maxListIndex = 4294967294

// parser is the recursive-descent parser shared by all expression kinds.
type parser struct {
	src      string
	toks     []token
	pos      int
	ctx      *Context
	keywords []string // identifiers that are keywords in this grammar
	errs     [numCats]string
	// valuesAsNames makes undefined :values share the catName slot, as
	// condition expressions do.
	valuesAsNames bool
}

func newParser(ctx *Context, src string, keywords []string) *parser {
	return &parser{src: src, toks: lex(src), ctx: ctx, keywords: keywords}
}

// run calls f, turning a syntax panic into its message.
func (p *parser) run(f func()) (syntaxMsg string) {
	defer func() {
		if r := recover(); r != nil {
			if pp, ok := r.(parsePanic); ok {
				syntaxMsg = pp.msg
				return
			}
			sp, ok := r.(syntaxPanic)
			if !ok {
				panic(r)
			}
			syntaxMsg = syntaxError(p.src, p.toks, sp.at)
		}
	}()
	f()
	return ""
}

// firstError returns the recorded error of highest priority, or "".
func (p *parser) firstError(priority []errCat) string {
	for _, c := range priority {
		if p.errs[c] != "" {
			return p.errs[c]
		}
	}
	return ""
}

// record notes an error of category c unless one is already recorded.
func (p *parser) record(c errCat, msg string) {
	if p.errs[c] == "" {
		p.errs[c] = msg
	}
}

func (p *parser) peek() token { return p.toks[p.pos] }
func (p *parser) peekAt(k int) token {
	if p.pos+k < len(p.toks) {
		return p.toks[p.pos+k]
	}
	return p.toks[len(p.toks)-1]
}
func (p *parser) next() token { t := p.toks[p.pos]; p.pos++; return t }
func (p *parser) fail()       { panic(syntaxPanic{p.pos}) }

func (p *parser) expect(k tokKind) token {
	if p.peek().kind != k {
		p.fail()
	}
	return p.next()
}

// expectKeyword consumes the keyword kw (any case).
func (p *parser) expectKeyword(kw string) {
	if !p.peek().is(kw) {
		p.fail()
	}
	p.next()
}

// isKeyword reports whether t is one of this grammar's keywords.
func (p *parser) isKeyword(t token) bool {
	if t.kind != tIdent {
		return false
	}
	for _, kw := range p.keywords {
		if strings.EqualFold(t.text, kw) {
			return true
		}
	}
	return false
}

// atName reports whether the current token can start a path.
func (p *parser) atName() bool {
	t := p.peek()
	return t.kind == tName || (t.kind == tIdent && !p.isKeyword(t))
}

// parsePath parses name { .name | [digits] }.
func (p *parser) parsePath() Path {
	path := Path{p.parseElement()}
	for {
		switch p.peek().kind {
		case tDot:
			p.next()
			path = append(path, p.parseElement())
		case tLBrack:
			p.next()
			t := p.expect(tNumber)
			if len(t.text) > 10 || !isDigits(t.text) {
				p.listIndexOutOfRange(t)
			}
			idx, err := strconv.Atoi(t.text)
			if err != nil || idx > maxListIndex {
				p.listIndexOutOfRange(t)
			}
			p.expect(tRBrack)
			path = append(path, PathElement{Index: idx, IsIndex: true})
		default:
			if len(path) > maxPathDepth {
				p.record(catNesting, msgTooDeep(len(path)))
			}
			return path
		}
	}
}

// listIndexOutOfRange stops the parse at the list index t: a syntax error
// unless t is made of digits, else DynamoDB's range error.
func (p *parser) listIndexOutOfRange(t token) {
	if !isDigits(t.text) {
		p.pos--
		p.fail()
	}
	panic(parsePanic{"List index is not within the allowable range; index: [" + t.text + "]"})
}

// isDigits reports whether s is made of ASCII digits only.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// parseElement parses one attribute name or #placeholder.
func (p *parser) parseElement() PathElement {
	if !p.atName() {
		p.fail()
	}
	t := p.next()
	if t.kind == tName {
		v, ok := p.ctx.name(t.text)
		if !ok {
			p.record(catName, msgUndefinedName(t.text))
		}
		return PathElement{Name: v}
	}
	if IsReserved(t.text) {
		p.record(catReserved, msgReserved(t.text))
	}
	return PathElement{Name: t.text}
}

// parseValue parses a :placeholder into a constant node.
func (p *parser) parseValue() *node {
	t := p.expect(tValue)
	v, ok := p.ctx.value(t.text)
	if !ok {
		c := catValue
		if p.valuesAsNames {
			c = catName
		}
		p.record(c, msgUndefinedValue(t.text))
	}
	return &node{kind: nValue, val: v}
}

// parseOperand parses path | :value | function(args), without parentheses.
func (p *parser) parseOperand() *node {
	t := p.peek()
	switch {
	case t.kind == tValue:
		return p.parseValue()
	case t.kind == tIdent && !p.isKeyword(t) && p.peekAt(1).kind == tLParen:
		return p.parseCall(p.parseOperandParens)
	case p.atName():
		return &node{kind: nPath, path: p.parsePath()}
	}
	p.fail()
	return nil
}

// parseCall parses a function call at the current token, `name(arg, ...)`,
// each argument parsed by arg (condition and update operands differ).
func (p *parser) parseCall(arg func() *node) *node {
	name := p.next()
	p.next() // (
	fn := &node{kind: nFunc, op: name.text}
	for {
		fn.args = append(fn.args, arg())
		if p.peek().kind != tComma {
			break
		}
		p.next()
	}
	p.expect(tRParen)
	return fn
}

// parseOperandParens parses an operand optionally wrapped in parentheses.
func (p *parser) parseOperandParens() *node {
	if p.peek().kind != tLParen {
		return p.parseOperand()
	}
	p.next()
	n := p.parseOperandParens()
	p.expect(tRParen)
	p.addParens(n)
	return n
}

// addParens counts one more pair of parentheses around n; two pairs
// directly around the same thing are redundant.
func (p *parser) addParens(n *node) {
	if n.parens > 0 {
		p.record(catParens, msgRedundantParens)
	}
	n.parens++
}

// Condition grammar, loosest first:
//
//	or      = and { OR and }
//	and     = not { AND not }
//	not     = NOT not | primary
//	primary = ( or ) [tail] | operand tail | function
//	tail    = cmp operand | BETWEEN operand AND operand | IN ( operand {, operand} )
var conditionKeywords = []string{"AND", "OR", "NOT", "BETWEEN", "IN"}

// parseConditionExpr parses a whole condition and requires end of input.
func (p *parser) parseConditionExpr() *node {
	n := p.parseOr(false)
	if p.peek().kind != tEOF {
		p.fail()
	}
	return n
}

// parseOr parses a disjunction. allowOperand lets a bare operand through
// when it is the whole content of a parenthesis, as in (a) = :v.
func (p *parser) parseOr(allowOperand bool) *node {
	left := p.parseAnd(allowOperand)
	for p.peek().is("OR") {
		p.next()
		left = &node{kind: nOr, args: []*node{left, p.parseAnd(false)}}
	}
	return left
}

func (p *parser) parseAnd(allowOperand bool) *node {
	left := p.parseNot(allowOperand)
	for p.peek().is("AND") {
		p.next()
		left = &node{kind: nAnd, args: []*node{left, p.parseNot(false)}}
	}
	return left
}

func (p *parser) parseNot(allowOperand bool) *node {
	if p.peek().is("NOT") {
		p.next()
		return &node{kind: nNot, args: []*node{p.parseNot(false)}}
	}
	return p.parsePrimary(allowOperand)
}

func (p *parser) parsePrimary(allowOperand bool) *node {
	if p.peek().kind == tLParen {
		p.next()
		inner := p.parseOr(true)
		p.expect(tRParen)
		p.addParens(inner)
		if inner.isOperand() {
			return p.parseTail(inner, allowOperand)
		}
		return inner
	}
	return p.parseTail(p.parseOperand(), allowOperand)
}

// parseTail completes a condition whose first operand is left.
func (p *parser) parseTail(left *node, allowOperand bool) *node {
	t := p.peek()
	switch {
	case t.isComparator():
		p.next()
		return &node{kind: nCompare, op: t.text, args: []*node{left, p.parseOperandParens()}}
	case t.is("BETWEEN"):
		p.next()
		lo := p.parseOperandParens()
		p.expectKeyword("AND")
		hi := p.parseOperandParens()
		return &node{kind: nBetween, args: []*node{left, lo, hi}}
	case t.is("IN"):
		p.next()
		p.expect(tLParen)
		n := &node{kind: nIn, args: []*node{left}}
		for {
			n.args = append(n.args, p.parseOperandParens())
			if p.peek().kind != tComma {
				break
			}
			p.next()
		}
		p.expect(tRParen)
		return n
	case left.kind == nFunc:
		return left
	case allowOperand && t.kind == tRParen:
		return left
	}
	p.fail()
	return nil
}
