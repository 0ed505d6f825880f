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
// table has one second of capacity, the sixth write in the same instant
// throttles, and 0.2 s later one more unit has been earned.
func ExampleMeter() {
	clock := &manualClock{t: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)}
	m := capacity.NewMeter(clock, capacity.MeterOptions{})
	m.Configure("Votes", capacity.TableConfig{BillingMode: model.BillingProvisioned, RCU: 5, WCU: 5})
	hash := uint32(42) // the engine's hash of the partition key
	for i := 1; i <= 6; i++ {
		if err := m.Admit("Votes", false, hash, nil); err != nil {
			fmt.Println("write", i, err.Code)
			continue
		}
		m.Charge("Votes", hash, &capacity.Usage{Table: "Votes", Write: 1})
	}
	clock.Advance(200 * time.Millisecond)
	fmt.Println("after 0.2 s admitted:", m.Admit("Votes", false, hash, nil) == nil)
	// Output:
	// write 6 ProvisionedThroughputExceededException
	// after 0.2 s admitted: true
}
