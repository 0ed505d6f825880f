package engine

import (
	"context"
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/engine/stream"
	"github.com/dynoscope/dynoscope/model"
)

// The DynamoDB Streams API: ListStreams, DescribeStream, GetShardIterator
// and GetRecords over the records every write stores in its own
// transaction (see appendStreamRecord). Each stream has one shard. Records
// stay readable for 24 hours of engine time, also after the stream is
// disabled, within the record and byte bounds of Options.StreamRetention
// (see stream_bounds.go); a shard iterator lives 15 minutes of engine time.

// Limits of the Streams API.
const (
	maxListStreams     = 100
	maxDescribeShards  = 100
	maxGetRecords      = 1000
	maxGetRecordsBytes = 1 << 20
)

// ListStreams lists the streams of every table, or of one table, in ARN
// order: each table's latest stream (enabled or disabled) and earlier
// streams that still have records.
func (e *Engine) ListStreams(ctx context.Context, in *model.ListStreamsInput) (*model.ListStreamsOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	c.name(in.TableName, "tableName", false)
	checkStreamLimit(&c, in.Limit, maxListStreams)
	checkStreamLength(&c, in.ExclusiveStartStreamArn, "exclusiveStartStreamArn", 37, 1024)
	if err := c.err(); err != nil {
		return nil, err
	}
	limit := maxListStreams
	if in.Limit != nil {
		limit = int(*in.Limit)
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	var tables []*table
	if in.TableName != "" {
		t := e.tables[in.TableName]
		if t == nil {
			return nil, model.TableNotFound(in.TableName)
		}
		tables = append(tables, t)
	} else {
		for _, t := range e.tables {
			tables = append(tables, t)
		}
	}
	now := e.now()
	var all []model.Stream
	for _, t := range tables {
		e.trimTableStreams(t, now)
		e.db.View(func(tx *buntdb.Tx) error {
			for _, s := range e.tableStreams(tx, t) {
				all = append(all, model.Stream{StreamArn: s.arn, TableName: t.name, StreamLabel: s.label})
			}
			return nil
		})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].StreamArn < all[j].StreamArn })
	if start := in.ExclusiveStartStreamArn; start != "" {
		i := sort.Search(len(all), func(i int) bool { return all[i].StreamArn > start })
		all = all[i:]
	}
	out := &model.ListStreamsOutput{Streams: all}
	if len(all) > limit {
		out.Streams = all[:limit]
		out.LastEvaluatedStreamArn = all[limit-1].StreamArn
	}
	if out.Streams == nil {
		out.Streams = []model.Stream{}
	}
	return out, nil
}

// DescribeStream describes a stream and its one shard. The shard's range
// starts at its oldest untrimmed record; a disabled stream's shard is
// closed and ends at its last record.
func (e *Engine) DescribeStream(ctx context.Context, in *model.DescribeStreamInput) (*model.DescribeStreamOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	checkStreamRequired(&c, in.StreamArn, "streamArn", 37, 1024)
	checkStreamLimit(&c, in.Limit, maxDescribeShards)
	checkStreamLength(&c, in.ExclusiveStartShardId, "exclusiveStartShardId", 28, 65)
	if err := c.err(); err != nil {
		return nil, err
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	s, merr := e.resolveStream(in.StreamArn)
	if merr != nil {
		return nil, merr
	}
	if _, err := e.trimStream(s, e.now()); err != nil {
		return nil, asError(err)
	}
	d := &model.StreamDescription{
		StreamArn:               s.arn,
		StreamLabel:             s.label,
		StreamStatus:            s.status(),
		CreationRequestDateTime: epoch(s.created()),
		TableName:               s.t.name,
		KeySchema:               append([]model.KeySchemaElement(nil), s.t.meta.Desc.KeySchema...),
		Shards:                  []model.Shard{},
	}
	if s.enabled {
		d.StreamViewType, _ = s.t.streamEnabled()
	}
	shard := model.Shard{ShardId: s.shardID(), SequenceNumberRange: &model.SequenceNumberRange{}}
	err := e.db.View(func(tx *buntdb.Tx) error {
		prefix := s.prefix()
		first, v, ok := firstStreamRecord(tx, prefix, 0)
		mark := streamMark(tx, prefix)
		var start uint64
		switch {
		case ok:
			start = streamSeqFromKey(first)
			if d.StreamViewType == "" {
				d.StreamViewType = streamRecordViewType(v)
			}
		case mark > 0:
			start = mark + 1
		default:
			start = e.streamSeq.Load() + 1
		}
		shard.SequenceNumberRange.StartingSequenceNumber = formatStreamSeq(start)
		if !s.enabled {
			end := start
			if last, ok := lastStreamSeq(tx, prefix); ok {
				end = last
			}
			shard.SequenceNumberRange.EndingSequenceNumber = formatStreamSeq(end)
		}
		return nil
	})
	if err != nil {
		return nil, asError(err)
	}
	if in.ExclusiveStartShardId != shard.ShardId {
		d.Shards = append(d.Shards, shard)
	}
	return &model.DescribeStreamOutput{StreamDescription: d}, nil
}

// streamRecordViewType reads the view type of a stored record.
func streamRecordViewType(v string) string {
	var r model.Record
	if json.Unmarshal([]byte(v), &r) != nil || r.Dynamodb == nil {
		return ""
	}
	return r.Dynamodb.StreamViewType
}

// GetShardIterator returns an iterator into a stream's shard: at its oldest
// untrimmed record (TRIM_HORIZON), after its newest (LATEST), at or after a
// sequence number, or at the first record written at or after a time.
func (e *Engine) GetShardIterator(ctx context.Context, in *model.GetShardIteratorInput) (*model.GetShardIteratorOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	checkStreamRequired(&c, in.StreamArn, "streamArn", 37, 1024)
	checkStreamRequired(&c, in.ShardId, "shardId", 28, 65)
	if in.ShardIteratorType == "" {
		c.add(nil, "shardIteratorType", "Member must not be null")
	}
	c.enum(in.ShardIteratorType, "shardIteratorType", model.IteratorTrimHorizon, model.IteratorLatest,
		model.IteratorAtSequenceNumber, model.IteratorAfterSequenceNumber, model.IteratorAtTimestamp)
	checkStreamLength(&c, in.SequenceNumber, "sequenceNumber", 21, 40)
	if err := c.err(); err != nil {
		return nil, err
	}
	var seq uint64
	switch in.ShardIteratorType {
	case model.IteratorAtSequenceNumber, model.IteratorAfterSequenceNumber:
		if in.SequenceNumber == "" {
			return nil, model.Validation("SequenceNumber is required for ShardIteratorType %s", in.ShardIteratorType)
		}
		n, err := strconv.ParseUint(in.SequenceNumber, 10, 64)
		if err != nil {
			return nil, model.Validation("Invalid SequenceNumber: %s", in.SequenceNumber)
		}
		seq = n
	case model.IteratorAtTimestamp:
		if in.Timestamp == nil {
			return nil, model.Validation("Timestamp is required for ShardIteratorType AT_TIMESTAMP")
		}
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	s, merr := e.resolveStream(in.StreamArn)
	if merr != nil {
		return nil, merr
	}
	if in.ShardId != s.shardID() {
		return nil, model.NewError(model.ErrResourceNotFound, "Requested resource not found: Shard does not exist")
	}
	now := e.now()
	if _, err := e.trimStream(s, now); err != nil {
		return nil, asError(err)
	}
	it := stream.Iterator{ARN: s.arn, Issued: now}
	var ierr *model.Error
	e.db.View(func(tx *buntdb.Tx) error {
		mark := streamMark(tx, s.prefix())
		switch in.ShardIteratorType {
		case model.IteratorTrimHorizon:
			it.From = mark + 1
		case model.IteratorLatest:
			it.From = e.streamSeq.Load() + 1
		case model.IteratorAtSequenceNumber, model.IteratorAfterSequenceNumber:
			if seq > e.streamSeq.Load() {
				ierr = model.Validation("Invalid SequenceNumber: %s", in.SequenceNumber)
				return nil
			}
			it.From = seq
			if in.ShardIteratorType == model.IteratorAfterSequenceNumber {
				it.From++
			}
			if it.From <= mark {
				ierr = stream.TrimmedData()
			}
		case model.IteratorAtTimestamp:
			it.From = streamSeqAtTime(tx, s.prefix(), *in.Timestamp, e.streamSeq.Load()+1)
		}
		return nil
	})
	if ierr != nil {
		return nil, ierr
	}
	return &model.GetShardIteratorOutput{ShardIterator: it.Encode()}, nil
}

// streamSeqAtTime returns the sequence number of a stream's first record
// written at or after ts (epoch seconds), or next when there is none.
func streamSeqAtTime(tx *buntdb.Tx, prefix string, ts float64, next uint64) uint64 {
	from := next
	tx.AscendGreaterOrEqual("", prefix+"0", func(k, v string) bool {
		if !strings.HasPrefix(k, prefix) {
			return false
		}
		if t, ok := stream.RecordTime(v); ok && t >= ts {
			from = streamSeqFromKey(k)
			return false
		}
		return true
	})
	return from
}

// GetRecords reads up to Limit (at most 1000) records, and at most 1 MB,
// from a shard iterator's position, oldest first, and returns the iterator
// for what follows. Once a disabled stream has been read to its end there
// is no next iterator.
func (e *Engine) GetRecords(ctx context.Context, in *model.GetRecordsInput) (*model.GetRecordsOutput, error) {
	if err := e.checkOpen(ctx); err != nil {
		return nil, err
	}
	var c constraints
	checkStreamRequired(&c, in.ShardIterator, "shardIterator", 1, 2048)
	checkStreamLimit(&c, in.Limit, maxGetRecords)
	if err := c.err(); err != nil {
		return nil, err
	}
	limit := maxGetRecords
	if in.Limit != nil {
		limit = int(*in.Limit)
	}
	it, merr := stream.DecodeIterator(in.ShardIterator)
	if merr != nil {
		return nil, merr
	}
	now := e.now()
	if now.Sub(it.Issued) > stream.IteratorLifetime {
		return nil, stream.ExpiredIterator(it.Issued, now)
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	s, merr := e.resolveStream(it.ARN)
	if merr != nil {
		return nil, merr
	}
	if _, err := e.trimStream(s, now); err != nil {
		return nil, asError(err)
	}
	out := &model.GetRecordsOutput{Records: []model.Record{}}
	next, more := it.From, false
	err := e.db.View(func(tx *buntdb.Tx) error {
		prefix := s.prefix()
		if it.From <= streamMark(tx, prefix) {
			return stream.TrimmedData()
		}
		size := 0
		var derr error
		tx.AscendGreaterOrEqual("", streamKey(s.t.name, s.label, it.From), func(k, v string) bool {
			if !strings.HasPrefix(k, prefix) {
				return false
			}
			if len(out.Records) == limit || (len(out.Records) > 0 && size+len(v) > maxGetRecordsBytes) {
				more = true
				return false
			}
			var r model.Record
			if derr = json.Unmarshal([]byte(v), &r); derr != nil {
				return false
			}
			out.Records = append(out.Records, r)
			size += len(v)
			next = streamSeqFromKey(k) + 1
			return true
		})
		return derr
	})
	if err != nil {
		return nil, asError(err)
	}
	if s.enabled || more {
		out.NextShardIterator = stream.Iterator{ARN: s.arn, From: next, Issued: now}.Encode()
	}
	return out, nil
}

// checkStreamLimit checks an optional Limit against 1..max.
func checkStreamLimit(c *constraints, limit *int32, max int) {
	if limit == nil {
		return
	}
	if *limit < 1 {
		c.add(*limit, "limit", "Member must have value greater than or equal to 1")
	}
	if int(*limit) > max {
		c.add(*limit, "limit", "Member must have value less than or equal to "+strconv.Itoa(max))
	}
}

// checkStreamLength checks an optional string's length.
func checkStreamLength(c *constraints, v, path string, min, max int) {
	if v == "" {
		return
	}
	if len(v) < min {
		c.add(v, path, "Member must have length greater than or equal to "+strconv.Itoa(min))
	}
	if len(v) > max {
		c.add(v, path, "Member must have length less than or equal to "+strconv.Itoa(max))
	}
}

// checkStreamRequired checks a required string's presence and length.
func checkStreamRequired(c *constraints, v, path string, min, max int) {
	if v == "" {
		c.add(nil, path, "Member must not be null")
		return
	}
	checkStreamLength(c, v, path, min, max)
}
