// Package clock is the engine's one source of time: the wall clock, and a
// virtual clock that runs at a chosen speed, pauses, resumes and jumps. TTL
// expiry, throughput buckets, metrics, stream timestamps and the traffic
// generator all read the engine's Clock; tests and the explorer drive a
// Virtual one, so time-based behaviour never waits for the wall clock.
//
// The engine names these types too (engine.Clock, engine.RealClock,
// engine.VirtualClock, engine.NewVirtualClock, engine.NewManualClock), as
// aliases of the ones here.
package clock

import (
	"sync"
	"time"
)

// Clock is the engine's one source of time: TTL expiry, throughput buckets,
// metrics and stream timestamps all read it.
type Clock interface {
	Now() time.Time
}

// Real is the wall clock.
type Real struct{}

// Now returns time.Now().
func (Real) Now() time.Time { return time.Now() }

// Virtual is a clock that can run at a chosen speed, pause, resume and
// jump forward. A paused Virtual clock moves only when Advance is called,
// which is how tests drive time without sleeping.
type Virtual struct {
	mu       sync.Mutex
	wall     func() time.Time
	anchorV  time.Time // virtual time at the anchor
	anchorW  time.Time // wall time at the anchor
	speed    float64
	paused   bool
	onChange []func()
}

// NewVirtual returns a running virtual clock starting at start and
// moving at the given speed (1 = real time).
func NewVirtual(start time.Time, speed float64) *Virtual {
	if speed <= 0 {
		speed = 1
	}
	return &Virtual{wall: time.Now, anchorV: start, anchorW: time.Now(), speed: speed}
}

// NewManual returns a paused virtual clock at start: it moves only by
// Advance or Set.
func NewManual(start time.Time) *Virtual {
	c := NewVirtual(start, 1)
	c.paused = true
	return c
}

// Now returns the virtual time.
func (c *Virtual) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.nowLocked()
}

func (c *Virtual) nowLocked() time.Time {
	if c.paused {
		return c.anchorV
	}
	elapsed := c.wall().Sub(c.anchorW)
	return c.anchorV.Add(time.Duration(float64(elapsed) * c.speed))
}

func (c *Virtual) reanchorLocked() {
	c.anchorV = c.nowLocked()
	c.anchorW = c.wall()
}

// Advance jumps the clock forward by d.
func (c *Virtual) Advance(d time.Duration) {
	c.mu.Lock()
	c.reanchorLocked()
	c.anchorV = c.anchorV.Add(d)
	fns := append([]func(){}, c.onChange...)
	c.mu.Unlock()
	for _, f := range fns {
		f()
	}
}

// Set moves the clock to t.
func (c *Virtual) Set(t time.Time) {
	c.mu.Lock()
	c.reanchorLocked()
	c.anchorV = t
	fns := append([]func(){}, c.onChange...)
	c.mu.Unlock()
	for _, f := range fns {
		f()
	}
}

// Pause stops the clock.
func (c *Virtual) Pause() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.paused {
		c.reanchorLocked()
		c.paused = true
	}
}

// Resume restarts a paused clock.
func (c *Virtual) Resume() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.paused {
		c.anchorW = c.wall()
		c.paused = false
	}
}

// Paused reports whether the clock is paused.
func (c *Virtual) Paused() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.paused
}

// SetSpeed sets how many virtual seconds pass per wall second.
func (c *Virtual) SetSpeed(speed float64) {
	if speed <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reanchorLocked()
	c.speed = speed
}

// Speed returns the current speed.
func (c *Virtual) Speed() float64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.speed
}

// OnJump registers f to run after every Advance or Set, so background work
// (the TTL sweeper) can react to a jump at once.
func (c *Virtual) OnJump(f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.onChange = append(c.onChange, f)
}
