package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// decodeError turns the failure to decode body into a request of type root
// into DynamoDB's error:
//
//   - a *model.Error (from AttributeValue's decoder, say) is passed through,
//     but for a scalar in place of a whole AttributeValue or item, worded by
//     where that value sits (see scalarForContainer);
//   - a member of the wrong JSON kind is a SerializationException worded by
//     typeMismatch;
//   - anything else, malformed JSON above all, is a SerializationException
//     with no message, as DynamoDB answers it.
func decodeError(root reflect.Type, body []byte, err error) error {
	if e, ok := errors.AsType[*model.Error](err); ok {
		return placeModelError(root, body, e)
	}
	if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		return serializationError(typeMismatch(te, root, body))
	}
	return serializationError("")
}

// placeModelError rewords model's text for a scalar where an AttributeValue
// or an item is expected ("Unexpected value type in payload", "Unexpected
// field type": model cannot know where the value sits) by the value's
// position in the request.
func placeModelError(root reflect.Type, body []byte, e *model.Error) *model.Error {
	if e.Code != model.ErrSerialization || (e.Message != msgUnexpectedValue && e.Message != msgUnexpectedField) {
		return e
	}
	pos, raw, ok := refusedValue(body, root)
	if !ok || !isScalarJSON(raw) {
		return e
	}
	if msg, ok := scalarForContainer(pos); ok && msg != e.Message {
		return serializationError(msg)
	}
	return e
}

// serializationError is a SerializationException; msg may be empty.
func serializationError(msg string) *model.Error {
	return &model.Error{Code: model.ErrSerialization, Message: msg}
}

// DynamoDB's deserializer (Java) words a mismatch by the JSON token it met
// and the Java type it wanted. These are its texts, as dynalite recorded
// them from AWS.
const (
	msgStartOfMap       = "Start of structure or map found where not expected"
	msgUnexpectedField  = "Unexpected field type"
	msgUnexpectedToken  = "Unexpected token received from parser"
	msgBlobNotString    = "only base-64-encoded strings are convertible to bytes"
	msgCollectionPrefix = "Unrecognized collection type "
	javaPackage         = "com.amazonaws.dynamodb.v20120810."
)

// typeMismatch words a json.UnmarshalTypeError as DynamoDB does, by the JSON
// value's kind and the Go target's kind (standing for the Java type):
//
//	target \ JSON  string                 number / decimal              true / false                 array                                   object
//	String         -                      NUMBER_VALUE / DECIMAL_VALUE  TRUE_VALUE / FALSE_VALUE     Unrecognized collection type class      Start of structure or map
//	               (all "<X> cannot be converted to String")                                         java.lang.String                        found where not expected
//	Boolean        Unexpected token       <X> cannot be converted to Boolean                         ... class java.lang.Boolean             Start of structure ...
//	               received from parser
//	Integer, Long  STRING_VALUE / TRUE_VALUE / FALSE_VALUE cannot be converted to Integer (Long)     ... class java.lang.Integer (Long)      Start of structure ...
//	Blob           only base-64-encoded strings are convertible to bytes                             ... class java.nio.ByteBuffer           Start of structure ...
//	List           Unexpected field type                                                             -                                       Start of structure ...
//	Map            Unexpected field type                                                             ... java.util.Map<java.lang.String, V>  -
//	Structure      Unexpected field type                                                             ... class com.amazonaws.dynamodb.v20120810.<Name>
//
// The List, Map and Structure rows are for a member of a structure; a
// scalar as an element of a list or a value of a map is worded otherwise
// (scalarForContainer). The value's position comes from te.Field, walked
// from root, the request's type; it also gives the shape's name where
// DynamoDB's differs from the Go type's (javaMemberShape) or the error
// names a request's local copy of its type.
//
// One case differs from DynamoDB: a fractional or out-of-range number for
// an Integer or Long member, which DynamoDB truncates or wraps and Go
// cannot hold, gets "<NUMBER_VALUE|DECIMAL_VALUE> cannot be converted to
// Integer".
func typeMismatch(te *json.UnmarshalTypeError, root reflect.Type, body []byte) string {
	got := jsonToken(te, body)
	pos := locateTypeError(root, te)
	t := deref(pos.typ)
	switch {
	case got == "array":
		if pos.java != "" {
			return msgCollectionPrefix + "class " + javaPackage + pos.java
		}
		return msgCollectionPrefix + javaCollectionName(t)
	case got == "object":
		// An object where a map was wanted cannot mismatch.
		return msgStartOfMap
	case isBlob(t):
		return msgBlobNotString
	}
	if msg, ok := scalarForContainer(pos); ok {
		return msg
	}
	switch t.Kind() {
	case reflect.Bool:
		if got == "STRING_VALUE" {
			return msgUnexpectedToken
		}
	}
	return got + " cannot be converted to " + javaScalarName(t.Kind())
}

// jsonToken names the JSON value a type error met, as Jackson's tokens do:
// STRING_VALUE, NUMBER_VALUE (an integer), DECIMAL_VALUE (with a point or
// exponent), TRUE_VALUE, FALSE_VALUE; or "array" and "object". For scalars
// te.Offset is just past the value.
//
// A type error inside a nested decoder carries its value instead ("bool
// true", "number 1.5": model's literalTypeError), its offset not being the
// body's; so does encoding/json's for a number its target cannot hold.
func jsonToken(te *json.UnmarshalTypeError, body []byte) string {
	if lit, ok := strings.CutPrefix(te.Value, "number "); ok {
		if strings.ContainsAny(lit, ".eE") {
			return "DECIMAL_VALUE"
		}
		return "NUMBER_VALUE"
	}
	switch te.Value {
	case "array", "object":
		return te.Value
	case "string":
		return "STRING_VALUE"
	case "bool true":
		return "TRUE_VALUE"
	case "bool false":
		return "FALSE_VALUE"
	case "bool":
		if bytes.HasSuffix(body[:clampOffset(te.Offset, body)], []byte("true")) {
			return "TRUE_VALUE"
		}
		return "FALSE_VALUE"
	}
	// "number", or "number <literal>" when the literal did not fit.
	end := clampOffset(te.Offset, body)
	start := end
	for start > 0 && isNumberByte(body[start-1]) {
		start--
	}
	if bytes.ContainsAny(body[start:end], ".eE") {
		return "DECIMAL_VALUE"
	}
	return "NUMBER_VALUE"
}

func clampOffset(off int64, body []byte) int {
	return int(min(max(off, 0), int64(len(body))))
}

func isNumberByte(c byte) bool {
	return '0' <= c && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

var byteType = reflect.TypeFor[byte]()

func isBlob(t reflect.Type) bool {
	return t.Kind() == reflect.Slice && t.Elem() == byteType
}

// javaScalarName is the Java class of a scalar member.
func javaScalarName(k reflect.Kind) string {
	switch k {
	case reflect.String:
		return "String"
	case reflect.Bool:
		return "Boolean"
	case reflect.Int8, reflect.Int16, reflect.Uint8, reflect.Uint16:
		return "Short"
	case reflect.Int32, reflect.Uint32, reflect.Int:
		return "Integer"
	case reflect.Int64, reflect.Uint64, reflect.Uint:
		return "Long"
	case reflect.Float32, reflect.Float64:
		return "Double"
	}
	return "Object"
}

// javaCollectionName is how DynamoDB names a type in "Unrecognized
// collection type ...": "class X" for a class, the bare generic type for a
// List or Map.
func javaCollectionName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Map, reflect.Slice, reflect.Array:
		if !isBlob(t) {
			return javaTypeName(t)
		}
	}
	return "class " + javaTypeName(t)
}

// javaTypeName is the Java type standing for a Go type.
func javaTypeName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case isBlob(t):
		return "java.nio.ByteBuffer"
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Array:
		return "java.util.List<" + javaTypeName(t.Elem()) + ">"
	case t.Kind() == reflect.Map:
		return "java.util.Map<java.lang.String, " + javaTypeName(t.Elem()) + ">"
	case t.Kind() == reflect.Struct:
		return javaPackage + t.Name()
	}
	return "java.lang." + javaScalarName(t.Kind())
}
