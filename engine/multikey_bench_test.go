package engine

import (
	"fmt"
	"sync"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

var multiQueryOnce struct {
	sync.Once
	e *Engine
}

// BenchmarkMultiAttributeIndexQuery100 is BenchmarkIndexQuery100 on a GSI
// with a multi-attribute key: partition (gk, city), sort (gs, name); one
// partition holds 100 entries of the 10,000-item table.
func BenchmarkMultiAttributeIndexQuery100(b *testing.B) {
	multiQueryOnce.Do(func() {
		e := newBenchEngine(b)
		createBenchTable(b, e, "query", model.GlobalSecondaryIndex{IndexName: "byGroupCity",
			KeySchema: []model.KeySchemaElement{{AttributeName: "gk", KeyType: "HASH"}, {AttributeName: "city", KeyType: "HASH"},
				{AttributeName: "gs", KeyType: "RANGE"}, {AttributeName: "name", KeyType: "RANGE"}},
			Projection: model.Projection{ProjectionType: model.ProjectionAll}})
		fillBench(b, e, "query", 10_000, 10_000/benchPartition)
		multiQueryOnce.e = e
	})
	var ins []*model.QueryInput
	for j := range 1000 {
		k := j * (10_000 / benchPartition) / 1000
		ins = append(ins, &model.QueryInput{TableName: "query", IndexName: "byGroupCity",
			KeyConditionExpression:    "gk = :k AND city = :c",
			ExpressionAttributeValues: map[string]model.AttributeValue{":k": model.S(fmt.Sprintf("g#%06d", k)), ":c": model.S("London")}})
	}
	runQuery100(b, multiQueryOnce.e, ins)
}
