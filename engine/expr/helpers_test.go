package expr

import (
	"errors"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// Short constructors for test data.
var (
	S    = model.S
	N    = model.N
	Bin  = func(b ...byte) model.AttributeValue { return model.B(b) }
	Bool = model.Bool
	Null = model.Null
	L    = model.L
	SS   = model.SS
	NS   = model.NS
	BS   = model.BS
)

func M(kv ...any) model.AttributeValue {
	m := map[string]model.AttributeValue{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1].(model.AttributeValue)
	}
	return model.M(m)
}

// testNames and testValues are the placeholders every table test may use.
var testNames = map[string]string{
	"#s":    "status",
	"#n":    "name",
	"#dot":  "dot.key",
	"#m":    "m",
	"#pk":   "pk",
	"#sk":   "sk",
	"#list": "lst",
	"#c":    "COMMENT",
	"#a":    "a",
}

var testValues = map[string]model.AttributeValue{
	":s":      S("hello"),
	":he":     S("he"),
	":lo":     N("10"),
	":hi":     N("20"),
	":n":      N("42"),
	":n42":    N("42.0"),
	":zero":   N("0"),
	":one":    N("1"),
	":two":    N("2"),
	":five":   N("5"),
	":neg":    N("-3.5"),
	":b":      Bin(1, 2, 3),
	":b12":    Bin(1, 2),
	":b2":     Bin(2),
	":t":      Bool(true),
	":f":      Bool(false),
	":null":   Null(),
	":l":      L(S("x"), N("1")),
	":m":      M("a", S("x")),
	":ss":     SS("a", "b"),
	":ns":     NS("1", "2.5"),
	":bs":     BS([]byte{1}, []byte{2}),
	":a":      S("a"),
	":x":      S("x"),
	":z":      S("z"),
	":active": S("active"),
	":empty":  S(""),
	":typeS":  S("S"),
	":typeN":  S("N"),
	":typeB":  S("B"),
	":typeBO": S("BOOL"),
	":typeNU": S("NULL"),
	":typeL":  S("L"),
	":typeM":  S("M"),
	":typeSS": S("SS"),
	":typeNS": S("NS"),
	":typeBS": S("BS"),
	":bad":    S("STRING"),
	":p1":     S("p1"),
	":u":      S("ü"),
	":list1":  L(S("c")),
	":emptyL": L(),
	":inc":    N("5"),
	":big":    N("9.9999999999999999999999999999999999999E+125"),
	":sset1":  SS("c"),
	":nsetA":  NS("2", "3"),
	":bset":   BS([]byte{9}),
}

// sampleItem has one attribute of every type, plus nesting.
func sampleItem() model.Item {
	return model.Item{
		"pk":      S("p1"),
		"status":  S("active"),
		"str":     S("hello"),
		"uni":     S("üb"), // 3 bytes, 2 characters
		"emp":     S(""),
		"num":     N("42"),
		"neg":     N("-3.5"),
		"price":   N("15"),
		"bin":     Bin(1, 2, 3),
		"bool":    Bool(true),
		"nul":     Null(),
		"lst":     L(S("x"), N("1"), M("k", S("v"))),
		"m":       M("a", S("x"), "b", M("c", N("7")), "l", L(N("1"), N("2"))),
		"dot.key": S("dotted"),
		"ss":      SS("a", "b"),
		"ns":      NS("1", "2.5"),
		"bs":      BS([]byte{1}, []byte{2}),
		"emptyL":  L(),
		"emptyM":  M(),
	}
}

func newCtx(t testing.TB) *Context {
	t.Helper()
	c, err := NewContext(testNames, testValues)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// wantMessage checks that err is a ValidationException with message msg.
func wantMessage(t *testing.T, err error, msg string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error; want %q", msg)
	}
	var me *model.Error
	if !errors.As(err, &me) {
		t.Fatalf("error %T is not *model.Error: %v", err, err)
	}
	if me.Code != model.ErrValidation {
		t.Errorf("code %q, want %q", me.Code, model.ErrValidation)
	}
	if me.Message != msg {
		t.Errorf("message\n got: %s\nwant: %s", me.Message, msg)
	}
}
