package engine

import (
	"time"

	"github.com/dynoscope/dynoscope/engine/clock"
)

// The engine's time is in engine/clock; these names are the engine's own
// for it (Options.Clock, the explorer's clock prompt, the tests).

// Clock is the engine's one source of time (clock.Clock).
type Clock = clock.Clock

// RealClock is the wall clock (clock.Real).
type RealClock = clock.Real

// VirtualClock runs at a chosen speed, pauses, resumes and jumps
// (clock.Virtual).
type VirtualClock = clock.Virtual

// NewVirtualClock returns a running virtual clock starting at start and
// moving at the given speed (1 = real time).
func NewVirtualClock(start time.Time, speed float64) *VirtualClock {
	return clock.NewVirtual(start, speed)
}

// NewManualClock returns a paused virtual clock at start: it moves only by
// Advance or Set.
func NewManualClock(start time.Time) *VirtualClock { return clock.NewManual(start) }
