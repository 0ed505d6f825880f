package remote

import (
	"context"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// The tail through the backend, against the engine behind the server:
// only what is written after it starts, every record as the Streams API
// gives it, and the shard's end when the stream is turned off.
func TestTailThroughTheBackend(t *testing.T) {
	tw := newTwins(t)
	ctx := context.Background()
	if _, err := tw.served.CreateTable(ctx, ordersTable()); err != nil {
		t.Fatal(err)
	}
	put := func(pk, sk string) {
		t.Helper()
		if _, err := tw.served.PutItem(ctx, &model.PutItemInput{TableName: "Orders", Item: allTypes(pk, sk)}); err != nil {
			t.Fatal(err)
		}
	}
	put("before", "1")
	tail, err := NewTail(ctx, tw.ro, "Orders")
	if err != nil {
		t.Fatal(err)
	}
	recs, err := tail.Poll(ctx)
	if err != nil || len(recs) != 0 {
		t.Fatalf("a tail at LATEST read %d records (%v)", len(recs), err)
	}
	put("a", "1")
	put("a", "2")
	if _, err := tw.served.DeleteItem(ctx, &model.DeleteItemInput{TableName: "Orders", Key: model.Item{"pk": model.S("a"), "sk": model.N("1")}}); err != nil {
		t.Fatal(err)
	}
	recs, err = tail.Poll(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// What the engine's own Streams API has after the first record.
	shard := tail.Shards()[0].ShardID
	it, err := tw.served.GetShardIterator(ctx, &model.GetShardIteratorInput{StreamArn: tail.StreamArn(), ShardId: shard,
		ShardIteratorType: model.IteratorTrimHorizon})
	if err != nil {
		t.Fatal(err)
	}
	all, err := tw.served.GetRecords(ctx, &model.GetRecordsInput{ShardIterator: it.ShardIterator})
	if err != nil {
		t.Fatal(err)
	}
	if g, w := canonical(t, recs, nil), canonical(t, all.Records[1:], nil); g != w {
		t.Fatalf("tail read\n%s\nthe stream has\n%s", g, w)
	}
	if names := eventNames(recs); names != "INSERT INSERT REMOVE" {
		t.Fatalf("events %s", names)
	}
	// Turning the stream off closes the shard: the tail reads it to its
	// end and stops reading it.
	if _, err := tw.served.UpdateTable(ctx, &model.UpdateTableInput{TableName: "Orders",
		StreamSpecification: &model.StreamSpecification{StreamEnabled: false}}); err != nil {
		t.Fatal(err)
	}
	if _, err := tail.Poll(ctx); err != nil {
		t.Fatal(err)
	}
	if sh := tail.Shards(); len(sh) != 1 || sh[0].Reading || sh[0].Records != 3 {
		t.Fatalf("shards after the stream was turned off: %+v", sh)
	}

	if _, err := tw.served.CreateTable(ctx, plainTable()); err != nil {
		t.Fatal(err)
	}
	_, err = NewTail(ctx, tw.ro, "Plain")
	if me, ok := err.(*model.Error); !ok || me.Code != ErrNoStream || me.Error() != "no stream: table Plain has no stream" {
		t.Fatalf("a table without a stream: %#v", err)
	}
	_, err = NewTail(ctx, tw.ro, "Nope")
	if me, ok := err.(*model.Error); !ok || me.Code != model.ErrResourceNotFound {
		t.Fatalf("a missing table: %#v", err)
	}
}

func eventNames(recs []model.Record) string {
	var names []string
	for _, r := range recs {
		names = append(names, r.EventName)
	}
	return strings.Join(names, " ")
}

// fakeStreams is a stream with several shards, scripted: shards can be
// added, closed and written to, iterators expired.
type fakeStreams struct {
	shards  []*fakeShard
	expired map[string]bool
	calls   []string
	seq     int
	pageMax int // DescribeStream page size
}

type fakeShard struct {
	id, parent string
	records    []model.Record
	closed     bool
}

const fakeArn = "arn:aws:dynamodb:us-east-1:000000000000:table/T/stream/2025-01-01T00:00:00.000"

func (f *fakeStreams) shard(id string) *fakeShard {
	for _, s := range f.shards {
		if s.id == id {
			return s
		}
	}
	return nil
}

func (f *fakeStreams) write(shard string) {
	f.seq++
	s := f.shard(shard)
	s.records = append(s.records, model.Record{EventName: model.EventInsert, Dynamodb: &model.StreamRecord{SequenceNumber: fmt.Sprintf("%03d", f.seq)}})
}

func (f *fakeStreams) ListStreams(_ context.Context, in *model.ListStreamsInput) (*model.ListStreamsOutput, error) {
	f.calls = append(f.calls, "ListStreams")
	return &model.ListStreamsOutput{Streams: []model.Stream{
		{StreamArn: "old", TableName: "T", StreamLabel: "2024-01-01T00:00:00.000"},
		{StreamArn: fakeArn, TableName: "T", StreamLabel: "2025-01-01T00:00:00.000"}}}, nil
}

func (f *fakeStreams) DescribeStream(_ context.Context, in *model.DescribeStreamInput) (*model.DescribeStreamOutput, error) {
	f.calls = append(f.calls, "DescribeStream "+in.ExclusiveStartShardId)
	d := &model.StreamDescription{StreamArn: fakeArn}
	started := in.ExclusiveStartShardId == ""
	for _, s := range f.shards {
		if !started {
			started = s.id == in.ExclusiveStartShardId
			continue
		}
		if len(d.Shards) == f.pageMax {
			d.LastEvaluatedShardId = d.Shards[len(d.Shards)-1].ShardId
			break
		}
		r := &model.SequenceNumberRange{StartingSequenceNumber: "000"}
		if s.closed {
			r.EndingSequenceNumber = "999"
		}
		d.Shards = append(d.Shards, model.Shard{ShardId: s.id, ParentShardId: s.parent, SequenceNumberRange: r})
	}
	return &model.DescribeStreamOutput{StreamDescription: d}, nil
}

func (f *fakeStreams) GetShardIterator(_ context.Context, in *model.GetShardIteratorInput) (*model.GetShardIteratorOutput, error) {
	f.calls = append(f.calls, "GetShardIterator "+in.ShardId+" "+in.ShardIteratorType+" "+in.SequenceNumber)
	s := f.shard(in.ShardId)
	pos := 0
	switch in.ShardIteratorType {
	case model.IteratorLatest:
		pos = len(s.records)
	case model.IteratorAfterSequenceNumber:
		for i, r := range s.records {
			if r.Dynamodb.SequenceNumber == in.SequenceNumber {
				pos = i + 1
			}
		}
	}
	return &model.GetShardIteratorOutput{ShardIterator: s.id + "@" + strconv.Itoa(pos)}, nil
}

func (f *fakeStreams) GetRecords(_ context.Context, in *model.GetRecordsInput) (*model.GetRecordsOutput, error) {
	f.calls = append(f.calls, "GetRecords "+in.ShardIterator)
	if f.expired[in.ShardIterator] {
		delete(f.expired, in.ShardIterator)
		return nil, model.NewError(model.ErrExpiredIterator, "Iterator expired")
	}
	id, p, _ := strings.Cut(in.ShardIterator, "@")
	pos, _ := strconv.Atoi(p)
	s := f.shard(id)
	out := &model.GetRecordsOutput{Records: append([]model.Record{}, s.records[pos:]...)}
	if !s.closed {
		out.NextShardIterator = s.id + "@" + strconv.Itoa(len(s.records))
	}
	return out, nil
}

func seqs(recs []model.Record) string {
	var out []string
	for _, r := range recs {
		out = append(out, r.Dynamodb.SequenceNumber)
	}
	return strings.Join(out, " ")
}

// The tail reads every open shard, skips shards closed before it started,
// describes the stream again when a shard ends and reads the new shards
// from TRIM_HORIZON, and renews an expired iterator after the last record
// it read.
func TestTailShards(t *testing.T) {
	ctx := context.Background()
	f := &fakeStreams{pageMax: 2, expired: map[string]bool{}, shards: []*fakeShard{
		{id: "s0", closed: true}, {id: "s1"}, {id: "s2"}}}
	f.write("s1")
	tail, err := NewTail(ctx, f, "T")
	if err != nil {
		t.Fatal(err)
	}
	if tail.StreamArn() != fakeArn || tail.StreamLabel() != "2025-01-01T00:00:00.000" {
		t.Fatalf("followed %s", tail.StreamArn())
	}
	wantCalls := []string{"ListStreams", "DescribeStream ", "DescribeStream s1",
		"GetShardIterator s1 LATEST ", "GetShardIterator s2 LATEST "}
	if !reflect.DeepEqual(f.calls, wantCalls) {
		t.Fatalf("calls %q", f.calls)
	}
	f.write("s1")
	f.write("s2")
	recs, err := tail.Poll(ctx)
	if err != nil || seqs(recs) != "002 003" {
		t.Fatalf("poll: %s (%v)", seqs(recs), err)
	}
	// s1 closes after one more record; its child s3 opens and is written.
	f.write("s1")
	f.shard("s1").closed = true
	f.shards = append(f.shards, &fakeShard{id: "s3", parent: "s1"})
	f.write("s3")
	f.write("s2")
	recs, err = tail.Poll(ctx)
	if err != nil || seqs(recs) != "004 006" {
		t.Fatalf("poll as s1 closes: %s (%v)", seqs(recs), err)
	}
	// s3 was found and is read from its start.
	recs, err = tail.Poll(ctx)
	if err != nil || seqs(recs) != "005" {
		t.Fatalf("poll after s3 appeared: %s (%v)", seqs(recs), err)
	}
	// An expired iterator is renewed after the last record read.
	f.write("s2")
	f.expired["s2@2"] = true
	f.calls = nil
	recs, err = tail.Poll(ctx)
	if err != nil || seqs(recs) != "007" {
		t.Fatalf("poll with an expired iterator: %s (%v)", seqs(recs), err)
	}
	if !reflect.DeepEqual(f.calls[:3], []string{"GetRecords s2@2", "GetShardIterator s2 AFTER_SEQUENCE_NUMBER 006", "GetRecords s2@2"}) {
		t.Fatalf("calls %q", f.calls)
	}
	want := []TailShard{{ShardID: "s0", Reading: false, Records: 0}, {ShardID: "s1", Reading: false, Records: 2}, {ShardID: "s2", Reading: true, Records: 3}, {ShardID: "s3", Reading: true, Records: 1}}
	if got := tail.Shards(); !reflect.DeepEqual(got, want) {
		t.Fatalf("shards %+v", got)
	}
}
