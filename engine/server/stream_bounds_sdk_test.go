package server_test

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	sttypes "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
)

// newBoundedStreamsFixture is newStreamsFixture with stream bounds.
func newBoundedStreamsFixture(t *testing.T, start time.Time, r engine.StreamRetention) *streamsFixture {
	t.Helper()
	clock := engine.NewManualClock(start)
	eng, err := engine.Open(engine.Options{Clock: clock, DisableTTLSweeper: true, StreamRetention: r})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	srv := server.New(eng, server.Options{})
	server.RegisterStreams(srv, eng)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	creds := credentials.NewStaticCredentialsProvider("x", "y", "")
	return &streamsFixture{
		eng: eng, clock: clock, url: ts.URL,
		db: dynamodb.New(dynamodb.Options{Region: "us-east-1", Credentials: creds,
			BaseEndpoint: aws.String(ts.URL), Retryer: aws.NopRetryer{}}),
		streams: dynamodbstreams.New(dynamodbstreams.Options{Region: "us-east-1", Credentials: creds,
			BaseEndpoint: aws.String(ts.URL), Retryer: aws.NopRetryer{}}),
	}
}

func wantTrimmed(t *testing.T, what string, err error) {
	t.Helper()
	var trimmed *sttypes.TrimmedDataAccessException
	if !errors.As(err, &trimmed) || trimmed.ErrorMessage() != "The data you are trying to access has been trimmed" {
		t.Fatalf("%s: %v, want TrimmedDataAccessException: The data you are trying to access has been trimmed", what, err)
	}
}

// TestSDKStreamRecordBound: a stream bounded at 10 records, written 25
// times, keeps the last 10; the trim horizon moves as DynamoDB's does, for
// GetShardIterator and for iterators handed out before the trim.
func TestSDKStreamRecordBound(t *testing.T) {
	ctx := context.Background()
	f := newBoundedStreamsFixture(t, time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), engine.StreamRetention{Records: 10})
	sdkOK(f.db.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String("bounded"), BillingMode: ddbtypes.BillingModePayPerRequest,
		KeySchema: ddbHashKey("pk"), AttributeDefinitions: []ddbtypes.AttributeDefinition{ddbAttr("pk", ddbtypes.ScalarAttributeTypeS)}}))(t)
	arn := f.enableStream(t, "bounded", ddbtypes.StreamViewTypeNewAndOldImages)
	putKey := func(i int) {
		sdkOK(f.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("bounded"),
			Item: map[string]ddbtypes.AttributeValue{"pk": ddbS(fmt.Sprintf("k%02d", i))}}))(t)
	}
	shardOf := func() sttypes.Shard {
		return sdkOK(f.streams.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: aws.String(arn)}))(t).StreamDescription.Shards[0]
	}
	iter := func(typ sttypes.ShardIteratorType, seq *string) (*string, error) {
		out, err := f.streams.GetShardIterator(ctx, &dynamodbstreams.GetShardIteratorInput{StreamArn: aws.String(arn),
			ShardId: shardOf().ShardId, ShardIteratorType: typ, SequenceNumber: seq})
		if err != nil {
			return nil, err
		}
		return out.ShardIterator, nil
	}
	keysFrom := func(it *string) string {
		var keys []string
		for it != nil {
			out := sdkOK(f.streams.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: it}))(t)
			if len(out.Records) == 0 {
				break
			}
			for _, r := range out.Records {
				keys = append(keys, r.Dynamodb.Keys["pk"].(*sttypes.AttributeValueMemberS).Value)
			}
			it = out.NextShardIterator
		}
		return strings.Join(keys, " ")
	}

	for i := range 10 {
		putKey(i)
	}
	atStart := sdkOK(iter(sttypes.ShardIteratorTypeTrimHorizon, nil))(t)
	first := sdkOK(f.streams.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: atStart}))(t).Records
	if len(first) != 10 {
		t.Fatalf("10 writes, %d records", len(first))
	}
	for i := 10; i < 25; i++ {
		putKey(i)
	}
	if got := keysFrom(sdkOK(iter(sttypes.ShardIteratorTypeTrimHorizon, nil))(t)); got != "k15 k16 k17 k18 k19 k20 k21 k22 k23 k24" {
		t.Fatalf("TRIM_HORIZON after 25 writes into a 10-record stream reads %q", got)
	}
	// The shard's range starts at the oldest record kept.
	kept := sdkOK(f.streams.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: sdkOK(iter(sttypes.ShardIteratorTypeTrimHorizon, nil))(t)}))(t).Records
	if start := aws.ToString(shardOf().SequenceNumberRange.StartingSequenceNumber); start != aws.ToString(kept[0].Dynamodb.SequenceNumber) {
		t.Fatalf("shard starts at %s, want %s", start, aws.ToString(kept[0].Dynamodb.SequenceNumber))
	}
	// An iterator handed out before the trim now points at trimmed data.
	_, err := f.streams.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: atStart})
	wantTrimmed(t, "GetRecords with an iterator from before the trim", err)
	// AT and AFTER_SEQUENCE_NUMBER on the trim horizon's either side: k14,
	// the last record trimmed, is gone; just after it is the oldest kept.
	// The table's writes are the only ones, so sequence numbers follow on.
	var firstSeq int64
	fmt.Sscan(aws.ToString(first[0].Dynamodb.SequenceNumber), &firstSeq)
	k14 := aws.String(fmt.Sprintf("%021d", firstSeq+14))
	_, err = iter(sttypes.ShardIteratorTypeAtSequenceNumber, first[0].Dynamodb.SequenceNumber)
	wantTrimmed(t, "GetShardIterator AT_SEQUENCE_NUMBER of the first record", err)
	_, err = iter(sttypes.ShardIteratorTypeAtSequenceNumber, k14)
	wantTrimmed(t, "GetShardIterator AT_SEQUENCE_NUMBER of the last record trimmed", err)
	if got := keysFrom(sdkOK(iter(sttypes.ShardIteratorTypeAfterSequenceNumber, k14))(t)); !strings.HasPrefix(got, "k15 ") {
		t.Fatalf("AFTER_SEQUENCE_NUMBER of the last record trimmed reads %q", got)
	}
	if got := keysFrom(sdkOK(iter(sttypes.ShardIteratorTypeAtSequenceNumber, kept[0].Dynamodb.SequenceNumber))(t)); !strings.HasPrefix(got, "k15 ") {
		t.Fatalf("AT_SEQUENCE_NUMBER of the oldest record kept reads %q", got)
	}
	// LATEST still works and sees the next write.
	latest := sdkOK(iter(sttypes.ShardIteratorTypeLatest, nil))(t)
	putKey(25)
	if got := keysFrom(latest); got != "k25" {
		t.Fatalf("LATEST then one write reads %q", got)
	}
	u, ok := f.eng.StreamUsage("bounded")
	if !ok || u.Records != 10 || u.StreamArn != arn || u.Retention.Records != 10 || u.Retention.Age != 24*time.Hour {
		t.Fatalf("StreamUsage = %+v, %v", u, ok)
	}

	// The 24-hour rule holds as well, on the virtual clock.
	f.clock.Advance(24*time.Hour + time.Second)
	if got := keysFrom(sdkOK(iter(sttypes.ShardIteratorTypeTrimHorizon, nil))(t)); got != "" {
		t.Fatalf("TRIM_HORIZON after 24 hours reads %q", got)
	}
	if u, _ := f.eng.StreamUsage("bounded"); u.Records != 0 || u.Bytes != 0 {
		t.Fatalf("StreamUsage after 24 hours = %+v", u)
	}
}
