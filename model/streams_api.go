package model

// Shapes of the DynamoDB Streams API (target prefix
// DynamoDBStreams_20120810): ListStreams, DescribeStream, GetShardIterator
// and GetRecords. JSON names are the service model's, as the AWS SDKs'
// dynamodbstreams clients send and expect them.

// Stream statuses.
const (
	StreamStatusEnabling  = "ENABLING"
	StreamStatusEnabled   = "ENABLED"
	StreamStatusDisabling = "DISABLING"
	StreamStatusDisabled  = "DISABLED"
)

// Shard iterator types of GetShardIterator.
const (
	IteratorTrimHorizon         = "TRIM_HORIZON"
	IteratorLatest              = "LATEST"
	IteratorAtSequenceNumber    = "AT_SEQUENCE_NUMBER"
	IteratorAfterSequenceNumber = "AFTER_SEQUENCE_NUMBER"
	IteratorAtTimestamp         = "AT_TIMESTAMP"
)

// ListStreamsInput is ListStreams' request. TableName narrows the list to
// one table.
type ListStreamsInput struct {
	TableName               string `json:"TableName,omitempty"`
	Limit                   *int32 `json:"Limit,omitempty"`
	ExclusiveStartStreamArn string `json:"ExclusiveStartStreamArn,omitempty"`
}

// Stream names one stream in ListStreams' answer.
type Stream struct {
	StreamArn   string `json:"StreamArn"`
	TableName   string `json:"TableName"`
	StreamLabel string `json:"StreamLabel"`
}

// ListStreamsOutput is ListStreams' response.
type ListStreamsOutput struct {
	Streams                []Stream `json:"Streams"`
	LastEvaluatedStreamArn string   `json:"LastEvaluatedStreamArn,omitempty"`
}

// DescribeStreamInput is DescribeStream's request.
type DescribeStreamInput struct {
	StreamArn             string `json:"StreamArn"`
	Limit                 *int32 `json:"Limit,omitempty"`
	ExclusiveStartShardId string `json:"ExclusiveStartShardId,omitempty"`
}

// SequenceNumberRange is the range of sequence numbers of a shard. A shard
// without EndingSequenceNumber is still open.
type SequenceNumberRange struct {
	StartingSequenceNumber string `json:"StartingSequenceNumber,omitempty"`
	EndingSequenceNumber   string `json:"EndingSequenceNumber,omitempty"`
}

// Shard is one shard of a stream.
type Shard struct {
	ShardId             string               `json:"ShardId"`
	SequenceNumberRange *SequenceNumberRange `json:"SequenceNumberRange,omitempty"`
	ParentShardId       string               `json:"ParentShardId,omitempty"`
}

// StreamDescription is a stream as DescribeStream tells it.
// CreationRequestDateTime is in epoch seconds.
type StreamDescription struct {
	StreamArn               string             `json:"StreamArn"`
	StreamLabel             string             `json:"StreamLabel"`
	StreamStatus            string             `json:"StreamStatus"`
	StreamViewType          string             `json:"StreamViewType,omitempty"`
	CreationRequestDateTime float64            `json:"CreationRequestDateTime"`
	TableName               string             `json:"TableName"`
	KeySchema               []KeySchemaElement `json:"KeySchema"`
	Shards                  []Shard            `json:"Shards"`
	LastEvaluatedShardId    string             `json:"LastEvaluatedShardId,omitempty"`
}

// DescribeStreamOutput is DescribeStream's response.
type DescribeStreamOutput struct {
	StreamDescription *StreamDescription `json:"StreamDescription"`
}

// GetShardIteratorInput is GetShardIterator's request. SequenceNumber is
// required by AT_SEQUENCE_NUMBER and AFTER_SEQUENCE_NUMBER, Timestamp (epoch
// seconds) by AT_TIMESTAMP.
type GetShardIteratorInput struct {
	StreamArn         string   `json:"StreamArn"`
	ShardId           string   `json:"ShardId"`
	ShardIteratorType string   `json:"ShardIteratorType"`
	SequenceNumber    string   `json:"SequenceNumber,omitempty"`
	Timestamp         *float64 `json:"Timestamp,omitempty"`
}

// GetShardIteratorOutput is GetShardIterator's response.
type GetShardIteratorOutput struct {
	ShardIterator string `json:"ShardIterator"`
}

// GetRecordsInput is GetRecords' request.
type GetRecordsInput struct {
	ShardIterator string `json:"ShardIterator"`
	Limit         *int32 `json:"Limit,omitempty"`
}

// GetRecordsOutput is GetRecords' response. NextShardIterator is empty
// (absent on the wire) once a closed shard has been read to its end.
type GetRecordsOutput struct {
	Records           []Record `json:"Records"`
	NextShardIterator string   `json:"NextShardIterator,omitempty"`
}
