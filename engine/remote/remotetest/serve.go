package remotetest

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
)

// Serve serves eng's DynamoDB and DynamoDB Streams APIs over HTTP on a
// loopback listener, as `dynoscope serve` does, until the test ends, and
// returns the endpoint's URL. Each wrap, when given, wraps the handler (to
// hold or watch requests).
func Serve(t testing.TB, eng *engine.Engine, wrap ...func(http.Handler) http.Handler) string {
	t.Helper()
	srv := server.New(eng, server.Options{})
	server.RegisterStreams(srv, eng)
	var h http.Handler = srv
	for _, w := range wrap {
		h = w(h)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return ts.URL
}

// ServeCloudWatch serves cw on a loopback listener until the test ends and
// returns its URL (remote.Options.CloudWatchEndpointURL).
func ServeCloudWatch(t testing.TB, cw *CloudWatch) string {
	t.Helper()
	ts := httptest.NewServer(cw)
	t.Cleanup(ts.Close)
	return ts.URL
}
