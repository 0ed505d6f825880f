package expr

import (
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

func TestOperatorLimit(t *testing.T) {
	vals := map[string]model.AttributeValue{":v": model.S("x"), ":n": model.N("1")}
	tests := []struct {
		name    string
		param   string
		expr    string
		wantErr string
	}{
		// 149 nested "OR (a<b" make 299 operators: accepted.
		{"299 operators nested", ParamCondition, "a<b " + strings.Repeat("or (a<b ", 149) + strings.Repeat(")", 149), ""},
		{"300 operators in a chain", ParamFilter, "NOT a = :v" + strings.Repeat(" OR a = :v", 149), ""},
		{"301 operators in a chain", ParamFilter, "a = :v" + strings.Repeat(" OR a = :v", 150),
			"Invalid FilterExpression: The expression contains too many operators; operator count: 301"},
		{"909 operators nested under 4 KB", ParamCondition, "a<b " + strings.Repeat("or (a<b ", 454) + strings.Repeat(")", 454),
			"Invalid ConditionExpression: The expression contains too many operators; operator count: 301"},
		{"1000 NOTs", ParamCondition, strings.Repeat("not ", 1000) + "a<b",
			"Invalid ConditionExpression: The expression contains too many operators; operator count: 301"},
		{"functions count", ParamCondition, "attribute_exists(a)" + strings.Repeat(" AND attribute_exists(a)", 150),
			"Invalid ConditionExpression: The expression contains too many operators; operator count: 301"},
		{"2046 redundant parentheses", ParamCondition, strings.Repeat("(", 2046) + "a<b" + strings.Repeat(")", 2046),
			"Invalid ConditionExpression: The expression has redundant parentheses;"},
		{"4096 open parentheses", ParamCondition, strings.Repeat("(", 4096),
			`Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "("`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, err := NewContext(nil, vals)
			if err != nil {
				t.Fatal(err)
			}
			_, err = ctx.ParseCondition(tt.param, tt.expr)
			checkErr(t, err, tt.wantErr)
		})
	}
}

func TestUpdateOperatorLimit(t *testing.T) {
	vals := map[string]model.AttributeValue{":n": model.N("1")}
	var set []string
	for i := range 300 {
		set = append(set, "a"+itoa(i)+"=:n+:n")
	}
	ctx, err := NewContext(nil, vals)
	if err != nil {
		t.Fatal(err)
	}
	_, err = ctx.ParseUpdate("SET " + strings.Join(set, ","))
	checkErr(t, err, "")
	_, err = ctx.ParseUpdate("SET " + strings.Join(set, ",") + ",z=:n-:n")
	checkErr(t, err, "Invalid UpdateExpression: The expression contains too many operators; operator count: 301")
}

func checkErr(t *testing.T, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Fatalf("error %v, want none", err)
	case want != "" && (err == nil || err.Error() != "ValidationException: "+want):
		t.Fatalf("error %v\nwant %s", err, want)
	}
}
