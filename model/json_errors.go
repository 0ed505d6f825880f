package model

// What DynamoDB says about JSON of the wrong shape: its
// SerializationException texts, and the choice among them by what a
// position expects and what it found.

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
