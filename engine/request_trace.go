package engine

import (
	"context"
	"sync"
)

// A RequestTrace collects the records of the requests made with its
// context, as the request log has them (with the itemised capacity), so a
// caller reads the explanation of its own request from the reply's side
// rather than looking for it in the log, where other callers' requests
// (the traffic generator, another client) interleave.
//
// The data-plane actions add their records to the trace of their context:
// GetItem, PutItem, UpdateItem, DeleteItem, Query and Scan one each;
// BatchGetItem, BatchWriteItem, TransactGetItems, TransactWriteItems and
// ExecuteTransaction one per table, in the order the request log has them;
// ExecuteStatement one (a SELECT, or the write it became); SearchVectors
// one, whose charge is VectorSearchRequestBytes rather than read units, so
// its Units are 0 and its Lines itemise the bytes. A refused or throttled
// request adds its record with the error.
type RequestTrace struct {
	mu   sync.Mutex
	recs []RequestRecord
}

type traceKey struct{}

// WithRequestTrace returns a context whose requests are recorded in the
// trace it returns.
func WithRequestTrace(ctx context.Context) (context.Context, *RequestTrace) {
	t := &RequestTrace{}
	return context.WithValue(ctx, traceKey{}, t), t
}

// traceOf is the trace of ctx, or nil.
func traceOf(ctx context.Context) *RequestTrace {
	t, _ := ctx.Value(traceKey{}).(*RequestTrace)
	return t
}

// add keeps a record (a nil trace keeps nothing).
func (t *RequestTrace) add(rec RequestRecord) {
	if t == nil {
		return
	}
	rec = rec.withLines()
	t.mu.Lock()
	t.recs = append(t.recs, rec)
	t.mu.Unlock()
}

// Records are the records kept, in the order the requests ended.
func (t *RequestTrace) Records() []RequestRecord {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]RequestRecord(nil), t.recs...)
}

// Last is the record of the request that ended last, if any.
func (t *RequestTrace) Last() (RequestRecord, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.recs) == 0 {
		return RequestRecord{}, false
	}
	return t.recs[len(t.recs)-1], true
}
