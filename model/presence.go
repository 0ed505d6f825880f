package model

import (
	"bytes"
	"encoding/json"
)

// DynamoDB tells a member sent as "" from one left out: an empty string
// fails a length constraint ("Value '' at 'tableName' failed to satisfy
// constraint: Member must have length greater than or equal to 1"), a
// missing one the null constraint ("Value null at 'tableName' …"). Go's zero
// value cannot tell them apart, so requests decoded from JSON record which
// members came as "". A request built in Go has none: its "" means absent.

// sentEmpty reports whether the JSON object body has member name set to "".
// A body without any "" is not parsed again.
func sentEmpty(body []byte, name string) bool {
	if !bytes.Contains(body, []byte(`""`)) {
		return false
	}
	var probe map[string]json.RawMessage
	if json.Unmarshal(body, &probe) != nil {
		return false
	}
	raw, ok := probe[name]
	return ok && string(bytes.TrimSpace(raw)) == `""`
}

// tableNameProbe records whether a decoded request sent TableName as "".
type tableNameProbe struct{ empty bool }

// EmptyTableName reports whether the request sent TableName as "" (as
// opposed to leaving it out).
func (p tableNameProbe) EmptyTableName() bool { return p.empty }

// UnmarshalJSON decodes the request and notes an empty TableName.
func (in *DescribeTableInput) UnmarshalJSON(b []byte) error {
	type plain DescribeTableInput
	if err := json.Unmarshal(b, (*plain)(in)); err != nil {
		return err
	}
	in.tableNameProbe.empty = sentEmpty(b, "TableName")
	return nil
}

// UnmarshalJSON decodes the request and notes an empty TableName.
func (in *DeleteTableInput) UnmarshalJSON(b []byte) error {
	type plain DeleteTableInput
	if err := json.Unmarshal(b, (*plain)(in)); err != nil {
		return err
	}
	in.tableNameProbe.empty = sentEmpty(b, "TableName")
	return nil
}

// UnmarshalJSON decodes the request and notes an empty TableName.
func (in *CreateTableInput) UnmarshalJSON(b []byte) error {
	type plain CreateTableInput
	if err := json.Unmarshal(b, (*plain)(in)); err != nil {
		return err
	}
	in.tableNameProbe.empty = sentEmpty(b, "TableName")
	return nil
}

// UnmarshalJSON decodes the request and notes an empty TableName.
func (in *UpdateTableInput) UnmarshalJSON(b []byte) error {
	type plain UpdateTableInput
	if err := json.Unmarshal(b, (*plain)(in)); err != nil {
		return err
	}
	in.tableNameProbe.empty = sentEmpty(b, "TableName")
	return nil
}

// UnmarshalJSON decodes the request and notes an empty TableName.
func (in *UpdateTimeToLiveInput) UnmarshalJSON(b []byte) error {
	type plain UpdateTimeToLiveInput
	if err := json.Unmarshal(b, (*plain)(in)); err != nil {
		return err
	}
	in.tableNameProbe.empty = sentEmpty(b, "TableName")
	return nil
}

// UnmarshalJSON decodes the request and notes an empty TableName.
func (in *DescribeTimeToLiveInput) UnmarshalJSON(b []byte) error {
	type plain DescribeTimeToLiveInput
	if err := json.Unmarshal(b, (*plain)(in)); err != nil {
		return err
	}
	in.tableNameProbe.empty = sentEmpty(b, "TableName")
	return nil
}

// UnmarshalJSON decodes an attribute definition and notes a name or type
// sent as "".
func (ad *AttributeDefinition) UnmarshalJSON(b []byte) error {
	type plain AttributeDefinition
	if err := json.Unmarshal(b, (*plain)(ad)); err != nil {
		return err
	}
	ad.emptyName = ad.AttributeName == "" && sentEmpty(b, "AttributeName")
	ad.emptyType = ad.AttributeType == "" && sentEmpty(b, "AttributeType")
	return nil
}

// EmptyName and EmptyType report whether a decoded definition sent its
// AttributeName or AttributeType as "" (rather than leaving it out).
func (ad AttributeDefinition) EmptyName() bool { return ad.emptyName }
func (ad AttributeDefinition) EmptyType() bool { return ad.emptyType }
