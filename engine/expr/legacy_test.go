package expr

import (
	"reflect"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

func cond(op string, vals ...model.AttributeValue) model.Condition {
	return model.Condition{ComparisonOperator: op, AttributeValueList: vals}
}

func TestFromFilterEval(t *testing.T) {
	item := sampleItem()
	tests := []struct {
		attr string
		c    model.Condition
		want bool
	}{
		{"str", cond("EQ", S("hello")), true},
		{"str", cond("EQ", S("x")), false},
		{"absent", cond("EQ", S("x")), false},
		{"ss", cond("EQ", SS("b", "a")), true},
		{"str", cond("NE", S("x")), true},
		{"absent", cond("NE", S("x")), true},
		// EQ and NE take every type, lists and maps included.
		{"bool", cond("EQ", Bool(true)), true},
		{"nul", cond("EQ", Null()), true},
		{"lst", cond("EQ", L(S("x"), N("1.0"), M("k", S("v")))), true},
		{"lst", cond("NE", L(S("x"))), true},
		{"m", cond("EQ", M("a", S("x"), "b", M("c", N("7")), "l", L(N("1"), N("2")))), true},
		{"emptyM", cond("NE", M()), false},
		{"num", cond("LT", N("50")), true},
		{"num", cond("LE", N("42")), true},
		{"num", cond("GT", N("42")), false},
		{"num", cond("GE", N("42.0")), true},
		{"num", cond("GT", S("a")), false},
		{"absent", cond("NULL"), true},
		{"str", cond("NULL"), false},
		{"str", cond("NOT_NULL"), true},
		{"absent", cond("NOT_NULL"), false},
		{"str", cond("CONTAINS", S("ell")), true},
		{"ss", cond("CONTAINS", S("a")), true},
		{"ns", cond("CONTAINS", N("2.50")), true},
		{"bs", cond("CONTAINS", Bin(2)), true},
		{"bin", cond("CONTAINS", Bin(2, 3)), true},
		{"lst", cond("CONTAINS", S("x")), true},
		{"str", cond("NOT_CONTAINS", S("ell")), false},
		{"str", cond("NOT_CONTAINS", S("zz")), true},
		{"ss", cond("NOT_CONTAINS", S("z")), true},
		{"absent", cond("NOT_CONTAINS", S("z")), false},
		{"str", cond("BEGINS_WITH", S("he")), true},
		{"bin", cond("BEGINS_WITH", Bin(1)), true},
		{"num", cond("BEGINS_WITH", S("4")), false},
		{"str", cond("IN", S("a"), S("hello")), true},
		{"num", cond("IN", N("1"), N("2")), false},
		{"price", cond("BETWEEN", N("10"), N("20")), true},
		{"price", cond("BETWEEN", N("16"), N("20")), false},
		{"absent", cond("BETWEEN", N("16"), N("20")), false},
	}
	for _, tc := range tests {
		c, err := FromFilter(map[string]model.Condition{tc.attr: tc.c}, "")
		if err != nil {
			t.Errorf("%s %s: %v", tc.attr, tc.c.ComparisonOperator, err)
			continue
		}
		if got, _ := c.Eval(item); got != tc.want {
			t.Errorf("%s %s %v = %v", tc.attr, tc.c.ComparisonOperator, tc.c.AttributeValueList, got)
		}
	}
}

func TestFromFilterOperators(t *testing.T) {
	item := sampleItem()
	two := map[string]model.Condition{"str": cond("EQ", S("hello")), "num": cond("EQ", N("0"))}
	for op, want := range map[string]bool{"": false, "AND": false, "OR": true} {
		c, err := FromFilter(two, op)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := c.Eval(item); got != want {
			t.Errorf("ConditionalOperator %q = %v", op, got)
		}
	}
	c, err := FromFilter(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := c.Eval(item); !got {
		t.Error("empty filter should match")
	}
	if got := strings.Join(mustFilter(t, two).TopLevelNames(), ","); got != "num,str" {
		t.Errorf("TopLevelNames = %s", got)
	}
	_, err = FromFilter(two, "XOR")
	wantMessage(t, err, "1 validation error detected: Value 'XOR' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]")
}

func mustFilter(t *testing.T, m map[string]model.Condition) *Condition {
	c, err := FromFilter(m, "")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestLegacyConditionErrors(t *testing.T) {
	tests := []struct {
		c   model.Condition
		msg string
	}{
		{cond("EQ"), "One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator"},
		{cond("EQ", S("a"), S("b")), "One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator"},
		{cond("NULL", S("a")), "One or more parameter values were invalid: Invalid number of argument(s) for the NULL ComparisonOperator"},
		{cond("NOT_NULL", S("a")), "One or more parameter values were invalid: Invalid number of argument(s) for the NOT_NULL ComparisonOperator"},
		{cond("IN"), "One or more parameter values were invalid: Invalid number of argument(s) for the IN ComparisonOperator"},
		{cond("BETWEEN", N("1")), "One or more parameter values were invalid: Invalid number of argument(s) for the BETWEEN ComparisonOperator"},
		{cond("BEGINS_WITH"), "One or more parameter values were invalid: Invalid number of argument(s) for the BEGINS_WITH ComparisonOperator"},
		{cond("IN", S("a"), N("1")), "One or more parameter values were invalid: AttributeValues inside AttributeValueList must be of same type"},
		{cond("BETWEEN", S("a"), N("1")), "One or more parameter values were invalid: AttributeValues inside AttributeValueList must be of same type"},
		{cond("LT", SS("a")), "One or more parameter values were invalid: ComparisonOperator LT is not valid for SS AttributeValue type"},
		{cond("EQ", model.AttributeValue{Type: model.TypeSS}), "One or more parameter values were invalid: An string set  may not be empty"},
		{cond("NE", N("1e200")), "Number overflow. Attempting to store a number with magnitude larger than supported range"},
		{cond("CONTAINS", NS("1")), "One or more parameter values were invalid: ComparisonOperator CONTAINS is not valid for NS AttributeValue type"},
		{cond("BEGINS_WITH", N("1")), "One or more parameter values were invalid: ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type"},
		{cond("IN", SS("a")), "One or more parameter values were invalid: ComparisonOperator IN is not valid for SS AttributeValue type"},
		{cond("BETWEEN", Null(), Null()), "One or more parameter values were invalid: ComparisonOperator BETWEEN is not valid for NULL AttributeValue type"},
		{cond("BETWEEN", N("5"), N("1")), "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound"},
		{cond("BETWEEN", S("b"), S("a")), "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound"},
		{cond("LIKE", S("a")), "1 validation error detected: Value 'LIKE' at 'comparisonOperator' failed to satisfy constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]"},
	}
	for _, tc := range tests {
		_, err := FromFilter(map[string]model.Condition{"a": tc.c}, "")
		wantMessage(t, err, tc.msg)
		_, err = FromKeyConditions(map[string]model.Condition{"pk": tc.c}, hashOnly)
		wantMessage(t, err, tc.msg)
	}
}

func TestFromExpected(t *testing.T) {
	item := sampleItem()
	yes, no := true, false
	v := func(a model.AttributeValue) *model.AttributeValue { return &a }
	tests := []struct {
		exp  model.ExpectedAttributeValue
		attr string
		want bool
	}{
		{model.ExpectedAttributeValue{Value: v(S("hello"))}, "str", true},
		{model.ExpectedAttributeValue{Value: v(S("nope"))}, "str", false},
		{model.ExpectedAttributeValue{Value: v(S("hello")), Exists: &yes}, "str", true},
		{model.ExpectedAttributeValue{Value: v(S("hello"))}, "absent", false},
		{model.ExpectedAttributeValue{Exists: &no}, "absent", true},
		{model.ExpectedAttributeValue{Exists: &no}, "str", false},
		{model.ExpectedAttributeValue{ComparisonOperator: "NULL"}, "absent", true},
		{model.ExpectedAttributeValue{ComparisonOperator: "GT", Value: v(N("40"))}, "num", true},
		{model.ExpectedAttributeValue{ComparisonOperator: "BETWEEN", AttributeValueList: []model.AttributeValue{N("1"), N("40")}}, "num", false},
	}
	for _, tc := range tests {
		c, err := FromExpected(map[string]model.ExpectedAttributeValue{tc.attr: tc.exp}, "")
		if err != nil {
			t.Errorf("%+v: %v", tc.exp, err)
			continue
		}
		if got, _ := c.Eval(item); got != tc.want {
			t.Errorf("%s %+v = %v", tc.attr, tc.exp, got)
		}
	}
	errs := []struct {
		exp model.ExpectedAttributeValue
		msg string
	}{
		{model.ExpectedAttributeValue{Value: v(S("a")), AttributeValueList: []model.AttributeValue{S("a")}, ComparisonOperator: "EQ"},
			"One or more parameter values were invalid: Value and AttributeValueList cannot be used together for Attribute: a"},
		{model.ExpectedAttributeValue{Exists: &yes, ComparisonOperator: "EQ", Value: v(S("a"))},
			"One or more parameter values were invalid: Exists and ComparisonOperator cannot be used together for Attribute: a"},
		{model.ExpectedAttributeValue{ComparisonOperator: "EQ"},
			"One or more parameter values were invalid: Value or AttributeValueList must be used with ComparisonOperator: EQ for Attribute: a"},
		{model.ExpectedAttributeValue{ComparisonOperator: "NULL", Value: v(S("a"))},
			"One or more parameter values were invalid: Invalid number of argument(s) for the NULL ComparisonOperator"},
		{model.ExpectedAttributeValue{AttributeValueList: []model.AttributeValue{S("a")}},
			"One or more parameter values were invalid: AttributeValueList can only be used with a ComparisonOperator for Attribute: a"},
		{model.ExpectedAttributeValue{},
			"One or more parameter values were invalid: Value must be provided when Exists is null for Attribute: a"},
		{model.ExpectedAttributeValue{Exists: &yes},
			"One or more parameter values were invalid: Value must be provided when Exists is true for Attribute: a"},
		{model.ExpectedAttributeValue{Exists: &no, Value: v(S("a"))},
			"One or more parameter values were invalid: Value cannot be used when Exists is false for Attribute: a"},
	}
	for _, tc := range errs {
		_, err := FromExpected(map[string]model.ExpectedAttributeValue{"a": tc.exp}, "")
		wantMessage(t, err, tc.msg)
	}
}

func TestFromKeyConditions(t *testing.T) {
	kc, err := FromKeyConditions(map[string]model.Condition{
		"pk": cond("EQ", S("p")),
		"sk": cond("BETWEEN", N("1"), N("9")),
	}, hashRange)
	if err != nil {
		t.Fatal(err)
	}
	want := &KeyCondition{S("p"), &RangeCondition{"BETWEEN", []model.AttributeValue{N("1"), N("9")}}}
	if !reflect.DeepEqual(kc, want) {
		t.Errorf("got %+v %+v", kc, kc.Range)
	}
	kc, err = FromKeyConditions(map[string]model.Condition{"pk": cond("EQ", S("p")), "sk": cond("BEGINS_WITH", S("x"))}, strRange)
	if err != nil || kc.Range.Op != "begins_with" {
		t.Errorf("%+v %v", kc, err)
	}
	errs := []struct {
		conds  map[string]model.Condition
		schema KeySchema
		msg    string
	}{
		{map[string]model.Condition{}, hashRange, "Conditions can be of length 1 or 2 only"},
		{map[string]model.Condition{"pk": cond("EQ", S("p")), "sk": cond("EQ", N("1")), "x": cond("EQ", N("1"))}, hashRange, "Conditions can be of length 1 or 2 only"},
		{map[string]model.Condition{"sk": cond("EQ", N("1"))}, hashRange, "Query condition missed key schema element: pk"},
		{map[string]model.Condition{"pk": cond("EQ", S("p")), "x": cond("EQ", N("1"))}, hashRange, "Query condition missed key schema element: sk"},
		{map[string]model.Condition{"pk": cond("EQ", S("p")), "x": cond("EQ", N("1"))}, hashOnly, "Query key condition not supported"},
		{map[string]model.Condition{"pk": cond("GT", S("p"))}, hashRange, "Query key condition not supported"},
		{map[string]model.Condition{"pk": cond("NE", S("p"))}, hashRange, "Attempted conditional constraint is not an indexable operation"},
		{map[string]model.Condition{"pk": cond("EQ", S("p")), "sk": cond("IN", N("1"))}, hashRange, "Attempted conditional constraint is not an indexable operation"},
		{map[string]model.Condition{"pk": cond("EQ", S("p")), "sk": cond("NOT_NULL")}, hashRange, "Attempted conditional constraint is not an indexable operation"},
		{map[string]model.Condition{"pk": cond("EQ", N("1"))}, hashRange, "One or more parameter values were invalid: Condition parameter type does not match schema type"},
		{map[string]model.Condition{"pk": cond("EQ", S("p")), "sk": cond("EQ", S("1"))}, hashRange, "One or more parameter values were invalid: Condition parameter type does not match schema type"},
		{map[string]model.Condition{"pk": cond("EQ", S("p")), "sk": cond("BEGINS_WITH", S("1"))}, hashRange, "One or more parameter values were invalid: Condition parameter type does not match schema type"},
	}
	for _, tc := range errs {
		_, err := FromKeyConditions(tc.conds, tc.schema)
		wantMessage(t, err, tc.msg)
	}
}

func TestFromAttributesToGet(t *testing.T) {
	p, err := FromAttributesToGet([]string{"a.b", "name", "c"})
	if err != nil {
		t.Fatal(err)
	}
	got := p.Apply(model.Item{"a.b": S("dotted"), "a": M("b", S("nested")), "name": S("n"), "x": S("x")})
	if !reflect.DeepEqual(got, model.Item{"a.b": S("dotted"), "name": S("n")}) {
		t.Errorf("got %v", got)
	}
	_, err = FromAttributesToGet([]string{"a", "b", "a"})
	wantMessage(t, err, "One or more parameter values were invalid: Duplicate value in attribute name: a")
	_, err = FromAttributesToGet(nil)
	wantMessage(t, err, "1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1")
}

func TestFromAttributeUpdates(t *testing.T) {
	v := func(a model.AttributeValue) *model.AttributeValue { return &a }
	item := model.Item{"pk": S("k"), "n": N("1"), "s": S("x"), "ss": SS("a", "b"), "l": L(S("a")), "gone": S("g")}
	u, err := FromAttributeUpdates(map[string]model.AttributeValueUpdate{
		"s":    {Value: v(S("new"))},
		"n":    {Action: "ADD", Value: v(N("2"))},
		"ss":   {Action: "DELETE", Value: v(SS("a"))},
		"l":    {Action: "ADD", Value: v(L(S("b")))},
		"m":    {Action: "ADD", Value: v(NS("7"))},
		"gone": {Action: "DELETE"},
		"c":    {Action: "ADD", Value: v(N("3"))},
		"nl":   {Action: "ADD", Value: v(L(S("z")))},
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := u.Apply(item)
	if err != nil {
		t.Fatal(err)
	}
	want := model.Item{"pk": S("k"), "n": N("3"), "s": S("new"), "ss": SS("b"), "l": L(S("a"), S("b")), "m": NS("7"), "c": N("3"), "nl": L(S("z"))}
	if !itemsEqual(got, want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}
	if err := u.CheckKeys([]string{"pk"}, nil); err != nil {
		t.Error(err)
	}
	wantMessage(t, u.CheckKeys([]string{"s"}, nil), "One or more parameter values were invalid: Cannot update attribute s. This attribute is part of the key")

	mismatch := []map[string]model.AttributeValueUpdate{
		{"s": {Action: "ADD", Value: v(N("1"))}},
		{"n": {Action: "ADD", Value: v(SS("a"))}},
		{"s": {Action: "DELETE", Value: v(SS("a"))}},
		{"ss": {Action: "ADD", Value: v(L(S("a")))}},
	}
	for _, m := range mismatch {
		u, err := FromAttributeUpdates(m)
		if err != nil {
			t.Fatal(err)
		}
		_, err = u.Apply(item)
		wantMessage(t, err, "Type mismatch for attribute to update")
	}

	errs := []struct {
		m   map[string]model.AttributeValueUpdate
		msg string
	}{
		{map[string]model.AttributeValueUpdate{"a": {}}, "One or more parameter values were invalid: Only DELETE action is allowed when no attribute value is specified"},
		{map[string]model.AttributeValueUpdate{"a": {Action: "ADD"}}, "One or more parameter values were invalid: Only DELETE action is allowed when no attribute value is specified"},
		{map[string]model.AttributeValueUpdate{"a": {Action: "DELETE", Value: v(S("x"))}}, "One or more parameter values were invalid: DELETE action with value is not supported for the type S"},
		{map[string]model.AttributeValueUpdate{"a": {Action: "ADD", Value: v(S("x"))}}, "One or more parameter values were invalid: ADD action is not supported for the type S"},
		{map[string]model.AttributeValueUpdate{"a": {Action: "ADD", Value: v(M())}}, "One or more parameter values were invalid: ADD action is not supported for the type M"},
		{map[string]model.AttributeValueUpdate{"a": {Action: "REPLACE", Value: v(S("x"))}}, "1 validation error detected: Value 'REPLACE' at 'attributeUpdates.a.member.action' failed to satisfy constraint: Member must satisfy enum value set: [ADD, PUT, DELETE]"},
	}
	for _, tc := range errs {
		_, err := FromAttributeUpdates(tc.m)
		wantMessage(t, err, tc.msg)
	}
	empty, err := FromAttributeUpdates(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := empty.Apply(item); !itemsEqual(got, item) {
		t.Error("empty AttributeUpdates changed the item")
	}
}
