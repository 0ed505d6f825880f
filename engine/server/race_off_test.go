//go:build !race

package server

// raceEnabled: the race detector's instrumentation allocates, so tests that
// count allocations skip under -race.
const raceEnabled = false
