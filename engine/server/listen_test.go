package server_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/engine/server"
)

func TestServe(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- server.Serve(ctx, ln, server.New(&fakeAPI{}, server.Options{})) }()

	res, err := http.Get("http://" + ln.Addr().String() + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || string(body) != "healthy: dynamodb.us-east-1.amazonaws.com " {
		t.Errorf("GET / = %d %q", res.StatusCode, body)
	}
	// Go's client canonicalises header names on the way in.
	if res.Header.Get("X-Amzn-Requestid") == "" || res.Header.Get("X-Amz-Crc32") == "" {
		t.Errorf("headers %v lack the request id or crc32", res.Header)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve after cancel = %v, want nil", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return after cancel")
	}
	if _, err := net.Dial("tcp", ln.Addr().String()); err == nil {
		t.Error("listener still accepts after shutdown")
	}
}

func TestListenAndServeBadAddr(t *testing.T) {
	err := server.ListenAndServe(context.Background(), "256.0.0.1:bad", http.NotFoundHandler(), nil)
	if err == nil {
		t.Fatal("ListenAndServe on a bad address returned nil")
	}
}

func TestNewHTTPServer(t *testing.T) {
	h := http.NotFoundHandler()
	s := server.NewHTTPServer(server.DefaultAddr, h)
	if s.Addr != "127.0.0.1:8000" || s.Handler == nil {
		t.Errorf("server %q %v", s.Addr, s.Handler)
	}
	if s.ReadHeaderTimeout <= 0 || s.ReadTimeout <= 0 || s.WriteTimeout <= 0 || s.IdleTimeout <= 0 {
		t.Errorf("timeouts %v %v %v %v: all must be set", s.ReadHeaderTimeout, s.ReadTimeout, s.WriteTimeout, s.IdleTimeout)
	}
}
