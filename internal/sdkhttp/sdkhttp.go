// Package sdkhttp is the HTTP client that the repository's tests,
// benchmarks and load tools give the AWS SDK for Go v2 when they call a
// dynoscope endpoint.
//
// Why it exists (aws/aws-sdk-go-v2#2737, "use of closed network
// connection"): smithy-go wraps every request body in a ReadCloser that
// reads as io.EOF once closed, and closes it as soon as the response
// arrives. net/http's transport, after writing Content-Length bytes of the
// body, reads the body once more to check that nothing is left over; when
// a fast server has already answered, that read meets the closed wrapper,
// whose WriteTo returns io.EOF as an error. The transport takes it for a
// failed write and closes the connection, and a large reply still being
// read from it fails: about 9 runs in 600 of the 1 MB page tests, against
// dynoscope or a trivial net/http server alike. A body handed to the
// transport as a *bytes.Reader (which nothing else closes) ends cleanly:
// 0 in 600. Production SDK clients retry the error (net.ErrClosed is
// retryable since aws/aws-sdk-go-v2#2949); the tests run without retries.
package sdkhttp

import (
	"bytes"
	"io"
	"net/http"
)

// Client returns an HTTP client for SDK clients of a local endpoint: the
// default transport with room for many idle connections (parallel
// benchmarks reuse them), request bodies handed over in memory.
func Client() *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConns = 256
	tr.MaxIdleConnsPerHost = 64
	return &http.Client{Transport: Transport(tr)}
}

// Transport wraps next so that every request body reaches it as a
// *bytes.Reader (see the package comment).
func Transport(next http.RoundTripper) http.RoundTripper {
	return inMemoryBody{next: next}
}

type inMemoryBody struct{ next http.RoundTripper }

// RoundTrip reads the body the SDK built, whole, before the transport sees
// it, and sends a copy the SDK cannot close.
func (t inMemoryBody) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body == nil || r.Body == http.NoBody {
		return t.next.RoundTrip(r)
	}
	buf := make([]byte, 0, max(r.ContentLength, 0))
	b := bytes.NewBuffer(buf)
	_, err := b.ReadFrom(r.Body)
	r.Body.Close()
	if err != nil {
		return nil, err
	}
	data := b.Bytes()
	out := r.Clone(r.Context()) // a RoundTripper must not change its request
	out.Body = io.NopCloser(bytes.NewReader(data))
	out.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }
	out.ContentLength = int64(len(data))
	return t.next.RoundTrip(out)
}
