package model

import (
	"encoding/base64"
	"encoding/binary"
	"slices"
	"unicode/utf8"
	"unsafe"
)

// Encoding DynamoDB JSON: values and items appended to a buffer, strings
// escaped as encoding/json escapes them.

// AppendJSON appends the DynamoDB JSON encoding of v to dst. Map keys are
// written in sorted order. A value with no valid type is written as {}.
func AppendJSON(dst []byte, v AttributeValue) []byte {
	switch v.Type {
	case TypeS:
		dst = append(dst, `{"S":`...)
		dst = appendJSONString(dst, v.S)
	case TypeN:
		dst = append(dst, `{"N":`...)
		dst = appendJSONString(dst, v.N)
	case TypeB:
		dst = append(dst, `{"B":"`...)
		dst = base64.StdEncoding.AppendEncode(dst, v.B)
		dst = append(dst, '"')
	case TypeBOOL:
		if v.BOOL {
			return append(dst, `{"BOOL":true}`...)
		}
		return append(dst, `{"BOOL":false}`...)
	case TypeNULL:
		return append(dst, `{"NULL":true}`...)
	case typeNullFalse:
		return append(dst, `{"NULL":false}`...)
	case TypeL:
		dst = append(dst, `{"L":[`...)
		for i := range v.L {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendJSON(dst, v.L[i])
		}
		dst = append(dst, ']')
	case TypeM:
		dst = append(dst, `{"M":`...)
		dst = AppendItemJSON(dst, v.M)
	case TypeSS, TypeNS:
		if v.Type == TypeSS {
			dst = append(dst, `{"SS":[`...)
		} else {
			dst = append(dst, `{"NS":[`...)
		}
		ss := v.SS
		if v.Type == TypeNS {
			ss = v.NS
		}
		for i, s := range ss {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONString(dst, s)
		}
		dst = append(dst, ']')
	case TypeBS:
		dst = append(dst, `{"BS":[`...)
		for i, b := range v.BS {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, '"')
			dst = base64.StdEncoding.AppendEncode(dst, b)
			dst = append(dst, '"')
		}
		dst = append(dst, ']')
	default:
		return append(dst, "{}"...)
	}
	return append(dst, '}')
}

// AppendItemJSON appends it as a JSON object of DynamoDB JSON values, with
// the attribute names in sorted order. A nil item is written as {}.
func AppendItemJSON(dst []byte, it Item) []byte {
	dst = append(dst, '{')
	var arr [16]string
	keys := arr[:0]
	for k := range it {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, k)
		dst = append(dst, ':')
		dst = AppendJSON(dst, it[k])
	}
	return append(dst, '}')
}

// plainWord reports whether the 8 bytes of x (little-endian) are all
// printable ASCII other than '"' and '\\': bytes appendJSONString copies as
// they are. A byte is flagged (its high bit set) when it is >= 0x80, < 0x20,
// '"' or '\\' (zero after the XOR); the test for any flag is exact.
func plainWord(x uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q := x ^ ('"' * ones)
	b := x ^ ('\\' * ones)
	return (x|(x-0x20*ones)|(q-ones)&^q|(b-ones)&^b)&highs == 0
}

// needsEscape marks the ASCII bytes that cannot appear raw in a JSON string.
var needsEscape = func() (t [utf8.RuneSelf]bool) {
	for i := 0; i < 0x20; i++ {
		t[i] = true
	}
	t['"'] = true
	t['\\'] = true
	return t
}()

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string. Invalid UTF-8 is written as
// U+FFFD, and U+2028 and U+2029 are escaped, as encoding/json does; HTML
// characters are not escaped.
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	// Most text needs no escape: skip eight plain bytes at a time.
	i := 0
	if len(s) >= 8 {
		b := unsafe.Slice(unsafe.StringData(s), len(s)) // only read
		for ; i+8 <= len(b); i += 8 {
			if !plainWord(binary.LittleEndian.Uint64(b[i:])) {
				break
			}
		}
	}
	start := 0
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if !needsEscape[c] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
