package model

import (
	"bytes"
	"encoding/json"
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
// and whether it sent TableName as "".
type emptyExprs struct {
	names          []string
	emptyTableName bool
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
	in.emptyExprs.names = emptyExpressions(b)
	in.emptyExprs.emptyTableName = sentEmpty(b, "TableName")
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
	in.emptyExprs.names = emptyExpressions(b)
	in.emptyExprs.emptyTableName = sentEmpty(b, "TableName")
	return nil
}
