package server

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

// StreamsAPI is the DynamoDB Streams API. *engine.Engine implements it.
// Every error returned should be a *model.Error.
type StreamsAPI interface {
	ListStreams(ctx context.Context, in *model.ListStreamsInput) (*model.ListStreamsOutput, error)
	DescribeStream(ctx context.Context, in *model.DescribeStreamInput) (*model.DescribeStreamOutput, error)
	GetShardIterator(ctx context.Context, in *model.GetShardIteratorInput) (*model.GetShardIteratorOutput, error)
	GetRecords(ctx context.Context, in *model.GetRecordsInput) (*model.GetRecordsOutput, error)
}

// RegisterStreams serves the DynamoDB Streams actions (X-Amz-Target
// DynamoDBStreams_20120810.ListStreams, DescribeStream, GetShardIterator and
// GetRecords) on s, next to DynamoDB's, so an SDK's streams client pointed
// at the same endpoint reads the engine's streams. Call it before s serves.
func RegisterStreams(s *Server, api StreamsAPI) {
	Register(s, StreamsTarget, "ListStreams", api.ListStreams)
	Register(s, StreamsTarget, "DescribeStream", api.DescribeStream)
	Register(s, StreamsTarget, "GetShardIterator", api.GetShardIterator)
	Register(s, StreamsTarget, "GetRecords", api.GetRecords)
}
