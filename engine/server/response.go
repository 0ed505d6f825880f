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
	out []byte // for outputs that write themselves (appender)
}

// appender is an output that writes its own JSON (the data-plane replies:
// model's AppendJSON methods), exactly as encoding/json would write it.
type appender interface {
	AppendJSON(dst []byte) ([]byte, error)
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
		if e.buf.Cap() <= maxPooledReply && cap(e.out) <= maxPooledReply {
			e.buf.Reset()
			encoderPool.Put(e)
		}
	}()
	if a, ok := v.(appender); ok {
		out, err := a.AppendJSON(e.out[:0])
		e.out = out // the pooled buffer keeps its growth
		if err == nil {
			writeRaw(w, contentType, status, out)
			return
		}
		s.log.Error("server: cannot write reply", "err", err)
		s.writeError(w, contentType, errInternal)
		return
	}
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

// writeRaw writes a complete reply with DynamoDB's headers. The header
// values share one string and one slice backing array: this runs on every
// request.
func writeRaw(w http.ResponseWriter, contentType string, status int, body []byte) {
	var scratch [requestIDLen + 2*20]byte
	b := appendRequestID(scratch[:0], [4]uint64{rand.Uint64(), rand.Uint64(), rand.Uint64(), rand.Uint64()})
	b = strconv.AppendUint(b, uint64(crc32.ChecksumIEEE(body)), 10)
	crcEnd := len(b)
	b = strconv.AppendInt(b, int64(len(body)), 10)
	text := string(b)

	values := []string{contentType, text[crcEnd:], text[:requestIDLen], text[requestIDLen:crcEnd]}
	h := w.Header()
	h["Content-Type"] = values[0:1:1]
	h["Content-Length"] = values[1:2:2]
	h[headerRequestID] = values[2:3:3]
	h[headerCRC32] = values[3:4:4]
	w.WriteHeader(status)
	_, _ = w.Write(body) // a failed write means the client is gone
}

// requestIDLen is the length of a request id.
const requestIDLen = 52

// appendRequestID appends a request id in DynamoDB's form: 52 characters
// of the base32hex alphabet (0-9, A-V), as in the ids DynamoDB answers
// ("855G8REKA0Q2HB9VQI0PECOH8VVV4KQNSO5AEMVJF66Q9ASUAAJG", quoted in
// architect/architect#44; see docs/FIDELITY.md). Each character takes five
// of the random bits r, which the caller draws from the fast per-thread
// generator: the id needs to be unique, not unguessable.
func appendRequestID(b []byte, r [4]uint64) []byte {
	const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
	for i := range requestIDLen {
		word := r[i/13] // 13 characters (65 bits, the last one short) per word
		b = append(b, alphabet[word>>(5*uint(i%13))&31])
	}
	return b
}
