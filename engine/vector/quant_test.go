package vector

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDotCodesKernel holds the integer kernel (assembly on amd64 with
// AVX2) to the portable loop, integer for integer, for every length up to
// 140 and at 4096 dimensions with every code and query value at its
// extreme (the largest sum an int32 must hold), slots in any order.
func TestDotCodesKernel(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	check := func(dims int, codes []uint8, slots []int32, q16 []int16) {
		t.Helper()
		got, want := make([]int32, len(slots)), make([]int32, len(slots))
		dotCodes(codes, dims, slots, q16, got)
		dotCodesGo(codes, dims, slots, q16, want)
		if !slices.Equal(got, want) {
			t.Fatalf("dims %d: kernel %v, portable %v", dims, got, want)
		}
		for j, s := range slots { // and both are the definition
			var sum int64
			for i := range dims {
				sum += int64(q16[i]) * int64(codes[int(s)*dims+i])
			}
			if int64(want[j]) != sum {
				t.Fatalf("dims %d slot %d: %d, want %d", dims, s, want[j], sum)
			}
		}
	}
	for dims := 1; dims <= 140; dims++ {
		const n = 7
		codes := make([]uint8, n*dims)
		for i := range codes {
			codes[i] = uint8(r.IntN(256))
		}
		qm := qmaxFor(dims)
		q16 := make([]int16, dims)
		for i := range q16 {
			q16[i] = int16(r.IntN(2*qm+1) - qm)
		}
		check(dims, codes, []int32{6, 0, 3, 3, 1, 5, 2, 4}, q16)
	}
	const dims = 4096
	codes := make([]uint8, 2*dims)
	for i := range codes {
		codes[i] = 255
	}
	q16 := make([]int16, dims)
	for i := range q16 {
		q16[i] = int16(qmaxFor(dims))
	}
	check(dims, codes, []int32{1, 0}, q16)
	for i := range q16 {
		q16[i] = -q16[i]
	}
	check(dims, codes, []int32{0, 1}, q16)
}

// referenceTopK scores every vector of a partition with Score, in
// float64, and sorts them best first, ties by key: what every search must
// return.
func referenceTopK(x *Index, q []float32, k int, part string, conds []Attr) []Result {
	qn := Norm(q)
	var hits []hit
	for _, slot := range x.parts[part].members {
		if !matches(x.attrs[slot], conds) {
			continue
		}
		s := x.cfg.Distance.Score(q, qn, x.vec(slot), x.norms[slot])
		hits = append(hits, hit{slot: slot, cost: x.cfg.Distance.rank(s), score: s})
	}
	res := x.results(hits)
	return res[:min(k, len(res))]
}

// dataSet makes n vectors of a kind: the shapes a bound could be weak on.
func dataSet(r *rand.Rand, kind string, n, dims int) [][]float32 {
	out := make([][]float32, n)
	centers := make([][]float32, 20)
	for i := range centers {
		centers[i] = randVec(r, dims)
	}
	for i := range out {
		v := make([]float32, dims)
		for j := range v {
			g := r.NormFloat64()
			switch kind {
			case "gaussian":
				v[j] = float32(g)
			case "clustered":
				v[j] = centers[i%len(centers)][j] + float32(0.05*g)
			case "offset": // a large common offset, small differences
				v[j] = float32(1000 + 0.01*g)
			case "dimoffset": // one dimension far larger than the rest
				v[j] = float32(g)
				if j == 0 {
					v[j] = float32(1e4 + g)
				}
			case "duplicates": // few distinct vectors: ties everywhere
				v[j] = centers[i%3][j]
			case "tiny":
				v[j] = float32(1e-40 * g)
			case "huge":
				v[j] = float32(1e36 * g)
			case "integers":
				v[j] = float32(r.IntN(3) - 1)
			}
		}
		if kind == "duplicates" && i%17 == 0 {
			clear(v) // and zero vectors
		}
		out[i] = v
	}
	return out
}

// TestQuantizedEqualsExact: the quantised scan returns exactly what
// scoring every vector returns — keys, order and scores, bit for bit — on
// data sets chosen to stress its bound, for every distance, with
// partitions and filters, after deletes and replacements.
func TestQuantizedEqualsExact(t *testing.T) {
	kinds := []string{"gaussian", "clustered", "offset", "dimoffset", "duplicates", "tiny", "huge", "integers"}
	for _, d := range []Distance{Cosine, Euclidean, DotProduct} {
		for _, kind := range kinds {
			t.Run(d.String()+"/"+kind, func(t *testing.T) {
				r := rand.New(rand.NewPCG(uint64(d), uint64(len(kind))))
				const n, dims = 1200, 37
				x := New(Config{Dimensions: dims, Distance: d, QuantThreshold: 1})
				vecs := dataSet(r, kind, n, dims)
				for i, v := range vecs {
					attrs := []Attr{{"color", []string{"Sred", "Sblue", "Sgreen"}[i%3]}}
					x.Put(fmt.Sprintf("k%05d", i), []string{"", "p"}[i%2], v, attrs)
				}
				for i := 0; i < n; i += 11 {
					x.Delete(fmt.Sprintf("k%05d", i))
				}
				for i := 0; i < n; i += 13 {
					x.Put(fmt.Sprintf("k%05d", i), "", vecs[(i*7)%n], nil)
				}
				queries := dataSet(r, kind, 12, dims)
				queries = append(queries, vecs[5], make([]float32, dims))
				for qi, q := range queries {
					for _, sc := range []struct {
						part  string
						conds []Attr
					}{{"", nil}, {"p", nil}, {"", []Attr{{"color", "Sblue"}}}} {
						for _, k := range []int{1, 10, 100} {
							want := referenceTopK(x, q, k, sc.part, sc.conds)
							got, st, err := x.Search(q, k, sc.part, sc.conds, false)
							if err != nil {
								t.Fatal(err)
							}
							if !slices.Equal(got, want) {
								t.Fatalf("query %d part %q conds %v k %d (quantised %v): got %v, want %v", qi, sc.part, sc.conds, k, st.Quantized, got, want)
							}
						}
					}
				}
			})
		}
	}
}

// TestQuantBound checks the bound itself: the cost Score computes lies
// within the interval quantCost gives, for every vector of every kind of
// data set and every distance.
func TestQuantBound(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, kind := range []string{"gaussian", "clustered", "offset", "dimoffset", "duplicates", "tiny", "huge", "integers"} {
		for _, dims := range []int{1, 3, 16, 100, 256} {
			vecs := dataSet(r, kind, 60, dims)
			codes := make([]uint8, dims)
			buf := make([]int16, dims)
			for _, q := range dataSet(r, kind, 5, dims) {
				qn := Norm(q)
				qq := prepareQuery(q, qn, buf)
				for _, v := range vecs {
					m := encode(v, codes)
					var idot [1]int32
					dotCodesGo(codes, dims, []int32{0}, qq.q16, idot[:])
					vn := Norm(v)
					for _, d := range []Distance{Cosine, Euclidean, DotProduct} {
						var lower, upper [1]float64
						d.quantCosts(&qq, []codeMeta{m}, []float64{vn}, []int32{0}, idot[:], lower[:], upper[:])
						cost, w := (lower[0]+upper[0])/2, (upper[0]-lower[0])/2
						var exact float64 // Score's cost before its clamp
						switch {
						case d == Euclidean:
							exact = sqDist(q, v)
						case d == DotProduct:
							exact = -dot(q, v)
						case qn == 0 || vn == 0:
							exact = 1
						default:
							exact = 1 - dot(q, v)/(qn*vn)
						}
						if exact < lower[0] || exact > upper[0] {
							t.Fatalf("%s %s dims %d: cost %v outside %v ± %v", kind, d, dims, exact, cost, w)
						}
					}
				}
			}
		}
	}
}

// FuzzQuantized feeds vectors of any float32 values (no NaN or infinity:
// DynamoDB numbers have none) to an index that scans its codes and holds
// the result to scoring every vector.
func FuzzQuantized(f *testing.F) {
	f.Add(uint8(3), uint8(2), []byte("\x00\x00\x80\x3f\x00\x00\x00\x40\x00\x00\x40\x40\x00\x00\x80\xbf"))
	f.Add(uint8(1), uint8(0), []byte("\xff\xff\x7f\x7f\x01\x00\x00\x00\xff\xff\x7f\xff"))
	f.Fuzz(func(t *testing.T, dimsByte, kByte uint8, data []byte) {
		dims := int(dimsByte%40) + 1
		k := int(kByte%12) + 1
		var vals []float32
		for len(data) >= 4 {
			f := math.Float32frombits(binary.LittleEndian.Uint32(data))
			data = data[4:]
			if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
				f = 0
			}
			vals = append(vals, f)
		}
		if len(vals) < 2*dims {
			return
		}
		q := vals[:dims]
		for _, d := range []Distance{Cosine, Euclidean, DotProduct} {
			x := New(Config{Dimensions: dims, Distance: d, QuantThreshold: 1})
			for i := 0; (i+1)*dims <= len(vals); i++ {
				x.Put(fmt.Sprintf("k%04d", i), "", vals[i*dims:(i+1)*dims], nil)
			}
			want := referenceTopK(x, q, k, "", nil)
			got, _, _ := x.Search(q, k, "", nil, false)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: got %v, want %v", d, got, want)
			}
		}
	})
}
