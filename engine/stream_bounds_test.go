package engine

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tidwall/buntdb"

	"github.com/dynoscope/dynoscope/model"
)

func TestParseStreamRetention(t *testing.T) {
	tests := []struct {
		in      string
		want    StreamRetention
		wantErr string
	}{
		{"24h,100000,64MB", StreamRetention{Age: 24 * time.Hour, Records: 100000, Bytes: 64 << 20}, ""},
		{"50000", StreamRetention{Records: 50000}, ""},
		{"16MB", StreamRetention{Bytes: 16 << 20}, ""},
		{"1gb, 90m", StreamRetention{Age: 90 * time.Minute, Bytes: 1 << 30}, ""},
		{"2048KiB,10,1h", StreamRetention{Age: time.Hour, Records: 10, Bytes: 2 << 20}, ""},
		{"25h", StreamRetention{}, "stream retention age 25h0m0s is longer than DynamoDB's 24h"},
		{"512KB", StreamRetention{}, "stream retention of 512KB is below 1MB (one record can hold two 400 KB images)"},
		{"0", StreamRetention{}, `stream retention "0": bad record count "0"`},
		{"10,20", StreamRetention{}, `stream retention "10,20": bad record count "20"`},
		{"24h,", StreamRetention{}, `stream retention "24h,": empty part (want e.g. 24h,100000,64MB)`},
		{"lots", StreamRetention{}, `stream retention "lots": "lots" is neither an age (24h), a record count (100000) nor a size (64MB)`},
		{"xMB", StreamRetention{}, `stream retention "xMB": bad size "xMB"`},
		{"-1h", StreamRetention{}, `stream retention "-1h": "-1h" is neither an age (24h), a record count (100000) nor a size (64MB)`},
	}
	for _, tt := range tests {
		got, err := ParseStreamRetention(tt.in)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr {
				t.Errorf("ParseStreamRetention(%q) error %v, want %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseStreamRetention(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
	if s := (StreamRetention{}).String(); s != "24h,100000,64MB" {
		t.Errorf("default retention renders %q", s)
	}
	if s := (StreamRetention{Age: 90 * time.Minute, Records: 10, Bytes: 1536 << 10}).String(); s != "1h30m,10,1536KB" {
		t.Errorf("retention renders %q", s)
	}
}

// newBoundedEngine opens an in-memory engine whose streams keep at most
// the given records and bytes.
func newBoundedEngine(t testing.TB, r StreamRetention) (*Engine, *VirtualClock) {
	t.Helper()
	clock := NewManualClock(testStart)
	e, err := Open(Options{Clock: clock, DisableTTLSweeper: true, DisableThrottling: true, StreamRetention: r})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e, clock
}

// storedStream counts a stream's records and stored bytes from storage.
func storedStream(t testing.TB, e *Engine, table string) (records, bytes int64) {
	t.Helper()
	e.mu.RLock()
	prefix := streamPrefix(table, e.tables[table].meta.Desc.LatestStreamLabel)
	e.mu.RUnlock()
	e.db.View(func(tx *buntdb.Tx) error {
		tx.AscendGreaterOrEqual("", prefix+"0", func(k, v string) bool {
			if !strings.HasPrefix(k, prefix) {
				return false
			}
			records++
			bytes += int64(len(v))
			return true
		})
		return nil
	})
	return records, bytes
}

func TestStreamRecordBound(t *testing.T) {
	e, _ := newBoundedEngine(t, StreamRetention{Records: 10})
	createStreamTable(t, e, "str", model.StreamKeysOnly)
	arn := latestStream(t, e, "str")
	var all []model.Record
	for i := range 25 {
		put(t, e, "str", model.Item{"pk": model.S(fmt.Sprintf("k%02d", i))})
		if i == 0 {
			all, _ = readAll(t, e, iterator(t, e, arn, model.IteratorTrimHorizon, ""))
		}
	}
	firstSeq := all[0].Dynamodb.SequenceNumber
	recs, _ := readAll(t, e, iterator(t, e, arn, model.IteratorTrimHorizon, ""))
	if got := eventNames(recs); got != "INSERT:k15 INSERT:k16 INSERT:k17 INSERT:k18 INSERT:k19 INSERT:k20 INSERT:k21 INSERT:k22 INSERT:k23 INSERT:k24" {
		t.Fatalf("a stream bounded at 10 records keeps %q", got)
	}
	u, ok := e.StreamUsage("str")
	records, bytes := storedStream(t, e, "str")
	if !ok || u.Records != 10 || u.Records != records || u.Bytes != bytes || u.StreamArn != arn {
		t.Fatalf("StreamUsage = %+v, %v; storage holds %d records, %d bytes", u, ok, records, bytes)
	}
	if u.Retention != (StreamRetention{Age: 24 * time.Hour, Records: 10, Bytes: 64 << 20}) {
		t.Fatalf("usage retention %+v", u.Retention)
	}
	// The shard starts at the oldest record kept; the first record is
	// behind the trim horizon.
	if start := shardOf(t, e, arn).SequenceNumberRange.StartingSequenceNumber; start != recs[0].Dynamodb.SequenceNumber {
		t.Fatalf("shard starts at %s, want %s", start, recs[0].Dynamodb.SequenceNumber)
	}
	_, err := e.GetShardIterator(ctx, &model.GetShardIteratorInput{StreamArn: arn, ShardId: shardOf(t, e, arn).ShardId,
		ShardIteratorType: model.IteratorAtSequenceNumber, SequenceNumber: firstSeq})
	wantError(t, err, model.ErrTrimmedDataAccess, "The data you are trying to access has been trimmed")
}

// TestStreamBoundsCountMatchesStorage writes to a bounded stream from
// several goroutines, with batches, failed conditions and deletes, and
// checks the running count equals what storage holds and stays in bounds.
func TestStreamBoundsCountMatchesStorage(t *testing.T) {
	e, _ := newBoundedEngine(t, StreamRetention{Records: 300, Bytes: 1 << 20})
	createStreamTable(t, e, "str", model.StreamNewAndOldImages)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 150 {
				key := model.S(fmt.Sprintf("g%d-%d", g, i%40))
				pad := model.S(strings.Repeat("x", 100*(i%50)))
				switch i % 5 {
				case 0, 1, 2:
					e.PutItem(ctx, &model.PutItemInput{TableName: "str", Item: model.Item{"pk": key, "pad": pad}})
				case 3:
					e.DeleteItem(ctx, &model.DeleteItemInput{TableName: "str", Key: model.Item{"pk": key}})
				case 4:
					req := []model.WriteRequest{}
					for j := range 5 {
						req = append(req, model.WriteRequest{PutRequest: &model.PutRequest{Item: model.Item{
							"pk": model.S(fmt.Sprintf("g%d-b%d-%d", g, i, j)), "pad": pad}}})
					}
					e.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"str": req}})
				}
			}
		}()
		if g == 1 {
			// A second stream count starts mid-load.
			e.StreamUsage("str")
		}
	}
	wg.Wait()
	u, _ := e.StreamUsage("str")
	records, bytes := storedStream(t, e, "str")
	if u.Records != records || u.Bytes != bytes {
		t.Fatalf("count %d records, %d bytes; storage %d records, %d bytes", u.Records, u.Bytes, records, bytes)
	}
	if records > 300 || bytes > 1<<20 {
		t.Fatalf("stream holds %d records, %d bytes: over its bounds", records, bytes)
	}
	// What is kept is a suffix of what was written: the oldest went first.
	recs, _ := readAll(t, e, iterator(t, e, latestStream(t, e, "str"), model.IteratorTrimHorizon, ""))
	if int64(len(recs)) != records {
		t.Fatalf("TRIM_HORIZON reads %d records, storage holds %d", len(recs), records)
	}
	var sum int64
	for _, r := range recs {
		b, _ := json.Marshal(&r)
		sum += int64(len(b))
	}
	if sum != bytes {
		t.Fatalf("records read re-encode to %d bytes, storage holds %d", sum, bytes)
	}
}

func TestStreamByteBound(t *testing.T) {
	e, _ := newBoundedEngine(t, StreamRetention{Bytes: 1 << 20})
	createStreamTable(t, e, "str", model.StreamNewAndOldImages)
	arn := latestStream(t, e, "str")
	pad := strings.Repeat("p", 100<<10)
	for i := range 30 {
		put(t, e, "str", model.Item{"pk": model.S(fmt.Sprintf("k%02d", i)), "pad": model.S(pad)})
	}
	records, bytes := storedStream(t, e, "str")
	u, _ := e.StreamUsage("str")
	if u.Records != records || u.Bytes != bytes || bytes > 1<<20 || records < 9 {
		t.Fatalf("usage %+v; storage %d records, %d bytes (bound 1 MB)", u, records, bytes)
	}
	recs, _ := readAll(t, e, iterator(t, e, arn, model.IteratorTrimHorizon, ""))
	if last := recs[len(recs)-1].Dynamodb.Keys["pk"].S; int64(len(recs)) != records || last != "k29" {
		t.Fatalf("TRIM_HORIZON reads %d records ending at %s, storage holds %d", len(recs), last, records)
	}
}

// TestStreamRetentionAge checks a shorter age bound on the virtual clock.
func TestStreamRetentionAge(t *testing.T) {
	e, clock := newBoundedEngine(t, StreamRetention{Age: time.Hour})
	createStreamTable(t, e, "str", model.StreamKeysOnly)
	arn := latestStream(t, e, "str")
	put(t, e, "str", model.Item{"pk": model.S("old")})
	clock.Advance(30 * time.Minute)
	put(t, e, "str", model.Item{"pk": model.S("new")})
	clock.Advance(31 * time.Minute)
	recs, _ := readAll(t, e, iterator(t, e, arn, model.IteratorTrimHorizon, ""))
	if got := eventNames(recs); got != "INSERT:new" {
		t.Fatalf("after 61 minutes with a 1h age, read %q", got)
	}
	if u, _ := e.StreamUsage("str"); u.Records != 1 {
		t.Fatalf("usage %+v after the age trim", u)
	}
}

// TestStreamBoundsAfterReopen: a workspace reopened with a lower bound
// trims its stream at the first sweep, before any write.
func TestStreamBoundsAfterReopen(t *testing.T) {
	path := t.TempDir() + "/ws.db"
	open := func(r StreamRetention) *Engine {
		e, err := Open(Options{Path: path, Clock: NewManualClock(testStart), DisableTTLSweeper: true, StreamRetention: r})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	e := open(StreamRetention{})
	createStreamTable(t, e, "str", model.StreamKeysOnly)
	for i := range 50 {
		put(t, e, "str", model.Item{"pk": model.S(fmt.Sprintf("k%02d", i))})
	}
	mustOK(t, e.Close())
	e = open(StreamRetention{Records: 10})
	defer e.Close()
	if n := e.TrimStreams(); n != 40 {
		t.Fatalf("the first sweep trimmed %d records, want 40", n)
	}
	recs, _ := readAll(t, e, iterator(t, e, latestStream(t, e, "str"), model.IteratorTrimHorizon, ""))
	if len(recs) != 10 || recs[0].Dynamodb.Keys["pk"].S != "k40" {
		t.Fatalf("after reopening with 10 records: %d records from %v", len(recs), recs[0].Dynamodb.Keys)
	}
}
