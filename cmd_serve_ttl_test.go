package main

import (
	"bytes"
	"context"
	"flag"
	"io"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/internal/sdkhttp"
)

// TestServeTTLFlagsRejected: bad timings stop serve before it listens.
func TestServeTTLFlagsRejected(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--ttl-interval", "0"}, "--ttl-interval 0s: must be positive"},
		{[]string{"serve", "--ttl-interval", "-1s"}, "--ttl-interval -1s: must be positive"},
		{[]string{"serve", "--ttl-delay", "-5s"}, "--ttl-delay -5s: must not be negative"},
		{[]string{"serve", "--ttl-delay", "soon"}, `invalid value "soon" for flag -ttl-delay`},
	} {
		var stdout, stderr bytes.Buffer
		err := run(tt.args, &stdout, &stderr)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: error %v, want %q", tt.args, err, tt.want)
		}
	}
}

// TestServeTTLFlagsExpireWithinASecond: serve --ttl-delay 0 --ttl-interval
// 50ms, as a test suite would start it: an item whose TTL has passed is gone
// well within a second, seen through the SDK.
func TestServeTTLFlagsExpireWithinASecond(t *testing.T) {
	var ws workspaceFlags
	var ttl ttlFlags
	fs := newFlagSetForTest(&ws, &ttl)
	if err := fs.Parse([]string{"--ttl-delay", "0", "--ttl-interval", "50ms"}); err != nil {
		t.Fatal(err)
	}
	eng, err := ws.openWith(io.Discard, ttl.apply)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	ts := httptest.NewServer(newServer(eng))
	defer ts.Close()
	c := dynamodb.New(dynamodb.Options{Region: "us-east-1", BaseEndpoint: aws.String(ts.URL),
		Credentials: credentials.NewStaticCredentialsProvider("x", "y", ""), Retryer: aws.NopRetryer{}, HTTPClient: sdkhttp.Client()})
	ctx := context.Background()
	if _, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String("Sessions"), BillingMode: types.BillingModePayPerRequest,
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("id"), KeyType: types.KeyTypeHash}},
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("id"), AttributeType: types.ScalarAttributeTypeS}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{TableName: aws.String("Sessions"),
		TimeToLiveSpecification: &types.TimeToLiveSpecification{Enabled: aws.Bool(true), AttributeName: aws.String("exp")}}); err != nil {
		t.Fatal(err)
	}
	past := strconv.FormatInt(time.Now().Add(-time.Minute).Unix(), 10)
	key := map[string]types.AttributeValue{"id": &types.AttributeValueMemberS{Value: "s1"}}
	if _, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("Sessions"), Item: map[string]types.AttributeValue{
		"id": &types.AttributeValueMemberS{Value: "s1"}, "exp": &types.AttributeValueMemberN{Value: past}}}); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	for {
		out, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("Sessions"), Key: key, ConsistentRead: aws.Bool(true)})
		if err != nil {
			t.Fatal(err)
		}
		if out.Item == nil {
			break
		}
		if time.Since(start) > 5*time.Second {
			t.Fatal("the expired item is still there after 5 s")
		}
		time.Sleep(10 * time.Millisecond) // polling the background sweeper, not waiting for engine time
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("the expired item took %s to go, want under a second", d)
	}
}

// newFlagSetForTest registers serve's workspace and TTL flags as runServe
// does.
func newFlagSetForTest(ws *workspaceFlags, ttl *ttlFlags) *flag.FlagSet {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	ws.register(fs)
	ttl.register(fs)
	return fs
}
