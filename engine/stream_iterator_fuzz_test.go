package engine

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine/stream"
	"github.com/dynoscope/dynoscope/model"
)

// FuzzShardIterator feeds the shard-iterator parser any string, and
// GetRecords both that string and a well-formed iterator built from fuzzed
// parts (any ARN, position and issue time): nothing panics; a parsed
// iterator encodes back to one that parses the same; GetRecords answers a
// Streams error (never an internal one) or records in sequence order. Seed
// corpus: testdata/fuzz/FuzzShardIterator/.
func FuzzShardIterator(f *testing.F) {
	e, _ := newTestEngine(f)
	createStreamTable(f, e, "str", model.StreamNewAndOldImages)
	for i := range 5 {
		put(f, e, "str", model.Item{"pk": model.S(fmt.Sprint(i))})
	}
	arn := latestStream(f, e, "str")
	for _, typ := range []string{model.IteratorTrimHorizon, model.IteratorLatest} {
		f.Add(iterator(f, e, arn, typ, ""), arn, uint64(1), testStart.UnixMilli())
	}
	f.Add("", arn, uint64(0), int64(0))
	f.Add(arn+"|1|", "arn:aws:dynamodb:us-east-1:000000000000:table/str/stream/x", ^uint64(0), int64(-1))
	f.Add("x|1|AAAA|1|AAAAAAAAAAAAAAAAAAAAAAAAAAA", "arn:aws:dynamodb:us-east-1:000000000000:table/nope/stream/2026-01-01T00:00:00.000", uint64(3), testStart.Add(-time.Hour).UnixMilli())
	allowed := map[string]bool{model.ErrValidation: true, model.ErrExpiredIterator: true,
		model.ErrResourceNotFound: true, model.ErrTrimmedDataAccess: true}
	f.Fuzz(func(t *testing.T, raw, itArn string, from uint64, issuedMs int64) {
		if it, err := stream.DecodeIterator(raw); err == nil {
			again, err := stream.DecodeIterator(it.Encode())
			if err != nil || again.ARN != it.ARN || again.From != it.From || !again.Issued.Equal(it.Issued) {
				t.Fatalf("iterator %q parses to %+v, which re-encodes to %+v, %v", raw, it, again, err)
			}
		}
		built := stream.Iterator{ARN: itArn, From: from, Issued: time.UnixMilli(issuedMs)}.Encode()
		for _, s := range []string{raw, built} {
			out, err := e.GetRecords(ctx, &model.GetRecordsInput{ShardIterator: s})
			if err != nil {
				var me *model.Error
				if !errors.As(err, &me) || !allowed[me.Code] {
					t.Fatalf("GetRecords(%q): %v", s, err)
				}
				continue
			}
			var last string
			for _, r := range out.Records {
				if r.Dynamodb == nil || r.Dynamodb.SequenceNumber <= last {
					t.Fatalf("GetRecords(%q): records out of order", s)
				}
				last = r.Dynamodb.SequenceNumber
			}
		}
	})
}
