package main

import (
	"flag"
	"fmt"
	"time"

	"github.com/dynoscope/dynoscope/engine"
)

// ttlFlags are serve's TTL sweeper timings. DynamoDB deletes expired items
// within a day or two; a test suite wants to watch them go in a second:
//
//	dynoscope serve --ttl-delay 0 --ttl-interval 100ms
type ttlFlags struct {
	delay    time.Duration
	interval time.Duration
}

func (f *ttlFlags) register(fs *flag.FlagSet) {
	fs.DurationVar(&f.delay, "ttl-delay", engine.DefaultTTLDeletionDelay,
		"how long after an item's TTL expiry the sweeper deletes it (0: at its next look)")
	fs.DurationVar(&f.interval, "ttl-interval", engine.DefaultTTLSweepInterval,
		"how often the TTL sweeper looks for expired items")
}

// apply sets the sweeper's timings in opts, refusing a negative delay and
// an interval that is not positive.
func (f ttlFlags) apply(opts *engine.Options) error {
	if f.delay < 0 {
		return fmt.Errorf("--ttl-delay %s: must not be negative", f.delay)
	}
	if f.interval <= 0 {
		return fmt.Errorf("--ttl-interval %s: must be positive", f.interval)
	}
	opts.TTLDeletionDelay = f.delay
	if f.delay == 0 {
		opts.TTLDeletionDelay = -1 // the engine's "at once"
	}
	opts.TTLSweepInterval = f.interval
	return nil
}
