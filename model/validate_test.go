package model

import (
	"encoding/json"
	"strings"
	"testing"
)

func decodeOK(t *testing.T, s string) AttributeValue {
	t.Helper()
	var v AttributeValue
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("decode %s: %v", s, err)
	}
	return v
}

func nested(depth int, kind string) string {
	s := `{"S":"leaf"}`
	for range depth {
		if kind == "L" {
			s = `{"L":[` + s + `]}`
		} else {
			s = `{"M":{"n":` + s + `}}`
		}
	}
	return s
}

func TestNormalizeValueErrors(t *testing.T) {
	const inv = "One or more parameter values were invalid: "
	const conv = "The parameter cannot be converted to a numeric value"
	tests := []struct{ in, msg string }{
		{`{}`, "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"},
		{`{"X":1}`, "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"},
		{`{"S":null}`, "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"},
		{`{"M":{"a":{}}}`, "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"},
		{`{"L":[{}]}`, "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"},
		{`{"L":[{"a":{}}]}`, "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"},
		{`{"L":[null]}`, "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"},
		{`{"S":"a","N":"1"}`, "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"},
		{`{"BOOL":true,"NULL":true}`, "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"},
		{`{"S":"","N":""}`, conv},
		{`{"S":"a","N":""}`, conv},
		{`{"S":"a","N":"b"}`, conv + ": b"},
		{`{"S":"a","NS":[]}`, inv + "An number set  may not be empty"},
		{`{"NULL":false}`, inv + "Null attribute value types must have the value of true"},
		{`{"SS":[]}`, inv + "An string set  may not be empty"},
		{`{"NS":[]}`, inv + "An number set  may not be empty"},
		{`{"BS":[]}`, inv + "Binary sets should not be empty"},
		{`{"SS":["a","a"]}`, inv + "Input collection [a, a] contains duplicates."},
		{`{"SS":["a","b","a"]}`, inv + "Input collection [a, b, a] contains duplicates."},
		{`{"BS":["Yg==","Yg=="]}`, inv + "Input collection [Yg==, Yg==]of type BS contains duplicates."},
		{`{"NS":["1","1"]}`, "Input collection contains duplicates"},
		{`{"NS":["1","1.0"]}`, "Input collection contains duplicates"},
		{`{"NS":["1e2","100"]}`, "Input collection contains duplicates"},
		{`{"NS":["1",""]}`, conv},
		{`{"NS":["1",null]}`, conv},
		{`{"NS":["1","b","a"]}`, conv + ": b"},
		{`{"N":""}`, conv},
		{`{"N":"b"}`, conv + ": b"},
		{`{"N":"1e126"}`, "Number overflow. Attempting to store a number with magnitude larger than supported range"},
		{`{"N":"-1e-131"}`, "Number underflow. Attempting to store a number with magnitude smaller than supported range"},
		{`{"N":"123456789012345678901234567890123456789"}`, "Attempting to store more than 38 significant digits in a Number"},
		{`{"M":{"b":{"N":"x"},"a":{"N":"y"}}}`, conv + ": y"},
		{`{"L":[{"S":"a"},{"SS":[]}]}`, inv + "An string set  may not be empty"},
		{nested(32, "M"), "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit"},
		{nested(32, "L"), "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit"},
	}
	for _, tt := range tests {
		v := decodeOK(t, tt.in)
		err := NormalizeValue(&v)
		if err == nil {
			t.Errorf("NormalizeValue(%s) = nil, want %q", tt.in, tt.msg)
			continue
		}
		if err.Code != ErrValidation || err.Message != tt.msg {
			t.Errorf("NormalizeValue(%s) = %s / %q, want %q", tt.in, err.Code, err.Message, tt.msg)
		}
	}
}

func TestNormalizeValueCanonicalises(t *testing.T) {
	v := decodeOK(t, `{"M":{"n":{"N":"1e3"},"ns":{"NS":["0001.50","-0"]},"l":{"L":[{"N":"+3"},{"M":{"x":{"N":".5"}}}]},`+
		`"s":{"S":""},"b":{"B":""},"ss":{"SS":["","a"]},"bs":{"BS":["","Yg=="]}}}`)
	if err := NormalizeValue(&v); err != nil {
		t.Fatal(err)
	}
	m := v.M
	if m["n"].N != "1000" || m["ns"].NS[0] != "1.5" || m["ns"].NS[1] != "0" ||
		m["l"].L[0].N != "3" || m["l"].L[1].M["x"].N != "0.5" {
		t.Errorf("not canonicalised: %+v", v)
	}
	// A leaf at level 32 is fine.
	for _, kind := range []string{"L", "M"} {
		v = decodeOK(t, nested(31, kind))
		if err := NormalizeValue(&v); err != nil {
			t.Errorf("31 levels of %s: %v", kind, err)
		}
	}
	// Empty containers may sit at level 32.
	v = decodeOK(t, strings.Replace(nested(31, "M"), `{"S":"leaf"}`, `{"M":{}}`, 1))
	if err := NormalizeValue(&v); err != nil {
		t.Errorf("empty M at level 32: %v", err)
	}
}

func TestNormalizeItem(t *testing.T) {
	it := Item{"a": N("01"), "b": NS("2", "2.0e0")}
	err := NormalizeItem(it)
	if err == nil || err.Message != "Input collection contains duplicates" {
		t.Errorf("got %v", err)
	}
	it = Item{"a": N("01"), "b": NS("2e1")}
	if err := NormalizeItem(it); err != nil || it["a"].N != "1" || it["b"].NS[0] != "20" {
		t.Errorf("got %v %+v", err, it)
	}
	err = NormalizeItem(Item{"": S("x")})
	if err == nil || err.Message != "One or more parameter values were invalid: Empty attribute name" {
		t.Errorf("empty name: %v", err)
	}
	// The error of the smallest name wins, whatever the map order.
	for range 20 {
		err = NormalizeItem(Item{"z": N("z"), "c": N("c"), "m": N("m")})
		if err == nil || err.Message != "The parameter cannot be converted to a numeric value: c" {
			t.Fatalf("got %v", err)
		}
	}
	var invalid AttributeValue
	if err := NormalizeValue(&invalid); err == nil || !strings.HasPrefix(err.Message, "Supplied AttributeValue is empty") {
		t.Errorf("zero value: %v", err)
	}
}
