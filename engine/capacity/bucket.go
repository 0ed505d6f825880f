package capacity

import "math"

// nano is the fixed-point scale of a bucket: one capacity unit is 1e9
// nano-units, so a bucket refilled at r units per second gains exactly r
// nano-units per nanosecond and fractional units (0.5 RCU) stay exact.
const nano = 1_000_000_000

// maxRate bounds a bucket's rate so that rate × BurstSeconds × 1e9 fits in
// an int64 (9.2e18). It is far above any DynamoDB quota (40,000 by default).
const maxRate = 10_000_000

// BurstSeconds is how much unused provisioned throughput a table or GSI
// bucket keeps: "DynamoDB currently retains up to 5 minutes (300 seconds) of
// unused read and write capacity" (DG; spec §8 Burst).
const BurstSeconds = 300

// bucket is a token bucket in nano-units, refilled continuously at rate units
// per second up to limit, on the clock's time in Unix nanoseconds.
//
// Admission: a request is admitted while the bucket holds more than zero
// tokens; its exact units are taken afterwards and may leave the bucket in
// debt (negative), after which requests are refused until the refill has paid
// the debt back. This is how DynamoDB behaves: it cannot know a read's size
// before doing it, so one request may overdraw, and the next ones throttle.
type bucket struct {
	rate   int64 // units per second
	limit  int64 // nano-units kept at most
	tokens int64 // nano-units, may be negative (debt)
	last   int64 // Unix nanoseconds of the last refill
}

// newBucket returns a bucket refilled at rate units per second that keeps at
// most keepSeconds of them, holding startSeconds of them at now.
func newBucket(rate, keepSeconds, startSeconds, now int64) bucket {
	rate = clampRate(rate)
	b := bucket{rate: rate, limit: rate * keepSeconds * nano, last: now}
	b.tokens = min(rate*startSeconds*nano, b.limit)
	return b
}

func clampRate(rate int64) int64 {
	return max(0, min(rate, maxRate))
}

// refill adds the tokens earned since the last refill. A clock that moved
// backwards restarts the bucket's time at now without adding anything.
func (b *bucket) refill(now int64) {
	dt := now - b.last
	b.last = now
	if dt <= 0 || b.rate == 0 {
		return
	}
	need := b.limit - b.tokens
	if need <= 0 {
		return
	}
	// Full once dt covers need; checking first keeps rate × dt from
	// overflowing after a long idle time.
	if dt >= need/b.rate+1 {
		b.tokens = b.limit
		return
	}
	b.tokens = min(b.tokens+b.rate*dt, b.limit)
}

// admits reports whether a request may start at now: more than zero tokens.
func (b *bucket) admits(now int64) bool {
	b.refill(now)
	return b.tokens > 0
}

// take removes n nano-units at now. With noDebt the bucket stops at zero:
// throttling is off, so the level still shows the drain but no debt is
// carried over to the moment throttling is switched back on.
func (b *bucket) take(now, n int64, noDebt bool) {
	if n == 0 {
		return
	}
	b.refill(now)
	b.tokens -= n
	if noDebt && b.tokens < 0 {
		b.tokens = 0
	}
}

// retune changes the rate and the seconds kept, keeping the tokens earned so
// far (refilled at the old rate up to now) within the new limit.
func (b *bucket) retune(rate, keepSeconds, now int64) {
	b.refill(now)
	b.rate = clampRate(rate)
	b.limit = b.rate * keepSeconds * nano
	b.tokens = min(b.tokens, b.limit)
}

// level returns the tokens at now in units, without changing the bucket.
func (b bucket) level(now int64) float64 {
	b.refill(now)
	return float64(b.tokens) / nano
}

// toNano converts units (multiples of 0.5 in practice) to nano-units.
func toNano(units float64) int64 {
	if units <= 0 {
		return 0
	}
	return int64(math.Round(units * nano))
}
