package server

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// Where a value of the wrong JSON kind sits decides DynamoDB's words for it.
// A scalar where a structure is expected is "Unexpected field type" when the
// structure is a member of another structure, and "Unexpected value type in
// payload" when it is an element of a list or a value of a map; a scalar
// where a list or a map is expected is "Unexpected field type" as a member,
// and, as an element of another list or map (BatchWriteItem's
// RequestItems.<t>, BatchGetItem's Keys.<n>), the ClassCastException of
// DynamoDB's deserializer meeting a parameterized type (msgParameterized).
// dynalite's tests record each case against AWS (test/helpers.js
// assertType: FieldStruct, ValueStruct, List, Map, ParameterizedList,
// ParameterizedMap).

// msgParameterized is the text for a scalar where a list or a map that is
// itself an element of a list or a map is expected.
const msgParameterized = "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl cannot be cast to class java.lang.Class (sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl and java.lang.Class are in module java.base of loader 'bootstrap')"

// msgUnexpectedValue is the text for a scalar where a structure that is an
// element of a list or a map is expected; model words a scalar where an
// AttributeValue is expected with it, wherever the value sits.
const msgUnexpectedValue = "Unexpected value type in payload"

var (
	attributeValueType = reflect.TypeFor[model.AttributeValue]()
	itemType           = reflect.TypeFor[model.Item]()
)

// valuePosition is where a value sits in a request: its declared type, and
// whether it is an element of a list or a value of a map (or else a member
// of a structure, or the request itself). java, when not empty, is
// DynamoDB's name for the member's shape where it differs from the Go
// type's.
type valuePosition struct {
	typ     reflect.Type
	element bool
	java    string
}

// scalarForContainer is DynamoDB's text for a scalar (string, number,
// boolean) where pos expects a structure, a list or a map; ok is false for
// any other type.
func scalarForContainer(pos valuePosition) (msg string, ok bool) {
	switch deref(pos.typ).Kind() {
	case reflect.Struct, reflect.Interface:
		if pos.element {
			return msgUnexpectedValue, true
		}
		return msgUnexpectedField, true
	case reflect.Slice, reflect.Array, reflect.Map:
		if isBlob(deref(pos.typ)) {
			return "", false
		}
		if pos.element {
			return msgParameterized, true
		}
		return msgUnexpectedField, true
	}
	return "", false
}

// locateTypeError finds the position of the value a json.UnmarshalTypeError
// names, walking root along te.Field (the members from the request down,
// as encoding/json records them; list indexes and map keys are not in it).
// When the walk fails it answers te.Type as a member.
func locateTypeError(root reflect.Type, te *json.UnmarshalTypeError) valuePosition {
	fallback := valuePosition{typ: te.Type}
	if root == nil || te.Field == "" {
		return fallback
	}
	t := root
	var holder reflect.Type // the structure whose member the last step read
	var member string
	for name := range strings.SplitSeq(te.Field, ".") {
		s := structBelow(t)
		if s == nil {
			return fallback
		}
		f, ok := memberOf(s, name)
		if !ok {
			return fallback
		}
		holder, member, t = s, f.Name, f.Type
	}
	// t is the member's declared type; te.Type is it, or what its lists
	// and maps hold.
	want := deref(te.Type)
	if sameShape(deref(t), want) {
		return valuePosition{typ: t, java: javaMemberShape[holder.Name()+"."+member]}
	}
	for e := deref(t); isContainer(e); {
		e = deref(e.Elem())
		if sameShape(e, want) {
			return valuePosition{typ: e, element: true}
		}
	}
	return fallback
}

// sameShape reports whether a and b are the same type, or the same
// structure under another name (a request's UnmarshalJSON decodes into a
// local copy of its type, whose errors name the copy).
func sameShape(a, b reflect.Type) bool {
	if a == b {
		return true
	}
	return a.Kind() == reflect.Struct && b.Kind() == reflect.Struct && a.ConvertibleTo(b)
}

func isContainer(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		return !isBlob(t)
	}
	return false
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// structBelow is the structure t is, or holds through lists and maps; nil
// when there is none.
func structBelow(t reflect.Type) reflect.Type {
	for t = deref(t); isContainer(t); t = deref(t.Elem()) {
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	return t
}

// memberOf finds member name of structure s as encoding/json matches a
// JSON key (its exact JSON name first, then without regard to case), or an
// embedded structure by its Go name (encoding/json's error paths name them
// so, before a member they promote).
func memberOf(s reflect.Type, name string) (reflect.StructField, bool) {
	var folded reflect.StructField
	found := false
	for i := range s.NumField() {
		f := s.Field(i)
		if f.Anonymous && f.Name == name {
			return f, true
		}
	}
	for _, f := range reflect.VisibleFields(s) {
		if f.Anonymous || !f.IsExported() {
			continue
		}
		jn := jsonName(f)
		if jn == "-" {
			continue
		}
		if jn == name {
			return f, true
		}
		if !found && strings.EqualFold(jn, name) {
			folded, found = f, true
		}
	}
	return folded, found
}

// jsonName is a member's name in JSON.
func jsonName(f reflect.StructField) string {
	tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if tag == "" {
		return f.Name
	}
	return tag
}

// javaMemberShape names the members whose shape DynamoDB calls otherwise
// than the Go type they share with another member: a GlobalSecondaryIndexUpdate's
// actions [dl test/updateTable.js].
var javaMemberShape = map[string]string{
	"GlobalSecondaryIndexUpdate.Create": "CreateGlobalSecondaryIndexAction",
	"GlobalSecondaryIndexUpdate.Update": "UpdateGlobalSecondaryIndexAction",
	"GlobalSecondaryIndexUpdate.Delete": "DeleteGlobalSecondaryIndexAction",
}

// refusedValue finds, in body order, the first AttributeValue or item of a
// request whose own decoder (package model) refuses it: encoding/json
// meets them in that order and stops at the first refusal, which carries
// no position. ok is false when there is none or the body cannot be walked.
func refusedValue(body []byte, root reflect.Type) (pos valuePosition, raw []byte, ok bool) {
	if root == nil {
		return valuePosition{}, nil, false
	}
	w := refusalWalker{dec: json.NewDecoder(bytes.NewReader(body))}
	found, err := w.walk(root, false)
	if err != nil || found == nil {
		return valuePosition{}, nil, false
	}
	return found.pos, found.raw, true
}

type refusal struct {
	pos valuePosition
	raw []byte
}

type refusalWalker struct{ dec *json.Decoder }

// walk reads the next value of the body as one of type t.
func (w *refusalWalker) walk(t reflect.Type, element bool) (*refusal, error) {
	t = deref(t)
	if t == attributeValueType || t == itemType {
		var raw json.RawMessage
		if err := w.dec.Decode(&raw); err != nil {
			return nil, err
		}
		if json.Unmarshal(raw, reflect.New(t).Interface()) != nil {
			return &refusal{pos: valuePosition{typ: t, element: element}, raw: raw}, nil
		}
		return nil, nil
	}
	tok, err := w.dec.Token()
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return nil, nil // a scalar: encoding/json's own error, if any
	}
	for w.dec.More() {
		var next reflect.Type
		inElement := true
		if d == '{' {
			key, err := w.dec.Token()
			if err != nil {
				return nil, err
			}
			name, _ := key.(string)
			switch {
			case t.Kind() == reflect.Map:
				next = t.Elem()
			case t.Kind() == reflect.Struct:
				if f, ok := memberOf(t, name); ok {
					next, inElement = f.Type, false
				}
			}
		} else if isContainer(t) {
			next = t.Elem()
		}
		if next == nil {
			if err := w.skip(); err != nil {
				return nil, err
			}
			continue
		}
		if r, err := w.walk(next, inElement); r != nil || err != nil {
			return r, err
		}
	}
	_, err = w.dec.Token() // the closing delimiter
	return nil, err
}

// skip reads past the next value.
func (w *refusalWalker) skip() error {
	var raw json.RawMessage
	return w.dec.Decode(&raw)
}

// isScalarJSON reports whether raw is a string, number or boolean.
func isScalarJSON(raw []byte) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) > 0 && raw[0] != '{' && raw[0] != '[' && raw[0] != 'n'
}
