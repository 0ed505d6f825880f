package expr

import (
	"reflect"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

var (
	hashRange = KeySchema{HashKey: "pk", HashType: model.TypeS, RangeKey: "sk", RangeType: model.TypeN}
	hashOnly  = KeySchema{HashKey: "pk", HashType: model.TypeS}
	strRange  = KeySchema{HashKey: "pk", HashType: model.TypeS, RangeKey: "sk", RangeType: model.TypeS}
	binRange  = KeySchema{HashKey: "pk", HashType: model.TypeS, RangeKey: "sk", RangeType: model.TypeB}
)

func TestKeyCondition(t *testing.T) {
	tests := []struct {
		expr   string
		schema KeySchema
		want   *KeyCondition
	}{
		{"pk = :p1", hashOnly, &KeyCondition{HashValue: S("p1")}},
		{":p1 = pk", hashOnly, &KeyCondition{HashValue: S("p1")}},
		{"#pk = :p1", hashOnly, &KeyCondition{HashValue: S("p1")}},
		{"(pk = :p1)", hashOnly, &KeyCondition{HashValue: S("p1")}},
		{"pk = :p1", hashRange, &KeyCondition{HashValue: S("p1")}},
		{"pk = :p1 AND sk = :one", hashRange, &KeyCondition{S("p1"), &RangeCondition{"=", []model.AttributeValue{N("1")}}}},
		{"pk = :p1 AND sk < :one", hashRange, &KeyCondition{S("p1"), &RangeCondition{"<", []model.AttributeValue{N("1")}}}},
		{"pk = :p1 AND sk <= :one", hashRange, &KeyCondition{S("p1"), &RangeCondition{"<=", []model.AttributeValue{N("1")}}}},
		{"pk = :p1 AND sk > :one", hashRange, &KeyCondition{S("p1"), &RangeCondition{">", []model.AttributeValue{N("1")}}}},
		{"pk = :p1 AND sk >= :one", hashRange, &KeyCondition{S("p1"), &RangeCondition{">=", []model.AttributeValue{N("1")}}}},
		{"pk = :p1 AND :one < sk", hashRange, &KeyCondition{S("p1"), &RangeCondition{">", []model.AttributeValue{N("1")}}}},
		{"pk = :p1 AND :one <= sk", hashRange, &KeyCondition{S("p1"), &RangeCondition{">=", []model.AttributeValue{N("1")}}}},
		{"pk = :p1 AND :one > #sk", hashRange, &KeyCondition{S("p1"), &RangeCondition{"<", []model.AttributeValue{N("1")}}}},
		{"pk = :p1 AND :one >= sk", hashRange, &KeyCondition{S("p1"), &RangeCondition{"<=", []model.AttributeValue{N("1")}}}},
		{"sk = :one AND pk = :p1", hashRange, &KeyCondition{S("p1"), &RangeCondition{"=", []model.AttributeValue{N("1")}}}},
		{"pk = :p1 AND sk BETWEEN :lo AND :hi", hashRange, &KeyCondition{S("p1"), &RangeCondition{"BETWEEN", []model.AttributeValue{N("10"), N("20")}}}},
		{"pk = :p1 and sk between :lo and :hi", hashRange, &KeyCondition{S("p1"), &RangeCondition{"BETWEEN", []model.AttributeValue{N("10"), N("20")}}}},
		{"pk = :p1 AND begins_with(sk, :he)", strRange, &KeyCondition{S("p1"), &RangeCondition{"begins_with", []model.AttributeValue{S("he")}}}},
		{"pk = :p1 AND begins_with(sk, :b12)", binRange, &KeyCondition{S("p1"), &RangeCondition{"begins_with", []model.AttributeValue{Bin(1, 2)}}}},
		{"(pk = :p1) AND (sk > :one)", hashRange, &KeyCondition{S("p1"), &RangeCondition{">", []model.AttributeValue{N("1")}}}},
	}
	for _, tc := range tests {
		kc, err := newCtx(t).ParseKeyCondition(tc.expr, tc.schema)
		if err != nil {
			t.Errorf("%s: %v", tc.expr, err)
			continue
		}
		if !reflect.DeepEqual(kc, tc.want) {
			t.Errorf("%s = %+v (range %+v); want %+v (range %+v)", tc.expr, kc, kc.Range, tc.want, tc.want.Range)
		}
	}
}

func TestKeyConditionErrors(t *testing.T) {
	const inv = "Invalid KeyConditionExpression: "
	tests := []struct {
		expr   string
		schema KeySchema
		msg    string
	}{
		// Operators a key condition may not use.
		{"pk = :p1 OR sk = :one", hashRange, "Invalid operator used in KeyConditionExpression: OR"},
		{"a > b and size(b) > c or a > c", hashRange, "Invalid operator used in KeyConditionExpression: OR"},
		{"pk = :p1 AND NOT sk = :one", hashRange, "Invalid operator used in KeyConditionExpression: NOT"},
		{"pk IN (:p1, :a)", hashRange, "Invalid operator used in KeyConditionExpression: IN"},
		{"pk <> :p1", hashRange, "Invalid operator used in KeyConditionExpression: <>"},
		{"pk = :p1 AND attribute_exists(sk)", hashRange, "Invalid operator used in KeyConditionExpression: attribute_exists"},
		{"attribute_not_exists(pk)", hashRange, "Invalid operator used in KeyConditionExpression: attribute_not_exists"},
		{"pk = :p1 AND contains(sk, :one)", hashRange, "Invalid operator used in KeyConditionExpression: contains"},
		{"attribute_type(pk, :typeS)", hashRange, "Invalid operator used in KeyConditionExpression: attribute_type"},
		// Shapes.
		{"pk = :p1 AND size(sk) > :one", hashRange, "KeyConditionExpressions cannot contain nested operations"},
		{"pk = size(sk)", hashRange, "KeyConditionExpressions cannot contain nested operations"},
		{"pk = :p1 AND sk.x = :one", hashRange, "KeyConditionExpressions cannot have conditions on nested attributes"},
		{"pk[0] = :p1", hashRange, "KeyConditionExpressions cannot have conditions on nested attributes"},
		{"pk = :p1 AND sk > :one AND sk < :two", hashRange, "KeyConditionExpressions must only contain one condition per key"},
		{"pk = :p1 AND pk = :p1", hashRange, "KeyConditionExpressions must only contain one condition per key"},
		{"pk = sk", hashRange, "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition"},
		{"pk = :p1 AND sk BETWEEN pk AND :two", hashRange, "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition"},
		{":p1 = :p1", hashRange, "Invalid condition in KeyConditionExpression: No key attribute specified"},
		{"pk = :p1 AND :one BETWEEN sk AND :two", hashRange, "Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand"},
		{"pk = :p1 AND begins_with(:he, sk)", strRange, "Invalid condition in KeyConditionExpression: begins_with operator must have the key attribute as its first operand"},
		{"pk = :p1 AND sk = :one AND other2 = :two", hashRange, "Conditions can be of length 1 or 2 only"},
		// Schema checks.
		{"sk = :one", hashRange, "Query condition missed key schema element: pk"},
		{"other2 = :p1", hashOnly, "Query condition missed key schema element: pk"},
		{"pk = :p1 AND other2 = :one", hashRange, "Query condition missed key schema element: sk"},
		{"pk = :p1 AND other2 = :one", hashOnly, "Query key condition not supported"},
		{"pk > :p1", hashRange, "Query key condition not supported"},
		{"begins_with(pk, :p1)", hashRange, "Query key condition not supported"},
		{"pk BETWEEN :a AND :z", hashOnly, "Query key condition not supported"},
		{"pk = :one", hashRange, "One or more parameter values were invalid: Condition parameter type does not match schema type"},
		{"pk = :p1 AND sk = :s", hashRange, "One or more parameter values were invalid: Condition parameter type does not match schema type"},
		{"pk = :p1 AND sk BETWEEN :lo AND :hi", strRange, "One or more parameter values were invalid: Condition parameter type does not match schema type"},
		{"pk = :p1 AND begins_with(sk, :he)", hashRange, "One or more parameter values were invalid: Condition parameter type does not match schema type"},
		// Errors of the condition grammar keep the Invalid prefix.
		{"pk = :p1 AND begins_with(sk, :one)", hashRange, inv + "Incorrect operand type for operator or function; operator or function: begins_with, operand type: N"},
		{"pk = :p1 AND sk BETWEEN :a AND :one", hashRange, inv + "The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {S:a}, upper bound operand: AttributeValue: {N:1}"},
		{"pk = :p1 AND sk BETWEEN :hi AND :lo", hashRange, inv + "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:20}, upper bound operand: AttributeValue: {N:10}"},
		{"pk = :p1 AND", hashRange, inv + `Syntax error; token: "<EOF>", near: "AND"`},
		{"", hashRange, inv + "The expression can not be empty;"},
		{"pk = :nope", hashRange, inv + "An expression attribute value used in expression is not defined; attribute value: :nope"},
		{"pk = pk", hashRange, inv + "The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [pk]"},
		{"name = :p1", hashRange, inv + "Attribute name is a reserved keyword; reserved keyword: name"},
		{"size(pk)", hashRange, inv + "The function is not allowed to be used this way in an expression; function: size"},
	}
	for _, tc := range tests {
		_, err := newCtx(t).ParseKeyCondition(tc.expr, tc.schema)
		t.Run(tc.expr, func(t *testing.T) { wantMessage(t, err, tc.msg) })
	}
}

func TestRangeConditionMatch(t *testing.T) {
	tests := []struct {
		rc   RangeCondition
		v    model.AttributeValue
		want bool
	}{
		{RangeCondition{"=", []model.AttributeValue{N("1")}}, N("1.0"), true},
		{RangeCondition{"<", []model.AttributeValue{N("1")}}, N("0.5"), true},
		{RangeCondition{"<", []model.AttributeValue{N("1")}}, N("1"), false},
		{RangeCondition{"<=", []model.AttributeValue{N("1")}}, N("1"), true},
		{RangeCondition{">", []model.AttributeValue{N("1")}}, N("10"), true},
		{RangeCondition{">=", []model.AttributeValue{N("1")}}, N("-1"), false},
		{RangeCondition{"BETWEEN", []model.AttributeValue{S("b"), S("d")}}, S("c"), true},
		{RangeCondition{"BETWEEN", []model.AttributeValue{S("b"), S("d")}}, S("d"), true},
		{RangeCondition{"BETWEEN", []model.AttributeValue{S("b"), S("d")}}, S("da"), false},
		{RangeCondition{"begins_with", []model.AttributeValue{S("ab")}}, S("abc"), true},
		{RangeCondition{"begins_with", []model.AttributeValue{S("ab")}}, S("b"), false},
		{RangeCondition{"begins_with", []model.AttributeValue{Bin(1)}}, Bin(1, 2), true},
		{RangeCondition{"=", []model.AttributeValue{N("1")}}, S("1"), false},
	}
	for _, tc := range tests {
		if got := tc.rc.Match(tc.v); got != tc.want {
			t.Errorf("%+v.Match(%+v) = %v", tc.rc, tc.v, got)
		}
	}
}
