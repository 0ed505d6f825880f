package model

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// The JSON scanner under the DynamoDB JSON decoder and the one-pass request
// decoders: whitespace, literals, numbers, strings (plain ones cut from the
// input), objects and arrays one member at a time, skipping.

type jsonDecoder struct {
	b     []byte
	i     int
	depth int
	// src is one string copy of b, made on first need: plain strings are cut
	// from it, so a whole item costs one string allocation. Decoded strings
	// therefore keep the (item-sized) input alive while any of them is.
	src string
}

// plainString returns raw, a slice of d.b holding a plain string body, as a
// string cut from d.src.
func (d *jsonDecoder) plainString(raw []byte) string {
	if len(raw) == 0 {
		return ""
	}
	if d.src == "" {
		d.src = string(d.b)
	}
	start := cap(d.b) - cap(raw)
	return d.src[start : start+len(raw)]
}

func (d *jsonDecoder) ws() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *jsonDecoder) peek() byte {
	if d.i < len(d.b) {
		return d.b[d.i]
	}
	return 0
}

func (d *jsonDecoder) syntax() *Error {
	if d.i >= len(d.b) {
		return serialization("Unexpected end of JSON input")
	}
	return serialization("Invalid JSON: unexpected character " + strconv.QuoteRune(rune(d.b[d.i])) + " at offset " + strconv.Itoa(d.i))
}

func (d *jsonDecoder) literal(lit string) bool {
	if len(d.b)-d.i >= len(lit) && string(d.b[d.i:d.i+len(lit)]) == lit {
		d.i += len(lit)
		return true
	}
	return false
}

// number scans a JSON number and reports whether it is an integer.
func (d *jsonDecoder) number() (integer bool, err *Error) {
	i := d.i
	if i < len(d.b) && d.b[i] == '-' {
		i++
	}
	switch {
	case i < len(d.b) && d.b[i] == '0':
		i++
	case i < len(d.b) && d.b[i] >= '1' && d.b[i] <= '9':
		for i < len(d.b) && d.b[i] >= '0' && d.b[i] <= '9' {
			i++
		}
	default:
		d.i = i
		return false, d.syntax()
	}
	integer = true
	if i < len(d.b) && d.b[i] == '.' {
		integer = false
		i++
		s := i
		for i < len(d.b) && d.b[i] >= '0' && d.b[i] <= '9' {
			i++
		}
		if i == s {
			d.i = i
			return false, d.syntax()
		}
	}
	if i < len(d.b) && (d.b[i] == 'e' || d.b[i] == 'E') {
		integer = false
		i++
		if i < len(d.b) && (d.b[i] == '+' || d.b[i] == '-') {
			i++
		}
		s := i
		for i < len(d.b) && d.b[i] >= '0' && d.b[i] <= '9' {
			i++
		}
		if i == s {
			d.i = i
			return false, d.syntax()
		}
	}
	d.i = i
	return integer, nil
}

// rawString scans a JSON string at d.i. When it holds no escapes and only
// ASCII, raw is the bytes between the quotes (pointing into the input) and
// plain is true; otherwise the caller must decode with unquote.
func (d *jsonDecoder) rawString() (raw []byte, plain bool, err *Error) {
	if d.peek() != '"' {
		return nil, false, d.syntax()
	}
	start := d.i + 1
	i := start
	plain = true
	for i < len(d.b) {
		c := d.b[i]
		switch {
		case c == '"':
			d.i = i + 1
			return d.b[start:i], plain, nil
		case c == '\\':
			plain = false
			i++
			if i >= len(d.b) {
				d.i = i
				return nil, false, d.syntax()
			}
			switch d.b[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				if i+5 > len(d.b) || !isHex4(d.b[i+1:i+5]) {
					d.i = i
					return nil, false, d.syntax()
				}
				i += 5
			default:
				d.i = i
				return nil, false, d.syntax()
			}
		case c < 0x20:
			d.i = i
			return nil, false, d.syntax()
		case c >= utf8.RuneSelf:
			plain = false
			i++
		default:
			i++
		}
	}
	d.i = i
	return nil, false, d.syntax()
}

func isHex4(b []byte) bool {
	for _, c := range b {
		if !isHex(c) {
			return false
		}
	}
	return true
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func hexVal(c byte) rune {
	switch {
	case c >= '0' && c <= '9':
		return rune(c - '0')
	case c >= 'a' && c <= 'f':
		return rune(c - 'a' + 10)
	}
	return rune(c - 'A' + 10)
}

func hex4(b []byte) rune {
	return hexVal(b[0])<<12 | hexVal(b[1])<<8 | hexVal(b[2])<<4 | hexVal(b[3])
}

// unquote decodes the body of a JSON string already checked by rawString
// and by validUnquoted (callers refuse invalid UTF-8 and lone surrogates;
// were any left, they would become U+FFFD, as in encoding/json).
func unquote(raw []byte) []byte {
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); {
		c := raw[i]
		if c == '\\' {
			switch raw[i+1] {
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r := hex4(raw[i+2 : i+6])
				i += 6
				if utf16.IsSurrogate(r) {
					if i+6 <= len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
						if r2 := utf16.DecodeRune(r, hex4(raw[i+2:i+6])); r2 != utf8.RuneError {
							out = utf8.AppendRune(out, r2)
							i += 6
							continue
						}
					}
					r = utf8.RuneError
				}
				out = utf8.AppendRune(out, r)
				continue
			default: // '"', '\\', '/'
				out = append(out, raw[i+1])
			}
			i += 2
			continue
		}
		if c < utf8.RuneSelf {
			out = append(out, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(raw[i:])
		if r == utf8.RuneError && size == 1 {
			out = utf8.AppendRune(out, utf8.RuneError)
		} else {
			out = append(out, raw[i:i+size]...)
		}
		i += size
	}
	return out
}

// str reads a JSON string value as a Go string.
func (d *jsonDecoder) str() (string, *Error) {
	raw, plain, err := d.rawString()
	if err != nil {
		return "", err
	}
	if plain {
		return d.plainString(raw), nil
	}
	if !validUnquoted(raw) {
		return "", errBadText()
	}
	return string(unquote(raw)), nil
}

// openList checks for '[' and consumes it.
func (d *jsonDecoder) openList() *Error {
	if d.peek() != '[' {
		return d.typeError(expectList)
	}
	d.i++
	return nil
}

// nextElem is called after '[' or an element: it reports whether another
// element follows, consuming ',' or ']'.
func (d *jsonDecoder) nextElem(first bool) (bool, *Error) {
	d.ws()
	c := d.peek()
	if c == ']' {
		d.i++
		return false, nil
	}
	if !first {
		if c != ',' {
			return false, d.syntax()
		}
		d.i++
		d.ws()
	}
	return true, nil
}

func (d *jsonDecoder) isNull() bool {
	if d.peek() == 'n' && d.literal("null") {
		return true
	}
	return false
}

// key reads an object key followed by ':'. The returned bytes may point into
// the input; plain reports whether they are the raw, unescaped input.
func (d *jsonDecoder) key() ([]byte, bool, *Error) {
	raw, plain, err := d.rawString()
	if err != nil {
		return nil, false, err
	}
	if !plain {
		if !validUnquoted(raw) {
			return nil, false, errBadText()
		}
		raw = unquote(raw)
	}
	d.ws()
	if d.peek() != ':' {
		return nil, false, d.syntax()
	}
	d.i++
	d.ws()
	return raw, plain, nil
}

// nextMember is nextElem for objects.
func (d *jsonDecoder) nextMember(first bool) (bool, *Error) {
	d.ws()
	c := d.peek()
	if c == '}' {
		d.i++
		return false, nil
	}
	if !first {
		if c != ',' {
			return false, d.syntax()
		}
		d.i++
		d.ws()
	}
	if d.peek() != '"' {
		return false, d.syntax()
	}
	return true, nil
}

// skip consumes any JSON value, checking its syntax.
func (d *jsonDecoder) skip() *Error {
	switch c := d.peek(); {
	case c == '{' || c == '[':
		d.i++
		d.depth++
		if d.depth > maxDecodeDepth {
			return Validation(msgNesting)
		}
		for first := true; ; first = false {
			var more bool
			var err *Error
			if c == '{' {
				more, err = d.nextMember(first)
				if err == nil && more {
					_, _, err = d.key()
				}
			} else {
				more, err = d.nextElem(first)
			}
			if err != nil {
				return err
			}
			if !more {
				break
			}
			if err := d.skip(); err != nil {
				return err
			}
		}
		d.depth--
	case c == '"':
		raw, plain, err := d.rawString()
		if err != nil {
			return err
		}
		if !plain && !validUnquoted(raw) {
			return errBadText() // skipped, but still read as text
		}
	case c == 't':
		if !d.literal("true") {
			return d.syntax()
		}
	case c == 'f':
		if !d.literal("false") {
			return d.syntax()
		}
	case c == 'n':
		if !d.literal("null") {
			return d.syntax()
		}
	case c == '-' || (c >= '0' && c <= '9'):
		if _, err := d.number(); err != nil {
			return err
		}
	default:
		return d.syntax()
	}
	return nil
}

func (d *jsonDecoder) end() *Error {
	d.ws()
	if d.i != len(d.b) {
		return d.syntax()
	}
	return nil
}
