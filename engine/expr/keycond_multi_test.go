package expr

import (
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// multiSchema is a multi-attribute key: partition (pk S, h2 N), sort
// (sk N, r2 S, r3 S).
var multiSchema = KeySchema{HashKey: "pk", HashType: model.TypeS, RangeKey: "sk", RangeType: model.TypeN,
	HashKeys:  []KeyPart{{"pk", model.TypeS}, {"h2", model.TypeN}},
	RangeKeys: []KeyPart{{"sk", model.TypeN}, {"r2", model.TypeS}, {"r3", model.TypeS}}}

func TestParseMultiKeyCondition(t *testing.T) {
	ok := []struct {
		text      string
		sortEqual []model.AttributeValue
		rangeKey  string
		rng       *RangeCondition
	}{
		{"pk = :p1 AND h2 = :one", nil, "", nil},
		{"h2 = :one AND pk = :p1 AND sk = :one", nil, "sk", &RangeCondition{"=", []model.AttributeValue{N("1")}}},
		{"pk = :p1 AND h2 = :one AND sk = :one AND r2 = :he AND begins_with(r3, :he)", []model.AttributeValue{N("1"), S("he")}, "r3",
			&RangeCondition{"begins_with", []model.AttributeValue{S("he")}}},
		{"pk = :p1 AND h2 = :one AND :lo < sk", nil, "sk", &RangeCondition{">", []model.AttributeValue{N("10")}}},
		{"pk = :p1 AND h2 = :one AND sk = :one AND r2 BETWEEN :he AND :he", []model.AttributeValue{N("1")}, "r2",
			&RangeCondition{"BETWEEN", []model.AttributeValue{S("he"), S("he")}}},
	}
	for _, tc := range ok {
		kc, err := newCtx(t).ParseMultiKeyCondition(tc.text, multiSchema)
		if err != nil {
			t.Errorf("%s: %v", tc.text, err)
			continue
		}
		if len(kc.HashValues) != 2 || !model.Equal(kc.HashValues[0], S("p1")) || !model.Equal(kc.HashValues[1], N("1")) ||
			len(kc.SortEqual) != len(tc.sortEqual) || kc.RangeKey != tc.rangeKey || (kc.Range == nil) != (tc.rng == nil) {
			t.Errorf("%s: %+v", tc.text, kc)
			continue
		}
		for i := range tc.sortEqual {
			if !model.Equal(kc.SortEqual[i], tc.sortEqual[i]) {
				t.Errorf("%s: sort prefix %v", tc.text, kc.SortEqual)
			}
		}
		if tc.rng != nil && (kc.Range.Op != tc.rng.Op || len(kc.Range.Values) != len(tc.rng.Values)) {
			t.Errorf("%s: range %+v", tc.text, kc.Range)
		}
	}
	refused := []struct{ text, msg string }{
		{"pk = :p1", "Query condition missed key schema element: h2"},
		{"h2 = :one", "Query condition missed key schema element: pk"},
		{"pk = :p1 AND h2 > :one", "Query key condition not supported"},
		{"pk = :one AND h2 = :one", "One or more parameter values were invalid: Condition parameter type does not match schema type"},
		{"pk = :p1 AND h2 = :one AND r2 = :he", "RANGE key attributes sk must have equality conditions specified in the query because a condition is present on key attribute r2"},
		{"pk = :p1 AND h2 = :one AND r3 = :he", "RANGE key attributes sk must have equality conditions specified in the query because a condition is present on key attribute r3"},
		{"pk = :p1 AND h2 = :one AND sk = :one AND r3 = :he", "RANGE key attributes r2 must have equality conditions specified in the query because a condition is present on key attribute r3"},
		{"pk = :p1 AND h2 = :one AND sk > :one AND r2 = :he", "RANGE key attributes sk must have equality conditions specified in the query because a condition is present on key attribute r2"},
		{"pk = :p1 AND h2 = :one AND sk = :he", "One or more parameter values were invalid: Condition parameter type does not match schema type"},
		{"pk = :p1 AND h2 = :one AND extra = :he", "Query condition missed key schema element: sk"},
		{"pk = :p1 AND h2 = :one AND sk = :one AND r2 = :he AND r3 = :he AND extra = :he", "Query key condition not supported"},
		{"pk = :p1 OR h2 = :one", "Invalid operator used in KeyConditionExpression: OR"},
		{"pk = :p1 AND h2 = :one AND pk = :p1", "KeyConditionExpressions must only contain one condition per key"},
	}
	for _, tc := range refused {
		_, err := newCtx(t).ParseMultiKeyCondition(tc.text, multiSchema)
		wantMessage(t, err, tc.msg)
	}
}

func TestFromMultiKeyConditions(t *testing.T) {
	eq := func(v model.AttributeValue) model.Condition {
		return model.Condition{ComparisonOperator: "EQ", AttributeValueList: []model.AttributeValue{v}}
	}
	kc, err := FromMultiKeyConditions(map[string]model.Condition{"pk": eq(S("p1")), "h2": eq(N("1")), "sk": eq(N("1")),
		"r2": {ComparisonOperator: "BEGINS_WITH", AttributeValueList: []model.AttributeValue{S("h")}}}, multiSchema)
	if err != nil || kc.RangeKey != "r2" || kc.Range.Op != "begins_with" || len(kc.SortEqual) != 1 {
		t.Fatalf("%+v %v", kc, err)
	}
	_, err = FromMultiKeyConditions(map[string]model.Condition{"pk": eq(S("p1")), "h2": eq(N("1")),
		"r2": {ComparisonOperator: "GT", AttributeValueList: []model.AttributeValue{S("h")}}}, multiSchema)
	wantMessage(t, err, "RANGE key attributes sk must have equality conditions specified in the query because a condition is present on key attribute r2")
	_, err = FromMultiKeyConditions(map[string]model.Condition{"pk": eq(S("p1")), "h2": {ComparisonOperator: "NE", AttributeValueList: []model.AttributeValue{N("1")}}}, multiSchema)
	wantMessage(t, err, "Attempted conditional constraint is not an indexable operation")
}

func TestMultiKeyConditionMatch(t *testing.T) {
	kc, err := newCtx(t).ParseMultiKeyCondition("pk = :p1 AND h2 = :one AND sk = :one AND r2 > :he", multiSchema)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		item model.Item
		want bool
	}{
		{model.Item{"sk": N("1"), "r2": S("hf")}, true},
		{model.Item{"sk": N("1"), "r2": S("he")}, false},
		{model.Item{"sk": N("2"), "r2": S("z")}, false},
		{model.Item{"sk": N("1")}, false},
	} {
		if got := kc.Match(multiSchema, tc.item); got != tc.want {
			t.Errorf("%v: %v, want %v", tc.item, got, tc.want)
		}
	}
}

func FuzzParseMultiKeyCondition(f *testing.F) {
	for _, s := range []string{
		"pk = :p1 AND h2 = :one AND sk = :one AND r2 BETWEEN :he AND :he",
		"pk = :p1 AND h2 = :one AND begins_with(r3, :he)",
		"h2 = :one AND :lo < sk AND pk = :p1",
		"pk = :p1 AND h2 = :one AND sk > :one AND r2 = :he",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, expr string) {
		kc, err := newCtx(t).ParseMultiKeyCondition(expr, multiSchema)
		if err != nil {
			checkFuzzErr(t, err)
			return
		}
		if len(kc.HashValues) != len(multiSchema.HashKeys) || len(kc.SortEqual) >= len(multiSchema.RangeKeys) {
			t.Fatalf("condition %+v", kc)
		}
		for i, v := range kc.HashValues {
			if v.Type != multiSchema.HashKeys[i].Type {
				t.Fatalf("partition value %d %+v", i, v)
			}
		}
		kc.Match(multiSchema, model.Item{"sk": N("1"), "r2": S("x"), "r3": S("y")})
	})
}
