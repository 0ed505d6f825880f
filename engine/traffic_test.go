package engine

import (
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// TestTrafficHotKeyThrottlesShardedDoesNot drives the two write-sharding
// workloads with the engine clock on a 4,000 WCU table.
func TestTrafficHotKeyThrottlesShardedDoesNot(t *testing.T) {
	for _, tt := range []struct {
		kind      string
		throttled bool
	}{{WorkloadHotKey, true}, {WorkloadSharded, false}} {
		t.Run(tt.kind, func(t *testing.T) {
			e, clock := provisionedEngine(t)
			_, err := e.CreateTable(ctx, &model.CreateTableInput{TableName: "votes",
				ProvisionedThroughput: &model.ProvisionedThroughput{ReadCapacityUnits: i64(100), WriteCapacityUnits: i64(4000)},
				KeySchema:             []model.KeySchemaElement{hk("pk"), rk("voter")}, AttributeDefinitions: []model.AttributeDefinition{ad("pk", "S"), ad("voter", "N")}})
			mustOK(t, err)
			tr, err := e.NewTraffic(Workload{Kind: tt.kind, Table: "votes", Rate: 2000, Key: "contestant", Shards: 20, Consent: true})
			mustOK(t, err)
			for i := 0; i < 5; i++ {
				clock.Advance(time.Second)
				if n := tr.Step(); n != 2000 {
					t.Fatalf("step %d sent %d requests, want 2000", i, n)
				}
			}
			st := tr.Stats()
			if st.Sent != 10000 || st.Failed != 0 || (st.Throttled > 0) != tt.throttled {
				t.Fatalf("stats = %+v", st)
			}
			if tt.throttled && st.Throttled < 3000 {
				t.Fatalf("hot key: only %d throttled", st.Throttled)
			}
			// A paused clock sends nothing.
			if n := tr.Step(); n != 0 {
				t.Fatalf("paused clock sent %d", n)
			}
		})
	}
}
