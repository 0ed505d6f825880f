// Package capacity holds DynamoDB's read and write capacity arithmetic with an
// itemised explanation of every charge: 4 KB read units (half for eventually
// consistent reads), 1 KB write units, per-table and per-index usage, and the
// ConsumedCapacity shapes of ReturnConsumedCapacity TOTAL and INDEXES.
//
// It also enforces throughput (Meter) and records the metrics feed, on an
// injected Clock so that a virtual clock makes every number exact. The rules,
// from the reference (spec §8, citing the DynamoDB Developer Guide) and
// where it is silent, the choices made here:
//
// Token buckets. Every provisioned table has a read and a write bucket, and
// every GSI its own pair, refilled continuously at the provisioned rate.
// Burst: a bucket keeps up to BurstSeconds (300 s) of unused capacity (DG:
// "up to 5 minutes of unused read and write capacity"). A new table or GSI
// starts with its buckets full (300 × its rate), as DynamoDB behaves: AWS's
// own sample-data steps batch-write a fresh 10/5 table at full speed with
// nothing unprocessed. The per-partition limits below apply from the start.
//
// Admission with debt. A request is admitted while every bucket it needs
// holds more than zero tokens; its exact units, known only after it ran, are
// deducted afterwards by Charge and may drive a bucket negative. Requests are
// then throttled until the refill has paid the debt. DynamoDB cannot size a
// Query before running it either, so one request overdraws and the next wait.
//
// Partitions. A provisioned table has PartitionCount partitions, the
// historical rule max(ceil(RCU/3000 + WCU/1000), ceil(size/10 GB), 1); an
// on-demand table has max(4, ceil(size/10 GB)), 4 being what the DG says a
// new on-demand table serves at once (4,000 WRU and 12,000 RRU per second).
// Growth doubles the count and partitions never merge. Each partition owns
// an equal range of the 32-bit partition-key hash (PartitionOf) and has its
// own one-second buckets of 3,000 RCU and 1,000 WCU (no burst beyond one
// second: the per-partition limit is a hard per-second limit). Each gets an
// even share of the table's throughput, but adaptive capacity, always on,
// lets a hot partition go above its share within the table total and the
// 3,000/1,000 cap; it is modelled as instant: a request needs its partition's
// bucket and the table's, never the even share. So 2,000 writes a second to
// one key of a 4,000 WCU table throttle at the partition's 1,000 WCU while
// the same load spread over 20 keys does not (seed 004, write sharding).
// GSI partitions are not modelled; a GSI has table-level buckets only.
//
// GSIs. A GSI read needs the GSI's read bucket only. A table write needs the
// GSI write buckets too: a GSI whose writes are throttled throttles the
// table's writes (back-pressure, seed 004), with the GSI variant of the
// message. LSI units count against the table's buckets.
//
// On-demand. A PAY_PER_REQUEST table and each of its GSIs has a per-second
// limit of 40,000 read and 40,000 write request units (the default table
// quota) and throttles only above it, with ThrottlingException. Real
// DynamoDB also throttles a hot on-demand partition, and ramps up from twice
// the previous peak; MeterOptions.OnDemandHotPartitions turns on the
// per-partition limits, and the ramp-up is not modelled.
//
// Throttling is on by default and switchable per workspace
// (MeterOptions.DisableThrottling, SetThrottling). With it off, buckets
// still drain but stop at zero instead of going into debt.
//
// Metrics. Per table, per index and per partition, a ring of one-second
// Samples (units consumed, requests, throttled requests, items): 15 minutes
// for tables and indexes, one minute for partitions by default. Rings are
// allocated once and never grow. Seconds close when any Meter call runs in a
// later second; subscribers get one MetricsTick per closed second.
package capacity
