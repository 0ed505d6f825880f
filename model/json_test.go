package model

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestMarshalJSON(t *testing.T) {
	tests := []struct {
		v    AttributeValue
		want string
	}{
		{S("x"), `{"S":"x"}`},
		{S(""), `{"S":""}`},
		{S("a\"b\\c\n\t\x01é€😀<>&\u2028"), `{"S":"a\"b\\c\n\t\u0001é€😀<>&\u2028"}`},
		{S("bad\xffutf8"), `{"S":"bad\ufffdutf8"}`},
		{N("1.5"), `{"N":"1.5"}`},
		{N("1e3"), `{"N":"1e3"}`},
		{B([]byte("b")), `{"B":"Yg=="}`},
		{B([]byte{}), `{"B":""}`},
		{B([]byte{0xff, 0xfe, 0x00}), `{"B":"//4A"}`},
		{Bool(true), `{"BOOL":true}`},
		{Bool(false), `{"BOOL":false}`},
		{Null(), `{"NULL":true}`},
		{L(), `{"L":[]}`},
		{L(S("a"), N("1"), L(Null())), `{"L":[{"S":"a"},{"N":"1"},{"L":[{"NULL":true}]}]}`},
		{M(nil), `{"M":{}}`},
		{M(map[string]AttributeValue{"b": S("2"), "a": M(map[string]AttributeValue{"z": Bool(true)}), "": N("0")}),
			`{"M":{"":{"N":"0"},"a":{"M":{"z":{"BOOL":true}}},"b":{"S":"2"}}}`},
		{SS("a", "b"), `{"SS":["a","b"]}`},
		{NS("1", "2.5"), `{"NS":["1","2.5"]}`},
		{BS([]byte("b"), []byte("ab")), `{"BS":["Yg==","YWI="]}`},
		{AttributeValue{}, `{}`},
	}
	for _, tt := range tests {
		got, err := tt.v.MarshalJSON()
		if err != nil {
			t.Errorf("Marshal(%+v): %v", tt.v, err)
			continue
		}
		if string(got) != tt.want {
			t.Errorf("Marshal(%+v) = %s, want %s", tt.v, got, tt.want)
		}
		if got := string(AppendJSON([]byte("x"), tt.v)); got != "x"+tt.want {
			t.Errorf("AppendJSON = %s", got)
		}
		if !json.Valid(got) {
			t.Errorf("invalid JSON %s", got)
		}
	}
}

func TestItemJSON(t *testing.T) {
	it := Item{"shirt-size": S("M"), "shirt-color": S("R"), "n": N("1")}
	want := `{"n":{"N":"1"},"shirt-color":{"S":"R"},"shirt-size":{"S":"M"}}`
	if got := string(AppendItemJSON(nil, it)); got != want {
		t.Errorf("AppendItemJSON = %s", got)
	}
	if got := string(AppendItemJSON(nil, nil)); got != "{}" {
		t.Errorf("AppendItemJSON(nil) = %s", got)
	}
	got, err := json.Marshal(struct {
		Item Item
		Nil  Item
		Omit Item `json:",omitempty"`
	}{Item: it})
	if err != nil || string(got) != `{"Item":`+want+`,"Nil":null}` {
		t.Errorf("Marshal = %s, %v", got, err)
	}
	var back struct{ Item, Nil Item }
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Item, it) || back.Nil != nil {
		t.Errorf("round trip = %+v", back)
	}
	// Many attributes (beyond the on-stack key array).
	big := Item{}
	for i := range 40 {
		big[strings.Repeat("k", i+1)] = N("1")
	}
	var big2 Item
	if err := json.Unmarshal(AppendItemJSON(nil, big), &big2); err != nil || !reflect.DeepEqual(big, big2) {
		t.Errorf("big item round trip: %v", err)
	}
}

func TestUnmarshalJSON(t *testing.T) {
	tests := []struct {
		in   string
		want AttributeValue
	}{
		{`{"S":"x"}`, S("x")},
		{` { "S" : "x" } `, S("x")},
		{`{"S":""}`, S("")},
		{`{"S":"\u00e9\ud83d\ude00\n\"\\\/\b\f\r\t"}`, S("é😀\n\"\\/\b\f\r\t")},
		{`{"\u0053":"escaped key"}`, S("escaped key")},
		{`{"N":"-1.5e3"}`, N("-1.5e3")},
		{`{"B":"Yg=="}`, B([]byte("b"))},
		{`{"B":"YWI="}`, B([]byte("ab"))},
		{`{"B":"YWJj"}`, B([]byte("abc"))},
		{`{"B":"Y\/8="}`, B([]byte{0x63, 0xff})},
		{`{"B":""}`, B([]byte{})},
		{`{"BOOL":true}`, Bool(true)},
		{`{"BOOL":false}`, Bool(false)},
		{`{"NULL":true}`, Null()},
		{`{"NULL":false}`, AttributeValue{Type: typeNullFalse}},
		// Strings DynamoDB's deserializer takes for a Boolean [dl].
		{`{"BOOL":"true"}`, Bool(true)},
		{`{"BOOL":"TRUE"}`, Bool(true)},
		{`{"BOOL":"1"}`, Bool(true)},
		{`{"BOOL":"Yes"}`, Bool(true)},
		{`{"BOOL":"false"}`, Bool(false)},
		{`{"BOOL":"0"}`, Bool(false)},
		{`{"BOOL":"no"}`, Bool(false)},
		{`{"NULL":"yes"}`, Null()},
		{`{"NULL":"no"}`, AttributeValue{Type: typeNullFalse}},
		{`{"NULL":"\u006eo"}`, AttributeValue{Type: typeNullFalse}},
		{`{"L":[]}`, L()},
		{`{"L":[{"S":"a"},{"N":"1"},null,{"L":[{"NULL":true}]}]}`, L(S("a"), N("1"), AttributeValue{}, L(Null()))},
		{`{"M":{}}`, M(nil)},
		{`{"M":{"a":{"S":"1"},"b":{"M":{"c":{"BOOL":true}}}}}`, M(map[string]AttributeValue{"a": S("1"), "b": M(map[string]AttributeValue{"c": Bool(true)})})},
		{`{"M":{"a":{"S":"1"},"a":{"S":"2"}}}`, M(map[string]AttributeValue{"a": S("2")})},
		{`{"SS":["a","b"]}`, AttributeValue{Type: TypeSS, SS: []string{"a", "b"}}},
		{`{"SS":[]}`, AttributeValue{Type: TypeSS, SS: []string{}}},
		{`{"NS":["1",null]}`, AttributeValue{Type: TypeNS, NS: []string{"1", ""}}},
		{`{"BS":["Yg==",""]}`, AttributeValue{Type: TypeBS, BS: [][]byte{[]byte("b"), {}}}},
		{`{}`, AttributeValue{}},
		{`{"X":{"deep":[1,2,{"a":null}]},"S":"x","Y":"z"}`, S("x")},
		{`{"S":null}`, AttributeValue{}},
		{`{"S":null,"N":"1"}`, N("1")},
		{`{"S":"x","S":"y"}`, S("y")},
		{`{"S":"a","N":"1"}`, AttributeValue{Type: typeManyN, S: "a", N: "1"}},
		{`{"S":"a","BOOL":true}`, AttributeValue{Type: typeMany, S: "a", BOOL: true}},
	}
	for _, tt := range tests {
		var v AttributeValue
		if err := json.Unmarshal([]byte(tt.in), &v); err != nil {
			t.Errorf("Unmarshal(%s): %v", tt.in, err)
			continue
		}
		if !reflect.DeepEqual(v, tt.want) {
			t.Errorf("Unmarshal(%s) = %+v, want %+v", tt.in, v, tt.want)
		}
		// Direct calls agree with json.Unmarshal.
		var v2 AttributeValue
		if err := v2.UnmarshalJSON([]byte(tt.in)); err != nil || !reflect.DeepEqual(v2, tt.want) {
			t.Errorf("UnmarshalJSON(%s) = %+v, %v", tt.in, v2, err)
		}
	}
	// null is a no-op.
	v := S("keep")
	if err := v.UnmarshalJSON([]byte(" null ")); err != nil || v.S != "keep" {
		t.Errorf("null: %+v %v", v, err)
	}
}

func TestUnmarshalJSONErrors(t *testing.T) {
	const ser, val = ErrSerialization, ErrValidation
	tests := []struct {
		in, code, msg string
	}{
		{`{"N":1}`, ser, "NUMBER_VALUE cannot be converted to String"},
		// Text that is not well-formed Unicode is not read at all.
		{`{"S":"\ud83d"}`, ser, ""},
		{`{"S":"\ud83dx"}`, ser, ""},
		{`{"S":"\udc00\ud83d"}`, ser, ""},
		{`{"S":"\ud83d\u0041"}`, ser, ""},
		{"{\"S\":\"bad\xffutf8\"}", ser, ""},
		{"{\"S\":\"\xed\xa0\x80\"}", ser, ""},
		{`{"SS":["ok","\ud800"]}`, ser, ""},
		{`{"M":{"\udfff":{"S":"x"}}}`, ser, ""},
		{"{\"M\":{\"k\xc3\":{\"S\":\"x\"}}}", ser, ""},
		{`{"B":"\ud800AAA"}`, ser, ""},
		{"{\"X\":\"\xff\",\"S\":\"x\"}", ser, ""}, // in a member that is skipped
		{`{"X":["\udc00"],"S":"x"}`, ser, ""},
		{`{"S":1}`, ser, "NUMBER_VALUE cannot be converted to String"},
		{`{"BOOL":"23"}`, ser, "Unexpected token received from parser"},
		{`{"NULL":"nope"}`, ser, "Unexpected token received from parser"},
		{`{"BOOL":""}`, ser, "Unexpected token received from parser"},
		{`{"S":-2147483648}`, ser, "NUMBER_VALUE cannot be converted to String"},
		{`{"S":34.56}`, ser, "DECIMAL_VALUE cannot be converted to String"},
		{`{"S":1e5}`, ser, "DECIMAL_VALUE cannot be converted to String"},
		{`{"S":true}`, ser, "TRUE_VALUE cannot be converted to String"},
		{`{"N":false}`, ser, "FALSE_VALUE cannot be converted to String"},
		{`{"S":[]}`, ser, "Unrecognized collection type class java.lang.String"},
		{`{"S":{}}`, ser, "Start of structure or map found where not expected"},
		{`{"SS":[1]}`, ser, "NUMBER_VALUE cannot be converted to String"},
		{`{"NS":[{}]}`, ser, "Start of structure or map found where not expected"},
		{`{"BOOL":"23"}`, ser, "Unexpected token received from parser"},
		{`{"NULL":23}`, ser, "NUMBER_VALUE cannot be converted to Boolean"},
		{`{"BOOL":34.56}`, ser, "DECIMAL_VALUE cannot be converted to Boolean"},
		{`{"BOOL":[]}`, ser, "Unrecognized collection type class java.lang.Boolean"},
		{`{"NULL":{}}`, ser, "Start of structure or map found where not expected"},
		{`{"B":true}`, ser, "only base-64-encoded strings are convertible to bytes"},
		{`{"B":23}`, ser, "only base-64-encoded strings are convertible to bytes"},
		{`{"B":[]}`, ser, "Unrecognized collection type class java.nio.ByteBuffer"},
		{`{"B":{}}`, ser, "Start of structure or map found where not expected"},
		{`{"B":"23456"}`, ser, "Base64 encoded length is expected a multiple of 4 bytes but found: 5"},
		{`{"B":"é"}`, ser, "Base64 encoded length is expected a multiple of 4 bytes but found: 1"},
		{`{"B":"=+/="}`, ser, "Invalid last non-pad Base64 character dectected"},
		{`{"B":"+/+="}`, ser, "Invalid last non-pad Base64 character dectected"},
		{`{"B":"Yh=="}`, ser, "Invalid last non-pad Base64 character dectected"},
		{`{"B":"Yg\n="}`, ser, "Invalid last non-pad Base64 character dectected"},
		{`{"B":"Y!=="}`, ser, "Invalid last non-pad Base64 character dectected"},
		{`{"BS":["Yg=","Yg=="]}`, ser, "Base64 encoded length is expected a multiple of 4 bytes but found: 3"},
		{`{"BS":[1]}`, ser, "only base-64-encoded strings are convertible to bytes"},
		{`{"SS":"23"}`, ser, "Unexpected field type"},
		{`{"NS":true}`, ser, "Unexpected field type"},
		{`{"BS":1}`, ser, "Unexpected field type"},
		{`{"L":"23"}`, ser, "Unexpected field type"},
		{`{"L":{}}`, ser, "Start of structure or map found where not expected"},
		{`{"SS":{}}`, ser, "Start of structure or map found where not expected"},
		{`{"M":"23"}`, ser, "Unexpected field type"},
		{`{"M":23}`, ser, "Unexpected field type"},
		{`{"M":[]}`, ser, "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>"},
		{`{"L":["23"]}`, ser, "Unexpected value type in payload"},
		{`{"L":[23]}`, ser, "Unexpected value type in payload"},
		{`{"L":[[]]}`, ser, "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue"},
		{`{"M":{"a":true}}`, ser, "Unexpected value type in payload"},
		{`{"M":{"a":[]}}`, ser, "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue"},
		{`"23"`, ser, "Unexpected value type in payload"},
		{`[]`, ser, "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue"},
		{`{"SS":["a",null]}`, val, "One or more parameter values were invalid: An string set may not have a null member"},
		{`{"BS":[null]}`, val, "One or more parameter values were invalid: Binary sets may not contain null values"},
	}
	for _, tt := range tests {
		var v AttributeValue
		err := json.Unmarshal([]byte(tt.in), &v)
		e, ok := err.(*Error)
		if !ok {
			t.Errorf("Unmarshal(%s) error = %T %v, want *Error", tt.in, err, err)
			continue
		}
		if e.Code != tt.code || e.Message != tt.msg {
			t.Errorf("Unmarshal(%s) = %s / %q, want %s / %q", tt.in, e.Code, e.Message, tt.code, tt.msg)
		}
		// The error comes through a whole request unwrapped.
		var in PutItemInput
		err = json.Unmarshal([]byte(`{"TableName":"t","Item":{"a":`+tt.in+`}}`), &in)
		if e2, ok := err.(*Error); !ok || e2.Code != e.Code || e2.Message != e.Message {
			t.Errorf("PutItemInput with %s: %T %v", tt.in, err, err)
		}
		var eav UpdateItemInput
		err = json.Unmarshal([]byte(`{"ExpressionAttributeValues":{":a":`+tt.in+`}}`), &eav)
		if e2, ok := err.(*Error); !ok || e2.Code != e.Code || e2.Message != e.Message {
			t.Errorf("ExpressionAttributeValues with %s: %T %v", tt.in, err, err)
		}
	}
}

func TestUnmarshalItemErrors(t *testing.T) {
	for in, msg := range map[string]string{
		`"x"`: "Unexpected field type",
		`1`:   "Unexpected field type",
		`[]`:  "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>",
	} {
		var it Item
		err := it.UnmarshalJSON([]byte(in))
		if e, ok := err.(*Error); !ok || e.Code != ErrSerialization || e.Message != msg {
			t.Errorf("Item.UnmarshalJSON(%s) = %v", in, err)
		}
	}
	// Keys merge into an existing map.
	it := Item{"keep": S("1")}
	if err := json.Unmarshal([]byte(`{"a":{"S":"2"}}`), &it); err != nil || len(it) != 2 {
		t.Errorf("merge: %v %v", it, err)
	}
}

func TestUnmarshalJSONMalformed(t *testing.T) {
	for _, in := range []string{
		``, `{`, `{"S"`, `{"S":`, `{"S":"x"`, `{"S":"x",}`, `{"S":"x"}}`, `{"S":"x"} x`, `{S:"x"}`,
		`{"S":"\x"}`, `{"S":"\u12"}`, "{\"S\":\"a\x01\"}", `{"L":[{"S":"a"},]}`, `{"L":[{"S":"a"}`,
		`{"X":[1,}`, `{"X":tru}`, `{"X":01}`, `{"X":-}`, `{"X":1.}`, `{"X":1e}`, `{"X":{"a" 1}}`, `nul`,
		`{"N":"1"`, `{"M":{"a":{"S":"1"}`, `{"S":"x" "N":"1"}`,
	} {
		var v AttributeValue
		if err := v.UnmarshalJSON([]byte(in)); err == nil {
			t.Errorf("UnmarshalJSON(%q) = %+v, want error", in, v)
		}
	}
	deep := strings.Repeat(`{"L":[`, maxDecodeDepth+1) + strings.Repeat(`]}`, maxDecodeDepth+1)
	var v AttributeValue
	if err := v.UnmarshalJSON([]byte(deep)); err == nil || err.(*Error).Message != "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit" {
		t.Errorf("deep: %v", err)
	}
	deep = `{"X":` + strings.Repeat(`[`, 100000) + strings.Repeat(`]`, 100000) + `}`
	if err := v.UnmarshalJSON([]byte(deep)); err == nil {
		t.Errorf("deep skip: no error")
	}
}

// allTypesItem is an item with every type, nested.
func allTypesItem() Item {
	return Item{
		"s": S("héllo \"world\"\n"), "n": N("-123.45"), "b": B([]byte{0, 1, 2, 0xff}),
		"t": Bool(true), "f": Bool(false), "null": Null(),
		"l":  L(S("a"), N("1"), L(), M(nil), L(Null(), B(nil))),
		"m":  M(map[string]AttributeValue{"x": M(map[string]AttributeValue{"y": SS("a", "")}), "": S("")}),
		"ss": SS("a", "b", ""), "ns": NS("1", "2.5", "-3"), "bs": BS([]byte("a"), []byte{}),
	}
}

func TestJSONRoundTrip(t *testing.T) {
	it := allTypesItem()
	b, err := json.Marshal(it)
	if err != nil {
		t.Fatal(err)
	}
	var back Item
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if err := NormalizeItem(back); err != nil {
		t.Fatal(err)
	}
	if !ItemsEqual(it, back) {
		t.Errorf("round trip:\n%s\n%s", b, AppendItemJSON(nil, back))
	}
	b2, _ := json.Marshal(back)
	if !bytes.Equal(b, b2) {
		t.Errorf("re-marshal differs:\n%s\n%s", b, b2)
	}
}

// FuzzDecodeAttributeValue checks that decoding never panics and that
// accepted values (decoded and valid) survive marshal and decode unchanged.
func FuzzDecodeAttributeValue(f *testing.F) {
	for _, s := range []string{
		`{"S":"x"}`, `{"N":"1.5e3"}`, `{"B":"Yg=="}`, `{"BOOL":true}`, `{"NULL":true}`,
		`{"L":[{"S":"a"},{"M":{"b":{"NS":["1","2"]}}}]}`, `{"SS":["a","b"]}`, `{"BS":["Yg==","YWI="]}`,
		`{"S":"\u00e9\ud83d\ude00"}`, `{"X":[1,{"a":null}],"S":"y"}`, `{}`, `{"S":"a","N":"1"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v AttributeValue
		if err := v.UnmarshalJSON(data); err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %T is not *Error", err)
			}
			return
		}
		if NormalizeValue(&v) != nil {
			return
		}
		out := AppendJSON(nil, v)
		if !json.Valid(out) {
			t.Fatalf("invalid JSON %q from %q", out, data)
		}
		var w AttributeValue
		if err := w.UnmarshalJSON(out); err != nil {
			t.Fatalf("re-decode %q: %v", out, err)
		}
		if err := NormalizeValue(&w); err != nil {
			t.Fatalf("re-validate %q: %v", out, err)
		}
		if !Equal(v, w) || ValueSize(v) != ValueSize(w) {
			t.Fatalf("round trip changed %q: %q", data, out)
		}
		if out2 := AppendJSON(nil, w); !bytes.Equal(out, out2) {
			t.Fatalf("marshal not stable: %q vs %q", out, out2)
		}
	})
}

// benchItemJSON is a ~300-byte item typical of an API request.
const benchItemJSON = `{"pk":{"S":"user#12345"},"sk":{"S":"order#2024-01-15T10:30:00Z"},"amount":{"N":"129.99"},` +
	`"qty":{"N":"3"},"status":{"S":"SHIPPED"},"paid":{"BOOL":true},"note":{"NULL":true},` +
	`"tags":{"SS":["gift","priority"]},"addr":{"M":{"city":{"S":"Lisbon"},"zip":{"S":"1000-001"}}},` +
	`"items":{"L":[{"S":"sku-1"},{"S":"sku-2"},{"N":"42"}]}}`

func BenchmarkJSONDecodeItem(b *testing.B) {
	data := []byte(benchItemJSON)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var it Item
		if err := it.UnmarshalJSON(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkJSONDecodeItemViaEncodingJSON(b *testing.B) {
	data := []byte(`{"TableName":"t","Item":` + benchItemJSON + `}`)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var in PutItemInput
		if err := json.Unmarshal(data, &in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkJSONEncodeItem(b *testing.B) {
	var it Item
	if err := json.Unmarshal([]byte(benchItemJSON), &it); err != nil {
		b.Fatal(err)
	}
	buf := AppendItemJSON(nil, it)
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendItemJSON(buf[:0], it)
	}
}

func BenchmarkNormalizeItem(b *testing.B) {
	var it Item
	if err := json.Unmarshal([]byte(benchItemJSON), &it); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := NormalizeItem(it); err != nil {
			b.Fatal(err)
		}
	}
}
