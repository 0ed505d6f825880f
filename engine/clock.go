package engine

import (
	"sync"
	"time"
)

// Clock is the engine's one source of time: TTL expiry, throughput buckets,
// metrics and stream timestamps all read it.
type Clock interface {
	Now() time.Time
}

// RealClock is the wall clock.
type RealClock struct{}

// Now returns time.Now().
func (RealClock) Now() time.Time { return time.Now() }

// VirtualClock is a clock that can run at a chosen speed, pause, resume and
// jump forward. A paused VirtualClock moves only when Advance is called,
// which is how tests drive time without sleeping.
type VirtualClock struct {
	mu       sync.Mutex
	wall     func() time.Time
	anchorV  time.Time // virtual time at the anchor
	anchorW  time.Time // wall time at the anchor
	speed    float64
	paused   bool
	onChange []func()
}

// NewVirtualClock returns a running virtual clock starting at start and
// moving at the given speed (1 = real time).
func NewVirtualClock(start time.Time, speed float64) *VirtualClock {
	if speed <= 0 {
		speed = 1
	}
	return &VirtualClock{wall: time.Now, anchorV: start, anchorW: time.Now(), speed: speed}
}

// NewManualClock returns a paused virtual clock at start: it moves only by
// Advance or Set.
func NewManualClock(start time.Time) *VirtualClock {
	c := NewVirtualClock(start, 1)
	c.paused = true
	return c
}

// Now returns the virtual time.
func (c *VirtualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.nowLocked()
}

func (c *VirtualClock) nowLocked() time.Time {
	if c.paused {
		return c.anchorV
	}
	elapsed := c.wall().Sub(c.anchorW)
	return c.anchorV.Add(time.Duration(float64(elapsed) * c.speed))
}

func (c *VirtualClock) reanchorLocked() {
	c.anchorV = c.nowLocked()
	c.anchorW = c.wall()
}

// Advance jumps the clock forward by d.
func (c *VirtualClock) Advance(d time.Duration) {
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
func (c *VirtualClock) Set(t time.Time) {
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
func (c *VirtualClock) Pause() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.paused {
		c.reanchorLocked()
		c.paused = true
	}
}

// Resume restarts a paused clock.
func (c *VirtualClock) Resume() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.paused {
		c.anchorW = c.wall()
		c.paused = false
	}
}

// Paused reports whether the clock is paused.
func (c *VirtualClock) Paused() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.paused
}

// SetSpeed sets how many virtual seconds pass per wall second.
func (c *VirtualClock) SetSpeed(speed float64) {
	if speed <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reanchorLocked()
	c.speed = speed
}

// Speed returns the current speed.
func (c *VirtualClock) Speed() float64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.speed
}

// OnJump registers f to run after every Advance or Set, so background work
// (the TTL sweeper) can react to a jump at once.
func (c *VirtualClock) OnJump(f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.onChange = append(c.onChange, f)
}
