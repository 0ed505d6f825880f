package remote

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"github.com/dynoscope/dynoscope/model"
)

// The backend against a DynamoDB it did not come with: dynalite (the npm
// emulator), installed with npm into a directory under the system's temp
// directory (kept between runs; DYNALITE_DIR overrides it) and run on
// loopback. Skipped with -short, without node and npm, or when the
// install fails (no network): go test ./... never depends on it.

// dynaliteVersion is the release installed.
const dynaliteVersion = "4.0.0"

// startDynalite installs dynalite if needed, starts it on a free loopback
// port and returns its URL; it is stopped when the test ends.
func startDynalite(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("dynalite: skipped with -short (it needs npm and the network once)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("dynalite: node is not on this machine")
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("dynalite: npm is not on this machine")
	}
	dir := os.Getenv("DYNALITE_DIR")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "dynoscope-dynalite-"+dynaliteVersion)
	}
	cli := filepath.Join(dir, "node_modules", "dynalite", "cli.js")
	if _, err := os.Stat(cli); err != nil {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Skipf("dynalite: %v", err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		install := exec.CommandContext(ctx, npm, "install", "--no-audit", "--no-fund", "--silent", "--prefix", dir, "dynalite@"+dynaliteVersion)
		var out bytes.Buffer
		install.Stdout, install.Stderr = &out, &out
		if err := install.Run(); err != nil {
			t.Skipf("dynalite: npm install failed (%v): %s", err, strings.TrimSpace(out.String()))
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	var logs bytes.Buffer
	cmd := exec.Command(node, cli, "--host", "127.0.0.1", "--port", fmt.Sprint(port),
		"--createTableMs", "0", "--deleteTableMs", "0", "--updateTableMs", "0")
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Skipf("dynalite: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	for i := 0; ; i++ {
		c, err := net.DialTimeout("tcp", addr, 100*time.Millisecond)
		if err == nil {
			c.Close()
			break
		}
		if i == 100 {
			t.Fatalf("dynalite did not start listening on %s: %s", addr, logs.String())
		}
		time.Sleep(50 * time.Millisecond) // waiting for a process to start, not for time to pass
	}
	return "http://" + addr
}

// Every data-plane action, 1 MB pages, errors in dynalite's own words, the
// read-only refusal, a survey and a copy, through the backend on dynalite.
func TestAgainstDynalite(t *testing.T) {
	url := startDynalite(t)
	ctx := context.Background()
	b := openTestBackend(t, url, true)
	ro := openTestBackend(t, url, false)
	raw := dynamodb.New(dynamodb.Options{Region: "us-east-1", BaseEndpoint: aws.String(url), Retryer: aws.NopRetryer{},
		Credentials: credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", "")})

	create := ordersTable()
	create.TableClass = "" // dynalite predates table classes
	if _, err := b.CreateTable(ctx, create); err != nil {
		t.Fatal(err)
	}
	if _, err := ro.CreateTable(ctx, plainTable()); !IsReadOnly(err) {
		t.Fatalf("read-only CreateTable: %v", err)
	}
	d, err := ro.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Orders"})
	if err != nil || d.Table.TableStatus != model.StatusActive || len(d.Table.LocalSecondaryIndexes) != 1 || len(d.Table.GlobalSecondaryIndexes) != 1 {
		t.Fatalf("DescribeTable: %+v, %v", d, err)
	}
	item := allTypes("a", "1")
	if _, err := b.PutItem(ctx, &model.PutItemInput{TableName: "Orders", Item: item, ReturnConsumedCapacity: model.ReturnCapacityTotal}); err != nil {
		t.Fatal(err)
	}
	got, err := ro.GetItem(ctx, &model.GetItemInput{TableName: "Orders", Key: model.Item{"pk": model.S("a"), "sk": model.N("1")}, ConsistentRead: ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	want := item.Clone()
	if err := model.NormalizeItem(want); err != nil {
		t.Fatal(err)
	}
	if g, w := canonical(t, got.Item, nil), canonical(t, want, nil); g != w {
		t.Fatalf("the item came back as\n%s\nwant\n%s", g, w)
	}
	up, err := b.UpdateItem(ctx, &model.UpdateItemInput{TableName: "Orders", Key: model.Item{"pk": model.S("a"), "sk": model.N("1")},
		UpdateExpression: "SET s = :s ADD ns :n", ExpressionAttributeValues: map[string]model.AttributeValue{":s": model.S("new"), ":n": model.NS("9")},
		ReturnValues: model.ReturnValuesUpdatedNew})
	if err != nil || up.Attributes["s"].S != "new" || len(up.Attributes["ns"].NS) != 4 {
		t.Fatalf("UpdateItem: %+v, %v", up, err)
	}
	q, err := ro.Query(ctx, &model.QueryInput{TableName: "Orders", IndexName: "byS", KeyConditionExpression: "pk = :p",
		ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("a")}})
	if err != nil || q.Count != 1 || q.Items[0]["s"].S != "new" {
		t.Fatalf("Query: %+v, %v", q, err)
	}

	// Errors come back in dynalite's words, as the SDK itself reports them.
	errorCases := []struct {
		name    string
		backend func() error
		sdk     func() error
	}{
		{"missing table", func() error {
			_, err := ro.DescribeTable(ctx, &model.DescribeTableInput{TableName: "Nope"})
			return err
		}, func() error {
			_, err := raw.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("Nope")})
			return err
		}},
		{"failed condition", func() error {
			_, err := b.DeleteItem(ctx, &model.DeleteItemInput{TableName: "Orders", Key: model.Item{"pk": model.S("a"), "sk": model.N("1")},
				ConditionExpression: "attribute_not_exists(pk)"})
			return err
		}, func() error {
			_, err := raw.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("Orders"), ConditionExpression: aws.String("attribute_not_exists(pk)"),
				Key: mustSDKItem(t, model.Item{"pk": model.S("a"), "sk": model.N("1")})})
			return err
		}},
		{"bad expression", func() error {
			_, err := ro.Query(ctx, &model.QueryInput{TableName: "Orders", KeyConditionExpression: "pk = "})
			return err
		}, func() error {
			_, err := raw.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("Orders"), KeyConditionExpression: aws.String("pk = ")})
			return err
		}},
	}
	for _, c := range errorCases {
		got := c.backend()
		var api smithy.APIError
		if !errors.As(c.sdk(), &api) {
			t.Fatalf("%s: the SDK got no service error", c.name)
		}
		me, ok := got.(*model.Error)
		if !ok || me.Code != api.ErrorCode() || me.Message != api.ErrorMessage() || me.Message == "" {
			t.Fatalf("%s: backend %#v, SDK %s: %s", c.name, got, api.ErrorCode(), api.ErrorMessage())
		}
	}

	// 1 MB pages, then a survey and a copy of the big table.
	big := plainTable()
	big.TableName = "Big"
	if _, err := b.CreateTable(ctx, big); err != nil {
		t.Fatal(err)
	}
	pad := strings.Repeat("x", 10_000)
	for i := 0; i < 300; i += 25 {
		var reqs []model.WriteRequest
		for j := i; j < i+25; j++ {
			reqs = append(reqs, model.WriteRequest{PutRequest: &model.PutRequest{Item: model.Item{"id": model.S(fmt.Sprintf("item-%04d", j)), "pad": model.S(pad)}}})
		}
		out, err := b.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"Big": reqs}})
		if err != nil || len(out.UnprocessedItems) != 0 {
			t.Fatalf("BatchWriteItem: %+v, %v", out, err)
		}
	}
	p, err := ReadTable(ctx, ro, ReadInput{Table: "Big"}, nil, nil)
	if err != nil || p.Items != 300 || p.Pages < 3 {
		t.Fatalf("read %+v, %v", p, err)
	}
	s, err := ro.SurveyTable(ctx, "Orders", SurveyOptions{}, nil)
	if err != nil || !s.Complete || s.Items != 1 || s.Indexes[0].In != 1 || s.Indexes[1].In != 1 {
		t.Fatalf("survey %+v, %v", s, err)
	}
	sb := newSandbox(t)
	rep, err := CopySlice(ctx, ro, sb, CopyOptions{Table: "Big", Limit: 120})
	if err != nil || rep.Items != 120 || !rep.More {
		t.Fatalf("copy %+v, %v", rep, err)
	}
	if n := len(scanAll(t, sb, "Big")); n != 120 {
		t.Fatalf("the copy holds %d items", n)
	}
}

func mustSDKItem(t *testing.T, it model.Item) map[string]types.AttributeValue {
	t.Helper()
	out, err := toItem(it)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
