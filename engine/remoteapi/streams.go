package remoteapi

import (
	"context"

	"github.com/dynoscope/dynoscope/model"
)

// StreamReader is the DynamoDB Streams API in the model's shapes. The
// embedded engine and a Backend both have it.
type StreamReader interface {
	ListStreams(ctx context.Context, in *model.ListStreamsInput) (*model.ListStreamsOutput, error)
	DescribeStream(ctx context.Context, in *model.DescribeStreamInput) (*model.DescribeStreamOutput, error)
	GetShardIterator(ctx context.Context, in *model.GetShardIteratorInput) (*model.GetShardIteratorOutput, error)
	GetRecords(ctx context.Context, in *model.GetRecordsInput) (*model.GetRecordsOutput, error)
}
