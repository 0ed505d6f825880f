package server_test

// Why a request was throttled (DynamoDB, August 2025): every throttling
// exception carries ThrottlingReasons, each a reason code
// (ResourceType+OperationType+LimitType) and the ARN of the table or index.
// Through the endpoint with the SDK, which parses the list, and raw JSON for
// the member names on the wire.

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynoscope/dynoscope/engine"
	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/fixtures"
)

const tableArnPrefix = "arn:aws:dynamodb:us-east-1:000000000000:table/"

// throttleReasons returns the exception's code, message and reasons as
// "reason resource" lines.
func throttleReasons(t *testing.T, err error) (code, msg string, reasons []string) {
	t.Helper()
	var pte *types.ProvisionedThroughputExceededException
	var te *types.ThrottlingException
	var list []types.ThrottlingReason
	switch {
	case errors.As(err, &pte):
		code, msg, list = pte.ErrorCode(), pte.ErrorMessage(), pte.ThrottlingReasons
	case errors.As(err, &te):
		code, msg, list = te.ErrorCode(), te.ErrorMessage(), te.ThrottlingReasons
	default:
		t.Fatalf("error %v, want a throttling exception", err)
	}
	for _, r := range list {
		reasons = append(reasons, *r.Reason+" "+*r.Resource)
	}
	return code, msg, reasons
}

// firstThrottle runs op until it is throttled and returns how many calls
// passed and the throttling error.
func firstThrottle(t *testing.T, limit int, op func(i int) error) (int, error) {
	t.Helper()
	for i := 0; i < limit; i++ {
		if err := op(i); err != nil {
			return i, err
		}
	}
	t.Fatalf("no throttle in %d calls", limit)
	return 0, nil
}

func createProvisioned(t *testing.T, s *fidelityServer, name string, rcu, wcu int64, gsi *types.GlobalSecondaryIndex) {
	t.Helper()
	in := &dynamodb.CreateTableInput{TableName: str(name), BillingMode: types.BillingModeProvisioned,
		AttributeDefinitions:  []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS)},
		KeySchema:             []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)},
		ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: &rcu, WriteCapacityUnits: &wcu}}
	if gsi != nil {
		in.AttributeDefinitions = append(in.AttributeDefinitions, keyDef("g", types.ScalarAttributeTypeS))
		in.GlobalSecondaryIndexes = []types.GlobalSecondaryIndex{*gsi}
	}
	if _, err := s.c.CreateTable(bg, in); err != nil {
		t.Fatal(err)
	}
}

func putPK(s *fidelityServer, table, pk string, extra map[string]types.AttributeValue) error {
	item := map[string]types.AttributeValue{"pk": sv(pk)}
	for k, v := range extra {
		item[k] = v
	}
	_, err := s.c.PutItem(bg, &dynamodb.PutItemInput{TableName: str(table), Item: item})
	return err
}

func TestSDKThrottlingReasonsProvisioned(t *testing.T) {
	const tableMsg = "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API."
	const indexMsg = "The level of configured provisioned throughput for one or more global secondary indexes of the table was exceeded. Consider increasing your provisioning level for the under-provisioned global secondary indexes with the UpdateTable API"
	s := newFidelityServer(t, engine.Options{})
	// 1 WCU keeps 300 s of burst: 300 one-unit writes pass, the next is
	// throttled by the table's provisioned throughput.
	createProvisioned(t, s, "prov", 1, 1, nil)
	n, err := firstThrottle(t, 400, func(i int) error { return putPK(s, "prov", fmt.Sprint(i), nil) })
	code, msg, reasons := throttleReasons(t, err)
	if n != 300 || code != "ProvisionedThroughputExceededException" || msg != tableMsg ||
		!slices.Equal(reasons, []string{"TableWriteProvisionedThroughputExceeded " + tableArnPrefix + "prov"}) {
		t.Errorf("after %d writes: %s %q %v", n, code, msg, reasons)
	}
	// Reads: 600 eventually consistent GetItems of 0.5 RCU, then the throttle.
	n, err = firstThrottle(t, 700, func(i int) error {
		_, err := s.c.GetItem(bg, &dynamodb.GetItemInput{TableName: str("prov"), Key: map[string]types.AttributeValue{"pk": sv("0")}})
		return err
	})
	code, _, reasons = throttleReasons(t, err)
	if n != 600 || code != "ProvisionedThroughputExceededException" || !slices.Equal(reasons, []string{"TableReadProvisionedThroughputExceeded " + tableArnPrefix + "prov"}) {
		t.Errorf("after %d reads: %s %v", n, code, reasons)
	}
	// The request log and the per-second metrics keep the reason.
	last, _ := s.eng.LastRequest()
	if len(last.ThrottlingReasons) != 1 || last.ThrottlingReasons[0].Reason != "TableReadProvisionedThroughputExceeded" {
		t.Errorf("request log: %+v", last.ThrottlingReasons)
	}
	pts := s.eng.Meter().Series("prov", time.Time{}).Points
	now := pts[len(pts)-1]
	if now.ReadThrottled != 1 || !now.ReadThrottledBy.Has(capacity.LimitProvisioned) || now.WriteThrottled != 1 || !now.WriteThrottledBy.Has(capacity.LimitProvisioned) {
		t.Errorf("metrics %+v", now)
	}

	// A GSI with 1 WCU throttles the table's writes (back-pressure): the
	// reason names the index.
	gsi := &types.GlobalSecondaryIndex{IndexName: str("byG"), KeySchema: []types.KeySchemaElement{keyElem("g", types.KeyTypeHash)},
		Projection:            &types.Projection{ProjectionType: types.ProjectionTypeKeysOnly},
		ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: int64p(1), WriteCapacityUnits: int64p(1)}}
	createProvisioned(t, s, "withgsi", 1000, 1000, gsi)
	n, err = firstThrottle(t, 400, func(i int) error {
		return putPK(s, "withgsi", fmt.Sprint(i), map[string]types.AttributeValue{"g": sv("x")})
	})
	code, msg, reasons = throttleReasons(t, err)
	if n != 300 || code != "ProvisionedThroughputExceededException" || msg != indexMsg ||
		!slices.Equal(reasons, []string{"IndexWriteProvisionedThroughputExceeded " + tableArnPrefix + "withgsi/index/byG"}) {
		t.Errorf("back-pressure after %d writes: %s %q %v", n, code, msg, reasons)
	}
	// Reading the GSI: its own 1 RCU (600 eventually consistent reads of an
	// empty page's 0.5 RCU).
	n, err = firstThrottle(t, 700, func(i int) error {
		_, err := s.c.Query(bg, &dynamodb.QueryInput{TableName: str("withgsi"), IndexName: str("byG"),
			KeyConditionExpression: str("g = :g"), ExpressionAttributeValues: map[string]types.AttributeValue{":g": sv("nothing")}})
		return err
	})
	code, _, reasons = throttleReasons(t, err)
	if n != 600 || code != "ProvisionedThroughputExceededException" ||
		!slices.Equal(reasons, []string{"IndexReadProvisionedThroughputExceeded " + tableArnPrefix + "withgsi/index/byG"}) {
		t.Errorf("GSI read after %d queries: %s %v", n, code, reasons)
	}
}

// TestSDKThrottlingReasonKeyRange is the write-sharding lesson's hot key:
// the partition, not the table, throttles it.
func TestSDKThrottlingReasonKeyRange(t *testing.T) {
	s := newFidelityServer(t, engine.Options{})
	ds, _ := fixtures.Get("write-sharding")
	if _, err := s.c.CreateTable(bg, toSDKCreateTable(ds.Tables[0])); err != nil {
		t.Fatal(err)
	}
	vote := func(key string) error {
		_, err := s.c.PutItem(bg, &dynamodb.PutItemInput{TableName: str("Votes"),
			Item: map[string]types.AttributeValue{"Contestant": sv(key), "Votes": nv("1")}})
		return err
	}
	n, err := firstThrottle(t, 1100, func(int) error { return vote("Zoe") })
	code, _, reasons := throttleReasons(t, err)
	if n != 1000 || code != "ProvisionedThroughputExceededException" ||
		!slices.Equal(reasons, []string{"TableWriteKeyRangeThroughputExceeded " + tableArnPrefix + "Votes"}) {
		t.Errorf("hot key after %d writes: %s %v", n, code, reasons)
	}
	// Sharded over twenty keys, a second later: no throttle.
	s.clock.Advance(time.Second)
	for i := range 2000 {
		if err := vote(fmt.Sprintf("Ava#%d", i%20)); err != nil {
			t.Fatalf("sharded write %d: %v", i+1, err)
		}
	}
	var hot uint32
	for _, p := range s.eng.Meter().Series("Votes", time.Time{}).Partitions {
		for _, pt := range p.Points {
			if pt.WriteThrottledBy.Has(capacity.LimitKeyRange) {
				hot += pt.WriteThrottled
			}
		}
	}
	if hot != 1 {
		t.Errorf("partitions counted %d key-range throttles, want 1", hot)
	}
}

func TestSDKThrottlingReasonsOnDemand(t *testing.T) {
	const odMsg = "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table or index so please try again shortly. If exceptions persist, check if you have a hot key: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html"
	s := newFidelityServer(t, engine.Options{})
	_, err := s.c.CreateTable(bg, &dynamodb.CreateTableInput{TableName: str("capped"), BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{keyDef("pk", types.ScalarAttributeTypeS), keyDef("g", types.ScalarAttributeTypeS)},
		KeySchema:            []types.KeySchemaElement{keyElem("pk", types.KeyTypeHash)},
		OnDemandThroughput:   &types.OnDemandThroughput{MaxWriteRequestUnits: int64p(5)},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: str("byG"), KeySchema: []types.KeySchemaElement{keyElem("g", types.KeyTypeHash)},
			Projection:         &types.Projection{ProjectionType: types.ProjectionTypeKeysOnly},
			OnDemandThroughput: &types.OnDemandThroughput{MaxWriteRequestUnits: int64p(3)}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	// The table's maximum: five 1-unit writes a second.
	n, err := firstThrottle(t, 10, func(i int) error { return putPK(s, "capped", fmt.Sprint(i), nil) })
	code, msg, reasons := throttleReasons(t, err)
	if n != 5 || code != "ThrottlingException" || msg != odMsg ||
		!slices.Equal(reasons, []string{"TableWriteMaxOnDemandThroughputExceeded " + tableArnPrefix + "capped"}) {
		t.Errorf("after %d writes: %s %q %v", n, code, msg, reasons)
	}
	// The capacity pane's lines: the maximum, marked as such.
	if snap := s.eng.Meter().Series("capped", time.Time{}); snap.WriteLimit != 5 || !snap.WriteMax || snap.ReadLimit != 40000 || snap.ReadMax ||
		snap.Indexes[0].WriteLimit != 3 || !snap.Indexes[0].WriteMax || snap.WarmRead != 12000 || snap.WarmWrite != 4000 {
		t.Errorf("metrics limits %d/%v %d/%v, index %d/%v, warm %d/%d", snap.ReadLimit, snap.ReadMax, snap.WriteLimit, snap.WriteMax,
			snap.Indexes[0].WriteLimit, snap.Indexes[0].WriteMax, snap.WarmRead, snap.WarmWrite)
	}
	// The next second, the GSI's maximum of three throttles the table's
	// writes that reach it.
	s.clock.Advance(time.Second)
	n, err = firstThrottle(t, 10, func(i int) error {
		return putPK(s, "capped", fmt.Sprint(i), map[string]types.AttributeValue{"g": sv("x")})
	})
	code, _, reasons = throttleReasons(t, err)
	if n != 3 || code != "ThrottlingException" ||
		!slices.Equal(reasons, []string{"IndexWriteMaxOnDemandThroughputExceeded " + tableArnPrefix + "capped/index/byG"}) {
		t.Errorf("GSI after %d writes: %s %v", n, code, reasons)
	}
	// On the wire, ThrottlingException's member is "throttlingReasons".
	status, body := s.raw(t, "PutItem", `{"TableName":"capped","Item":{"pk":{"S":"raw"},"g":{"S":"x"}}}`)
	if status != 400 || jsonOf(t, body["throttlingReasons"]) != `[{"reason":"IndexWriteMaxOnDemandThroughputExceeded","resource":"`+tableArnPrefix+`capped/index/byG"}]` {
		t.Errorf("raw %d %v", status, body)
	}

	// Without a maximum, the account's per-table quota (40,000 WRU a
	// second): 100 writes of 400 units pass, the next is throttled.
	createTable(t, s.c, "big")
	blob := strings.Repeat("x", 399*1024)
	n, err = firstThrottle(t, 120, func(i int) error {
		return putPK(s, "big", fmt.Sprint(i), map[string]types.AttributeValue{"blob": sv(blob)})
	})
	code, _, reasons = throttleReasons(t, err)
	if n != 100 || code != "ThrottlingException" ||
		!slices.Equal(reasons, []string{"TableWriteAccountLimitExceeded " + tableArnPrefix + "big"}) {
		t.Errorf("quota after %d writes: %s %v", n, code, reasons)
	}
}

// TestSDKThrottlingReasonsWire checks ProvisionedThroughputExceededException's
// member name on the wire: "ThrottlingReasons".
func TestSDKThrottlingReasonsWire(t *testing.T) {
	s := newFidelityServer(t, engine.Options{})
	createProvisioned(t, s, "prov", 1, 1, nil)
	for i := range 300 {
		if err := putPK(s, "prov", fmt.Sprint(i), nil); err != nil {
			t.Fatal(err)
		}
	}
	// A BatchWriteItem that could write nothing answers the exception,
	// with its reason.
	_, err := s.c.BatchWriteItem(bg, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{
		"prov": {{PutRequest: &types.PutRequest{Item: map[string]types.AttributeValue{"pk": sv("batch")}}}}}})
	if _, _, reasons := throttleReasons(t, err); !slices.Equal(reasons, []string{"TableWriteProvisionedThroughputExceeded " + tableArnPrefix + "prov"}) {
		t.Errorf("BatchWriteItem: %v", reasons)
	}
	status, body := s.raw(t, "PutItem", `{"TableName":"prov","Item":{"pk":{"S":"raw"}}}`)
	if status != 400 || body["__type"] != "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException" ||
		jsonOf(t, body["ThrottlingReasons"]) != `[{"reason":"TableWriteProvisionedThroughputExceeded","resource":"`+tableArnPrefix+`prov"}]` {
		t.Errorf("raw %d %v", status, body)
	}
}

func int64p(v int64) *int64 { return &v }
