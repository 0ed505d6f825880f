package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
)

// serveLoopback serves a fresh engine with server.Serve on 127.0.0.1 and
// returns its address.
func serveLoopback(t *testing.T) string {
	t.Helper()
	eng, err := engine.Open(engine.Options{DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- server.Serve(ctx, ln, server.New(eng, server.Options{})) }()
	t.Cleanup(func() {
		cancel()
		<-done
		eng.Close()
	})
	return ln.Addr().String()
}

// rawExchange writes a raw request on a new connection and returns the
// status line and the body of the reply.
func rawExchange(t *testing.T, addr, request string) (status, body string) {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, request); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("no reply to %q: %v", request, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.Status, string(b)
}

func listTablesRequest(proto, host string) string {
	var b strings.Builder
	b.WriteString("POST / " + proto + "\r\n")
	if host != "" {
		b.WriteString("Host: " + host + "\r\n")
	}
	b.WriteString("Content-Type: application/x-amz-json-1.0\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
	return b.String()
}

func TestLoopbackListenerChecksHost(t *testing.T) {
	addr := serveLoopback(t)
	_, port, _ := net.SplitHostPort(addr)
	const ok = `{"TableNames":[]}`
	refused := `{"__type":"com.amazon.coral.service#AccessDeniedException","Message":"dynoscope refuses this request: its Host header names neither localhost nor a loopback address, and this endpoint listens on loopback only (protection against DNS rebinding). Address it as http://127.0.0.1:PORT, http://localhost:PORT or http://[::1]:PORT."}`
	tests := []struct {
		host       string
		wantStatus string
		wantBody   string
	}{
		{"127.0.0.1:" + port, "200 OK", ok},
		{"127.0.0.1", "200 OK", ok},
		{"localhost:" + port, "200 OK", ok},
		{"localhost", "200 OK", ok},
		{"LocalHost:" + port, "200 OK", ok},
		{"[::1]:" + port, "200 OK", ok},
		{"[::1]", "200 OK", ok},
		{"127.0.0.2:" + port, "200 OK", ok},
		{"evil.example:" + port, "403 Forbidden", refused},
		{"evil.example", "403 Forbidden", refused},
		{"localhost.evil.example:" + port, "403 Forbidden", refused},
		{"127.0.0.1.nip.io:" + port, "403 Forbidden", refused},
		{"0.0.0.0:" + port, "403 Forbidden", refused},
		{"192.168.1.10:" + port, "403 Forbidden", refused},
		{"localhost:http", "403 Forbidden", refused},
		{"::1", "403 Forbidden", refused},
	}
	for _, tt := range tests {
		t.Run(tt.host, func(t *testing.T) {
			status, body := rawExchange(t, addr, listTablesRequest("HTTP/1.1", tt.host))
			if status != tt.wantStatus || body != tt.wantBody {
				t.Fatalf("Host %q: %s %s\nwant %s %s", tt.host, status, body, tt.wantStatus, tt.wantBody)
			}
			if tt.wantStatus != "200 OK" && !json.Valid([]byte(body)) {
				t.Fatalf("refusal is not JSON: %s", body)
			}
		})
	}
}

// TestLoopbackListenerServesSDK checks that the SDK, addressing the
// endpoint as 127.0.0.1 or localhost, gets through the Host check.
func TestLoopbackListenerServesSDK(t *testing.T) {
	addr := serveLoopback(t)
	_, port, _ := net.SplitHostPort(addr)
	for _, endpoint := range []string{"http://127.0.0.1:" + port, "http://localhost:" + port} {
		c := dynamodb.New(dynamodb.Options{
			Region:       "us-east-1",
			Credentials:  credentials.NewStaticCredentialsProvider("x", "y", ""),
			BaseEndpoint: aws.String(endpoint),
			Retryer:      aws.NopRetryer{},
		})
		out, err := c.ListTables(context.Background(), &dynamodb.ListTablesInput{})
		if err != nil {
			t.Fatalf("%s: %v", endpoint, err)
		}
		if len(out.TableNames) != 0 {
			t.Fatalf("%s: tables %v", endpoint, out.TableNames)
		}
	}
}

// TestHTTP10Answered sends HTTP/1.0 requests (with and without Host, with
// keep-alive, a GET) and expects an answer to each, not a dropped
// connection.
func TestHTTP10Answered(t *testing.T) {
	addr := serveLoopback(t)
	tests := []struct {
		name       string
		request    string
		wantStatus string
		wantBody   string
	}{
		{"POST without Host", listTablesRequest("HTTP/1.0", ""), "200 OK", `{"TableNames":[]}`},
		{"POST with Host", listTablesRequest("HTTP/1.0", addr), "200 OK", `{"TableNames":[]}`},
		{"POST keep-alive", "POST / HTTP/1.0\r\nConnection: keep-alive\r\nContent-Type: application/x-amz-json-1.0\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\nContent-Length: 2\r\n\r\n{}",
			"200 OK", `{"TableNames":[]}`},
		{"POST without Content-Length", "POST / HTTP/1.0\r\nContent-Type: application/x-amz-json-1.0\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n\r\n",
			"400 Bad Request", `{"__type":"com.amazon.coral.service#SerializationException"}`},
		{"GET health", "GET / HTTP/1.0\r\n\r\n", "200 OK", "healthy: dynamodb.us-east-1.amazonaws.com "},
		{"refused Host", listTablesRequest("HTTP/1.0", "evil.example"), "403 Forbidden", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := rawExchange(t, addr, tt.request)
			if status != tt.wantStatus || (tt.wantBody != "" && body != tt.wantBody) {
				t.Fatalf("%s %s\nwant %s %s", status, body, tt.wantStatus, tt.wantBody)
			}
		})
	}
}

func TestIsLoopback(t *testing.T) {
	tests := []struct {
		addr string
		want bool
	}{
		{"127.0.0.1:8000", true},
		{"127.3.2.1:8000", true},
		{"[::1]:8000", true},
		{"0.0.0.0:8000", false},
		{"[::]:8000", false},
		{"192.168.1.10:8000", false},
	}
	for _, tt := range tests {
		a, err := net.ResolveTCPAddr("tcp", tt.addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := server.IsLoopback(a); got != tt.want {
			t.Errorf("IsLoopback(%s) = %v, want %v", tt.addr, got, tt.want)
		}
	}
}

// TestListenAndServeReportsBoundAddress checks that the bound callback
// runs once the port accepts connections, with the real port of ":0".
func TestListenAndServeReportsBoundAddress(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	reported := make(chan error, 1)
	done := make(chan error, 1)
	go func() {
		done <- server.ListenAndServe(ctx, "127.0.0.1:0", http.NotFoundHandler(), func(a net.Addr) {
			c, err := net.Dial("tcp", a.String())
			if err == nil {
				c.Close()
			}
			reported <- err
		})
	}()
	select {
	case err := <-reported:
		if err != nil {
			t.Fatalf("the reported address does not accept connections: %v", err)
		}
	case err := <-done:
		t.Fatalf("ListenAndServe returned %v before reporting", err)
	case <-time.After(10 * time.Second):
		t.Fatal("no address reported")
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
