package server_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine/server"
)

// oneByteThenGone is a request body that delivers one byte and then fails,
// as a client does that declares a large body and disconnects.
type oneByteThenGone struct{ sent bool }

func (r *oneByteThenGone) Read(p []byte) (int, error) {
	if r.sent || len(p) == 0 {
		return 0, io.ErrUnexpectedEOF
	}
	r.sent = true
	p[0] = '{'
	return 1, nil
}

// TestDeclaredBodyIsNotAllocatedUpFront sends 40 requests that each declare
// a body just under the 16 MB cap and deliver one byte. Allocating from
// Content-Length took 40 × 16 MB; growing with what arrives takes a few
// kilobytes each. The measure is bytes allocated, not time.
func TestDeclaredBodyIsNotAllocatedUpFront(t *testing.T) {
	h := server.New(&fakeAPI{}, server.Options{})
	const requests = 40
	const declared = server.DefaultMaxBodyBytes - 1
	serve := func() {
		req := httptest.NewRequest(http.MethodPost, "/", &oneByteThenGone{})
		req.ContentLength = declared
		req.Header.Set("Content-Type", server.ContentTypeAmzJSON)
		req.Header.Set("X-Amz-Target", "DynamoDB_20120810.ListTables")
		h.ServeHTTP(httptest.NewRecorder(), req)
	}
	serve() // warm the pools
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range requests {
		serve()
	}
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	// 256 KB per request is four times the largest first buffer; the old
	// code allocated 16 MB per request.
	if limit := uint64(requests * 256 << 10); allocated > limit {
		t.Fatalf("%d requests declaring %d bytes and sending 1 allocated %d bytes, want at most %d",
			requests, declared, allocated, limit)
	}
}

// TestBodyStillCapped checks the cap holds for a body that grows as it
// arrives: one byte over 16 MB gets 413, with or without Content-Length.
func TestBodyStillCapped(t *testing.T) {
	h := server.New(&fakeAPI{}, server.Options{})
	body := `{"TableName":"` + strings.Repeat("a", server.DefaultMaxBodyBytes) + `"}`
	for _, declare := range []bool{true, false} {
		req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
		if !declare {
			req.ContentLength = -1
		}
		req.Header.Set("Content-Type", server.ContentTypeAmzJSON)
		req.Header.Set("X-Amz-Target", "DynamoDB_20120810.DescribeTable")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusRequestEntityTooLarge {
			t.Errorf("Content-Length declared %v: status %d, want 413", declare, rec.Code)
		}
	}
}
