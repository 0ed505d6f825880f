package model

// Identity is the userIdentity of a stream record, set only on TTL deletes:
// Type "Service", PrincipalId "dynamodb.amazonaws.com". The Streams API
// (GetRecords, and so the SDKs' dynamodbstreams clients) spells its members
// Type and PrincipalId; Lambda's event form lower-cases them (type,
// principalId), which is what the developer guide shows.
type Identity struct {
	Type        string `json:"Type"`
	PrincipalID string `json:"PrincipalId"`
}

// StreamRecord is the dynamodb part of a change-stream record.
type StreamRecord struct {
	ApproximateCreationDateTime float64 `json:"ApproximateCreationDateTime"`
	Keys                        Item    `json:"Keys,omitempty"`
	NewImage                    Item    `json:"NewImage,omitempty"`
	OldImage                    Item    `json:"OldImage,omitempty"`
	SequenceNumber              string  `json:"SequenceNumber"`
	SizeBytes                   int64   `json:"SizeBytes"`
	StreamViewType              string  `json:"StreamViewType"`
}

// Record is one change-stream record as the Streams API returns it: the
// record's own members are lower camel case (eventID, eventName, dynamodb,
// userIdentity), those of its dynamodb part Pascal case, as in the service
// model. Lambda adds eventSourceARN, which GetRecords does not return.
type Record struct {
	EventID      string        `json:"eventID"`
	EventName    string        `json:"eventName"`
	EventVersion string        `json:"eventVersion"`
	EventSource  string        `json:"eventSource"`
	AwsRegion    string        `json:"awsRegion"`
	Dynamodb     *StreamRecord `json:"dynamodb"`
	UserIdentity *Identity     `json:"userIdentity,omitempty"`
}

// Stream event names.
const (
	EventInsert = "INSERT"
	EventModify = "MODIFY"
	EventRemove = "REMOVE"
)
