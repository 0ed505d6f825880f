package engine

import (
	"fmt"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// BenchmarkMeterOverhead measures PutItem and GetItem with the throughput
// meter's metrics feed on and off (throttling off in both, so no request is
// refused): the difference is the cost of capacity accounting and metrics.
func BenchmarkMeterOverhead(b *testing.B) {
	for _, metrics := range []bool{false, true} {
		name := "metrics-off"
		if metrics {
			name = "metrics-on"
		}
		e, err := Open(Options{DisableThrottling: true, DisableMetrics: !metrics, DisableTTLSweeper: true})
		if err != nil {
			b.Fatal(err)
		}
		createSimple(b, e, "bench", "", "")
		item := func(i int) model.Item {
			return model.Item{"pk": model.S(fmt.Sprintf("user#%08d", i)), "name": model.S("Ada Lovelace"), "email": model.S("ada@example.com"),
				"age": model.N("36"), "tags": model.SS("math", "poetry"), "bio": model.S("First to publish an algorithm for a machine.")}
		}
		for i := 0; i < 10000; i++ {
			put(b, e, "bench", item(i))
		}
		b.Run("PutItem/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := e.PutItem(ctx, &model.PutItemInput{TableName: "bench", Item: item(i % 10000)}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("GetItem/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := e.GetItem(ctx, &model.GetItemInput{TableName: "bench", Key: model.Item{"pk": model.S(fmt.Sprintf("user#%08d", i%10000))}}); err != nil {
					b.Fatal(err)
				}
			}
		})
		e.Close()
	}
}

// BenchmarkPutItemOneCollection writes to one partition key of a table
// with an LSI: the item-collection check must not grow with the collection.
func BenchmarkPutItemOneCollection(b *testing.B) {
	e, err := Open(Options{DisableThrottling: true, DisableTTLSweeper: true})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	_, err = e.CreateTable(ctx, &model.CreateTableInput{TableName: "Thread", BillingMode: model.BillingPayPerRequest,
		KeySchema:            []model.KeySchemaElement{{AttributeName: "f", KeyType: "HASH"}, {AttributeName: "s", KeyType: "RANGE"}},
		AttributeDefinitions: []model.AttributeDefinition{{AttributeName: "f", AttributeType: "S"}, {AttributeName: "s", AttributeType: "N"}, {AttributeName: "d", AttributeType: "S"}},
		LocalSecondaryIndexes: []model.LocalSecondaryIndex{{IndexName: "byD",
			KeySchema:  []model.KeySchemaElement{{AttributeName: "f", KeyType: "HASH"}, {AttributeName: "d", KeyType: "RANGE"}},
			Projection: model.Projection{ProjectionType: "KEYS_ONLY"}}}})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		put(b, e, "Thread", model.Item{"f": model.S("EC2"), "s": model.N(fmt.Sprint(i)), "d": model.S("2026-11-22")})
	}
}
