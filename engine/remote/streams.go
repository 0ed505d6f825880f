package remote

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	sttypes "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"

	"github.com/dynoscope/dynoscope/model"
)

var _ StreamReader = (*Backend)(nil)

// ListStreams lists one page of streams, of every table or of one.
func (b *Backend) ListStreams(ctx context.Context, in *model.ListStreamsInput) (*model.ListStreamsOutput, error) {
	out, err := b.streams.ListStreams(ctx, &dynamodbstreams.ListStreamsInput{TableName: optStr(in.TableName), Limit: in.Limit,
		ExclusiveStartStreamArn: optStr(in.ExclusiveStartStreamArn)})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.ListStreamsOutput{Streams: []model.Stream{}, LastEvaluatedStreamArn: deref(out.LastEvaluatedStreamArn)}
	for _, s := range out.Streams {
		res.Streams = append(res.Streams, model.Stream{StreamArn: deref(s.StreamArn), TableName: deref(s.TableName), StreamLabel: deref(s.StreamLabel)})
	}
	return res, nil
}

// DescribeStream describes a stream and one page of its shards.
func (b *Backend) DescribeStream(ctx context.Context, in *model.DescribeStreamInput) (*model.DescribeStreamOutput, error) {
	out, err := b.streams.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: str(in.StreamArn), Limit: in.Limit,
		ExclusiveStartShardId: optStr(in.ExclusiveStartShardId)})
	if err != nil {
		return nil, b.asError(err)
	}
	d := out.StreamDescription
	if d == nil {
		return &model.DescribeStreamOutput{}, nil
	}
	sd := &model.StreamDescription{
		StreamArn:               deref(d.StreamArn),
		StreamLabel:             deref(d.StreamLabel),
		StreamStatus:            string(d.StreamStatus),
		StreamViewType:          string(d.StreamViewType),
		CreationRequestDateTime: epochOf(d.CreationRequestDateTime),
		TableName:               deref(d.TableName),
		Shards:                  []model.Shard{},
		LastEvaluatedShardId:    deref(d.LastEvaluatedShardId),
	}
	for _, k := range d.KeySchema {
		sd.KeySchema = append(sd.KeySchema, model.KeySchemaElement{AttributeName: deref(k.AttributeName), KeyType: string(k.KeyType)})
	}
	for _, s := range d.Shards {
		ms := model.Shard{ShardId: deref(s.ShardId), ParentShardId: deref(s.ParentShardId)}
		if r := s.SequenceNumberRange; r != nil {
			ms.SequenceNumberRange = &model.SequenceNumberRange{StartingSequenceNumber: deref(r.StartingSequenceNumber),
				EndingSequenceNumber: deref(r.EndingSequenceNumber)}
		}
		sd.Shards = append(sd.Shards, ms)
	}
	return &model.DescribeStreamOutput{StreamDescription: sd}, nil
}

// GetShardIterator returns an iterator into one shard.
func (b *Backend) GetShardIterator(ctx context.Context, in *model.GetShardIteratorInput) (*model.GetShardIteratorOutput, error) {
	req := &dynamodbstreams.GetShardIteratorInput{StreamArn: str(in.StreamArn), ShardId: str(in.ShardId),
		ShardIteratorType: sttypes.ShardIteratorType(in.ShardIteratorType), SequenceNumber: optStr(in.SequenceNumber)}
	if in.Timestamp != nil {
		t := time.UnixMilli(int64(*in.Timestamp * 1000)).UTC()
		req.Timestamp = &t
	}
	out, err := b.streams.GetShardIterator(ctx, req)
	if err != nil {
		return nil, b.asError(err)
	}
	return &model.GetShardIteratorOutput{ShardIterator: deref(out.ShardIterator)}, nil
}

// GetRecords reads the records after an iterator.
func (b *Backend) GetRecords(ctx context.Context, in *model.GetRecordsInput) (*model.GetRecordsOutput, error) {
	out, err := b.streams.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: str(in.ShardIterator), Limit: in.Limit})
	if err != nil {
		return nil, b.asError(err)
	}
	res := &model.GetRecordsOutput{Records: []model.Record{}, NextShardIterator: deref(out.NextShardIterator)}
	for _, r := range out.Records {
		mr := model.Record{EventID: deref(r.EventID), EventName: string(r.EventName), EventVersion: deref(r.EventVersion),
			EventSource: deref(r.EventSource), AwsRegion: deref(r.AwsRegion)}
		if d := r.Dynamodb; d != nil {
			sr := &model.StreamRecord{ApproximateCreationDateTime: epochOf(d.ApproximateCreationDateTime),
				SequenceNumber: deref(d.SequenceNumber), SizeBytes: aws.ToInt64(d.SizeBytes), StreamViewType: string(d.StreamViewType)}
			if sr.Keys, err = fromStreamItem(d.Keys); err != nil {
				return nil, err
			}
			if sr.NewImage, err = fromStreamItem(d.NewImage); err != nil {
				return nil, err
			}
			if sr.OldImage, err = fromStreamItem(d.OldImage); err != nil {
				return nil, err
			}
			mr.Dynamodb = sr
		}
		if u := r.UserIdentity; u != nil {
			mr.UserIdentity = &model.Identity{Type: deref(u.Type), PrincipalID: deref(u.PrincipalId)}
		}
		res.Records = append(res.Records, mr)
	}
	return res, nil
}
