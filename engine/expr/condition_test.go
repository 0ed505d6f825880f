package expr

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

func TestConditionEval(t *testing.T) {
	tests := []struct {
		expr string
		want bool
	}{
		// Comparators on every scalar type.
		{"str = :s", true},
		{"str <> :s", false},
		{"str < :z", true},
		{"str <= :s", true},
		{"str > :a", true},
		{"str >= :z", false},
		{"num = :n", true},
		{"num = :n42", true}, // numeric equality
		{"num > :lo", true},
		{"num < :lo", false},
		{"neg < :zero", true},
		{"neg >= :neg", true},
		{"bin = :b", true},
		{"bin > :b12", true}, // prefix sorts first
		{"bin < :b2", true},  // unsigned bytes
		{"bool = :t", true},
		{"bool = :f", false},
		{"bool <> :f", true},
		{"nul = :null", true},
		{"lst = :l", false},
		{"m.a = :x", true},
		{"ss = :ss", true},
		{"ns = :ns", true},
		{"bs = :bs", true},
		{"emp = :empty", true},
		{":n = num", true},
		{":lo < num", true},
		// Type mismatches are false (and <> true), never errors.
		{"str = :n", false},
		{"str <> :n", true},
		{"num < :s", false},
		{"num > :s", false},
		{"num BETWEEN :a AND :z", false},
		{"str IN (:n, :t)", false},
		// Missing attributes: false except <> (true).
		{"absent = :s", false},
		{"absent <> :s", true},
		{"absent < :s", false},
		{"absent <= :s", false},
		{"absent > :s", false},
		{"absent >= :s", false},
		{"absent BETWEEN :lo AND :hi", false},
		{"absent IN (:s, :n)", false},
		{"begins_with(absent, :he)", false},
		{"contains(absent, :a)", false},
		{"absent = other2", false},
		{"absent <> other2", true},
		{"size(absent) > :zero", false},
		{"size(absent) <> :zero", true},
		{"attribute_type(absent, :typeS)", false},
		{"m.zz = :x", false},
		{"lst[7] = :x", false},
		{"str.x = :x", false},
		{"str[0] = :x", false},
		// BETWEEN and IN.
		{"price BETWEEN :lo AND :hi", true},
		{"price BETWEEN :lo AND :lo", false},
		{"num BETWEEN :n AND :n", true},
		{"str BETWEEN :a AND :z", true},
		{"bin BETWEEN :b12 AND :b2", true},
		{"#s IN (:a, :active)", true},
		{"#s IN (:a)", false},
		{"num IN (:n42)", true},
		{"ss IN (:ss)", true},
		// Functions.
		{"attribute_exists(pk)", true},
		{"attribute_exists(absent)", false},
		{"attribute_not_exists(absent)", true},
		{"attribute_not_exists(pk)", false},
		{"attribute_exists(m.b.c)", true},
		{"attribute_exists(lst[2].k)", true},
		{"attribute_exists(lst[3])", false},
		{"attribute_exists(#dot)", true},
		{"attribute_exists(m.#dot)", false},
		{"attribute_type(str, :typeS)", true},
		{"attribute_type(num, :typeN)", true},
		{"attribute_type(bin, :typeB)", true},
		{"attribute_type(bool, :typeBO)", true},
		{"attribute_type(nul, :typeNU)", true},
		{"attribute_type(lst, :typeL)", true},
		{"attribute_type(m, :typeM)", true},
		{"attribute_type(ss, :typeSS)", true},
		{"attribute_type(ns, :typeNS)", true},
		{"attribute_type(bs, :typeBS)", true},
		{"attribute_type(str, :typeN)", false},
		{"begins_with(str, :he)", true},
		{"begins_with(str, :s)", true},
		{"begins_with(str, :empty)", true},
		{"begins_with(str, :x)", false},
		{"begins_with(bin, :b12)", true},
		{"begins_with(bin, :b2)", false},
		{"begins_with(ss, :a)", false},
		{"begins_with(str, bin)", false},
		{"contains(str, :he)", true},
		{"contains(str, :z)", false},
		{"contains(bin, :b2)", true},
		{"contains(ss, :a)", true},
		{"contains(ss, :z)", false},
		{"contains(ns, :two)", false},
		{"contains(ns, :one)", true},
		{"contains(bs, :b2)", true},
		{"contains(lst, :x)", true},
		{"contains(lst, :one)", true},
		{"contains(lst, :m)", false},
		{"contains(m, :a)", false},
		{"contains(num, :n)", false},
		{"contains(str, num)", false},
		{"contains(ss, #s)", false},
		{"size(str) = :five", true},
		{"size(uni) = :two", false},
		{"size(emp) = :zero", true},
		{"size(bin) > :two", true},
		{"size(lst) = :hi", false},
		{"size(ss) = :two", true},
		{"size(ns) = :two", true},
		{"size(bs) = :two", true},
		{"size(m) > :two", true},
		{"size(emptyL) = :zero", true},
		{"size(emptyM) = :zero", true},
		{"size(num) >= :zero", false},
		{"size(bool) >= :zero", false},
		{"size(nul) >= :zero", false},
		{"size(:s) = :five", true},
		{"size(:l) = :two", true},
		{"size(m.l) = :two", true},
		{"size(str) BETWEEN :one AND :five", true},
		{"size(str) IN (:two, :five)", true},
		{":five = size(str)", true},
		// Logic and precedence.
		{"str = :s AND num = :n", true},
		{"str = :s AND num = :zero", false},
		{"str = :x OR num = :n", true},
		{"NOT str = :s", false},
		{"NOT NOT str = :s", true},
		{"not str = :x", true},
		{"str = :x OR num = :n AND price = :zero", false}, // OR(x, AND(...))
		{"str = :s OR num = :zero AND price = :zero", true},
		{"(str = :x OR num = :n) AND price = :zero", false},
		{"NOT (str = :x OR num = :zero)", true},
		{"NOT str = :x AND num = :n", true},
		{"(str) = :s", true},
		{"(str = :s)", true},
		{"str = (:s)", true},
		{"(attribute_exists(pk))", true},
		{"NOT attribute_exists(pk) OR attribute_exists(str)", true},
		{"str between :a and :z", true},
		{"str in (:s)", true},
		{"price BETWEEN :lo AND :hi AND str = :s", true},
		{"a.b[1].c = :x OR #s = :active", true},
		{"#s = :active", true},
		{"#list[0] = :x", true},
		{"m.#a = :x", true},
		{"m . b . c = :n", false},
		{"lst [ 1 ] = :one", true},
		{"attribute_exists(#pk) AND #s = :active AND price BETWEEN :lo AND :hi", true},
	}
	item := sampleItem()
	for _, tc := range tests {
		c := newCtx(t)
		cond, err := c.ParseCondition(ParamCondition, tc.expr)
		if err != nil {
			t.Errorf("%s: %v", tc.expr, err)
			continue
		}
		got, err := cond.Eval(item)
		if err != nil || got != tc.want {
			t.Errorf("%s = %v, %v; want %v", tc.expr, got, err, tc.want)
		}
	}
}

func TestConditionMissingItem(t *testing.T) {
	for expr, want := range map[string]bool{
		"attribute_not_exists(pk)": true,
		"attribute_exists(pk)":     false,
		"pk <> :s":                 true,
		"pk = :s":                  false,
	} {
		cond, err := newCtx(t).ParseCondition(ParamCondition, expr)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := cond.Eval(nil); got != want {
			t.Errorf("%s on nil item = %v", expr, got)
		}
	}
}

func TestConditionErrors(t *testing.T) {
	long := "a = :s" + strings.Repeat(" ", 4091)
	deep := "a" + strings.Repeat(".b", 32) + " = :s"
	in101 := "a IN (" + strings.TrimSuffix(strings.Repeat(":s, ", 101), ", ") + ")"
	tests := []struct {
		expr string
		msg  string
	}{
		{"", "The expression can not be empty;"},
		{"  \t", "The expression can not be empty;"},
		// A constant with no order beside < <= > >= or BETWEEN.
		{"bool < :t", "Incorrect operand type for operator or function; operator or function: <, operand type: BOOL"},
		{"bool <= :t", "Incorrect operand type for operator or function; operator or function: <=, operand type: BOOL"},
		{"ss > :ss", "Incorrect operand type for operator or function; operator or function: >, operand type: SS"},
		{":l >= lst", "Incorrect operand type for operator or function; operator or function: >=, operand type: L"},
		{"num BETWEEN :s AND :l", "Incorrect operand type for operator or function; operator or function: BETWEEN, operand type: L"},
		{"num BETWEEN :m AND :s", "Incorrect operand type for operator or function; operator or function: BETWEEN, operand type: M"},
		{"a < :null", "Incorrect operand type for operator or function; operator or function: <, operand type: NULL"},
		// A name must start with a letter unless it is a #placeholder.
		{"_under = :x", `Syntax error; token: "_", near: "_under"`},
		{long, "Expression size has exceeded the maximum allowed size;"},
		// Syntax errors: the bad token, with the previous and next tokens.
		{"foo", `Syntax error; token: "<EOF>", near: "foo"`},
		{"a =", `Syntax error; token: "<EOF>", near: "="`},
		{"a b", `Syntax error; token: "b", near: "a b"`},
		{"a = :s AND", `Syntax error; token: "<EOF>", near: "AND"`},
		{"!!!", `Syntax error; token: "!", near: "!!"`},
		{"a ! b", `Syntax error; token: "!", near: "a ! b"`},
		{"a != :s", `Syntax error; token: "!", near: "a !="`},
		{"a AND b = :s", `Syntax error; token: "AND", near: "a AND b"`},
		{"attribute_type()", `Syntax error; token: ")", near: "()"`},
		{"#list[abc].#a = :s", `Syntax error; token: "abc", near: "[abc]"`},
		{"#list[-1].#a = :s", `Syntax error; token: "-", near: "[-1"`},
		{"#list[].#a = :s", `Syntax error; token: "]", near: "[]."`},
		{"a = :s = :s", `Syntax error; token: "=", near: ":s = :s"`},
		{"a = :s OR", `Syntax error; token: "<EOF>", near: "OR"`},
		{"(a = :s", `Syntax error; token: "<EOF>", near: ":s"`},
		{"a = :s)", `Syntax error; token: ")", near: ":s)"`},
		{"a BETWEEN :lo", `Syntax error; token: "<EOF>", near: ":lo"`},
		{"a BETWEEN :lo OR :hi", `Syntax error; token: "OR", near: ":lo OR :hi"`},
		{"a IN :s", `Syntax error; token: ":s", near: "IN :s"`},
		{"a IN ()", `Syntax error; token: ")", near: "()"`},
		{"(a)", `Syntax error; token: "<EOF>", near: ")"`},
		{"NOT a", `Syntax error; token: "<EOF>", near: "a"`},
		{":s", `Syntax error; token: "<EOF>", near: ":s"`},
		{"a = b c", `Syntax error; token: "c", near: "b c"`},
		{"a.and = :s", `Syntax error; token: "and", near: ".and ="`},
		{"1a = :s", `Syntax error; token: "1", near: "1a"`},
		{"a = :s, b = :s", `Syntax error; token: ",", near: ":s, b"`},
		{"a = :", `Syntax error; token: ":", near: "= :"`},
		{"# = :s", `Syntax error; token: "#", near: "# ="`},
		{"a[1.5] = :s", `Syntax error; token: ".", near: "1.5"`},
		{"a = :s AND (b = :s", `Syntax error; token: "<EOF>", near: ":s"`},
		{"a =  = :s", `Syntax error; token: "=", near: "=  = :s"`},
		{"a == :s", `Syntax error; token: "=", near: "== :s"`},
		{"a + :s = :s", `Syntax error; token: "+", near: "a + :s"`},
		{"a = :ü", `Syntax error; token: ":", near: "= :ü"`},
		{"a = ü", `Syntax error; token: "ü", near: "= ü"`},
		// Placeholders.
		{"#undefined = :s", "An expression attribute name used in the document path is not defined; attribute name: #undefined"},
		{"a = :undefined", "An expression attribute value used in expression is not defined; attribute value: :undefined"},
		{"a = :undefined AND #undefined = :s", "An expression attribute value used in expression is not defined; attribute value: :undefined"},
		// Reserved words, as written.
		{"name = :s", "Attribute name is a reserved keyword; reserved keyword: name"},
		{"Status = :s", "Attribute name is a reserved keyword; reserved keyword: Status"},
		{"a.COMMENT = :s", "Attribute name is a reserved keyword; reserved keyword: COMMENT"},
		{"#list[0].COMMENT = :s", "Attribute name is a reserved keyword; reserved keyword: COMMENT"},
		{"size = :s", "Attribute name is a reserved keyword; reserved keyword: size"},
		{"contains(a, SET)", "Attribute name is a reserved keyword; reserved keyword: SET"},
		{"attribute_exists(name) AND ttl = :s", "Attribute name is a reserved keyword; reserved keyword: name"},
		// Redundant parentheses.
		{"((a = :s))", "The expression has redundant parentheses;"},
		{"((a)) = :s", "The expression has redundant parentheses;"},
		{"a = ((:s))", "The expression has redundant parentheses;"},
		{"NOT ((a = :s))", "The expression has redundant parentheses;"},
		{"((a = :s)) AND name = :s", "The expression has redundant parentheses;"},
		// Functions.
		{"foo(a)", "Invalid function name; function: foo"},
		{"SIZE(a) = :s", "Invalid function name; function: SIZE"},
		{"Contains(a, :s)", "Invalid function name; function: Contains"},
		{"if_not_exists(a, :s) = :s", "The function is not allowed in a condition expression; function: if_not_exists"},
		{"list_append(a, :l) = :l", "The function is not allowed in a condition expression; function: list_append"},
		{"size(a)", "The function is not allowed to be used this way in an expression; function: size"},
		{"size(a) AND a = :s", "The function is not allowed to be used this way in an expression; function: size"},
		{"NOT size(a)", "The function is not allowed to be used this way in an expression; function: size"},
		{"attribute_exists(a) < :one", "The function is not allowed to be used this way in an expression; function: attribute_exists"},
		{"a = contains(b, :s)", "The function is not allowed to be used this way in an expression; function: contains"},
		{"size(contains(a, :s)) = :one", "The function is not allowed to be used this way in an expression; function: contains"},
		{"a IN (:s, begins_with(b, :s))", "The function is not allowed to be used this way in an expression; function: begins_with"},
		{"a BETWEEN attribute_exists(b) AND :s", "The function is not allowed to be used this way in an expression; function: attribute_exists"},
		{"contains(a)", "Incorrect number of operands for operator or function; operator or function: contains, number of operands: 1"},
		{"begins_with(a, :s, :s)", "Incorrect number of operands for operator or function; operator or function: begins_with, number of operands: 3"},
		{"size(a, b) = :one", "Incorrect number of operands for operator or function; operator or function: size, number of operands: 2"},
		{"attribute_exists(a, b)", "Incorrect number of operands for operator or function; operator or function: attribute_exists, number of operands: 2"},
		{"attribute_type(a)", "Incorrect number of operands for operator or function; operator or function: attribute_type, number of operands: 1"},
		{"attribute_exists(:s)", "Operator or function requires a document path; operator or function: attribute_exists"},
		{"attribute_not_exists(size(a))", "Operator or function requires a document path; operator or function: attribute_not_exists"},
		{"begins_with(a, :n)", "Incorrect operand type for operator or function; operator or function: begins_with, operand type: N"},
		{"begins_with(:ss, a)", "Incorrect operand type for operator or function; operator or function: begins_with, operand type: SS"},
		{"begins_with(a, size(b))", "Incorrect operand type for operator or function; operator or function: begins_with, operand type: N"},
		{"size(:n) = :one", "Incorrect operand type for operator or function; operator or function: size, operand type: N"},
		{"size(:t) = :one", "Incorrect operand type for operator or function; operator or function: size, operand type: BOOL"},
		{"size(:null) = :one", "Incorrect operand type for operator or function; operator or function: size, operand type: NULL"},
		{"size(size(a)) = :one", "Incorrect operand type for operator or function; operator or function: size, operand type: N"},
		{"attribute_type(a, :n)", "Incorrect operand type for operator or function; operator or function: attribute_type, operand type: N"},
		{"attribute_type(a, b)", "Incorrect operand type for operator or function; operator or function: attribute_type, operand type: {S,SS,N,NS,B,BS,BOOL,NULL,L,M,HD,DOUBLE,FLOAT,HDS,FS,DOUBLESET,DICT,DECIMAL,INT,DECIMALSET,INTSET}"},
		{"attribute_type(a, :bad)", "Invalid attribute type name found; type: STRING, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}"},
		{"attribute_type(a, :a)", "Invalid attribute type name found; type: a, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}"},
		// Same operand twice.
		{"a = a", "The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [a]"},
		{"a.b[1] <> a.b[1]", "The first operand must be distinct from the remaining operands for this operator or function; operator: <>, first operand: [a, b, [1]]"},
		{"#a = a", "The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [a]"},
		{"contains(a, a)", "The first operand must be distinct from the remaining operands for this operator or function; operator: contains, first operand: [a]"},
		{"begins_with(m.x, m.x)", "The first operand must be distinct from the remaining operands for this operator or function; operator: begins_with, first operand: [m, x]"},
		// BETWEEN bounds.
		{"a BETWEEN :one AND :a", "The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {N:1}, upper bound operand: AttributeValue: {S:a}"},
		{"a BETWEEN :z AND :a", "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {S:z}, upper bound operand: AttributeValue: {S:a}"},
		{"a BETWEEN :five AND :one", "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:5}, upper bound operand: AttributeValue: {N:1}"},
		{"a BETWEEN :b2 AND :b", "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {B:Ag==}, upper bound operand: AttributeValue: {B:AQID}"},
		// Limits.
		{deep, "The document path has too many nesting levels; nesting levels: 33"},
		{in101, "The IN operator is provided with too many operands; number of operands: 101"},
		// Precedence between categories.
		{"((name = :s))", "The expression has redundant parentheses;"},
		{"foo(name)", "Invalid function name; function: foo"},
		{"name = :undefined", "Attribute name is a reserved keyword; reserved keyword: name"},
		{"contains(a) AND a = :undefined", "An expression attribute value used in expression is not defined; attribute value: :undefined"},
	}
	for _, tc := range tests {
		for _, param := range []string{ParamCondition, ParamFilter} {
			_, err := newCtx(t).ParseCondition(param, tc.expr)
			name := tc.expr
			if len(name) > 40 {
				name = name[:40] + "..."
			}
			t.Run(param+"/"+name, func(t *testing.T) {
				wantMessage(t, err, "Invalid "+param+": "+tc.msg)
			})
		}
	}
}

func TestConditionValidLimits(t *testing.T) {
	ok := []string{
		"a" + strings.Repeat(".b", 31) + " = :s",
		"a IN (" + strings.TrimSuffix(strings.Repeat(":s, ", 100), ", ") + ")",
		"a = :s" + strings.Repeat(" ", 4090),
		"(a = :s) AND ((b = :s) OR c = :s)",
		"((a) = :s)",
		"(a) = (:s)",
	}
	for _, expr := range ok {
		if _, err := newCtx(t).ParseCondition(ParamCondition, expr); err != nil {
			t.Errorf("%.60s: %v", expr, err)
		}
	}
}

func TestConditionNames(t *testing.T) {
	cond, err := newCtx(t).ParseCondition(ParamFilter, "#pk = :s AND m.a = :x AND size(lst[0]) > :one AND contains(str, :s)")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(cond.TopLevelNames(), ","); got != "lst,m,pk,str" {
		t.Errorf("TopLevelNames = %s", got)
	}
	if got := strings.Join(cond.NestedNames(), ","); got != "lst,m" {
		t.Errorf("NestedNames = %s", got)
	}
	wantMessage(t, NestedKeyError("pk", false), "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: pk")
	wantMessage(t, NestedKeyError("g", true), "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: g")
}

func TestDotInPlaceholderIsLiteral(t *testing.T) {
	cond, err := newCtx(t).ParseCondition(ParamCondition, "#dot = :s")
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := cond.Eval(model.Item{"dot.key": S("hello")}); !ok {
		t.Error("#dot should name the top-level attribute dot.key")
	}
	if ok, _ := cond.Eval(model.Item{"dot": M("key", S("hello"))}); ok {
		t.Error("#dot must not descend into dot.key")
	}
}

func TestReservedWordCount(t *testing.T) {
	if n := len(reservedWords); n != 573 {
		t.Errorf("%d reserved words, want 573", n)
	}
	for _, w := range []string{"name", "STATUS", "Date", "ttl", "size", "value", "add", "delete", "and", "between"} {
		if !IsReserved(w) {
			t.Errorf("%s should be reserved", w)
		}
	}
	for _, w := range []string{"id", "email", "title", "price", "category", "version", "event", "message", "amount", "created", "updated", "description", "tags", "sort", "remove", "pk", "sk"} {
		if IsReserved(w) {
			t.Errorf("%s should not be reserved", w)
		}
	}
}
