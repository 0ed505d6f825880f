package itemfmt

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/dynoscope/dynoscope/model"
)

// AppendPlain appends v as plain JSON: a number as a JSON number with all
// its digits, a string as a string, binary as a base64 string, BOOL as a
// boolean, NULL as null, a list or a set as an array, a map as an object
// (names in order).
func AppendPlain(dst []byte, v model.AttributeValue) []byte {
	switch v.Type {
	case model.TypeS:
		return appendString(dst, v.S)
	case model.TypeN:
		return appendNumber(dst, v.N)
	case model.TypeB:
		return appendBase64(dst, v.B)
	case model.TypeBOOL:
		return strconv.AppendBool(dst, v.BOOL)
	case model.TypeNULL:
		return append(dst, "null"...)
	case model.TypeL:
		dst = append(dst, '[')
		for i, e := range v.L {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendPlain(dst, e)
		}
		return append(dst, ']')
	case model.TypeM:
		return AppendPlainItem(dst, v.M)
	case model.TypeSS:
		dst = append(dst, '[')
		for i, s := range v.SS {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendString(dst, s)
		}
		return append(dst, ']')
	case model.TypeNS:
		dst = append(dst, '[')
		for i, n := range v.NS {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendNumber(dst, n)
		}
		return append(dst, ']')
	case model.TypeBS:
		dst = append(dst, '[')
		for i, b := range v.BS {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendBase64(dst, b)
		}
		return append(dst, ']')
	}
	return append(dst, "null"...)
}

// AppendPlainItem appends an item (or map) as a plain JSON object, its
// attribute names in order.
func AppendPlainItem(dst []byte, item model.Item) []byte {
	names := make([]string, 0, len(item))
	for k := range item {
		names = append(names, k)
	}
	slices.Sort(names)
	dst = append(dst, '{')
	for i, k := range names {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, k)
		dst = append(dst, ':')
		dst = AppendPlain(dst, item[k])
	}
	return append(dst, '}')
}

// PlainJSON returns an item as plain JSON; indent "" gives one line, any
// other indent one attribute a line (for an editor).
func PlainJSON(item model.Item, indent string) []byte {
	b := AppendPlainItem(nil, item)
	if indent == "" {
		return b
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", indent); err != nil {
		return b // AppendPlainItem writes valid JSON; not reached
	}
	out.WriteByte('\n')
	return out.Bytes()
}

// appendNumber writes a DynamoDB number as a JSON number: its canonical
// form (plain digits, no exponent) is valid JSON. Text that is no number
// (a value that was never validated) is written as a string rather than as
// invalid JSON.
func appendNumber(dst []byte, n string) []byte {
	c, err := model.CanonicalNumber(n)
	if err != nil {
		return appendString(dst, n)
	}
	return append(dst, c...)
}

func appendBase64(dst []byte, b []byte) []byte {
	dst = append(dst, '"')
	dst = base64.StdEncoding.AppendEncode(dst, b)
	return append(dst, '"')
}

// appendString writes s as a JSON string, as encoding/json does but without
// escaping <, > and &.
func appendString(dst []byte, s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return append(dst, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
}

// FromPlain reads one item written as plain JSON. template is the item as
// it was (nil when there is none): where the new value can still be of the
// type the template's attribute had, it is — a set stays a set, binary
// stays binary (the string must be base64), a number stays a number even
// if written as a numeric string, a string stays a string even if written
// as a number; nested lists and maps follow the template's elements. Any
// other value takes the type plain JSON gives it (string S, number N,
// boolean BOOL, null NULL, array L, object M). The item is checked as
// DynamoDB checks an item (numbers, empty sets, duplicates, nesting).
func FromPlain(data []byte, template model.Item) (model.Item, error) {
	v, err := decodePlain(data)
	if err != nil {
		return nil, err
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, errors.New("expected a JSON object (an item)")
	}
	return itemFromPlain(obj, template)
}

// decodePlain decodes one JSON document, numbers kept as their text.
func decodePlain(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err == nil {
		return nil, errors.New("more than one JSON value")
	}
	return v, nil
}

// itemFromPlain converts a decoded plain JSON object to an item with the
// template's types, and checks it.
func itemFromPlain(obj map[string]any, template model.Item) (model.Item, error) {
	item := make(model.Item, len(obj))
	for _, k := range sortedKeys(obj) {
		var t *model.AttributeValue
		if tv, ok := template[k]; ok {
			t = &tv
		}
		av, err := valueFromPlain(obj[k], t, k)
		if err != nil {
			return nil, err
		}
		item[k] = av
	}
	if err := model.NormalizeItem(item); err != nil {
		return nil, err
	}
	return item, nil
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// valueFromPlain converts one decoded plain JSON value; t is the template
// value (nil: none), path names the value in errors.
func valueFromPlain(v any, t *model.AttributeValue, path string) (model.AttributeValue, error) {
	want := model.TypeInvalid
	if t != nil {
		want = t.Type
	}
	switch x := v.(type) {
	case nil:
		return model.Null(), nil
	case bool:
		return model.AttributeValue{Type: model.TypeBOOL, BOOL: x}, nil
	case json.Number:
		if want == model.TypeS {
			return model.S(x.String()), nil
		}
		return number(x.String(), path)
	case string:
		switch want {
		case model.TypeB:
			b, err := base64.StdEncoding.DecodeString(x)
			if err != nil {
				return model.AttributeValue{}, fmt.Errorf("%s: was binary, and %q is not base64", path, clip(x))
			}
			return model.AttributeValue{Type: model.TypeB, B: b}, nil
		case model.TypeN:
			if c, err := model.CanonicalNumber(x); err == nil {
				return model.N(c), nil
			}
		}
		return model.S(x), nil
	case []any:
		if want.IsSet() {
			if len(x) == 0 {
				return model.AttributeValue{}, fmt.Errorf("%s: was a %s set, and a set cannot be empty (remove the attribute instead)", path, setName(want))
			}
			if s, ok := setFromPlain(x, want); ok {
				return s, nil
			}
		}
		out := model.AttributeValue{Type: model.TypeL, L: make([]model.AttributeValue, len(x))}
		for i, e := range x {
			var et *model.AttributeValue
			if want == model.TypeL && i < len(t.L) {
				et = &t.L[i]
			}
			av, err := valueFromPlain(e, et, fmt.Sprintf("%s[%d]", path, i))
			if err != nil {
				return model.AttributeValue{}, err
			}
			out.L[i] = av
		}
		return out, nil
	case map[string]any:
		out := model.AttributeValue{Type: model.TypeM, M: make(model.Item, len(x))}
		for _, k := range sortedKeys(x) {
			var et *model.AttributeValue
			if want == model.TypeM {
				if tv, ok := t.M[k]; ok {
					et = &tv
				}
			}
			av, err := valueFromPlain(x[k], et, path+"."+k)
			if err != nil {
				return model.AttributeValue{}, err
			}
			out.M[k] = av
		}
		return out, nil
	}
	return model.AttributeValue{}, fmt.Errorf("%s: unexpected JSON value %T", path, v)
}

// number checks a JSON number as DynamoDB checks a number.
func number(text, path string) (model.AttributeValue, error) {
	c, err := model.CanonicalNumber(text)
	if err != nil {
		return model.AttributeValue{}, fmt.Errorf("%s: %s", path, err.Message)
	}
	return model.N(c), nil
}

// setFromPlain makes a set of type want from the array's members; ok is
// false when a member cannot be one (the value is then a list).
func setFromPlain(x []any, want model.Type) (model.AttributeValue, bool) {
	out := model.AttributeValue{Type: want}
	for _, e := range x {
		switch want {
		case model.TypeSS:
			s, ok := e.(string)
			if !ok {
				return out, false
			}
			out.SS = append(out.SS, s)
		case model.TypeNS:
			var text string
			switch n := e.(type) {
			case json.Number:
				text = n.String()
			case string:
				text = n
			default:
				return out, false
			}
			c, err := model.CanonicalNumber(text)
			if err != nil {
				return out, false
			}
			out.NS = append(out.NS, c)
		case model.TypeBS:
			s, ok := e.(string)
			if !ok {
				return out, false
			}
			b, err := base64.StdEncoding.DecodeString(s)
			if err != nil {
				return out, false
			}
			out.BS = append(out.BS, b)
		}
	}
	return out, true
}

func setName(t model.Type) string {
	switch t {
	case model.TypeNS:
		return "number"
	case model.TypeBS:
		return "binary"
	}
	return "string"
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
