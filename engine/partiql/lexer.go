package partiql

import (
	"strings"
	"unicode/utf8"
)

// tokKind is the kind of a lexical token.
type tokKind uint8

const (
	tEOF    tokKind = iota
	tIdent          // an unquoted identifier or keyword
	tQuoted         // a "double-quoted" identifier
	tString         // a 'single-quoted' string
	tNumber         // a number literal
	tParam          // ?
	tPunct          // operators and punctuation: ( ) [ ] { } << >> , . : ; * = <> != < <= > >= + -
)

// Pos is where a token starts: its line and column (both from 1, columns in
// characters) and its length in characters, as DynamoDB's messages cite them
// ("at 1:11:1").
type Pos struct {
	Line, Col, Len int
}

// String renders the position as DynamoDB does: "line:column:length".
func (p Pos) String() string {
	return itoa(p.Line) + ":" + itoa(p.Col) + ":" + itoa(p.Len)
}

// token is one lexical token. text is the token's value: an identifier's
// name, a string's content (quotes undone), a number's digits, or the
// punctuation itself.
type token struct {
	kind tokKind
	text string
	pos  Pos
}

// is reports whether the token is the keyword kw (unquoted, any case).
func (t token) is(kw string) bool {
	return t.kind == tIdent && strings.EqualFold(t.text, kw)
}

// punct reports whether the token is the punctuation p.
func (t token) punct(p string) bool { return t.kind == tPunct && t.text == p }

// lexer splits a statement into tokens, skipping whitespace and comments.
type lexer struct {
	src       string
	off       int // byte offset
	line, col int // of off
}

// lex returns the tokens of src, ending with tEOF, or the error of a
// statement it cannot read.
func lex(src string) ([]token, error) {
	l := &lexer{src: src, line: 1, col: 1}
	var toks []token
	for {
		t, err := l.next()
		if err != nil {
			return nil, err
		}
		toks = append(toks, t)
		if t.kind == tEOF {
			return toks, nil
		}
	}
}

// advance moves past one character.
func (l *lexer) advance() {
	r, n := utf8.DecodeRuneInString(l.src[l.off:])
	l.off += n
	if r == '\n' {
		l.line++
		l.col = 1
	} else {
		l.col++
	}
}

func (l *lexer) peekByte(k int) byte {
	if l.off+k < len(l.src) {
		return l.src[l.off+k]
	}
	return 0
}

// skip passes whitespace, -- line comments and /* block */ comments.
func (l *lexer) skip() error {
	for l.off < len(l.src) {
		c := l.src[l.off]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			l.advance()
		case c == '-' && l.peekByte(1) == '-':
			for l.off < len(l.src) && l.src[l.off] != '\n' {
				l.advance()
			}
		case c == '/' && l.peekByte(1) == '*':
			end := strings.Index(l.src[l.off+2:], "*/")
			if end < 0 {
				return malformed("")
			}
			stop := l.off + 2 + end + 2
			for l.off < stop {
				l.advance()
			}
		default:
			return nil
		}
	}
	return nil
}

// next returns the next token.
func (l *lexer) next() (token, error) {
	if err := l.skip(); err != nil {
		return token{}, err
	}
	start := Pos{Line: l.line, Col: l.col}
	begin := l.off
	finish := func(kind tokKind, text string) (token, error) {
		start.Len = utf8.RuneCountInString(l.src[begin:l.off])
		return token{kind: kind, text: text, pos: start}, nil
	}
	if l.off >= len(l.src) {
		return token{kind: tEOF, pos: start}, nil
	}
	c := l.src[l.off]
	switch {
	case isIdentStart(c):
		for l.off < len(l.src) && isIdentPart(l.src[l.off]) {
			l.advance()
		}
		return finish(tIdent, l.src[begin:l.off])
	case c == '"' || c == '\'':
		text, ok := l.quoted(c)
		if !ok {
			return token{}, malformed("")
		}
		if c == '"' {
			return finish(tQuoted, text)
		}
		return finish(tString, text)
	case isDigit(c) || (c == '.' && isDigit(l.peekByte(1))):
		text, err := l.number()
		if err != nil {
			return token{}, err
		}
		return finish(tNumber, text)
	case c == '?':
		l.advance()
		return finish(tParam, "?")
	}
	for _, p := range []string{"<<", ">>", "<>", "!=", "<=", ">="} {
		if strings.HasPrefix(l.src[l.off:], p) {
			l.advance()
			l.advance()
			return finish(tPunct, p)
		}
	}
	if strings.IndexByte("()[]{},.:;*=<>+-", c) >= 0 {
		l.advance()
		return finish(tPunct, string(c))
	}
	return token{}, malformed("")
}

// quoted reads a quoted string or identifier; a doubled quote stands for
// one.
func (l *lexer) quoted(q byte) (string, bool) {
	l.advance()
	var b strings.Builder
	for l.off < len(l.src) {
		c := l.src[l.off]
		if c == q {
			if l.peekByte(1) == q {
				b.WriteByte(q)
				l.advance()
				l.advance()
				continue
			}
			l.advance()
			return b.String(), true
		}
		_, n := utf8.DecodeRuneInString(l.src[l.off:])
		b.WriteString(l.src[l.off : l.off+n])
		l.advance()
	}
	return "", false
}

// maxScale is the largest exponent or scale a PartiQL decimal holds (a Java
// int): beyond it DynamoDB cannot read the literal at all.
const maxScale = 2147483647

// number reads digits, an optional fraction and an optional exponent
// (1, 1.5, .5, 7.31e6, 731E+4). A literal whose exponent or scale does not
// fit a 32-bit integer is malformed.
func (l *lexer) number() (string, error) {
	begin := l.off
	frac := 0
	for l.off < len(l.src) && isDigit(l.src[l.off]) {
		l.advance()
	}
	if l.off < len(l.src) && l.src[l.off] == '.' {
		l.advance()
		for l.off < len(l.src) && isDigit(l.src[l.off]) {
			l.advance()
			frac++
		}
	}
	if c := l.peekByte(0); c == 'e' || c == 'E' {
		k := 1
		if s := l.peekByte(1); s == '+' || s == '-' {
			k = 2
		}
		if isDigit(l.peekByte(k)) {
			for i := 0; i < k; i++ {
				l.advance()
			}
			expStart := l.off
			for l.off < len(l.src) && isDigit(l.src[l.off]) {
				l.advance()
			}
			exp, ok := parseInt(l.src[expStart:l.off])
			neg := l.src[expStart-1] == '-'
			if neg {
				exp = -exp
			}
			if !ok || exp > maxScale || exp < -maxScale-1 {
				return "", malformed("")
			}
			if scale := int64(frac) - exp; scale > maxScale || scale < -maxScale-1 {
				return "", malformed("")
			}
		}
	}
	return l.src[begin:l.off], nil
}

// parseInt reads decimal digits into an int64, reporting overflow.
func parseInt(s string) (int64, bool) {
	var n int64
	for i := 0; i < len(s); i++ {
		if n > (1<<62)/10 {
			return 0, false
		}
		n = n*10 + int64(s[i]-'0')
	}
	return n, true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isIdentStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == '$'
}

func isIdentPart(c byte) bool { return isIdentStart(c) || isDigit(c) }

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
