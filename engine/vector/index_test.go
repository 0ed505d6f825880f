package vector

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"testing"
)

func randVec(r *rand.Rand, d int) []float32 {
	v := make([]float32, d)
	for i := range v {
		v[i] = float32(r.NormFloat64())
	}
	return v
}

// bruteForce is the reference: every vector scored in float64 one term at
// a time, sorted by score (best first), then key.
func bruteForce(d Distance, q []float32, keys []string, vecs [][]float32, k int) []Result {
	res := make([]Result, len(keys))
	for i, v := range vecs {
		var dp, qq, vv, sq float64
		for j := range v {
			dp += float64(q[j]) * float64(v[j])
			qq += float64(q[j]) * float64(q[j])
			vv += float64(v[j]) * float64(v[j])
			df := float64(q[j]) - float64(v[j])
			sq += df * df
		}
		var s float64
		switch d {
		case Cosine:
			s = 1 - dp/(math.Sqrt(qq)*math.Sqrt(vv))
		case Euclidean:
			s = math.Sqrt(sq)
		case DotProduct:
			s = dp
		}
		res[i] = Result{keys[i], s}
	}
	sort.Slice(res, func(i, j int) bool {
		a, b := res[i].Score, res[j].Score
		if d == DotProduct {
			a, b = -a, -b
		}
		if a != b {
			return a < b
		}
		return res[i].Key < res[j].Key
	})
	if len(res) > k {
		res = res[:k]
	}
	return res
}

func TestExactMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, d := range []Distance{Cosine, Euclidean, DotProduct} {
		t.Run(d.String(), func(t *testing.T) {
			x := New(Config{Dimensions: 13, Distance: d})
			var keys []string
			var vecs [][]float32
			for i := range 500 {
				k := fmt.Sprintf("k%04d", i)
				v := randVec(r, 13)
				if err := x.Put(k, "", v, nil); err != nil {
					t.Fatal(err)
				}
				keys, vecs = append(keys, k), append(vecs, v)
			}
			// Delete and replace some, as writes do.
			for i := 0; i < 500; i += 7 {
				x.Delete(keys[i])
			}
			var liveK []string
			var liveV [][]float32
			for i := range keys {
				if i%7 == 0 {
					if i%14 == 0 {
						continue
					}
					vecs[i] = randVec(r, 13)
					x.Put(keys[i], "", vecs[i], nil)
				}
				liveK, liveV = append(liveK, keys[i]), append(liveV, vecs[i])
			}
			for range 20 {
				q := randVec(r, 13)
				got, st, err := x.Search(q, 10, "", nil, true)
				if err != nil {
					t.Fatal(err)
				}
				want := bruteForce(d, q, liveK, liveV, 10)
				if len(got) != len(want) || st.Examined != len(liveK) {
					t.Fatalf("got %d results examining %d, want %d of %d", len(got), st.Examined, len(want), len(liveK))
				}
				for i := range want {
					if got[i].Key != want[i].Key || math.Abs(got[i].Score-want[i].Score) > 1e-9 {
						t.Fatalf("result %d: got %+v want %+v", i, got[i], want[i])
					}
				}
			}
		})
	}
}

func TestPartitionsAndFilters(t *testing.T) {
	x := New(Config{Dimensions: 2, Distance: Euclidean})
	x.Put("a", "p1", []float32{0, 0}, []Attr{{"c", "Sred"}})
	x.Put("b", "p1", []float32{1, 0}, []Attr{{"c", "Sblue"}})
	x.Put("c", "p2", []float32{0, 0}, nil)
	got, _, _ := x.Search([]float32{0, 0}, 5, "p1", nil, false)
	if len(got) != 2 || got[0].Key != "a" || got[1].Key != "b" || got[1].Score != 1 {
		t.Fatalf("partition p1: %+v", got)
	}
	got, _, _ = x.Search([]float32{0, 0}, 5, "p1", []Attr{{"c", "Sblue"}}, false)
	if len(got) != 1 || got[0].Key != "b" {
		t.Fatalf("filtered: %+v", got)
	}
	if _, _, err := x.Search([]float32{0}, 5, "p1", nil, false); err != ErrDimensions {
		t.Fatalf("err %v", err)
	}
}
