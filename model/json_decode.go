package model

import (
	"bytes"
	"encoding/base64"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Decoding DynamoDB JSON values: scalars, base64 blobs, sets, lists and
// maps, each AttributeValue by its type key.

// stringValue reads a value where DynamoDB expects a String.
func (d *jsonDecoder) stringValue() (string, *Error) {
	if d.peek() != '"' {
		return "", d.typeError(expectString)
	}
	return d.str()
}

// boolValue reads a value where DynamoDB expects a Boolean (BOOL, NULL).
// Its deserializer also takes the strings "true", "1" and "yes" for true
// and "false", "0" and "no" for false, in any case: dynalite's tests record
// {"NULL":"no"} answered as NULL false ("Null attribute value types must
// have the value of true") and {"NULL":"23"} as a type error.
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
	case '"':
		save := d.i
		if s, err := d.str(); err == nil {
			switch strings.ToLower(s) {
			case "true", "1", "yes":
				return true, nil
			case "false", "0", "no":
				return false, nil
			}
		}
		d.i = save
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
