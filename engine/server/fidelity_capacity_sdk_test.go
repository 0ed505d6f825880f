package server_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/fixtures"
	"github.com/dynoscope/dynoscope/model"
)

// toSDKCreateTable converts a CreateTable input of the engine's model (a
// data set's table) to the SDK's.
func toSDKCreateTable(in model.CreateTableInput) *dynamodb.CreateTableInput {
	keys := func(ks []model.KeySchemaElement) []types.KeySchemaElement {
		out := make([]types.KeySchemaElement, len(ks))
		for i, k := range ks {
			out[i] = keyElem(k.AttributeName, types.KeyType(k.KeyType))
		}
		return out
	}
	projection := func(p model.Projection) *types.Projection {
		return &types.Projection{ProjectionType: types.ProjectionType(p.ProjectionType), NonKeyAttributes: p.NonKeyAttributes}
	}
	out := &dynamodb.CreateTableInput{TableName: aws.String(in.TableName), KeySchema: keys(in.KeySchema)}
	for _, ad := range in.AttributeDefinitions {
		out.AttributeDefinitions = append(out.AttributeDefinitions, keyDef(ad.AttributeName, types.ScalarAttributeType(ad.AttributeType)))
	}
	for _, l := range in.LocalSecondaryIndexes {
		out.LocalSecondaryIndexes = append(out.LocalSecondaryIndexes, types.LocalSecondaryIndex{
			IndexName: aws.String(l.IndexName), KeySchema: keys(l.KeySchema), Projection: projection(l.Projection)})
	}
	if pt := in.ProvisionedThroughput; pt != nil {
		out.ProvisionedThroughput = &types.ProvisionedThroughput{ReadCapacityUnits: pt.ReadCapacityUnits, WriteCapacityUnits: pt.WriteCapacityUnits}
	}
	if in.BillingMode != "" {
		out.BillingMode = types.BillingMode(in.BillingMode)
	}
	return out
}

// TestSDKNewProvisionedTableTakesTheGuideAtFullSpeed: the guide's example
// tables, provisioned at 10 RCU / 5 WCU as the demo data set has them, take
// the guide's single PutItems and then the sample data's batch writes, all
// in the same instant of engine time, without a throttle and with nothing
// unprocessed: a new table starts with its burst full.
func TestSDKNewProvisionedTableTakesTheGuideAtFullSpeed(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	forum, ok := fixtures.Get("forum")
	if !ok {
		t.Fatal("no forum data set")
	}
	for _, tb := range forum.Tables {
		in := toSDKCreateTable(tb)
		if *in.ProvisionedThroughput.ReadCapacityUnits != 10 || *in.ProvisionedThroughput.WriteCapacityUnits != 5 {
			t.Fatalf("%s: throughput %+v, want 10/5", tb.TableName, in.ProvisionedThroughput)
		}
		if _, err := srv.c.CreateTable(bg, in); err != nil {
			t.Fatalf("CreateTable %s: %v", tb.TableName, err)
		}
	}
	items := forum.RequestItems()
	threads := items["Thread"]
	// Six single PutItems, one after the other, as a reader following the
	// page does with the CLI.
	for i, w := range threads[:6] {
		if _, err := srv.c.PutItem(bg, &dynamodb.PutItemInput{TableName: aws.String("Thread"), Item: toSDKItem(w.PutRequest.Item)}); err != nil {
			t.Fatalf("PutItem %d: %v", i+1, err)
		}
	}
	// Then the sample data, 25 requests per BatchWriteItem.
	for _, table := range []string{"Forum", "Thread", "Reply"} {
		reqs := items[table]
		for start := 0; start < len(reqs); start += 25 {
			var batch []types.WriteRequest
			for _, w := range reqs[start:min(start+25, len(reqs))] {
				batch = append(batch, types.WriteRequest{PutRequest: &types.PutRequest{Item: toSDKItem(w.PutRequest.Item)}})
			}
			out, err := srv.c.BatchWriteItem(bg, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{table: batch}})
			if err != nil {
				t.Fatalf("BatchWriteItem %s: %v", table, err)
			}
			if out.UnprocessedItems == nil || len(out.UnprocessedItems) != 0 {
				t.Fatalf("BatchWriteItem %s from %d: UnprocessedItems %v, want {}", table, start, out.UnprocessedItems)
			}
		}
	}
	for table, want := range map[string]int64{"Forum": 3, "Thread": 22, "Reply": 33} {
		if got := sdkDescribe(t, srv.c, table).ItemCount; got == nil || *got != want {
			t.Errorf("%s holds %v items, want %d", table, got, want)
		}
	}
}

// TestSDKHotKeyStillThrottles is the write-sharding lesson over HTTP: on the
// demo's Votes table (20,000 WCU, 21 partitions) 1,000 writes to one key in
// the same instant pass and the next is throttled by its partition, while
// (a second later) 2,000 writes over twenty keys in one instant pass.
func TestSDKHotKeyStillThrottles(t *testing.T) {
	srv := newFidelityServer(t, engine.Options{})
	ds, _ := fixtures.Get("write-sharding")
	if _, err := srv.c.CreateTable(bg, toSDKCreateTable(ds.Tables[0])); err != nil {
		t.Fatal(err)
	}
	put := func(key string) error {
		_, err := srv.c.PutItem(bg, &dynamodb.PutItemInput{TableName: aws.String("Votes"),
			Item: map[string]types.AttributeValue{"Contestant": sv(key), "Votes": nv("1")}})
		return err
	}
	for i := 0; i < 1000; i++ {
		if err := put("Zoe"); err != nil {
			t.Fatalf("hot write %d: %v", i+1, err)
		}
	}
	wantAPIError(t, put("Zoe"), "ProvisionedThroughputExceededException",
		"The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.")
	srv.clock.Advance(time.Second) // the hot partition refills
	for i := 0; i < 2000; i++ {
		if err := put(fmt.Sprintf("Ava#%d", i%20)); err != nil {
			t.Fatalf("sharded write %d: %v", i+1, err)
		}
	}
}
