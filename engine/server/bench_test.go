package server_test

import (
	"bytes"
	"net/http"
	"testing"

	"github.com/dynoscope/dynoscope/engine/server"
	"github.com/dynoscope/dynoscope/model"
)

// discardWriter is a reusable http.ResponseWriter that throws the reply
// away, so the benchmark measures the server and not the recorder.
type discardWriter struct {
	header http.Header
	status int
}

func (w *discardWriter) Header() http.Header         { return w.header }
func (w *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (w *discardWriter) WriteHeader(status int)      { w.status = status }

// BenchmarkServeHTTP measures the server's own cost per request (decode,
// dispatch, encode, checksum) on a fake engine that answers at once.
//
//	go test ./engine/server/ -run '^$' -bench ServeHTTP -benchmem
func BenchmarkServeHTTP(b *testing.B) {
	item := model.Item{
		"pk":   model.S("user#123"),
		"sk":   model.N("42"),
		"name": model.S("Ada Lovelace"),
		"tags": model.SS("a", "b", "c"),
		"n":    model.N("3.14159"),
	}
	fake := &fakeAPI{respond: func(method string, in any) (any, error) {
		switch method {
		case "GetItem":
			return &model.GetItemOutput{Item: item}, nil
		default:
			return &model.PutItemOutput{}, nil
		}
	}}
	h := server.New(fake, server.Options{})
	for _, bc := range []struct{ action, body string }{
		{"GetItem", `{"TableName":"bench","Key":{"pk":{"S":"user#123"},"sk":{"N":"42"}}}`},
		{"PutItem", `{"TableName":"bench","Item":{"pk":{"S":"user#123"},"sk":{"N":"42"},"name":{"S":"Ada Lovelace"},"tags":{"SS":["a","b","c"]},"n":{"N":"3.14159"}}}`},
	} {
		b.Run(bc.action, func(b *testing.B) {
			body := []byte(bc.body)
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				w := &discardWriter{header: http.Header{}}
				r, _ := http.NewRequest("POST", "/", nil)
				r.Header.Set("X-Amz-Target", target(bc.action))
				r.Header.Set("Content-Type", amzJSON)
				rd := bytes.NewReader(body)
				for pb.Next() {
					rd.Reset(body)
					r.Body = readCloser{rd}
					r.ContentLength = int64(len(body))
					clear(w.header)
					h.ServeHTTP(w, r)
					if w.status != http.StatusOK {
						b.Fatalf("status %d", w.status)
					}
				}
			})
		})
	}
}

type readCloser struct{ *bytes.Reader }

func (readCloser) Close() error { return nil }
