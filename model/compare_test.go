package model

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestEqual(t *testing.T) {
	tests := []struct {
		a, b AttributeValue
		want bool
	}{
		{S("3"), N("3"), false},
		{N("3"), NS("3"), false},
		{S("a"), S("a"), true},
		{S("a"), S("b"), false},
		{N("1e3"), N("1000"), true},
		{N("1.50"), N("1.5"), true},
		{N("1"), N("2"), false},
		{B([]byte("a")), B([]byte("a")), true},
		{B(nil), B([]byte{}), true},
		{B([]byte("a")), B([]byte("b")), false},
		{Bool(true), Bool(true), true},
		{Bool(true), Bool(false), false},
		{Null(), Null(), true},
		{Null(), Bool(false), false},
		{SS("a", "b"), SS("b", "a"), true},
		{SS("a", "b"), SS("a", "c"), false},
		{SS("a", "b"), SS("a"), false},
		{SS("a", "a"), SS("a", "b"), false},
		{NS("1", "2"), NS("2.0", "1e0"), true},
		{NS("1", "2"), NS("1", "3"), false},
		{BS([]byte("a"), []byte("b")), BS([]byte("b"), []byte("a")), true},
		{BS([]byte("a")), BS([]byte("c")), false},
		{L(S("a"), N("1")), L(S("a"), N("1.0")), true},
		{L(S("a"), N("1")), L(N("1"), S("a")), false},
		{L(S("a")), L(S("a"), S("a")), false},
		{L(), L(), true},
		{M(map[string]AttributeValue{"a": L(N("1"))}), M(map[string]AttributeValue{"a": L(N("1e0"))}), true},
		{M(map[string]AttributeValue{"a": S("1")}), M(map[string]AttributeValue{"b": S("1")}), false},
		{M(map[string]AttributeValue{"a": S("1")}), M(map[string]AttributeValue{"a": S("1"), "b": S("1")}), false},
		{M(nil), M(nil), true},
	}
	for _, tt := range tests {
		if got := Equal(tt.a, tt.b); got != tt.want {
			t.Errorf("Equal(%+v, %+v) = %v", tt.a, tt.b, got)
		}
		if got := Equal(tt.b, tt.a); got != tt.want {
			t.Errorf("Equal(%+v, %+v) = %v", tt.b, tt.a, got)
		}
	}
	// Large sets.
	var a, b []string
	for i := range 100 {
		a = append(a, itoa(i))
		b = append(b, itoa(99-i))
	}
	if !Equal(NS(a...), NS(b...)) || !Equal(SS(a...), SS(b...)) {
		t.Error("large sets")
	}
	b[0] = "x"
	if Equal(SS(a...), SS(b...)) {
		t.Error("large sets differ")
	}
	if !ItemsEqual(allTypesItem(), allTypesItem()) || ItemsEqual(allTypesItem(), Item{}) {
		t.Error("ItemsEqual")
	}
}

func TestCompare(t *testing.T) {
	tests := []struct {
		a, b AttributeValue
		want int
		ok   bool
	}{
		{S("a"), S("b"), -1, true},
		{S("a"), S("aa"), -1, true},
		{S("a"), S("A"), 1, true},
		{S("aa"), S("B"), 1, true},
		{S("é"), S("z"), 1, true},
		{S("\uffff"), S("😀"), -1, true}, // UTF-8 (code point) order, not UTF-16
		{S("x"), S("x"), 0, true},
		{N("10"), N("9"), 1, true},
		{N("-10"), N("9"), -1, true},
		{N("1e3"), N("1000"), 0, true},
		{B([]byte{0x80}), B([]byte{0x7f}), 1, true},
		{B([]byte{}), B([]byte{0}), -1, true},
		{S("1"), N("1"), 0, false},
		{Bool(true), Bool(true), 0, false},
		{L(), L(), 0, false},
		{SS("a"), SS("a"), 0, false},
		{Null(), Null(), 0, false},
	}
	for _, tt := range tests {
		c, ok := Compare(tt.a, tt.b)
		if c != tt.want || ok != tt.ok {
			t.Errorf("Compare(%+v, %+v) = %d, %v; want %d, %v", tt.a, tt.b, c, ok, tt.want, tt.ok)
		}
	}
}

// TestCompareProperty checks Compare against independent orderings on
// random values: big.Rat for numbers, bytes.Compare on the UTF-8 bytes for
// strings.
func TestCompareProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		x, y := randomNumber(r), randomNumber(r)
		cx, err1 := CanonicalNumber(x)
		cy, err2 := CanonicalNumber(y)
		if err1 != nil || err2 != nil {
			continue
		}
		c, ok := Compare(N(cx), N(cy))
		want := ratOf(t, x).Cmp(ratOf(t, y))
		if !ok || c != want {
			t.Fatalf("Compare(N %s, N %s) = %d, want %d", cx, cy, c, want)
		}
		if Equal(N(x), N(y)) != (want == 0) {
			t.Fatalf("Equal(N %s, N %s) disagrees", x, y)
		}
		sx, sy := randomString(r), randomString(r)
		c, ok = Compare(S(sx), S(sy))
		if want := bytes.Compare([]byte(sx), []byte(sy)); !ok || c != want {
			t.Fatalf("Compare(S %q, S %q) = %d, want %d", sx, sy, c, want)
		}
		// Code-point order agrees with byte order for valid UTF-8.
		if want := compareRunes([]rune(sx), []rune(sy)); c != want {
			t.Fatalf("Compare(S %q, S %q) = %d, code points say %d", sx, sy, c, want)
		}
		bx, by := []byte(sx), []byte(sy)
		c, ok = Compare(B(bx), B(by))
		if want := bytes.Compare(bx, by); !ok || c != want {
			t.Fatalf("Compare(B) = %d, want %d", c, want)
		}
	}
}

func compareRunes(a, b []rune) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	switch {
	case len(a) < len(b):
		return -1
	case len(a) > len(b):
		return 1
	}
	return 0
}

func randomString(r *rand.Rand) string {
	alphabet := []rune("aAbB0é€\uffff😀\u0000z")
	var sb strings.Builder
	for range r.IntN(6) {
		sb.WriteRune(alphabet[r.IntN(len(alphabet))])
	}
	return sb.String()
}
