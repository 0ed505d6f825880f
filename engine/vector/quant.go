package vector

import (
	"math"
	"sync"
)

// Every vector is also kept as 8-bit codes, one byte a dimension, so that a
// large partition is scanned reading a quarter of the memory its float32
// vectors take, in integer arithmetic (AVX2 on amd64). The codes are a pure
// function of the vector: lo, its smallest component, and step, its range
// over 255, give component i ≈ lo + step·code[i]; err is the largest
// |v[i] − (lo + step·code[i])| of that vector, rounded up.
//
// The query is quantised too, to 16-bit integers q16 with its own step, and
// the integer dot product Σ q16[i]·code[i] (exact: no overflow by the
// choice of the query's range) gives an estimate of the dot product whose
// error has a proven bound (quantBound). A search keeps every vector whose
// cost could be among the k best — its lower bound no more than the k-th
// smallest upper bound — and scores those exactly in float64, as an exact
// search does: the result is the exact search's, items, order and scores,
// by construction, not by chance (TestQuantizedEqualsExact, FuzzQuantized).
// A random 256-dimension partition of 100,000 vectors leaves a few dozen to
// a few hundred to score.

// codeMeta is a vector's quantisation: component i ≈ lo + step·code[i],
// within err.
type codeMeta struct {
	lo, step, err float32
}

// encode writes v's codes into dst (len(v) bytes) and returns its meta.
// Any choice of codes keeps the search exact — err is measured after — so
// they are rounded the fast way (a multiplication, a truncation).
func encode(v []float32, dst []uint8) codeMeta {
	if len(v) == 0 {
		return codeMeta{}
	}
	mn, mx := v[0], v[0]
	for _, f := range v[1:] {
		if f < mn {
			mn = f
		}
		if f > mx {
			mx = f
		}
	}
	step := float32((float64(mx) - float64(mn)) / 255)
	lo, st := float64(mn), float64(step)
	inv := 0.0
	if st > 0 {
		inv = 1 / st
	}
	dst = dst[:len(v)]
	var worst float64
	for i, f := range v {
		c := int32((float64(f)-lo)*inv + 0.5) // ≥ 0.5: truncation rounds
		if c > 255 {
			c = 255
		}
		dst[i] = uint8(c)
		d := float64(f) - (lo + st*float64(c))
		if d < 0 {
			d = -d
		}
		if d > worst {
			worst = d
		}
	}
	// worst was computed in float64: the real difference can exceed it
	// by a rounding of the terms' magnitude.
	worst += (math.Abs(lo) + 255*st + math.Abs(float64(mx))) * 0x1p-50
	e := float32(worst)
	if float64(e) < worst {
		e = math.Nextafter32(e, float32(math.Inf(1)))
	}
	return codeMeta{lo: mn, step: step, err: e}
}

// qmaxFor is the largest |q16| of a query of dims dimensions: Σ|q16|·255
// stays within an int32, so the integer dot product never overflows.
func qmaxFor(dims int) int {
	if dims == 0 {
		return 16383
	}
	return min(16383, math.MaxInt32/(255*dims))
}

// quantQuery is a query prepared for the quantised scan.
type quantQuery struct {
	q16   []int16
	step  float64 // q[i] ≈ step·q16[i]
	sum16 float64 // Σ q16[i]
	// A vector's dot-product error bound is errA·err + errB·‖v‖ (quantBound).
	errA, errB float64
	qn         float64
}

func prepareQuery(q []float32, qn float64, buf []int16) quantQuery {
	d := len(q)
	var qmax, l1 float64
	for _, f := range q {
		a := math.Abs(float64(f))
		qmax = max(qmax, a)
		l1 += a
	}
	qq := quantQuery{q16: buf[:d], qn: qn}
	var eq float64 // largest |q[i] − step·q16[i]|
	if qmax > 0 {
		qq.step = qmax / float64(qmaxFor(d))
		for i, f := range q {
			c := math.Round(float64(f) / qq.step)
			c = min(max(c, -float64(qmaxFor(d))), float64(qmaxFor(d)))
			qq.q16[i] = int16(c)
			qq.sum16 += c
			eq = max(eq, math.Abs(float64(f)-qq.step*c))
		}
		eq += qmax * 0x1p-50
	} else {
		clear(qq.q16)
	}
	// Σ|q[i]−q̂[i]|·|v̂[i]| ≤ eq·‖v̂‖₁ ≤ eq·(√d·‖v‖ + d·err), and
	// Σ|q[i]|·|v[i]−v̂[i]| ≤ ‖q‖₁·err.
	qq.errA = l1 + float64(d)*eq
	qq.errB = eq * math.Sqrt(float64(d))
	return qq
}

// quantCosts bounds the costs of the vectors of slots, whose integer dot
// products with the query are dots: the cost Score computes for slots[i]
// (before its clamp; lower is better, in the units the search compares:
// 1 − cos for COSINE, the squared distance for EUCLIDEAN, −dot for
// DOT_PRODUCT) lies in [lower[i], upper[i]].
func (d Distance) quantCosts(qq *quantQuery, meta []codeMeta, norms []float64, slots, dots []int32, lower, upper []float64) {
	c1 := qq.step * qq.sum16
	for i, slot := range slots {
		m, vn := meta[slot], norms[slot]
		t1 := c1 * float64(m.lo)
		t2 := qq.step * float64(m.step) * float64(dots[i])
		est := t1 + t2
		// The bound of the quantisation, then the float64 roundings of
		// the estimate and of Score's own sums (d·2⁻⁵³ relative at most:
		// 1e-9 is far above it).
		e := qq.errA*float64(m.err) + qq.errB*vn + 1e-9*(qq.qn*vn+math.Abs(t1)+math.Abs(t2))
		var cost, w float64
		switch d {
		case Euclidean:
			sq := qq.qn*qq.qn + vn*vn
			cost, w = sq-2*est, 2*e+1e-9*sq
		case DotProduct:
			cost, w = -est, e
		default:
			if qq.qn == 0 || vn == 0 {
				cost = 1
				break
			}
			den := qq.qn * vn
			cost, w = 1-est/den, e/den+1e-12
		}
		lower[i], upper[i] = cost-w, cost+w
	}
}

// clampRange is the range of costs a Score keeps apart: beyond it Score
// clamps (COSINE to [0, 2], the others to the float32 range), so costs
// there tie and order by key, and the bound cannot rule a vector out.
func (d Distance) clampRange() (lo, hi float64) {
	switch d {
	case Euclidean:
		return math.Inf(-1), 0.5 * math.MaxFloat32 * math.MaxFloat32
	case DotProduct:
		return -0.5 * math.MaxFloat32, 0.5 * math.MaxFloat32
	}
	return 0, 2
}

// quantBlock is how many slots one kernel call scores.
const quantBlock = 256

type quantCand struct {
	slot  int32
	lower float64
}

type quantScratch struct {
	q16          []int16
	slots        []int32
	dots         []int32
	lower, upper []float64 // a block's bounds
	heap         []float64 // max-heap of the k smallest upper bounds
	cands        []quantCand
}

var quantPool = sync.Pool{New: func() any { return new(quantScratch) }}

// searchQuantized scans the partition's codes and scores exactly the
// vectors the bound cannot rule out. ok is false when the bound rules
// nothing out (every cost near a clamp): the caller searches exactly.
func (x *Index) searchQuantized(p *partition, q []float32, qn float64, k int, conds []Attr) ([]Result, Stats, bool) {
	st := Stats{Candidate: len(p.members), Quantized: true}
	s := quantPool.Get().(*quantScratch)
	defer quantPool.Put(s)
	if cap(s.q16) < x.dims {
		s.q16 = make([]int16, x.dims)
	}
	if cap(s.slots) < quantBlock {
		s.slots, s.dots = make([]int32, quantBlock), make([]int32, quantBlock)
		s.lower, s.upper = make([]float64, quantBlock), make([]float64, quantBlock)
	}
	qq := prepareQuery(q, qn, s.q16)
	d := x.cfg.Distance
	heap := s.heap[:0]
	cands := s.cands[:0]
	// threshold is the k-th smallest upper bound so far, raised to the
	// clamp below which Score ties costs: a vector whose lower bound is
	// above it cannot be among the k best.
	threshold := math.Inf(1)
	lo, hi := d.clampRange()
	members := p.members
	for len(members) > 0 {
		n := min(len(members), quantBlock)
		block := members[:n]
		members = members[n:]
		if len(conds) > 0 {
			kept := s.slots[:0]
			for _, slot := range block {
				if matches(x.attrs[slot], conds) {
					kept = append(kept, slot)
				}
			}
			block = kept
		}
		dots, lower, upper := s.dots[:len(block)], s.lower[:len(block)], s.upper[:len(block)]
		dotCodes(x.codes, x.dims, block, qq.q16, dots)
		d.quantCosts(&qq, x.qmeta, x.norms, block, dots, lower, upper)
		st.Examined += len(block)
		for i, slot := range block {
			if lower[i] > threshold {
				continue // then upper[i] > threshold too
			}
			if len(heap) < k {
				heap = pushMax(heap, upper[i])
				if len(heap) == k {
					threshold = max(heap[0], lo)
				}
			} else if upper[i] < heap[0] {
				heap[0] = upper[i]
				siftDownMax(heap, 0)
				threshold = max(heap[0], lo)
			}
			if lower[i] <= threshold {
				cands = append(cands, quantCand{slot, lower[i]})
			}
		}
	}
	s.heap, s.cands = heap, cands
	if threshold >= hi && len(heap) == k {
		return nil, st, false
	}
	hits := make([]hit, 0, min(len(cands), 4*k))
	for _, c := range cands {
		if c.lower > threshold {
			continue
		}
		score := d.Score(q, qn, x.vec(c.slot), x.norms[c.slot])
		hits = append(hits, hit{slot: c.slot, cost: d.rank(score), score: score})
	}
	st.Rescored = len(hits)
	res := x.results(hits)
	if len(res) > k {
		res = res[:k]
	}
	return res, st, true
}

func pushMax(h []float64, v float64) []float64 {
	h = append(h, v)
	i := len(h) - 1
	for i > 0 {
		parent := (i - 1) / 2
		if h[parent] >= h[i] {
			break
		}
		h[parent], h[i] = h[i], h[parent]
		i = parent
	}
	return h
}

func siftDownMax(h []float64, i int) {
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		if r := l + 1; r < len(h) && h[r] > h[l] {
			l = r
		}
		if h[i] >= h[l] {
			return
		}
		h[i], h[l] = h[l], h[i]
		i = l
	}
}

// dotCodesGo is the portable integer kernel: out[j] = Σ q16[i]·code[i]
// over the codes of slots[j]. The assembly computes the same integers.
func dotCodesGo(codes []uint8, dims int, slots []int32, q16 []int16, out []int32) {
	q16 = q16[:dims]
	for j, slot := range slots {
		c := codes[int(slot)*dims : int(slot)*dims+dims]
		var s0, s1, s2, s3 int32
		i := 0
		for ; i+4 <= dims; i += 4 {
			s0 += int32(q16[i]) * int32(c[i])
			s1 += int32(q16[i+1]) * int32(c[i+1])
			s2 += int32(q16[i+2]) * int32(c[i+2])
			s3 += int32(q16[i+3]) * int32(c[i+3])
		}
		for ; i < dims; i++ {
			s0 += int32(q16[i]) * int32(c[i])
		}
		out[j] = (s0 + s1) + (s2 + s3)
	}
}
