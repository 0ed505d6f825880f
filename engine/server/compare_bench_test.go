package server_test

// Side-by-side HTTP benchmarks: the same AWS SDK for Go v2 client, with 8
// concurrent clients, against dynoscope and against dynalite (npm; when
// DYNALITE_ENDPOINT is set), each a server process of its own on a
// 127.0.0.1 listener: dynoscope runs in a child process (this test binary
// re-run as TestCompareServerProcess), so that, like dynalite, it shares
// the machine's cores with the clients but not their process. A third
// target, "replay", is an in-process server that answers with a recorded
// dynoscope reply without touching the engine: its throughput is the
// ceiling the client itself allows on this machine.
//
// Metrics: ops/s; client-cpu-ns/op, the CPU of this process (the clients;
// for replay the replay server too); server-cpu-ns/op, the CPU of the
// server process from /proc/<pid>/stat (dynalite's when DYNALITE_PID is
// set). Figures are in docs/BENCHMARKS.md.
//
//	docs/bench/dynalite.sh go test ./engine/server/ -run '^$' -bench Compare -benchmem -count 5 -timeout 60m

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/server"
	"github.com/dynoscope/dynoscope/internal/sdkhttp"
)

// cmpClients is the number of concurrent clients.
const cmpClients = 8

// cmpItems items fill each target's table: 100 partitions of 100 items.
const (
	cmpItems     = 10_000
	cmpPartition = 100
)

var cmpBio = strings.Repeat("lorem ipsum dolor sit amet ", 7)[:172]

// cmpItem is item i, the same ~300-byte item as engine/bench_test.go's.
func cmpItem(i int) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk":     &types.AttributeValueMemberS{Value: fmt.Sprintf("p#%08d", i/cmpPartition)},
		"sk":     &types.AttributeValueMemberN{Value: strconv.Itoa(i % cmpPartition)},
		"gk":     &types.AttributeValueMemberS{Value: fmt.Sprintf("g#%06d", i%(cmpItems/cmpPartition))},
		"gs":     &types.AttributeValueMemberN{Value: strconv.Itoa(i)},
		"name":   &types.AttributeValueMemberS{Value: fmt.Sprintf("Ada Lovelace %d", i)},
		"email":  &types.AttributeValueMemberS{Value: fmt.Sprintf("ada.%d@example.com", i)},
		"city":   &types.AttributeValueMemberS{Value: "London"},
		"score":  &types.AttributeValueMemberN{Value: strconv.Itoa(i * 7 % 1000)},
		"active": &types.AttributeValueMemberBOOL{Value: i%2 == 0},
		"tags":   &types.AttributeValueMemberSS{Value: []string{"alpha", "beta", "gamma"}},
		"bio":    &types.AttributeValueMemberS{Value: cmpBio},
	}
}

func cmpKey(i int) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: fmt.Sprintf("p#%08d", i/cmpPartition)},
		"sk": &types.AttributeValueMemberN{Value: strconv.Itoa(i % cmpPartition)},
	}
}

// cmpTarget is one endpoint with its table filled, and one SDK client per
// concurrent worker.
type cmpTarget struct {
	name     string
	endpoint string
	pid      int // server process whose CPU is measured; 0: none
	table    string
	clients  []*dynamodb.Client
	// Prepared inputs, built once so the timed loop only calls the SDK.
	puts    []*dynamodb.PutItemInput
	gets    []*dynamodb.GetItemInput
	queries []*dynamodb.QueryInput
}

// cmpClient is an SDK client as an application would make it: static
// dummy credentials, us-east-1, BaseEndpoint, no retries. Each client has
// its own connection pool.
func cmpClient(endpoint string) *dynamodb.Client {
	return dynamodb.New(dynamodb.Options{
		Region:       "us-east-1",
		Credentials:  credentials.NewStaticCredentialsProvider("AKIDBENCH", "bench-secret", ""),
		BaseEndpoint: aws.String(endpoint),
		Retryer:      aws.NopRetryer{},
		HTTPClient:   sdkhttp.Client(), // aws/aws-sdk-go-v2#2737: see sdkhttp
	})
}

// newCmpTarget creates and fills a table at endpoint.
func newCmpTarget(b *testing.B, name, endpoint string) *cmpTarget {
	b.Helper()
	t := &cmpTarget{name: name, endpoint: endpoint, table: fmt.Sprintf("cmp-%d-%d", os.Getpid(), time.Now().UnixNano())}
	for range cmpClients {
		t.clients = append(t.clients, cmpClient(endpoint))
	}
	c := t.clients[0]
	bg := context.Background()
	_, err := c.CreateTable(bg, &dynamodb.CreateTableInput{
		TableName: aws.String(t.table),
		AttributeDefinitions: []types.AttributeDefinition{
			{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("sk"), AttributeType: types.ScalarAttributeTypeN},
		},
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String("sk"), KeyType: types.KeyTypeRange},
		},
		BillingMode: types.BillingModePayPerRequest,
	})
	if err != nil {
		b.Fatalf("%s: CreateTable: %v", name, err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		out, err := c.DescribeTable(bg, &dynamodb.DescribeTableInput{TableName: aws.String(t.table)})
		if err == nil && out.Table.TableStatus == types.TableStatusActive {
			break
		}
		if time.Now().After(deadline) {
			b.Fatalf("%s: table not ACTIVE: %v", name, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	for i := 0; i < cmpItems; i += 25 {
		reqs := make([]types.WriteRequest, 0, 25)
		for j := i; j < i+25; j++ {
			reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: cmpItem(j)}})
		}
		in := &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{t.table: reqs}}
		for attempt := 0; ; attempt++ {
			out, err := c.BatchWriteItem(bg, in)
			if err != nil {
				b.Fatalf("%s: BatchWriteItem: %v", name, err)
			}
			if len(out.UnprocessedItems) == 0 {
				break
			}
			if attempt == 100 {
				b.Fatalf("%s: BatchWriteItem keeps leaving items unprocessed", name)
			}
			in.RequestItems = out.UnprocessedItems
		}
	}
	for i := range cmpItems {
		t.puts = append(t.puts, &dynamodb.PutItemInput{TableName: aws.String(t.table), Item: cmpItem(i)})
		t.gets = append(t.gets, &dynamodb.GetItemInput{TableName: aws.String(t.table), Key: cmpKey(i)})
	}
	for p := range cmpItems / cmpPartition {
		t.queries = append(t.queries, &dynamodb.QueryInput{
			TableName:                 aws.String(t.table),
			KeyConditionExpression:    aws.String("pk = :p"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":p": &types.AttributeValueMemberS{Value: fmt.Sprintf("p#%08d", p)}},
		})
	}
	return t
}

// serveInProcess serves h on a fresh 127.0.0.1 listener with the server's
// own http.Server settings (server.Serve) and returns its URL. The server
// runs until the process exits: the targets are shared by the benchmarks
// of one run.
func serveInProcess(b *testing.B, h http.Handler) string {
	b.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	go server.Serve(context.Background(), ln, h)
	return "http://" + ln.Addr().String()
}

// serverProcessEnv marks the child process that serves dynoscope.
const serverProcessEnv = "DYNOSCOPE_COMPARE_SERVER"

// TestCompareServerProcess is the dynoscope server of BenchmarkCompare when
// run as its child process: an in-memory engine (no TTL sweeper, no
// throttling: dynalite has neither) behind server.New on a 127.0.0.1
// listener, until its standard input closes (the parent exited).
func TestCompareServerProcess(t *testing.T) {
	if os.Getenv(serverProcessEnv) == "" {
		t.Skip("the server process of BenchmarkCompare")
	}
	eng, err := engine.Open(engine.Options{DisableTTLSweeper: true, DisableThrottling: true})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("LISTEN http://%s\n", ln.Addr())
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		io.Copy(io.Discard, os.Stdin)
		cancel()
	}()
	if err := server.Serve(ctx, ln, server.New(eng, server.Options{})); err != nil {
		t.Fatal(err)
	}
}

var serverStdins []io.WriteCloser

// startServerProcess starts TestCompareServerProcess in a child process
// and returns its URL and pid. The child lives as long as this process.
func startServerProcess(b *testing.B) (string, int) {
	b.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCompareServerProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), serverProcessEnv+"=1")
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe() // closed when this process exits
	if err != nil {
		b.Fatal(err)
	}
	serverStdins = append(serverStdins, stdin) // reachable: no finaliser closes it
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if url, ok := strings.CutPrefix(sc.Text(), "LISTEN "); ok {
			go io.Copy(io.Discard, out)
			return url, cmd.Process.Pid
		}
	}
	b.Fatalf("server process: no LISTEN line (%v)", sc.Err())
	return "", 0
}

// processCPUOf is the CPU time (user+system) of process pid so far.
func processCPUOf(pid int) (time.Duration, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// Fields after the parenthesised command: state is field 3, utime
	// and stime are fields 14 and 15, in clock ticks (USER_HZ = 100).
	rest := raw[bytes.LastIndexByte(raw, ')')+2:]
	f := strings.Fields(string(rest))
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: %q", pid, raw)
	}
	ut, err1 := strconv.ParseInt(f[11], 10, 64)
	st, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("/proc/%d/stat: %q", pid, raw)
	}
	return time.Duration(ut+st) * (time.Second / 100), nil
}

// replayHandler answers PutItem, GetItem and Query with the first reply h
// gave to each, without calling h again: a server that costs (almost)
// nothing. Other actions (the table set-up) go to h.
type replayHandler struct {
	h       http.Handler
	mu      sync.RWMutex
	replies map[string]*recordedReply
}

type recordedReply struct {
	code   int
	header http.Header
	body   []byte
}

func (rh *replayHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	action := r.Header.Get("X-Amz-Target")
	switch action {
	case server.DynamoDBTarget + ".PutItem", server.DynamoDBTarget + ".GetItem", server.DynamoDBTarget + ".Query":
	default:
		rh.h.ServeHTTP(w, r)
		return
	}
	rh.mu.RLock()
	rep := rh.replies[action]
	rh.mu.RUnlock()
	if rep == nil {
		rec := httptest.NewRecorder()
		rh.h.ServeHTTP(rec, r)
		rep = &recordedReply{code: rec.Code, header: rec.Header().Clone(), body: rec.Body.Bytes()}
		if rep.code == http.StatusOK {
			rh.mu.Lock()
			rh.replies[action] = rep
			rh.mu.Unlock()
		}
	} else {
		io.Copy(io.Discard, r.Body)
	}
	h := w.Header()
	for k, v := range rep.header {
		h[k] = v
	}
	w.WriteHeader(rep.code)
	w.Write(rep.body)
}

var cmpTargets struct {
	sync.Mutex
	byName map[string]*cmpTarget
}

// cmpTargetsFor returns the targets of this run, set up on first use:
// dynoscope, replay and, with DYNALITE_ENDPOINT, dynalite.
func cmpTargetsFor(b *testing.B) []*cmpTarget {
	cmpTargets.Lock()
	defer cmpTargets.Unlock()
	if cmpTargets.byName == nil {
		cmpTargets.byName = map[string]*cmpTarget{}
		url, pid := startServerProcess(b)
		t := newCmpTarget(b, "dynoscope", url)
		t.pid = pid
		cmpTargets.byName["dynoscope"] = t

		eng2, err := engine.Open(engine.Options{DisableTTLSweeper: true, DisableThrottling: true})
		if err != nil {
			b.Fatal(err)
		}
		floor := &replayHandler{h: server.New(eng2, server.Options{}), replies: map[string]*recordedReply{}}
		cmpTargets.byName["replay"] = newCmpTarget(b, "replay", serveInProcess(b, floor))

		if ep := os.Getenv("DYNALITE_ENDPOINT"); ep != "" {
			if !strings.HasPrefix(ep, "http://127.0.0.1:") {
				b.Fatalf("DYNALITE_ENDPOINT %q: want http://127.0.0.1:<port> (loopback only)", ep)
			}
			start := time.Now()
			t := newCmpTarget(b, "dynalite", ep)
			if pid, err := strconv.Atoi(os.Getenv("DYNALITE_PID")); err == nil {
				if _, err := processCPUOf(pid); err == nil {
					t.pid = pid
				}
			}
			b.Logf("dynalite table filled with %d items in %v", cmpItems, time.Since(start).Round(time.Millisecond))
			cmpTargets.byName["dynalite"] = t
		}
	}
	var out []*cmpTarget
	for _, name := range []string{"dynoscope", "dynalite", "replay"} {
		if t := cmpTargets.byName[name]; t != nil {
			out = append(out, t)
		}
	}
	return out
}

// processCPU is the CPU time (user+system, all threads) of this process:
// the clients, and for dynoscope and replay the server too.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// meters hold the CPU readings at the start of a timed run.
type meters struct {
	t              *cmpTarget
	client, server time.Duration
	serverOK       bool
}

func startMeters(t *cmpTarget) *meters {
	m := &meters{t: t, client: processCPU()}
	if t.pid != 0 {
		var err error
		m.server, err = processCPUOf(t.pid)
		m.serverOK = err == nil
	}
	return m
}

// report reports ops/s and the CPU per operation of client and server.
func (m *meters) report(b *testing.B) {
	n := float64(b.N)
	b.ReportMetric(n/b.Elapsed().Seconds(), "ops/s")
	b.ReportMetric(float64((processCPU()-m.client).Nanoseconds())/n, "client-cpu-ns/op")
	if m.serverOK {
		if s, err := processCPUOf(m.t.pid); err == nil {
			b.ReportMetric(float64((s-m.server).Nanoseconds())/n, "server-cpu-ns/op")
		}
	}
}

// runClients runs b.N calls of op, split over cmpClients goroutines, each
// with its own client, and reports ops/s.
func runClients(b *testing.B, t *cmpTarget, op func(c *dynamodb.Client, i int) error) {
	var next atomic.Int64
	var failed atomic.Bool
	var wg sync.WaitGroup
	b.ReportAllocs()
	m := startMeters(t)
	b.ResetTimer()
	for w := range cmpClients {
		wg.Add(1)
		go func(c *dynamodb.Client) {
			defer wg.Done()
			for !failed.Load() {
				i := int(next.Add(1)) - 1
				if i >= b.N {
					return
				}
				if err := op(c, i); err != nil {
					if failed.CompareAndSwap(false, true) {
						b.Errorf("%s: %v", t.name, err)
					}
					return
				}
			}
		}(t.clients[w])
	}
	wg.Wait()
	b.StopTimer()
	m.report(b)
}

// BenchmarkCompare runs PutItem, GetItem and a 100-item Query through the
// Go SDK with 8 concurrent clients against each target, op by op, so the
// figures of one op are measured back to back.
func BenchmarkCompare(b *testing.B) {
	targets := cmpTargetsFor(b)
	if os.Getenv("DYNALITE_ENDPOINT") == "" {
		b.Log("DYNALITE_ENDPOINT not set: dynalite skipped (docs/bench/dynalite.sh sets it)")
	}
	ctx := context.Background()
	b.Run("PutItem", func(b *testing.B) {
		for _, t := range targets {
			b.Run(t.name, func(b *testing.B) {
				runClients(b, t, func(c *dynamodb.Client, i int) error {
					_, err := c.PutItem(ctx, t.puts[i%len(t.puts)])
					return err
				})
			})
		}
	})
	b.Run("GetItem", func(b *testing.B) {
		for _, t := range targets {
			b.Run(t.name, func(b *testing.B) {
				runClients(b, t, func(c *dynamodb.Client, i int) error {
					out, err := c.GetItem(ctx, t.gets[(i*7919)%len(t.gets)])
					if err == nil && len(out.Item) != 11 {
						err = fmt.Errorf("GetItem returned %d attributes, want 11", len(out.Item))
					}
					return err
				})
			})
		}
	})
	b.Run("Query100", func(b *testing.B) {
		for _, t := range targets {
			b.Run(t.name, func(b *testing.B) {
				runClients(b, t, func(c *dynamodb.Client, i int) error {
					out, err := c.Query(ctx, t.queries[i%len(t.queries)])
					if err == nil && (out.Count != cmpPartition || len(out.Items) != cmpPartition || out.LastEvaluatedKey != nil) {
						err = errors.New("Query did not return 100 items in one page")
					}
					return err
				})
			})
		}
	})
}

// ---------------------------------------------------------------------
// The same three operations with a lean client: net/http posting prepared
// JSON bodies (a fixed, well-formed but unchecked SigV4 Authorization
// header), 8 goroutines with a connection each. The client costs a few
// times less CPU than the SDK, so on a 2-core machine where client and
// server share the cores these figures show more of the servers' own
// capacity. Not the yardstick (that is the SDK), a diagnostic.

// rawJSONItem is item i in DynamoDB JSON.
func rawJSONItem(i int) map[string]map[string]any {
	return map[string]map[string]any{
		"pk":     {"S": fmt.Sprintf("p#%08d", i/cmpPartition)},
		"sk":     {"N": strconv.Itoa(i % cmpPartition)},
		"gk":     {"S": fmt.Sprintf("g#%06d", i%(cmpItems/cmpPartition))},
		"gs":     {"N": strconv.Itoa(i)},
		"name":   {"S": fmt.Sprintf("Ada Lovelace %d", i)},
		"email":  {"S": fmt.Sprintf("ada.%d@example.com", i)},
		"city":   {"S": "London"},
		"score":  {"N": strconv.Itoa(i * 7 % 1000)},
		"active": {"BOOL": i%2 == 0},
		"tags":   {"SS": []string{"alpha", "beta", "gamma"}},
		"bio":    {"S": cmpBio},
	}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// rawCall is one prepared request.
type rawCall struct {
	action string
	body   []byte
}

func rawPost(c *http.Client, endpoint string, rc rawCall, check func([]byte) error) error {
	req, err := http.NewRequest("POST", endpoint+"/", bytes.NewReader(rc.body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-amz-json-1.0")
	req.Header.Set("X-Amz-Target", server.DynamoDBTarget+"."+rc.action)
	req.Header.Set("X-Amz-Date", "20260101T000000Z")
	req.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential=AKIDBENCH/20260101/us-east-1/dynamodb/aws4_request, "+
		"SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0000000000000000000000000000000000000000000000000000000000000000")
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: HTTP %d: %s", rc.action, resp.StatusCode, body)
	}
	if check != nil {
		return check(body)
	}
	return nil
}

// BenchmarkCompareRawHTTP is BenchmarkCompare with the lean client.
func BenchmarkCompareRawHTTP(b *testing.B) {
	targets := cmpTargetsFor(b)
	type prepared struct{ puts, gets, queries []rawCall }
	prep := map[*cmpTarget]*prepared{}
	for _, t := range targets {
		p := &prepared{}
		for i := range cmpItems {
			p.puts = append(p.puts, rawCall{"PutItem", mustJSON(map[string]any{"TableName": t.table, "Item": rawJSONItem(i)})})
			k := rawJSONItem(i)
			p.gets = append(p.gets, rawCall{"GetItem", mustJSON(map[string]any{"TableName": t.table, "Key": map[string]any{"pk": k["pk"], "sk": k["sk"]}})})
		}
		for q := range cmpItems / cmpPartition {
			p.queries = append(p.queries, rawCall{"Query", mustJSON(map[string]any{"TableName": t.table, "KeyConditionExpression": "pk = :p",
				"ExpressionAttributeValues": map[string]any{":p": map[string]string{"S": fmt.Sprintf("p#%08d", q)}}})})
		}
		prep[t] = p
	}
	clients := make([]*http.Client, cmpClients)
	for i := range clients {
		clients[i] = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2}}
	}
	run := func(b *testing.B, t *cmpTarget, calls func(p *prepared) []rawCall, check func([]byte) error) {
		cs := calls(prep[t])
		var next atomic.Int64
		var failed atomic.Bool
		var wg sync.WaitGroup
		b.ReportAllocs()
		m := startMeters(t)
		b.ResetTimer()
		for w := range cmpClients {
			wg.Add(1)
			go func(c *http.Client) {
				defer wg.Done()
				for !failed.Load() {
					i := int(next.Add(1)) - 1
					if i >= b.N {
						return
					}
					if err := rawPost(c, t.endpoint, cs[(i*7919)%len(cs)], check); err != nil {
						if failed.CompareAndSwap(false, true) {
							b.Errorf("%s: %v", t.name, err)
						}
						return
					}
				}
			}(clients[w])
		}
		wg.Wait()
		b.StopTimer()
		m.report(b)
	}
	hasItem := func(body []byte) error {
		if !bytes.Contains(body, []byte(`"bio"`)) {
			return fmt.Errorf("GetItem reply without the item: %.200s", body)
		}
		return nil
	}
	count100 := func(body []byte) error {
		if !bytes.Contains(body, []byte(`"Count":100`)) || bytes.Contains(body, []byte("LastEvaluatedKey")) {
			return fmt.Errorf("Query reply is not 100 items in one page: %.200s", body)
		}
		return nil
	}
	for _, op := range []struct {
		name  string
		calls func(p *prepared) []rawCall
		check func([]byte) error
	}{
		{"PutItem", func(p *prepared) []rawCall { return p.puts }, nil},
		{"GetItem", func(p *prepared) []rawCall { return p.gets }, hasItem},
		{"Query100", func(p *prepared) []rawCall { return p.queries }, count100},
	} {
		b.Run(op.name, func(b *testing.B) {
			for _, t := range targets {
				b.Run(t.name, func(b *testing.B) { run(b, t, op.calls, op.check) })
			}
		})
	}
}
