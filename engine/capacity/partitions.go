package capacity

// Per-partition limits (spec §8 Partitions, DG; seed 004 "Write sharding"):
// one partition serves at most 3,000 RCU (6,000 eventually consistent 4 KB
// reads) and 1,000 WCU per second and holds about 10 GB.
const (
	PartitionRCU   = 3000
	PartitionWCU   = 1000
	PartitionBytes = 10 << 30
)

// OnDemandPartitions is the partition count of a new on-demand table. The DG
// says a new on-demand table serves up to 4,000 writes and 12,000 reads per
// second at once: four partitions of 1,000 WCU and 3,000 RCU.
const OnDemandPartitions = 4

// PartitionCount returns the initial partition count of a provisioned table
// by DynamoDB's historical rule: the larger of ceil(RCU/3000 + WCU/1000) and
// ceil(size / 10 GB), at least 1. ceil(RCU/3000 + WCU/1000) is computed as
// ceil((RCU + 3·WCU) / 3000) so that it is exact.
func PartitionCount(rcu, wcu int64, sizeBytes int64) int {
	rcu, wcu, sizeBytes = max(rcu, 0), max(wcu, 0), max(sizeBytes, 0)
	byThroughput := ceilDiv64(rcu+3*wcu, 3*PartitionWCU)
	bySize := ceilDiv64(sizeBytes, PartitionBytes)
	return int(max(byThroughput, bySize, 1))
}

// OnDemandPartitionCount returns the partition count of an on-demand table:
// the larger of OnDemandPartitions and ceil(size / 10 GB).
func OnDemandPartitionCount(sizeBytes int64) int {
	return int(max(ceilDiv64(max(sizeBytes, 0), PartitionBytes), OnDemandPartitions))
}

// WarmPartitionCount returns the partitions a table needs to serve its warm
// throughput at once: "DynamoDB can keep scaling to support virtually
// unlimited throughput, but each individual partition is limited to 1,000
// write units per second and 3,000 read units per second" (DG,
// warm-throughput-scenarios), so warm throughput of R reads and W writes
// per second needs max(ceil(R/3000), ceil(W/1000)) partitions; a new
// on-demand table's 12,000/4,000 gives OnDemandPartitions.
func WarmPartitionCount(readUnits, writeUnits int64) int {
	return int(max(ceilDiv64(max(readUnits, 0), PartitionRCU), ceilDiv64(max(writeUnits, 0), PartitionWCU)))
}

// growPartitions returns the partition count after a table that had old
// partitions comes to need need of them. Partitions never merge, and a table
// that needs more splits every partition in two until there are enough (spec
// §8: "a throughput increase beyond capacity doubles the count"; "a partition
// over 10 GB splits in two").
func growPartitions(old, need int) int {
	if old <= 0 {
		return max(need, 1)
	}
	c := old
	for c < need {
		c *= 2
	}
	return c
}

// PartitionOf returns the partition, in [0, count), that owns a 32-bit
// partition-key hash: partition i owns the i-th of count equal ranges of the
// hash space (sizes differ by at most one hash value).
func PartitionOf(hash uint32, count int) int {
	if count <= 1 {
		return 0
	}
	return int(uint64(hash) * uint64(count) >> 32)
}

// PartitionRange returns the first and last hash owned by partition i of
// count.
func PartitionRange(i, count int) (lo, hi uint32) {
	if count <= 1 {
		return 0, 1<<32 - 1
	}
	start := func(i int) uint64 { return (uint64(i)<<32 + uint64(count) - 1) / uint64(count) }
	return uint32(start(i)), uint32(start(i+1) - 1)
}

func ceilDiv64(a, b int64) int64 {
	if a <= 0 {
		return 0
	}
	return (a + b - 1) / b
}
