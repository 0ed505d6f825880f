package vector

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"sort"
	"strconv"
	"testing"
	"time"
)

// BenchmarkQuantSearch100k256 is the search large partitions get: the
// 8-bit scan and the exact scoring of what it cannot rule out, TopK 10,
// on 100,000 × 256 vectors (DYNOSCOPE_BENCH_VECTORS sets another count),
// random Gaussian ("random") and in 100 Gaussian clusters ("clustered",
// each point its centre plus noise of half the centres' spread: cos ≈ 0.8
// within a cluster), for the three distances. It reports recall@10
// against the exact search (Search with exact set), CPU per search
// (getrusage), wall p50 and p99, vectors scored exactly per search, the
// CPU a Put costs (encoding included), and memory per vector: measured
// (runtime.MemStats HeapAlloc after a GC, before and after the Puts) and
// estimated (MemoryBytes), also as a multiple of the float32 size.
//
//	go test -c -o /tmp/vbench ./engine/vector
//	/tmp/vbench -test.run '^$' -test.bench QuantSearch -test.benchtime 200x
func BenchmarkQuantSearch100k256(b *testing.B) {
	n := 100000
	if s := os.Getenv("DYNOSCOPE_BENCH_VECTORS"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	const dims = 256
	for _, kind := range []string{"random", "clustered"} {
		for _, d := range []Distance{Cosine, Euclidean, DotProduct} {
			b.Run(kind+"/"+d.String(), func(b *testing.B) {
				s := quantSetFor(b, kind, d, n, dims)
				x := s.x
				lat := make([]time.Duration, 0, b.N)
				rescored := 0
				c0 := cpuTime()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					t0 := time.Now()
					res, st, _ := x.Search(s.qs[i%len(s.qs)], 10, "", nil, false)
					lat = append(lat, time.Since(t0))
					if len(res) != 10 || !st.Quantized {
						b.Fatal(len(res), st.Quantized)
					}
					rescored += st.Rescored
				}
				b.StopTimer()
				cpu := cpuTime() - c0
				hits, total := 0, 0
				for i, in := range s.exact {
					got, _, _ := x.Search(s.qs[i], 10, "", nil, false)
					for _, r := range got {
						if in[r.Key] {
							hits++
						}
					}
					total += len(in)
				}
				sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
				b.ReportMetric(float64(hits)/float64(total), "recall@10")
				b.ReportMetric(cpu.Seconds()*1000/float64(b.N), "cpu-ms/op")
				b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
				b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
				b.ReportMetric(float64(rescored)/float64(b.N), "rescored/op")
				b.ReportMetric(s.putCPU.Seconds()*1e6/float64(n), "put-cpu-us/vector")
				b.ReportMetric(s.heapPerVector, "heap-B/vector")
				b.ReportMetric(float64(x.MemoryBytes())/float64(n), "est-B/vector")
				b.ReportMetric(s.heapPerVector/(4*dims), "x-float32-size")
			})
		}
	}
}

type quantSet struct {
	name          string
	x             *Index
	qs            [][]float32
	exact         []map[string]bool
	putCPU        time.Duration
	heapPerVector float64
}

var quantCache *quantSet

// quantSetFor builds (once per sub-benchmark: the benchmark function runs
// more than once) the index of a data set and the exact answers.
func quantSetFor(b *testing.B, kind string, d Distance, n, dims int) *quantSet {
	name := fmt.Sprintf("%s/%s/%d", kind, d, n)
	if quantCache != nil && quantCache.name == name {
		return quantCache
	}
	quantCache = nil
	r := rand.New(rand.NewPCG(2, 2))
	var vecs, qs [][]float32
	switch kind {
	case "random":
		vecs, qs = gaussian(r, n, dims), gaussian(r, 200, dims)
	case "clustered":
		centers := gaussian(r, 100, dims)
		draw := func(m int) [][]float32 {
			out := gaussian(r, m, dims)
			for _, v := range out {
				c := centers[r.IntN(len(centers))]
				for j := range v {
					v[j] = c[j] + 0.5*v[j]
				}
			}
			return out
		}
		vecs, qs = draw(n), draw(200)
	}
	keys := make([]string, n)
	for i := range keys {
		keys[i] = fmt.Sprintf("k%06d", i)
	}
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	x := New(Config{Dimensions: dims, Distance: d, QuantThreshold: 1})
	c0 := cpuTime()
	for i, v := range vecs {
		x.Put(keys[i], "", v, nil)
	}
	s := &quantSet{name: name, x: x, qs: qs, putCPU: cpuTime() - c0}
	runtime.GC()
	runtime.ReadMemStats(&m1)
	// The keys were allocated before: the index holds them, so they count.
	keyBytes := 0
	for _, k := range keys {
		keyBytes += len(k)
	}
	s.heapPerVector = (float64(m1.HeapAlloc) - float64(m0.HeapAlloc) + float64(keyBytes)) / float64(n)
	for _, q := range qs[:100] {
		res, _, _ := x.Search(q, 10, "", nil, true)
		in := map[string]bool{}
		for _, e := range res {
			in[e.Key] = true
		}
		s.exact = append(s.exact, in)
	}
	runtime.KeepAlive(vecs)
	quantCache = s
	return s
}

// BenchmarkEncode256 is what the codes add to a Put: quantising one
// 256-dimension vector.
func BenchmarkEncode256(b *testing.B) {
	v := gaussian(rand.New(rand.NewPCG(3, 3)), 1, 256)[0]
	dst := make([]uint8, 256)
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		encode(v, dst)
	}
	b.ReportMetric(float64((cpuTime()-c0).Nanoseconds())/float64(b.N), "cpu-ns/op")
}
