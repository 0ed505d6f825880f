package model

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"slices"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// DynamoDB JSON codec for AttributeValue and Item.
//
// Decoding is a hand-written scanner over the raw bytes (no reflection, one
// pass) and is structural only: it fills the AttributeValue fields and the
// Type, and leaves semantic checks (numbers, empty and duplicate sets,
// NULL false, several types, nesting) to NormalizeValue. Structural type
// errors are SerializationExceptions with the texts current DynamoDB sends
// (captured by dynalite's test suite against AWS):
//
//	where a String is expected (S, N, SS/NS members):
//	  true/false  TRUE_VALUE / FALSE_VALUE cannot be converted to String
//	  1 / 1.5     NUMBER_VALUE / DECIMAL_VALUE cannot be converted to String
//	  [..]        Unrecognized collection type class java.lang.String
//	  {..}        Start of structure or map found where not expected
//	where a Boolean is expected (BOOL, NULL):
//	  "x"         Unexpected token received from parser
//	  1 / 1.5     NUMBER_VALUE / DECIMAL_VALUE cannot be converted to Boolean
//	  [..]        Unrecognized collection type class java.lang.Boolean
//	where a Blob is expected (B, BS members):
//	  true, 1     only base-64-encoded strings are convertible to bytes
//	  [..]        Unrecognized collection type class java.nio.ByteBuffer
//	  "abcde"     Base64 encoded length is expected a multiple of 4 bytes but found: 5
//	  "+/+="      Invalid last non-pad Base64 character dectected  (sic; any other bad base64)
//	where a list is expected (SS, NS, BS, L): scalars give Unexpected field type
//	where a map is expected (M, Item): scalars give Unexpected field type,
//	  [..] gives Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>
//	where an AttributeValue is expected (L members, M values): scalars give
//	  Unexpected value type in payload, [..] gives
//	  Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue
//
// Base64 is strict (padded, canonical final bits, no line breaks), and a bad
// value is a SerializationException because DynamoDB's JSON layer converts
// blobs while reading the request.
//
// Unknown keys inside an AttributeValue ({"X":1}) are skipped, as DynamoDB's
// deserializer ignores unknown members: {"X":1} alone therefore reports
// "Supplied AttributeValue is empty, …" (dynalite's suite shows exactly this
// for {"a":""}). A type key whose value is null counts as absent. A null
// member of L or M decodes as an empty AttributeValue (reported as "Supplied
// AttributeValue is empty, …"), a null NS member as "" (reported as "The
// parameter cannot be converted to a numeric value"), and a null SS or BS
// member is rejected at once with a ValidationException (unconfirmed texts:
// see msgNullSS and msgNullBS).

// SerializationException texts.
const (
	msgStartOfStructure = "Start of structure or map found where not expected"
	msgUnexpectedField  = "Unexpected field type"
	msgUnexpectedValue  = "Unexpected value type in payload"
	msgAVCollection     = "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue"
	msgMapCollection    = "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>"
	msgStringColl       = "Unrecognized collection type class java.lang.String"
	msgBooleanColl      = "Unrecognized collection type class java.lang.Boolean"
	msgBlobColl         = "Unrecognized collection type class java.nio.ByteBuffer"
	msgBoolToken        = "Unexpected token received from parser"
	msgBlobNotString    = "only base-64-encoded strings are convertible to bytes"
	msgBase64Length     = "Base64 encoded length is expected a multiple of 4 bytes but found: "
	msgBase64Invalid    = "Invalid last non-pad Base64 character dectected"

	msgNullSS = "An string set may not have a null member"
	msgNullBS = "Binary sets may not contain null values"
)

// maxDecodeDepth bounds the scanner's recursion. Anything this deep is far
// beyond DynamoDB's 32 levels, so it is reported with the nesting text.
const maxDecodeDepth = 512

func serialization(msg string) *Error { return &Error{Code: ErrSerialization, Message: msg} }

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

// expectKind names what a value position holds, to pick DynamoDB's text for
// a value of the wrong JSON type.
type expectKind uint8

const (
	expectString expectKind = iota
	expectBool
	expectBlob
	expectList
	expectMap
	expectValue
)

// typeError consumes enough of the unexpected value at d.i to classify it and
// returns DynamoDB's SerializationException for it.
func (d *jsonDecoder) typeError(k expectKind) *Error {
	c := d.peek()
	var kind string // "string", "true", "false", "int", "dec", "list", "map"
	switch {
	case c == '"':
		kind = "string"
	case c == 't':
		if !d.literal("true") {
			return d.syntax()
		}
		kind = "true"
	case c == 'f':
		if !d.literal("false") {
			return d.syntax()
		}
		kind = "false"
	case c == '-' || (c >= '0' && c <= '9'):
		integer, err := d.number()
		if err != nil {
			return err
		}
		kind = "dec"
		if integer {
			kind = "int"
		}
	case c == '[':
		kind = "list"
	case c == '{':
		kind = "map"
	default:
		return d.syntax()
	}
	switch k {
	case expectString, expectBool:
		target := "String"
		if k == expectBool {
			target = "Boolean"
		}
		switch kind {
		case "string":
			return serialization(msgBoolToken)
		case "true":
			return serialization("TRUE_VALUE cannot be converted to " + target)
		case "false":
			return serialization("FALSE_VALUE cannot be converted to " + target)
		case "int":
			return serialization("NUMBER_VALUE cannot be converted to " + target)
		case "dec":
			return serialization("DECIMAL_VALUE cannot be converted to " + target)
		case "list":
			if k == expectBool {
				return serialization(msgBooleanColl)
			}
			return serialization(msgStringColl)
		}
		return serialization(msgStartOfStructure)
	case expectBlob:
		switch kind {
		case "list":
			return serialization(msgBlobColl)
		case "map":
			return serialization(msgStartOfStructure)
		}
		return serialization(msgBlobNotString)
	case expectList:
		if kind == "map" {
			return serialization(msgStartOfStructure)
		}
		return serialization(msgUnexpectedField)
	case expectMap:
		if kind == "list" {
			return serialization(msgMapCollection)
		}
		return serialization(msgUnexpectedField)
	default: // expectValue
		if kind == "list" {
			return serialization(msgAVCollection)
		}
		return serialization(msgUnexpectedValue)
	}
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

// stringValue reads a value where DynamoDB expects a String.
func (d *jsonDecoder) stringValue() (string, *Error) {
	if d.peek() != '"' {
		return "", d.typeError(expectString)
	}
	return d.str()
}

func (d *jsonDecoder) boolValue() (bool, *Error) {
	switch d.peek() {
	case 't':
		if d.literal("true") {
			return true, nil
		}
	case 'f':
		if d.literal("false") {
			return false, nil
		}
	}
	return false, d.typeError(expectBool)
}

func (d *jsonDecoder) blobValue() ([]byte, *Error) {
	if d.peek() != '"' {
		return nil, d.typeError(expectBlob)
	}
	raw, plain, err := d.rawString()
	if err != nil {
		return nil, err
	}
	if !plain {
		if !validUnquoted(raw) {
			return nil, errBadText()
		}
		raw = unquote(raw)
	}
	return decodeBase64(raw)
}

var strictBase64 = base64.StdEncoding.Strict()

// decodeBase64 decodes padded standard base64 strictly. The reported length
// is in UTF-16 code units, as DynamoDB's Java layer counts it.
func decodeBase64(s []byte) ([]byte, *Error) {
	if len(s)%4 != 0 {
		n := 0
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRune(s[i:])
			i += size
			n++
			if r > 0xFFFF {
				n++
			}
		}
		if n%4 != 0 {
			return nil, serialization(msgBase64Length + strconv.Itoa(n))
		}
		return nil, serialization(msgBase64Invalid)
	}
	if bytes.IndexByte(s, '\n') >= 0 || bytes.IndexByte(s, '\r') >= 0 {
		return nil, serialization(msgBase64Invalid)
	}
	out := make([]byte, strictBase64.DecodedLen(len(s)))
	n, err := strictBase64.Decode(out, s)
	if err != nil {
		return nil, serialization(msgBase64Invalid)
	}
	return out[:n:n], nil
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

// stringList reads SS or NS members. A null member is "" for NS (so that
// validation reports it as a bad number) and an error for SS.
func (d *jsonDecoder) stringList(ns bool) ([]string, *Error) {
	if err := d.openList(); err != nil {
		return nil, err
	}
	out := make([]string, 0, 4)
	for first := true; ; first = false {
		more, err := d.nextElem(first)
		if err != nil {
			return nil, err
		}
		if !more {
			return out, nil
		}
		if d.isNull() {
			if !ns {
				return nil, InvalidParameter(msgNullSS)
			}
			out = append(out, "")
			continue
		}
		s, err := d.stringValue()
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
}

func (d *jsonDecoder) blobList() ([][]byte, *Error) {
	if err := d.openList(); err != nil {
		return nil, err
	}
	out := make([][]byte, 0, 4)
	for first := true; ; first = false {
		more, err := d.nextElem(first)
		if err != nil {
			return nil, err
		}
		if !more {
			return out, nil
		}
		if d.isNull() {
			return nil, InvalidParameter(msgNullBS)
		}
		b, err := d.blobValue()
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
}

func (d *jsonDecoder) list() ([]AttributeValue, *Error) {
	if err := d.openList(); err != nil {
		return nil, err
	}
	out := make([]AttributeValue, 0, 4)
	for first := true; ; first = false {
		more, err := d.nextElem(first)
		if err != nil {
			return nil, err
		}
		if !more {
			return out, nil
		}
		out = append(out, AttributeValue{})
		if err := d.value(&out[len(out)-1]); err != nil {
			return nil, err
		}
	}
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

// mapInto reads an M (or an Item) into m.
func (d *jsonDecoder) mapInto(m map[string]AttributeValue) *Error {
	if d.peek() != '{' {
		return d.typeError(expectMap)
	}
	d.i++
	for first := true; ; first = false {
		more, err := d.nextMember(first)
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
		k, plain, err := d.key()
		if err != nil {
			return err
		}
		var name string
		if plain {
			name = d.plainString(k)
		} else {
			name = string(k)
		}
		var v AttributeValue
		if err := d.value(&v); err != nil {
			return err
		}
		m[name] = v
	}
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

// typeOfKey maps a wire type key to its Type (TypeInvalid if unknown).
func typeOfKey(k []byte) Type {
	switch string(k) {
	case "S":
		return TypeS
	case "N":
		return TypeN
	case "B":
		return TypeB
	case "BOOL":
		return TypeBOOL
	case "NULL":
		return TypeNULL
	case "L":
		return TypeL
	case "M":
		return TypeM
	case "SS":
		return TypeSS
	case "NS":
		return TypeNS
	case "BS":
		return TypeBS
	}
	return TypeInvalid
}

// value reads one AttributeValue object into v. A JSON null leaves v empty.
func (d *jsonDecoder) value(v *AttributeValue) *Error {
	switch d.peek() {
	case '{':
	case 'n':
		if d.literal("null") {
			*v = AttributeValue{}
			return nil
		}
		return d.syntax()
	default:
		return d.typeError(expectValue)
	}
	d.i++
	d.depth++
	if d.depth > maxDecodeDepth {
		return Validation(msgNesting)
	}
	*v = AttributeValue{}
	var seen uint16
	count := 0
	last := TypeInvalid
	nullFalse := false
	for first := true; ; first = false {
		more, err := d.nextMember(first)
		if err != nil {
			return err
		}
		if !more {
			break
		}
		k, _, err := d.key()
		if err != nil {
			return err
		}
		t := typeOfKey(k)
		if t == TypeInvalid {
			if err := d.skip(); err != nil {
				return err
			}
			continue
		}
		if d.isNull() {
			continue
		}
		switch t {
		case TypeS:
			v.S, err = d.stringValue()
		case TypeN:
			v.N, err = d.stringValue()
		case TypeB:
			v.B, err = d.blobValue()
		case TypeBOOL:
			v.BOOL, err = d.boolValue()
		case TypeNULL:
			var b bool
			b, err = d.boolValue()
			nullFalse = !b
		case TypeL:
			v.L, err = d.list()
		case TypeM:
			m := make(map[string]AttributeValue)
			err = d.mapInto(m)
			v.M = m
		case TypeSS:
			v.SS, err = d.stringList(false)
		case TypeNS:
			v.NS, err = d.stringList(true)
		case TypeBS:
			v.BS, err = d.blobList()
		}
		if err != nil {
			return err
		}
		if seen&(1<<t) == 0 {
			seen |= 1 << t
			count++
			last = t
		}
	}
	d.depth--
	switch {
	case count == 0:
		v.Type = TypeInvalid
	case count > 1:
		v.Type = typeMany
		if seen&(1<<TypeN) != 0 {
			v.Type = typeManyN
		}
	case last == TypeNULL && nullFalse:
		v.Type = typeNullFalse
	default:
		v.Type = last
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

// UnmarshalJSON decodes DynamoDB JSON ({"S":"x"}, {"N":"1"}, …). It checks
// structure only; call NormalizeValue to validate. Errors are *Error values
// (SerializationException for wrong JSON types and bad base64), returned
// unwrapped so that json.Unmarshal of a whole request returns them as is.
// A JSON null is a no-op.
func (v *AttributeValue) UnmarshalJSON(b []byte) error {
	d := jsonDecoder{b: b}
	d.ws()
	if d.isNull() {
		if err := d.end(); err != nil {
			return err
		}
		return nil
	}
	var nv AttributeValue
	if err := d.value(&nv); err != nil {
		return err
	}
	if err := d.end(); err != nil {
		return err
	}
	*v = nv
	return nil
}

// UnmarshalJSON decodes an item (attribute name to DynamoDB JSON value) with
// the same scanner as AttributeValue. Keys are merged into an existing map,
// as encoding/json does; a JSON null is a no-op.
func (it *Item) UnmarshalJSON(b []byte) error {
	d := jsonDecoder{b: b}
	d.ws()
	if d.isNull() {
		if err := d.end(); err != nil {
			return err
		}
		return nil
	}
	m := *it
	if m == nil {
		m = make(Item)
	}
	if err := d.mapInto(m); err != nil {
		return err
	}
	if err := d.end(); err != nil {
		return err
	}
	*it = m
	return nil
}

// MarshalJSON encodes the value as DynamoDB JSON. N and NS are written as
// stored; B and BS as padded standard base64.
func (v AttributeValue) MarshalJSON() ([]byte, error) {
	return AppendJSON(make([]byte, 0, 64), v), nil
}

// MarshalJSON encodes the item as a JSON object with sorted attribute names;
// a nil item is null.
func (it Item) MarshalJSON() ([]byte, error) {
	if it == nil {
		return []byte("null"), nil
	}
	return AppendItemJSON(make([]byte, 0, 256), it), nil
}

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
