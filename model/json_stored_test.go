package model

import (
	"bytes"
	"testing"
)

// slowStored is what ItemTranscoder stands in for: the item decoded,
// normalised and encoded, and its size; ok is false where the slow path
// refuses the input.
func slowStored(src []byte) (enc []byte, size int, item Item, ok bool) {
	var it Item
	if err := it.UnmarshalJSON(src); err != nil || it == nil {
		return nil, 0, nil, false
	}
	size, err := NormalizeItemSize(it)
	if err != nil {
		return nil, 0, nil, false
	}
	return AppendItem(nil, it), size, it, true
}

// checkTranscoded holds the transcoder to the slow path on src: whatever
// it accepts, the slow path accepts with the same bytes and size, and
// Attr decodes each attribute as the slow path normalised it.
func checkTranscoded(t *testing.T, tc *ItemTranscoder, src []byte) bool {
	t.Helper()
	got, size, ok := tc.Append([]byte("prefix"), src)
	if !ok {
		return false
	}
	enc, want, item, slowOK := slowStored(src)
	if !slowOK {
		t.Fatalf("transcoder accepted %q, which the slow path refuses", src)
	}
	if !bytes.Equal(got[len("prefix"):], enc) || size != want {
		t.Fatalf("transcoder on %q:\n got %x size %d\nwant %x size %d", src, got[len("prefix"):], size, enc, want)
	}
	for name, v := range item {
		a, ok := tc.Attr(name)
		if !ok || !bytes.Equal(AppendValue(nil, a), AppendValue(nil, v)) {
			t.Fatalf("Attr(%q) on %q = %v, %v; want %v", name, src, a, ok, v)
		}
	}
	if _, ok := tc.Attr("no such attribute"); ok {
		t.Fatalf("Attr of a missing attribute found one")
	}
	return true
}

func TestItemTranscoderMatchesTheSlowPath(t *testing.T) {
	tests := []struct {
		src    string
		accept bool // whether the fast path takes it (else the slow path decides)
	}{
		{benchItemJSON, true},
		{`{"pk":{"S":"a"},"n":{"N":"-1.5e3"},"b":{"B":"Yg=="},"t":{"BOOL":true},"f":{"BOOL":false},"z":{"NULL":true}}`, true},
		{`{"ss":{"SS":["b","a"]},"ns":{"NS":["1","2.50","-0.0e4"]},"bs":{"BS":["Yg==","YQ=="]}}`, true},
		{`{"l":{"L":[{"S":"x"},{"M":{"k":{"N":"1"}}},{"L":[]}]},"m":{"M":{}}}`, true},
		{`{"z":{"S":"1"},"a":{"S":"2"},"aa":{"S":"3"},"A":{"S":"4"},"é":{"S":"5"}}`, true},
		{` { "x" : { "N" : "007.50" } , "y" : { "M" : { "b" : { "S" : "" } , "a" : { "S" : "q" } } } } `, true},
		{`{"e":{"S":"\u00e9\ud83d\ude00\n\"\\\/"},"k\u00e9y":{"S":"v"}}`, true},
		{`{"m":{"M":{"":{"S":"a nested empty name is allowed"}}}}`, true},
		{`{}`, true},
		// Refused by both.
		{`{"":{"S":"empty name"}}`, false},
		{`{"bad":{"S":"\ud800"}}`, false},
		{"{\"bad\":{\"S\":\"\xff\"}}", false},
		{`{"x":{"S":1}}`, false},
		{`{"x":{"NS":["1","1.0"]}}`, false},
		{`{"x":{"SS":["a","a"]}}`, false},
		{`{"x":{"SS":[]}}`, false},
		{`{"x":{"S":"a","N":"1"}}`, false},
		{`{"x":{}}`, false},
		{`{"x":{"NULL":false}}`, false},
		{`{"x":{"N":"1e126"}}`, false},
		{`{"x":{"N":"abc"}}`, false},
		{`{"x":{"B":"Yh=="}}`, false},
		{`{"x":{"S":"a"}} trailing`, false},
		{`null`, false},
		// Valid, but left to the slow path.
		{`{"x":{"S":"a"},"x":{"S":"b"}}`, false},
		{`{"x":{"S":"a","Q":1}}`, false},
		{`{"x":{"S":null,"N":"1"}}`, false},
		{`{"x":{"N":"\u0031"}}`, false},
	}
	var tc ItemTranscoder
	for _, tt := range tests {
		if got := checkTranscoded(t, &tc, []byte(tt.src)); got != tt.accept {
			t.Errorf("transcoder took %q: %v, want %v", tt.src, got, tt.accept)
		}
	}
}

func TestItemTranscoderNesting(t *testing.T) {
	// An attribute's value is level 1; DynamoDB refuses a non-empty L or
	// M at level 32 and takes an empty one.
	nest := func(levels int, inner string) string {
		s := inner
		for i := 0; i < levels; i++ {
			s = `{"L":[` + s + `]}`
		}
		return `{"a":` + s + `}`
	}
	var tc ItemTranscoder
	for _, tt := range []struct {
		src    string
		accept bool
	}{
		{nest(31, `{"S":"x"}`), true},
		{nest(32, `{"S":"x"}`), false},
		{nest(31, `{"M":{}}`), true},
		{nest(31, `{"M":{"k":{"S":"x"}}}`), false},
		{nest(31, `{"L":[]}`), true},
	} {
		if got := checkTranscoded(t, &tc, []byte(tt.src)); got != tt.accept {
			t.Errorf("transcoder took %d bytes of nesting: %v, want %v", len(tt.src), got, tt.accept)
		}
		_, _, _, slow := slowStored([]byte(tt.src))
		if slow != tt.accept {
			t.Errorf("slow path took %d bytes of nesting: %v, want %v", len(tt.src), slow, tt.accept)
		}
	}
}

// FuzzItemTranscoder: no input panics the transcoder, and whatever it
// takes the slow path (decode, normalise, encode) takes with the same bytes
// and size.
func FuzzItemTranscoder(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte(benchItemJSON))
	var tc ItemTranscoder
	f.Fuzz(func(t *testing.T, data []byte) {
		checkTranscoded(t, &tc, data)
	})
}

// BenchmarkItemToStored: a ~300-byte item from DynamoDB JSON to its stored
// encoding, the slow way (decode, normalise, encode) and transcoded.
func BenchmarkItemToStored(b *testing.B) {
	data := []byte(benchItemJSON)
	b.Run("decode-normalize-encode", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			var it Item
			if err := it.UnmarshalJSON(data); err != nil {
				b.Fatal(err)
			}
			if _, err := NormalizeItemSize(it); err != nil {
				b.Fatal(err)
			}
			buf = AppendItem(buf[:0], it)
		}
	})
	b.Run("transcode", func(b *testing.B) {
		b.ReportAllocs()
		var tc ItemTranscoder
		var buf []byte
		for b.Loop() {
			var ok bool
			if buf, _, ok = tc.Append(buf[:0], data); !ok {
				b.Fatal("refused")
			}
		}
	})
}
