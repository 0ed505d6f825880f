package engine

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

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

// A paced backfill (the explorer's 25 items per 40 ms) keeps its pace on a
// table of up to 100 batches and goes at the engine's speed past that.
func TestBackfillPace(t *testing.T) {
	tests := []struct {
		total      int64
		batch      int
		pause      time.Duration
		wantBatch  int
		wantPaused bool
	}{
		{300, 25, 40 * time.Millisecond, 25, true},
		{2500, 25, 40 * time.Millisecond, 25, true},
		{2501, 25, 40 * time.Millisecond, defaultBackfillBatch, false},
		{1000000, 25, 40 * time.Millisecond, defaultBackfillBatch, false},
		{1000000, 0, 0, defaultBackfillBatch, false},
		{50, 20, 0, 20, false},
	}
	for _, tt := range tests {
		batch, pause := backfillPace(tt.total, tt.batch, tt.pause)
		if batch != tt.wantBatch || (pause > 0) != tt.wantPaused {
			t.Errorf("%d items, %d per %v: %d per %v", tt.total, tt.batch, tt.pause, batch, pause)
		}
	}
}

// A table too big for the watching pace is built at once, even when the
// pause between batches is an hour.
func TestPacedBackfillOfABigTableRunsAtEngineSpeed(t *testing.T) {
	e, err := Open(Options{Clock: NewManualClock(testStart), DisableTTLSweeper: true, DisableThrottling: true,
		BackfillBatchSize: 25, BackfillPause: time.Hour})
	mustOK(t, err)
	defer e.Close()
	createSimple(t, e, "big", "sk", "N")
	for i := 0; i < 3000; i++ {
		put(t, e, "big", model.Item{"pk": model.S(fmt.Sprintf("p%d", i%50)), "sk": model.N(fmt.Sprint(i)), "g": model.S("x")})
	}
	_, err = e.UpdateTable(ctx, &model.UpdateTableInput{TableName: "big",
		AttributeDefinitions: []model.AttributeDefinition{ad("g", "S")},
		GlobalSecondaryIndexUpdates: []model.GlobalSecondaryIndexUpdate{{Create: &model.GlobalSecondaryIndex{IndexName: "byG",
			KeySchema: []model.KeySchemaElement{hk("g"), rk("sk")}, Projection: model.Projection{ProjectionType: "ALL"}}}}})
	mustOK(t, err)
	done := make(chan struct{})
	go func() { e.WaitBackgroundIndexWork(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Minute): // a guard: paced, it would take 2 hours
		t.Fatal("the backfill of 3,000 items is still paced at 25 per hour")
	}
	checkIndexesMatchTable(t, e, "big")
}
