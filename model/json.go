package model

// DynamoDB JSON codec for AttributeValue and Item. This file holds its entry
// points (UnmarshalJSON, MarshalJSON); the scanner is in json_scanner.go, the
// decoding of values in json_decode.go, DynamoDB's texts for JSON of the
// wrong shape in json_errors.go, the encoder in json_encode.go.
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
