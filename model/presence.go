package model

import (
	"bytes"
	"encoding/json"
	"slices"
)

// DynamoDB tells a member sent as "" from one left out: an empty string
// fails a length constraint ("Value '' at 'tableName' failed to satisfy
// constraint: Member must have length greater than or equal to 1"), a
// missing one the null constraint ("Value null at 'tableName' …"). Go's zero
// value cannot tell them apart, so the HTTP server has a decoded request
// record (NoteEmpty) which members its body sent as "" or left out. A
// request built in Go records nothing: there "" means absent (null), and a
// Tag always has its Key and Value.

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

// EmptyNoter is implemented by the requests that record which members a
// JSON body sent as "" or left out, where DynamoDB tells them apart. The
// HTTP server calls NoteEmpty with the body after decoding it (decoding
// itself stays the standard one, strict or not as its caller chooses).
type EmptyNoter interface {
	NoteEmpty(body []byte)
}

// bodyProbe is the part of a request body whose empty and missing members
// matter: TableName, and the members of AttributeDefinitions and Tags.
type bodyProbe struct {
	TableName            json.RawMessage
	AttributeDefinitions []map[string]json.RawMessage
	Tags                 []map[string]json.RawMessage
}

// probeBody reads a body's probe; a body of another shape gives none.
func probeBody(body []byte) bodyProbe {
	var p bodyProbe
	if json.Unmarshal(body, &p) != nil {
		return bodyProbe{}
	}
	return p
}

// isEmptyString and isMissing classify one raw member.
func isEmptyString(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == `""` }
func isMissing(raw json.RawMessage) bool {
	return raw == nil || string(bytes.TrimSpace(raw)) == "null"
}

// noteDefinitions marks the definitions whose name or type came as "".
func noteDefinitions(defs []AttributeDefinition, raw []map[string]json.RawMessage) {
	for i := range defs {
		if i < len(raw) {
			defs[i].emptyName = defs[i].AttributeName == "" && isEmptyString(raw[i]["AttributeName"])
			defs[i].emptyType = defs[i].AttributeType == "" && isEmptyString(raw[i]["AttributeType"])
		}
	}
}

// noteTags marks the tags whose Key or Value was left out or null.
func noteTags(tags []Tag, raw []map[string]json.RawMessage) {
	for i := range tags {
		if i < len(raw) {
			tags[i].noKey = isMissing(raw[i]["Key"])
			tags[i].noValue = isMissing(raw[i]["Value"])
		}
	}
}

// NoteEmpty records an empty TableName.
func (in *DescribeTableInput) NoteEmpty(b []byte) {
	in.tableNameProbe.empty = sentEmpty(b, "TableName")
}

// NoteEmpty records an empty TableName.
func (in *DeleteTableInput) NoteEmpty(b []byte) { in.tableNameProbe.empty = sentEmpty(b, "TableName") }

// NoteEmpty records an empty TableName and an AttributeName sent as "".
func (in *UpdateTimeToLiveInput) NoteEmpty(b []byte) {
	in.tableNameProbe.empty = sentEmpty(b, "TableName")
	if in.TimeToLiveSpecification != nil && in.TimeToLiveSpecification.AttributeName == "" {
		var probe struct {
			TimeToLiveSpecification json.RawMessage
		}
		if json.Unmarshal(b, &probe) == nil && probe.TimeToLiveSpecification != nil {
			in.emptyAttributeName = sentEmpty(probe.TimeToLiveSpecification, "AttributeName")
		}
	}
}

// EmptyAttributeName reports whether the request sent
// TimeToLiveSpecification.AttributeName as "" (as opposed to leaving it
// out).
func (in *UpdateTimeToLiveInput) EmptyAttributeName() bool { return in.emptyAttributeName }

// NoteEmpty records an empty TableName.
func (in *DescribeTimeToLiveInput) NoteEmpty(b []byte) {
	in.tableNameProbe.empty = sentEmpty(b, "TableName")
}

// NoteEmpty records an empty TableName, attribute definitions with an
// empty name or type, and tags without a Key or Value.
func (in *CreateTableInput) NoteEmpty(b []byte) {
	if !bytes.Contains(b, []byte(`""`)) && !bytes.Contains(b, []byte("Tags")) {
		return
	}
	p := probeBody(b)
	in.tableNameProbe.empty = isEmptyString(p.TableName)
	noteDefinitions(in.AttributeDefinitions, p.AttributeDefinitions)
	noteTags(in.Tags, p.Tags)
}

// NoteEmpty records an empty TableName and attribute definitions with an
// empty name or type.
func (in *UpdateTableInput) NoteEmpty(b []byte) {
	if !bytes.Contains(b, []byte(`""`)) {
		return
	}
	p := probeBody(b)
	in.tableNameProbe.empty = isEmptyString(p.TableName)
	noteDefinitions(in.AttributeDefinitions, p.AttributeDefinitions)
}

// NoteEmpty records tags without a Key or Value.
func (in *TagResourceInput) NoteEmpty(b []byte) {
	noteTags(in.Tags, probeBody(b).Tags)
}

// EmptyName and EmptyType report whether a decoded definition sent its
// AttributeName or AttributeType as "" (rather than leaving it out).
func (ad AttributeDefinition) EmptyName() bool { return ad.emptyName }
func (ad AttributeDefinition) EmptyType() bool { return ad.emptyType }

// NoteEmpty records an empty TableName.
func (in *SearchVectorsInput) NoteEmpty(b []byte) {
	in.tableNameProbe.empty = sentEmpty(b, "TableName")
}

// NoteEmpty records the tables whose ProjectionExpression was sent as "":
// DynamoDB finds it empty ("Invalid ProjectionExpression: The expression
// can not be empty;") where one left out is no projection. A body without
// "" is not read again.
func (in *BatchGetItemInput) NoteEmpty(b []byte) {
	in.emptyProjections = nil
	if !bytes.Contains(b, []byte(`""`)) {
		return
	}
	var probe struct {
		RequestItems map[string]map[string]json.RawMessage
	}
	if json.Unmarshal(b, &probe) != nil {
		return
	}
	for table, ka := range probe.RequestItems {
		if raw, ok := ka["ProjectionExpression"]; ok && string(bytes.TrimSpace(raw)) == `""` {
			in.emptyProjections = append(in.emptyProjections, table)
		}
	}
}

// EmptyProjection reports whether the request sent the ProjectionExpression
// of table's KeysAndAttributes as "" (as opposed to leaving it out).
func (in *BatchGetItemInput) EmptyProjection(table string) bool {
	return slices.Contains(in.emptyProjections, table)
}
