package expr

import (
	"reflect"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

func TestUpdateParseErrors(t *testing.T) {
	const inv = "Invalid UpdateExpression: "
	tests := []struct{ expr, msg string }{
		{"", "The expression can not be empty;"},
		{"SET a = :s" + strings.Repeat(" ", 4090), "Expression size has exceeded the maximum allowed size;"},
		// Syntax.
		{"SET", `Syntax error; token: "<EOF>", near: "SET"`},
		{"SET a = :s,", `Syntax error; token: "<EOF>", near: ","`},
		{"SET a = VALUE 1", `Syntax error; token: "1", near: "VALUE 1"`},
		{"ADD numx", `Syntax error; token: "<EOF>", near: "numx"`},
		{"ADD numx 1", `Syntax error; token: "1", near: "numx 1"`},
		{"DELETE setx", `Syntax error; token: "<EOF>", near: "setx"`},
		{"DELETE setx a", `Syntax error; token: "a", near: "setx a"`},
		{"SET note = :one +", `Syntax error; token: "<EOF>", near: "+"`},
		{"SET numx = numx * :one", `Syntax error; token: "*", near: "numx * :one"`},
		{"SET numx = numx / :one", `Syntax error; token: "/", near: "numx / :one"`},
		{"SET a = :one + :one + :one", `Syntax error; token: "+", near: ":one + :one"`},
		{"SET #list[0.#a = :s", `Syntax error; token: ".", near: "0.#a"`},
		{"SET a :s", `Syntax error; token: ":s", near: "a :s"`},
		{"UPDATE a = :s", `Syntax error; token: "UPDATE", near: "UPDATE a"`},
		{"SET a = :s REMOVE", `Syntax error; token: "<EOF>", near: "REMOVE"`},
		{"REMOVE a b", `Syntax error; token: "b", near: "a b"`},
		{"REMOVE :s", `Syntax error; token: ":s", near: "REMOVE :s"`},
		{"SET a = if_not_exists(b, :one + :one)", `Syntax error; token: "+", near: ":one + :one"`},
		{"SET set = :s", `Syntax error; token: "set", near: "SET set ="`},
		{"SET a.remove = :s", `Syntax error; token: "remove", near: ".remove ="`},
		{"SET a = :s AND b = :s", `Syntax error; token: "AND", near: ":s AND b"`},
		// Sections.
		{"SET fieldx = :s SET otherx = :a", `The "SET" section can only be used once in an update expression;`},
		{"REMOVE a REMOVE b", `The "REMOVE" section can only be used once in an update expression;`},
		{"add a :one ADD b :one", `The "ADD" section can only be used once in an update expression;`},
		{"DELETE a :ss DELETE b :ss", `The "DELETE" section can only be used once in an update expression;`},
		// Placeholders and reserved words.
		{"SET #nope = :s", "An expression attribute name used in the document path is not defined; attribute name: #nope"},
		{"SET a = :nope", "An expression attribute value used in expression is not defined; attribute value: :nope"},
		{"SET a = :nope, #nope = :s", "An expression attribute name used in the document path is not defined; attribute name: #nope"},
		{"SET name = :s", "Attribute name is a reserved keyword; reserved keyword: name"},
		{"SET COMMENT = :s", "Attribute name is a reserved keyword; reserved keyword: COMMENT"},
		{"SET #list[0].COMMENT = :s", "Attribute name is a reserved keyword; reserved keyword: COMMENT"},
		{"SET a = b + size", "Attribute name is a reserved keyword; reserved keyword: size"},
		{"REMOVE a.value", "Attribute name is a reserved keyword; reserved keyword: value"},
		// Paths.
		{"SET fieldx = :s, fieldx = :a", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [fieldx], path two: [fieldx]"},
		{"SET mapx = :m, mapx.num = :n", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [mapx], path two: [mapx, num]"},
		{"SET lst[0] = :s, lst[0].ok = :s", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [lst, [0]], path two: [lst, [0], ok]"},
		{"SET #a = :s, a = :s", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]"},
		{"SET a.b = :s REMOVE a", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a]"},
		{"SET a = :s ADD a :one", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]"},
		{"SET a.b = :s, a[1] = :s", "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a, [1]]"},
		{"SET a.b = :s, a[1] = :s, a = :s", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a]"},
		// ADD and DELETE operands.
		{"ADD a :s", "Incorrect operand type for operator or function; operator: ADD, operand type: STRING"},
		{"ADD a :b", "Incorrect operand type for operator or function; operator: ADD, operand type: BINARY"},
		{"ADD a :t", "Incorrect operand type for operator or function; operator: ADD, operand type: BOOLEAN"},
		{"ADD a :null", "Incorrect operand type for operator or function; operator: ADD, operand type: NULL"},
		{"ADD a :l", "Incorrect operand type for operator or function; operator: ADD, operand type: LIST"},
		{"ADD a :m", "Incorrect operand type for operator or function; operator: ADD, operand type: MAP"},
		{"DELETE a :one", "Incorrect operand type for operator or function; operator: DELETE, operand type: NUMBER"},
		{"DELETE a :s", "Incorrect operand type for operator or function; operator: DELETE, operand type: STRING"},
		{"DELETE a :l", "Incorrect operand type for operator or function; operator: DELETE, operand type: LIST"},
		// Functions and operators.
		{"SET a = foo(b)", "Invalid function name; function: foo"},
		{"SET a = If_not_exists(b, :s)", "Invalid function name; function: If_not_exists"},
		{"SET #r = contains(s, :s)", "The function is not allowed in an update expression; function: contains"},
		{"SET #r = size(s)", "The function is not allowed in an update expression; function: size"},
		{"SET a = attribute_exists(b)", "The function is not allowed in an update expression; function: attribute_exists"},
		{"SET a = list_append(list_append(l, :l), :l)", "The function is not allowed to be used this way in an expression; function: list_append"},
		{"SET a = if_not_exists(if_not_exists(n, :zero), :one)", "Operator or function requires a document path; operator or function: if_not_exists"},
		{"SET a = if_not_exists(:zero, :one)", "Operator or function requires a document path; operator or function: if_not_exists"},
		{"SET a = if_not_exists(b)", "Incorrect number of operands for operator or function; operator or function: if_not_exists, number of operands: 1"},
		{"SET a = list_append(b, :l, :l)", "Incorrect number of operands for operator or function; operator or function: list_append, number of operands: 3"},
		{"SET a = list_append(b, :s)", "Incorrect operand type for operator or function; operator or function: list_append, operand type: S"},
		{"SET a = list_append(:m, b)", "Incorrect operand type for operator or function; operator or function: list_append, operand type: M"},
		{"SET a = b + :s", "Incorrect operand type for operator or function; operator or function: +, operand type: S"},
		{"SET a = :ss - b", "Incorrect operand type for operator or function; operator or function: -, operand type: SS"},
		{"SET a = a" + strings.Repeat(".b", 32), "The document path has too many nesting levels; nesting levels: 33"},
		// Priorities.
		{"SET name = foo(:nope)", "Attribute name is a reserved keyword; reserved keyword: name"},
		{"SET a = foo(b) SET c = :s", "Invalid function name; function: foo"},
		{"SET a = :nope SET b = :s", `The "SET" section can only be used once in an update expression;`},
		{"ADD a :s, a :s", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]"},
	}
	for _, tc := range tests {
		_, err := newCtx(t).ParseUpdate(tc.expr)
		t.Run(tc.expr, func(t *testing.T) { wantMessage(t, err, inv+tc.msg) })
	}
}

func TestUpdateParseValid(t *testing.T) {
	for _, expr := range []string{
		"ADD numx :one SET fieldx = :s",
		"ADD mapx.num :one",
		"DELETE mapx.colors :ss",
		"SET mapx.#c = :s",
		"SET lst[0].#c = :s",
		"set a = :s remove b add c :one delete d :ss",
		"SET a = (b)",
		"SET a = (b + :one)",
		"SET a = (b) + (:one)",
		"SET a = list_append(if_not_exists(l, :emptyL), :l)",
		"SET a = if_not_exists(a, :zero) + :one",
		"SET a = if_not_exists(b, if_not_exists(c, :one))",
		"SET a=:s,b=:s",
		"REMOVE a, b.c, d[1], d[2]",
		"SET a.b = :s, a.c = :s",
		"SET a[1] = :s, a[2] = :s",
	} {
		if _, err := newCtx(t).ParseUpdate(expr); err != nil {
			t.Errorf("%s: %v", expr, err)
		}
	}
}

func TestUpdateApply(t *testing.T) {
	base := func() model.Item {
		return model.Item{
			"pk":  S("k"),
			"n":   N("10"),
			"s":   S("str"),
			"l":   L(S("a"), S("b"), S("c")),
			"m":   M("x", N("1"), "deepm", M("y", S("deep")), "lst", L(N("1"))),
			"ss":  SS("a", "b"),
			"ns":  NS("1", "2"),
			"bs":  BS([]byte{1}, []byte{2}),
			"one": SS("only"),
		}
	}
	with := func(kv ...any) model.Item {
		it := base()
		for i := 0; i < len(kv); i += 2 {
			if kv[i+1] == nil {
				delete(it, kv[i].(string))
				continue
			}
			it[kv[i].(string)] = kv[i+1].(model.AttributeValue)
		}
		return it
	}
	tests := []struct {
		expr string
		item model.Item
		want model.Item
		msg  string
	}{
		// SET.
		{expr: "SET s = :s", want: with("s", S("hello"))},
		{expr: "SET newattr = :n", want: with("newattr", N("42"))},
		{expr: "SET s = n", want: with("s", N("10"))},
		{expr: "SET n = n + :five", want: with("n", N("15"))},
		{expr: "SET n = n - :five", want: with("n", N("5"))},
		{expr: "SET n = :five - n", want: with("n", N("-5"))},
		{expr: "SET n = n + :neg", want: with("n", N("6.5"))},
		{expr: "SET c = if_not_exists(c, :zero) + :one", want: with("c", N("1"))},
		{expr: "SET n = if_not_exists(n, :zero) + :one", want: with("n", N("11"))},
		{expr: "SET s = if_not_exists(s, :x)", want: base()},
		{expr: "SET l = list_append(l, :list1)", want: with("l", L(S("a"), S("b"), S("c"), S("c")))},
		{expr: "SET l = list_append(:list1, l)", want: with("l", L(S("c"), S("a"), S("b"), S("c")))},
		{expr: "SET z = list_append(if_not_exists(z, :emptyL), :list1)", want: with("z", L(S("c")))},
		{expr: "SET m.x = :s", want: with("m", M("x", S("hello"), "deepm", M("y", S("deep")), "lst", L(N("1"))))},
		{expr: "SET m.deepm.z = :s", want: with("m", M("x", N("1"), "deepm", M("y", S("deep"), "z", S("hello")), "lst", L(N("1"))))},
		{expr: "SET l[1] = :x", want: with("l", L(S("a"), S("x"), S("c")))},
		{expr: "SET l[10] = :x", want: with("l", L(S("a"), S("b"), S("c"), S("x")))},
		{expr: "SET l[10] = :z, l[5] = :x", want: with("l", L(S("a"), S("b"), S("c"), S("x"), S("z")))},
		{expr: "SET m.lst[0] = :x, m.lst[3] = :z", want: with("m", M("x", N("1"), "deepm", M("y", S("deep")), "lst", L(S("x"), S("z"))))},
		{expr: "SET #dot = :s", want: with("dot.key", S("hello"))},
		{expr: "SET a = :s, b = a", item: model.Item{}, msg: "The provided expression refers to an attribute that does not exist in the item"},
		{expr: "SET a = absent", msg: "The provided expression refers to an attribute that does not exist in the item"},
		{expr: "SET a = m.nope", msg: "The provided expression refers to an attribute that does not exist in the item"},
		{expr: "SET n = absent + :one", msg: "The provided expression refers to an attribute that does not exist in the item"},
		{expr: "SET n = s + :one", msg: "An operand in the update expression has an incorrect data type"},
		{expr: "SET n = :one - l", msg: "An operand in the update expression has an incorrect data type"},
		{expr: "SET l = list_append(l, s)", msg: "An operand in the update expression has an incorrect data type"},
		{expr: "SET l = list_append(n, l)", msg: "An operand in the update expression has an incorrect data type"},
		{expr: "SET n = n + :big", item: model.Item{"n": N("9.9999999999999999999999999999999999999E+125")}, msg: "Number overflow. Attempting to store a number with magnitude larger than supported range"},
		{expr: "SET absent.x = :s", msg: "The document path provided in the update expression is invalid for update"},
		{expr: "SET s.x = :s", msg: "The document path provided in the update expression is invalid for update"},
		{expr: "SET s[0] = :s", msg: "The document path provided in the update expression is invalid for update"},
		{expr: "SET m[0] = :s", msg: "The document path provided in the update expression is invalid for update"},
		{expr: "SET l.x = :s", msg: "The document path provided in the update expression is invalid for update"},
		{expr: "SET l[5].x = :s", msg: "The document path provided in the update expression is invalid for update"},
		{expr: "SET m.nope.x = :s", msg: "The document path provided in the update expression is invalid for update"},
		// REMOVE.
		{expr: "REMOVE s", want: with("s", nil)},
		{expr: "REMOVE absent", want: base()},
		{expr: "REMOVE m.nope", want: base()},
		{expr: "REMOVE l[7]", want: base()},
		{expr: "REMOVE l[0]", want: with("l", L(S("b"), S("c")))},
		{expr: "REMOVE l[0], l[2]", want: with("l", L(S("b")))},
		{expr: "REMOVE l[2], l[0]", want: with("l", L(S("b")))},
		{expr: "REMOVE l[0], l[1], l[2]", want: with("l", L())},
		{expr: "REMOVE m.deepm.y, m.x", want: with("m", M("deepm", M(), "lst", L(N("1"))))},
		{expr: "REMOVE l[0] SET l[1] = :x", want: with("l", L(S("x"), S("c")))},
		{expr: "SET l[5] = :x REMOVE l[0]", want: with("l", L(S("b"), S("c"), S("x")))},
		{expr: "REMOVE absent.x", msg: "The document path provided in the update expression is invalid for update"},
		{expr: "REMOVE s[0]", msg: "The document path provided in the update expression is invalid for update"},
		// ADD.
		{expr: "ADD n :five", want: with("n", N("15"))},
		{expr: "ADD c :five", want: with("c", N("5"))},
		{expr: "ADD ss :sset1", want: with("ss", SS("a", "b", "c"))},
		{expr: "ADD ss :ss", want: base()},
		{expr: "ADD ns :nsetA", want: with("ns", NS("1", "2", "3"))},
		{expr: "ADD bs :bset", want: with("bs", BS([]byte{1}, []byte{2}, []byte{9}))},
		{expr: "ADD newset :ss", want: with("newset", SS("a", "b"))},
		{expr: "ADD m.x :one", want: with("m", M("x", N("2"), "deepm", M("y", S("deep")), "lst", L(N("1"))))},
		{expr: "ADD m.lst[0] :one", want: with("m", M("x", N("1"), "deepm", M("y", S("deep")), "lst", L(N("2"))))},
		{expr: "ADD m.lst[4] :one", want: with("m", M("x", N("1"), "deepm", M("y", S("deep")), "lst", L(N("1"), N("1"))))},
		{expr: "ADD s :one", msg: "An operand in the update expression has an incorrect data type"},
		{expr: "ADD n :ss", msg: "An operand in the update expression has an incorrect data type"},
		{expr: "ADD ss :ns", msg: "An operand in the update expression has an incorrect data type"},
		{expr: "ADD absent.x :one", msg: "The document path provided in the update expression is invalid for update"},
		{expr: "ADD n :big", item: model.Item{"n": N("9.9999999999999999999999999999999999999E+125")}, msg: "Number overflow. Attempting to store a number with magnitude larger than supported range"},
		// DELETE.
		{expr: "DELETE ss :ss", want: with("ss", nil)},
		{expr: "DELETE ss :sset1", want: base()},
		{expr: "DELETE ss :a", msg: "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: DELETE, operand type: STRING"},
		{expr: "DELETE ns :nsetA", want: with("ns", NS("1"))},
		{expr: "DELETE bs :bs", want: with("bs", nil)},
		{expr: "DELETE absent :ss", want: base()},
		{expr: "DELETE s :ss", msg: "An operand in the update expression has an incorrect data type"},
		{expr: "DELETE ns :ss", msg: "An operand in the update expression has an incorrect data type"},
		{expr: "DELETE absent.x :ss", msg: "The document path provided in the update expression is invalid for update"},
		// Combined, and a missing item.
		{expr: "SET s = :s, n = n + :one REMOVE l ADD ss :sset1 DELETE ns :ns",
			want: with("s", S("hello"), "n", N("11"), "l", nil, "ss", SS("a", "b", "c"), "ns", NS("2"))},
		{expr: "SET a = :s ADD c :one", item: model.Item{}, want: model.Item{"a": S("hello"), "c": N("1")}},
		{expr: "REMOVE a", item: model.Item{}, want: model.Item{}},
	}
	for _, tc := range tests {
		t.Run(tc.expr, func(t *testing.T) {
			item := tc.item
			if item == nil {
				item = base()
			}
			before := item.Clone()
			u, err := newCtx(t).ParseUpdate(tc.expr)
			if err != nil {
				if tc.msg != "" && strings.HasPrefix(tc.msg, "Invalid") {
					wantMessage(t, err, tc.msg)
					return
				}
				t.Fatal(err)
			}
			got, err := u.Apply(item)
			if !reflect.DeepEqual(item, before) {
				t.Errorf("Apply modified its input: %v", item)
			}
			if tc.msg != "" {
				wantMessage(t, err, tc.msg)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !itemsEqual(got, tc.want) {
				t.Errorf("got  %v\nwant %v", got, tc.want)
			}
		})
	}
}

// itemsEqual compares items with model.Equal (set order ignored).
func itemsEqual(a, b model.Item) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || !model.Equal(v, w) {
			return false
		}
	}
	return true
}

func TestUpdateNoAliasing(t *testing.T) {
	item := model.Item{"m": M("a", L(S("x"))), "src": M("k", S("v"))}
	u, err := newCtx(t).ParseUpdate("SET m.a[0] = :s, dup = src")
	if err != nil {
		t.Fatal(err)
	}
	out, err := u.Apply(item)
	if err != nil {
		t.Fatal(err)
	}
	out["dup"].M["k"] = S("changed")
	if item["src"].M["k"].S != "v" {
		t.Error("SET a = b shares memory with the input item")
	}
	if item["m"].M["a"].L[0].S != "x" {
		t.Error("nested SET modified the input item")
	}
}

func TestUpdateAccessors(t *testing.T) {
	u, err := newCtx(t).ParseUpdate("SET a.b = :s, #dot = :s REMOVE l[1] ADD n :one DELETE ss :ss")
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, p := range u.Paths() {
		paths = append(paths, p.String())
	}
	if got := strings.Join(paths, " "); got != "a.b dot.key l[1] n ss" {
		t.Errorf("Paths = %s", got)
	}
	if !u.TouchesAttribute("a") || !u.TouchesAttribute("dot.key") || u.TouchesAttribute("b") || u.TouchesAttribute("dot") {
		t.Error("TouchesAttribute")
	}
	if got := strings.Join(u.NestedNames(), ","); got != "a,l" {
		t.Errorf("NestedNames = %s", got)
	}
	if err := u.CheckKeys([]string{"pk", "sk"}, []string{"g"}); err != nil {
		t.Error(err)
	}
	wantMessage(t, u.CheckKeys([]string{"n"}, nil), "One or more parameter values were invalid: Cannot update attribute n. This attribute is part of the key")
	wantMessage(t, u.CheckKeys([]string{"pk", "a"}, nil), "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: a")
	wantMessage(t, u.CheckKeys([]string{"pk"}, []string{"l"}), "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: IndexKey: l")

	old := model.Item{"a": M("b", S("old"), "c", S("keep")), "l": L(S("x"), S("y")), "n": N("1"), "other": S("o")}
	want := model.Item{"a": M("b", S("old")), "l": L(S("y")), "n": N("1")}
	if got := u.UpdatedAttributes(old); !reflect.DeepEqual(got, want) {
		t.Errorf("UpdatedAttributes(old) = %v", got)
	}
	neu, err := u.Apply(old)
	if err != nil {
		t.Fatal(err)
	}
	want = model.Item{"a": M("b", S("hello")), "dot.key": S("hello"), "n": N("2")}
	if got := u.UpdatedAttributes(neu); !reflect.DeepEqual(got, want) {
		t.Errorf("UpdatedAttributes(new) = %v", got)
	}
}

func TestCheckUnusedAcrossKinds(t *testing.T) {
	c, err := NewContext(map[string]string{"#a": "a", "#b": "b"}, map[string]model.AttributeValue{":v": S("x"), ":w": S("y")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.ParseProjection("#a"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ParseUpdate("SET #b = :v"); err != nil {
		t.Fatal(err)
	}
	wantMessage(t, c.CheckUnused(), "Value provided in ExpressionAttributeValues unused in expressions: keys: {:w}")
	if _, err := c.ParseCondition(ParamCondition, "attribute_exists(x) OR x = :w"); err != nil {
		t.Fatal(err)
	}
	if err := c.CheckUnused(); err != nil {
		t.Error(err)
	}
}

func TestCreatesItem(t *testing.T) {
	for expr, want := range map[string]bool{
		"SET a = :s":             true,
		"ADD n :one":             true,
		"REMOVE a":               false,
		"DELETE ss :ss":          false,
		"REMOVE a DELETE ss :ss": false,
		"REMOVE a SET b = :s":    true,
	} {
		u, err := newCtx(t).ParseUpdate(expr)
		if err != nil {
			t.Fatal(err)
		}
		if got := u.CreatesItem(); got != want {
			t.Errorf("%s: CreatesItem = %v", expr, got)
		}
	}
	ss := SS("x")
	for _, tc := range []struct {
		m    map[string]model.AttributeValueUpdate
		want bool
	}{
		{nil, true},
		{map[string]model.AttributeValueUpdate{}, true},
		{map[string]model.AttributeValueUpdate{"a": {Action: "PUT", Value: &ss}}, true},
		{map[string]model.AttributeValueUpdate{"a": {Action: "ADD", Value: &ss}}, true},
		{map[string]model.AttributeValueUpdate{"a": {Action: "DELETE"}}, false},
		{map[string]model.AttributeValueUpdate{"a": {Action: "DELETE", Value: &ss}}, false},
		{map[string]model.AttributeValueUpdate{"a": {Action: "DELETE"}, "b": {Action: "PUT", Value: &ss}}, true},
	} {
		u, err := FromAttributeUpdates(tc.m)
		if err != nil {
			t.Fatal(err)
		}
		if got := u.CreatesItem(); got != tc.want {
			t.Errorf("legacy %v: CreatesItem = %v", tc.m, got)
		}
	}
}
