package expr

import (
	"sort"

	"github.com/dynoscope/dynoscope/model"
)

// Projection is a parsed ProjectionExpression (or legacy AttributesToGet).
type Projection struct {
	paths []Path
}

// ParseProjection parses a ProjectionExpression: path {, path}. Paths may
// not overlap (a and a.b) or conflict (a.b and a[0]).
func (c *Context) ParseProjection(text string) (*Projection, error) {
	if err := checkText(ParamProjection, text); err != nil {
		return nil, err
	}
	p := newParser(c, text, nil)
	proj := &Projection{}
	msg := p.run(func() {
		for {
			proj.paths = append(proj.paths, p.parsePath())
			if p.peek().kind != tComma {
				break
			}
			p.next()
		}
		if p.peek().kind != tEOF {
			p.fail()
		}
	})
	if msg != "" {
		return nil, invalidParam(ParamProjection, msg)
	}
	p.checkPaths(proj.paths)
	if msg := p.firstError(projectionPriority); msg != "" {
		return nil, invalidParam(ParamProjection, msg)
	}
	return proj, nil
}

// Apply returns the projected attributes of item. Structure is kept (a.b
// gives {a: {M: {b: ...}}}), paths missing from the item are skipped, and
// list elements picked by index are returned compacted, in index order.
// The result never shares memory with item.
func (p *Projection) Apply(item model.Item) model.Item {
	return project(item, p.paths)
}

// Paths returns the projected paths in the order written.
func (p *Projection) Paths() []Path { return append([]Path(nil), p.paths...) }

// TopLevelNames returns the distinct top-level attribute names projected,
// sorted; the engine checks them against an index's projection.
func (p *Projection) TopLevelNames() []string {
	set := map[string]bool{}
	for _, path := range p.paths {
		set[path[0].Name] = true
	}
	return sortedSet(set)
}

// NestedNames returns the distinct top-level names of projected paths that
// descend into an attribute, sorted; see NestedKeyError.
func (p *Projection) NestedNames() []string {
	set := map[string]bool{}
	for _, path := range p.paths {
		if len(path) > 1 {
			set[path[0].Name] = true
		}
	}
	return sortedSet(set)
}

// projNode is one level of the tree of projected paths.
type projNode struct {
	whole bool
	names map[string]*projNode
	idx   map[int]*projNode
}

// project copies the values at paths out of item into a new item.
func project(item model.Item, paths []Path) model.Item {
	root := &projNode{}
	for _, p := range paths {
		n := root
		for _, e := range p {
			n = n.child(e)
		}
		n.whole = true
	}
	out := make(model.Item, len(root.names))
	for name, n := range root.names {
		if v, ok := item[name]; ok {
			if pv, ok := n.extract(v); ok {
				out[name] = pv
			}
		}
	}
	return out
}

func (n *projNode) child(e PathElement) *projNode {
	if e.IsIndex {
		if n.idx == nil {
			n.idx = map[int]*projNode{}
		}
		c := n.idx[e.Index]
		if c == nil {
			c = &projNode{}
			n.idx[e.Index] = c
		}
		return c
	}
	if n.names == nil {
		n.names = map[string]*projNode{}
	}
	c := n.names[e.Name]
	if c == nil {
		c = &projNode{}
		n.names[e.Name] = c
	}
	return c
}

// extract returns the part of v the node selects, if any.
func (n *projNode) extract(v model.AttributeValue) (model.AttributeValue, bool) {
	if n.whole {
		return v.Clone(), true
	}
	switch {
	case v.Type == model.TypeM && n.names != nil:
		m := map[string]model.AttributeValue{}
		for name, c := range n.names {
			if cv, ok := v.M[name]; ok {
				if pv, ok := c.extract(cv); ok {
					m[name] = pv
				}
			}
		}
		if len(m) > 0 {
			return model.M(m), true
		}
	case v.Type == model.TypeL && n.idx != nil:
		idxs := make([]int, 0, len(n.idx))
		for i := range n.idx {
			idxs = append(idxs, i)
		}
		sort.Ints(idxs)
		var l []model.AttributeValue
		for _, i := range idxs {
			if i < len(v.L) {
				if pv, ok := n.idx[i].extract(v.L[i]); ok {
					l = append(l, pv)
				}
			}
		}
		if len(l) > 0 {
			return model.L(l...), true
		}
	}
	return model.AttributeValue{}, false
}
