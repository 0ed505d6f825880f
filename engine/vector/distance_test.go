package vector

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestFloat32Kernels holds the float32 kernels (assembly on amd64 with
// AVX2 and FMA) to a float64 reference for every length up to 70, so the
// 32-wide, 8-wide and scalar tails all run, on slices that start at odd
// offsets of a larger array.
func TestFloat32Kernels(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	buf := randVec(r, 200)
	for n := 0; n <= 70; n++ {
		a, b := buf[1:1+n], buf[77:77+n+3] // b longer than a: only len(a) counts
		var dp, sq, mag float64
		for i := range a {
			dp += float64(a[i]) * float64(b[i])
			d := float64(a[i]) - float64(b[i])
			sq += d * d
			mag += math.Abs(float64(a[i]) * float64(b[i]))
		}
		tol := 1e-5 * (mag + sq + 1)
		for _, k := range []struct {
			name      string
			got, want float64
		}{
			{"dot32", float64(dot32(a, b)), dp},
			{"dot32Go", float64(dot32Go(a, b)), dp},
			{"sqDist32", float64(sqDist32(a, b)), sq},
			{"sqDist32Go", float64(sqDist32Go(a, b)), sq},
		} {
			if math.Abs(k.got-k.want) > tol {
				t.Errorf("%s length %d: %v, want %v", k.name, n, k.got, k.want)
			}
		}
	}
}
