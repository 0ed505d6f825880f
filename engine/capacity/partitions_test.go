package capacity

import "testing"

func TestPartitionCount(t *testing.T) {
	const gb = 1 << 30
	rows := []struct {
		rcu, wcu, size int64
		want           int
	}{
		{0, 0, 0, 1},
		{1, 1, 0, 1},
		{10, 10, 0, 1},
		{3000, 0, 0, 1},
		{3001, 0, 0, 2},
		{0, 1000, 0, 1},
		{0, 1001, 0, 2},
		{1500, 500, 0, 1}, // 0.5 + 0.5 = 1 exactly
		{1500, 501, 0, 2},
		{0, 4000, 0, 4},
		{4000, 4000, 0, 6}, // 1.33 + 4 → 6
		{40000, 40000, 0, 54},
		{0, 0, 10 * gb, 1},
		{0, 0, 10*gb + 1, 2},
		{100, 100, 25 * gb, 3}, // size wins
		{3000, 2000, 25 * gb, 3},
		{3000, 3000, 25 * gb, 4}, // throughput wins
		{-5, -5, -5, 1},
	}
	for _, r := range rows {
		if got := PartitionCount(r.rcu, r.wcu, r.size); got != r.want {
			t.Errorf("PartitionCount(%d, %d, %d) = %d, want %d", r.rcu, r.wcu, r.size, got, r.want)
		}
	}
	for _, r := range []struct {
		size int64
		want int
	}{{0, 4}, {10 * gb, 4}, {40 * gb, 4}, {40*gb + 1, 5}, {100 * gb, 10}} {
		if got := OnDemandPartitionCount(r.size); got != r.want {
			t.Errorf("OnDemandPartitionCount(%d) = %d, want %d", r.size, got, r.want)
		}
	}
	for _, r := range []struct{ old, need, want int }{
		{0, 3, 3}, {0, 0, 1}, {4, 3, 4}, {4, 4, 4}, {4, 5, 8}, {3, 13, 24}, {6, 4, 6},
	} {
		if got := growPartitions(r.old, r.need); got != r.want {
			t.Errorf("growPartitions(%d, %d) = %d, want %d", r.old, r.need, got, r.want)
		}
	}
}

func TestPartitionOfCoversHashSpaceEvenly(t *testing.T) {
	const top = 1<<32 - 1
	for _, n := range []int{1, 2, 3, 4, 5, 6, 7, 10, 54, 1000, MaxPartitions} {
		if got := PartitionOf(0, n); got != 0 {
			t.Fatalf("n=%d: PartitionOf(0) = %d", n, got)
		}
		if got := PartitionOf(top, n); got != n-1 {
			t.Fatalf("n=%d: PartitionOf(max) = %d, want %d", n, got, n-1)
		}
		var next uint64
		minSize, maxSize := uint64(1<<33), uint64(0)
		for i := 0; i < n; i++ {
			lo, hi := PartitionRange(i, n)
			if uint64(lo) != next {
				t.Fatalf("n=%d: partition %d starts at %d, want %d", n, i, lo, next)
			}
			if PartitionOf(lo, n) != i || PartitionOf(hi, n) != i {
				t.Fatalf("n=%d: range %d [%d,%d] not owned by %d", n, i, lo, hi, i)
			}
			if lo > 0 && PartitionOf(lo-1, n) != i-1 {
				t.Fatalf("n=%d: hash before partition %d not in %d", n, i, i-1)
			}
			size := uint64(hi) - uint64(lo) + 1
			minSize, maxSize = min(minSize, size), max(maxSize, size)
			next = uint64(hi) + 1
		}
		if next != 1<<32 {
			t.Fatalf("n=%d: ranges end at %d", n, next)
		}
		if maxSize-minSize > 1 {
			t.Fatalf("n=%d: range sizes %d..%d", n, minSize, maxSize)
		}
	}
	// Realistic keys spread: 10,000 keys over 4 partitions within 5 %.
	counts := make([]int, 4)
	for i := 0; i < 10000; i++ {
		counts[PartitionOf(keyHash("user#"+itoa(i)), 4)]++
	}
	for p, c := range counts {
		if c < 2375 || c > 2625 {
			t.Fatalf("partition %d got %d of 10000 keys: %v", p, c, counts)
		}
	}
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b [20]byte
	n := len(b)
	for ; i > 0; i /= 10 {
		n--
		b[n] = byte('0' + i%10)
	}
	return string(b[n:])
}
