// Command soak drives a running `dynoscope serve` with mixed DynamoDB load
// for a fixed time and samples the server's resident memory once a
// minute. It is the load half of docs/bench/soak.sh, which starts the
// server; see docs/BENCHMARKS.md for the figures.
//
// The load: one table (hash key pk, range key sk, a GSI on g) with a
// NEW_AND_OLD_IMAGES stream, a bounded key space (so the table itself
// stops growing), and -workers goroutines each issuing, at random, PutItem
// (35 %), UpdateItem (20 %), GetItem (25 %), Query (10 %), DeleteItem
// (5 %) and BatchWriteItem of 10 puts (5 %), plus one stream reader that
// follows the shard with GetRecords.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	sttypes "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"
)

func main() {
	endpoint := flag.String("endpoint", "http://127.0.0.1:8000", "the dynoscope endpoint")
	pid := flag.Int("pid", 0, "process id of the server, whose RSS is sampled (0: no samples)")
	duration := flag.Duration("duration", 5*time.Minute, "how long to run the load (rounded up to whole samples)")
	sample := flag.Duration("sample", time.Minute, "how often to sample RSS")
	workers := flag.Int("workers", 16, "concurrent clients")
	keys := flag.Int("keys", 20000, "distinct items (partition keys × 4 sort keys)")
	pad := flag.Int("pad", 200, "bytes of padding per item")
	view := flag.String("stream", "NEW_AND_OLD_IMAGES", "stream view type, or none")
	flag.Parse()
	if err := run(*endpoint, *pid, *duration, *sample, *workers, *keys, *pad, *view); err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(1)
	}
}

const table = "soak"

func run(endpoint string, pid int, duration, sample time.Duration, workers, keys, pad int, view string) error {
	ctx := context.Background()
	httpClient := awshttp.NewBuildableClient().WithTransportOptions(func(tr *http.Transport) {
		tr.MaxIdleConnsPerHost = workers + 2
	})
	creds := credentials.NewStaticCredentialsProvider("soak", "soak", "")
	db := dynamodb.New(dynamodb.Options{Region: "us-east-1", Credentials: creds, BaseEndpoint: aws.String(endpoint),
		Retryer: aws.NopRetryer{}, HTTPClient: httpClient})
	streams := dynamodbstreams.New(dynamodbstreams.Options{Region: "us-east-1", Credentials: creds,
		BaseEndpoint: aws.String(endpoint), Retryer: aws.NopRetryer{}, HTTPClient: httpClient})

	arn, err := createTable(ctx, db, view)
	if err != nil {
		return err
	}
	var requests, failures atomic.Int64
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 42))
			filler := strings.Repeat("x", pad)
			for ctx.Err() == nil {
				if err := oneRequest(ctx, db, rng, keys, filler); err != nil && ctx.Err() == nil {
					failures.Add(1)
				}
				requests.Add(1)
			}
		}()
	}
	var streamRecords atomic.Int64
	if arn != "" {
		wg.Add(1)
		go func() {
			defer wg.Done()
			followStream(ctx, streams, arn, &streamRecords, &requests)
		}()
	}

	start := time.Now()
	fmt.Printf("soak: %d workers, %d keys, %d B padding, stream %s, %s, server pid %d\n", workers, keys, pad, view, duration, pid)
	fmt.Println("| minute | requests | requests/s (last interval) | failed | stream records read | server RSS |")
	fmt.Println("|---|---|---|---|---|---|")
	fmt.Printf("| 0 | 0 | - | 0 | 0 | %s |\n", rss(pid))
	tick := time.NewTicker(sample)
	defer tick.Stop()
	var last int64
	for i := 1; time.Duration(i-1)*sample < duration; i++ {
		<-tick.C
		n := requests.Load()
		fmt.Printf("| %d | %d | %.0f | %d | %d | %s |\n", i, n, float64(n-last)/sample.Seconds(), failures.Load(),
			streamRecords.Load(), rss(pid))
		last = n
	}
	cancel()
	wg.Wait()
	fmt.Printf("total: %d requests in %s (%.0f/s), %d failed\n", requests.Load(), time.Since(start).Round(time.Second),
		float64(requests.Load())/time.Since(start).Seconds(), failures.Load())
	return nil
}

// createTable creates the soak table and returns its stream ARN ("" when
// view is none).
func createTable(ctx context.Context, db *dynamodb.Client, view string) (string, error) {
	in := &dynamodb.CreateTableInput{
		TableName:   aws.String(table),
		BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{
			{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("sk"), AttributeType: types.ScalarAttributeTypeN},
			{AttributeName: aws.String("g"), AttributeType: types.ScalarAttributeTypeS},
		},
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String("sk"), KeyType: types.KeyTypeRange},
		},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{
			IndexName:  aws.String("byG"),
			KeySchema:  []types.KeySchemaElement{{AttributeName: aws.String("g"), KeyType: types.KeyTypeHash}},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeKeysOnly},
		}},
	}
	if view != "none" {
		in.StreamSpecification = &types.StreamSpecification{StreamEnabled: aws.Bool(true), StreamViewType: types.StreamViewType(view)}
	}
	out, err := db.CreateTable(ctx, in)
	if err != nil {
		return "", fmt.Errorf("create table: %w", err)
	}
	for {
		d, err := db.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(table)})
		if err != nil {
			return "", err
		}
		if d.Table.TableStatus == types.TableStatusActive {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	return aws.ToString(out.TableDescription.LatestStreamArn), nil
}

func itemKey(rng *rand.Rand, keys int) map[string]types.AttributeValue {
	n := rng.IntN(keys)
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "user-" + strconv.Itoa(n/4)},
		"sk": &types.AttributeValueMemberN{Value: strconv.Itoa(n % 4)},
	}
}

func fullItem(rng *rand.Rand, keys int, filler string) map[string]types.AttributeValue {
	item := itemKey(rng, keys)
	item["g"] = &types.AttributeValueMemberS{Value: "group-" + strconv.Itoa(rng.IntN(100))}
	item["n"] = &types.AttributeValueMemberN{Value: strconv.Itoa(rng.IntN(1_000_000))}
	item["pad"] = &types.AttributeValueMemberS{Value: filler}
	return item
}

// oneRequest issues one request of the mix.
func oneRequest(ctx context.Context, db *dynamodb.Client, rng *rand.Rand, keys int, filler string) error {
	var err error
	switch p := rng.IntN(100); {
	case p < 35:
		_, err = db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: fullItem(rng, keys, filler)})
	case p < 55:
		_, err = db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(table), Key: itemKey(rng, keys),
			UpdateExpression:          aws.String("SET n = if_not_exists(n, :zero) + :one, g = :g"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":zero": &types.AttributeValueMemberN{Value: "0"}, ":one": &types.AttributeValueMemberN{Value: "1"}, ":g": &types.AttributeValueMemberS{Value: "group-" + strconv.Itoa(rng.IntN(100))}}})
	case p < 80:
		_, err = db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: itemKey(rng, keys)})
	case p < 90:
		_, err = db.Query(ctx, &dynamodb.QueryInput{TableName: aws.String(table), KeyConditionExpression: aws.String("pk = :pk"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":pk": itemKey(rng, keys)["pk"]}})
	case p < 95:
		_, err = db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(table), Key: itemKey(rng, keys)})
	default:
		var reqs []types.WriteRequest
		seen := map[string]bool{}
		for len(reqs) < 10 {
			item := fullItem(rng, keys, filler)
			id := item["pk"].(*types.AttributeValueMemberS).Value + "/" + item["sk"].(*types.AttributeValueMemberN).Value
			if seen[id] {
				continue
			}
			seen[id] = true
			reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: item}})
		}
		_, err = db.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{table: reqs}})
	}
	return err
}

// followStream reads the stream's shard from LATEST with GetRecords, as a
// Lambda-like consumer does, starting again at TRIM_HORIZON if it falls
// behind the trim horizon.
func followStream(ctx context.Context, c *dynamodbstreams.Client, arn string, records, requests *atomic.Int64) {
	shardIterator := func(typ sttypes.ShardIteratorType) *string {
		d, err := c.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: aws.String(arn)})
		if err != nil || len(d.StreamDescription.Shards) == 0 {
			return nil
		}
		out, err := c.GetShardIterator(ctx, &dynamodbstreams.GetShardIteratorInput{StreamArn: aws.String(arn),
			ShardId: d.StreamDescription.Shards[0].ShardId, ShardIteratorType: typ})
		if err != nil {
			return nil
		}
		return out.ShardIterator
	}
	it := shardIterator(sttypes.ShardIteratorTypeLatest)
	for ctx.Err() == nil {
		if it == nil {
			time.Sleep(100 * time.Millisecond)
			it = shardIterator(sttypes.ShardIteratorTypeTrimHorizon)
			continue
		}
		out, err := c.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: it})
		requests.Add(1)
		var trimmed *sttypes.TrimmedDataAccessException
		switch {
		case errors.As(err, &trimmed):
			it = shardIterator(sttypes.ShardIteratorTypeTrimHorizon)
			continue
		case err != nil:
			it = nil
			continue
		}
		records.Add(int64(len(out.Records)))
		it = out.NextShardIterator
		if len(out.Records) == 0 {
			time.Sleep(250 * time.Millisecond)
		}
	}
}

// rss reads a process's resident set size from /proc.
func rss(pid int) string {
	if pid == 0 {
		return "-"
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return "?"
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(v)
			if len(f) == 2 {
				kb, _ := strconv.Atoi(f[0])
				return fmt.Sprintf("%.1f MB", float64(kb)/1024)
			}
		}
	}
	return "?"
}
