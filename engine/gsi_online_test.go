package engine

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/dynoscope/dynoscope/model"
)

// TestBackfillUnderConcurrentWrites builds a GSI in small batches while a
// writer keeps replacing, deleting and re-creating items, then checks the
// index entry by entry and its statistics against the table.
func TestBackfillUnderConcurrentWrites(t *testing.T) {
	e, err := Open(Options{Clock: NewManualClock(testStart), DisableTTLSweeper: true, DisableThrottling: true, BackfillBatchSize: 20})
	mustOK(t, err)
	defer e.Close()
	createSimple(t, e, "busy", "sk", "N")
	item := func(i, gen int) model.Item {
		return model.Item{"pk": model.S(fmt.Sprintf("p%d", i%50)), "sk": model.N(fmt.Sprint(i)), "g": model.S(fmt.Sprintf("g%d", (i+gen)%7))}
	}
	for i := 0; i < 2000; i++ {
		put(t, e, "busy", item(i, 0))
	}
	var stop atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for gen := 1; !stop.Load(); gen++ {
			for i := gen % 13; i < 2000 && !stop.Load(); i += 13 {
				if gen%3 == 0 {
					e.DeleteItem(ctx, &model.DeleteItemInput{TableName: "busy", Key: model.Item{"pk": item(i, gen)["pk"], "sk": item(i, gen)["sk"]}})
					continue
				}
				e.PutItem(ctx, &model.PutItemInput{TableName: "busy", Item: item(i, gen)})
			}
		}
	}()
	_, err = e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "busy",
		AttributeDefinitions: []model.AttributeDefinition{ad("g", "S")},
		GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Create: &model.GlobalSecondaryIndex{IndexName: "byG",
			KeySchema: []model.KeySchemaElement{hk("g"), rk("sk")}, Projection: model.Projection{ProjectionType: "ALL"}}}}})
	mustOK(t, err)
	e.WaitBackgroundIndexWork()
	stop.Store(true)
	wg.Wait()
	checkIndexesMatchTable(t, e, "busy")
}
