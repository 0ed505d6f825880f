package partiql

import (
	"errors"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// FuzzParse feeds arbitrary statements to the parser: it must never panic,
// every refusal must be a ValidationException, and every value a parsed
// statement holds must convert (or be refused) without panicking. The seed
// corpus is in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`SELECT * FROM "Orders" WHERE OrderID = 100`,
		`SELECT a.b[1], "c" FROM t."i" WHERE pk IN [1, 2] AND n BETWEEN -1 AND 1e3 ORDER BY sk DESC`,
		`INSERT INTO t VALUE {'pk': ?, 'm': {'l': [1, 'x', <<1, 2>>]}, 'b': true, 'n': null}`,
		`UPDATE t SET a = a + 1, l = list_append(l, [2]) SET s = set_add(s, <<'x'>>) REMOVE c WHERE pk = 'x' RETURNING ALL NEW *`,
		`DELETE FROM t WHERE pk = 'x' AND attribute_exists(v) RETURNING ALL OLD *;`,
		"EXISTS(SELECT * FROM t WHERE pk = 'a' -- c\n AND x IS NOT MISSING)",
		`SELECT * FROM t WHERE NOT (a <> 'b' OR size(c) >= 3) /* x */`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		p, err := Parse(src)
		if err != nil {
			var me *model.Error
			if !errors.As(err, &me) || me.Code != model.ErrValidation {
				t.Fatalf("Parse(%q) error %v is not a ValidationException", src, err)
			}
			return
		}
		walkValues(p.Statement, func(e Expr) {
			if _, err := Value(e, nil); err != nil {
				if _, ok := err.(*model.Error); !ok {
					t.Fatalf("Value error %v is not a *model.Error", err)
				}
			}
		})
	})
}

// walkValues calls fn on every value expression of a statement.
func walkValues(st Statement, fn func(Expr)) {
	var walk func(e Expr)
	walk = func(e Expr) {
		if e == nil {
			return
		}
		if IsValue(e) {
			fn(e)
		}
		switch x := e.(type) {
		case *Binary:
			walk(x.L)
			walk(x.R)
		case *Not:
			walk(x.X)
		case *Paren:
			walk(x.X)
		case *Between:
			walk(x.X)
			walk(x.Lo)
			walk(x.Hi)
		case *In:
			walk(x.X)
			for _, el := range x.List {
				walk(el)
			}
		case *Is:
			walk(x.X)
		case *Call:
			for _, a := range x.Args {
				walk(a)
			}
		}
	}
	switch s := st.(type) {
	case *Select:
		walk(s.Where)
	case *Exists:
		walk(s.Select.Where)
	case *Insert:
		walk(s.Item)
	case *Update:
		for _, a := range s.Actions {
			walk(a.Value)
		}
		walk(s.Where)
	case *Delete:
		walk(s.Where)
	}
}
