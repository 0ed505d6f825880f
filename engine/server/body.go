package server

import (
	"bytes"
	"io"
)

// bodyPrealloc is the most a request's declared Content-Length reserves
// before its bytes arrive. Beyond it the buffer grows with what is read
// (doubling, so a body costs at most about twice its size), and a client
// that declares 16 MB and sends one byte holds no more than this.
const bodyPrealloc = 64 << 10

// readBody reads r into buf. declared is the request's Content-Length (-1
// when unknown); it sizes the first allocation up to bodyPrealloc and no
// further, since a declaration is not a promise. The caller bounds r.
func readBody(buf *bytes.Buffer, r io.Reader, declared int64) error {
	if declared > 0 {
		// MinRead more, so that ReadFrom meets the end of an honest body
		// without growing the buffer once more.
		buf.Grow(int(min(declared, bodyPrealloc)) + bytes.MinRead)
	}
	_, err := buf.ReadFrom(r)
	return err
}
