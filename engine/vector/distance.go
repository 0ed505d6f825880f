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
