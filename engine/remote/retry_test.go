package remote

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/credentials"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/remote/remotetest"
	"github.com/dynoscope/dynoscope/model"
)

// With RetryConnectionsOnly a call whose answer was lost on the way (the
// connection closed while the answer was read) is sent again, while a
// throttle comes back at once, from the first attempt.
func TestRetryConnectionsOnly(t *testing.T) {
	eng, err := engine.Open(engine.Options{Clock: engine.NewManualClock(testStart), DisableTTLSweeper: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	ctx := context.Background()
	if _, err := eng.CreateTable(ctx, &model.CreateTableInput{TableName: "Tab",
		AttributeDefinitions:  []model.AttributeDefinition{{AttributeName: "pk", AttributeType: "S"}},
		KeySchema:             []model.KeySchemaElement{{AttributeName: "pk", KeyType: model.KeyTypeHash}},
		ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: ptr[int64](1), WriteCapacityUnits: ptr[int64](1)}}); err != nil {
		t.Fatal(err)
	}
	var calls, cut atomic.Int32
	cut.Store(1)
	// the first answer to ListTables is reset after its headers and a few
	// bytes: the client loses the connection while reading it
	wrap := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			calls.Add(1)
			if strings.HasSuffix(r.Header.Get("X-Amz-Target"), ".ListTables") && cut.Add(-1) == 0 {
				conn, buf, err := w.(http.Hijacker).Hijack()
				if err != nil {
					t.Error(err)
					return
				}
				buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: application/x-amz-json-1.0\r\nContent-Length: 1000\r\n\r\n{\"TableNames\":[")
				buf.Flush()
				conn.(*net.TCPConn).SetLinger(0) // close with a reset
				conn.Close()
				return
			}
			next.ServeHTTP(w, r)
		})
	}
	url := remotetest.Serve(t, eng, wrap)
	b, err := Open(ctx, Options{EndpointURL: url, Region: "us-east-1", Write: true, RetryConnectionsOnly: true,
		Credentials: credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", "")})
	if err != nil {
		t.Fatal(err)
	}
	out, err := b.ListTables(ctx, &model.ListTablesInput{})
	if err != nil || len(out.TableNames) != 1 || calls.Load() != 2 {
		t.Fatalf("ListTables: %v %v after %d calls", out, err, calls.Load())
	}
	// a burst past the bucket: the first throttle comes back as is
	calls.Store(0)
	var throttled *model.Error
	for i := 0; i < 400 && throttled == nil; i++ {
		_, err := b.PutItem(ctx, &model.PutItemInput{TableName: "Tab", Item: model.Item{"pk": model.S("k"), "v": model.S(strings.Repeat("x", 900))}})
		if err != nil {
			throttled = err.(*model.Error)
		}
	}
	if throttled == nil || throttled.Code != "ProvisionedThroughputExceededException" {
		t.Fatalf("no throttle: %v", throttled)
	}
	if n := calls.Load(); n == 0 || int(n) > 400 {
		t.Fatalf("%d calls", n)
	}
	before := calls.Load()
	if _, err := b.PutItem(ctx, &model.PutItemInput{TableName: "Tab", Item: model.Item{"pk": model.S("k")}}); err == nil {
		t.Fatal("not throttled")
	}
	if calls.Load() != before+1 {
		t.Fatalf("a throttle was sent %d times", calls.Load()-before)
	}
}

// A call to an endpoint that refuses connections says what was tried:
// three attempts, because only a connection that fails is retried, and
// the cause; not the SDK's bare "exceeded maximum number of attempts, 3".
func TestConnectionErrorSaysWhatWasTried(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	ctx := context.Background()
	b, err := Open(ctx, Options{EndpointURL: "http://" + addr, Region: "us-east-1", RetryConnectionsOnly: true,
		Credentials: credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", "")})
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.ListTables(ctx, &model.ListTablesInput{})
	var me *model.Error
	if !errors.As(err, &me) || me.Code != ErrRequest {
		t.Fatalf("error %v", err)
	}
	want := "operation error DynamoDB: ListTables, no answer from http://" + addr + " after 3 attempts (a call whose connection fails or is lost is tried up to 3 times, with backoff; throttles and every other exception come back from the first): dial tcp " + addr + ": connect: connection refused"
	if me.Message != want {
		t.Fatalf("message %q\nwant %q", me.Message, want)
	}
}
