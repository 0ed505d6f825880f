package vector

import (
	"container/heap"
	"hash/fnv"
	"math"
	"sync"
)

// graph is one partition's HNSW graph (Malkov & Yashunin): every node on
// layer 0, a geometrically shrinking share on the layers above, each layer
// a proximity graph searched greedily from the top layer's entry point.
// A node's level comes from a hash of its key, so a graph built from the
// same entries in the same order is the same graph.
type graph struct {
	m, m0, efc, efs int
	ml              float64
	entry           int32
	top             int
	links           map[int32][][]int32 // slot → layer → neighbours
	deadSet         map[int32]bool
	nodes, dead     int
}

func newGraph(cfg Config) *graph {
	return &graph{m: cfg.M, m0: 2 * cfg.M, efc: cfg.EfConstruction, efs: cfg.EfSearch,
		ml: 1 / math.Log(float64(cfg.M)), entry: -1, links: map[int32][][]int32{}, deadSet: map[int32]bool{}}
}

func (g *graph) has(slot int32) bool { _, ok := g.links[slot]; return ok }

func (g *graph) tombstone(slot int32) {
	if !g.deadSet[slot] {
		g.deadSet[slot] = true
		g.dead++
	}
}

func (g *graph) deadSlots() []int32 {
	out := make([]int32, 0, len(g.deadSet))
	for s := range g.deadSet {
		out = append(out, s)
	}
	return out
}

func (g *graph) memory() int64 {
	var n int64
	for _, ls := range g.links {
		n += 24 + 16 // slice header and map entry share
		for _, l := range ls {
			n += 24 + int64(cap(l))*4
		}
	}
	return n
}

// level draws a node's top layer from its key.
func (g *graph) level(key string) int {
	h := fnv.New64a()
	h.Write([]byte(key))
	u := (float64(h.Sum64()>>11) + 0.5) / (1 << 53)
	return int(-math.Log(u) * g.ml)
}

// cand is a node met during a layer search.
type cand struct {
	slot int32
	cost float64
}

type nearHeap []cand // closest first

func (h nearHeap) Len() int           { return len(h) }
func (h nearHeap) Less(i, j int) bool { return h[i].cost < h[j].cost }
func (h nearHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *nearHeap) Push(v any)        { *h = append(*h, v.(cand)) }
func (h *nearHeap) Pop() any {
	old := *h
	v := old[len(old)-1]
	*h = old[:len(old)-1]
	return v
}

type farHeap []cand // farthest first

func (h farHeap) Len() int           { return len(h) }
func (h farHeap) Less(i, j int) bool { return h[i].cost > h[j].cost }
func (h farHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *farHeap) Push(v any)        { *h = append(*h, v.(cand)) }
func (h *farHeap) Pop() any {
	old := *h
	v := old[len(old)-1]
	*h = old[:len(old)-1]
	return v
}

// visited marks the slots a search has met; pooled and cleared by
// generation so a search allocates nothing for it.
type visited struct {
	gen  uint32
	mark []uint32
}

var visitedPool = sync.Pool{New: func() any { return &visited{} }}

func (v *visited) reset(n int) {
	if len(v.mark) < n {
		v.mark = make([]uint32, n+n/4)
		v.gen = 0
	}
	v.gen++
	if v.gen == 0 {
		clear(v.mark)
		v.gen = 1
	}
}

func (v *visited) visit(s int32) bool {
	if v.mark[s] == v.gen {
		return false
	}
	v.mark[s] = v.gen
	return true
}

// costTo is the search cost (lower is closer) of slot from query q.
func (x *Index) costTo(q []float32, qn float64, slot int32) float64 {
	return x.cfg.Distance.navCost(q, qn, x.vec(slot), x.norms[slot])
}

// searchLayer is the HNSW layer search from the entry points eps, keeping
// the ef closest; it counts the distances it computes in *n.
func (x *Index) searchLayer(g *graph, q []float32, qn float64, eps []cand, ef, layer int, vis *visited, n *int) farHeap {
	var cands nearHeap
	var found farHeap
	for _, ep := range eps {
		vis.visit(ep.slot)
		heap.Push(&cands, ep)
		heap.Push(&found, ep)
	}
	for cands.Len() > 0 {
		c := heap.Pop(&cands).(cand)
		if found.Len() >= ef && c.cost > found[0].cost {
			break
		}
		ls := g.links[c.slot]
		if layer >= len(ls) {
			continue
		}
		for _, nb := range ls[layer] {
			if !vis.visit(nb) {
				continue
			}
			*n++
			cost := x.costTo(q, qn, nb)
			if found.Len() < ef || cost < found[0].cost {
				heap.Push(&cands, cand{nb, cost})
				heap.Push(&found, cand{nb, cost})
				if found.Len() > ef {
					heap.Pop(&found)
				}
			}
		}
	}
	return found
}

// selectNeighbours is the HNSW heuristic: closest first, keeping a
// candidate only when it is closer to the new node than to every
// neighbour already kept (which spreads the links), then filling up with
// the closest of those left out.
func (x *Index) selectNeighbours(cs []cand, m int) []int32 {
	sortCands(cs)
	if len(cs) > 3*m {
		cs = cs[:3*m] // the heuristic looks at the closest only
	}
	out := make([]int32, 0, m)
	var skipped []int32
	for _, c := range cs {
		if len(out) >= m {
			break
		}
		keep := true
		cv := x.vec(c.slot)
		for _, o := range out {
			if x.cfg.Distance.navCost(cv, x.norms[c.slot], x.vec(o), x.norms[o]) < c.cost {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, c.slot)
		} else {
			skipped = append(skipped, c.slot)
		}
	}
	for _, s := range skipped {
		if len(out) >= m {
			break
		}
		out = append(out, s)
	}
	return out
}

func sortCands(cs []cand) {
	for i := 1; i < len(cs); i++ { // insertion sort: ef is small
		for j := i; j > 0 && cs[j].cost < cs[j-1].cost; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// insert adds slot to the graph.
func (g *graph) insert(x *Index, slot int32) {
	lvl := g.level(x.keys[slot])
	g.links[slot] = make([][]int32, lvl+1)
	g.nodes++
	if g.entry < 0 {
		g.entry, g.top = slot, lvl
		return
	}
	q, qn := x.vec(slot), x.norms[slot]
	vis := visitedPool.Get().(*visited)
	defer visitedPool.Put(vis)
	var n int
	ep := []cand{{g.entry, x.costTo(q, qn, g.entry)}}
	for l := g.top; l > lvl; l-- {
		vis.reset(len(x.keys))
		f := x.searchLayer(g, q, qn, ep, 1, l, vis, &n)
		ep = []cand{f[0]}
	}
	for l := min(lvl, g.top); l >= 0; l-- {
		vis.reset(len(x.keys))
		f := x.searchLayer(g, q, qn, ep, g.efc, l, vis, &n)
		cs := append([]cand(nil), f...)
		m := g.m
		if l == 0 {
			m = g.m0
		}
		nbs := x.selectNeighbours(append([]cand(nil), cs...), g.m)
		g.links[slot][l] = nbs
		for _, nb := range nbs {
			ls := g.links[nb]
			ls[l] = append(ls[l], slot)
			if len(ls[l]) > m {
				// Shrink the neighbour's list to its m closest.
				nv, nn := x.vec(nb), x.norms[nb]
				cs2 := make([]cand, len(ls[l]))
				for i, s := range ls[l] {
					cs2[i] = cand{s, x.costTo(nv, nn, s)}
				}
				sortCands(cs2)
				kept := ls[l][:0]
				for _, c := range cs2[:m] {
					kept = append(kept, c.slot)
				}
				ls[l] = kept
			}
		}
		ep = cs
	}
	if lvl > g.top {
		g.entry, g.top = slot, lvl
	}
}

// searchGraph answers a search through the graph; ok is false when the
// filter left fewer than k of the ef candidates (the caller then searches
// exactly).
func (x *Index) searchGraph(p *partition, q []float32, qn float64, k int, conds []Attr) ([]Result, Stats, bool) {
	g := p.g
	st := Stats{Candidate: len(p.members), ANN: true}
	vis := visitedPool.Get().(*visited)
	defer visitedPool.Put(vis)
	n := 1
	ep := []cand{{g.entry, x.costTo(q, qn, g.entry)}}
	for l := g.top; l > 0; l-- {
		vis.reset(len(x.keys))
		f := x.searchLayer(g, q, qn, ep, 1, l, vis, &n)
		ep = []cand{f[0]}
	}
	vis.reset(len(x.keys))
	ef := max(g.efs, k)
	f := x.searchLayer(g, q, qn, ep, ef, 0, vis, &n)
	st.Examined = n
	hits := make([]hit, 0, len(f))
	d := x.cfg.Distance
	for _, c := range f {
		if g.deadSet[c.slot] || (len(conds) > 0 && !matches(x.attrs[c.slot], conds)) {
			continue
		}
		s := d.Score(q, qn, x.vec(c.slot), x.norms[c.slot])
		hits = append(hits, hit{slot: c.slot, cost: d.rank(s), score: s})
	}
	if len(hits) < k && len(hits) < len(p.members) {
		return nil, st, false
	}
	res := x.results(hits)
	if len(res) > k {
		res = res[:k]
	}
	return res, st, true
}
