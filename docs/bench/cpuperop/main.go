// Command cpuperop measures the CPU a DynamoDB server process spends per
// operation — utime+stime from /proc/<pid>/stat, divided by the operations
// it served — with the same AWS SDK for Go v2 client against every target,
// side by side in one run: the targets take turns, op by op, round by
// round, and the medians are printed. It is the driver of
// docs/bench/cpuperop.sh, which starts dynoscope, the null server
// (docs/bench/nullserver) and dynalite; figures are in docs/BENCHMARKS.md.
//
//	cpuperop -target dynoscope=http://127.0.0.1:8765,PID -target null=http://127.0.0.1:8766,PID,null ...
//
// A target named with the suffix ",null" is the null server: its table is
// not created (it answers every request with a fixed reply). On the others
// the program creates a table (pk S, sk N, one GSI with projection ALL;
// benchitems.CreateTable) and fills it with -items items of ~300 bytes
// through BatchWriteItem before measuring.
//
// Operations: PutItem (replaces one of the items), GetItem (one item),
// Query (one partition: 100 items, ~41 KB, in one page). Each measurement
// runs -clients goroutines, each with its own SDK client and connections,
// for -window after a short warm-up.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/docs/bench/internal/benchitems"
	"github.com/dynoscope/dynoscope/internal/sdkhttp"
)

type target struct {
	name     string
	endpoint string
	pid      int
	null     bool
	table    string
	clients  []*dynamodb.Client
}

type targetsFlag []*target

func (t *targetsFlag) String() string { return "" }

// Set parses NAME=URL,PID[,null].
func (t *targetsFlag) Set(s string) error {
	name, rest, ok := strings.Cut(s, "=")
	parts := strings.Split(rest, ",")
	if !ok || len(parts) < 2 || len(parts) > 3 {
		return errors.New("want NAME=URL,PID[,null]")
	}
	pid, err := strconv.Atoi(parts[1])
	if err != nil {
		return err
	}
	tg := &target{name: name, endpoint: parts[0], pid: pid}
	if len(parts) == 3 {
		if parts[2] != "null" {
			return errors.New("the third part can only be null")
		}
		tg.null = true
	}
	*t = append(*t, tg)
	return nil
}

func main() {
	var targets targetsFlag
	flag.Var(&targets, "target", "a server: `NAME=URL,PID[,null]` (repeat; PID is the server process)")
	ops := flag.String("ops", "PutItem,GetItem,Query", "operations to measure, in order")
	clients := flag.Int("clients", 8, "concurrent clients (goroutines, each with its own SDK client)")
	items := flag.Int("items", 10_000, "items in each table")
	window := flag.Duration("window", 3*time.Second, "measuring time per target, op and round")
	rounds := flag.Int("rounds", 5, "rounds; the medians are reported")
	flag.Parse()
	if len(targets) == 0 {
		fmt.Fprintln(os.Stderr, "cpuperop: no -target")
		os.Exit(2)
	}
	if err := run(targets, strings.Split(*ops, ","), *clients, *items, *window, *rounds); err != nil {
		fmt.Fprintln(os.Stderr, "cpuperop:", err)
		os.Exit(1)
	}
}

// sample is one measurement of one target and op.
type sample struct {
	ops       int64
	wall      time.Duration
	serverCPU time.Duration
	clientCPU time.Duration
}

func (s sample) serverPerOp() float64 { return us(s.serverCPU) / float64(s.ops) }
func (s sample) clientPerOp() float64 { return us(s.clientCPU) / float64(s.ops) }
func (s sample) opsPerSec() float64   { return float64(s.ops) / s.wall.Seconds() }

func us(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1000 }

func run(targets []*target, ops []string, clients, items int, window time.Duration, rounds int) error {
	ctx := context.Background()
	for _, t := range targets {
		t.table = fmt.Sprintf("cpuperop-%d-%d", os.Getpid(), time.Now().UnixNano())
		for range clients {
			t.clients = append(t.clients, dynamodb.New(dynamodb.Options{
				Region:       "us-east-1",
				Credentials:  credentials.NewStaticCredentialsProvider("AKIDBENCH", "bench-secret", ""),
				BaseEndpoint: aws.String(t.endpoint),
				Retryer:      aws.NopRetryer{},
				HTTPClient:   sdkhttp.Client(), // the request body in memory: aws/aws-sdk-go-v2#2737
			}))
		}
		if t.null {
			continue
		}
		start := time.Now()
		if err := fill(ctx, t, items); err != nil {
			return fmt.Errorf("%s: %w", t.name, err)
		}
		fmt.Printf("# %s: table of %d items filled in %v\n", t.name, items, time.Since(start).Round(time.Millisecond))
	}
	results := map[string]map[string][]sample{}
	for round := 1; round <= rounds; round++ {
		for _, op := range ops {
			for _, t := range targets {
				s, err := measure(ctx, t, op, items, window)
				if err != nil {
					return fmt.Errorf("%s %s: %w", t.name, op, err)
				}
				if results[op] == nil {
					results[op] = map[string][]sample{}
				}
				results[op][t.name] = append(results[op][t.name], s)
				fmt.Printf("# round %d %-9s %-10s %8.0f ops/s  server %7.1f µs/op  client %7.1f µs/op\n",
					round, op, t.name, s.opsPerSec(), s.serverPerOp(), s.clientPerOp())
			}
		}
	}
	var null string
	for _, t := range targets {
		if t.null {
			null = t.name
		}
	}
	fmt.Printf("\nmedians of %d rounds, %d clients, %v windows, GOMAXPROCS of the driver %d\n\n", rounds, clients, window, runtime.GOMAXPROCS(0))
	fmt.Println("| op | server | server CPU µs/op | × null | ops/s | client CPU µs/op |")
	fmt.Println("|---|---|---:|---:|---:|---:|")
	for _, op := range ops {
		base := 0.0
		if null != "" {
			base = median(results[op][null], sample.serverPerOp)
		}
		for _, t := range targets {
			ss := results[op][t.name]
			cpu := median(ss, sample.serverPerOp)
			ratio := "-"
			if base > 0 {
				ratio = fmt.Sprintf("%.2f", cpu/base)
			}
			fmt.Printf("| %s | %s | %.1f | %s | %.0f | %.1f |\n", op, t.name, cpu, ratio, median(ss, sample.opsPerSec), median(ss, sample.clientPerOp))
		}
	}
	return nil
}

func median(ss []sample, f func(sample) float64) float64 {
	xs := make([]float64, len(ss))
	for i, s := range ss {
		xs[i] = f(s)
	}
	slices.Sort(xs)
	return xs[len(xs)/2]
}

// fill creates t's table and writes the items.
func fill(ctx context.Context, t *target, items int) error {
	c := t.clients[0]
	if _, err := c.CreateTable(ctx, benchitems.CreateTable(t.table)); err != nil {
		return err
	}
	for deadline := time.Now().Add(30 * time.Second); ; {
		out, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(t.table)})
		if err == nil && out.Table.TableStatus == types.TableStatusActive {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("table not ACTIVE: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	for i := 0; i < items; i += 25 {
		reqs := make([]types.WriteRequest, 0, 25)
		for j := i; j < min(i+25, items); j++ {
			reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: benchitems.SDKItem(j, items)}})
		}
		in := &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{t.table: reqs}}
		for attempt := 0; ; attempt++ {
			out, err := c.BatchWriteItem(ctx, in)
			if err != nil {
				return err
			}
			if len(out.UnprocessedItems) == 0 {
				break
			}
			if attempt == 100 {
				return errors.New("BatchWriteItem keeps leaving items unprocessed")
			}
			time.Sleep(10 * time.Millisecond)
			in.RequestItems = out.UnprocessedItems
		}
	}
	return nil
}

// measure runs op on t from every client for the window (after a warm-up)
// and returns what it did and cost.
func measure(ctx context.Context, t *target, op string, items int, window time.Duration) (sample, error) {
	puts := make([]*dynamodb.PutItemInput, 0, 1000)
	gets := make([]*dynamodb.GetItemInput, 0, 1000)
	for range 1000 {
		i := rand.IntN(items)
		puts = append(puts, &dynamodb.PutItemInput{TableName: aws.String(t.table), Item: benchitems.SDKItem(i, items)})
		gets = append(gets, &dynamodb.GetItemInput{TableName: aws.String(t.table), Key: benchitems.SDKKey(i)})
	}
	var queries []*dynamodb.QueryInput
	for p := range max(items/benchitems.Partition, 1) {
		queries = append(queries, benchitems.Query(t.table, p))
	}
	call := func(c *dynamodb.Client, i int) error {
		var err error
		switch op {
		case "PutItem":
			_, err = c.PutItem(ctx, puts[i%len(puts)])
		case "GetItem":
			var out *dynamodb.GetItemOutput
			if out, err = c.GetItem(ctx, gets[i%len(gets)]); err == nil && out.Item == nil {
				err = errors.New("GetItem found no item")
			}
		case "Query":
			var out *dynamodb.QueryOutput
			if out, err = c.Query(ctx, queries[i%len(queries)]); err == nil && (out.Count != benchitems.Partition || out.LastEvaluatedKey != nil) {
				err = fmt.Errorf("Query: %d items, LastEvaluatedKey %v; want %d in one page", out.Count, out.LastEvaluatedKey, benchitems.Partition)
			}
		default:
			err = fmt.Errorf("unknown op %q", op)
		}
		return err
	}
	var (
		measuring atomic.Bool
		stop      atomic.Bool
		done      atomic.Int64
		next      atomic.Int64
		firstErr  error
		errOnce   sync.Once
		wg        sync.WaitGroup
	)
	for _, c := range t.clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				if err := call(c, int(next.Add(1))); err != nil {
					errOnce.Do(func() { firstErr = err })
					stop.Store(true)
					return
				}
				if measuring.Load() {
					done.Add(1)
				}
			}
		}()
	}
	time.Sleep(300 * time.Millisecond) // warm-up: connections open, caches warm
	s0, err := processCPUOf(t.pid)
	if err != nil {
		stop.Store(true)
		wg.Wait()
		return sample{}, err
	}
	c0 := selfCPU()
	w0 := time.Now()
	measuring.Store(true)
	time.Sleep(window)
	measuring.Store(false)
	n := done.Load()
	wall := time.Since(w0)
	s1, err := processCPUOf(t.pid)
	c1 := selfCPU()
	stop.Store(true)
	wg.Wait()
	if firstErr != nil {
		return sample{}, firstErr
	}
	if err != nil {
		return sample{}, err
	}
	if n == 0 {
		return sample{}, errors.New("no operation finished")
	}
	return sample{ops: n, wall: wall, serverCPU: s1 - s0, clientCPU: c1 - c0}, nil
}

// processCPUOf is the CPU time (user+system, all threads) of process pid so
// far, from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 10 ms).
func processCPUOf(pid int) (time.Duration, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	i := strings.LastIndexByte(string(raw), ')')
	f := strings.Fields(string(raw[i+2:]))
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

// selfCPU is this process's CPU time so far: the clients'.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
