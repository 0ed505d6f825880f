package engine

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// sized returns an item of exactly n bytes with the given key.
func sized(key model.Item, n int) model.Item {
	it := key.Clone()
	it["d"] = model.S("")
	pad := n - model.ItemSize(it)
	it["d"] = model.S(strings.Repeat("x", pad))
	if model.ItemSize(it) != n {
		panic(fmt.Sprintf("sized: %d", model.ItemSize(it)))
	}
	return it
}

// TestCapacityUnitsOfTheSpec pins the consumed units of every case in the
// spec's capacity section (§8) through the engine's actions.
func TestCapacityUnitsOfTheSpec(t *testing.T) {
	e, _ := newTestEngine(t)
	createSimple(t, e, "units", "sk", "N")
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "gsit", BillingMode: model.BillingPayPerRequest,
		KeySchema: []model.KeySchemaElement{hk("pk")}, AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S"), ad("g", "S")},
		GlobalSecondaryIndexes: []model.GlobalSecondaryIndex{{IndexName: "byG", KeySchema: []model.KeySchemaElement{hk("g")}, Projection: model.Projection{ProjectionType: "ALL"}}}})
	mustOK(t, err)
	key := func(pk string, sk int) model.Item {
		return model.Item{"pk": model.S(pk), "sk": model.N(fmt.Sprint(sk))}
	}
	KB := 1024
	put(t, e, "units", sized(key("get", 1), 3584))  // 3.5 KB
	put(t, e, "units", sized(key("get", 2), 10*KB)) // 10 KB
	put(t, e, "units", sized(key("bg", 1), 1536))   // 1.5 KB
	put(t, e, "units", sized(key("bg", 2), 6656))   // 6.5 KB
	for i := 0; i < 20; i++ {
		put(t, e, "units", sized(key("q80", i), 4*KB)) // 80 KB in all
	}
	for i := 0; i < 8; i++ {
		put(t, e, "gsit", sized(model.Item{"pk": model.S(fmt.Sprint(i)), "g": model.S("G")}, 2000))
	}
	get := func(sk int, consistent bool) float64 {
		out, err := e.GetItem(ctx, &model.GetItemInput{TableName: "units", Key: key("get", sk), ConsistentRead: boolp(consistent), ReturnConsumedCapacity: "TOTAL"})
		mustOK(t, err)
		return float64(out.ConsumedCapacity.CapacityUnits)
	}
	query := func(table, pk string, consistent bool, index string) float64 {
		in := &model.QueryInput{TableName: table, KeyConditionExpression: "pk = :p", ConsistentRead: boolp(consistent),
			ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S(pk)}, ReturnConsumedCapacity: "TOTAL"}
		if index != "" {
			in.IndexName, in.KeyConditionExpression, in.ConsistentRead = index, "g = :p", nil
		}
		out, err := e.Query(ctx, in)
		mustOK(t, err)
		return float64(out.ConsumedCapacity.CapacityUnits)
	}
	writeBatch := func(items ...model.Item) float64 {
		var reqs []model.WriteRequest
		for _, it := range items {
			reqs = append(reqs, model.WriteRequest{PutRequest: &model.PutRequest{Item: it}})
		}
		out, err := e.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"units": reqs}, ReturnConsumedCapacity: "TOTAL"})
		mustOK(t, err)
		return float64(out.ConsumedCapacity[0].CapacityUnits)
	}
	tests := []struct {
		name string
		got  func() float64
		want float64
	}{
		{"GetItem 3.5 KB strong → 1", func() float64 { return get(1, true) }, 1},
		{"GetItem 10 KB strong → 3", func() float64 { return get(2, true) }, 3},
		{"GetItem 10 KB eventual → 1.5", func() float64 { return get(2, false) }, 1.5},
		{"GetItem of a missing item, strong → 1", func() float64 { return get(99, true) }, 1},
		{"BatchGetItem 1.5 KB + 6.5 KB → each rounded → 3", func() float64 {
			out, err := e.BatchGetItem(ctx, &model.BatchGetItemInput{ReturnConsumedCapacity: "TOTAL", RequestItems: map[string]model.KeysAndAttributes{
				"units": {Keys: []model.Item{key("bg", 1), key("bg", 2)}, ConsistentRead: boolp(true)}}})
			mustOK(t, err)
			return float64(out.ConsumedCapacity[0].CapacityUnits)
		}, 3},
		{"Query 80 KB eventual → 10", func() float64 { return query("units", "q80", false, "") }, 10},
		{"Query 80 KB strong → 20", func() float64 { return query("units", "q80", true, "") }, 20},
		{"Query of nothing eventual → 0.5", func() float64 { return query("units", "none", false, "") }, 0.5},
		{"GSI Query 8 × 2000 B → 16 KB → 2 RCU at 0.5 → 2", func() float64 { return query("gsit", "G", false, "byG") }, 2},
		{"BatchWriteItem 500 B + 3.5 KB → 1 + 4 = 5", func() float64 { return writeBatch(sized(key("bw", 1), 500), sized(key("bw", 2), 3584)) }, 5},
		{"BatchWriteItem 1.6 KB → 2", func() float64 { return writeBatch(sized(key("bw", 3), 1638)) }, 2},
		{"PutItem replacing 1.6 KB with 500 B → the larger: 2", func() float64 {
			out, err := e.PutItem(ctx, &model.PutItemInput{TableName: "units", Item: sized(key("bw", 3), 500), ReturnConsumedCapacity: "TOTAL"})
			mustOK(t, err)
			return float64(out.ConsumedCapacity.CapacityUnits)
		}, 2},
		{"UpdateItem growing 500 B to 2.5 KB → the larger: 3", func() float64 {
			out, err := e.UpdateItem(ctx, &model.UpdateItemInput{TableName: "units", Key: key("bw", 3), UpdateExpression: "SET more = :m",
				ExpressionAttributeValues: map[string]model.AttributeValue{":m": model.S(strings.Repeat("m", 2048))}, ReturnConsumedCapacity: "TOTAL"})
			mustOK(t, err)
			return float64(out.ConsumedCapacity.CapacityUnits)
		}, 3},
		{"DeleteItem of a missing item → 1", func() float64 {
			out, err := e.DeleteItem(ctx, &model.DeleteItemInput{TableName: "units", Key: key("nope", 1), ReturnConsumedCapacity: "TOTAL"})
			mustOK(t, err)
			return float64(out.ConsumedCapacity.CapacityUnits)
		}, 1},
		{"failed condition on a 10 KB item → 10 (logged, not returned)", func() float64 {
			_, err := e.DeleteItem(ctx, &model.DeleteItemInput{TableName: "units", Key: key("get", 2), ConditionExpression: "attribute_not_exists(pk)", ReturnConsumedCapacity: "TOTAL"})
			wantError(t, err, model.ErrConditionalCheckFailed, "The conditional request failed")
			last, _ := e.LastRequest()
			return last.Units
		}, 10},
		{"failed condition on a missing item → 1", func() float64 {
			_, err := e.PutItem(ctx, &model.PutItemInput{TableName: "units", Item: key("ghost", 1), ConditionExpression: "attribute_exists(pk)"})
			wantError(t, err, model.ErrConditionalCheckFailed, "The conditional request failed")
			last, _ := e.LastRequest()
			return last.Units
		}, 1},
		{"Scan of 2 items (1.5 + 6.5 KB = 8 KB) strong, limit 2 → 2", func() float64 {
			out, err := e.Query(ctx, &model.QueryInput{TableName: "units", KeyConditionExpression: "pk = :p", ConsistentRead: boolp(true),
				ExpressionAttributeValues: map[string]model.AttributeValue{":p": model.S("bg")}, ReturnConsumedCapacity: "TOTAL", Select: "COUNT"})
			mustOK(t, err)
			return float64(out.ConsumedCapacity.CapacityUnits)
		}, 2},
	}
	for _, tt := range tests {
		if got := tt.got(); got != tt.want {
			t.Errorf("%s: got %v", tt.name, got)
		}
	}
}

// provisionedEngine opens an engine with throttling on, on a paused clock.
func provisionedEngine(t *testing.T) (*Engine, *VirtualClock) {
	t.Helper()
	clock := NewManualClock(testStart)
	e, err := Open(Options{Clock: clock, DisableTTLSweeper: true})
	mustOK(t, err)
	t.Cleanup(func() { e.Close() })
	return e, clock
}

// TestThrottlingBurstAndRefill: a new table at 10 WCU starts with its burst
// full (300 s × 10 = 3,000 WCU). One write a millisecond, 1,000 a second (its
// one partition's limit), drains it by 0.99 WCU a millisecond: write i finds
// 3,000 − 0.99·i units, so writes 0 … 3,030 pass and 3,031 throttles; the
// debt of 0.69 takes 69 ms to repay, so nothing more passes before write
// 3,100. Then it refills at 10 per second.
func TestThrottlingBurstAndRefill(t *testing.T) {
	e, clock := provisionedEngine(t)
	_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "slow",
		ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: i64(10), WriteCapacityUnits: i64(10)},
		KeySchema:             []model.KeySchemaElement{hk("pk")}, AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S")}})
	mustOK(t, err)
	okCount, first := 0, -1
	for i := 0; i < 3100; i++ {
		_, err := e.PutItem(ctx, &model.PutItemInput{TableName: "slow", Item: model.Item{"pk": model.S(fmt.Sprint(i))}})
		clock.Advance(time.Millisecond)
		if err != nil {
			wantError(t, err, model.ErrProvisionedThroughput, "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.")
			if first < 0 {
				first = i
			}
			continue
		}
		okCount++
	}
	if okCount != 3031 || first != 3031 {
		t.Fatalf("admitted %d writes, first throttle at %d; want 3031 and 3031", okCount, first)
	}
	clock.Advance(time.Second)
	okCount = 0
	for i := 0; i < 20; i++ {
		if _, err := e.PutItem(ctx, &model.PutItemInput{TableName: "slow", Item: model.Item{"pk": model.S("r" + fmt.Sprint(i))}}); err == nil {
			okCount++
		}
	}
	if okCount != 10 {
		t.Fatalf("after one second of refill %d writes went through, want 10", okCount)
	}
	// A batch that finds the table empty gets its items back as unprocessed.
	clock.Advance(500 * time.Millisecond)
	var reqs []model.WriteRequest
	for i := 0; i < 10; i++ {
		reqs = append(reqs, model.WriteRequest{PutRequest: &model.PutRequest{Item: model.Item{"pk": model.S("b" + fmt.Sprint(i))}}})
	}
	out, err := e.BatchWriteItem(ctx, &model.BatchWriteItemInput{RequestItems: map[string][]model.WriteRequest{"slow": reqs}})
	mustOK(t, err)
	if n := len(out.UnprocessedItems["slow"]); n != 5 {
		t.Fatalf("%d unprocessed of 10 after half a second, want 5", n)
	}
}

// TestWriteShardingLesson is seed 004's lesson: 2,000 writes per second to
// one contestant on a table provisioned with 4,000 WCU throttle at the
// partition's 1,000 WCU, while the same load over contestant#0..19 does not.
func TestWriteShardingLesson(t *testing.T) {
	for _, tt := range []struct {
		name      string
		key       func(i int) string
		throttled bool
	}{
		{"one hot key", func(i int) string { return "contestant" }, true},
		{"sharded over 20 keys", func(i int) string { return fmt.Sprintf("contestant#%d", i%20) }, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e, clock := provisionedEngine(t)
			_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "votes",
				ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: i64(4000), WriteCapacityUnits: i64(4000)},
				KeySchema:             []model.KeySchemaElement{hk("pk"), rk("voter")}, AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S"), ad("voter", "N")}})
			mustOK(t, err)
			throttled := 0
			voter := 0
			for sec := 0; sec < 5; sec++ {
				for i := 0; i < 2000; i++ {
					voter++
					_, err := e.PutItem(ctx, &model.PutItemInput{TableName: "votes", Item: model.Item{"pk": model.S(tt.key(i)), "voter": model.N(fmt.Sprint(voter))}})
					if err != nil {
						throttled++
					}
				}
				clock.Advance(time.Second)
			}
			if (throttled > 0) != tt.throttled {
				t.Fatalf("%d of 10,000 writes throttled", throttled)
			}
			snap := e.Meter().Series("votes", testStart)
			var seen int64
			for _, s := range snap.Points {
				seen += int64(s.WriteThrottled)
			}
			if seen != int64(throttled) {
				t.Fatalf("metrics count %d throttled writes, the engine refused %d", seen, throttled)
			}
		})
	}
}
