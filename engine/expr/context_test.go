package expr

import (
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

func TestNewContextErrors(t *testing.T) {
	tests := []struct {
		names  map[string]string
		values map[string]model.AttributeValue
		msg    string
	}{
		{map[string]string{}, nil, "ExpressionAttributeNames must not be empty"},
		{nil, map[string]model.AttributeValue{}, "ExpressionAttributeValues must not be empty"},
		{map[string]string{}, map[string]model.AttributeValue{}, "ExpressionAttributeNames must not be empty"},
		{map[string]string{"name": "a"}, nil, `ExpressionAttributeNames contains invalid key: Syntax error; key: "name"`},
		{map[string]string{"#": "a"}, nil, `ExpressionAttributeNames contains invalid key: Syntax error; key: "#"`},
		{map[string]string{"#a-b": "a"}, nil, `ExpressionAttributeNames contains invalid key: Syntax error; key: "#a-b"`},
		{map[string]string{":a": "a"}, nil, `ExpressionAttributeNames contains invalid key: Syntax error; key: ":a"`},
		{map[string]string{"#a": ""}, nil, "ExpressionAttributeNames contains invalid value: Empty attribute name for key #a"},
		{nil, map[string]model.AttributeValue{"value": S("x")}, `ExpressionAttributeValues contains invalid key: Syntax error; key: "value"`},
		{nil, map[string]model.AttributeValue{":a b": S("x")}, `ExpressionAttributeValues contains invalid key: Syntax error; key: ":a b"`},
		{map[string]string{"bad": "a"}, map[string]model.AttributeValue{"bad": S("x")}, `ExpressionAttributeNames contains invalid key: Syntax error; key: "bad"`},
	}
	for _, tc := range tests {
		_, err := NewContext(tc.names, tc.values)
		wantMessage(t, err, tc.msg)
	}
	if _, err := NewContext(map[string]string{"#_0aZ": "x"}, map[string]model.AttributeValue{":_0aZ": S("x")}); err != nil {
		t.Error(err)
	}
	if _, err := NewContext(nil, nil); err != nil {
		t.Error(err)
	}
}

func TestCheckUnused(t *testing.T) {
	c, err := NewContext(
		map[string]string{"#b": "b", "#a": "a", "#used": "u"},
		map[string]model.AttributeValue{":v": S("x"), ":w": S("y"), ":used": S("z")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.ParseCondition(ParamCondition, "#used = :used"); err != nil {
		t.Fatal(err)
	}
	wantMessage(t, c.CheckUnused(), "Value provided in ExpressionAttributeNames unused in expressions: keys: {#a, #b}")
	if _, err := c.ParseCondition(ParamFilter, "#a = #b"); err != nil {
		t.Fatal(err)
	}
	wantMessage(t, c.CheckUnused(), "Value provided in ExpressionAttributeValues unused in expressions: keys: {:v, :w}")
	if _, err := c.ParseKeyCondition("pk = :v AND sk = :w", strRange); err != nil {
		t.Fatal(err)
	}
	if err := c.CheckUnused(); err != nil {
		t.Error(err)
	}
}

func TestCheckPlaceholderParams(t *testing.T) {
	tests := []struct {
		names, values     bool
		accepted, present []string
		msg               string
	}{
		{true, false, UpdateItemParams, nil, "ExpressionAttributeNames can only be specified when using expressions"},
		{true, true, UpdateItemParams, nil, "ExpressionAttributeNames can only be specified when using expressions"},
		{false, true, UpdateItemParams, nil, "ExpressionAttributeValues can only be specified when using expressions: UpdateExpression and ConditionExpression are null"},
		{false, true, PutItemParams, nil, "ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null"},
		{false, true, DeleteItemParams, nil, "ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null"},
		{false, true, ScanParams, nil, "ExpressionAttributeValues can only be specified when using expressions: FilterExpression is null"},
		{false, true, ScanParams, []string{ParamProjection}, "ExpressionAttributeValues can only be specified when using expressions: FilterExpression is null"},
		{false, true, QueryParams, []string{ParamProjection}, "ExpressionAttributeValues can only be specified when using expressions: FilterExpression and KeyConditionExpression are null"},
	}
	for _, tc := range tests {
		wantMessage(t, CheckPlaceholderParams(tc.names, tc.values, tc.accepted, tc.present), tc.msg)
	}
	for _, ok := range []struct {
		names, values     bool
		accepted, present []string
	}{
		{false, false, UpdateItemParams, nil},
		{true, true, UpdateItemParams, []string{ParamCondition}},
		{true, false, GetItemParams, []string{ParamProjection}},
		{false, true, GetItemParams, nil},
		{true, true, QueryParams, []string{ParamKeyCondition}},
	} {
		if err := CheckPlaceholderParams(ok.names, ok.values, ok.accepted, ok.present); err != nil {
			t.Errorf("%+v: %v", ok, err)
		}
	}
}

func TestCheckMixed(t *testing.T) {
	wantMessage(t, CheckMixed([]string{"AttributeUpdates"}, []string{"UpdateExpression"}),
		"Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributeUpdates} Expression parameters: {UpdateExpression}")
	wantMessage(t, CheckMixed([]string{"AttributeUpdates", "Expected"}, []string{"UpdateExpression", "ConditionExpression"}),
		"Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributeUpdates, Expected} Expression parameters: {UpdateExpression, ConditionExpression}")
	if CheckMixed(nil, []string{"UpdateExpression"}) != nil || CheckMixed([]string{"Expected"}, nil) != nil {
		t.Error("CheckMixed with one empty side must be nil")
	}
}
