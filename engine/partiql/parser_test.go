package partiql

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

func mustParse(t *testing.T, src string) *Parsed {
	t.Helper()
	p, err := Parse(src)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	return p
}

func TestParseStatements(t *testing.T) {
	cases := []struct {
		src    string
		check  func(t *testing.T, p *Parsed)
		params int
	}{
		{`SELECT * FROM "Orders" WHERE OrderID = 100`, func(t *testing.T, p *Parsed) {
			s := p.Statement.(*Select)
			if !s.Star || s.Table != "Orders" || s.Index != "" {
				t.Fatalf("%+v", s)
			}
			b := s.Where.(*Binary)
			if b.Op != "=" || b.L.(*PathExpr).Path.String() != "OrderID" || b.R.(*Literal).Value.N != "100" {
				t.Fatalf("where %+v", b)
			}
		}, 0},
		{`select OrderID, Total, Devices.FireStick.DateWatched[0] from Orders where OrderID IN [1, 2, 3] order by OrderID desc`, func(t *testing.T, p *Parsed) {
			s := p.Statement.(*Select)
			var got []string
			for _, path := range s.Projection {
				got = append(got, path.String()+"→"+path.Column())
			}
			if strings.Join(got, " ") != "OrderID→OrderID Total→Total Devices.FireStick.DateWatched[0]→DateWatched[0]" {
				t.Fatalf("projection %v", got)
			}
			if in := s.Where.(*In); len(in.List) != 3 || in.Negated {
				t.Fatalf("where %+v", s.Where)
			}
			if len(s.OrderBy) != 1 || !s.OrderBy[0].Desc {
				t.Fatalf("order %+v", s.OrderBy)
			}
		}, 0},
		{`SELECT pk FROM "t"."gsi-1" WHERE gsiPk = ? AND size("Image") > 300 AND attribute_type("Artist", 'S') AND Awards IS MISSING`, func(t *testing.T, p *Parsed) {
			s := p.Statement.(*Select)
			if s.Index != "gsi-1" {
				t.Fatalf("index %q", s.Index)
			}
		}, 1},
		{`INSERT INTO "Music" VALUE {'Artist' : 'Acme Band', 'n': -1.5e3, 'l': [1, 'x'], 'ss': <<'a', 'b'>>, 'm': {'k': null, 'b': true}}`, func(t *testing.T, p *Parsed) {
			in := p.Statement.(*Insert)
			v, err := Value(in.Item, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := model.M(map[string]model.AttributeValue{"Artist": model.S("Acme Band"), "n": model.N("-1500"),
				"l": model.L(model.N("1"), model.S("x")), "ss": model.SS("a", "b"),
				"m": model.M(map[string]model.AttributeValue{"k": model.Null(), "b": model.Bool(true)})})
			if !model.Equal(v, want) {
				t.Fatalf("item %+v", v)
			}
		}, 0},
		{"UPDATE \"Music\" SET AwardsWon=1 SET AwardDetail={'Grammys':[2020, 2018]}, n = n - - 2 REMOVE a.b[2] WHERE Artist='Acme Band' AND SongTitle='PartiQL Rocks' RETURNING MODIFIED NEW *", func(t *testing.T, p *Parsed) {
			u := p.Statement.(*Update)
			if len(u.Actions) != 4 || !u.Actions[3].Remove || u.Actions[3].Path.String() != "a.b[2]" || u.Returning != ReturnModifiedNew {
				t.Fatalf("%+v", u)
			}
		}, 0},
		{`DELETE FROM "Music" WHERE "Artist" = 'Acme Band' AND "SongTitle" = 'it''s' RETURNING ALL OLD *;`, func(t *testing.T, p *Parsed) {
			d := p.Statement.(*Delete)
			if d.Returning != ReturnAllOld || d.Where.(*Binary).R.(*Binary).R.(*Literal).Value.S != "it's" {
				t.Fatalf("%+v", d)
			}
		}, 0},
		{"-- a note\nEXISTS(SELECT * FROM \"Music\" /* c */ WHERE Artist=? AND SongTitle=? AND Awards IS NOT MISSING)", func(t *testing.T, p *Parsed) {
			if _, ok := p.Statement.(*Exists); !ok {
				t.Fatalf("%T", p.Statement)
			}
		}, 2},
		{`SELECT * FROM t WHERE pk = 'x' AND n NOT BETWEEN .73e1 AND 7.31E+6 AND NOT (a <> b OR c != 'd') AND l[-0] = 1`, func(t *testing.T, p *Parsed) {}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.src, func(t *testing.T) {
			p := mustParse(t, tc.src)
			if p.Params != tc.params {
				t.Fatalf("params %d, want %d", p.Params, tc.params)
			}
			tc.check(t, p)
		})
	}
}

// TestParseErrors pins the texts of refused statements; the ones with a
// source are DynamoDB's (see errors.go).
func TestParseErrors(t *testing.T) {
	const bad = "Statement wasn't well formed, can't be processed: "
	cases := []struct{ src, msg string }{
		{`SELECT * FROM "t" WHERE pk = 1 foo`, bad + "Unexpected token after expression"},
		{`SELECT * FROM "t" WHERE pk = 1 e5`, bad + "Unexpected token after expression"},
		{`INSERT INTO "t" VALUE {'pk': 970001} foo`, bad + "Unexpected token after expression"},
		{`DELETE FROM "t" WHERE pk = 970004 ORDER BY pk`, bad + "Unexpected token after expression"},
		{`SELECT * FROM "t" ORDER BY pk WHERE pk = 1`, bad + "Unexpected token after expression"},
		{`SELECT * FROM "t" WHERE pk = 1)`, bad + "Unexpected token after expression"},
		{`SELECT * FROM "t" WHERE pk = 1e2147483648`, bad},
		{`SELECT * FROM "t" WHERE pk = 1e99999999999`, bad},
		{`SELECT * FROM "t" WHERE pk = 1.5e-2147483647`, bad},
		{`SELECT * FROM "t" WHERE pk = 1 # note`, bad},
		{`SELECT * FROM "t" WHERE pk = 1 /* note`, bad},
		{`SELECT * FROM "t" t WHERE pk = 'x'`, "Aliasing is not supported"},
		{`SELECT * FROM "t" AS t WHERE pk = 'x'`, "Aliasing is not supported"},
		{`UPDATE "t" t SET a = 3 WHERE pk = 'x'`, "Aliasing is not supported"},
		{`DELETE FROM "t" t WHERE pk = 'x'`, "Aliasing is not supported"},
		{`INSERT INTO "t" t VALUE {'pk': 'x'}`, bad + "Unexpected token after expression"},
		{`SELECT * FROM "t" WHERE attribute_exists(m.inner)`, bad + "Invalid path dot component"},
		{`SELECT attribute_exists(ss) FROM "t" WHERE pk = 'x'`, "Unexpected path component at 1:8:16"},
		{`SELECT l[-1] FROM "t" WHERE pk='index' AND sk='1'`, "List index is not within the allowable range; index: [-1] at 1:11:1"},
		{`SELECT l[2147483648] FROM "t" WHERE pk='index' AND sk='1'`, "List index is not within the allowable range; index: [2147483648] at 1:10:10"},
		{`UPSERT INTO "t" VALUE {'pk': 'x'}`, bad + "Expected data manipulation"},
		{`INSERT INTO "t" VALUES ('x')`, `Unsupported operation: Inserting multiple items in a single statement is not supported, use "INSERT INTO tableName VALUE item" instead`},
		{`INSERT INTO "t" VALUE ?`, "Unsupported format in item expression. Please use struct format {...} to express item values for insert statement."},
		{`SELECT *, a FROM "t"`, "Other attributes should not be present in the projection when '*' is used."},
		{`SELECT * FROM "a"."b"."c"`, "A path may contain at most 2 components in the FROM clause"},
		{`SELECT * FROM "t" WHERE pad = 'none'`, bad + "Unexpected keyword"},
		{`SELECT * FROM "t" WHERE a IS DATE`, "Unsupported data type for IS operator: DATE. Supported data types are [MISSING, NULL, BOOLEAN, BLOB, STRING, NUMERIC, STRUCT, TUPLE, LIST]"},
		{`UPDATE "t" SET a = 1 WHERE pk = 'x' RETURNING ALL NEW`, "Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause"},
		{`SELECT a[*] FROM "t"`, "Wildcard path component like a[*].b are not supported"},
		{``, bad},
		{`   -- only a comment`, bad},
		{`SELECT * FROM`, bad + "Unexpected end of statement"},
	}
	for _, tc := range cases {
		t.Run(tc.src, func(t *testing.T) {
			_, err := Parse(tc.src)
			var me *model.Error
			if !errors.As(err, &me) || me.Code != model.ErrValidation || me.Message != tc.msg {
				t.Fatalf("error %v\nwant ValidationException: %s", err, tc.msg)
			}
		})
	}
}

func TestLiteralValues(t *testing.T) {
	const update = "UPDATE t SET d = "
	value := func(t *testing.T, src string, params ...model.AttributeValue) (model.AttributeValue, error) {
		t.Helper()
		p := mustParse(t, update+src+" WHERE pk = 'x'")
		return Value(p.Statement.(*Update).Actions[0].Value, params)
	}
	nested := func(open, close string, n int) string {
		return strings.Repeat(open, n) + "1" + strings.Repeat(close, n)
	}
	errs := []struct{ src, msg string }{
		{"1e126", "Number overflow. Attempting to store a number with magnitude larger than supported range under root"},
		{"1e-131", "Number underflow. Attempting to store a number with magnitude smaller than supported range under root"},
		{"123456789012345678901234567890123456789", "Attempting to store more than 38 significant digits in a Number under root"},
		{"{'m': {'x': 1e126}}", "Number overflow. Attempting to store a number with magnitude larger than supported range under root.m.x"},
		{"[1, 1e126]", "Number overflow. Attempting to store a number with magnitude larger than supported range under root[1]"},
		{"[?]", "Unsupported data type: Parameter under key root[0] at 1:19:1"},
		{"<<'b','b'>>", "One or more parameter values were invalid: Input collection [b, b] contains duplicates."},
		{"<<2, 2.0>>", "One or more parameter values were invalid: Input collection [2, 2.0] contains duplicates! under root"},
		{"<<>>", "Empty bags are not supported"},
		{"<<1, 'a'>>", "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags"},
		{nested("{'a':", "}", 32), "Nesting Levels have exceeded supported limits under root" + strings.Repeat(".a", 32)},
		{"{'a':" + nested("[", "]", 31) + "}", "Nesting Levels have exceeded supported limits under root.a" + strings.Repeat("[0]", 31)},
		{"- 'a'", "Incorrect operand type for operator or function; operator or function: -, operand type: S"},
	}
	for _, tc := range errs {
		t.Run(tc.src, func(t *testing.T) {
			_, err := value(t, tc.src)
			if err == nil || err.(*model.Error).Message != tc.msg {
				t.Fatalf("error %v\nwant %s", err, tc.msg)
			}
		})
	}
	v, err := value(t, nested("{'a':", "}", 31))
	if err != nil {
		t.Fatal(err)
	}
	depth := 0
	for v.Type == model.TypeM {
		v = v.M["a"]
		depth++
	}
	if depth != 31 {
		t.Fatalf("depth %d", depth)
	}
	got, err := value(t, "?", model.S("p"))
	if err != nil || !reflect.DeepEqual(got, model.S("p")) {
		t.Fatalf("param %v %v", got, err)
	}
	if _, err := value(t, "?"); err == nil || err.(*model.Error).Message != "Number of parameters in request and statement don't match." {
		t.Fatalf("missing param: %v", err)
	}
	if got, _ := value(t, "- - 1"); got.N != "1" {
		t.Fatalf("- - 1 = %v", got)
	}
	if got, _ := value(t, "-.5"); got.N != "-0.5" {
		t.Fatalf("-.5 = %v", got)
	}
}
