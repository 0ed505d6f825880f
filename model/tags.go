package model

import "encoding/json"

// Tag is a key-value pair on a table (TagResource, CreateTable's Tags,
// ListTagsOfResource). DynamoDB tells a missing Key or Value (null) from an
// empty one: an empty Value is allowed, a missing one is not. A Tag built in
// Go has both; in a request the HTTP server decoded, NoteEmpty recorded
// what the body left out.
type Tag struct {
	Key   string `json:"Key"`
	Value string `json:"Value"`
	// noKey and noValue are set when a decoded request omitted them (or
	// sent null).
	noKey, noValue bool
}

// HasKey and HasValue report whether the request gave the Key and Value.
func (t Tag) HasKey() bool   { return !t.noKey }
func (t Tag) HasValue() bool { return !t.noValue }

// TagResourceInput is TagResource's request. ResourceArn is nil when the
// request did not name one.
type TagResourceInput struct {
	ResourceArn *string `json:"ResourceArn"`
	Tags        []Tag   `json:"Tags"`
}

// TagResourceOutput is TagResource's response: DynamoDB sends an HTTP 200
// with an empty body.
type TagResourceOutput struct{}

// NoBody marks the response as one DynamoDB sends with an empty body.
func (TagResourceOutput) NoBody() {}

// UntagResourceInput is UntagResource's request.
type UntagResourceInput struct {
	ResourceArn *string  `json:"ResourceArn"`
	TagKeys     []string `json:"TagKeys"`
}

// UntagResourceOutput is UntagResource's response: an empty body.
type UntagResourceOutput struct{}

// NoBody marks the response as one DynamoDB sends with an empty body.
func (UntagResourceOutput) NoBody() {}

// ListTagsOfResourceInput is ListTagsOfResource's request.
type ListTagsOfResourceInput struct {
	ResourceArn *string `json:"ResourceArn"`
	NextToken   string  `json:"NextToken,omitempty"`
}

// ListTagsOfResourceOutput is ListTagsOfResource's response: the tags, an
// empty list when there are none.
type ListTagsOfResourceOutput struct {
	Tags      []Tag  `json:"Tags"`
	NextToken string `json:"NextToken,omitempty"`
}

// MarshalJSON writes Tags as a list even when there are none, as DynamoDB
// does ({"Tags":[]}).
func (o ListTagsOfResourceOutput) MarshalJSON() ([]byte, error) {
	type plain ListTagsOfResourceOutput
	if o.Tags == nil {
		o.Tags = []Tag{}
	}
	return json.Marshal(plain(o))
}
