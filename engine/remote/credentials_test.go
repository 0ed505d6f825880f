package remote

import (
	"context"
	"net"
	"strings"
	"testing"

	"github.com/dynoscope/dynoscope/engine/remote/remotetest"
	"github.com/dynoscope/dynoscope/internal/sdkhttp"
	"github.com/dynoscope/dynoscope/model"
)

const testAWSConfig = `[profile broken]
region = eu-west-1
credential_process = false

[profile fine]
region = eu-central-1
aws_access_key_id = AKIDFINE
aws_secret_access_key = secret
`

// Credential problems come back as the SDK words them, with the profile
// and region tried; an endpoint URL without credentials signs with
// placeholders; a request that gets no answer says why in the SDK's words.
func TestCredentialAndConnectionErrors(t *testing.T) {
	remotetest.IsolateAWS(t, testAWSConfig)
	tw := newTwins(t)
	ctx := context.Background()

	_, err := Open(ctx, Options{Profile: "nope", Region: "eu-west-1"})
	if me, ok := err.(*model.Error); !ok || me.Code != ErrCredentials ||
		me.Message != "failed to get shared config profile, nope (profile nope, region eu-west-1)" {
		t.Fatalf("unknown profile: %#v", err)
	}

	_, err = Open(ctx, Options{Profile: "fine"})
	if err != nil {
		t.Fatalf("the profile's region: %v", err)
	}
	_, err = Open(ctx, Options{})
	if me, ok := err.(*model.Error); !ok || me.Code != ErrCredentials ||
		me.Message != "no region: pass --region, or set AWS_REGION or a region in the profile (profile default, region none)" {
		t.Fatalf("no region: %#v", err)
	}

	// The credential_process fails: nothing is sent, the SDK's words come
	// back with the profile and region.
	b, err := Open(ctx, Options{Profile: "broken", MaxAttempts: 1})
	if err != nil {
		t.Fatal(err)
	}
	if loc := b.Location(); loc.Region != "eu-west-1" || loc.String() != "AWS eu-west-1, profile broken, read-only" {
		t.Fatalf("location %+v %q", loc, loc.String())
	}
	_, err = b.ListTables(ctx, &model.ListTablesInput{})
	me, ok := err.(*model.Error)
	if !ok || me.Code != ErrCredentials || me.Message !=
		"failed to refresh cached credentials, process provider error: error in credential_process: exit status 1 (profile broken, region eu-west-1)" {
		t.Fatalf("failing credential_process: %#v", err)
	}

	// The same profile against an endpoint: placeholder credentials.
	b, err = Open(ctx, Options{Profile: "broken", EndpointURL: tw.url, MaxAttempts: 1, HTTPClient: sdkhttp.Client()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.ListTables(ctx, &model.ListTablesInput{}); err != nil {
		t.Fatal(err)
	}
	if loc := b.Location(); !loc.PlaceholderCredentials || loc.Region != "eu-west-1" {
		t.Fatalf("location %+v", loc)
	}
	b, err = Open(ctx, Options{Profile: "fine", EndpointURL: tw.url, MaxAttempts: 1, HTTPClient: sdkhttp.Client()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.ListTables(ctx, &model.ListTablesInput{}); err != nil {
		t.Fatal(err)
	}
	if loc := b.Location(); loc.PlaceholderCredentials || loc.Region != "eu-central-1" {
		t.Fatalf("location %+v", loc)
	}

	// Nobody listening.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + ln.Addr().String()
	ln.Close()
	b = openTestBackend(t, dead, false)
	_, err = b.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Orders"})
	if me, ok := err.(*model.Error); !ok || me.Code != ErrRequest ||
		!strings.HasPrefix(me.Message, "operation error DynamoDB: DescribeTable, ") || !strings.Contains(me.Message, "connection refused") {
		t.Fatalf("nobody listening: %#v", err)
	}

	// A cancelled context.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = tw.ro.ListTables(cctx, &model.ListTablesInput{})
	if me, ok := err.(*model.Error); !ok || me.Code != ErrRequest || !strings.HasPrefix(me.Message, "Request cancelled: ") {
		t.Fatalf("cancelled: %#v", err)
	}
}

// AccountOf reads the account of an ARN.
func TestAccountOf(t *testing.T) {
	for arn, want := range map[string]string{
		"arn:aws:dynamodb:eu-west-1:123456789012:table/Orders":                   "123456789012",
		"arn:aws:dynamodb:us-east-1:000000000000:table/Orders/stream/2025-01-01": "000000000000",
		"not an arn": "",
		"":           "",
	} {
		if got := AccountOf(arn); got != want {
			t.Errorf("AccountOf(%q) = %q, want %q", arn, got, want)
		}
	}
}
