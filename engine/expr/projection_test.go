package expr

import (
	"reflect"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

func TestProjectionApply(t *testing.T) {
	item := model.Item{
		"pk":      S("k"),
		"a":       M("b", M("c", N("1"), "d", N("2")), "e", S("x"), "l", L(S("p"), S("q"), S("r"))),
		"lst":     L(M("x", N("0"), "y", N("1")), S("one"), S("two"), S("three")),
		"dot.key": S("dotted"),
		"emptyM":  M(),
		"s":       S("str"),
	}
	tests := []struct {
		expr string
		want model.Item
	}{
		{"pk", model.Item{"pk": S("k")}},
		{"pk, s", model.Item{"pk": S("k"), "s": S("str")}},
		{"absent", model.Item{}},
		{"pk, absent", model.Item{"pk": S("k")}},
		{"a.b.c", model.Item{"a": M("b", M("c", N("1")))}},
		{"a.b.c, a.e", model.Item{"a": M("b", M("c", N("1")), "e", S("x"))}},
		{"a.b.c, a.b.d", model.Item{"a": M("b", M("c", N("1"), "d", N("2")))}},
		{"a.nope", model.Item{}},
		{"a.b.nope, pk", model.Item{"pk": S("k")}},
		{"a.e.x", model.Item{}},
		{"a[0]", model.Item{}},
		{"lst[1]", model.Item{"lst": L(S("one"))}},
		{"lst[3], lst[1]", model.Item{"lst": L(S("one"), S("three"))}},
		{"lst[9], lst[2]", model.Item{"lst": L(S("two"))}},
		{"lst[0].y", model.Item{"lst": L(M("y", N("1")))}},
		{"lst[0].y, lst[2]", model.Item{"lst": L(M("y", N("1")), S("two"))}},
		{"lst[1].y", model.Item{}},
		{"a.l[2], a.l[0]", model.Item{"a": M("l", L(S("p"), S("r")))}},
		{"#dot", model.Item{"dot.key": S("dotted")}},
		{"emptyM", model.Item{"emptyM": M()}},
		{"#a.#m", model.Item{}},
	}
	for _, tc := range tests {
		p, err := newCtx(t).ParseProjection(tc.expr)
		if err != nil {
			t.Errorf("%s: %v", tc.expr, err)
			continue
		}
		got := p.Apply(item)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\n got %v\nwant %v", tc.expr, got, tc.want)
		}
	}
	p, _ := newCtx(t).ParseProjection("a.b")
	out := p.Apply(item)
	out["a"].M["b"].M["c"] = S("changed")
	if item["a"].M["b"].M["c"].N != "1" {
		t.Error("projection shares memory with the item")
	}
}

func TestProjectionErrors(t *testing.T) {
	const inv = "Invalid ProjectionExpression: "
	tests := []struct{ expr, msg string }{
		{"", "The expression can not be empty;"},
		{"   ", "The expression can not be empty;"},
		{strings.Repeat("a,", 2049), "Expression size has exceeded the maximum allowed size;"},
		{"!!!", `Syntax error; token: "!", near: "!!"`},
		{"!!! INVALID !!!", `Syntax error; token: "!", near: "!!"`},
		{"a b", `Syntax error; token: "b", near: "a b"`},
		{"a,", `Syntax error; token: "<EOF>", near: ","`},
		{"a.", `Syntax error; token: "<EOF>", near: "."`},
		{"lst[a]", `Syntax error; token: "a", near: "[a]"`},
		{"#lst[].#c", `Syntax error; token: "]", near: "[]."`},
		{":v", `Syntax error; token: ":v", near: ":v"`},
		{"a = :v", `Syntax error; token: "=", near: "a = :v"`},
		{"size(a)", `Syntax error; token: "(", near: "size(a"`},
		{"COMMENT", "Attribute name is a reserved keyword; reserved keyword: COMMENT"},
		{"list[0].COMMENT", "Attribute name is a reserved keyword; reserved keyword: list"},
		{"#list[0].COMMENT", "Attribute name is a reserved keyword; reserved keyword: COMMENT"},
		{"a, and", "Attribute name is a reserved keyword; reserved keyword: and"},
		{"#comment", "An expression attribute name used in the document path is not defined; attribute name: #comment"},
		{"a, a", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]"},
		{"a, a.b", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a, b]"},
		{"a.b, a", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a]"},
		{"#a.b, a.b.c", "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a, b, c]"},
		{"a.b, a[1]", "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a, [1]]"},
		{"a" + strings.Repeat(".b", 32), "The document path has too many nesting levels; nesting levels: 33"},
		{"name, #nope, a, a", "Attribute name is a reserved keyword; reserved keyword: name"},
		{"#nope, a, a", "An expression attribute name used in the document path is not defined; attribute name: #nope"},
	}
	for _, tc := range tests {
		_, err := newCtx(t).ParseProjection(tc.expr)
		t.Run(tc.expr, func(t *testing.T) { wantMessage(t, err, inv+tc.msg) })
	}
}

func TestProjectionNames(t *testing.T) {
	p, err := newCtx(t).ParseProjection("b, a.x, #dot, a.y, c[0]")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(p.TopLevelNames(), ","); got != "a,b,c,dot.key" {
		t.Errorf("TopLevelNames = %s", got)
	}
	if got := strings.Join(p.NestedNames(), ","); got != "a,c" {
		t.Errorf("NestedNames = %s", got)
	}
	if got := len(p.Paths()); got != 5 {
		t.Errorf("%d paths", got)
	}
}
