package capacity

import (
	"testing"
	"time"
)

func TestBucketRefillBurstAndDebt(t *testing.T) {
	start := t0.UnixNano()
	b := newBucket(10, BurstSeconds, 1, start)
	at := start
	steps := []struct {
		name      string
		advance   time.Duration
		take      float64
		wantLevel float64 // after advance and take
		wantAdmit bool    // after advance and take
	}{
		{"new bucket holds one second", 0, 0, 10, true},
		{"refills at 10/s", 100 * time.Millisecond, 0, 11, true},
		{"idle time accumulates burst", 100 * time.Second, 0, 1011, true},
		{"burst is capped at 300 s", 1000 * time.Second, 0, 3000, true},
		{"spend the whole burst", 0, 3000, 0, false},
		{"0.1 s later one unit", 100 * time.Millisecond, 0, 1, true},
		{"one request goes into debt", 0, 5, -4, false},
		{"0.3 s pays part of the debt", 300 * time.Millisecond, 0, -1, false},
		{"0.1 s more: exactly zero still refuses", 100 * time.Millisecond, 0, 0, false},
		{"1 ns more admits", time.Nanosecond, 0, 0.00000001, true},
		{"half units stay exact", 0, 0.5, -0.49999999, false},
	}
	for _, s := range steps {
		at += int64(s.advance)
		b.take(at, toNano(s.take), false)
		if got := b.level(at); got != s.wantLevel {
			t.Fatalf("%s: level %v, want %v", s.name, got, s.wantLevel)
		}
		if got := b.admits(at); got != s.wantAdmit {
			t.Fatalf("%s: admits %v, want %v", s.name, got, s.wantAdmit)
		}
	}
}

func TestBucketNoDebtAndRetune(t *testing.T) {
	now := t0.UnixNano()
	b := newBucket(10, BurstSeconds, 1, now)
	b.take(now, toNano(25), true)
	if got := b.level(now); got != 0 {
		t.Fatalf("no-debt take left %v, want 0", got)
	}
	now += int64(10 * time.Second)
	b.retune(5, BurstSeconds, now) // refilled 100 at the old rate first
	if got := b.level(now); got != 100 {
		t.Fatalf("after retune %v, want 100", got)
	}
	b.retune(5, 1, now) // a smaller limit clips the tokens
	if got := b.level(now); got != 5 {
		t.Fatalf("after clipping retune %v, want 5", got)
	}
}

func TestBucketLongIdleDoesNotOverflow(t *testing.T) {
	now := t0.UnixNano()
	b := newBucket(OnDemandTableLimit, BurstSeconds, 1, now)
	b.take(now, toNano(1e6), false)
	later := now + int64(200*365*24*time.Hour)
	if got, want := b.level(later), float64(OnDemandTableLimit*BurstSeconds); got != want {
		t.Fatalf("level after 200 years %v, want %v", got, want)
	}
	// A clock moved backwards adds nothing and restarts from there.
	b = newBucket(10, BurstSeconds, 1, now)
	b.take(now, toNano(10), false)
	b.refill(now - int64(time.Hour))
	if b.tokens != 0 {
		t.Fatalf("backwards clock changed tokens to %d", b.tokens)
	}
}
