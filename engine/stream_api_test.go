package engine

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// createStreamTable creates a PAY_PER_REQUEST table keyed by pk (S) with a
// stream of the given view type.
func createStreamTable(t testing.TB, e *Engine, name, view string) {
	t.Helper()
	createSimple(t, e, name, "", "")
	enableTestStream(t, e, name, view)
}

// enableTestStream turns a table's stream on with UpdateTable. (CreateTable
// does not yet keep the request's StreamSpecification: see enableStream.)
func enableTestStream(t testing.TB, e *Engine, name, view string) {
	t.Helper()
	_, err := e.UpdateTable(ctx, &model.UpdateTableInput{TableName: name,
		StreamSpecification: &model.StreamSpecification{StreamEnabled: true, StreamViewType: view}})
	mustOK(t, err)
}

// latestStream returns the table's LatestStreamArn.
func latestStream(t testing.TB, e *Engine, table string) string {
	t.Helper()
	d, err := e.DescribeTable(ctx, &model.DescribeTableInput{TableName: table})
	mustOK(t, err)
	if d.Table.LatestStreamArn == "" {
		t.Fatalf("table %s has no stream", table)
	}
	return d.Table.LatestStreamArn
}

// shardOf returns the one shard of a stream.
func shardOf(t testing.TB, e *Engine, arn string) model.Shard {
	t.Helper()
	d, err := e.DescribeStream(ctx, &model.DescribeStreamInput{StreamArn: arn})
	mustOK(t, err)
	if len(d.StreamDescription.Shards) != 1 {
		t.Fatalf("stream %s has %d shards", arn, len(d.StreamDescription.Shards))
	}
	return d.StreamDescription.Shards[0]
}

// iterator returns a shard iterator of the given type.
func iterator(t testing.TB, e *Engine, arn, typ, seq string) string {
	t.Helper()
	out, err := e.GetShardIterator(ctx, &model.GetShardIteratorInput{StreamArn: arn, ShardId: shardOf(t, e, arn).ShardId,
		ShardIteratorType: typ, SequenceNumber: seq})
	mustOK(t, err)
	return out.ShardIterator
}

// readAll reads a shard from the iterator until a call returns no records
// (or the shard ends), and returns the records and the last iterator.
func readAll(t testing.TB, e *Engine, it string) ([]model.Record, string) {
	t.Helper()
	var recs []model.Record
	for it != "" {
		out, err := e.GetRecords(ctx, &model.GetRecordsInput{ShardIterator: it})
		mustOK(t, err)
		recs = append(recs, out.Records...)
		if len(out.Records) == 0 {
			return recs, out.NextShardIterator
		}
		it = out.NextShardIterator
	}
	return recs, ""
}

func eventNames(recs []model.Record) string {
	var names []string
	for _, r := range recs {
		names = append(names, r.EventName+":"+r.Dynamodb.Keys["pk"].S)
	}
	return strings.Join(names, " ")
}

func TestStreamIteratorTypes(t *testing.T) {
	e, _ := newTestEngine(t)
	createStreamTable(t, e, "str", model.StreamNewAndOldImages)
	arn := latestStream(t, e, "str")
	put(t, e, "str", model.Item{"pk": model.S("a")})
	put(t, e, "str", model.Item{"pk": model.S("b")})
	latest := iterator(t, e, arn, model.IteratorLatest, "")
	put(t, e, "str", model.Item{"pk": model.S("c")})

	all, next := readAll(t, e, iterator(t, e, arn, model.IteratorTrimHorizon, ""))
	if got := eventNames(all); got != "INSERT:a INSERT:b INSERT:c" {
		t.Fatalf("TRIM_HORIZON read %q", got)
	}
	if next == "" {
		t.Fatal("an enabled stream's shard must hand out a next iterator")
	}
	for i := 1; i < len(all); i++ {
		a, b := all[i-1].Dynamodb.SequenceNumber, all[i].Dynamodb.SequenceNumber
		if len(a) != 21 || len(b) != 21 || a >= b {
			t.Fatalf("sequence numbers %q then %q: want increasing 21-digit decimals", a, b)
		}
	}
	if recs, _ := readAll(t, e, latest); eventNames(recs) != "INSERT:c" {
		t.Fatalf("LATEST read %q, want only the later record", eventNames(recs))
	}
	if recs, _ := readAll(t, e, iterator(t, e, arn, model.IteratorAtSequenceNumber, all[1].Dynamodb.SequenceNumber)); eventNames(recs) != "INSERT:b INSERT:c" {
		t.Fatalf("AT_SEQUENCE_NUMBER read %q", eventNames(recs))
	}
	if recs, _ := readAll(t, e, iterator(t, e, arn, model.IteratorAfterSequenceNumber, all[1].Dynamodb.SequenceNumber)); eventNames(recs) != "INSERT:c" {
		t.Fatalf("AFTER_SEQUENCE_NUMBER read %q", eventNames(recs))
	}
	// The iterator left at the end sees what comes next.
	put(t, e, "str", model.Item{"pk": model.S("d")})
	if recs, _ := readAll(t, e, next); eventNames(recs) != "INSERT:d" {
		t.Fatalf("next iterator read %q", eventNames(recs))
	}
}

func TestStreamGetRecordsLimitPages(t *testing.T) {
	e, _ := newTestEngine(t)
	createStreamTable(t, e, "str", model.StreamKeysOnly)
	for i := 0; i < 5; i++ {
		put(t, e, "str", model.Item{"pk": model.S(fmt.Sprint(i))})
	}
	it := iterator(t, e, latestStream(t, e, "str"), model.IteratorTrimHorizon, "")
	var got []string
	for range 3 {
		out, err := e.GetRecords(ctx, &model.GetRecordsInput{ShardIterator: it, Limit: i32(2)})
		mustOK(t, err)
		got = append(got, eventNames(out.Records))
		it = out.NextShardIterator
	}
	if strings.Join(got, "|") != "INSERT:0 INSERT:1|INSERT:2 INSERT:3|INSERT:4" {
		t.Fatalf("pages %q", got)
	}
	_, err := e.GetRecords(ctx, &model.GetRecordsInput{ShardIterator: it, Limit: i32(1001)})
	wantError(t, err, model.ErrValidation, "1 validation error detected: Value '1001' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 1000")
	_, err = e.GetRecords(ctx, &model.GetRecordsInput{ShardIterator: it, Limit: i32(0)})
	wantError(t, err, model.ErrValidation, "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1")
}

func TestStreamIteratorExpiresAfter15Minutes(t *testing.T) {
	e, clock := newTestEngine(t)
	createStreamTable(t, e, "str", model.StreamKeysOnly)
	arn := latestStream(t, e, "str")
	it := iterator(t, e, arn, model.IteratorTrimHorizon, "")
	clock.Advance(15 * time.Minute)
	out, err := e.GetRecords(ctx, &model.GetRecordsInput{ShardIterator: it})
	mustOK(t, err) // exactly 15 minutes old: still good
	clock.Advance(time.Second)
	_, err = e.GetRecords(ctx, &model.GetRecordsInput{ShardIterator: it})
	wantError(t, err, model.ErrExpiredIterator, "Iterator expired. The iterator was created at time Sun Nov 22 10:00:00 UTC 2026 while right now it is Sun Nov 22 10:15:01 UTC 2026 which is further in the future than the tolerated delay of 900000 milliseconds.")
	// The next iterator handed out by GetRecords has its own 15 minutes.
	_, err = e.GetRecords(ctx, &model.GetRecordsInput{ShardIterator: out.NextShardIterator})
	mustOK(t, err)
}

func TestStreamRetentionTrims24Hours(t *testing.T) {
	e, clock := newTestEngine(t)
	createStreamTable(t, e, "str", model.StreamNewImage)
	arn := latestStream(t, e, "str")
	put(t, e, "str", model.Item{"pk": model.S("old")})
	clock.Advance(12 * time.Hour)
	put(t, e, "str", model.Item{"pk": model.S("new")})
	recs, _ := readAll(t, e, iterator(t, e, arn, model.IteratorTrimHorizon, ""))
	oldSeq := recs[0].Dynamodb.SequenceNumber
	clock.Advance(12*time.Hour - 5*time.Minute)
	// An iterator at the old record, taken while it is 23h55m old.
	atOld := iterator(t, e, arn, model.IteratorAtSequenceNumber, oldSeq)
	clock.Advance(6 * time.Minute) // the old record is now more than 24 h old
	_, err := e.GetRecords(ctx, &model.GetRecordsInput{ShardIterator: atOld})
	wantError(t, err, model.ErrTrimmedDataAccess, "The data you are trying to access has been trimmed")
	_, err = e.GetShardIterator(ctx, &model.GetShardIteratorInput{StreamArn: arn, ShardId: shardOf(t, e, arn).ShardId,
		ShardIteratorType: model.IteratorAtSequenceNumber, SequenceNumber: oldSeq})
	wantError(t, err, model.ErrTrimmedDataAccess, "The data you are trying to access has been trimmed")
	recs, _ = readAll(t, e, iterator(t, e, arn, model.IteratorTrimHorizon, ""))
	if eventNames(recs) != "INSERT:new" {
		t.Fatalf("TRIM_HORIZON after 24 h read %q", eventNames(recs))
	}
	if start := shardOf(t, e, arn).SequenceNumberRange.StartingSequenceNumber; start != recs[0].Dynamodb.SequenceNumber {
		t.Fatalf("shard starts at %s, want the oldest untrimmed record %s", start, recs[0].Dynamodb.SequenceNumber)
	}
}

func TestTrimStreamsInBatches(t *testing.T) {
	e, clock := newTestEngine(t)
	createStreamTable(t, e, "str", model.StreamKeysOnly)
	for i := 0; i < streamTrimBatch+500; i++ {
		put(t, e, "str", model.Item{"pk": model.S(fmt.Sprint(i))})
	}
	clock.Advance(time.Hour)
	put(t, e, "str", model.Item{"pk": model.S("young")})
	if n := e.TrimStreams(); n != 0 {
		t.Fatalf("TrimStreams trimmed %d records younger than 24 h", n)
	}
	clock.Advance(23*time.Hour + time.Second)
	if n := e.TrimStreams(); n != streamTrimBatch+500 {
		t.Fatalf("TrimStreams trimmed %d records, want %d", n, streamTrimBatch+500)
	}
	recs, _ := readAll(t, e, iterator(t, e, latestStream(t, e, "str"), model.IteratorTrimHorizon, ""))
	if eventNames(recs) != "INSERT:young" {
		t.Fatalf("after trimming, read %q", eventNames(recs))
	}
}

func TestStreamDisabledStaysReadable24Hours(t *testing.T) {
	e, clock := newTestEngine(t)
	createStreamTable(t, e, "str", model.StreamNewAndOldImages)
	first := latestStream(t, e, "str")
	put(t, e, "str", model.Item{"pk": model.S("a")})
	_, err := e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "str", StreamSpecification: &model.StreamSpecification{StreamEnabled: false}})
	mustOK(t, err)
	put(t, e, "str", model.Item{"pk": model.S("unrecorded")})

	d, err := e.DescribeStream(ctx, &model.DescribeStreamInput{StreamArn: first})
	mustOK(t, err)
	sd := d.StreamDescription
	if sd.StreamStatus != model.StreamStatusDisabled || sd.StreamViewType != model.StreamNewAndOldImages || sd.TableName != "str" ||
		sd.Shards[0].SequenceNumberRange.EndingSequenceNumber == "" {
		t.Fatalf("disabled stream described as %+v, shard %+v", sd, sd.Shards[0].SequenceNumberRange)
	}
	recs, next := readAll(t, e, iterator(t, e, first, model.IteratorTrimHorizon, ""))
	if eventNames(recs) != "INSERT:a" || next != "" {
		t.Fatalf("disabled stream read %q, next iterator %q (want none: the shard is closed)", eventNames(recs), next)
	}

	clock.Advance(time.Minute)
	_, err = e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "str", StreamSpecification: &model.StreamSpecification{StreamEnabled: true, StreamViewType: model.StreamKeysOnly}})
	mustOK(t, err)
	second := latestStream(t, e, "str")
	if second == first {
		t.Fatal("re-enabling the stream must make a new ARN")
	}
	put(t, e, "str", model.Item{"pk": model.S("b")})
	list, err := e.ListStreams(ctx, &model.ListStreamsInput{TableName: "str"})
	mustOK(t, err)
	if len(list.Streams) != 2 || list.Streams[0].StreamArn != first || list.Streams[1].StreamArn != second {
		t.Fatalf("ListStreams = %+v", list.Streams)
	}
	if recs, _ := readAll(t, e, iterator(t, e, second, model.IteratorTrimHorizon, "")); eventNames(recs) != "INSERT:b" {
		t.Fatalf("new stream read %q", eventNames(recs))
	}
	if recs, _ := readAll(t, e, iterator(t, e, first, model.IteratorTrimHorizon, "")); eventNames(recs) != "INSERT:a" {
		t.Fatalf("old stream read %q", eventNames(recs))
	}

	clock.Advance(24 * time.Hour)
	list, err = e.ListStreams(ctx, &model.ListStreamsInput{TableName: "str"})
	mustOK(t, err)
	if len(list.Streams) != 1 || list.Streams[0].StreamArn != second {
		t.Fatalf("after 24 h ListStreams = %+v, want only the live stream", list.Streams)
	}
	_, err = e.DescribeStream(ctx, &model.DescribeStreamInput{StreamArn: first})
	wantError(t, err, model.ErrResourceNotFound, "Requested resource not found: Stream: "+first+" not found")
}

func TestListStreamsPaging(t *testing.T) {
	e, _ := newTestEngine(t)
	for _, n := range []string{"tb1", "tb2", "tb3"} {
		createStreamTable(t, e, n, model.StreamKeysOnly)
	}
	createSimple(t, e, "plain", "", "")
	var arns []string
	start := ""
	for {
		out, err := e.ListStreams(ctx, &model.ListStreamsInput{Limit: i32(2), ExclusiveStartStreamArn: start})
		mustOK(t, err)
		for _, s := range out.Streams {
			arns = append(arns, s.TableName)
		}
		if out.LastEvaluatedStreamArn == "" {
			break
		}
		start = out.LastEvaluatedStreamArn
	}
	if strings.Join(arns, ",") != "tb1,tb2,tb3" {
		t.Fatalf("paged ListStreams = %v", arns)
	}
	_, err := e.ListStreams(ctx, &model.ListStreamsInput{TableName: "nope"})
	wantError(t, err, model.ErrResourceNotFound, "Requested resource not found: Table: nope not found")
	out, err := e.ListStreams(ctx, &model.ListStreamsInput{TableName: "plain"})
	mustOK(t, err)
	if len(out.Streams) != 0 {
		t.Fatalf("a table without a stream lists %v", out.Streams)
	}
}

func TestStreamErrors(t *testing.T) {
	e, _ := newTestEngine(t)
	createStreamTable(t, e, "str", model.StreamKeysOnly)
	arn := latestStream(t, e, "str")
	unknown := strings.Replace(arn, "table/str/", "table/nope/", 1)
	_, err := e.DescribeStream(ctx, &model.DescribeStreamInput{StreamArn: unknown})
	wantError(t, err, model.ErrResourceNotFound, "Requested resource not found: Stream: "+unknown+" not found")
	shard := shardOf(t, e, arn).ShardId
	if !strings.HasPrefix(shard, "shardId-") || len(shard) != len("shardId-00000001796032000000-1234abcd") {
		t.Fatalf("shard id %q", shard)
	}
	_, err = e.GetShardIterator(ctx, &model.GetShardIteratorInput{StreamArn: unknown, ShardId: shard, ShardIteratorType: model.IteratorLatest})
	wantError(t, err, model.ErrResourceNotFound, "Requested resource not found: Stream: "+unknown+" not found")
	_, err = e.GetShardIterator(ctx, &model.GetShardIteratorInput{StreamArn: arn, ShardId: "shardId-00000000000000000000-00000000", ShardIteratorType: model.IteratorLatest})
	wantError(t, err, model.ErrResourceNotFound, "Requested resource not found: Shard does not exist")
	_, err = e.GetShardIterator(ctx, &model.GetShardIteratorInput{StreamArn: arn, ShardId: shard, ShardIteratorType: "OLDEST"})
	wantError(t, err, model.ErrValidation, "1 validation error detected: Value 'OLDEST' at 'shardIteratorType' failed to satisfy constraint: Member must satisfy enum value set: [TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER, AT_TIMESTAMP]")
	_, err = e.GetShardIterator(ctx, &model.GetShardIteratorInput{StreamArn: arn, ShardId: shard})
	wantError(t, err, model.ErrValidation, "1 validation error detected: Value null at 'shardIteratorType' failed to satisfy constraint: Member must not be null")
	_, err = e.GetRecords(ctx, &model.GetRecordsInput{})
	wantError(t, err, model.ErrValidation, "1 validation error detected: Value null at 'shardIterator' failed to satisfy constraint: Member must not be null")
	_, err = e.GetRecords(ctx, &model.GetRecordsInput{ShardIterator: arn + "|1|AAAA"})
	wantError(t, err, model.ErrValidation, "Invalid ShardIterator")
	// A forged position fails the checksum.
	it := iterator(t, e, arn, model.IteratorLatest, "")
	forged := it[:len(it)-2] + "AA"
	if forged != it {
		_, err = e.GetRecords(ctx, &model.GetRecordsInput{ShardIterator: forged})
		wantError(t, err, model.ErrValidation, "Invalid ShardIterator")
	}
}

func TestStreamAtTimestamp(t *testing.T) {
	e, clock := newTestEngine(t)
	createStreamTable(t, e, "str", model.StreamKeysOnly)
	arn := latestStream(t, e, "str")
	put(t, e, "str", model.Item{"pk": model.S("a")})
	clock.Advance(time.Minute)
	ts := epoch(clock.Now())
	put(t, e, "str", model.Item{"pk": model.S("b")})
	out, err := e.GetShardIterator(ctx, &model.GetShardIteratorInput{StreamArn: arn, ShardId: shardOf(t, e, arn).ShardId,
		ShardIteratorType: model.IteratorAtTimestamp, Timestamp: &ts})
	mustOK(t, err)
	if recs, _ := readAll(t, e, out.ShardIterator); eventNames(recs) != "INSERT:b" {
		t.Fatalf("AT_TIMESTAMP read %q", eventNames(recs))
	}
}

func TestCreateTableWithStreamKeepsViewType(t *testing.T) {
	e, _ := newTestEngine(t)
	out, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "streamed", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{hk("pk")}, AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S")},
		StreamSpecification: &model.StreamSpecification{StreamEnabled: true, StreamViewType: model.StreamKeysOnly}})
	mustOK(t, err)
	d := out.TableDescription
	if d.StreamSpecification == nil || d.StreamSpecification.StreamViewType != model.StreamKeysOnly || d.LatestStreamArn == "" {
		t.Fatalf("stream = %+v, arn %q", d.StreamSpecification, d.LatestStreamArn)
	}
}
