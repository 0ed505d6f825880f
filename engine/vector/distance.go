package vector

import "math"

// Distance is a vector index's distance function.
type Distance int

// The three distance functions of DynamoDB vector indexes.
const (
	Cosine Distance = iota
	Euclidean
	DotProduct
)

// ParseDistance maps DynamoDB's names (COSINE, EUCLIDEAN, DOT_PRODUCT).
func ParseDistance(s string) (Distance, bool) {
	switch s {
	case "COSINE":
		return Cosine, true
	case "EUCLIDEAN":
		return Euclidean, true
	case "DOT_PRODUCT":
		return DotProduct, true
	}
	return 0, false
}

// String is DynamoDB's name of the distance function.
func (d Distance) String() string {
	switch d {
	case Euclidean:
		return "EUCLIDEAN"
	case DotProduct:
		return "DOT_PRODUCT"
	}
	return "COSINE"
}

// HigherIsBetter reports whether a larger score means more similar
// (DOT_PRODUCT); COSINE and EUCLIDEAN return the smallest scores.
func (d Distance) HigherIsBetter() bool { return d == DotProduct }

// dot is the dot product of two equally long vectors, summed in float64
// in four independent partial sums (no loop-carried dependency on one
// accumulator, which is what makes it faster than a plain float32 loop).
func dot(a, b []float32) float64 {
	n := len(a)
	b = b[:n]
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= n; i += 4 {
		s0 += float64(a[i]) * float64(b[i])
		s1 += float64(a[i+1]) * float64(b[i+1])
		s2 += float64(a[i+2]) * float64(b[i+2])
		s3 += float64(a[i+3]) * float64(b[i+3])
	}
	for ; i < n; i++ {
		s0 += float64(a[i]) * float64(b[i])
	}
	return (s0 + s1) + (s2 + s3)
}

// dot32Go is a float32 dot product in eight partial sums: the exact
// search ranks with it (the scores reported are computed again in float64).
func dot32Go(a, b []float32) float32 {
	n := len(a)
	b = b[:n]
	var s0, s1, s2, s3, s4, s5, s6, s7 float32
	i := 0
	for ; i+8 <= n; i += 8 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
		s4 += a[i+4] * b[i+4]
		s5 += a[i+5] * b[i+5]
		s6 += a[i+6] * b[i+6]
		s7 += a[i+7] * b[i+7]
	}
	for ; i < n; i++ {
		s0 += a[i] * b[i]
	}
	return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
}

// sqDist32Go is a float32 squared distance in eight partial sums.
func sqDist32Go(a, b []float32) float32 {
	n := len(a)
	b = b[:n]
	var s0, s1, s2, s3, s4, s5, s6, s7 float32
	i := 0
	for ; i+8 <= n; i += 8 {
		d0, d1, d2, d3 := a[i]-b[i], a[i+1]-b[i+1], a[i+2]-b[i+2], a[i+3]-b[i+3]
		d4, d5, d6, d7 := a[i+4]-b[i+4], a[i+5]-b[i+5], a[i+6]-b[i+6], a[i+7]-b[i+7]
		s0 += d0 * d0
		s1 += d1 * d1
		s2 += d2 * d2
		s3 += d3 * d3
		s4 += d4 * d4
		s5 += d5 * d5
		s6 += d6 * d6
		s7 += d7 * d7
	}
	for ; i < n; i++ {
		d := a[i] - b[i]
		s0 += d * d
	}
	return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
}

// navCost is the exact search's ranking cost between two vectors (lower
// is closer), in float32: the same order as rank(Score) up to rounding.
func (d Distance) navCost(q []float32, qNorm float64, v []float32, vNorm float64) float64 {
	return float64(d.navCost32(q, qNorm, v, vNorm))
}

// navCost32 is navCost as a float32.
func (d Distance) navCost32(q []float32, qNorm float64, v []float32, vNorm float64) float32 {
	switch d {
	case Euclidean:
		return sqDist32(q, v)
	case DotProduct:
		return -dot32(q, v)
	}
	if qNorm == 0 || vNorm == 0 {
		return 1
	}
	return float32(1 - float64(dot32(q, v))/(qNorm*vNorm))
}

// sqDist is the squared Euclidean distance, summed as dot is.
func sqDist(a, b []float32) float64 {
	n := len(a)
	b = b[:n]
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= n; i += 4 {
		d0 := float64(a[i]) - float64(b[i])
		d1 := float64(a[i+1]) - float64(b[i+1])
		d2 := float64(a[i+2]) - float64(b[i+2])
		d3 := float64(a[i+3]) - float64(b[i+3])
		s0 += d0 * d0
		s1 += d1 * d1
		s2 += d2 * d2
		s3 += d3 * d3
	}
	for ; i < n; i++ {
		d := float64(a[i]) - float64(b[i])
		s0 += d * d
	}
	return (s0 + s1) + (s2 + s3)
}

// Norm is the Euclidean length of v.
func Norm(v []float32) float64 { return math.Sqrt(dot(v, v)) }

// Score is the score DynamoDB reports for a stored vector against a query:
// COSINE 1 − cos (0 identical … 2 opposite; 1 when either vector is all
// zeros), EUCLIDEAN the distance, DOT_PRODUCT the dot product. qNorm and
// vNorm are the vectors' lengths (used by COSINE only).
func (d Distance) Score(q []float32, qNorm float64, v []float32, vNorm float64) float64 {
	switch d {
	case Euclidean:
		return clampF32(math.Sqrt(sqDist(q, v)))
	case DotProduct:
		return clampF32(dot(q, v))
	}
	if qNorm == 0 || vNorm == 0 {
		return 1
	}
	s := 1 - dot(q, v)/(qNorm*vNorm)
	if s < 0 {
		s = 0
	}
	if s > 2 {
		s = 2
	}
	return s
}

// clampF32 keeps a score within the float32 range, as DynamoDB reports
// scores (a score past it reads ±3.4028235E38, never infinity).
func clampF32(s float64) float64 {
	if s > math.MaxFloat32 {
		return math.MaxFloat32
	}
	if s < -math.MaxFloat32 {
		return -math.MaxFloat32
	}
	return s
}

// rank turns a score into a cost: lower is better for every distance.
func (d Distance) rank(score float64) float64 {
	if d == DotProduct {
		return -score
	}
	return score
}
