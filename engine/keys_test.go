package engine

import (
	"bytes"
	"math/rand"
	"sort"
	"strconv"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// randomKeyValue returns a random normalised S, N or B value.
func randomKeyValue(r *rand.Rand, typ model.Type) model.AttributeValue {
	switch typ {
	case model.TypeS:
		b := make([]byte, r.Intn(6))
		for i := range b {
			b[i] = "\x00\x01aAbz\x7f\xc3\xa9\xff"[r.Intn(10)]
		}
		return model.S(string(b))
	case model.TypeB:
		b := make([]byte, r.Intn(6))
		for i := range b {
			b[i] = byte([]int{0, 1, 0x7f, 0x80, 0xfe, 0xff, 'a'}[r.Intn(7)])
		}
		return model.B(b)
	default:
		mant := strconv.FormatInt(r.Int63n(2_000_000)-1_000_000, 10)
		exp := r.Intn(60) - 30
		v := model.N(mant + "e" + strconv.Itoa(exp))
		if r.Intn(5) == 0 {
			v = model.N(strconv.Itoa(r.Intn(21) - 10))
		}
		if err := model.NormalizeValue(&v); err != nil {
			panic(err)
		}
		return v
	}
}

// TestKeyEncodingOrder checks that encoded keys sort exactly as DynamoDB
// orders S (UTF-8 bytes), N (numerically) and B (unsigned bytes) values.
func TestKeyEncodingOrder(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for _, typ := range []model.Type{model.TypeS, model.TypeN, model.TypeB} {
		t.Run(typ.String(), func(t *testing.T) {
			vals := make([]model.AttributeValue, 2000)
			for i := range vals {
				vals[i] = randomKeyValue(r, typ)
			}
			for i := 0; i+1 < len(vals); i++ {
				a, b := vals[i], vals[i+1]
				want, ok := model.Compare(a, b)
				if !ok {
					t.Fatalf("Compare(%v, %v) not ok", a, b)
				}
				got := bytes.Compare(appendKeyValue(nil, a), appendKeyValue(nil, b))
				if got != want {
					t.Fatalf("order of %+v vs %+v: encoding says %d, model says %d", a, b, got, want)
				}
			}
			// A composite key (value then a suffix) keeps the same order.
			sort.Slice(vals, func(i, j int) bool { c, _ := model.Compare(vals[i], vals[j]); return c < 0 })
			for i := 0; i+1 < len(vals); i++ {
				ka := append(appendKeyValue(nil, vals[i]), 0xff, 0xff)
				kb := append(appendKeyValue(nil, vals[i+1]), 0x00)
				if c, _ := model.Compare(vals[i], vals[i+1]); c < 0 && bytes.Compare(ka, kb) >= 0 {
					t.Fatalf("suffix breaks order between %+v and %+v", vals[i], vals[i+1])
				}
			}
		})
	}
}

func TestPrefixEnd(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a", "b"},
		{"a\xff", "b"},
		{"ab\xff\xff", "ac"},
		{"\xff", ""},
	}
	for _, tt := range tests {
		if got := prefixEnd(tt.in); got != tt.want {
			t.Errorf("prefixEnd(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestNumberLen(t *testing.T) {
	for _, n := range []string{"0", "1", "-1", "123.45", "-0.001", "1704067200"} {
		enc := string(appendNumber(nil, n))
		if got := numberLen(enc + "rest"); got != len(enc) {
			t.Errorf("numberLen(enc(%s)) = %d, want %d", n, got, len(enc))
		}
	}
}
