package model

// Identity is the userIdentity of a stream record (set on TTL deletes).
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

// Record is one change-stream record as the Streams API returns it.
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
