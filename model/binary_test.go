package model

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"testing"
)

func TestBinaryRoundTrip(t *testing.T) {
	it := allTypesItem()
	enc := AppendItem(nil, it)
	back, err := DecodeItem(enc)
	if err != nil {
		t.Fatal(err)
	}
	if !ItemsEqual(it, back) {
		t.Errorf("round trip: %+v", back)
	}
	// Exact: same representation (types, order of lists and sets, texts).
	for k, v := range it {
		w := back[k]
		if !reflect.DeepEqual(AppendJSON(nil, v), AppendJSON(nil, w)) {
			t.Errorf("%s: %s vs %s", k, AppendJSON(nil, v), AppendJSON(nil, w))
		}
	}
	// Decoded values do not alias the input.
	for i := range enc {
		enc[i] = 0
	}
	if !ItemsEqual(it, back) {
		t.Error("decoded item aliases the encoding")
	}
	// Values one after another.
	var buf []byte
	vals := []AttributeValue{S("a"), N("-1.5"), L(B([]byte{9})), Bool(false), Null()}
	for _, v := range vals {
		buf = AppendValue(buf, v)
	}
	for _, v := range vals {
		w, n, err := DecodeValue(buf)
		if err != nil || !Equal(v, w) {
			t.Fatalf("DecodeValue = %+v, %v; want %+v", w, err, v)
		}
		buf = buf[n:]
	}
	if len(buf) != 0 {
		t.Errorf("%d bytes left", len(buf))
	}
	// Empty item.
	if back, err := DecodeItem(AppendItem(nil, Item{})); err != nil || len(back) != 0 || back == nil {
		t.Errorf("empty item: %v %v", back, err)
	}
}

func TestBinaryCorrupt(t *testing.T) {
	enc := AppendItem(nil, allTypesItem())
	for i := range len(enc) {
		if _, err := DecodeItem(enc[:i]); err == nil {
			t.Errorf("truncated at %d: no error", i)
		}
	}
	for _, b := range [][]byte{nil, {0}, {2}, {1, 1, 1, 'a', 0}, {1, 1, 1, 'a', 99}, {1, 0, 0}, {1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}} {
		if _, err := DecodeItem(b); err == nil {
			t.Errorf("DecodeItem(%v): no error", b)
		}
	}
	if _, _, err := DecodeValue([]byte{tagInvalid}); err == nil {
		t.Error("tag 0 accepted")
	}
	deep := bytes.Repeat([]byte{tagL, 1}, maxBinaryDepth+2)
	deep = append(deep, tagNull)
	if _, _, err := DecodeValue(deep); err == nil {
		t.Error("deep value accepted")
	}
}

// randomValue returns a random valid value of nesting depth at most depth.
func randomValue(r *rand.Rand, depth int) AttributeValue {
	k := r.IntN(10)
	if depth <= 0 && (k == 5 || k == 6) {
		k = 0
	}
	switch k {
	case 0:
		return S(randomString(r))
	case 1:
		n, _ := CanonicalNumber(randomNumber(r))
		return N(n)
	case 2:
		return B([]byte(randomString(r)))
	case 3:
		return Bool(r.IntN(2) == 0)
	case 4:
		return Null()
	case 5:
		l := make([]AttributeValue, r.IntN(4))
		for i := range l {
			l[i] = randomValue(r, depth-1)
		}
		return L(l...)
	case 6:
		m := map[string]AttributeValue{}
		for range r.IntN(4) {
			m[randomString(r)] = randomValue(r, depth-1)
		}
		return M(m)
	case 7:
		return SS("x"+randomString(r), "y"+randomString(r))
	case 8:
		return NS("1", "2e"+itoa(r.IntN(9)+1))
	default:
		return BS([]byte("x"+randomString(r)), []byte("y"))
	}
}

func randomItem(r *rand.Rand) Item {
	it := Item{}
	for range r.IntN(8) {
		it["a"+randomString(r)] = randomValue(r, 4)
	}
	return it
}

func TestBinaryProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 3000 {
		it := randomItem(r)
		back, err := DecodeItem(AppendItem(nil, it))
		if err != nil || !ItemsEqual(it, back) {
			t.Fatalf("binary round trip of %s: %v", AppendItemJSON(nil, it), err)
		}
		if ItemSize(back) != ItemSize(it) {
			t.Fatal("size changed")
		}
		// JSON round trip, too.
		var j Item
		if err := j.UnmarshalJSON(AppendItemJSON(nil, it)); err != nil || !ItemsEqual(it, j) {
			t.Fatalf("JSON round trip of %s: %v", AppendItemJSON(nil, it), err)
		}
		if err := NormalizeItem(j); err != nil {
			t.Fatalf("random item invalid: %v", err)
		}
	}
}

// FuzzDecodeItem checks that corrupt input never panics and that what
// decodes re-encodes to an equivalent item.
func FuzzDecodeItem(f *testing.F) {
	f.Add(AppendItem(nil, allTypesItem()))
	f.Add(AppendItem(nil, Item{"a": S("b")}))
	f.Add([]byte{1, 0})
	f.Add([]byte{1, 1, 1, 'a', tagL, 2, tagNull, tagTrue})
	f.Fuzz(func(t *testing.T, data []byte) {
		it, err := DecodeItem(data)
		if err != nil {
			return
		}
		back, err := DecodeItem(AppendItem(nil, it))
		if err != nil {
			t.Fatalf("re-decode: %v", err)
		}
		if !reflect.DeepEqual(normalizeForCompare(it), normalizeForCompare(back)) {
			t.Fatalf("round trip changed the item")
		}
	})
}

// normalizeForCompare renders an item for exact comparison (NaN-free,
// order-stable): its JSON encoding with sorted keys.
func normalizeForCompare(it Item) string { return string(AppendItemJSON(nil, it)) }

func benchItem(b *testing.B) Item {
	var it Item
	if err := it.UnmarshalJSON([]byte(benchItemJSON)); err != nil {
		b.Fatal(err)
	}
	if err := NormalizeItem(it); err != nil {
		b.Fatal(err)
	}
	return it
}

func BenchmarkBinaryEncodeItem(b *testing.B) {
	it := benchItem(b)
	buf := AppendItem(nil, it)
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendItem(buf[:0], it)
	}
}

func BenchmarkBinaryDecodeItem(b *testing.B) {
	buf := AppendItem(nil, benchItem(b))
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeItem(buf); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkItemSize(b *testing.B) {
	it := benchItem(b)
	for b.Loop() {
		ItemSize(it)
	}
}
