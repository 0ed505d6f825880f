package model

import (
	"bytes"
	"unicode/utf16"
	"unicode/utf8"
)

// DynamoDB's strings are Unicode, UTF-8 encoded. A request whose JSON holds
// bytes that are not UTF-8, or a \u escape of half a surrogate pair (which
// names no character), cannot be read as text: DynamoDB's JSON reader
// fails on it and the answer is a SerializationException without a message,
// as for any body that does not parse (see docs/FIDELITY.md). Go's readers
// would instead put U+FFFD in its place and store a string the client never
// sent, so dynoscope checks first.

// ValidJSONText reports whether a JSON text is well-formed Unicode: valid
// UTF-8 throughout, and every \u escape of a surrogate half one of a pair
// (high then low). Other escape errors are left to the JSON parser.
func ValidJSONText(b []byte) bool {
	if !utf8.Valid(b) {
		return false
	}
	for i := bytes.IndexByte(b, '\\'); i >= 0; {
		n, ok := escapeLen(b[i:])
		if !ok {
			return false
		}
		i += n
		j := bytes.IndexByte(b[i:], '\\')
		if j < 0 {
			break
		}
		i += j
	}
	return true
}

// escapeLen returns the length of the escape at the start of b (which
// starts with a backslash) and whether it is well-formed Unicode: a
// surrogate escape must be a high half followed by a low half.
func escapeLen(b []byte) (int, bool) {
	if len(b) < 2 || b[1] != 'u' {
		return min(2, len(b)), true
	}
	r, ok := escapedRune(b)
	if !ok {
		return 2, true // not \uXXXX: a syntax error for the parser
	}
	if !utf16.IsSurrogate(r) {
		return 6, true
	}
	if r >= 0xDC00 { // a low half first
		return 6, false
	}
	r2, ok := escapedRune(b[6:])
	if !ok || r2 < 0xDC00 || r2 > 0xDFFF {
		return 6, false
	}
	return 12, true
}

// escapedRune reads \uXXXX at the start of b.
func escapedRune(b []byte) (rune, bool) {
	if len(b) < 6 || b[0] != '\\' || b[1] != 'u' || !isHex4(b[2:6]) {
		return 0, false
	}
	return hex4(b[2:6]), true
}

// validUnquoted reports whether a raw JSON string body, already checked by
// rawString, decodes to well-formed Unicode.
func validUnquoted(raw []byte) bool { return ValidJSONText(raw) }

// errBadText is the SerializationException for a string that is not
// well-formed Unicode.
func errBadText() *Error { return serialization("") }
