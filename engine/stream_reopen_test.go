package engine

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// TestStreamSequenceSurvivesTrimAndReopen: with every record trimmed, a
// reopened workspace still numbers new records after the trim mark, so a
// reader from TRIM_HORIZON sees them and sequence numbers keep increasing.
func TestStreamSequenceSurvivesTrimAndReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ws.db")
	clock := NewManualClock(testStart)
	open := func() *Engine {
		e, err := Open(Options{Path: path, Sync: SyncAlways, Clock: clock, DisableTTLSweeper: true})
		mustOK(t, err)
		return e
	}
	e := open()
	createStreamTable(t, e, "reopen", model.StreamKeysOnly)
	arn := latestStream(t, e, "reopen")
	for _, k := range []string{"a", "b", "c"} {
		put(t, e, "reopen", model.Item{"pk": model.S(k)})
	}
	recs, _ := readAll(t, e, iterator(t, e, arn, model.IteratorTrimHorizon, ""))
	last := recs[len(recs)-1].Dynamodb.SequenceNumber
	clock.Advance(25 * time.Hour)
	if n := e.TrimStreams(); n != 3 {
		t.Fatalf("trimmed %d", n)
	}
	mustOK(t, e.Close())

	e = open()
	defer e.Close()
	put(t, e, "reopen", model.Item{"pk": model.S("d")})
	recs, _ = readAll(t, e, iterator(t, e, arn, model.IteratorTrimHorizon, ""))
	if eventNames(recs) != "INSERT:d" || recs[0].Dynamodb.SequenceNumber <= last {
		t.Fatalf("after reopening: read %q, sequence %s after %s", eventNames(recs), recs[0].Dynamodb.SequenceNumber, last)
	}
	_, err := e.GetShardIterator(ctx, &model.GetShardIteratorInput{StreamArn: arn, ShardId: shardOf(t, e, arn).ShardId,
		ShardIteratorType: model.IteratorAfterSequenceNumber, SequenceNumber: last})
	mustOK(t, err) // just after the trim mark: not trimmed
}
