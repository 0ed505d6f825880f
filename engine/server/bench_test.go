package server_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
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

// BenchmarkServeHTTPEngine is the server on a real in-memory engine, the
// HTTP stack left out: PutItem and GetItem of ~300-byte items in a table
// with one GSI, and a 100-item Query page, as docs/bench/cpuperop sends
// them (server CPU per request there = this + net/http's share).
//
//	go test ./engine/server/ -run '^$' -bench ServeHTTPEngine -benchmem
func BenchmarkServeHTTPEngine(b *testing.B) {
	eng, err := engine.Open(engine.Options{DisableTTLSweeper: true, DisableThrottling: true})
	if err != nil {
		b.Fatal(err)
	}
	defer eng.Close()
	h := server.New(eng, server.Options{})
	call := func(action, body string) int {
		w := &discardWriter{header: http.Header{}}
		r, _ := http.NewRequest("POST", "/", strings.NewReader(body))
		r.Header.Set("X-Amz-Target", target(action))
		r.Header.Set("Content-Type", amzJSON)
		h.ServeHTTP(w, r)
		return w.status
	}
	if s := call("CreateTable", `{"TableName":"bench","BillingMode":"PAY_PER_REQUEST",
		"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"},{"AttributeName":"gk","AttributeType":"S"},{"AttributeName":"gs","AttributeType":"N"}],
		"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
		"GlobalSecondaryIndexes":[{"IndexName":"byGroup","KeySchema":[{"AttributeName":"gk","KeyType":"HASH"},{"AttributeName":"gs","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}]}`); s != http.StatusOK {
		b.Fatalf("CreateTable: %d", s)
	}
	item := func(i int) string {
		return fmt.Sprintf(`{"pk":{"S":"p#%08d"},"sk":{"N":"%d"},"gk":{"S":"g#%06d"},"gs":{"N":"%d"},"name":{"S":"Ada Lovelace %d"},"email":{"S":"ada.%d@example.com"},"city":{"S":"London"},"score":{"N":"%d"},"active":{"BOOL":%v},"tags":{"SS":["alpha","beta","gamma"]},"bio":{"S":"%s"}}`,
			i/100, i%100, i%100, i, i, i, i*7%1000, i%2 == 0, strings.Repeat("lorem ipsum dolor sit amet ", 7)[:172])
	}
	var puts, gets [][]byte
	for i := range 10_000 {
		put := `{"TableName":"bench","Item":` + item(i) + `}`
		if s := call("PutItem", put); s != http.StatusOK {
			b.Fatalf("PutItem: %d", s)
		}
		puts = append(puts, []byte(put))
		gets = append(gets, []byte(fmt.Sprintf(`{"TableName":"bench","Key":{"pk":{"S":"p#%08d"},"sk":{"N":"%d"}}}`, i/100, i%100)))
	}
	var queries [][]byte
	for p := range 100 {
		queries = append(queries, []byte(fmt.Sprintf(`{"TableName":"bench","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"p#%08d"}}}`, p)))
	}
	for _, bc := range []struct {
		action string
		bodies [][]byte
	}{{"PutItem", puts}, {"GetItem", gets}, {"Query", queries}} {
		b.Run(bc.action, func(b *testing.B) {
			w := &discardWriter{header: http.Header{}}
			r, _ := http.NewRequest("POST", "/", nil)
			r.Header.Set("X-Amz-Target", target(bc.action))
			r.Header.Set("Content-Type", amzJSON)
			rd := bytes.NewReader(nil)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				body := bc.bodies[i%len(bc.bodies)]
				rd.Reset(body)
				r.Body = readCloser{rd}
				r.ContentLength = int64(len(body))
				clear(w.header)
				h.ServeHTTP(w, r)
				if w.status != http.StatusOK {
					b.Fatalf("status %d", w.status)
				}
				i++
			}
		})
	}
}
