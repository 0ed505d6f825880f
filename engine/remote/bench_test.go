package remote

import (
	"context"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/dynoscope/dynoscope/model"
)

// What the backend's conversions cost on top of the SDK itself: the same
// GetItem (an item with all ten types) and the same 1 MB Scan page, through
// the backend and through a bare SDK client, against `dynoscope serve` on
// loopback.
//
//	go test -run XXX -bench . -benchmem ./engine/remote/

func benchSetup(b *testing.B) (*twins, *dynamodb.Client) {
	tw := newTwins(b)
	// The twins' clock is paused: capacity never refills, and thousands of
	// 1 MB pages would meet the partition limit. What is measured here is
	// the conversion, not throttling.
	tw.served.SetThrottling(false)
	ctx := context.Background()
	orders := ordersTable()
	orders.BillingMode, orders.ProvisionedThroughput, orders.GlobalSecondaryIndexes[0].ProvisionedThroughput = model.BillingPayPerRequest, nil, nil
	if _, err := tw.served.CreateTable(ctx, orders); err != nil {
		b.Fatal(err)
	}
	if _, err := tw.served.PutItem(ctx, &model.PutItemInput{TableName: "Orders", Item: allTypes("a", "1")}); err != nil {
		b.Fatal(err)
	}
	in := plainTable()
	in.TableName = "Big"
	if _, err := tw.served.CreateTable(ctx, in); err != nil {
		b.Fatal(err)
	}
	for i := range 120 {
		it := allTypes("", "1")
		delete(it, "pk")
		delete(it, "sk")
		it["id"] = model.S(string(rune('A'+i%26)) + string(rune('a'+i/26)))
		it["pad"] = model.S(strings.Repeat("x", 8000))
		if _, err := tw.served.PutItem(ctx, &model.PutItemInput{TableName: "Big", Item: it}); err != nil {
			b.Fatal(err)
		}
	}
	raw := dynamodb.New(dynamodb.Options{Region: "us-east-1", BaseEndpoint: aws.String(tw.url), Retryer: aws.NopRetryer{},
		Credentials: credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", "")})
	return tw, raw
}

func BenchmarkGetItem(b *testing.B) {
	tw, raw := benchSetup(b)
	ctx := context.Background()
	key := model.Item{"pk": model.S("a"), "sk": model.N("1")}
	sdkKey, _ := toItem(key)
	b.Run("backend", func(b *testing.B) {
		for b.Loop() {
			if _, err := tw.ro.GetItem(ctx, &model.GetItemInput{TableName: "Orders", Key: key}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("sdk", func(b *testing.B) {
		for b.Loop() {
			if _, err := raw.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("Orders"), Key: sdkKey}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkScanPage(b *testing.B) {
	tw, raw := benchSetup(b)
	ctx := context.Background()
	b.Run("backend", func(b *testing.B) {
		for b.Loop() {
			if _, err := tw.ro.Scan(ctx, &model.ScanInput{TableName: "Big"}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("sdk", func(b *testing.B) {
		for b.Loop() {
			if _, err := raw.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("Big")}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
