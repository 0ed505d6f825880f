package vector

import (
	"container/heap"
	"errors"
	"sort"
	"sync"
)

// DefaultQuantThreshold is Config.QuantThreshold's default.
const DefaultQuantThreshold = 1024

// Config shapes an Index.
type Config struct {
	Dimensions int
	Distance   Distance
	// QuantThreshold is the partition size from which searches scan the
	// 8-bit codes and score exactly only the vectors the scan cannot rule
	// out (the same results as an exact search). Zero means
	// DefaultQuantThreshold; a negative value turns the scan off.
	QuantThreshold int
}

// Attr is one inline filter attribute an entry holds: its name and its
// value, encoded by the caller so that equal values give equal strings.
type Attr struct {
	Name, Value string
}

// Result is one search hit.
type Result struct {
	Key   string
	Score float64
}

// Stats says what a search did.
type Stats struct {
	Examined  int  // vectors compared with the query
	Candidate int  // vectors of the partition searched
	Quantized bool // the partition's 8-bit codes were scanned
	Rescored  int  // vectors scored exactly after the quantised scan
}

// ErrDimensions is returned when a vector's length is not the index's.
var ErrDimensions = errors.New("vector: wrong number of dimensions")

// Index holds the vectors of one vector index.
type Index struct {
	mu    sync.RWMutex
	cfg   Config
	dims  int
	vecs  []float32 // slot i at [i*dims, (i+1)*dims)
	codes []uint8   // slot i's 8-bit codes at [i*dims, (i+1)*dims)
	qmeta []codeMeta
	norms []float64
	keys  []string // "" marks a free slot
	part  []string
	attrs [][]Attr
	pos   []int32 // slot's position in its partition's members
	free  []int32
	byKey map[string]int32
	parts map[string]*partition
}

type partition struct {
	members []int32
}

// New returns an empty index.
func New(cfg Config) *Index {
	if cfg.QuantThreshold == 0 {
		cfg.QuantThreshold = DefaultQuantThreshold
	}
	return &Index{cfg: cfg, dims: cfg.Dimensions, byKey: map[string]int32{}, parts: map[string]*partition{}}
}

// Config returns the index's configuration.
func (x *Index) Config() Config { return x.cfg }

// Len is the number of vectors held.
func (x *Index) Len() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return len(x.byKey)
}

// PartitionLen is the number of vectors in one partition.
func (x *Index) PartitionLen(partitionValue string) int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	if p := x.parts[partitionValue]; p != nil {
		return len(p.members)
	}
	return 0
}

// Put adds or replaces the vector stored under key.
func (x *Index) Put(key, partitionValue string, v []float32, attrs []Attr) error {
	if len(v) != x.dims {
		return ErrDimensions
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	x.removeLocked(key)
	var slot int32
	if n := len(x.free); n > 0 {
		slot = x.free[n-1]
		x.free = x.free[:n-1]
		copy(x.vecs[int(slot)*x.dims:], v)
		x.qmeta[slot] = encode(v, x.codes[int(slot)*x.dims:(int(slot)+1)*x.dims])
		x.norms[slot] = Norm(v)
		x.keys[slot] = key
		x.part[slot] = partitionValue
		x.attrs[slot] = attrs
	} else {
		slot = int32(len(x.keys))
		x.vecs = appendVec(x.vecs, v)
		x.codes = growBy(x.codes, x.dims)
		x.qmeta = append(x.qmeta, encode(v, x.codes[len(x.codes)-x.dims:]))
		x.norms = append(x.norms, Norm(v))
		x.keys = append(x.keys, key)
		x.part = append(x.part, partitionValue)
		x.attrs = append(x.attrs, attrs)
		x.pos = append(x.pos, 0)
	}
	x.byKey[key] = slot
	p := x.parts[partitionValue]
	if p == nil {
		p = &partition{}
		x.parts[partitionValue] = p
	}
	x.pos[slot] = int32(len(p.members))
	p.members = append(p.members, slot)
	return nil
}

// Delete removes the vector stored under key, if any.
func (x *Index) Delete(key string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.removeLocked(key)
}

func (x *Index) removeLocked(key string) {
	slot, ok := x.byKey[key]
	if !ok {
		return
	}
	delete(x.byKey, key)
	pv := x.part[slot]
	p := x.parts[pv]
	i := x.pos[slot]
	last := p.members[len(p.members)-1]
	p.members[i] = last
	x.pos[last] = i
	p.members = p.members[:len(p.members)-1]
	x.keys[slot] = ""
	x.attrs[slot] = nil
	x.free = append(x.free, slot)
	if len(p.members) == 0 {
		delete(x.parts, pv)
	}
}

// Get returns a copy of the vector stored under key.
func (x *Index) Get(key string) ([]float32, bool) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	slot, ok := x.byKey[key]
	if !ok {
		return nil, false
	}
	return append([]float32(nil), x.vec(slot)...), true
}

// appendVec appends v to the vectors, growing them by a sixteenth (at
// least 16 vectors) rather than append's quarter: at 100,000 × 256 the
// spare capacity append leaves is up to 256 bytes a vector, a sixth of the
// memory goal; a sixteenth costs each vector about sixteen copies over the
// index's life, a microsecond.
func appendVec(vecs, v []float32) []float32 {
	if len(vecs)+len(v) > cap(vecs) {
		grown := make([]float32, len(vecs), len(vecs)+max(len(vecs)/16, 16*len(v)))
		copy(grown, vecs)
		vecs = grown
	}
	return append(vecs, v...)
}

// growBy lengthens codes by n bytes, growing it by a sixteenth as
// appendVec does.
func growBy(codes []uint8, n int) []uint8 {
	if len(codes)+n > cap(codes) {
		grown := make([]uint8, len(codes), len(codes)+max(len(codes)/16, 16*n))
		copy(grown, codes)
		codes = grown
	}
	return codes[:len(codes)+n]
}

func (x *Index) vec(slot int32) []float32 {
	o := int(slot) * x.dims
	return x.vecs[o : o+x.dims : o+x.dims]
}

// MemoryBytes estimates the memory the index holds: the vectors, their
// codes, norms, keys (string and map entry) and partition bookkeeping.
func (x *Index) MemoryBytes() int64 {
	x.mu.RLock()
	defer x.mu.RUnlock()
	n := int64(cap(x.vecs))*4 + int64(cap(x.codes)) + int64(cap(x.qmeta))*12 + int64(cap(x.norms))*8 + int64(cap(x.pos))*4 + int64(cap(x.part))*16 + int64(cap(x.attrs))*24 + int64(cap(x.keys))*16
	for k := range x.byKey {
		n += int64(len(k)) + 48 // the key's bytes, its map entry
	}
	for _, p := range x.parts {
		n += int64(cap(p.members)) * 4
	}
	return n
}

// Search returns the k entries of a partition nearest to q that hold every
// attribute of conds with the given value, best first (equal scores by
// key). Partitions of QuantThreshold vectors or more are scanned through
// their codes (the same results); exact forces the float32 comparison with
// every vector.
func (x *Index) Search(q []float32, k int, partitionValue string, conds []Attr, exact bool) ([]Result, Stats, error) {
	if len(q) != x.dims {
		return nil, Stats{}, ErrDimensions
	}
	if k <= 0 {
		return nil, Stats{}, nil
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	p := x.parts[partitionValue]
	if p == nil {
		return nil, Stats{}, nil
	}
	qn := Norm(q)
	if !exact && x.cfg.QuantThreshold > 0 && len(p.members) >= x.cfg.QuantThreshold {
		res, st, ok := x.searchQuantized(p, q, qn, k, conds)
		if ok {
			return res, st, nil
		}
	}
	return x.searchExact(p, q, qn, k, conds)
}

func matches(attrs []Attr, conds []Attr) bool {
	for _, c := range conds {
		found := false
		for _, a := range attrs {
			if a.Name == c.Name {
				found = a.Value == c.Value
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// hit is a scored slot during a search; cost is lower-is-better.
type hit struct {
	slot  int32
	cost  float64
	score float64
}

// worstFirst is a max-heap on (cost, key): the root is the worst kept hit.
type worstFirst struct {
	h    []hit
	keys []string
}

func (w *worstFirst) Len() int { return len(w.h) }
func (w *worstFirst) Less(i, j int) bool {
	if w.h[i].cost != w.h[j].cost {
		return w.h[i].cost > w.h[j].cost
	}
	return w.keys[w.h[i].slot] > w.keys[w.h[j].slot]
}
func (w *worstFirst) Swap(i, j int) { w.h[i], w.h[j] = w.h[j], w.h[i] }
func (w *worstFirst) Push(v any)    { w.h = append(w.h, v.(hit)) }
func (w *worstFirst) Pop() any {
	v := w.h[len(w.h)-1]
	w.h = w.h[:len(w.h)-1]
	return v
}

// better reports whether a is ranked before b.
func (x *Index) better(a, b hit) bool {
	if a.cost != b.cost {
		return a.cost < b.cost
	}
	return x.keys[a.slot] < x.keys[b.slot]
}

// searchExact compares the query with every vector of the partition. The
// vectors are ranked by their float32 cost (eight partial sums: faster than
// a plain loop), and the best k+margin of them are scored again in float64,
// which decides the order and the scores reported: a vector whose float32
// cost is off by rounding from one of the k best is still among the
// candidates scored exactly.
func (x *Index) searchExact(p *partition, q []float32, qn float64, k int, conds []Attr) ([]Result, Stats, error) {
	st := Stats{Candidate: len(p.members)}
	keep := k + max(k, exactMargin)
	top := &worstFirst{h: make([]hit, 0, keep+1), keys: x.keys}
	d := x.cfg.Distance
	for _, slot := range p.members {
		if len(conds) > 0 && !matches(x.attrs[slot], conds) {
			continue
		}
		st.Examined++
		h := hit{slot: slot, cost: d.navCost(q, qn, x.vec(slot), x.norms[slot])}
		if len(top.h) < keep {
			heap.Push(top, h)
		} else if x.better(h, top.h[0]) {
			top.h[0] = h
			heap.Fix(top, 0)
		}
	}
	for i := range top.h {
		h := &top.h[i]
		h.score = d.Score(q, qn, x.vec(h.slot), x.norms[h.slot])
		h.cost = d.rank(h.score)
	}
	res := x.results(top.h)
	if len(res) > k {
		res = res[:k]
	}
	return res, st, nil
}

// exactMargin is how many candidates beyond TopK (at least TopK more) an
// exact search scores again in float64.
const exactMargin = 32

// results sorts hits best first.
func (x *Index) results(hits []hit) []Result {
	sort.Slice(hits, func(i, j int) bool { return x.better(hits[i], hits[j]) })
	out := make([]Result, len(hits))
	for i, h := range hits {
		out[i] = Result{Key: x.keys[h.slot], Score: h.score}
	}
	return out
}
