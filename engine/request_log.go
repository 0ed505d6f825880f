package engine

import (
	"sync"
	"time"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/model"
)

// maxRequestLog bounds the in-memory log of recent requests.
const maxRequestLog = 256

// RequestRecord is one data-plane request as the explorer shows it: what
// ran, on which table or index, what it consumed and why.
type RequestRecord struct {
	At     time.Time
	Action string
	Table  string
	Index  string
	// Units is the total consumed (RCU for reads, WCU for writes).
	Units float64
	Read  bool
	// Lines itemise the charge ("Query on Thread/LastPostIndex: 4 index
	// entries, 800 B → 1 × 4 KB = 1 RCU", ...).
	Lines []string
	Items int // items returned or written
	// usage is kept so Lines can be formatted when someone reads them.
	usage *capacity.Usage
	Error string // DynamoDB's error text when the request failed
	// ThrottlingReasons are the reasons of a throttled request (empty
	// otherwise): Reason is e.g. "TableWriteKeyRangeThroughputExceeded",
	// Resource the ARN of the table or index throttled.
	ThrottlingReasons []model.ThrottlingReason
}

// requestLog is a fixed ring of the last maxRequestLog requests.
type requestLog struct {
	mu    sync.Mutex
	ring  [maxRequestLog]RequestRecord
	count uint64 // requests logged since the engine opened
	// writes counts the write requests that succeeded since the engine
	// opened (each changed items).
	writes uint64
}

// logRequest records a finished request and returns its record.
func (e *Engine) logRequest(action, table, index string, u *capacity.Usage, read bool, items int, err error) RequestRecord {
	rec := RequestRecord{At: e.now(), Action: action, Table: table, Index: index, Read: read, Items: items}
	if u != nil {
		rec.Units = u.Total()
		rec.usage = u
	}
	if err != nil {
		rec.Error = err.Error()
		if me, ok := err.(*model.Error); ok {
			rec.ThrottlingReasons = me.ThrottlingReasons
		}
	}
	e.reqLog.mu.Lock()
	e.reqLog.ring[e.reqLog.count%maxRequestLog] = rec
	e.reqLog.count++
	if !read && err == nil {
		e.reqLog.writes++
	}
	e.reqLog.mu.Unlock()
	if e.hasSubscribers() {
		rec.Lines = u.Lines()
		e.publish(Event{Kind: EventRequest, Table: table, Request: &rec})
	}
	return rec
}

// WriteRequests is how many data-plane write requests (PutItem,
// UpdateItem, DeleteItem, BatchWriteItem, TransactWriteItems, a writing
// ExecuteStatement) succeeded since the engine opened: the explorer asks
// before quitting an in-memory workspace they changed.
func (e *Engine) WriteRequests() uint64 {
	e.reqLog.mu.Lock()
	defer e.reqLog.mu.Unlock()
	return e.reqLog.writes
}

// RecentRequests returns the most recent requests, oldest first.
func (e *Engine) RecentRequests() []RequestRecord {
	e.reqLog.mu.Lock()
	defer e.reqLog.mu.Unlock()
	n := min(e.reqLog.count, maxRequestLog)
	out := make([]RequestRecord, 0, n)
	for i := e.reqLog.count - n; i < e.reqLog.count; i++ {
		out = append(out, e.reqLog.ring[i%maxRequestLog].withLines())
	}
	return out
}

// LastRequest returns the most recent request, if any.
func (e *Engine) LastRequest() (RequestRecord, bool) {
	e.reqLog.mu.Lock()
	defer e.reqLog.mu.Unlock()
	if e.reqLog.count == 0 {
		return RequestRecord{}, false
	}
	return e.reqLog.ring[(e.reqLog.count-1)%maxRequestLog].withLines(), true
}

// withLines returns the record with its explanation formatted.
func (r RequestRecord) withLines() RequestRecord {
	if r.Lines == nil {
		r.Lines = r.usage.Lines()
	}
	return r
}
