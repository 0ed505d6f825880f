package model

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

const (
	maxNumber = "9.9999999999999999999999999999999999999E+125"
	minNumber = "1E-130"
)

func TestCanonicalNumber(t *testing.T) {
	tests := []struct{ in, want string }{
		{"0", "0"},
		{"-0", "0"},
		{"+0", "0"},
		{"0.000", "0"},
		{"0e1000", "0"},
		{"-0.0e-5", "0"},
		{"1", "1"},
		{"+3", "3"},
		{"-1.5", "-1.5"},
		{"1e3", "1000"},
		{"1E3", "1000"},
		{"1e+5", "100000"},
		{"-17e5", "-1700000"},
		{"-17.4E37", "-174" + strings.Repeat("0", 36)},
		{"0001.230", "1.23"},
		{"0001.23", "1.23"},
		{".5", "0.5"},
		{".123", "0.123"},
		{"5.", "5"},
		{"-7.1234", "-7.1234"},
		{"100", "100"},
		{"100.00", "100"},
		{"0.001", "0.001"},
		{"12.5e-3", "0.0125"},
		{"12.5e1", "125"},
		{"12.5e2", "1250"},
		{"1.2345e2", "123.45"},
		{"123.45e-2", "1.2345"},
		{"123.45e-5", "0.0012345"},
		{minNumber, "0." + strings.Repeat("0", 129) + "1"},
		{"-" + minNumber, "-0." + strings.Repeat("0", 129) + "1"},
		{maxNumber, strings.Repeat("9", 38) + strings.Repeat("0", 88)},
		{"1e125", "1" + strings.Repeat("0", 125)},
		{strings.Repeat("9", 38), strings.Repeat("9", 38)},
		{"1." + strings.Repeat("2", 37), "1." + strings.Repeat("2", 37)},
		// 40 leading zeros do not count as significant digits.
		{strings.Repeat("0", 40) + ".42", "0.42"},
		{"0." + strings.Repeat("0", 40) + "42", "0." + strings.Repeat("0", 40) + "42"},
		// Trailing zeros do not count either.
		{"1" + strings.Repeat("0", 60), "1" + strings.Repeat("0", 60)},
		{"3.1415926535897932384626433832795028841", "3.1415926535897932384626433832795028841"},
		{"31415926535897932384626433832795028841e30", "31415926535897932384626433832795028841" + strings.Repeat("0", 30)},
	}
	for _, tt := range tests {
		got, err := CanonicalNumber(tt.in)
		if err != nil {
			t.Errorf("CanonicalNumber(%q) error %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("CanonicalNumber(%q) = %q, want %q", tt.in, got, tt.want)
		}
		// Canonical forms are fixed points.
		if again, err := CanonicalNumber(got); err != nil || again != got {
			t.Errorf("CanonicalNumber(%q) = %q, %v; want fixed point", got, again, err)
		}
	}
}

func TestCanonicalNumberErrors(t *testing.T) {
	const (
		conv  = "The parameter cannot be converted to a numeric value"
		over  = "Number overflow. Attempting to store a number with magnitude larger than supported range"
		under = "Number underflow. Attempting to store a number with magnitude smaller than supported range"
		prec  = "Attempting to store more than 38 significant digits in a Number"
	)
	tests := []struct{ in, msg string }{
		{"", conv},
		{"NaN", conv + ": NaN"},
		{"-NaN", conv + ": -NaN"},
		{"Infinity", conv + ": Infinity"},
		{"-Infinity", conv + ": -Infinity"},
		{"dog", conv + ": dog"},
		{"-dog", conv + ": -dog"},
		{" 1", conv + ":  1"},
		{"1 ", conv + ": 1 "},
		{"1e", conv + ": 1e"},
		{"1e+", conv + ": 1e+"},
		{"e5", conv + ": e5"},
		{".", conv + ": ."},
		{"-", conv + ": -"},
		{"+", conv + ": +"},
		{"1.2.3", conv + ": 1.2.3"},
		{"--1", conv + ": --1"},
		{"0x10", conv + ": 0x10"},
		{"1_000", conv + ": 1_000"},
		{"１", conv + ": １"},
		{"1e126", over},
		{"-1e126", over},
		{"1E+126", over},
		{"11e125", over},
		{"10" + strings.Repeat("0", 125), over},
		{"1e99999999999999999999", over},
		{"1e-131", under},
		{"-1e-131", under},
		{"0.9e-130", under},
		{"1e-99999999999999999999", under},
		{"123456789012345678901234567890123456789", prec},
		{"-1.23456789012345678901234567890123456789", prec},
		{"3.14159265358979323846264338327950288419", prec},
		{"314159265358979323846264338327950288419e30", prec},
		{"1" + strings.Repeat("0", 37) + "1", prec},
	}
	for _, tt := range tests {
		got, err := CanonicalNumber(tt.in)
		if err == nil {
			t.Errorf("CanonicalNumber(%q) = %q, want error %q", tt.in, got, tt.msg)
			continue
		}
		if err.Code != ErrValidation || err.Message != tt.msg {
			t.Errorf("CanonicalNumber(%q) error = %s / %q, want %q", tt.in, err.Code, err.Message, tt.msg)
		}
	}
}

func TestCanonicalNumberNoAllocWhenCanonical(t *testing.T) {
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := CanonicalNumber("-123.456"); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("CanonicalNumber of a canonical number allocates %v times", allocs)
	}
}

func TestCompareNumbers(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"0", "0", 0},
		{"0", "-0", 0},
		{"1", "2", -1},
		{"2", "1", 1},
		{"-1", "1", -1},
		{"-1", "0", -1},
		{"0", "0.0001", -1},
		{"-2", "-1", -1},
		{"10", "9", 1},
		{"9.99", "10", -1},
		{"1.5", "1.50", 0},
		{"1e3", "1000", 0},
		{"1e3", "999.9999", 1},
		{"0.1", "0.09", 1},
		{"-0.1", "-0.09", -1},
		{"123.4", "123.45", -1},
		{"-123.4", "-123.45", 1},
		{"1E-130", "0", 1},
		{maxNumber, "1e125", 1},
		{"12", "1.2e1", 0},
		{"0.012", "1.2e-2", 0},
		{"100", "1e2", 0},
		{"101", "1.0e2", 1},
	}
	for _, tt := range tests {
		if got := CompareNumbers(tt.a, tt.b); got != tt.want {
			t.Errorf("CompareNumbers(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := CompareNumbers(tt.b, tt.a); got != -tt.want {
			t.Errorf("CompareNumbers(%q, %q) = %d, want %d", tt.b, tt.a, got, -tt.want)
		}
	}
}

// randomNumber returns a random valid DynamoDB number in a random notation.
func randomNumber(r *rand.Rand) string {
	var sb strings.Builder
	if r.IntN(2) == 0 {
		sb.WriteByte('-')
	}
	nd := 1 + r.IntN(38)
	digits := make([]byte, nd)
	for i := range digits {
		digits[i] = byte('0' + r.IntN(10))
	}
	if r.IntN(8) == 0 {
		digits = []byte("0")
	}
	point := r.IntN(len(digits) + 1)
	sb.Write(digits[:point])
	if point < len(digits) || r.IntN(2) == 0 {
		sb.WriteByte('.')
	}
	sb.Write(digits[point:])
	if sb.Len() == 0 || strings.Trim(sb.String(), "-.") == "" {
		sb.WriteByte('0')
	}
	if r.IntN(2) == 0 {
		sb.WriteString("e")
		sb.WriteString(itoa(r.IntN(160) - 80))
	}
	return sb.String()
}

func itoa(i int) string { return big.NewInt(int64(i)).String() }

func ratOf(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("big.Rat cannot parse %q", s)
	}
	return r
}

func TestNumbersAgainstBigRat(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		a, b := randomNumber(r), randomNumber(r)
		ca, errA := CanonicalNumber(a)
		cb, errB := CanonicalNumber(b)
		if errA != nil || errB != nil {
			continue
		}
		ra, rb := ratOf(t, a), ratOf(t, b)
		if got, want := CompareNumbers(a, b), ra.Cmp(rb); got != want {
			t.Fatalf("CompareNumbers(%q, %q) = %d, want %d", a, b, got, want)
		}
		if got, want := CompareNumbers(ca, cb), ra.Cmp(rb); got != want {
			t.Fatalf("CompareNumbers(%q, %q) = %d, want %d", ca, cb, got, want)
		}
		if ratOf(t, ca).Cmp(ra) != 0 {
			t.Fatalf("CanonicalNumber(%q) = %q changes the value", a, ca)
		}
		sum, err := AddNumbers(a, b)
		want := new(big.Rat).Add(ra, rb)
		if err == nil && ratOf(t, sum).Cmp(want) != 0 {
			t.Fatalf("AddNumbers(%q, %q) = %q, want %s", a, b, sum, want.FloatString(40))
		}
		diff, err := SubtractNumbers(a, b)
		want = new(big.Rat).Sub(ra, rb)
		if err == nil && ratOf(t, diff).Cmp(want) != 0 {
			t.Fatalf("SubtractNumbers(%q, %q) = %q, want %s", a, b, diff, want.FloatString(40))
		}
	}
}

func TestAddSubtractNumbers(t *testing.T) {
	const over = "Number overflow. Attempting to store a number with magnitude larger than supported range"
	const under = "Number underflow. Attempting to store a number with magnitude smaller than supported range"
	tests := []struct {
		op        string
		a, b      string
		want, msg string
	}{
		{"+", "1", "2", "3", ""},
		{"+", "1", "10000000000000000000000", "10000000000000000000001", ""},
		{"-", "10000000000000000000000", "1", "9999999999999999999999", ""},
		{"+", "0.1", "0.2", "0.3", ""},
		{"-", "0.3", "0.1", "0.2", ""},
		{"+", "1.5", "-1.5", "0", ""},
		{"-", "5", "7", "-2", ""},
		{"+", "1e3", "1", "1001", ""},
		{"+", "-0", "0", "0", ""},
		{"+", "99999999999999999999999999999999999999", "1", "100000000000000000000000000000000000000", ""},
		{"+", maxNumber, "0", strings.Repeat("9", 38) + strings.Repeat("0", 88), ""},
		// DynamoDB reports precision loss as overflow.
		{"+", "1e50", "1", "", over},
		{"-", "1e50", "1", "", over},
		{"+", "1", "1e-50", "", over},
		{"+", "99999999999999999999999999999999999999", "0.1", "", over},
		{"+", "9e125", "9e125", "", over},
		{"-", "9e125", "-9e125", "", over},
		{"+", maxNumber, "1e88", "", over},
		{"-", "1.2e-130", "1.1e-130", "", under},
		{"+", "dog", "1", "", "The parameter cannot be converted to a numeric value: dog"},
		{"+", "1", "1e126", "", over},
	}
	for _, tt := range tests {
		var got string
		var err *Error
		if tt.op == "+" {
			got, err = AddNumbers(tt.a, tt.b)
		} else {
			got, err = SubtractNumbers(tt.a, tt.b)
		}
		switch {
		case tt.msg == "" && err != nil:
			t.Errorf("%s %s %s: error %v", tt.a, tt.op, tt.b, err)
		case tt.msg == "" && got != tt.want:
			t.Errorf("%s %s %s = %q, want %q", tt.a, tt.op, tt.b, got, tt.want)
		case tt.msg != "" && (err == nil || err.Message != tt.msg || err.Code != ErrValidation):
			t.Errorf("%s %s %s = %q, %v; want error %q", tt.a, tt.op, tt.b, got, err, tt.msg)
		}
	}
}

func TestNumberParts(t *testing.T) {
	tests := []struct {
		in     string
		neg    bool
		exp    int
		digits string
	}{
		{"0", false, 0, ""},
		{"-0", false, 0, ""},
		{"1", false, 1, "1"},
		{"-1", true, 1, "1"},
		{"123.45", false, 3, "12345"},
		{"1000", false, 4, "1"},
		{"0.05", false, -1, "5"},
		{"-0.0012", true, -2, "12"},
		{"1e3", false, 4, "1"},
		{"10.01", false, 2, "1001"},
	}
	for _, tt := range tests {
		neg, exp, digits := NumberParts(tt.in)
		if neg != tt.neg || exp != tt.exp || digits != tt.digits {
			t.Errorf("NumberParts(%q) = %v, %d, %q; want %v, %d, %q", tt.in, neg, exp, digits, tt.neg, tt.exp, tt.digits)
		}
	}
}

func BenchmarkCompareNumbers(b *testing.B) {
	for b.Loop() {
		CompareNumbers("-12345.678", "-12345.679")
	}
}

func BenchmarkCanonicalNumber(b *testing.B) {
	for b.Loop() {
		CanonicalNumber("12345.678")
	}
}

func BenchmarkAddNumbers(b *testing.B) {
	for b.Loop() {
		AddNumbers("12345.678", "1")
	}
}
