package expr

import (
	"strings"
	"unicode/utf8"
)

// tokKind classifies a token.
type tokKind uint8

const (
	tEOF    tokKind = iota
	tIdent          // name: [A-Za-z][A-Za-z0-9_]*
	tName           // #placeholder
	tValue          // :placeholder
	tNumber         // [0-9]+ (list indexes)
	tLParen         // (
	tRParen         // )
	tLBrack         // [
	tRBrack         // ]
	tComma          // ,
	tDot            // .
	tEq             // =
	tNe             // <>
	tLt             // <
	tLe             // <=
	tGt             // >
	tGe             // >=
	tPlus           // +
	tMinus          // -
	tOther          // any other character
)

// token is one lexeme with its byte offsets in the source.
type token struct {
	kind       tokKind
	text       string
	start, end int
}

// isComparator reports whether the token is one of = <> < <= > >=.
func (t token) isComparator() bool { return t.kind >= tEq && t.kind <= tGe }

// is reports whether the token is the identifier kw in any case.
func (t token) is(kw string) bool { return t.kind == tIdent && strings.EqualFold(t.text, kw) }

// A name starts with a letter: an unquoted _a is a syntax error, as in
// DynamoDB's grammar ([a-zA-Z][a-zA-Z0-9_]*; dynalite's parsers agree).
func isIdentStart(c byte) bool { return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') }
func isDigit(c byte) bool      { return '0' <= c && c <= '9' }
func isIdentPart(c byte) bool  { return isIdentStart(c) || isDigit(c) || c == '_' }
func isSpace(c byte) bool      { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// lex splits src into tokens, ending with a tEOF token. It never fails:
// characters outside the grammar become tOther tokens that the parser
// rejects with a syntax error when it reaches them, as DynamoDB does.
func lex(src string) []token {
	toks := make([]token, 0, len(src)/3+2)
	i := 0
	for i < len(src) {
		c := src[i]
		if isSpace(c) {
			i++
			continue
		}
		start := i
		kind := tOther
		switch {
		case isIdentStart(c):
			for i++; i < len(src) && isIdentPart(src[i]); i++ {
			}
			kind = tIdent
		case isDigit(c):
			for i++; i < len(src) && isDigit(src[i]); i++ {
			}
			kind = tNumber
		case (c == '#' || c == ':') && i+1 < len(src) && isIdentPart(src[i+1]):
			for i += 2; i < len(src) && isIdentPart(src[i]); i++ {
			}
			kind = tName
			if c == ':' {
				kind = tValue
			}
		default:
			i++
			switch c {
			case '(':
				kind = tLParen
			case ')':
				kind = tRParen
			case '[':
				kind = tLBrack
			case ']':
				kind = tRBrack
			case ',':
				kind = tComma
			case '.':
				kind = tDot
			case '=':
				kind = tEq
			case '+':
				kind = tPlus
			case '-':
				kind = tMinus
			case '<':
				kind = tLt
				if i < len(src) && src[i] == '=' {
					kind, i = tLe, i+1
				} else if i < len(src) && src[i] == '>' {
					kind, i = tNe, i+1
				}
			case '>':
				kind = tGt
				if i < len(src) && src[i] == '=' {
					kind, i = tGe, i+1
				}
			default:
				if c >= utf8.RuneSelf {
					_, n := utf8.DecodeRuneInString(src[start:])
					i = start + n
				}
			}
		}
		toks = append(toks, token{kind: kind, text: src[start:i], start: start, end: i})
	}
	return append(toks, token{kind: tEOF, text: "<EOF>", start: len(src), end: len(src)})
}

// syntaxError builds DynamoDB's syntax error for the token at index i:
// `Syntax error; token: "<tok>", near: "<ctx>"`, where ctx is the source
// text from the start of the previous token to the end of the next one (or
// just the previous token when the bad token is the end of input).
func syntaxError(src string, toks []token, i int) string {
	t := toks[i]
	var near string
	if t.kind == tEOF {
		if i > 0 {
			near = src[toks[i-1].start:toks[i-1].end]
		}
	} else {
		start, end := t.start, t.end
		if i > 0 {
			start = toks[i-1].start
		}
		if i+1 < len(toks) && toks[i+1].kind != tEOF {
			end = toks[i+1].end
		}
		near = src[start:end]
	}
	return `Syntax error; token: "` + t.text + `", near: "` + near + `"`
}
