package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine/server"
	"github.com/dynoscope/dynoscope/model"
)

// fakeStreams records what RegisterStreams' handlers decode.
type fakeStreams struct{ got []string }

func (f *fakeStreams) ListStreams(_ context.Context, in *model.ListStreamsInput) (*model.ListStreamsOutput, error) {
	f.got = append(f.got, "ListStreams "+in.TableName)
	return &model.ListStreamsOutput{Streams: []model.Stream{{StreamArn: "arn", TableName: in.TableName, StreamLabel: "l"}}}, nil
}

func (f *fakeStreams) DescribeStream(_ context.Context, in *model.DescribeStreamInput) (*model.DescribeStreamOutput, error) {
	f.got = append(f.got, "DescribeStream "+in.StreamArn)
	return nil, model.NewError(model.ErrResourceNotFound, "Requested resource not found: Stream: %s not found", in.StreamArn)
}

func (f *fakeStreams) GetShardIterator(_ context.Context, in *model.GetShardIteratorInput) (*model.GetShardIteratorOutput, error) {
	f.got = append(f.got, "GetShardIterator "+in.ShardIteratorType+" "+in.SequenceNumber)
	return &model.GetShardIteratorOutput{ShardIterator: "it"}, nil
}

func (f *fakeStreams) GetRecords(_ context.Context, in *model.GetRecordsInput) (*model.GetRecordsOutput, error) {
	f.got = append(f.got, "GetRecords "+in.ShardIterator)
	return nil, model.NewError(model.ErrExpiredIterator, "Iterator expired.")
}

func TestRegisterStreams(t *testing.T) {
	fake := &fakeStreams{}
	s := server.New(&fakeAPI{}, server.Options{})
	server.RegisterStreams(s, fake)
	for _, c := range []struct{ action, body, status, reply string }{
		{"ListStreams", `{"TableName":"t1"}`, "200", `{"Streams":[{"StreamArn":"arn","TableName":"t1","StreamLabel":"l"}]}`},
		{"DescribeStream", `{"StreamArn":"a"}`, "400", `{"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException","message":"Requested resource not found: Stream: a not found"}`},
		{"GetShardIterator", `{"ShardIteratorType":"AT_SEQUENCE_NUMBER","SequenceNumber":"000000000000000000001"}`, "200", `{"ShardIterator":"it"}`},
		{"GetRecords", `{"ShardIterator":"it"}`, "400", `{"__type":"com.amazonaws.dynamodb.v20120810#ExpiredIteratorException","message":"Iterator expired."}`},
	} {
		r := serve(t, s, request{target: "DynamoDBStreams_20120810." + c.action, body: c.body})
		if status := http.StatusText(r.status); r.body != c.reply || (c.status == "200") != (r.status == http.StatusOK) {
			t.Errorf("%s: %d %s %s\nwant %s %s", c.action, r.status, status, r.body, c.status, c.reply)
		}
	}
	want := "ListStreams t1|DescribeStream a|GetShardIterator AT_SEQUENCE_NUMBER 000000000000000000001|GetRecords it"
	if got := strings.Join(fake.got, "|"); got != want {
		t.Fatalf("decoded %s\nwant    %s", got, want)
	}
	// The DynamoDB prefix does not reach the streams actions.
	if r := serve(t, s, request{target: "DynamoDB_20120810.GetRecords", body: `{}`}); r.status != http.StatusBadRequest ||
		!strings.Contains(r.body, "UnknownOperationException") {
		t.Fatalf("GetRecords under the DynamoDB prefix: %d %s", r.status, r.body)
	}
}
