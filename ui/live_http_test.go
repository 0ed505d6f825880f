package ui

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
)

// dynamoPost sends one DynamoDB JSON request to an endpoint, as the AWS CLI
// does, and fails the test unless it succeeds.
func dynamoPost(t *testing.T, url, action, body string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-amz-json-1.0")
	req.Header.Set("X-Amz-Target", "DynamoDB_20120810."+action)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: %s %s", action, resp.Status, out)
	}
}

// A request sent through the HTTP endpoint (the same engine, as with
// dynoscope --serve) while the explorer runs shows up in the status bar,
// the capacity pane and the stream pane.
func TestHTTPRequestShowsInLivePanes(t *testing.T) {
	eng := demoEngine(t, "messages-ttl")
	srv := server.New(eng, server.Options{})
	server.RegisterStreams(srv, eng)
	hs := httptest.NewServer(srv)
	defer hs.Close()
	// A second of its own for the request: the demo data was written at t0.
	eng.Clock().(*engine.VirtualClock).Advance(time.Minute)

	addr := strings.TrimPrefix(hs.URL, "http://")
	g := startLive(t, eng, Options{Live: true, Serving: addr}, 120, 40)
	g.waitFor("serving " + addr)
	g.keys("4")
	g.waitFor("WRU/s now 0 ·")
	dynamoPost(t, hs.URL, "PutItem", `{"TableName":"Messages","Item":{"UserId":{"S":"zoe"},`+
		`"SentAt":{"S":"2026-11-22T10:42:07Z"},"Body":{"S":"hello from the CLI"}}}`)
	g.waitFor("last: PutItem Messages · 1 item · 1 WCU")
	g.waitFor("WRU/s now 1 ·")
	g.keys("6")
	g.waitFor("+ INSERT  UserId=zoe · SentAt=2026-11-22T10:42:07Z")
	g.waitFor("new Body=hello from the CLI")
	dynamoPost(t, hs.URL, "DeleteItem", `{"TableName":"Messages","Key":{"UserId":{"S":"zoe"},"SentAt":{"S":"2026-11-22T10:42:07Z"}}}`)
	g.waitFor("- REMOVE  UserId=zoe")
	view := g.screen()
	for _, want := range []string{"serving " + addr, "+ INSERT  UserId=zoe", "- REMOVE  UserId=zoe", "old Body=hello from the CLI"} {
		if !strings.Contains(view, want) {
			t.Errorf("final screen lacks %q:\n%s", want, view)
		}
	}
}
