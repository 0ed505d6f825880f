package capacity_test

import (
	"fmt"
	"time"

	"github.com/dynoscope/dynoscope/engine/capacity"
	"github.com/dynoscope/dynoscope/model"
)

// manualClock stands for engine.NewManualClock: it moves only by Advance.
type manualClock struct{ t time.Time }

func (c *manualClock) Now() time.Time          { return c.t }
func (c *manualClock) Advance(d time.Duration) { c.t = c.t.Add(d) }

// A clock drives a Meter (the engine passes its VirtualClock): a new 5 WCU
// table starts with its burst full, 300 s × 5 = 1,500 WCU. Its one partition
// takes at most 1,000 WCU a second, so 1,000 writes in the same instant pass
// and the next throttles; a second later the partition has refilled and the
// table holds 505 WCU: 505 more pass, then the table itself throttles.
func ExampleMeter() {
	clock := &manualClock{t: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)}
	m := capacity.NewMeter(clock, capacity.MeterOptions{})
	m.Configure("Votes", capacity.TableConfig{BillingMode: model.BillingProvisioned, RCU: 5, WCU: 5})
	hash := uint32(42) // the engine's hash of the partition key
	burst := func() {
		for i := 1; ; i++ {
			if err := m.Admit("Votes", false, hash, nil); err != nil {
				fmt.Println("write", i, err.Code)
				return
			}
			m.Charge("Votes", hash, &capacity.Usage{Table: "Votes", Write: 1})
		}
	}
	burst()
	clock.Advance(time.Second)
	burst()
	// Output:
	// write 1001 ProvisionedThroughputExceededException
	// write 506 ProvisionedThroughputExceededException
}
