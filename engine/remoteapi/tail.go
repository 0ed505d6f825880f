package remoteapi

import (
	"context"
	"errors"

	"github.com/dynoscope/dynoscope/model"
)

// Following a table's stream: ListStreams finds the table's latest stream,
// DescribeStream (every page) its shards, GetShardIterator LATEST starts on
// each shard open at that moment, and each Poll calls GetRecords once on
// every shard being read. A shard that ends (GetRecords returns no next
// iterator) makes the tail describe the stream again; the shards that
// appeared meanwhile (the children of the one that closed) are read from
// TRIM_HORIZON, so no record written after the tail started is missed.

// ErrNoStream is the Code of NewTail's error for a table without a stream.
const ErrNoStream = "no stream"

// Tail follows every open shard of a table's latest stream. It is not safe
// for concurrent use: one goroutine polls it.
type Tail struct {
	api       StreamReader
	table     string
	streamArn string
	label     string
	shards    map[string]*tailShard
	order     []string // shard IDs in the order they were found
	from      string   // where the tail started: LATEST or TRIM_HORIZON
}

// tailShard is where the tail is in one shard.
type tailShard struct {
	id       string
	iterator string // "" once the shard has been read to its end
	lastSeq  string // the sequence number of the last record read
	closed   bool   // known closed at discovery and not read
	records  int
}

// TailShard is one shard as the tail sees it.
type TailShard struct {
	ShardID string
	// Reading is true while the tail reads the shard; false once the shard
	// closed and was read to its end, or for shards closed before the tail
	// started (those are not read).
	Reading bool
	// Records counts the records the tail read from the shard.
	Records int
}

// NewTail starts following the latest stream of table at LATEST: only
// records written from now on are returned. A table without a stream is a
// *model.Error with Code ErrNoStream.
func NewTail(ctx context.Context, api StreamReader, table string) (*Tail, error) {
	return newTail(ctx, api, table, model.IteratorLatest)
}

// NewTailFromStart follows the latest stream of table from TRIM_HORIZON:
// every record the stream still holds (its last 24 hours), then the new
// ones, every shard read, the closed ones too.
func NewTailFromStart(ctx context.Context, api StreamReader, table string) (*Tail, error) {
	return newTail(ctx, api, table, model.IteratorTrimHorizon)
}

func newTail(ctx context.Context, api StreamReader, table, from string) (*Tail, error) {
	var latest model.Stream
	in := &model.ListStreamsInput{TableName: table}
	for {
		out, err := api.ListStreams(ctx, in)
		if err != nil {
			return nil, err
		}
		for _, s := range out.Streams {
			// Stream labels are ISO 8601 times: the greatest is the latest.
			if s.TableName == table && s.StreamLabel >= latest.StreamLabel {
				latest = s
			}
		}
		if out.LastEvaluatedStreamArn == "" {
			break
		}
		in = &model.ListStreamsInput{TableName: table, ExclusiveStartStreamArn: out.LastEvaluatedStreamArn}
	}
	if latest.StreamArn == "" {
		return nil, &model.Error{Code: ErrNoStream, Message: "table " + table + " has no stream"}
	}
	t := &Tail{api: api, table: table, streamArn: latest.StreamArn, label: latest.StreamLabel, shards: map[string]*tailShard{}, from: from}
	if err := t.discover(ctx, from); err != nil {
		return nil, err
	}
	return t, nil
}

// StreamArn is the stream being followed.
func (t *Tail) StreamArn() string { return t.streamArn }

// StreamLabel is the label of the stream being followed.
func (t *Tail) StreamLabel() string { return t.label }

// Shards tells the shards the tail knows, in the order it found them.
func (t *Tail) Shards() []TailShard {
	out := make([]TailShard, 0, len(t.order))
	for _, id := range t.order {
		s := t.shards[id]
		out = append(out, TailShard{ShardID: id, Reading: s.iterator != "", Records: s.records})
	}
	return out
}

// discover describes the stream (every page) and starts reading the open
// shards it does not know yet, from start (LATEST when the tail starts,
// TRIM_HORIZON afterwards).
func (t *Tail) discover(ctx context.Context, start string) error {
	var shards []model.Shard
	in := &model.DescribeStreamInput{StreamArn: t.streamArn}
	for {
		out, err := t.api.DescribeStream(ctx, in)
		if err != nil {
			return err
		}
		if out.StreamDescription == nil {
			break
		}
		shards = append(shards, out.StreamDescription.Shards...)
		if out.StreamDescription.LastEvaluatedShardId == "" {
			break
		}
		in = &model.DescribeStreamInput{StreamArn: t.streamArn, ExclusiveStartShardId: out.StreamDescription.LastEvaluatedShardId}
	}
	for _, sh := range shards {
		if _, known := t.shards[sh.ShardId]; known {
			continue
		}
		closed := sh.SequenceNumberRange != nil && sh.SequenceNumberRange.EndingSequenceNumber != ""
		s := &tailShard{id: sh.ShardId}
		t.shards[sh.ShardId] = s
		t.order = append(t.order, sh.ShardId)
		if closed && start == model.IteratorLatest {
			// Closed before the tail started: nothing after now is in it.
			s.closed = true
			continue
		}
		it, err := t.api.GetShardIterator(ctx, &model.GetShardIteratorInput{StreamArn: t.streamArn, ShardId: sh.ShardId, ShardIteratorType: start})
		if err != nil {
			return err
		}
		s.iterator = it.ShardIterator
	}
	return nil
}

// Poll calls GetRecords once on every shard being read and returns the
// records, shard by shard in the order the shards were found, each shard's
// in sequence order. An iterator that expired (15 minutes unused) is
// renewed after the last record read, so nothing is skipped.
func (t *Tail) Poll(ctx context.Context) ([]model.Record, error) {
	var out []model.Record
	ended := false
	for _, id := range t.order {
		s := t.shards[id]
		if s.iterator == "" {
			continue
		}
		res, err := t.api.GetRecords(ctx, &model.GetRecordsInput{ShardIterator: s.iterator})
		var me *model.Error
		if errors.As(err, &me) && me.Code == model.ErrExpiredIterator {
			if err = t.renew(ctx, s); err == nil {
				res, err = t.api.GetRecords(ctx, &model.GetRecordsInput{ShardIterator: s.iterator})
			}
		}
		if err != nil {
			return out, err
		}
		for _, r := range res.Records {
			if r.Dynamodb != nil {
				s.lastSeq = r.Dynamodb.SequenceNumber
			}
		}
		s.records += len(res.Records)
		out = append(out, res.Records...)
		s.iterator = res.NextShardIterator
		if s.iterator == "" {
			ended = true
		}
	}
	if ended {
		if err := t.discover(ctx, model.IteratorTrimHorizon); err != nil {
			return out, err
		}
	}
	return out, nil
}

// renew replaces an expired iterator: after the last record read, or
// where the tail started (LATEST, TRIM_HORIZON) when none was read yet.
func (t *Tail) renew(ctx context.Context, s *tailShard) error {
	in := &model.GetShardIteratorInput{StreamArn: t.streamArn, ShardId: s.id, ShardIteratorType: t.from}
	if s.lastSeq != "" {
		in.ShardIteratorType = model.IteratorAfterSequenceNumber
		in.SequenceNumber = s.lastSeq
	}
	it, err := t.api.GetShardIterator(ctx, in)
	if err != nil {
		return err
	}
	s.iterator = it.ShardIterator
	return nil
}
