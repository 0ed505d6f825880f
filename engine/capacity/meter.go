package capacity

import (
	"sync"
	"time"
)

// Clock is the Meter's time source. engine.Clock, engine.RealClock and
// *engine.VirtualClock satisfy it; buckets refill and metrics seconds close
// only on its time, so a paused virtual clock makes everything exact.
type Clock interface {
	Now() time.Time
}

// Default metric windows.
const (
	DefaultMetricsWindow   = 15 * time.Minute
	DefaultPartitionWindow = time.Minute
	// MaxPartitions bounds the partitions a Meter models for one table (a
	// table provisioned at the default 40,000 RCU and WCU quota has 54; 4,096
	// partitions hold 40 TB).
	MaxPartitions = 4096
)

// MeterOptions configures a Meter. The zero value is DynamoDB's behaviour:
// throttling and metrics on, a 15-minute metrics ring.
type MeterOptions struct {
	// DisableThrottling turns throttling off for the workspace: Admit always
	// admits, while Charge still drains the buckets (never into debt) and
	// metrics are still recorded. SetThrottling switches it later.
	DisableThrottling bool
	// DisableMetrics stops recording metrics and emitting ticks; buckets and
	// throttling work as usual. SetMetrics switches it later.
	DisableMetrics bool
	// MetricsWindow is how far back the per-table and per-index one-second
	// rings reach (default 15 minutes: 900 samples).
	MetricsWindow time.Duration
	// PartitionWindow is how far back the per-partition rings reach (default
	// one minute), kept short because a table may have many partitions.
	PartitionWindow time.Duration
	// OnDemandHotPartitions makes on-demand tables throttle a partition that
	// goes over 3,000 RRU or 1,000 WRU per second, as real DynamoDB does for
	// a hot key. Off by default: the issue asks that on-demand tables never
	// throttle below their table limits in this simulation.
	OnDemandHotPartitions bool
}

// Throughput is a provisioned read and write rate in units per second;
// for an on-demand table's GSI, MaxRead and MaxWrite are its
// OnDemandThroughput maxima (0 or -1: none).
type Throughput struct {
	RCU               int64
	WCU               int64
	MaxRead, MaxWrite int64
}

// TableConfig is what the Meter needs to know of a table: its billing mode,
// its provisioned throughput and that of each GSI, its LSIs (their units
// count against the table) and its size, which sets the partition count.
type TableConfig struct {
	BillingMode string // model.BillingProvisioned (or "") or model.BillingPayPerRequest
	RCU, WCU    int64  // provisioned mode only; values below 1 count as 1
	GSIs        map[string]Throughput
	LSIs        []string
	SizeBytes   int64
	// Arn is the table's ARN, the resource of its ThrottlingReasons (an
	// index's is Arn + "/index/" + name).
	Arn string
	// MaxRead and MaxWrite are an on-demand table's OnDemandThroughput
	// maxima (0 or -1: none): its per-second limits when below the
	// 40,000-unit table quota, throttled as MaxOnDemandThroughputExceeded.
	MaxRead, MaxWrite int64
	// WarmRead and WarmWrite are the table's warm throughput: the read and
	// write units per second it can serve at once, which sets how many
	// partitions it has (at least ceil(WarmRead/3000) and
	// ceil(WarmWrite/1000)). 0 leaves the count to the throughput and size.
	WarmRead, WarmWrite int64
}

// Meter enforces provisioned and on-demand throughput for every table of a
// workspace and records the metrics feed. It is safe for concurrent use; every
// method takes one mutex, and Admit and Charge do not allocate.
type Meter struct {
	mu         sync.Mutex
	clock      Clock
	opts       MeterOptions
	throttling bool
	metrics    bool
	window     int64 // seconds
	pwindow    int64 // seconds
	tables     map[string]*tableState
	names      []string // sorted table names
	lastSec    int64    // the open (current) metrics second
	subs       []*subscriber
	closed     bool
}

type tableState struct {
	name     string
	arn      string
	onDemand bool
	rcu, wcu int64 // provisioned, or the on-demand limits
	// readMax and writeMax: the on-demand limit is a configured maximum
	// (MaxOnDemandThroughputExceeded), not the account's table quota.
	readMax, writeMax   bool
	warmRead, warmWrite int64
	size                int64
	read                bucket
	write               bucket
	partLimits          bool // whether admission checks the partition buckets
	parts               []partition
	indexes             map[string]*indexState
	gsis                []*indexState // configured GSIs, sorted by name
	ring                ring
}

type indexState struct {
	name              string
	global            bool
	buckets           bool // a configured GSI: has its own buckets
	rcu, wcu          int64
	readMax, writeMax bool // as tableState
	read              bucket
	write             bucket
	ring              ring
}

type partition struct {
	read  bucket
	write bucket
	ring  ring // allocated on first use
}

// NewMeter returns a Meter on clock.
func NewMeter(clock Clock, opts MeterOptions) *Meter {
	if opts.MetricsWindow <= 0 {
		opts.MetricsWindow = DefaultMetricsWindow
	}
	if opts.PartitionWindow <= 0 {
		opts.PartitionWindow = DefaultPartitionWindow
	}
	m := &Meter{
		clock:      clock,
		opts:       opts,
		throttling: !opts.DisableThrottling,
		metrics:    !opts.DisableMetrics,
		window:     max(int64(opts.MetricsWindow/time.Second), 1),
		pwindow:    max(int64(opts.PartitionWindow/time.Second), 1),
		tables:     map[string]*tableState{},
	}
	_, m.lastSec = m.now()
	return m
}

// now returns the clock's time in Unix nanoseconds and its Unix second.
func (m *Meter) now() (ns, sec int64) {
	ns = m.clock.Now().UnixNano()
	sec = ns / nano
	if ns%nano < 0 {
		sec--
	}
	return ns, sec
}

// SetThrottling turns throttling on or off for the whole workspace.
func (m *Meter) SetThrottling(on bool) {
	m.mu.Lock()
	m.throttling = on
	m.mu.Unlock()
}

// Throttling reports whether throttling is on.
func (m *Meter) Throttling() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.throttling
}

// SetMetrics turns the metrics feed on or off.
func (m *Meter) SetMetrics(on bool) {
	m.mu.Lock()
	m.metrics = on
	m.mu.Unlock()
}
