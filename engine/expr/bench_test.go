package expr

import (
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

var benchItem = model.Item{
	"pk":     S("user#123"),
	"sk":     S("order#2024-01-01"),
	"status": S("active"),
	"price":  N("15.5"),
	"qty":    N("3"),
	"tags":   SS("a", "b", "c"),
	"addr":   M("city", S("Paris"), "zip", S("75001")),
	"lines":  L(M("sku", S("x1"), "n", N("1")), M("sku", S("x2"), "n", N("2"))),
	"hits":   N("100"),
}

var (
	benchNames  = map[string]string{"#s": "status"}
	benchValues = map[string]model.AttributeValue{
		":s": S("active"), ":lo": N("10"), ":hi": N("20"),
		":inc": N("1"), ":tag": SS("d"), ":now": S("2024-01-02"),
	}
)

const benchCondition = "attribute_exists(pk) AND #s = :s AND price BETWEEN :lo AND :hi"

// BenchmarkConditionParseEval parses and evaluates a typical condition, as
// a conditional write does once per request.
func BenchmarkConditionParseEval(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		c, _ := NewContext(benchNames, map[string]model.AttributeValue{":s": benchValues[":s"], ":lo": benchValues[":lo"], ":hi": benchValues[":hi"]})
		cond, err := c.ParseCondition(ParamCondition, benchCondition)
		if err != nil {
			b.Fatal(err)
		}
		if ok, _ := cond.Eval(benchItem); !ok {
			b.Fatal("false")
		}
	}
}

// BenchmarkConditionEval evaluates a parsed condition, as a filter does
// once per scanned item.
func BenchmarkConditionEval(b *testing.B) {
	c, _ := NewContext(benchNames, benchValues)
	cond, err := c.ParseCondition(ParamFilter, benchCondition)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if ok, _ := cond.Eval(benchItem); !ok {
			b.Fatal("false")
		}
	}
}

const benchUpdate = "SET #s = :s, price = price + :inc, updated = :now ADD tags :tag, hits :inc"

// BenchmarkUpdateApply applies a parsed SET+ADD update.
func BenchmarkUpdateApply(b *testing.B) {
	c, _ := NewContext(benchNames, benchValues)
	u, err := c.ParseUpdate(benchUpdate)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := u.Apply(benchItem); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkUpdateParseApply parses and applies the same update.
func BenchmarkUpdateParseApply(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		c, _ := NewContext(benchNames, map[string]model.AttributeValue{":s": benchValues[":s"], ":inc": benchValues[":inc"], ":now": benchValues[":now"], ":tag": benchValues[":tag"]})
		u, err := c.ParseUpdate(benchUpdate)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := u.Apply(benchItem); err != nil {
			b.Fatal(err)
		}
	}
}
