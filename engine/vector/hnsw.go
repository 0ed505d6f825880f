package vector

import (
	"hash/fnv"
	"math"
	"sync"
)

// graph is one partition's HNSW graph (Malkov & Yashunin): every node on
// layer 0, a geometrically shrinking share on the layers above, each layer
// a proximity graph searched greedily from the top layer's entry point.
// A node's level comes from a hash of its key, so a graph built from the
// same entries in the same order is the same graph.
//
// Nodes have dense local ids (the order they joined the graph); slots maps
// them to the Index's slots. Layer 0's lists live in one flat array, m0+1
// words a node (the count, then the neighbours), so a search reads them
// without a map look-up or a pointer chase; the few nodes above layer 0
// keep their upper lists, m+1 words a layer, in up.
type graph struct {
	m, m0, efc, efs int
	ml              float64
	entry           int32 // local id; -1 while empty
	top             int
	slots           []int32           // local id → slot
	ids             map[int32]int32   // slot → local id
	l0              []int32           // local id × (m0+1): count, neighbours
	up              map[int32][]int32 // local id → layers 1… × (m+1)
	dead            []bool            // local id → tombstoned
	indeg           []int32           // local id → links to it on layer 0
	nodes, ndead    int
}

func newGraph(cfg Config) *graph {
	return &graph{m: cfg.M, m0: 2 * cfg.M, efc: cfg.EfConstruction, efs: cfg.EfSearch,
		ml: 1 / math.Log(float64(cfg.M)), entry: -1, ids: map[int32]int32{}, up: map[int32][]int32{}}
}

func (g *graph) has(slot int32) bool { _, ok := g.ids[slot]; return ok }

func (g *graph) tombstone(slot int32) {
	id := g.ids[slot]
	if !g.dead[id] {
		g.dead[id] = true
		g.ndead++
	}
}

func (g *graph) deadSlots() []int32 {
	out := make([]int32, 0, g.ndead)
	for id, d := range g.dead {
		if d {
			out = append(out, g.slots[id])
		}
	}
	return out
}

// memory is the graph's share of MemoryBytes: its arrays, and an estimate
// of its maps (a Go map entry of two int32 costs about 20 bytes with the
// map's slack; an upper-layer entry its slice header too).
func (g *graph) memory() int64 {
	n := int64(cap(g.l0))*4 + int64(cap(g.slots))*4 + int64(cap(g.indeg))*4 + int64(cap(g.dead)) + int64(len(g.ids))*20
	for _, u := range g.up {
		n += 20 + 24 + int64(cap(u))*4
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

// nbrs is a node's neighbour list on a layer (a view into the graph).
func (g *graph) nbrs(id int32, layer int) []int32 {
	if layer == 0 {
		o := int(id) * (g.m0 + 1)
		return g.l0[o+1 : o+1+int(g.l0[o])]
	}
	u := g.up[id]
	o := (layer - 1) * (g.m + 1)
	if o >= len(u) {
		return nil
	}
	return u[o+1 : o+1+int(u[o])]
}

// setNbrs replaces a node's neighbour list on a layer.
func (g *graph) setNbrs(id int32, layer int, list []int32) {
	var w []int32
	if layer == 0 {
		o := int(id) * (g.m0 + 1)
		w = g.l0[o : o+g.m0+1]
	} else {
		o := (layer - 1) * (g.m + 1)
		w = g.up[id][o : o+g.m+1]
	}
	w[0] = int32(copy(w[1:], list))
}

// reserve makes room for n nodes, so a build leaves no spare capacity.
func (g *graph) reserve(n int) {
	g.slots = make([]int32, 0, n)
	g.dead = make([]bool, 0, n)
	g.indeg = make([]int32, 0, n)
	g.l0 = make([]int32, 0, n*(g.m0+1))
}

// add makes slot a node of the graph (without links) and returns its id
// and level.
func (g *graph) add(x *Index, slot int32) (int32, int) {
	id := int32(len(g.slots))
	g.slots = append(g.slots, slot)
	g.ids[slot] = id
	g.dead = append(g.dead, false)
	g.indeg = append(g.indeg, 0)
	g.l0 = append(g.l0, make([]int32, g.m0+1)...)
	lvl := g.level(x.keys[slot])
	if lvl > 0 {
		g.up[id] = make([]int32, lvl*(g.m+1))
	}
	g.nodes++
	return id, lvl
}

// cand is a node met during a layer search and its navigation cost.
type cand struct {
	id   int32
	cost float32
}

// minHeap is a binary heap of candidates, lowest cost at the root; a
// farthest-first heap is the same heap holding negated costs.
type minHeap []cand

func (h *minHeap) push(c cand) {
	s := append(*h, c)
	i := len(s) - 1
	for i > 0 {
		p := (i - 1) / 2
		if s[p].cost <= s[i].cost {
			break
		}
		s[p], s[i] = s[i], s[p]
		i = p
	}
	*h = s
}

func (h *minHeap) pop() cand {
	s := *h
	top := s[0]
	n := len(s) - 1
	s[0] = s[n]
	s = s[:n]
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		if r := l + 1; r < n && s[r].cost < s[l].cost {
			l = r
		}
		if s[i].cost <= s[l].cost {
			break
		}
		s[i], s[l] = s[l], s[i]
		i = l
	}
	*h = s
	return top
}

// visited marks the nodes a search has met, by generation, so a search
// clears nothing and allocates nothing for it.
type visited struct {
	gen  uint32
	mark []uint32
}

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

func (v *visited) visit(id int32) bool {
	if v.mark[id] == v.gen {
		return false
	}
	v.mark[id] = v.gen
	return true
}

// searcher holds one search's scratch space; pooled.
type searcher struct {
	vis        visited
	near, far  minHeap
	out, pick  []cand
	eps        []cand
	n          int // distances computed
	list, keep []int32
}

var searcherPool = sync.Pool{New: func() any { return &searcher{} }}

// navTo is the navigation cost from query q (norm qn) to node id.
func (x *Index) navTo(g *graph, q []float32, qn float64, id int32) float32 {
	s := g.slots[id]
	return x.cfg.Distance.navCost32(q, qn, x.vec(s), x.norms[s])
}

// navBetween is the navigation cost between two nodes.
func (x *Index) navBetween(g *graph, a, b int32) float32 {
	sa, sb := g.slots[a], g.slots[b]
	return x.cfg.Distance.navCost32(x.vec(sa), x.norms[sa], x.vec(sb), x.norms[sb])
}

// greedy walks one layer from ep to the node closest to q (ef 1).
func (s *searcher) greedy(x *Index, g *graph, q []float32, qn float64, ep cand, layer int) cand {
	for changed := true; changed; {
		changed = false
		for _, nb := range g.nbrs(ep.id, layer) {
			s.n++
			if c := x.navTo(g, q, qn, nb); c < ep.cost {
				ep, changed = cand{nb, c}, true
			}
		}
	}
	return ep
}

// searchLayer is the HNSW layer search from the entry points eps, keeping
// the ef closest; it returns them closest first in s.out.
func (s *searcher) searchLayer(x *Index, g *graph, q []float32, qn float64, eps []cand, ef, layer int) []cand {
	s.vis.reset(len(g.slots))
	s.near, s.far = s.near[:0], s.far[:0]
	for _, e := range eps {
		if !s.vis.visit(e.id) {
			continue
		}
		s.near.push(e)
		s.far.push(cand{e.id, -e.cost})
		if len(s.far) > ef {
			s.far.pop()
		}
	}
	for len(s.near) > 0 {
		c := s.near.pop()
		if len(s.far) >= ef && c.cost > -s.far[0].cost {
			break
		}
		for _, nb := range g.nbrs(c.id, layer) {
			if !s.vis.visit(nb) {
				continue
			}
			s.n++
			d := x.navTo(g, q, qn, nb)
			if len(s.far) < ef || d < -s.far[0].cost {
				s.near.push(cand{nb, d})
				s.far.push(cand{nb, -d})
				if len(s.far) > ef {
					s.far.pop()
				}
			}
		}
	}
	n := len(s.far)
	if cap(s.out) < n {
		s.out = make([]cand, n)
	}
	s.out = s.out[:n]
	for i := n - 1; i >= 0; i-- {
		c := s.far.pop()
		s.out[i] = cand{c.id, -c.cost}
	}
	return s.out
}

// selectNeighbours is the HNSW heuristic over candidates sorted closest
// first: a candidate is kept when it is closer to the base node than to
// every neighbour already kept (which spreads the links), and the list is
// then filled up to m with the closest of those left out
// (keepPrunedConnections), so no node ends with fewer links than it could
// have. The result is in s.keep.
func (s *searcher) selectNeighbours(x *Index, g *graph, cs []cand, m int) []int32 {
	s.keep = s.keep[:0]
	if len(cs) <= m {
		for _, c := range cs {
			s.keep = append(s.keep, c.id)
		}
		return s.keep
	}
	s.pick = s.pick[:0]
	for _, c := range cs {
		if len(s.keep) >= m {
			break
		}
		ok := true
		for _, o := range s.keep {
			if x.navBetween(g, c.id, o) < c.cost {
				ok = false
				break
			}
		}
		if ok {
			s.keep = append(s.keep, c.id)
		} else {
			s.pick = append(s.pick, c)
		}
	}
	for _, c := range s.pick {
		if len(s.keep) >= m {
			break
		}
		s.keep = append(s.keep, c.id)
	}
	return s.keep
}

// link adds the edge from → to on a layer. When from's list is full, one
// link goes: the farthest, except that on layer 0 a node is not dropped
// from the last list that links to it while a farther-down choice has
// other links to it (which would leave it unreachable by every search);
// so the new node always keeps an incoming link, and so does every node
// that had one, unless all of the list's nodes hang by that one link.
func (s *searcher) link(x *Index, g *graph, from, to int32, cost float32, layer int) {
	max := g.m
	if layer == 0 {
		max = g.m0
	}
	cur := g.nbrs(from, layer)
	if len(cur) < max {
		s.list = append(append(s.list[:0], cur...), to)
		g.setNbrs(from, layer, s.list)
		if layer == 0 {
			g.indeg[to]++
		}
		return
	}
	cs := s.pick[:0]
	for _, nb := range cur {
		cs = append(cs, cand{nb, x.navBetween(g, from, nb)})
	}
	cs = append(cs, cand{to, cost})
	sortCands(cs)
	drop := len(cs) - 1
	if layer == 0 {
		g.indeg[to]++
		for i := len(cs) - 1; i >= 0; i-- {
			if g.indeg[cs[i].id] > 1 {
				drop = i
				break
			}
		}
		g.indeg[cs[drop].id]--
	}
	s.list = s.list[:0]
	for i, c := range cs {
		if i != drop {
			s.list = append(s.list, c.id)
		}
	}
	s.pick = cs[:0]
	g.setNbrs(from, layer, s.list)
}

func sortCands(cs []cand) {
	for i := 1; i < len(cs); i++ { // insertion sort: the lists are short
		for j := i; j > 0 && cs[j].cost < cs[j-1].cost; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// insert adds slot to the graph and links it.
func (g *graph) insert(x *Index, slot int32) {
	id, lvl := g.add(x, slot)
	if g.entry < 0 {
		g.entry, g.top = id, lvl
		return
	}
	s := searcherPool.Get().(*searcher)
	defer searcherPool.Put(s)
	q, qn := x.vec(slot), x.norms[slot]
	ep := cand{g.entry, x.navTo(g, q, qn, g.entry)}
	for l := g.top; l > lvl; l-- {
		ep = s.greedy(x, g, q, qn, ep, l)
	}
	s.eps = append(s.eps[:0], ep)
	for l := min(lvl, g.top); l >= 0; l-- {
		found := s.searchLayer(x, g, q, qn, s.eps, g.efc, l)
		// found is s.out: keep it as the next layer's entry points
		// before the neighbour selection reuses the scratch.
		s.eps = append(s.eps[:0], found...)
		nbs := s.selectNeighbours(x, g, s.eps, g.m)
		g.setNbrs(id, l, nbs)
		if l == 0 {
			for _, nb := range nbs {
				g.indeg[nb]++
			}
		}
		for _, nb := range g.nbrs(id, l) {
			c := x.navBetween(g, nb, id)
			s.link(x, g, nb, id, c, l)
		}
	}
	if lvl > g.top {
		g.entry, g.top = id, lvl
	}
}

// searchGraph answers a search through the graph; ok is false when the
// filter left fewer than k of the ef candidates (the caller then searches
// exactly).
func (x *Index) searchGraph(p *partition, q []float32, qn float64, k int, conds []Attr) ([]Result, Stats, bool) {
	g := p.g
	st := Stats{Candidate: len(p.members), ANN: true}
	s := searcherPool.Get().(*searcher)
	defer searcherPool.Put(s)
	s.n = 1
	ep := cand{g.entry, x.navTo(g, q, qn, g.entry)}
	for l := g.top; l > 0; l-- {
		ep = s.greedy(x, g, q, qn, ep, l)
	}
	s.eps = append(s.eps[:0], ep)
	f := s.searchLayer(x, g, q, qn, s.eps, max(g.efs, k), 0)
	st.Examined = s.n
	hits := make([]hit, 0, len(f))
	d := x.cfg.Distance
	for _, c := range f {
		slot := g.slots[c.id]
		if g.dead[c.id] || (len(conds) > 0 && !matches(x.attrs[slot], conds)) {
			continue
		}
		sc := d.Score(q, qn, x.vec(slot), x.norms[slot])
		hits = append(hits, hit{slot: slot, cost: d.rank(sc), score: sc})
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
