// Command bulkload fills a new on-demand table of a DynamoDB endpoint with
// BatchWriteItem (25 items per call) from concurrent AWS SDK for Go v2
// clients, sending UnprocessedItems again until every item is in, and
// reports items/s and the server's CPU per item. It is the driver of
// docs/bench/bulkload.sh; figures are in docs/BENCHMARKS.md.
//
//	bulkload -endpoint http://127.0.0.1:8780 -pid PID -items 1000000 -clients 8
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
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

func main() {
	endpoint := flag.String("endpoint", "http://127.0.0.1:8780", "the endpoint")
	pid := flag.Int("pid", 0, "the server's process id, for its CPU time (0: not measured)")
	items := flag.Int("items", 1_000_000, "items to write")
	clients := flag.Int("clients", 8, "concurrent clients, each with its own SDK client")
	flag.Parse()
	if err := run(*endpoint, *pid, *items, *clients); err != nil {
		fmt.Fprintln(os.Stderr, "bulkload:", err)
		os.Exit(1)
	}
}

func run(endpoint string, pid, items, clients int) error {
	ctx := context.Background()
	newClient := func() *dynamodb.Client {
		return dynamodb.New(dynamodb.Options{Region: "us-east-1", BaseEndpoint: aws.String(endpoint), Retryer: aws.NopRetryer{},
			Credentials: credentials.NewStaticCredentialsProvider("AKIDBENCH", "bench-secret", ""),
			HTTPClient:  sdkhttp.Client()}) // the request body in memory: aws/aws-sdk-go-v2#2737
	}
	table := fmt.Sprintf("bulk-%d", time.Now().UnixNano())
	create := benchitems.CreateTable(table)
	create.GlobalSecondaryIndexes = nil // the items alone, as a load
	create.AttributeDefinitions = create.AttributeDefinitions[:2]
	c0 := newClient()
	if _, err := c0.CreateTable(ctx, create); err != nil {
		return err
	}
	for {
		out, err := c0.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(table)})
		if err != nil {
			return err
		}
		if out.Table.TableStatus == types.TableStatusActive {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The batches, built before timing.
	var batches [][]types.WriteRequest
	for i := 0; i < items; i += 25 {
		reqs := make([]types.WriteRequest, 0, 25)
		for j := i; j < min(i+25, items); j++ {
			reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: benchitems.SDKItem(j, items)}})
		}
		batches = append(batches, reqs)
	}
	var next, calls, retried atomic.Int64
	var firstErr error
	var once sync.Once
	var wg sync.WaitGroup
	cpu0, _ := processCPUOf(pid)
	self0 := selfCPU()
	start := time.Now()
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := newClient()
			for {
				b := int(next.Add(1)) - 1
				if b >= len(batches) {
					return
				}
				reqs := batches[b]
				for attempt := 0; len(reqs) > 0; attempt++ {
					out, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{table: reqs}})
					calls.Add(1)
					if err != nil {
						var apiErr interface{ ErrorCode() string }
						if errors.As(err, &apiErr) && (apiErr.ErrorCode() == "ThrottlingException" || apiErr.ErrorCode() == "ProvisionedThroughputExceededException") {
							retried.Add(1)
							time.Sleep(time.Duration(min(attempt+1, 20)) * 5 * time.Millisecond)
							continue
						}
						once.Do(func() { firstErr = err })
						return
					}
					reqs = out.UnprocessedItems[table]
					if len(reqs) > 0 {
						retried.Add(1)
						time.Sleep(time.Duration(min(attempt+1, 20)) * 5 * time.Millisecond)
					}
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	if firstErr != nil {
		return firstErr
	}
	cpu1, _ := processCPUOf(pid)
	self1 := selfCPU()
	d, err := c0.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(table)})
	if err != nil {
		return err
	}
	if n := aws.ToInt64(d.Table.ItemCount); n != int64(items) {
		return fmt.Errorf("the table holds %d items, want %d", n, items)
	}
	fmt.Printf("%d items in %v: %.0f items/s; %d BatchWriteItem calls, %d sent again (throttled or unprocessed)",
		items, elapsed.Round(time.Millisecond), float64(items)/elapsed.Seconds(), calls.Load(), retried.Load())
	if pid != 0 {
		fmt.Printf("; server CPU %.2f µs/item", float64((cpu1-cpu0).Microseconds())/float64(items))
	}
	fmt.Printf("; client CPU %.2f µs/item", float64((self1-self0).Microseconds())/float64(items))
	fmt.Println()
	return nil
}

// processCPUOf is the CPU time of process pid so far (utime+stime, fields
// 14 and 15 of /proc/<pid>/stat, in 10 ms ticks).
func processCPUOf(pid int) (time.Duration, error) {
	if pid == 0 {
		return 0, nil
	}
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	i := strings.LastIndexByte(string(raw), ')')
	f := strings.Fields(string(raw[i+2:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: %q", pid, raw)
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
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
