package query

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// Sort-key operators, as DynamoDB's KeyConditionExpression spells them.
// opNone means no sort-key condition.
const (
	opNone       = ""
	opBetween    = "BETWEEN"
	opBeginsWith = "begins_with"
)

// sortKeyOps returns the operators DynamoDB allows on a sort key of the
// given type: begins_with only on strings and binaries.
func sortKeyOps(typ string) []string {
	ops := []string{opNone, "=", "<", "<=", ">", ">=", opBetween}
	if typ != "N" {
		ops = append(ops, opBeginsWith)
	}
	return ops
}

// refusal is a request the builder will not send, and why.
type refusal struct{ why string }

func (r *refusal) Error() string { return r.why }

func refuse(format string, args ...any) *refusal {
	return &refusal{why: fmt.Sprintf(format, args...)}
}

// consistentOnGSI is why the builder refuses ConsistentRead on a GSI; the
// last sentence is DynamoDB's own message for the request.
const consistentOnGSI = "ConsistentRead is not available on a global secondary index: a GSI is updated asynchronously, so only eventually consistent reads exist (DynamoDB: \"Consistent reads are not supported on global secondary indexes\")"

// keyValue makes the AttributeValue of a key attribute of type typ from
// what was typed: S as is, N as typed (the engine validates it), B as base64.
func keyValue(name, typ, text string) (model.AttributeValue, *refusal) {
	switch typ {
	case "N":
		return model.N(strings.TrimSpace(text)), nil
	case "B":
		b, err := base64.StdEncoding.DecodeString(strings.TrimSpace(text))
		if err != nil {
			return model.AttributeValue{}, refuse("%s is Binary: type its value as base64 (%v)", name, err)
		}
		return model.B(b), nil
	}
	return model.S(text), nil
}

// parseNames reads "#n = name, #t = type" into ExpressionAttributeNames.
func parseNames(text string) (map[string]string, *refusal) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, nil
	}
	out := map[string]string{}
	for _, part := range splitTop(text) {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return nil, refuse("names: write each as #placeholder = attribute (got %q)", part)
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if uq, err := strconv.Unquote(v); err == nil {
			v = uq
		}
		out[k] = v
	}
	return out, nil
}

// parseValues reads ":min = 5, :s = "EC2", :ok = true, :set = {"SS":["a"]}"
// into ExpressionAttributeValues: a quoted string is S, a number is N,
// true/false is BOOL, null is NULL, a JSON object is DynamoDB JSON, and any
// other bare word is S.
func parseValues(text string) (map[string]model.AttributeValue, *refusal) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, nil
	}
	out := map[string]model.AttributeValue{}
	for _, part := range splitTop(text) {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return nil, refuse("values: write each as :placeholder = value (got %q)", part)
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		av, r := literal(v)
		if r != nil {
			return nil, refuse("values: %s: %s", k, r.why)
		}
		out[k] = av
	}
	return out, nil
}

func literal(v string) (model.AttributeValue, *refusal) {
	av, why := kit.Literal(v)
	if why != "" {
		return av, refuse("%s", why)
	}
	return av, nil
}

// splitTop splits on commas that are outside quotes, braces and brackets.
func splitTop(s string) []string {
	var out []string
	depth, inStr, esc, start := 0, false, false, 0
	for i, r := range s {
		switch {
		case esc:
			esc = false
		case inStr && r == '\\':
			esc = true
		case r == '"':
			inStr = !inStr
		case inStr:
		case r == '{' || r == '[':
			depth++
		case r == '}' || r == ']':
			depth--
		case r == ',' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// build makes the request the form describes: a *model.QueryInput or a
// *model.ScanInput. It refuses only what the form can tell is wrong before
// sending (an operator DynamoDB does not allow on the key's type,
// ConsistentRead on a GSI, unreadable placeholders or limit); everything
// else goes to the engine, whose error is shown verbatim.
func (q *Model) build() (any, *refusal) {
	tg := q.target()
	if !tg.Valid() {
		return nil, refuse("choose a table first")
	}
	if q.f.consistent && tg.Global() {
		return nil, refuse(consistentOnGSI)
	}
	names, r := parseNames(q.f.names.String())
	if r != nil {
		return nil, r
	}
	values, r := parseValues(q.f.values.String())
	if r != nil {
		return nil, r
	}
	var limit *int32
	if s := strings.TrimSpace(q.f.limit.String()); s != "" {
		n, err := strconv.ParseInt(s, 10, 32)
		if err != nil {
			return nil, refuse("limit must be a whole number (got %q)", s)
		}
		l := int32(n)
		limit = &l
	}
	var consistent *bool
	if q.f.consistent {
		t := true
		consistent = &t
	}
	filter := strings.TrimSpace(q.f.filter.String())
	projection := strings.TrimSpace(q.f.projection.String())
	if q.f.scan {
		in := &model.ScanInput{TableName: tg.Table(), IndexName: tg.Index, Limit: limit, ConsistentRead: consistent,
			FilterExpression: filter, ProjectionExpression: projection, ReturnConsumedCapacity: model.ReturnCapacityIndexes}
		if len(names) > 0 {
			in.ExpressionAttributeNames = names
		}
		if len(values) > 0 {
			in.ExpressionAttributeValues = values
		}
		return in, nil
	}
	allNames := map[string]string{}
	allValues := map[string]model.AttributeValue{}
	for k, v := range names {
		allNames[k] = v
	}
	for k, v := range values {
		allValues[k] = v
	}
	kce, r := q.keyCondition(allNames, allValues)
	if r != nil {
		return nil, r
	}
	in := &model.QueryInput{TableName: tg.Table(), IndexName: tg.Index, Limit: limit, ConsistentRead: consistent,
		KeyConditionExpression: kce, FilterExpression: filter, ProjectionExpression: projection,
		ExpressionAttributeNames: allNames, ExpressionAttributeValues: allValues,
		ReturnConsumedCapacity: model.ReturnCapacityIndexes}
	if q.f.descending && tg.RangeKey() != "" {
		f := false
		in.ScanIndexForward = &f
	}
	return in, nil
}
