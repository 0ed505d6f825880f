package expr

import "testing"

// FuzzParseSearchCondition: no SearchConditionExpression makes the parser
// panic; a refusal is a ValidationException prefixed "Invalid
// SearchConditionExpression: "; what is accepted is equalities of a
// top-level attribute and a value, at least one.
func FuzzParseSearchCondition(f *testing.F) {
	for _, s := range []string{
		"#s = :s",
		"pk = :s AND #a = :n",
		":s = #pk AND (a = :one)",
		"a < :one",
		"a BETWEEN :lo AND :hi",
		"a IN (:one, :two)",
		"a = :s OR b = :s",
		"NOT a = :s",
		"attribute_exists(a)",
		"a.b[1] = :s",
		"a = b",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c := newCtx(t)
		terms, err := c.ParseSearchCondition(text)
		if err != nil {
			checkFuzzErr(t, err)
			if len(err.Error()) < len("Invalid SearchConditionExpression: ") {
				t.Fatalf("unprefixed error %v", err)
			}
			return
		}
		if len(terms) == 0 {
			t.Fatalf("%q accepted with no term", text)
		}
		for _, term := range terms {
			if term.Attr == "" {
				t.Fatalf("%q: a term without an attribute", text)
			}
		}
	})
}
