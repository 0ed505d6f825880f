package server

import (
	"bytes"
	"encoding/json"
	"hash/crc32"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
)

// Reply header names, spelled as DynamoDB spells them. They are set on the
// header map directly, bypassing canonicalisation, so they go on the wire
// exactly so; HTTP clients read headers case-insensitively.
const (
	headerRequestID = "x-amzn-RequestId"
	headerCRC32     = "x-amz-crc32"
)

// encoder is a reusable response buffer with its JSON encoder.
type encoder struct {
	buf bytes.Buffer
	enc *json.Encoder
}

var encoderPool = sync.Pool{New: func() any {
	e := new(encoder)
	e.enc = json.NewEncoder(&e.buf)
	// DynamoDB (Java) does not escape <, > and &.
	e.enc.SetEscapeHTML(false)
	return e
}}

// maxPooledReply is the largest response buffer kept for reuse.
const maxPooledReply = 1 << 20

// writeJSON encodes v and writes it with the given status. An output that
// cannot be encoded becomes an InternalServerError.
func (s *Server) writeJSON(w http.ResponseWriter, contentType string, status int, v any) {
	e := encoderPool.Get().(*encoder)
	defer func() {
		if e.buf.Cap() <= maxPooledReply {
			e.buf.Reset()
			encoderPool.Put(e)
		}
	}()
	if err := e.enc.Encode(v); err != nil {
		s.log.Error("server: cannot encode reply", "err", err)
		e.buf.Reset()
		status = errorStatus(errInternal.Code)
		if err := e.enc.Encode(newErrorBody(errInternal)); err != nil {
			panic(err) // unreachable: the error body has plain fields only
		}
	}
	body := bytes.TrimSuffix(e.buf.Bytes(), []byte{'\n'}) // Encode's newline
	writeRaw(w, contentType, status, body)
}

// writeRaw writes a complete reply with DynamoDB's headers.
func writeRaw(w http.ResponseWriter, contentType string, status int, body []byte) {
	h := w.Header()
	h["Content-Type"] = []string{contentType}
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
	h[headerRequestID] = []string{newRequestID()}
	h[headerCRC32] = []string{strconv.FormatUint(uint64(crc32.ChecksumIEEE(body)), 10)}
	w.WriteHeader(status)
	_, _ = w.Write(body) // a failed write means the client is gone
}

// newRequestID returns a random UUID-shaped (version 4) request id. It needs
// to be unique, not unguessable, so it uses the fast per-thread generator.
func newRequestID() string {
	const hex = "0123456789abcdef"
	var b [36]byte
	hi, lo := rand.Uint64(), rand.Uint64()
	hi = hi&^(0xf<<12) | 4<<12   // version 4
	lo = lo&^(0x3<<62) | 0x2<<62 // RFC 4122 variant
	n := 0
	for i := range b {
		switch i {
		case 8, 13, 18, 23:
			b[i] = '-'
			continue
		}
		var nibble uint64
		if n < 16 {
			nibble = hi >> (60 - 4*n) & 0xf
		} else {
			nibble = lo >> (60 - 4*(n-16)) & 0xf
		}
		b[i] = hex[nibble]
		n++
	}
	return string(b[:])
}
