//go:build !unix

package vector

import "time"

// cpuTime is not measured here: the benchmarks report CPU figures as 0.
func cpuTime() time.Duration { return 0 }
