package capacity

import (
	"hash/fnv"
	"sync"
	"testing"
	"time"

	"github.com/dynoscope/dynoscope/model"
)

// t0 is a whole second, so tests can reason in seconds.
var t0 = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// fakeClock is a manual clock: it moves only by Advance.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{t: t0} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// keyHash is a realistic 32-bit partition-key hash: FNV-1a 64 followed by the
// murmur3 finaliser, the high 32 bits (the engine hashes the encoded key the
// same way).
func keyHash(key string) uint32 {
	h := fnv.New64a()
	h.Write([]byte(key))
	x := h.Sum64()
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return uint32(x >> 32)
}

func writeUsage(table string, wcu float64) *Usage {
	return &Usage{Table: table, Write: wcu, Items: 1}
}

func readUsage(table string, rcu float64) *Usage {
	return &Usage{Table: table, Read: rcu, Items: 1}
}

// write admits and, when admitted, charges one write of wcu units.
func write(m *Meter, table string, hash uint32, wcu float64) *model.Error {
	if err := m.Admit(table, false, hash, nil); err != nil {
		return err
	}
	m.Charge(table, hash, writeUsage(table, wcu))
	return nil
}

func provisioned(rcu, wcu int64) TableConfig {
	return TableConfig{BillingMode: model.BillingProvisioned, RCU: rcu, WCU: wcu}
}

func wantErr(t *testing.T, err *model.Error, code, msg string) {
	t.Helper()
	if err == nil {
		t.Fatalf("admitted, want %s", code)
	}
	if err.Code != code || err.Message != msg {
		t.Fatalf("got %s: %q, want %s: %q", err.Code, err.Message, code, msg)
	}
}

// leaveOneSecond spends the stored burst of a new table and of its GSIs,
// leaving each bucket one second of its rate: the state the tests of debt,
// back-pressure and levels start from (a new table itself starts full).
func leaveOneSecond(m *Meter, table string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now, _ := m.now()
	t := m.tables[table]
	buckets := []*bucket{&t.read, &t.write}
	for _, ix := range t.indexes {
		if ix.buckets {
			buckets = append(buckets, &ix.read, &ix.write)
		}
	}
	for _, b := range buckets {
		b.refill(now)
		b.tokens = min(b.tokens, b.rate*nano)
	}
}
