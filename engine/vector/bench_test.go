package vector

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
)

// Benchmarks of issue 25 §4 (figures and commands in docs/BENCHMARKS.md):
//
//	go test ./engine/vector -run '^$' -bench 'ExactSearch10k|BruteForce' -benchtime 2s
//	go test ./engine/vector -run '^$' -bench 'QuantSearch' -benchtime 200x
//
// Exact search against a plain float32 brute-force loop on the same 10,000
// × 256 vectors (TopK 10, COSINE); the quantised scan on 100,000 × 256
// vectors (quant_bench_test.go), its recall@10 against exact search, its
// CPU per search, Put cost and memory per vector.

func gaussian(r *rand.Rand, n, dims int) [][]float32 {
	out := make([][]float32, n)
	for i := range out {
		v := make([]float32, dims)
		for j := range v {
			v[j] = float32(r.NormFloat64())
		}
		out[i] = v
	}
	return out
}

var exactSet struct {
	once sync.Once
	x    *Index
	vecs [][]float32
	qs   [][]float32
}

func exactData() {
	exactSet.once.Do(func() {
		r := rand.New(rand.NewPCG(1, 1))
		exactSet.vecs = gaussian(r, 10000, 256)
		exactSet.qs = gaussian(r, 64, 256)
		exactSet.x = New(Config{Dimensions: 256, Distance: Cosine, QuantThreshold: -1})
		for i, v := range exactSet.vecs {
			exactSet.x.Put(fmt.Sprintf("k%06d", i), "", v, nil)
		}
	})
}

// BenchmarkExactSearch10k256 is Index.Search, exact, TopK 10.
func BenchmarkExactSearch10k256(b *testing.B) {
	exactData()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if res, _, _ := exactSet.x.Search(exactSet.qs[i%len(exactSet.qs)], 10, "", nil, true); len(res) != 10 {
			b.Fatal(len(res))
		}
	}
}

// BenchmarkBruteForceFloat32 is the straightforward loop the exact search
// must be at least as fast as: a float32 cosine for every vector, the best
// ten kept by insertion.
func BenchmarkBruteForceFloat32(b *testing.B) {
	exactData()
	vecs := exactSet.vecs
	norms := make([]float32, len(vecs))
	for i, v := range vecs {
		var s float32
		for _, f := range v {
			s += f * f
		}
		norms[i] = float32(sqrt64(float64(s)))
	}
	type hit struct {
		i int
		s float32
	}
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		q := exactSet.qs[n%len(exactSet.qs)]
		var qq float32
		for _, f := range q {
			qq += f * f
		}
		qn := float32(sqrt64(float64(qq)))
		top := make([]hit, 0, 11)
		for i, v := range vecs {
			var dp float32
			for j := range v {
				dp += q[j] * v[j]
			}
			s := 1 - dp/(qn*norms[i])
			if len(top) < 10 || s < top[len(top)-1].s {
				k := len(top)
				if k < 10 {
					top = append(top, hit{})
				} else {
					k = 9
				}
				for k > 0 && top[k-1].s > s {
					top[k] = top[k-1]
					k--
				}
				top[k] = hit{i, s}
			}
		}
		if len(top) != 10 {
			b.Fatal(len(top))
		}
	}
}

func sqrt64(f float64) float64 {
	z := f
	if z == 0 {
		return 0
	}
	for range 30 {
		z -= (z*z - f) / (2 * z)
	}
	return z
}

// BenchmarkExactSearch100k256 is Index.Search, exact, TopK 10, on the
// 100,000 vectors of the QuantSearch benchmark: what the scan must beat.
func BenchmarkExactSearch100k256(b *testing.B) {
	r := rand.New(rand.NewPCG(2, 2))
	vecs := gaussian(r, 100000, 256)
	qs := gaussian(r, 200, 256)
	x := New(Config{Dimensions: 256, Distance: Cosine, QuantThreshold: -1})
	for i, v := range vecs {
		x.Put(fmt.Sprintf("k%06d", i), "", v, nil)
	}
	vecs = nil
	c0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if res, _, _ := x.Search(qs[i%len(qs)], 10, "", nil, true); len(res) != 10 {
			b.Fatal(len(res))
		}
	}
	b.StopTimer()
	b.ReportMetric((cpuTime()-c0).Seconds()*1000/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(x.MemoryBytes())/float64(x.Len()), "mem-B/vector")
}
