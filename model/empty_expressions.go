package model

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
)

// exprNames are the expression parameters DynamoDB rejects when present but
// empty ("Invalid FilterExpression: The expression can not be empty;"), in
// the order DynamoDB checks them.
var exprNames = []string{"UpdateExpression", "ConditionExpression", "KeyConditionExpression", "FilterExpression", "ProjectionExpression"}

// emptyExpressions returns which expression parameters a request body sends
// as empty strings. Go's zero value cannot tell "absent" from "", so the
// wire form is checked; a body without any "" is not parsed again.
func emptyExpressions(body []byte) []string {
	if !bytes.Contains(body, []byte(`""`)) {
		return nil
	}
	var probe map[string]json.RawMessage
	if json.Unmarshal(body, &probe) != nil {
		return nil
	}
	var out []string
	for _, name := range exprNames {
		if raw, ok := probe[name]; ok && string(bytes.TrimSpace(raw)) == `""` {
			out = append(out, name)
		}
	}
	return out
}

// emptyExprs records the expression parameters a decoded request sent as "",
// and whether it sent TableName as "" (for Query and Scan, IndexName too: it
// takes the struct's padding, so no request grows).
type emptyExprs struct {
	names          []string
	emptyTableName bool
	emptyIndexName bool
}

// EmptyIndexName reports whether a Query or Scan sent IndexName as "" (as
// opposed to leaving it out).
func (e emptyExprs) EmptyIndexName() bool { return e.emptyIndexName }

// readEmpty records the conditions of a Query's or Scan's legacy members
// whose ComparisonOperator was sent as "", as "<member>.<condition>" (e.g.
// "QueryFilter.b"). Behind a pointer, set only for such a request, so that
// the requests stay in their allocation size class.
type readEmpty struct {
	emptyOperators *[]string
}

// EmptyOperator reports whether the condition name of a Query's or Scan's
// legacy member (QueryFilter, KeyConditions, ScanFilter) sent its
// ComparisonOperator as "" (as opposed to leaving it out).
func (e readEmpty) EmptyOperator(member, name string) bool {
	if e.emptyOperators == nil {
		return false
	}
	for _, o := range *e.emptyOperators {
		if len(o) == len(member)+1+len(name) && o[:len(member)] == member && o[len(member)] == '.' && o[len(member)+1:] == name {
			return true
		}
	}
	return false
}

// noteReadEmpty records, from the body of a Query or Scan decoded by
// encoding/json, the members sent as "" that DynamoDB tells from left out:
// the expressions, TableName, IndexName and the ComparisonOperators of the
// legacy conditions in members. A body without "" is not read again.
func noteReadEmpty(body []byte, e *emptyExprs, r *readEmpty, members ...string) {
	*e, *r = emptyExprs{}, readEmpty{}
	if !bytes.Contains(body, []byte(`""`)) {
		return
	}
	var probe map[string]json.RawMessage
	if json.Unmarshal(body, &probe) != nil {
		return
	}
	isEmpty := func(name string) bool {
		raw, ok := probe[name]
		return ok && string(bytes.TrimSpace(raw)) == `""`
	}
	for _, name := range exprNames {
		if isEmpty(name) {
			e.names = append(e.names, name)
		}
	}
	e.emptyTableName = isEmpty("TableName")
	e.emptyIndexName = isEmpty("IndexName")
	var ops []string
	for _, m := range members {
		var conds map[string]struct{ ComparisonOperator *string }
		if raw, ok := probe[m]; !ok || json.Unmarshal(raw, &conds) != nil {
			continue
		}
		for _, name := range slices.Sorted(maps.Keys(conds)) {
			if op := conds[name].ComparisonOperator; op != nil && *op == "" {
				ops = append(ops, m+"."+name)
			}
		}
	}
	if ops != nil {
		r.emptyOperators = &ops
	}
}

// EmptyTableName reports whether the request sent TableName as "" (as
// opposed to leaving it out).
func (e emptyExprs) EmptyTableName() bool { return e.emptyTableName }

// EmptyExpressions returns the expression parameters that were sent as
// empty strings (only known for requests decoded from JSON).
func (e emptyExprs) EmptyExpressions() []string { return e.names }

// UnmarshalJSON decodes the request and notes empty expressions: in one
// pass when the request is as SDKs send it (see request_json.go), with
// encoding/json otherwise.
func (in *PutItemInput) UnmarshalJSON(b []byte) error {
	if in.decodeFast(b) {
		return nil
	}
	type plain PutItemInput
	if err := json.Unmarshal(b, (*plain)(in)); err != nil {
		return err
	}
	in.emptyExprs.names = emptyExpressions(b)
	in.emptyExprs.emptyTableName = sentEmpty(b, "TableName")
	return nil
}

// UnmarshalJSON decodes the request and notes empty expressions: in one
// pass when the request is as SDKs send it (see request_json.go), with
// encoding/json otherwise.
func (in *DeleteItemInput) UnmarshalJSON(b []byte) error {
	if in.decodeFast(b) {
		return nil
	}
	type plain DeleteItemInput
	if err := json.Unmarshal(b, (*plain)(in)); err != nil {
		return err
	}
	in.emptyExprs.names = emptyExpressions(b)
	in.emptyExprs.emptyTableName = sentEmpty(b, "TableName")
	return nil
}

// UnmarshalJSON decodes the request and notes empty expressions: in one
// pass when the request is as SDKs send it (see request_json.go), with
// encoding/json otherwise.
func (in *UpdateItemInput) UnmarshalJSON(b []byte) error {
	if in.decodeFast(b) {
		return nil
	}
	type plain UpdateItemInput
	if err := json.Unmarshal(b, (*plain)(in)); err != nil {
		return err
	}
	in.emptyExprs.names = emptyExpressions(b)
	in.emptyExprs.emptyTableName = sentEmpty(b, "TableName")
	return nil
}

// UnmarshalJSON decodes the request and notes empty expressions: in one
// pass when the request is as SDKs send it (see request_json.go), with
// encoding/json otherwise.
func (in *GetItemInput) UnmarshalJSON(b []byte) error {
	if in.decodeFast(b) {
		return nil
	}
	type plain GetItemInput
	if err := json.Unmarshal(b, (*plain)(in)); err != nil {
		return err
	}
	in.emptyExprs.names = emptyExpressions(b)
	in.emptyExprs.emptyTableName = sentEmpty(b, "TableName")
	return nil
}

// UnmarshalJSON decodes the request and notes empty expressions: in one
// pass when the request is as SDKs send it (see request_json.go), with
// encoding/json otherwise.
func (in *QueryInput) UnmarshalJSON(b []byte) error {
	if in.decodeFast(b) {
		return nil
	}
	type plain QueryInput
	if err := json.Unmarshal(b, (*plain)(in)); err != nil {
		return err
	}
	noteReadEmpty(b, &in.emptyExprs, &in.readEmpty, "QueryFilter", "KeyConditions")
	return nil
}

// UnmarshalJSON decodes the request and notes empty expressions: in one
// pass when the request is as SDKs send it (see request_json.go), with
// encoding/json otherwise.
func (in *ScanInput) UnmarshalJSON(b []byte) error {
	if in.decodeFast(b) {
		return nil
	}
	type plain ScanInput
	if err := json.Unmarshal(b, (*plain)(in)); err != nil {
		return err
	}
	noteReadEmpty(b, &in.emptyExprs, &in.readEmpty, "ScanFilter")
	return nil
}
