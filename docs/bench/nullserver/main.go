// Command nullserver is the floor of the HTTP benchmarks in docs/bench: a
// server that reads each request body and writes a fixed reply, and does
// nothing else. It runs on the same HTTP stack as `dynoscope serve`
// (server.Serve: the same http.Server settings and loopback Host check) and
// answers with DynamoDB's headers (request id, CRC32 of the body), so the
// SDK's clients accept its replies; the CPU it spends per request is what
// any Go server on this machine spends to read a request and write that
// reply. See docs/bench/cpuperop.sh and docs/BENCHMARKS.md.
//
//	nullserver -addr 127.0.0.1:8766
//
// Replies, by the action in X-Amz-Target: PutItem {}, GetItem one ~300-byte
// item, Query one 100-item page (~41 KB), BatchWriteItem no unprocessed
// items (docs/bench/internal/benchitems); any other action {}.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"hash/crc32"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/dynoscope/dynoscope/docs/bench/internal/benchitems"
	"github.com/dynoscope/dynoscope/engine/server"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8766", "address to listen on")
	items := flag.Int("items", 10_000, "table size the replies' items come from")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "nullserver:", err)
		os.Exit(1)
	}
	fmt.Printf("nullserver listening on http://%s\n", ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := server.Serve(ctx, ln, newHandler(benchitems.Replies(*items))); err != nil {
		fmt.Fprintln(os.Stderr, "nullserver:", err)
		os.Exit(1)
	}
}

// reply is a prepared reply: body and header values.
type reply struct {
	body   []byte
	length []string
	crc    []string
}

type handler struct {
	replies map[string]*reply
	other   *reply
	bodies  sync.Pool // *bytes.Buffer, as the dynoscope server reads bodies
}

func prepare(body []byte) *reply {
	return &reply{body: body, length: []string{strconv.Itoa(len(body))},
		crc: []string{strconv.FormatUint(uint64(crc32.ChecksumIEEE(body)), 10)}}
}

func newHandler(bodies map[string][]byte) *handler {
	h := &handler{replies: map[string]*reply{}, other: prepare([]byte("{}"))}
	for action, b := range bodies {
		h.replies[action] = prepare(b)
	}
	return h
}

var (
	contentType = []string{"application/x-amz-json-1.0"}
	requestID   = []string{"00000000-0000-4000-8000-000000000000"}
)

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	buf, _ := h.bodies.Get().(*bytes.Buffer)
	if buf == nil {
		buf = new(bytes.Buffer)
	}
	buf.Reset()
	if _, err := buf.ReadFrom(r.Body); err != nil {
		h.bodies.Put(buf)
		return
	}
	h.bodies.Put(buf)
	_, action, _ := strings.Cut(r.Header.Get("X-Amz-Target"), ".")
	rep := h.replies[action]
	if rep == nil {
		rep = h.other
	}
	hd := w.Header()
	hd["Content-Type"] = contentType
	hd["Content-Length"] = rep.length
	hd["x-amzn-RequestId"] = requestID
	hd["x-amz-crc32"] = rep.crc
	w.WriteHeader(http.StatusOK)
	w.Write(rep.body)
}
