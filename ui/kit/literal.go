package kit

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/dynoscope/dynoscope/model"
)

// Literal reads a value as people type it in the query builder and the
// attribute prompt: "text" is S, 12.5 is N, true/false BOOL, null NULL,
// {"SS":["a"]} any DynamoDB JSON value, and any other bare word S. why
// says what is wrong when it cannot be read.
func Literal(v string) (av model.AttributeValue, why string) {
	switch {
	case strings.HasPrefix(v, `"`):
		s, err := strconv.Unquote(v)
		if err != nil {
			return model.AttributeValue{}, "bad string " + v
		}
		return model.S(s), ""
	case strings.HasPrefix(v, "{"):
		if err := json.Unmarshal([]byte(v), &av); err != nil {
			return model.AttributeValue{}, "bad DynamoDB JSON " + v + ": " + err.Error()
		}
		return av, ""
	case v == "true" || v == "false":
		return model.Bool(v == "true"), ""
	case v == "null":
		return model.Null(), ""
	}
	if _, err := strconv.ParseFloat(v, 64); err == nil {
		return model.N(v), ""
	}
	return model.S(v), ""
}

// LiteralText writes a value the way Literal reads it.
func LiteralText(v model.AttributeValue) string {
	switch v.Type {
	case model.TypeS:
		return strconv.Quote(v.S)
	case model.TypeN:
		return v.N
	case model.TypeBOOL:
		return strconv.FormatBool(v.BOOL)
	case model.TypeNULL:
		return "null"
	}
	return string(model.AppendJSON(nil, v))
}
